//! The review of a finished match (issue 27 part 5, "a review screen after every match"): per
//! person, accuracy, mistakes, blunders and the luck of the throws, the first side's win chance
//! turn by turn, and the three worst decisions. Every figure is the coach's (`ai::coach`: the
//! exact chance in senet's endgame tables, else the Normal level's evaluator, as a per-mille
//! win chance), so the review, the tutor and the hint's chance bar agree. Pure and resumable: an [`Analyst`] is fed one turn at a time (its position
//! is its own, the played turn is recognised by the caller's predicate) and works a given
//! number of work units per call (the search's units: turns generated, positions valued), so
//! the app spreads it over frames and the host tools run it at once with the same result. No
//! heap (fixed-size figures; the graph halves its resolution when it fills), no floats, no I/O.
//! Must not know the app, the log's notation or any game's internals (the caller reads those).
//! Definitions and sources: docs/ai.md, "The match review".

use super::BLUNDER_PERMILLE;
use crate::ai::search::game::RaceGame;

/// A decision that loses at least this much win chance (per mille: 2%) is a mistake.
pub const MISTAKE_PERMILLE: u16 = 20;

/// Points of the win-chance graph kept (more turns: every other point dropped, the step doubled).
pub const GRAPH_POINTS: usize = 128;

/// Lichess's accuracy, `103.1668 exp(-0.04354 x) - 3.1669` with `x` the mean loss in percent,
/// in tenths of a percent, at every 10 per mille of mean loss from 0 to 1000 (computed once
/// with floats on the host, rounded, below 0 set to 0; the game only reads it).
const ACCURACY: [u16; 101] = [
    1000, 956, 914, 874, 835, 798, 763, 729, 697, 666, 636, 607, 580, 554, 529, 505, 482, 460, 439,
    419, 400, 382, 364, 347, 331, 316, 301, 287, 273, 260, 248, 236, 224, 214, 203, 193, 184, 174,
    166, 157, 149, 141, 134, 127, 120, 114, 108, 102, 96, 91, 85, 80, 76, 71, 67, 62, 58, 55, 51,
    47, 44, 41, 38, 35, 32, 29, 27, 24, 22, 19, 17, 15, 13, 11, 9, 8, 6, 4, 3, 1, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
];

/// The accuracy (tenths of a percent, 0..=1000) of a mean loss of `mean` per mille: the table,
/// linearly between its points (integers, so every machine agrees).
pub fn accuracy(mean: u16) -> u16 {
    let m = usize::from(mean.min(1000));
    let (i, f) = (m / 10, (m % 10) as i32);
    let a = i32::from(ACCURACY[i]);
    let b = i32::from(ACCURACY[(i + 1).min(100)]);
    (a + (b - a) * f / 10) as u16
}

/// The luck of a throw (per mille): `actual`, the win chance after it with the best play, less
/// the mean of that over every throw possible (`weighted`: the sum of each throw's best chance
/// times its weight; `total`: the weights' sum), rounded half away from zero.
pub fn luck(actual: u16, weighted: u64, total: u64) -> i16 {
    if total == 0 {
        return 0;
    }
    let t = i128::from(total);
    let scaled = i128::from(actual) * t - i128::from(weighted);
    let r = if scaled >= 0 {
        (scaled + t / 2) / t
    } else {
        -((-scaled + t / 2) / t)
    };
    r.clamp(-1000, 1000) as i16
}

/// One of the worst decisions: the turn (counted from 1), the win chance lost, the position
/// before it, the throw, the turn played and the best turn.
pub struct Worst<G: RaceGame> {
    /// The turn, counted from 1 over both sides.
    pub turn: u32,
    /// Win chance lost (per mille).
    pub loss: u16,
    /// The position before the decision.
    pub pos: G::Pos,
    /// The throw or roll (or senas gift) decided on.
    pub chance: G::Chance,
    /// The turn played.
    pub played: G::Turn,
    /// The best turn by the coach.
    pub best: G::Turn,
}

