//! A senet match: the turn flow (throw the four sticks with a short animation, extra throws
//! after 1, 3 and 6 announced, forced backward moves and passes explained), moves carried out
//! and animated (captures swap, square 27 sends the piece back), the win. A person's pick
//! (checked by `senet::check_move`) lives in `pick.rs`, the computer's search in
//! `computer_turn.rs`, drawing in `draw.rs`.

use rand_core::RngCore;

use crate::ai::senet_game::Senet;
use crate::games::senet::{apply, legal_moves, Move, MoveList, Position, Side, Throw, Variant};

use crate::app::anim::Timer;
use crate::app::config::Controller;
use crate::app::context::Ctx;
use crate::app::controls::Act;
use crate::app::events::{By, Event};
use crate::app::names;
use crate::app::notice::{Notice, Tone};
use crate::app::seats::Seats;
use crate::app::strings::fill;
use crate::app::text::Text;
use crate::app::tutor::Tutor;

/// What the match is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The sticks tumble; the throw is drawn when the timer ends.
    Throwing(Timer),
    /// A person chooses a move.
    Human,
    /// The computer searches.
    Thinking,
    /// A move is animated (`stage` 1: the piece drifts from the water to its resting square).
    Moving { mv: Move, stage: u8, timer: Timer },
    /// Nothing is legal: the throw is lost after the timer.
    Passing(Timer),
    /// Someone has borne off all pieces.
    Over,
}

/// One senet match.
pub struct SenetMatch {
    pub(super) pos: Position,
    /// The position after the move being animated.
    pub(super) next: Position,
    /// Who plays each side, the computer players and the hint.
    pub(super) seats: Seats<Senet>,
    pub(super) phase: Phase,
    pub(super) throw: Option<Throw>,
    /// Stick faces, `true` = white face up.
    pub(super) sticks: [bool; 4],
    pub(super) moves: MoveList,
    pub(super) selected: Option<u8>,
    /// D-pad focus: a square 1..=30 or `OFF` (the exit).
    pub(super) focus: u8,
    pub(super) notice: Notice,
    pub(super) message: Text<96>,
    /// The hint being shown (its squares are lit on the board).
    pub(super) hint_move: Option<Move>,
    /// The hint's win chance and the tutor's question (`ask.rs`).
    pub(super) tutor: Tutor<Move>,
    /// The computer's working list of moves.
    pub(super) scratch: MoveList,
    pub(super) turns: u32,
    /// A throw is about to be made (a turn boundary: the match can be saved here).
    boundary: bool,
    /// The sound of the move being animated, cued when its piece lands.
    landing: Option<Event>,
}

impl SenetMatch {
    pub fn new(
        variant: Variant,
        first: Side,
        controllers: [Controller; 2],
        seeds: [u64; 2],
    ) -> Self {
        let pos = Position::start(variant, first);
        SenetMatch {
            pos,
            next: pos,
            seats: Seats::new(controllers, seeds),
            phase: Phase::Over,
            throw: None,
            sticks: [false; 4],
            moves: MoveList::new(),
            selected: None,
            focus: 1,
            notice: Notice::new(),
            message: Text::new(),
            hint_move: None,
            tutor: Tutor::new(),
            scratch: MoveList::new(),
            turns: 0,
            boundary: false,
            landing: None,
        }
    }

    /// A saved match at a turn boundary: `pos` and the turns played so far. Call `begin`
    /// next, as for a new match.
    pub fn resume(
        pos: Position,
        controllers: [Controller; 2],
        seeds: [u64; 2],
        turns: u32,
    ) -> Self {
        let mut m = SenetMatch::new(pos.variant(), pos.side_to_move(), controllers, seeds);
        m.pos = pos;
        m.next = pos;
        m.turns = turns;
        m
    }

