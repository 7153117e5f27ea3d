//! What a match borrows from the app each frame (`Ctx`: random generator, senas turn scratch,
//! log sink, match log, game events, pace, the frame's thinking budget, the strings), the
//! animation pace of normal and demo play (`Pace`) and how a computer decision is logged
//! (`DecisionLog`).

use core::fmt;

use super::game_rng::GameRng;

use crate::ai::senas_game::SenasScratch;
use crate::gfx::Aspect;

use super::events::{self, Event, Events};
use super::log::{Line, LogSink, MatchLog};
use super::strings::Strings;

/// Frames each step of a match takes on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace {
    /// Dice or sticks thrown onto their places (`throw_anim`).
    pub roll: u16,
    /// A person's piece flying to its target.
    pub human_step: u16,
    /// A computer's piece flying to its target (readable).
    pub cpu_step: u16,
    /// Pause before the computer starts moving (its dice stay visible).
    pub cpu_pause: u16,
    /// Unused sub-moves passing across as a gift; "no move" pauses.
    pub pass: u16,
    /// Announcements (tute, extra throw, capture...) stay this long.
    pub notice: u16,
    /// The won match stays on screen this long (the last move is seen) before the winner
    /// screen.
    pub end: u16,
    /// Search nodes the senas computer may spend per frame (see `computer::SENAS_NODES_PER_FRAME`).
    pub think_nodes_senas: u64,
    /// Search nodes the senet computer may spend per frame (see `computer::SENET_NODES_PER_FRAME`).
    pub think_nodes_senet: u64,
}

impl Pace {
    pub const NORMAL: Pace = Pace {
        roll: 36,
        human_step: 10,
        cpu_step: 24,
        cpu_pause: 30,
        pass: 70,
        notice: 150,
        end: 120,
        think_nodes_senas: super::computer::SENAS_NODES_PER_FRAME,
        think_nodes_senet: super::computer::SENET_NODES_PER_FRAME,
    };
    pub const DEMO: Pace = Pace {
        roll: 1,
        human_step: 1,
        cpu_step: 1,
        cpu_pause: 1,
        pass: 2,
        notice: 20,
        end: 4,
        // Demo frames may be long: a whole decision per frame keeps the frame count (and the
        // emulator's wall time) low.
        think_nodes_senas: u64::MAX,
        think_nodes_senet: u64::MAX,
    };

    /// This pace for the "Animations: Fast" setting: every glide, throw, pause and the win's
    /// wait a third as long (rounded up, and at least 3 frames, so a piece still glides through
    /// intermediate places); notices keep their reading time, the computer its thinking.
    pub const fn faster(self) -> Pace {
        const fn third(n: u16) -> u16 {
            let t = n.div_ceil(3);
            if t < 3 && n >= 3 {
                3
            } else if t < 3 {
                n
            } else {
                t
            }
        }
        Pace {
            roll: third(self.roll),
            human_step: third(self.human_step),
            cpu_step: third(self.cpu_step),
            cpu_pause: third(self.cpu_pause),
            pass: third(self.pass),
            end: third(self.end),
            ..self
        }
    }
}

/// What a match borrows from the app for one frame.
pub struct Ctx<'a> {
    pub rng: &'a mut GameRng,
    /// Senas turn generation scratch: the turn builder (`ai.gen`) and the computer players.
    pub ai: &'a mut SenasScratch,
    /// The match review's own scratch (`app::review`: during the match and after it).
    pub review_ai: &'a mut SenasScratch,
    /// Where this frame's thinking budget ends on the clock (from the frame's start): the
    /// review works in what the match left of it (`app::review::live`).
    pub frame_end_us: Option<u64>,
    pub log: &'a mut dyn LogSink,
    pub record: &'a mut MatchLog,
    /// This frame's game events (sounds, rumble).
    pub events: &'a mut Events,
    pub pace: Pace,
    pub aspect: Aspect,
    /// Microseconds the computer may think this frame (`Input::budget_us`); `None`: the
    /// pace's fixed node counts.
    pub budget_us: Option<u32>,
    /// The platform's clock (`Input::clock`): with it the computer thinks until `budget_us`
    /// has passed.
    pub clock: Option<crate::app::input::Clock>,
    /// The strings in the player's language.
    pub t: &'static Strings,
    /// The tutor questions a person's blunders (the setting, never in a demo: `app::tutor`).
    pub tutor: bool,
}

/// One computer decision as the log tells it: what the computer was asked (the position and
/// the roll, so a host tool can ask the same library the same question: `arena decide`, the
/// e2e test `ai_same.rs`) and what it answered, in two lines tied by `id`:
///
/// `event=decision_position id=N game=G pos=CODE roll=R` (the game's position code,
/// `senas::Position::code` / `senet::Position::code`; R: senas dice `3,5,5` or `gift`, the senet
/// throw's distance), then
/// `event=decision game=G level=L frames=F nodes=N budget_us=B id=N TURN` (TURN in the
/// notation of the `event=turn` lines: senas `moves=1-4,1-6 unused=3`, senet `move=9-11`).
/// A position code can be about 100 bytes: with the turn it could pass `LINE_BYTES`, so the
/// position has its own line (the longest possible of each is tested to fit).
pub struct DecisionLog<'a> {
    /// `senas` or `senet`.
    pub game: &'a str,
    /// The player that decided.
    pub kind: crate::ai::Kind,
    /// Frames the decision took (the player's wait, at the video rate).
    pub frames: u32,
    /// Nodes it searched.
    pub nodes: u64,
    /// Ties the two lines: the number the part (senas) or move (senet) will have in the match.
    pub id: u32,
    /// The position code.
    pub position: &'a dyn fmt::Display,
    /// The roll or throw decided on.
    pub roll: &'a dyn fmt::Display,
    /// The chosen turn as `key=value` fields.
    pub turn: &'a dyn fmt::Display,
}

impl DecisionLog<'_> {
    /// The position line and the decision line (see the type's doc).
    pub fn lines(&self, budget_us: Option<u32>) -> [Line; 2] {
        [
            Line::format(format_args!(
                "event=decision_position id={} game={} pos={} roll={}",
                self.id, self.game, self.position, self.roll
            )),
            Line::format(format_args!(
                "event=decision game={} level={} frames={} nodes={} budget_us={} id={} {}",
                self.game,
                self.kind.name(),
                self.frames,
                self.nodes,
                budget_us.unwrap_or(0),
                self.id,
                self.turn
            )),
        ]
    }
}

impl Ctx<'_> {
    /// Logs a computer decision: the position and roll it was asked about, then its player,
    /// the frames it took, the nodes it searched and the turn it chose ([`DecisionLog`]).
    pub fn log_decision(&mut self, d: &DecisionLog) {
        for line in d.lines(self.budget_us) {
            self.log.line(line.as_str());
        }
    }

    /// A match event: logged and kept in the match log.
    pub fn event(&mut self, args: fmt::Arguments) {
        let line = Line::format(args);
        self.log.line(line.as_str());
        self.record.push(line.as_str());
    }
    /// A game event of this frame.
    pub fn cue(&mut self, e: Event) {
        events::push(self.events, e);
    }
    /// A line for the log only (menus, diagnostics).
    pub fn note(&mut self, args: fmt::Arguments) {
        self.log.line(Line::format(args).as_str());
    }
}
