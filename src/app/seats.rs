//! `Seats`: who sits at the two sides of a match, shared by the senas and senet matches: each
//! side's controller (a person on a remote or pad, or the computer at a level), the computer
//! player behind each side (a `Thinker` seeded from the match's seeds, kept for saving), the
//! hint (the Normal computer, asked for on a person's turn), and the hand-over when one person
//! takes over the sides of a lost remote. Knows no game's rules and draws nothing; the matches
//! say which side is to move.

use crate::ai::senas_game::Senas;
use crate::ai::senet_game::Senet;
use crate::ai::{Level, Profile};

use super::choices::Controller;
use super::computer::{allowance, Allowance, Thinker, Thought};
use super::computer::{SENAS_WORK_PER_MS, SENET_WORK_PER_MS};
use super::context::{Ctx, Pace};
use super::events::{By, Event};
use super::strings::{fill, Strings};
use super::text::Text;

/// How much thinking a game's computer does in a frame (the measurements are in `computer.rs`).
pub trait ThinkRate: Profile {
    /// Work units per millisecond on the Wii.
    const WORK_PER_MS: u64;
    /// The pace's fixed work per frame where the platform gives no budget.
    fn nodes_per_frame(pace: &Pace) -> u64;
}

impl ThinkRate for Senas {
    const WORK_PER_MS: u64 = SENAS_WORK_PER_MS;
    fn nodes_per_frame(pace: &Pace) -> u64 {
        pace.think_nodes_senas
    }
}

impl ThinkRate for Senet {
    const WORK_PER_MS: u64 = SENET_WORK_PER_MS;
    fn nodes_per_frame(pace: &Pace) -> u64 {
        pace.think_nodes_senet
    }
}

/// The two sides' controllers and computer players, and the hint.
pub struct Seats<G: Profile> {
    controllers: [Controller; 2],
    /// The seeds the computer players were given (kept for saving the match).
    seeds: [u64; 2],
    thinkers: [Thinker<G>; 2],
    hint: Thinker<G>,
}

impl<G: ThinkRate> Seats<G> {
    /// Side `i` played by `controllers[i]`; the computer at side `i` (if any) seeded with
    /// `seeds[i]`. A person's side keeps a Normal player it never asks.
    pub fn new(controllers: [Controller; 2], seeds: [u64; 2]) -> Self {
        let level = |c: Controller| match c {
            Controller::Computer(l) => l,
            Controller::Human(_) => Level::Normal,
        };
        Seats {
            controllers,
            seeds,
            thinkers: [
                Thinker::level(level(controllers[0]), seeds[0]),
                Thinker::level(level(controllers[1]), seeds[1]),
            ],
            hint: Thinker::level(Level::Normal, 0),
        }
    }

    /// This frame's thinking allowance for this game (`computer::allowance`).
    pub fn allowance(ctx: &Ctx) -> Allowance {
        allowance(
            ctx.budget_us,
            ctx.clock,
            G::nodes_per_frame(&ctx.pace),
            G::WORK_PER_MS,
        )
    }

    /// Who controls side 0 and side 1.
    pub fn controllers(&self) -> [Controller; 2] {
        self.controllers
    }
    /// Who controls side `side` (0 or 1).
    pub fn controller(&self, side: usize) -> Controller {
        self.controllers[side]
    }
    /// The computer players' seeds.
    pub fn seeds(&self) -> [u64; 2] {
        self.seeds
    }
    /// Who side `side` is, for game events.
    pub fn by(&self, side: usize) -> By {
        by(self.controllers[side])
    }
    /// The game event of side `winner`'s win: a person's (or the computer's over the
    /// computer) win, or the loss when the computer beat a person.
    pub fn win_event(&self, winner: usize) -> Event {
        match (self.controllers[winner], self.controllers[1 - winner]) {
            (Controller::Computer(_), Controller::Human(_)) => Event::Loss(By::Computer),
            (w, _) => Event::Win(by(w)),
        }
    }
    /// The players (bit per player) whose remote the match needs.
    pub fn needed_remotes(&self) -> u8 {
        needed_remotes(self.controllers)
    }
    /// Player `by` takes over every side player `lost` controlled; the computer's sides stay.
    pub fn hand_over(&mut self, lost: u8, by: u8) {
        for c in &mut self.controllers {
            if *c == Controller::Human(lost) {
                *c = Controller::Human(by);
            }
        }
    }
    /// "Player 2" or "Computer": side `side` as the status line names it.
    pub fn name(&self, side: usize, t: &Strings) -> Text<16> {
        let mut who = Text::new();
        match self.controllers[side] {
            Controller::Human(n) => fill(&mut who, t.player_n, &[&(n + 1)]),
            Controller::Computer(_) => who.set(t.computer),
        }
        who
    }

    /// The computer at side `side` starts deciding in `pos` after `chance`.
    pub fn start(
        &mut self,
        side: usize,
        scratch: &mut G::Scratch,
        pos: &G::Pos,
        chance: &G::Chance,
    ) {
        self.thinkers[side].start(scratch, pos, chance);
    }
    /// One frame of the decision of the computer at side `side`.
    pub fn think(
        &mut self,
        side: usize,
        scratch: &mut G::Scratch,
        allow: Allowance,
    ) -> Thought<G::Turn> {
        self.thinkers[side].step(scratch, allow)
    }
    /// The computer player at side `side` (its kind, frames and nodes, for the decision log).
    pub fn thinker(&self, side: usize) -> &Thinker<G> {
        &self.thinkers[side]
    }

    /// A person asked for a hint: the Normal computer starts on `pos` after `chance`, unless
    /// it is already searching. True when it started.
    pub fn ask_hint(&mut self, scratch: &mut G::Scratch, pos: &G::Pos, chance: &G::Chance) -> bool {
        if self.hint.is_thinking() {
            return false;
        }
        self.hint.start(scratch, pos, chance);
        true
    }
    /// The hint's search is running.
    pub fn hint_thinking(&self) -> bool {
        self.hint.is_thinking()
    }
    /// One frame of the hint's search: its turn once found.
    pub fn hint_step(&mut self, scratch: &mut G::Scratch, allow: Allowance) -> Option<G::Turn> {
        match self.hint.step(scratch, allow) {
            Thought::Done(t) => Some(t),
            Thought::Thinking | Thought::Nothing => None,
        }
    }
    /// Drops a hint search in progress (a new turn begins).
    pub fn cancel_hint(&mut self) {
        self.hint.cancel();
    }
}

/// The players (bit per player) who sit at a side of `controllers`: the remotes a match of
/// theirs needs.
pub fn needed_remotes(controllers: [Controller; 2]) -> u8 {
    controllers.iter().fold(0, |mask, c| match c {
        Controller::Human(n) => mask | (1 << n),
        Controller::Computer(_) => mask,
    })
}

/// Who a controller is, for game events.
pub fn by(c: Controller) -> By {
    match c {
        Controller::Human(n) => By::Player(n),
        Controller::Computer(_) => By::Computer,
    }
}

#[cfg(test)]
mod tests;
