//! A senas match: the turn flow (gift part, roll with a short animation, tute re-roll, parts
//! built sub-move by sub-move by a person through `TurnBuilder`, or searched by the computer
//! across frames and played out at a readable pace), unused sub-moves passing as a gift, the
//! win. Input comes as `Act`s of the side's controller; a person's part lives in `pick.rs`,
//! the computer's in `computer_turn.rs`, what the app reads of the match in `queries.rs`,
//! drawing in `draw.rs`.

use heapless::Vec;

use crate::ai::senas_game::{Senas, SenasChance};
use crate::games::senas::{
    apply, Army, Bag, Position, Roll, Side, SubMove, Turn, TurnBuilder, TurnMoves, HOLES,
};

use crate::app::anim::Timer;
use crate::app::config::Controller;
use crate::app::context::Ctx;
use crate::app::controls::Act;
use crate::app::events::{By, Event};
use crate::app::names;
use crate::app::notice::{Notice, Tone};
use crate::app::refusals::senas_sentence;
use crate::app::seats::Seats;
use crate::app::strings::fill;
use crate::app::text::Text;
use crate::app::tutor::Tutor;

/// Where a person aims on the senas board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// A physical hole 0..24.
    Hole(u8),
    /// The borne-off tray of the side to move.
    Tray,
}

/// What the match is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The dice tumble; the roll is drawn when the timer ends.
    Rolling(Timer),
    /// A person builds the part (gift or roll) with the turn builder.
    Human,
    /// The computer searches.
    Thinking,
    /// A chosen turn is played out: sub-move `next` flies during the timer.
    Playing { next: u8, timer: Timer },
    /// `giver`'s part is over: its unused sub-moves (if any) pass across, then the next part
    /// starts. The position is already the one after the part.
    Passing { timer: Timer, giver: Side },
    /// Someone has borne off all fifteen pieces.
    Over,
}

/// A piece in flight, drawn over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flight {
    pub side: Side,
    pub from_hole: u8,
    /// `None`: into the tray.
    pub to_hole: Option<u8>,
    pub timer: Timer,
    /// The sound of the landing (the piece put down or borne off), cued when it lands.
    pub landing: Event,
}

/// One senas match.
pub struct SenasMatch {
    pub(super) pos: Position,
    /// Who plays each side, the computer players and the hint.
    pub(super) seats: Seats<Senas>,
    pub(super) phase: Phase,
    /// The roll of the current part (`None` for a gift part).
    pub(super) roll: Option<Roll>,
    /// The sub-moves of the current part and those played so far.
    pub(super) bag: Bag,
    pub(super) played: Vec<SubMove, 12>,
    /// The mover's army as shown (changes sub-move by sub-move).
    pub(super) shown: Army,
    pub(super) builder: Option<TurnBuilder>,
    pub(super) selected: Option<u8>,
    pub(super) focus: Spot,
    pub(super) flight: Option<Flight>,
    /// The computer's chosen turn while it is played out.
    pub(super) chosen: Option<Turn>,
    pub(super) gift_shown: Bag,
    pub(super) notice: Notice,
    pub(super) message: Text<96>,
    /// The hint being shown (its sub-moves are lit on the board).
    pub(super) hint_turn: Option<Turn>,
    /// The hint's win chance and the tutor's check and question (`ask.rs`).
    pub(super) tutor: Tutor<Turn>,
    /// Lit holes (targets of the picked piece, else the pieces that can move).
    pub(super) highlights: u32,
    pub(super) hl_key: Option<(Option<u8>, usize)>,
    pub(super) parts: u32,
    /// A part has just begun (a turn boundary: the match can be saved here).
    pub(super) boundary: bool,
}

impl SenasMatch {
    pub fn new(first: Side, controllers: [Controller; 2], seeds: [u64; 2]) -> Self {
        let pos = Position::start(first);
        SenasMatch {
            pos,
            seats: Seats::new(controllers, seeds),
            phase: Phase::Over,
            roll: None,
            bag: Bag::EMPTY,
            played: Vec::new(),
            shown: pos.army(first),
            builder: None,
            selected: None,
            focus: Spot::Hole(first_hole(first)),
            flight: None,
            chosen: None,
            gift_shown: Bag::EMPTY,
            notice: Notice::new(),
            message: Text::new(),
            hint_turn: None,
            tutor: Tutor::new(),
            highlights: 0,
            hl_key: None,
            parts: 0,
            boundary: false,
        }
    }

