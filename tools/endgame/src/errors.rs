//! Every level's error on a benchmark set (issue 27 part 3): per decision with a choice, the
//! loss of the level's turn against the best candidate in milli-win-probability, its mean with
//! a 95% interval from the rollouts' spread, the blunder rate (loss > 5%), how often it chose
//! the best candidate and a near-best one (loss < 1%); overall and by phase of the game. Pure arithmetic over a set.

use senas_senet::ai::Level;

use crate::benchmark::{Decision, Phase, LEVELS};

/// A loss above this is a blunder (5% win probability).
pub const BLUNDER: f64 = 0.05;

/// A loss below this is a near-best turn (1% win probability): the menu's figure, which ties
/// and the rollouts' noise hardly move (two turns of equal value are both near-best).
pub const NEAR: f64 = 0.01;

/// One level's figures over some decisions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Errors {
    /// Decisions.
    pub decisions: u32,
    /// Sum of the losses (win probability).
    pub loss: f64,
    /// Sum of the losses' variances (from the rollouts).
    pub var: f64,
    /// Decisions losing more than [`BLUNDER`].
    pub blunders: u32,
    /// Decisions on the best candidate.
    pub best: u32,
    /// Decisions losing less than [`NEAR`].
    pub near: u32,
}

impl Errors {
    /// Mean loss per decision, milli-win-probability.
    pub fn mean_milli(&self) -> f64 {
        1000.0 * self.loss / f64::from(self.decisions.max(1))
    }

    /// Half-width of the 95% interval of the mean loss, milli-win-probability.
    pub fn ci_milli(&self) -> f64 {
        1000.0 * 1.96 * self.var.sqrt() / f64::from(self.decisions.max(1))
    }

    /// Blunders per decision, percent.
    pub fn blunder_pct(&self) -> f64 {
        100.0 * f64::from(self.blunders) / f64::from(self.decisions.max(1))
    }

    /// Best candidates per decision, percent.
    pub fn best_pct(&self) -> f64 {
        100.0 * f64::from(self.best) / f64::from(self.decisions.max(1))
    }

    /// Near-best turns per decision, percent.
    pub fn near_pct(&self) -> f64 {
        100.0 * f64::from(self.near) / f64::from(self.decisions.max(1))
    }

    fn add(&mut self, loss: f64, var: f64, best: bool) {
        self.decisions += 1;
        self.loss += loss;
        self.var += var;
        if loss > BLUNDER {
            self.blunders += 1;
        }
        if best {
            self.best += 1;
        }
        if loss < NEAR {
            self.near += 1;
        }
    }
}

/// A level's errors overall and by phase (opening, middle, end).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Report {
    /// The level.
    pub level: Option<Level>,
    /// Over every decision.
    pub all: Errors,
    /// By [`Phase`], in its order.
    pub phase: [Errors; 3],
}

fn phase_index(p: Phase) -> usize {
    match p {
        Phase::Opening => 0,
        Phase::Middle => 1,
        Phase::End => 2,
    }
}

/// Every level's report on `set`, in [`LEVELS`] order.
pub fn score<P, C>(set: &[Decision<P, C>]) -> [Report; LEVELS.len()] {
    let mut out = [Report::default(); LEVELS.len()];
    for (i, r) in out.iter_mut().enumerate() {
        r.level = Some(LEVELS[i]);
        for d in set {
            let c = d.chosen[i];
            let (loss, var) = d.loss(c);
            let best = c == d.best();
            r.all.add(loss, var, best);
            r.phase[phase_index(d.phase)].add(loss, var, best);
        }
    }
    out
}

/// Decisions per phase, and how many had every candidate exact.
pub fn census<P, C>(set: &[Decision<P, C>]) -> ([u32; 3], u32) {
    let mut n = [0u32; 3];
    let mut exact = 0;
    for d in set {
        n[phase_index(d.phase)] += 1;
        if d.cands.iter().all(|c| c.exact) {
            exact += 1;
        }
    }
    (n, exact)
}
