//! What a match borrows from the app each frame (`Ctx`: random generator, senas turn scratch,
//! log sink, match log, game events, pace, the frame's thinking budget, the strings) and the
//! animation pace of normal and demo play (`Pace`).

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
    /// Dice or sticks tumbling.
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
}

/// What a match borrows from the app for one frame.
pub struct Ctx<'a> {
    pub rng: &'a mut GameRng,
    /// Senas turn generation scratch: the turn builder (`ai.gen`) and the computer players.
    pub ai: &'a mut SenasScratch,
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
}

impl Ctx<'_> {
    /// Logs a computer decision: its player, the frames it took (the player's wait, at the
    /// video rate) and the nodes it searched (`event=decision game=senas level=hard ...`).
    pub fn log_decision(&mut self, game: &str, kind: crate::ai::Kind, frames: u32, nodes: u64) {
        let line = Line::format(format_args!(
            "event=decision game={game} level={} frames={frames} nodes={nodes} budget_us={}",
            kind.name(),
            self.budget_us.unwrap_or(0)
        ));
        self.log.line(line.as_str());
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
