//! A senas match: the turn flow (gift part, roll with a short animation, tute re-roll, parts
//! built sub-move by sub-move by a person through `TurnBuilder`, or searched by the computer
//! across frames and played out at a readable pace), unused sub-moves passing as a gift, the
//! win. Input comes as `Act`s of the side's controller; drawing lives in `senas_draw.rs`.

use heapless::Vec;

use crate::ai::senas_game::{Senas, SenasChance};
use crate::ai::{Kind, Level};
use crate::games::senas::{
    apply, Army, Bag, Position, Roll, Side, SubMove, Turn, TurnBuilder, HOLES, MAX_CHOICES,
};

use super::anim::Timer;
use super::computer::{Thinker, Thought};
use super::config::Controller;
use super::context::Ctx;
use super::controls::Act;
use super::reason::Sentence;
use super::text::Text;

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
    /// The part is over: unused sub-moves (if any) pass across, then the next part starts.
    Passing(Timer),
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
}

/// One senas match.
pub struct SenasMatch {
    pub(crate) pos: Position,
    pub(crate) controllers: [Controller; 2],
    pub(crate) phase: Phase,
    /// The roll of the current part (`None` for a gift part).
    pub(crate) roll: Option<Roll>,
    /// The sub-moves of the current part and those played so far.
    pub(crate) bag: Bag,
    pub(crate) played: Vec<SubMove, 12>,
    /// The mover's army as shown (changes sub-move by sub-move).
    pub(crate) shown: Army,
    pub(crate) builder: Option<TurnBuilder>,
    pub(crate) selected: Option<u8>,
    pub(crate) focus: Spot,
    pub(crate) flight: Option<Flight>,
    /// The computer's chosen turn while it is played out.
    pub(crate) chosen: Option<Turn>,
    pub(crate) gift_shown: Bag,
    pub(crate) notice: Text<200>,
    pub(crate) notice_timer: u16,
    pub(crate) notice_is_error: bool,
    pub(crate) message: Text<96>,
    /// Lit holes (targets of the picked piece, else the pieces that can move).
    pub(crate) highlights: u32,
    pub(crate) hl_key: Option<(Option<u8>, usize)>,
    thinkers: [Thinker<Senas>; 2],
    pub(crate) hint: Thinker<Senas>,
    pub(crate) parts: u32,
}

impl SenasMatch {
    pub fn new(first: Side, controllers: [Controller; 2], seeds: [u64; 2]) -> Self {
        let level = |c: Controller| match c {
            Controller::Computer(l) => l,
            Controller::Human(_) => Level::Normal,
        };
        let pos = Position::start(first);
        SenasMatch {
            pos,
            controllers,
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
            notice: Text::new(),
            notice_timer: 0,
            notice_is_error: false,
            message: Text::new(),
            highlights: 0,
            hl_key: None,
            thinkers: [
                Thinker::level(level(controllers[0]), seeds[0]),
                Thinker::level(level(controllers[1]), seeds[1]),
            ],
            hint: Thinker::new(Kind::Expectiminimax(Level::Normal), 0),
            parts: 0,
        }
    }