/// One side's figures.
pub struct Figures<G: RaceGame> {
    /// Decisions with a choice (two turns or more), their summed loss (per mille).
    pub choices: u32,
    /// The losses summed (per mille).
    pub loss_sum: u32,
    /// Decisions that lost at least [`MISTAKE_PERMILLE`].
    pub mistakes: u32,
    /// Decisions that lost at least [`BLUNDER_PERMILLE`].
    pub blunders: u32,
    /// Throws measured and their summed luck (per mille).
    pub throws: u32,
    /// The luck summed over those throws (per mille).
    pub luck: i32,
    /// The worst decisions with a loss, worst first (equal losses: the earlier first).
    pub worst: [Option<Worst<G>>; 3],
}

// By hand: the games' marker types derive nothing, and turns and positions are only `Copy`.
impl<G: RaceGame> Clone for Worst<G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: RaceGame> Copy for Worst<G> {}
impl<G: RaceGame> Clone for Figures<G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: RaceGame> Copy for Figures<G> {}

impl<G: RaceGame> Figures<G> {
    /// The figures as numbers: counts, sums, and each worst decision's turn and loss.
    pub fn numbers(&self) -> [u32; 12] {
        let w = |i: usize| self.worst[i].map_or((0, 0), |w| (w.turn, u32::from(w.loss)));
        [
            self.choices,
            self.loss_sum,
            self.mistakes,
            self.blunders,
            self.throws,
            self.luck as u32,
            w(0).0,
            w(0).1,
            w(1).0,
            w(1).1,
            w(2).0,
            w(2).1,
        ]
    }
}

impl<G: RaceGame> PartialEq for Figures<G> {
    fn eq(&self, other: &Self) -> bool {
        self.numbers() == other.numbers()
    }
}

impl<G: RaceGame> core::fmt::Debug for Figures<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Figures{:?}", self.numbers())
    }
}

impl<G: RaceGame> Figures<G> {
    pub(super) const fn new() -> Self {
        Figures {
            choices: 0,
            loss_sum: 0,
            mistakes: 0,
            blunders: 0,
            throws: 0,
            luck: 0,
            worst: [None; 3],
        }
    }

    /// The mean loss per decision with a choice (per mille, rounded).
    pub fn mean_loss(&self) -> u16 {
        if self.choices == 0 {
            return 0;
        }
        ((self.loss_sum + self.choices / 2) / self.choices).min(1000) as u16
    }

    /// The accuracy in tenths of a percent (1000 with no choice made).
    pub fn accuracy(&self) -> u16 {
        accuracy(self.mean_loss())
    }

    pub(super) fn decided(&mut self, w: Worst<G>) {
        self.choices += 1;
        self.loss_sum += u32::from(w.loss);
        self.mistakes += u32::from(w.loss >= MISTAKE_PERMILLE);
        self.blunders += u32::from(w.loss >= BLUNDER_PERMILLE);
        if w.loss == 0 {
            return;
        }
        let at = self
            .worst
            .iter()
            .position(|s| s.is_none_or(|s| s.loss < w.loss));
        if let Some(i) = at {
            self.worst.copy_within(i..2, i + 1);
            self.worst[i] = Some(w);
        }
    }
}

/// The first side's win chance (per mille) after each turn, at most [`GRAPH_POINTS`] points:
/// point `i` is after turn `(i + 1) * step`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Graph {
    points: [u16; GRAPH_POINTS],
    len: usize,
    step: u32,
    seen: u32,
}

impl Graph {
    /// An empty graph.
    pub const fn new() -> Self {
        Graph {
            points: [500; GRAPH_POINTS],
            len: 0,
            step: 1,
            seen: 0,
        }
    }
    /// The next turn's chance.
    pub fn push(&mut self, chance: u16) {
        self.seen += 1;
        if !self.seen.is_multiple_of(self.step) {
            return;
        }
        if self.len == GRAPH_POINTS {
            for i in 0..GRAPH_POINTS / 2 {
                self.points[i] = self.points[2 * i + 1];
            }
            self.len = GRAPH_POINTS / 2;
            self.step *= 2;
            if !self.seen.is_multiple_of(self.step) {
                return;
            }
        }
        self.points[self.len] = chance;
        self.len += 1;
    }
    /// The points kept, oldest first.
    pub fn points(&self) -> &[u16] {
        &self.points[..self.len]
    }
    /// Turns per point.
    pub fn step(&self) -> u32 {
        self.step
    }
}

impl Default for Graph {
    fn default() -> Self {
        Self::new()
    }
}

mod analyst;
pub use analyst::{Analyst, Step};

#[cfg(test)]
mod tests;