    /// True once after a throw was set up: the match is at a turn boundary.
    pub fn take_boundary(&mut self) -> bool {
        core::mem::take(&mut self.boundary)
    }
    /// Turns played so far.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Starts the first throw.
    pub fn begin(&mut self, ctx: &mut Ctx) {
        self.begin_throw(ctx);
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn throw(&self) -> Option<Throw> {
        self.throw
    }
    pub fn winner(&self) -> Option<Side> {
        self.pos.winner()
    }
    pub fn mover(&self) -> Controller {
        self.seats.controller(self.pos.side_to_move().index())
    }
    /// Who controls Cones and Spools.
    pub fn controllers(&self) -> [Controller; 2] {
        self.seats.controllers()
    }
    /// Who plays Cones and Spools, the computer players and their seeds, the hint.
    pub fn seats(&self) -> &Seats<Senet> {
        &self.seats
    }
    /// The seats, for the hand-over when a remote is lost.
    pub fn seats_mut(&mut self) -> &mut Seats<Senet> {
        &mut self.seats
    }
    /// Who the side to move is, for game events.
    pub(super) fn mover_by(&self) -> By {
        self.seats.by(self.pos.side_to_move().index())
    }
    /// The hint being shown, if any.
    pub fn hint(&self) -> Option<Move> {
        self.hint_move
    }
    pub fn notice(&self) -> &str {
        self.notice.as_str()
    }
    pub fn selected(&self) -> Option<u8> {
        self.selected
    }
    /// The legal moves of the current throw (empty before the throw).
    pub fn legal(&self) -> &[Move] {
        &self.moves
    }

    pub(super) fn say(
        &mut self,
        ctx: &mut Ctx,
        tone: Tone,
        template: &str,
        args: &[&dyn core::fmt::Display],
    ) {
        let mut t: Text<200> = Text::new();
        fill(&mut t, template, args);
        self.notice
            .say(ctx.pace.notice, tone, format_args!("{}", t.as_str()));
        if tone == Tone::Refusal {
            ctx.cue(Event::Illegal(self.mover_by()));
        }
    }

    fn begin_throw(&mut self, ctx: &mut Ctx) {
        self.selected = None;
        self.throw = None;
        self.moves.clear();
        self.seats.cancel_hint();
        self.hint_move = None;
        self.tutor.clear();
        self.message.clear();
        if let Some(w) = self.pos.winner() {
            self.phase = Phase::Over;
            ctx.event(format_args!(
                "event=win game=senet winner={} off={},{} turns={}",
                w,
                self.pos.borne_off(Side::A),
                self.pos.borne_off(Side::B),
                self.turns
            ));
            // The win's sound plays when the winner is shown (`App::show_winner`).
            return;
        }
        self.boundary = true;
        self.phase = Phase::Throwing(Timer::new(ctx.pace.roll));
    }

    /// One frame; `act` is the input of the side to move's controller.
    pub fn update(&mut self, ctx: &mut Ctx, act: &Act) {
        self.notice.tick();
        match self.phase {
            Phase::Throwing(mut t) => {
                if t.tick() {
                    self.throw_sticks(ctx);
                } else {
                    self.phase = Phase::Throwing(t);
                }
            }
            Phase::Human => self.human(ctx, act),
            Phase::Thinking => self.think(ctx),
            Phase::Moving {
                mv,
                stage,
                mut timer,
            } => {
                if !timer.tick() {
                    self.phase = Phase::Moving { mv, stage, timer };
                    return;
                }
                if stage == 0 {
                    self.land(ctx, mv);
                }
                if stage == 0 && self.water_rest(mv).is_some() {
                    self.phase = Phase::Moving {
                        mv,
                        stage: 1,
                        timer: Timer::new(ctx.pace.cpu_step * 2),
                    };
                } else {
                    self.pos = self.next;
                    self.begin_throw(ctx);
                }
            }
            Phase::Passing(mut t) => {
                if t.tick() {
                    if let Some(&mv) = self.moves.first() {
                        self.log_move(ctx, mv, "rules");
                        self.pos = apply(&self.pos, mv);
                    }
                    self.begin_throw(ctx);
                } else {
                    self.phase = Phase::Passing(t);
                }
            }
            Phase::Over => {}
        }
    }

    fn throw_sticks(&mut self, ctx: &mut Ctx) {
        let bits = ctx.rng.next_u32() & 0xF;
        let rules = self.pos.variant().rules();
        let throw = rules
            .throw_from_whites(bits.count_ones())
            .unwrap_or(rules.outcomes[4].0);
        self.sticks = [0, 1, 2, 3].map(|k| bits >> k & 1 == 1);
        self.throw = Some(throw);
        ctx.cue(Event::SticksThrown(self.mover_by()));
        let t = ctx.t;
        let side = self.pos.side_to_move();
        ctx.event(format_args!(
            "event=throw game=senet side={} sticks={}{}{}{} value={}",
            side,
            bits & 1,
            bits >> 1 & 1,
            bits >> 2 & 1,
            bits >> 3 & 1,
            throw
        ));
        legal_moves(&self.pos, throw, &mut self.moves);
        let again = self.pos.variant().rules().throws_again(throw.distance());
        let first = self.moves.first().copied();
        match first {
            Some(m) if m.is_pass() => {
                self.say(ctx, Tone::Info, t.senet_lost_throw, &[&throw]);
                self.phase = Phase::Passing(Timer::new(ctx.pace.pass));
                return;
            }
            Some(m) if self.pos.in_water(side) => {
                let off = rules.holding_water().map_or(4, |h| h.1);
                let rescue = if m.bears_off() { m.from() } else { m.to() };
                let rescue = rules.holding_water().map_or(rescue, |h| h.2);
                self.say(ctx, Tone::Info, t.senet_water_turn, &[&off, &rescue])
            }
            Some(m) if m.is_backward() => {
                self.say(ctx, Tone::Info, t.senet_backward, &[&throw, &throw])
            }
            _ if again => {
                let v = self.pos.variant();
                self.say(ctx, Tone::Info, t.senet_again(v), &[&throw])
            }
            _ => {}
        }
        match self.mover() {
            Controller::Human(_) => {
                self.phase = Phase::Human;
                self.focus = self.moves.first().map_or(1, |m| m.from());
            }
            Controller::Computer(_) => {
                let side = side.index();
                self.seats.start(side, &mut self.scratch, &self.pos, &throw);
                self.phase = Phase::Thinking;
            }
        }
    }

    /// Where a piece moved onto the water ends up, if `mv` lands there.
    pub(super) fn water_rest(&self, mv: Move) -> Option<u8> {
        let w = self.pos.variant().rules().water?;
        if mv.is_pass() || mv.to() != w.square {
            return None;
        }
        let side = self.pos.side_to_move();
        let before = self.pos.board(side) & !(1 << mv.from());
        let after = self.next.board(side);
        let rest = (after & !before).trailing_zeros() as u8;
        // Kendall's water keeps the piece: nothing to show moving on.
        (rest != w.square).then_some(rest)
    }

    fn log_move(&mut self, ctx: &mut Ctx, mv: Move, by: &str) {
        let side = self.pos.side_to_move();
        let throw = mv.throw();
        self.turns += 1;
        ctx.event(format_args!(
            "event=turn game=senet side={} by={} throw={} move={}{}",
            side,
            by,
            throw,
            mv,
            if !mv.is_pass() && self.pos.at(mv.to()) == Some(side.other()) {
                " capture=1"
            } else {
                ""
            }
        ));
    }

    /// The piece of `mv` lands on its square (or in the water, or off the board): the move's
    /// sound now, and the log's `event=landed` after the move's own line.
    fn land(&mut self, ctx: &mut Ctx, mv: Move) {
        if let Some(e) = self.landing.take() {
            ctx.cue(e);
        }
        let side = self.pos.side_to_move();
        if mv.bears_off() {
            ctx.note(format_args!("event=landed game=senet side={side} to=off"));
        } else if !mv.is_pass() {
            ctx.note(format_args!(
                "event=landed game=senet side={side} to={}",
                mv.to()
            ));
        }
    }

    pub(super) fn execute(&mut self, ctx: &mut Ctx, mv: Move, by: &str) {
        self.landing = None;
        self.log_move(ctx, mv, by);
        let side = self.pos.side_to_move();
        let captures = !mv.is_pass() && self.pos.at(mv.to()) == Some(side.other());
        self.next = apply(&self.pos, mv);
        self.selected = None;
        self.hint_move = None;
        let t = ctx.t;
        let who = self.mover_by();
        if let Some(rest) = self.water_rest(mv) {
            self.say(ctx, Tone::Info, t.senet_water, &[&mv.to(), &rest]);
            self.landing = Some(Event::Water(who));
        } else if self.next.in_water(side) {
            self.say(ctx, Tone::Info, t.senet_in_water, &[&mv.to()]);
            self.landing = Some(Event::Water(who));
        } else if captures {
            // Where the captured piece went: the mover's square (a swap) or elsewhere.
            let other = side.other();
            let gone = self.next.board(other) & !self.pos.board(other);
            let dest = gone.trailing_zeros() as u8;
            if gone == 0 || dest == mv.from() {
                self.say(ctx, Tone::Info, t.senet_capture, &[&mv.from(), &mv.to()]);
            } else {
                self.say(ctx, Tone::Info, t.senet_capture_to, &[&mv.to(), &dest]);
            }
            self.landing = Some(Event::Capture(who));
        } else if mv.bears_off() {
            let name = names::senet_side(t, side);
            self.say(ctx, Tone::Info, t.senet_bears_off, &[&name]);
            self.landing = Some(Event::BorneOff(who));
        } else if !mv.is_pass() {
            self.landing = Some(Event::PiecePlaced(who));
        }
        let frames = match self.mover() {
            Controller::Human(_) => ctx.pace.human_step * 2,
            Controller::Computer(_) => ctx.pace.cpu_step * 2,
        };
        self.phase = Phase::Moving {
            mv,
            stage: 0,
            timer: Timer::new(frames),
        };
    }
}
