//! The learned senas evaluator: a one-hidden-layer network over a board encoding plus the
//! heuristic's features, trained offline by self-play TD(lambda) (`tools/tune --method td`) and
//! shipped as `const` integer weights (`senas_net_weights.rs`). Inference is integer only
//! (`i32`/`i64` adds, multiplies and shifts), so the host and the Wii compute the same value
//! bit for bit. Owns the input encoding (shared with the trainer) and the fixed-point format;
//! knows nothing of the search.
//!
//! Inputs, seen from the side evaluated ("me") against the other ("them"):
//! - per side and path index 0..23: `count >= 1`, `count >= 2`, `count >= 3`, and
//!   `count - 3` above three (scale 4): 192 units;
//! - the 12 heuristic features of [`crate::ai::senas_game::feature`] (each with its scale);
//! - pieces borne off, mine and theirs (scale 15).
//!
//! Fixed point: an input's integer value `x` stands for `x / scale`; first-layer weights and
//! biases are stored as `round(w * 4096 / scale)` (Q12 after the multiply), the hidden unit is
//! `clamp(pre, 0, 4096)` (a clipped ReLU in Q12), shifted to Q8 for the output layer whose
//! weights are Q12, so the output `z` is Q20. The value is `squash(z, 2^20)`, the same rational
//! sigmoid as the linear evaluator: `EVAL_LIMIT * z / (|z| + 1)` in real terms, i.e. the net is
//! trained so that `0.5 + 0.5 * z / (|z| + 1)` is the evaluated side's chance of winning.

use heapless::Vec;

use crate::games::senas::{Position, Side, HOLES};

use crate::ai::eval::{squash, WIN};
use crate::ai::game::{FeatureVec, RaceGame, MAX_FEATURES};
use crate::ai::senas_game::{feature, Senas};
use crate::ai::senas_net_weights as w;

/// Input units.
pub const INPUTS: usize = 2 * HOLES * 4 + feature::COUNT + 2;
/// Hidden units.
pub const HIDDEN: usize = 32;
/// Index of the first feature input.
pub const FEATURE_BASE: usize = 2 * HOLES * 4;
/// Index of "my pieces off".
pub const OFF_BASE: usize = FEATURE_BASE + feature::COUNT;
/// Most inputs that can be non-zero at once (every hole of both sides with all four units).
pub const MAX_ACTIVE: usize = INPUTS;
/// One in fixed point Q12 (first layer, hidden units).
pub const ONE_Q12: i32 = 4096;
/// Shift of the hidden unit (Q12) to Q8 before the output layer.
pub const HIDDEN_SHIFT: u32 = 4;
/// Fixed-point exponent of the output `z`.
pub const OUT_SHIFT: u32 = 20;

/// Scale of each feature input (integer feature value / scale = the real input).
pub const FEATURE_SCALE: [i32; feature::COUNT] = [64, 15, 16, 15, 15, 32, 8, 32, 24, 15, 1, 21];

/// The real value of input `i` is its integer value divided by `scale(i)`.
pub const fn scale(i: usize) -> i32 {
    if i < FEATURE_BASE {
        if i % 4 == 3 {
            4
        } else {
            1
        }
    } else if i < OFF_BASE {
        FEATURE_SCALE[i - FEATURE_BASE]
    } else {
        15
    }
}

/// The non-zero inputs of a position: (input index, integer value).
pub type Active = Vec<(u16, i16), MAX_ACTIVE>;

/// Fills `out` with the non-zero inputs of `pos` seen from `side`.
pub fn encode(pos: &Position, side: Side, out: &mut Active) {
    out.clear();
    for (k, s) in [side, side.other()].into_iter().enumerate() {
        let army = pos.army(s);
        let mut occ = army.occupancy();
        while occ != 0 {
            let p = occ.trailing_zeros() as usize;
            occ &= occ - 1;
            let c = army.count(p);
            let base = (k * HOLES + p) * 4;
            // At most INPUTS pushes in all, so none can fail.
            let _ = out.push((base as u16, 1));
            if c >= 2 {
                let _ = out.push((base as u16 + 1, 1));
            }
            if c >= 3 {
                let _ = out.push((base as u16 + 2, 1));
            }
            if c > 3 {
                let _ = out.push((base as u16 + 3, i16::from(c - 3)));
            }
        }
    }
    let mut f: FeatureVec = [0; MAX_FEATURES];
    let _ = Senas::features(pos, side, &mut f);
    for (i, &v) in f.iter().take(feature::COUNT).enumerate() {
        if v != 0 {
            let _ = out.push(((FEATURE_BASE + i) as u16, v.clamp(-32_000, 32_000) as i16));
        }
    }
    for (k, s) in [side, side.other()].into_iter().enumerate() {
        let off = pos.off(s);
        if off != 0 {
            let _ = out.push(((OFF_BASE + k) as u16, i16::from(off)));
        }
    }
}