    /// Starts the first part (call once, with the match's context).
    pub fn begin(&mut self, ctx: &mut Ctx) {
        self.begin_part(ctx);
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn roll(&self) -> Option<Roll> {
        self.roll
    }
    pub fn winner(&self) -> Option<Side> {
        self.pos.winner()
    }
    /// The controller of the side to move.
    pub fn mover(&self) -> Controller {
        self.controllers[self.pos.side_to_move().index()]
    }
    /// The sentence shown in the notice box (errors, announcements).
    pub fn notice(&self) -> &str {
        self.notice.as_str()
    }
    /// The picked-up hole.
    pub fn selected(&self) -> Option<u8> {
        self.selected
    }
    /// Sub-moves played so far in the part being built.
    pub fn played(&self) -> &[SubMove] {
        &self.played
    }
    /// The legal next sub-moves of a person's part in progress (empty otherwise).
    pub fn legal_sub_moves(&self, ctx: &mut Ctx, out: &mut Vec<SubMove, MAX_CHOICES>) {
        out.clear();
        if let (Phase::Human, Some(b)) = (self.phase, self.builder.as_ref()) {
            b.legal_sub_moves(&mut ctx.ai.gen, out);
        }
    }
    /// True when a person's part is complete and waits for A (confirm) or B (undo).
    pub fn awaiting_confirm(&self) -> bool {
        matches!(self.phase, Phase::Human) && self.complete()
    }

    pub(crate) fn complete(&self) -> bool {
        self.builder.as_ref().is_some_and(|b| {
            b.can_finish() && (b.played().len() as u8 >= b.target() || b.army().off() == 15)
        })
    }

    /// An illegal pick: the sentence as an error notice, and `event=illegal` for the sounds.
    pub(crate) fn refuse(&mut self, ctx: &mut Ctx, args: core::fmt::Arguments) {
        self.say(ctx, args, true);
        let player = self.mover().player();
        ctx.note(format_args!("event=illegal game=senas player={player}"));
    }

    pub(crate) fn say(&mut self, ctx: &Ctx, args: core::fmt::Arguments, error: bool) {
        self.notice.set_fmt(args);
        self.notice_timer = ctx.pace.notice;
        self.notice_is_error = error;
    }

    pub(crate) fn chance(&self) -> SenasChance {
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
        self.flight = None;
        self.hint.cancel();
        self.message.clear();
        let side = self.pos.side_to_move();
        self.shown = self.pos.army(side);
        if let Some(w) = self.pos.winner() {
            self.phase = Phase::Over;
            ctx.event(format_args!(
                "event=win game=senas winner={} by={} off={},{} parts={}",
                w,
                self.controllers[w.index()].by(),
                self.pos.off(Side::White),
                self.pos.off(Side::Black),
                self.parts
            ));
            return;
        }
        if self.pos.needs_roll() {
            self.phase = Phase::Rolling(Timer::new(ctx.pace.roll));
        } else {
            self.roll = None;
            let gift = self.pos.gift();
            self.bag = gift;
            self.say(
                ctx,
                format_args!("{side} first plays the gift: {gift}"),
                false,
            );
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
                    self.say(
                        ctx,
                        format_args!("{side} has no legal move: the dice pass"),
                        false,
                    );
                    self.finish_human(ctx);
                }
            }
            Controller::Computer(_) => {
                let chance = self.chance();
                self.thinkers[side.index()].start(ctx.ai, &self.pos, &chance);
                self.phase = Phase::Thinking;
            }
        }
    }

    /// One frame. `act` is the input of the side to move's controller (ignored for the computer).
    pub fn update(&mut self, ctx: &mut Ctx, act: &Act) {
        self.notice_timer = self.notice_timer.saturating_sub(1);
        if self.notice_timer == 0 {
            self.notice.clear();
        }
        if let Some(f) = self.flight.as_mut() {
            if f.timer.tick() {
                self.flight = None;
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
            Phase::Passing(mut t) => {
                if t.tick() {
                    self.gift_shown = Bag::EMPTY;
                    self.begin_part(ctx);
                } else {
                    self.phase = Phase::Passing(t);
                }
            }
            Phase::Over => {}
        }
        self.refresh_highlights(ctx);
    }

    fn roll_dice(&mut self, ctx: &mut Ctx) {
        let roll = Roll::sample(ctx.rng);
        let side = self.pos.side_to_move();
        if !self.notice_is_error {
            self.notice.clear();
        }
        self.roll = Some(roll);
        self.bag = roll.sub_moves();
        ctx.event(format_args!(
            "event=roll game=senas side={} player={} dice={} moves={}",
            side,
            self.mover().player(),
            roll,
            self.bag
        ));
        if roll.is_tute() {
            self.say(
                ctx,
                format_args!("Tute! Six sixes to play, then {side} rolls again"),
                false,
            );
        } else if self.bag.len() > 3 {
            let bag = self.bag;
            self.say(ctx, format_args!("{roll} expands to {bag}"), false);
        }
        self.start_choice(ctx);
    }

    fn think(&mut self, ctx: &mut Ctx) {
        let side = self.pos.side_to_move();
        match self.thinkers[side.index()].step(ctx.ai, ctx.pace.think_nodes_senas) {
            Thought::Thinking => {}
            Thought::Done(turn) => {
                self.chosen = Some(turn);
                self.phase = Phase::Playing {
                    next: 0,
                    timer: Timer::new(ctx.pace.cpu_pause),
                };
            }
            Thought::Nothing => {
                // No turn at all: play the empty part the builder allows.
                let b = match self.roll {
                    Some(r) => TurnBuilder::for_roll(&mut ctx.ai.gen, &self.pos, &r),
                    None => TurnBuilder::for_gift(&mut ctx.ai.gen, &self.pos),
                };
                if let Ok(t) = b.finish() {
                    self.commit(ctx, t, "cpu");
                }
            }
        }
    }

    fn play_out(&mut self, ctx: &mut Ctx, next: u8, mut timer: Timer) {
        let Some(turn) = self.chosen else {
            return;
        };
        if !timer.tick() {
            self.phase = Phase::Playing { next, timer };
            return;
        }
        let sm = turn.sub_moves().nth(usize::from(next));
        match sm {
            Some(sm) => {
                self.fly(sm, ctx.pace.cpu_step);
                self.shown = moved(self.shown, sm);
                let _ = self.played.push(sm);
                self.phase = Phase::Playing {
                    next: next + 1,
                    timer: Timer::new(ctx.pace.cpu_step + ctx.pace.cpu_step / 2),
                };
            }
            None => self.commit(ctx, turn, "cpu"),
        }
    }

    pub(crate) fn fly(&mut self, sm: SubMove, frames: u16) {
        let side = self.pos.side_to_move();
        let to = sm.to();
        self.flight = Some(Flight {
            side,
            from_hole: side.hole(usize::from(sm.from)) as u8,
            to_hole: (usize::from(to) < HOLES).then(|| side.hole(usize::from(to)) as u8),
            timer: Timer::new(frames),
        });
    }

    fn commit(&mut self, ctx: &mut Ctx, turn: Turn, by: &str) {
        let side = self.pos.side_to_move();
        let mut moves: Text<96> = Text::new();
        for (i, sm) in turn.sub_moves().enumerate() {
            let sep = if i == 0 { "" } else { "," };
            let from = side.hole(usize::from(sm.from)) + 1;
            let to = usize::from(sm.to());
            if to < HOLES {
                moves.push_fmt(format_args!("{sep}{from}-{}", side.hole(to) + 1));
            } else {
                moves.push_fmt(format_args!("{sep}{from}-off"));
            }
        }
        let part = if self.roll.is_some() { "roll" } else { "gift" };
        ctx.event(format_args!(
            "event=turn game=senas side={} by={} part={} moves={} unused={}",
            side,
            by,
            part,
            if moves.is_empty() {
                "none"
            } else {
                moves.as_str()
            },
            turn.unused()
        ));
        self.parts += 1;
        let tute = self.roll.is_some_and(|r| r.is_tute());
        self.pos = apply(&self.pos, &turn);
        self.builder = None;
        self.selected = None;
        let unused = turn.unused();
        if self.roll.is_some() && !unused.is_empty() && self.pos.winner().is_none() {
            if tute {
                self.say(
                    ctx,
                    format_args!(
                        "Unused {unused} will pass to {} after the tute",
                        side.other()
                    ),
                    false,
                );
            } else {
                ctx.event(format_args!(
                    "event=gift game=senas to={} values={}",
                    side.other(),
                    self.pos.gift()
                ));
                self.say(
                    ctx,
                    format_args!(
                        "Unused {} pass to {} as a gift",
                        self.pos.gift(),
                        side.other()
                    ),
                    false,
                );
                self.gift_shown = self.pos.gift();
            }
            self.phase = Phase::Passing(Timer::new(ctx.pace.pass));
        } else {
            self.phase = Phase::Passing(Timer::new(1));
        }
    }

    pub(crate) fn finish_human(&mut self, ctx: &mut Ctx) {
        let Some(b) = self.builder.as_ref() else {
            return;
        };
        match b.finish() {
            Ok(turn) => self.commit(ctx, turn, "human"),
            Err(e) => self.say(ctx, format_args!("{}", Sentence(e)), true),
        }
    }
}

fn first_hole(side: Side) -> u8 {
    side.hole(0) as u8
}

/// `army` after one (legal) sub-move, for showing a computer's turn step by step.
fn moved(army: Army, sm: SubMove) -> Army {
    let mut counts = army.counts();
    let mut off = army.off();
    let from = usize::from(sm.from);
    counts[from] = counts[from].saturating_sub(1);
    let to = usize::from(sm.to());
    if to < HOLES {
        counts[to] += 1;
    } else {
        off += 1;
    }
    Army::from_counts(&counts, off).unwrap_or(army)
}
