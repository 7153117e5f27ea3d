//! The learned senas evaluator (`senas::net`) valued incrementally: the memo keeps the last
//! valued position's inputs (both armies, the feature values) and its first-layer sums, and the
//! next position's sums are those plus the rows of the inputs that changed. The search values
//! the turns of one list one after the other, and two turns of a roll differ in a few holes of
//! the mover's army (a turn moves at most five sub-moves), so most of the board's rows are
//! not added again. The integer sums are exact, so the value is the full evaluation's
//! ([`super::net::value`]) bit for bit (tests below and `tests/ai_pinned_decisions.rs`). Owns
//! the memo; the encoding and the weights are `senas::net`'s.

use crate::games::senas::{Position, Side, HOLES};

use crate::ai::search::eval::{squash, WIN};
use crate::ai::search::game::{FeatureVec, MAX_FEATURES};
use crate::ai::search::net_rows::{apply_changes, Changes};

use super::features::{feature, features};
use super::net::{output_of, FEATURE_BASE, HIDDEN, INPUTS, NET, OFF_BASE, OUT_SHIFT};
use super::words::{nonzero_nibbles, words, Words};

const _: () = assert!(HIDDEN == crate::ai::search::net_rows::HIDDEN);

/// Path index of the borne-off count's nibble in an army's words.
const OFF_NIBBLE: usize = HOLES;

/// What the evaluator keeps of the last position it valued.
#[derive(Clone, Copy, Debug)]
pub struct Memo {
    /// The side the position was valued for.
    side: Side,
    /// Army counts (`senas::words`) of that side and of the other.
    armies: [Words; 2],
    /// The feature inputs as fed to the network (clamped).
    feats: [i32; feature::COUNT],
    /// First-layer sums (Q12), biases included.
    pre: [i32; HIDDEN],
}

impl Memo {
    /// The memo of "no input at all": empty armies, zero features, the biases.
    fn empty() -> Memo {
        Memo {
            side: Side::White,
            armies: [[0; 4]; 2],
            feats: [0; feature::COUNT],
            pre: NET.b1,
        }
    }
}

impl Default for Memo {
    fn default() -> Self {
        Memo::empty()
    }
}

/// Holes (and borne-off counts) that differ between two armies.
fn changed(a: &Words, b: &Words) -> u32 {
    a.iter()
        .zip(b.iter())
        .map(|(&x, &y)| nonzero_nibbles(x ^ y).count_ones())
        .sum()
}

/// Inputs of one hole holding `c` pieces: `c >= 1`, `c >= 2`, `c >= 3`, `c - 3` above three.
fn hole_units(c: i32) -> [i32; 4] {
    [
        i32::from(c >= 1),
        i32::from(c >= 2),
        i32::from(c >= 3),
        (c - 3).max(0),
    ]
}

/// Appends the changes of army `k` (0: the side valued) going from `old` to `new` bits.
fn army_changes(k: usize, old: &Words, new: &Words, out: &mut Changes<INPUTS>) {
    for (word, (&o, &n)) in old.iter().zip(new.iter()).enumerate() {
        let mut diff = nonzero_nibbles(o ^ n);
        while diff != 0 {
            let bit = diff.trailing_zeros();
            diff &= diff - 1;
            let c0 = ((o >> bit) & 0xF) as i32;
            let c1 = ((n >> bit) & 0xF) as i32;
            let p = 8 * word + bit as usize / 4;
            // At most INPUTS changes in all (every input once), so no push fails.
            if p == OFF_NIBBLE {
                let _ = out.push(((OFF_BASE + k) as u16, c1 - c0));
                continue;
            }
            let base = (k * HOLES + p) * 4;
            let (u0, u1) = (hole_units(c0), hole_units(c1));
            for (j, (a, b)) in u0.iter().zip(u1.iter()).enumerate() {
                if a != b {
                    let _ = out.push(((base + j) as u16, b - a));
                }
            }
        }
    }
}

/// Exactly [`crate::ai::senas::net::value`]`(pos, side)`, computed from `memo` (any memo: the one
/// the last call left, or a default one) and leaving `memo` describing `pos`.
pub fn value(memo: &mut Memo, pos: &Position, side: Side) -> i32 {
    match pos.winner() {
        Some(s) if s == side => return WIN,
        Some(_) => return -WIN,
        None => {}
    }
    let armies = [words(pos.army(side)), words(pos.army(side.other()))];
    let mut f: FeatureVec = [0; MAX_FEATURES];
    let _ = features(pos, side, &mut f);
    let mut feats = [0i32; feature::COUNT];
    for (x, &v) in feats.iter_mut().zip(f.iter()) {
        *x = v.clamp(-32_000, 32_000);
    }
    // Start from whichever of the memo and the empty input needs fewer hole changes.
    let holes =
        |from: &Memo| changed(&armies[0], &from.armies[0]) + changed(&armies[1], &from.armies[1]);
    if memo.side != side || holes(memo) > holes(&Memo::empty()) {
        *memo = Memo::empty();
    }
    let mut changes: Changes<INPUTS> = Changes::new();
    for (k, (old, new)) in memo.armies.iter().zip(armies.iter()).enumerate() {
        army_changes(k, old, new, &mut changes);
    }
    for (i, (&a, &b)) in memo.feats.iter().zip(feats.iter()).enumerate() {
        if a != b {
            let _ = changes.push(((FEATURE_BASE + i) as u16, b.wrapping_sub(a)));
        }
    }
    apply_changes(&mut memo.pre, &NET.w1, &changes);
    memo.side = side;
    memo.armies = armies;
    memo.feats = feats;
    squash(i64::from(output_of(&memo.pre)), 1 << OUT_SHIFT)
}

#[cfg(test)]
mod tests;