/// Hidden units summed at a time: sixteen accumulators stay in registers on the Wii's 32
/// general registers (a whole row of 32 does not), so each input costs a load and an add per
/// unit instead of a load, an add and a store.
pub(crate) const CHUNK: usize = 16;
const _: () = assert!(HIDDEN.is_multiple_of(CHUNK));

/// The output `z` (Q20) of the network for the given inputs. Speed only: the same sums in the
/// same order per hidden unit as a plain row-by-row accumulation, with no multiply for the
/// inputs that are 1 (most of them).
pub fn output(active: &Active) -> i32 {
    let mut pre = w::B1;
    for c in (0..HIDDEN).step_by(CHUNK) {
        let mut acc = [0i32; CHUNK];
        acc.copy_from_slice(&pre[c..c + CHUNK]);
        for &(i, x) in active {
            let row = &w::W1[usize::from(i)][c..c + CHUNK];
            if x == 1 {
                for (a, &wq) in acc.iter_mut().zip(row) {
                    *a += i32::from(wq);
                }
            } else {
                let x = i32::from(x);
                for (a, &wq) in acc.iter_mut().zip(row) {
                    *a += x * i32::from(wq);
                }
            }
        }
        pre[c..c + CHUNK].copy_from_slice(&acc);
    }
    output_of(&pre)
}

/// The output `z` (Q20) of the network whose first-layer sums (biases included) are `pre`.
pub fn output_of(pre: &[i32; HIDDEN]) -> i32 {
    let mut z = w::B2;
    for (p, &wq) in pre.iter().zip(w::W2.iter()) {
        let h = (*p).clamp(0, ONE_Q12) >> HIDDEN_SHIFT;
        z += h * i32::from(wq);
    }
    z
}

/// The bounded value of `pos` for `side`: `WIN` / `-WIN` when the game is over, otherwise the
/// network's estimate strictly inside.
pub fn value(pos: &Position, side: Side) -> i32 {
    match pos.winner() {
        Some(s) if s == side => WIN,
        Some(_) => -WIN,
        None => {
            let mut a = Active::new();
            encode(pos, side, &mut a);
            squash(i64::from(output(&a)), 1 << OUT_SHIFT)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_input_index_is_in_range_and_values_fit_their_scale() {
        let mut a = Active::new();
        let pos = Position::start(Side::White);
        encode(&pos, Side::White, &mut a);
        assert!(a.iter().all(|&(i, _)| usize::from(i) < INPUTS));
        // 15 on the start hole: four units for each side (the fourth holds 12).
        assert!(a.contains(&(3, 12)));
        assert!(a.contains(&((HOLES * 4 + 3) as u16, 12)));
        assert_eq!(scale(3), 4);
        assert_eq!(scale(FEATURE_BASE), 64);
        assert_eq!(scale(OFF_BASE + 1), 15);
    }

    #[test]
    fn the_chunked_output_equals_the_plain_row_by_row_sum() {
        use crate::ai::selfplay::{sample_chance, Playable};
        use crate::ai::senas_game::SenasScratch;
        use rand_core::RngCore;
        use rand_pcg::Pcg32;
        let mut scratch = std::boxed::Box::<SenasScratch>::default();
        let mut rng = Pcg32::new(3, 3);
        let mut pos = Senas::start((), Side::White);
        for _ in 0..300 {
            if pos.winner().is_some() {
                pos = Senas::start((), Side::Black);
            }
            for side in [Side::White, Side::Black] {
                let mut a = Active::new();
                encode(&pos, side, &mut a);
                let mut pre = w::B1;
                for &(i, x) in &a {
                    for (p, &wq) in pre.iter_mut().zip(w::W1[usize::from(i)].iter()) {
                        *p += i32::from(x) * i32::from(wq);
                    }
                }
                let mut z = w::B2;
                for (p, &wq) in pre.iter().zip(w::W2.iter()) {
                    z += ((*p).clamp(0, ONE_Q12) >> HIDDEN_SHIFT) * i32::from(wq);
                }
                assert_eq!(output(&a), z);
            }
            let c = sample_chance::<Senas>(&pos, &mut rng).expect("a chance");
            let turns = Senas::turns(&mut scratch, &pos, &c);
            let t = turns[(rng.next_u32() as usize) % turns.len()];
            pos = Senas::apply(&pos, &t);
        }
    }

    #[test]
    fn the_opening_position_is_valued_the_same_up_to_the_tempo_for_both_sides() {
        // The armies are equal, so only the side to move tells the two views apart: the side
        // to move is valued above the other (it has the roll).
        let pos = Position::start(Side::White);
        let me = value(&pos, Side::White);
        let them = value(&pos, Side::Black);
        assert!(me > -WIN && me < WIN && them > -WIN && them < WIN);
        assert!(me >= them, "{me} vs {them}");
    }
}