    /// A saved match at a turn boundary: `pos` (with its pending gift) and the parts played so
    /// far. Call `begin` next, as for a new match.
    pub fn resume(
        pos: Position,
        controllers: [Controller; 2],
        seeds: [u64; 2],
        parts: u32,
    ) -> Self {
        let side = pos.side_to_move();
        let mut m = SenasMatch::new(side, controllers, seeds);
        m.pos = pos;
        m.shown = pos.army(side);
        m.parts = parts;
        m
    }

    /// Starts the first part (call once, with the match's context).
    pub fn begin(&mut self, ctx: &mut Ctx) {
        self.begin_part(ctx);
    }

    pub(super) fn say(&mut self, ctx: &mut Ctx, tone: Tone, args: core::fmt::Arguments) {
        self.notice.say(ctx.pace.notice, tone, args);
        if tone == Tone::Refusal {
            ctx.cue(Event::Illegal(self.mover_by()));
        }
    }

    /// `template` filled with `args`, as a notice.
    pub(super) fn say_t(
        &mut self,
        ctx: &mut Ctx,
        tone: Tone,
        template: &str,
        args: &[&dyn core::fmt::Display],
    ) {
        let mut t: Text<200> = Text::new();
        fill(&mut t, template, args);
        self.say(ctx, tone, format_args!("{}", t.as_str()));
    }

    pub(super) fn chance(&self) -> SenasChance {
        match self.roll {
            Some(r) => SenasChance::from_roll(r),
            None => SenasChance::Gift,
        }
    }

    fn begin_part(&mut self, ctx: &mut Ctx) {
        self.selected = None;
        self.played.clear();
        self.builder = None;
        self.chosen = None;
        // A piece still in flight (the part's last sub-move) lands in the next part's frames.
        self.seats.cancel_hint();
        self.hint_turn = None;
        self.tutor.clear();
        self.message.clear();
        let side = self.pos.side_to_move();
        self.shown = self.pos.army(side);
        if let Some(w) = self.pos.winner() {
            self.phase = Phase::Over;
            ctx.event(format_args!(
                "event=win game=senas winner={} off={},{} parts={}",
                w,
                self.pos.off(Side::White),
                self.pos.off(Side::Black),
                self.parts
            ));
            // The win's sound plays when the winner is shown (`App::show_winner`).
            return;
        }
        self.boundary = true;
        if self.pos.needs_roll() {
            self.phase = Phase::Rolling(Timer::new(ctx.pace.roll));
        } else {
            self.roll = None;
            let gift = self.pos.gift();
            self.bag = gift;
            let name = names::senas_side(ctx.t, side);
            self.say_t(ctx, Tone::Info, ctx.t.senas_gift_first, &[&name, &gift]);
            self.start_choice(ctx);
        }
    }

    fn start_choice(&mut self, ctx: &mut Ctx) {
        let side = self.pos.side_to_move();
        self.focus = Spot::Hole(first_hole(side));
        match self.mover() {
            Controller::Human(_) => {
                let b = match self.roll {
                    Some(r) => TurnBuilder::for_roll(&mut ctx.ai.gen, &self.pos, &r),
                    None => TurnBuilder::for_gift(&mut ctx.ai.gen, &self.pos),
                };
                let stuck = b.target() == 0;
                self.builder = Some(b);
                self.phase = Phase::Human;
                if stuck {
                    let name = names::senas_side(ctx.t, side);
                    self.say_t(ctx, Tone::Info, ctx.t.senas_no_move, &[&name]);
                    self.finish_human(ctx);
                }
            }
            Controller::Computer(_) => {
                let chance = self.chance();
                self.seats.start(side.index(), ctx.ai, &self.pos, &chance);
                self.phase = Phase::Thinking;
            }
        }
    }

    /// One frame. `act` is the input of the side to move's controller (ignored for the computer).
    pub fn update(&mut self, ctx: &mut Ctx, act: &Act) {
        self.notice.tick();
        if let Some(f) = self.flight.as_mut() {
            if f.timer.tick() {
                let f = *f;
                self.flight = None;
                self.land(ctx, f);
            }
        }
        match self.phase {
            Phase::Rolling(mut t) => {
                if t.tick() {
                    self.roll_dice(ctx);
                } else {
                    self.phase = Phase::Rolling(t);
                }
            }
            Phase::Human => {
                if self.flight.is_none() {
                    self.human(ctx, act);
                }
            }
            Phase::Thinking => self.think(ctx),
            Phase::Playing { next, timer } => self.play_out(ctx, next, timer),
            Phase::Passing { mut timer, giver } => {
                if timer.tick() {
                    self.gift_shown = Bag::EMPTY;
                    self.begin_part(ctx);
                } else {
                    self.phase = Phase::Passing { timer, giver };
                }
            }
            Phase::Over => {}
        }
        self.refresh_highlights(ctx);
    }

