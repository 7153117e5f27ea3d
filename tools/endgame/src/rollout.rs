//! The truth where no exact table reaches: seeded, truncated rollouts with the best 0-ply
//! player, as GNU Backgammon rolls positions out. A trial plays the position on for at most
//! `steps` turns, each side choosing the turn its evaluator values best, then reads the value
//! of where it stopped (1 or 0 once the game is over, the exact table's value inside a table,
//! the evaluator's win probability elsewhere). With `reduce` on, every turn's luck is
//! subtracted as it is played (the drawn throw's best value minus the weighted mean over all
//! throws, gnubg's variance reduction), so the trial's mean stays the same and its spread
//! shrinks. Trial `k` of every candidate of a decision draws the same dice (common random
//! numbers), so candidates are compared on the same luck. Reads the rules and the players'
//! evaluators; changes neither.

use rand_pcg::Pcg32;
use senas_senet::ai::selfplay::sample_chance;
use senas_senet::ai::{Profile, WIN};

/// What a game's exact tables know: the win probability of the side to move, where known.
pub trait Exact<G: Profile> {
    /// The exact win probability of the side to move in `pos`, if a table holds it.
    fn exact(&self, pos: &G::Pos) -> Option<f64>;
}

/// No table: rollouts everywhere.
pub struct NoTable;

impl<G: Profile> Exact<G> for NoTable {
    fn exact(&self, _pos: &G::Pos) -> Option<f64> {
        None
    }
}

/// How the rollouts are played.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Turns played before the trial is valued (0: the evaluator's value at once).
    pub steps: u32,
    /// Trials per candidate.
    pub trials: u32,
    /// Subtract each turn's luck (costs every throw's turns at every step).
    pub reduce: bool,
}

/// The win probability of `pos` for `side`: 1 or 0 once won, the table's where it knows,
/// the evaluator's elsewhere.
pub fn value<G: Profile, T: Exact<G>>(
    truth: &T,
    eval: &G::Eval,
    pos: &G::Pos,
    side: G::Side,
) -> f64 {
    if let Some(w) = G::winner(pos) {
        return if w == side { 1.0 } else { 0.0 };
    }
    if let Some(p) = truth.exact(pos) {
        return if G::to_move(pos) == side { p } else { 1.0 - p };
    }
    let v = G::evaluate(eval, pos, side);
    0.5 + 0.5 * f64::from(v) / f64::from(WIN)
}

/// The best turn's value for the side to move in `pos` after `chance`, and the position it
/// leads to (`None` if the rules gave no turn).
fn best_after<G: Profile, T: Exact<G>>(
    truth: &T,
    eval: &G::Eval,
    scratch: &mut G::Scratch,
    pos: &G::Pos,
    chance: &G::Chance,
) -> Option<(f64, G::Pos)> {
    let me = G::to_move(pos);
    let mut best: Option<(f64, G::Pos)> = None;
    for t in G::turns(scratch, pos, chance).iter() {
        let next = G::apply(pos, t);
        let v = value::<G, T>(truth, eval, &next, me);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, next));
        }
    }
    best
}

/// One trial from `start` for `root`: its value, luck subtracted when `plan.reduce`.
pub fn trial<G: Profile, T: Exact<G>>(
    truth: &T,
    eval: &G::Eval,
    scratch: &mut G::Scratch,
    start: &G::Pos,
    root: G::Side,
    plan: &Plan,
    dice: &mut Pcg32,
) -> f64 {
    let mut pos = *start;
    let mut luck = 0.0;
    for _ in 0..plan.steps {
        if G::winner(&pos).is_some() || truth.exact(&pos).is_some() {
            break;
        }
        let me = G::to_move(&pos);
        let Some(drawn) = sample_chance::<G>(&pos, dice) else {
            break;
        };
        let mut mean = 0.0;
        if plan.reduce {
            let total = f64::from(G::chance_total(&pos));
            for (c, w) in G::chances(&pos) {
                if let Some((v, _)) = best_after::<G, T>(truth, eval, scratch, &pos, c) {
                    mean += v * f64::from(*w) / total;
                }
            }
        }
        let Some((v, next)) = best_after::<G, T>(truth, eval, scratch, &pos, &drawn) else {
            break;
        };
        if plan.reduce {
            let l = v - mean;
            luck += if me == root { l } else { -l };
        }
        pos = next;
    }
    value::<G, T>(truth, eval, &pos, root) - luck
}

/// The dice of trial `k` of decision `decision` (the same for every candidate).
pub fn dice(seed: u64, decision: u64, k: u32) -> Pcg32 {
    Pcg32::new(
        seed ^ decision.wrapping_mul(0x9e37_79b9_7f4a_7c15),
        0x0da3_e39c_b94b_95bd ^ u64::from(k) << 1,
    )
}
