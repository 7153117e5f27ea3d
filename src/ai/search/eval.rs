//! The bounded linear evaluation: weighted features by game phase, squashed into the open interval
//! (-WIN, WIN) so that a won position (exactly WIN) is always better than any estimate. The
//! bound is what lets the search prune chance nodes (Star1). Integer arithmetic only, so the host
//! and the Wii agree bit for bit.

use crate::ai::search::game::{FeatureVec, RaceGame, MAX_FEATURES, PHASES};

/// Value of a won game for the side asking; a lost game is `-WIN`.
pub const WIN: i32 = 1_000_000;
/// Estimates stay within `-EVAL_LIMIT..=EVAL_LIMIT`.
pub const EVAL_LIMIT: i32 = WIN - 1;

/// Feature weights per phase and the squash constant (the raw score that maps to half the limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// `phase[p][i]` multiplies feature `i` in phase `p`.
    pub phase: [[i32; MAX_FEATURES]; PHASES],
    /// Raw score at which the squashed value is half of [`EVAL_LIMIT`]; must be positive.
    pub squash: i32,
}

impl Weights {
    /// The weighted feature sum of `pos` for `side` before squashing.
    pub fn raw<G: RaceGame>(&self, pos: &G::Pos, side: G::Side) -> i64 {
        let mut f: FeatureVec = [0; MAX_FEATURES];
        let phase = G::features(pos, side, &mut f).min(PHASES - 1);
        self.phase[phase]
            .iter()
            .zip(f.iter())
            .map(|(&w, &x)| i64::from(w) * i64::from(x))
            .sum()
    }

    /// The bounded value of `pos` for `side`: `WIN`/`-WIN` when the game is over, otherwise the
    /// squashed weighted sum, strictly between them.
    pub fn eval<G: RaceGame>(&self, pos: &G::Pos, side: G::Side) -> i32 {
        match G::winner(pos) {
            Some(w) if w == side => WIN,
            Some(_) => -WIN,
            None => squash(self.raw::<G>(pos, side), self.squash),
        }
    }
}

/// One phase's weights from the weights of a game's first `N` features (the other slots zero),
/// for writing a game's weights as a `const`.
pub const fn phase_weights<const N: usize>(w: [i32; N]) -> [i32; MAX_FEATURES] {
    const { assert!(N <= MAX_FEATURES) };
    let mut out = [0; MAX_FEATURES];
    let mut i = 0;
    while i < N {
        out[i] = w[i];
        i += 1;
    }
    out
}

/// Maps a raw score monotonically into `-EVAL_LIMIT..=EVAL_LIMIT` (a rational sigmoid).
pub fn squash(raw: i64, half: i32) -> i32 {
    let half = i64::from(half.max(1));
    let raw = raw.clamp(-(1 << 40), 1 << 40);
    let v = i64::from(EVAL_LIMIT) * raw / (raw.abs() + half);
    v as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squash_is_monotonic_and_stays_inside_the_win_bounds() {
        let mut last = i32::MIN;
        for raw in (-2_000_000i64..2_000_000).step_by(9_973) {
            let v = squash(raw, 1000);
            assert!(v >= last);
            assert!(v > -WIN && v < WIN);
            last = v;
        }
        assert_eq!(squash(0, 1000), 0);
        assert_eq!(squash(1000, 1000), EVAL_LIMIT / 2);
        assert!(squash(i64::MAX, 1) < WIN);
    }
}
