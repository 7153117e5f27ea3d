//! A senas match: the turn flow (gift part, roll with a short animation, tute re-roll, parts
//! built sub-move by sub-move by a person through `TurnBuilder`, or searched by the computer
//! across frames and played out at a readable pace), unused sub-moves passing as a gift, the
//! win. Input comes as `Act`s of the side's controller; a person's part lives in `pick.rs`,
//! drawing in `draw.rs`.

use heapless::Vec;

use crate::ai::senas_game::{Senas, SenasChance};
use crate::ai::Level;
use crate::games::senas::{
    apply, Army, Bag, Position, Roll, Side, SubMove, Turn, TurnBuilder, TurnMoves, HOLES,
    MAX_CHOICES,
};

use crate::app::anim::Timer;
use crate::app::computer::{allowance, Thinker, Thought, SENAS_WORK_PER_MS};
use crate::app::config::Controller;
use crate::app::context::{Ctx, DecisionLog};
use crate::app::controls::Act;
use crate::app::events::{By, Event};
use crate::app::match_scene::{by, win_event};
use crate::app::names;
use crate::app::notice::{Notice, Tone};
use crate::app::refusals::senas_sentence;
use crate::app::strings::fill;
use crate::app::text::Text;

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
}

/// One senas match.
pub struct SenasMatch {
    pub(super) pos: Position,
    pub(super) controllers: [Controller; 2],
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
    /// Lit holes (targets of the picked piece, else the pieces that can move).
    pub(super) highlights: u32,
    pub(super) hl_key: Option<(Option<u8>, usize)>,
    thinkers: [Thinker<Senas>; 2],
    pub(super) hint: Thinker<Senas>,
    pub(super) parts: u32,
    /// The seeds the computer players were given (kept for saving the match).
    seeds: [u64; 2],
    /// A part has just begun (a turn boundary: the match can be saved here).
    boundary: bool,
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
            notice: Notice::new(),
            message: Text::new(),
            hint_turn: None,
            highlights: 0,
            hl_key: None,
            thinkers: [
                Thinker::level(level(controllers[0]), seeds[0]),
                Thinker::level(level(controllers[1]), seeds[1]),
            ],
            hint: Thinker::level(Level::Normal, 0),
            parts: 0,
            seeds,
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

    /// True once after a part began: the match is at a turn boundary (nothing rolled yet).
    pub fn take_boundary(&mut self) -> bool {
        core::mem::take(&mut self.boundary)
    }
    /// The computer players' seeds.
    pub fn seeds(&self) -> [u64; 2] {
        self.seeds
    }
    /// Parts (gift or roll) played so far.
    pub fn parts(&self) -> u32 {
        self.parts
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
    /// Who controls White and Black.
    pub fn controllers(&self) -> [Controller; 2] {
        self.controllers
    }
    /// Player `by` takes over every side player `lost` controlled.
    pub fn hand_over(&mut self, lost: u8, by: u8) {
        for c in &mut self.controllers {
            if *c == Controller::Human(lost) {
                *c = Controller::Human(by);
            }
        }
    }
    /// The hint being shown, if any.
    pub fn hint(&self) -> Option<&Turn> {
        self.hint_turn.as_ref()
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
    pub fn legal_sub_moves(
        &self,
        gen: &mut crate::games::senas::TurnGen,
        out: &mut Vec<SubMove, MAX_CHOICES>,
    ) {
        out.clear();
        if let (Phase::Human, Some(b)) = (self.phase, self.builder.as_ref()) {
            b.legal_sub_moves(gen, out);
        }
    }
    /// True when a person's part is complete and waits for A (confirm) or B (undo).
    pub fn awaiting_confirm(&self) -> bool {
        matches!(self.phase, Phase::Human) && self.complete()
    }

    pub(super) fn complete(&self) -> bool {
        self.builder.as_ref().is_some_and(|b| {
            b.can_finish() && (b.played().len() as u8 >= b.target() || b.army().off() == 15)
        })
    }

    pub(super) fn say(&mut self, ctx: &mut Ctx, tone: Tone, args: core::fmt::Arguments) {
        self.notice.say(ctx.pace.notice, tone, args);
        if tone == Tone::Refusal {
            let who = by(self.mover());
            ctx.cue(Event::Illegal(who));
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
        self.flight = None;
        self.hint.cancel();
        self.hint_turn = None;
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
            let (winner, loser) = (
                self.controllers[w.index()],
                self.controllers[w.other().index()],
            );
            ctx.cue(win_event(winner, loser));
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
                self.thinkers[side.index()].start(ctx.ai, &self.pos, &chance);
                self.phase = Phase::Thinking;
            }
        }
    }

    /// One frame. `act` is the input of the side to move's controller (ignored for the computer).
    pub fn update(&mut self, ctx: &mut Ctx, act: &Act) {
        self.notice.tick();
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
        ctx.cue(Event::DiceThrown(by(self.mover())));
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

    fn think(&mut self, ctx: &mut Ctx) {
        let side = self.pos.side_to_move();
        let work = allowance(
            ctx.budget_us,
            ctx.clock,
            ctx.pace.think_nodes_senas,
            SENAS_WORK_PER_MS,
        );
        let thinker = &mut self.thinkers[side.index()];
        match thinker.step(ctx.ai, work) {
            Thought::Thinking => {}
            Thought::Done(turn) => {
                let (kind, frames, nodes) =
                    (thinker.kind(), thinker.frames(), thinker.last_nodes());
                ctx.log_decision(&DecisionLog {
                    game: "senas",
                    kind,
                    frames,
                    nodes,
                    id: self.parts + 1,
                    position: &self.pos.code(),
                    roll: &RollText(self.roll),
                    turn: &format_args!(
                        "moves={} unused={}",
                        TurnMoves { side, turn: &turn },
                        turn.unused()
                    ),
                });
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
                let who = by(self.mover());
                ctx.cue(if usize::from(sm.to()) >= HOLES {
                    Event::BorneOff(who)
                } else {
                    Event::PiecePlaced(who)
                });
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

    pub(super) fn fly(&mut self, sm: SubMove, frames: u16) {
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

/// The roll a part is played with, as the decision log writes it: the dice, or `gift`.
struct RollText(Option<Roll>);

impl core::fmt::Display for RollText {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {
            Some(r) => r.fmt(f),
            None => f.write_str("gift"),
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