    fn roll_dice(&mut self, ctx: &mut Ctx) {
        let roll = Roll::sample(ctx.rng);
        let side = self.pos.side_to_move();
        self.notice.clear_info();
        self.roll = Some(roll);
        ctx.cue(Event::DiceThrown(self.mover_by()));
        self.bag = roll.sub_moves();
        ctx.event(format_args!(
            "event=roll game=senas side={} dice={} moves={}",
            side, roll, self.bag
        ));
        if roll.is_tute() {
            let name = names::senas_side(ctx.t, side);
            self.say_t(ctx, Tone::Info, ctx.t.senas_tute, &[&name]);
        } else if self.bag.len() > 3 {
            let bag = self.bag;
            self.say_t(ctx, Tone::Info, ctx.t.senas_expands, &[&roll, &bag]);
        }
        self.start_choice(ctx);
    }

    /// Sub-move `sm` of the mover's, played by `who`, flies for `frames` (its sound on landing).
    /// A piece still in flight lands first, so no landing is lost.
    pub(super) fn fly(&mut self, ctx: &mut Ctx, sm: SubMove, frames: u16, who: By) {
        if let Some(f) = self.flight.take() {
            self.land(ctx, f);
        }
        let side = self.pos.side_to_move();
        let to = sm.to();
        let to_hole = (usize::from(to) < HOLES).then(|| side.hole(usize::from(to)) as u8);
        self.flight = Some(Flight {
            side,
            from_hole: side.hole(usize::from(sm.from)) as u8,
            to_hole,
            timer: Timer::new(frames),
            landing: match to_hole {
                Some(_) => Event::PiecePlaced(who),
                None => Event::BorneOff(who),
            },
        });
    }

    /// The piece of flight `f` lands: its sound now, and the log's `event=landed` (after the
    /// move's own line, which was written when the move was decided).
    fn land(&mut self, ctx: &mut Ctx, f: Flight) {
        ctx.cue(f.landing);
        match f.to_hole {
            // Holes 1..=24 as the move notation writes them (`event=turn ... moves=`).
            Some(h) => ctx.note(format_args!(
                "event=landed game=senas side={} to={}",
                f.side,
                h + 1
            )),
            None => ctx.note(format_args!(
                "event=landed game=senas side={} to=off",
                f.side
            )),
        }
    }

    pub(super) fn commit(&mut self, ctx: &mut Ctx, turn: Turn, by: &str) {
        let side = self.pos.side_to_move();
        let part = if self.roll.is_some() { "roll" } else { "gift" };
        ctx.event(format_args!(
            "event=turn game=senas side={} by={} part={} moves={} unused={}",
            side,
            by,
            part,
            TurnMoves { side, turn: &turn },
            turn.unused()
        ));
        self.parts += 1;
        let tute = self.roll.is_some_and(|r| r.is_tute());
        self.pos = apply(&self.pos, &turn);
        // The board now shows the position after the part, both armies as they stand.
        self.shown = self.pos.army(self.pos.side_to_move());
        self.builder = None;
        self.selected = None;
        self.hint_turn = None;
        let unused = turn.unused();
        let other = names::senas_side(ctx.t, side.other());
        if self.roll.is_some() && !unused.is_empty() && self.pos.winner().is_none() {
            if tute {
                self.say_t(
                    ctx,
                    Tone::Info,
                    ctx.t.senas_gift_after_tute,
                    &[&unused, &other],
                );
            } else {
                ctx.event(format_args!(
                    "event=gift game=senas to={} values={}",
                    side.other(),
                    self.pos.gift()
                ));
                let gift = self.pos.gift();
                self.say_t(ctx, Tone::Info, ctx.t.senas_gift_passes, &[&gift, &other]);
                ctx.cue(Event::GiftHandedOver(By::Rules));
                self.gift_shown = gift;
            }
            self.phase = Phase::Passing {
                timer: Timer::new(ctx.pace.pass),
                giver: side,
            };
        } else {
            self.phase = Phase::Passing {
                timer: Timer::new(1),
                giver: side,
            };
        }
    }

    pub(super) fn finish_human(&mut self, ctx: &mut Ctx) {
        let Some(b) = self.builder.as_ref() else {
            return;
        };
        match b.finish() {
            Ok(turn) => self.commit(ctx, turn, "human"),
            Err(e) => self.say(
                ctx,
                Tone::Refusal,
                format_args!("{}", senas_sentence(ctx.t.refusals, e)),
            ),
        }
    }
}

fn first_hole(side: Side) -> u8 {
    side.hole(0) as u8
}
