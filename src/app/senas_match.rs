//! A senas match: the turn flow (gift part, roll with a short animation, tute re-roll, parts
//! built sub-move by sub-move by a person through `TurnBuilder`, or searched by the computer
//! across frames and played out at a readable pace), unused sub-moves passing as a gift, the
//! win. Input comes as `Act`s of the side's controller; drawing lives in `senas_draw.rs`.

use heapless::Vec;

use crate::ai::senas_game::{Senas, SenasChance};
use crate::ai::{Kind, Level};
use crate::games::senas::{
    apply, Army, Bag, Illegal, Position, Roll, Side, SubMove, Turn, TurnBuilder, HOLES, MAX_CHOICES,
};

use super::anim::Timer;
use super::computer::{Thinker, Thought};
use super::config::Controller;
use super::context::Ctx;
use super::controls::Act;
use super::input::Buttons;
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
    hl_key: Option<(Option<u8>, usize)>,
    thinkers: [Thinker<Senas>; 2],
    hint: Thinker<Senas>,
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
            b.legal_sub_moves(ctx.gen, out);
        }
    }
    /// True when a person's part is complete and waits for A (confirm) or B (undo).
    pub fn awaiting_confirm(&self) -> bool {
        matches!(self.phase, Phase::Human) && self.complete()
    }

    fn complete(&self) -> bool {
        self.builder.as_ref().is_some_and(|b| {
            b.can_finish() && (b.played().len() as u8 >= b.target() || b.army().off() == 15)
        })
    }

    fn say(&mut self, ctx: &Ctx, args: core::fmt::Arguments, error: bool) {
        self.notice.set_fmt(args);
        self.notice_timer = ctx.pace.notice;
        self.notice_is_error = error;
    }

    fn chance(&self) -> SenasChance {
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
                "event=win game=senas winner={} off={},{} parts={}",
                w,
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
                    Some(r) => TurnBuilder::for_roll(ctx.gen, &self.pos, &r),
                    None => TurnBuilder::for_gift(ctx.gen, &self.pos),
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
                self.thinkers[side.index()].start(ctx.gen, &self.pos, &chance);
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

    /// Recomputes the lit holes when the pick or the played sub-moves changed.
    fn refresh_highlights(&mut self, ctx: &mut Ctx) {
        if !matches!(self.phase, Phase::Human) || self.builder.is_none() {
            self.hl_key = None;
            self.highlights = 0;
            return;
        }
        let key = (self.selected, self.played.len());
        if self.hl_key == Some(key) {
            return;
        }
        self.hl_key = Some(key);
        self.highlights = match self.selected {
            Some(h) => self.targets(ctx, h),
            None => {
                let side = self.pos.side_to_move();
                let mut mask = 0;
                for (p, &c) in self.shown.counts().iter().enumerate() {
                    if c > 0 && self.first_error(ctx, p as u8).is_none() {
                        mask |= 1 << side.hole(p);
                    }
                }
                mask
            }
        };
    }

    fn roll_dice(&mut self, ctx: &mut Ctx) {
        let roll = Roll::sample(ctx.rng);
        let side = self.pos.side_to_move();
        self.roll = Some(roll);
        self.bag = roll.sub_moves();
        ctx.event(format_args!(
            "event=roll game=senas side={} dice={} moves={}",
            side, roll, self.bag
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
        match self.thinkers[side.index()].step(ctx.gen) {
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
                    Some(r) => TurnBuilder::for_roll(ctx.gen, &self.pos, &r),
                    None => TurnBuilder::for_gift(ctx.gen, &self.pos),
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

    fn fly(&mut self, sm: SubMove, frames: u16) {
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

    fn finish_human(&mut self, ctx: &mut Ctx) {
        let Some(b) = self.builder.as_ref() else {
            return;
        };
        match b.finish() {
            Ok(turn) => self.commit(ctx, turn, "human"),
            Err(e) => self.say(ctx, format_args!("{}", Sentence(e)), true),
        }
    }

    fn human(&mut self, ctx: &mut Ctx, act: &Act) {
        if act.pressed(Buttons::ONE) && !self.hint.is_thinking() {
            let chance = self.chance();
            self.hint.start(ctx.gen, &self.pos, &chance);
            self.message.set("Thinking of a hint...");
        }
        if self.hint.is_thinking() {
            // The hint search borrows the scratch; the builder re-uses it after each step.
            if let Thought::Done(t) = self.hint.step(ctx.gen) {
                self.show_hint(&t);
            }
        }
        let hovered = act.pointer.and_then(|p| self.spot_at(ctx, p.x, p.y));
        if let Some(s) = hovered {
            self.focus = s;
        }
        self.move_focus(act);
        if act.pressed(Buttons::B) {
            if self.selected.take().is_none() {
                if let Some(sm) = self.builder.as_mut().and_then(|b| b.undo()) {
                    self.played.pop();
                    self.shown = self.builder.as_ref().map_or(self.shown, |b| b.army());
                    let side = self.pos.side_to_move();
                    self.selected = Some(side.hole(usize::from(sm.from)) as u8);
                    self.say(ctx, format_args!("Sub-move {} undone", sm.die), false);
                }
            }
            return;
        }
        if !act.pressed(Buttons::A) {
            return;
        }
        if self.complete() {
            self.finish_human(ctx);
            return;
        }
        let spot = hovered.unwrap_or(self.focus);
        self.pick(ctx, spot);
    }

    fn show_hint(&mut self, t: &Turn) {
        let side = self.pos.side_to_move();
        self.message.set("Hint:");
        for sm in t.sub_moves() {
            let from = side.hole(usize::from(sm.from)) + 1;
            let to = usize::from(sm.to());
            if to < HOLES {
                self.message
                    .push_fmt(format_args!(" {from}-{}", side.hole(to) + 1));
            } else {
                self.message.push_fmt(format_args!(" {from}-off"));
            }
        }
        if t.played() == 0 {
            self.message.set("Hint: no move is possible");
        }
    }

    /// A pressed on `spot`: pick a piece up, put it down on a target, or explain why not.
    pub(crate) fn pick(&mut self, ctx: &mut Ctx, spot: Spot) {
        let side = self.pos.side_to_move();
        let Some(b) = self.builder.as_ref() else {
            return;
        };
        let Some(from_hole) = self.selected else {
            match spot {
                Spot::Tray => self.say(ctx, format_args!("Pick up a piece first"), true),
                Spot::Hole(h) => {
                    let from = side.path(usize::from(h)) as u8;
                    match self.first_error(ctx, from) {
                        None => self.selected = Some(h),
                        Some(e) => self.say(ctx, format_args!("{}", Sentence(e)), true),
                    }
                }
            }
            return;
        };
        let from = side.path(usize::from(from_hole)) as u8;
        let result = match spot {
            Spot::Hole(h) if h == from_hole => {
                self.selected = None;
                return;
            }
            Spot::Hole(h) => {
                let to = side.path(usize::from(h)) as u8;
                if to <= from {
                    // Another own piece that can move: pick it up instead.
                    if self.first_error(ctx, to).is_none() {
                        self.selected = Some(h);
                        return;
                    }
                    Err(SentenceOr::Backward)
                } else if to - from > 6 || b.remaining().count(to - from) == 0 {
                    Err(SentenceOr::Engine(Illegal::NoSuchDie))
                } else {
                    let sm = SubMove {
                        from,
                        die: to - from,
                    };
                    match b.check(ctx.gen, sm) {
                        Ok(_) => Ok(sm),
                        Err(e) => {
                            if self.first_error(ctx, to).is_none() {
                                self.selected = Some(h);
                                return;
                            }
                            Err(SentenceOr::Engine(e))
                        }
                    }
                }
            }
            Spot::Tray => {
                let mut first = None;
                let mut ok = None;
                for die in 1..=6u8 {
                    if b.remaining().count(die) == 0 || usize::from(from + die) < HOLES {
                        continue;
                    }
                    let sm = SubMove { from, die };
                    match b.check(ctx.gen, sm) {
                        Ok(_) => {
                            ok = Some(sm);
                            break;
                        }
                        Err(e) => {
                            first.get_or_insert(e);
                        }
                    }
                }
                match ok {
                    Some(sm) => Ok(sm),
                    None => Err(SentenceOr::Engine(first.unwrap_or(Illegal::NoSuchDie))),
                }
            }
        };
        match result {
            Ok(sm) => self.play_sub_move(ctx, sm),
            Err(e) => self.say(ctx, format_args!("{e}"), true),
        }
    }

    fn play_sub_move(&mut self, ctx: &mut Ctx, sm: SubMove) {
        let Some(b) = self.builder.as_mut() else {
            return;
        };
        if let Err(e) = b.play(ctx.gen, sm) {
            self.say(ctx, format_args!("{}", Sentence(e)), true);
            return;
        }
        let army = b.army();
        self.fly(sm, ctx.pace.human_step);
        self.shown = army;
        let _ = self.played.push(sm);
        self.selected = None;
        self.notice.clear();
        if army.off() == 15 {
            self.finish_human(ctx);
        } else if self.complete() {
            self.say(ctx, format_args!("A: confirm the turn   B: undo"), false);
        }
    }

    /// `None` if the piece on path `from` has a legal sub-move, else the reason it has none.
    fn first_error(&self, ctx: &mut Ctx, from: u8) -> Option<Illegal> {
        let b = self.builder.as_ref()?;
        let mut err = None;
        for die in 1..=6u8 {
            if b.remaining().count(die) == 0 {
                continue;
            }
            match b.check(ctx.gen, SubMove { from, die }) {
                Ok(_) => return None,
                Err(e) => {
                    err.get_or_insert(e);
                }
            }
        }
        Some(err.unwrap_or(Illegal::NoSuchDie))
    }

    /// Legal targets of the piece on physical hole `hole`: bit per hole, bit 24 for the tray.
    pub(crate) fn targets(&self, ctx: &mut Ctx, hole: u8) -> u32 {
        let Some(b) = self.builder.as_ref() else {
            return 0;
        };
        let side = self.pos.side_to_move();
        let from = side.path(usize::from(hole)) as u8;
        let mut mask = 0;
        for die in 1..=6u8 {
            if b.remaining().count(die) > 0 && b.check(ctx.gen, SubMove { from, die }).is_ok() {
                let to = usize::from(SubMove { from, die }.to());
                mask |= if to < HOLES {
                    1 << side.hole(to)
                } else {
                    1 << 24
                };
            }
        }
        mask
    }

    fn spot_at(&self, ctx: &Ctx, x: i16, y: i16) -> Option<Spot> {
        let layout = crate::gfx::SenasLayout::new(ctx.aspect);
        if layout.is_over_tray(self.pos.side_to_move().index(), x, y) {
            return Some(Spot::Tray);
        }
        layout.hole_at(x, y).map(Spot::Hole)
    }

    fn move_focus(&mut self, act: &Act) {
        let step = act.horizontal() as i32 + act.vertical() as i32;
        if step == 0 {
            return;
        }
        let side = self.pos.side_to_move();
        let path = match self.focus {
            Spot::Hole(h) => side.path(usize::from(h)) as i32,
            Spot::Tray => HOLES as i32,
        };
        let next = (path + step).rem_euclid(HOLES as i32 + 1) as usize;
        self.focus = if next == HOLES {
            Spot::Tray
        } else {
            Spot::Hole(side.hole(next) as u8)
        };
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

/// The engine's reason as the sentence the player reads (capitalised, with a full stop).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sentence(pub Illegal);

/// A reason from the engine or the app's own "pieces only move forward".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SentenceOr {
    Engine(Illegal),
    Backward,
}

impl core::fmt::Display for Sentence {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut s: Text<120> = Text::new();
        s.set_fmt(format_args!("{}", self.0));
        let mut chars = s.as_str().chars();
        if let Some(c) = chars.next() {
            write!(f, "{}{}.", c.to_ascii_uppercase(), chars.as_str())?;
        }
        Ok(())
    }
}

impl core::fmt::Display for SentenceOr {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SentenceOr::Engine(e) => write!(f, "{}", Sentence(*e)),
            SentenceOr::Backward => f.write_str("Pieces only move forward along their path."),
        }
    }
}

impl From<Sentence> for SentenceOr {
    fn from(s: Sentence) -> Self {
        SentenceOr::Engine(s.0)
    }
}
