//! The fixed-point network both games' learned evaluators are made of: one clipped-ReLU hidden
//! layer of `H` units over `I` integer inputs, one output. Owns the weights' layout and the
//! integer inference (`i32` adds, multiplies and shifts), so the host and the Wii compute the
//! same value bit for bit. Knows no game: what the inputs mean and their scales belong to each
//! game's `net.rs` (`senas::net`, `senet::net`), the weights to its generated `weights` files.
//!
//! Fixed point: an input's integer value `x` stands for `x / scale`; first-layer weights and
//! biases are stored as `round(w * 4096 / scale)` (Q12 after the multiply), the hidden unit is
//! `clamp(pre, 0, 4096)` (a clipped ReLU in Q12), shifted to Q8 for the output layer whose
//! weights are Q12, so the output `z` is Q20. A game values a position as
//! `squash(z, 2^OUT_SHIFT)`: the nets are trained so that `0.5 + 0.5 * z / (|z| + 1)` is the
//! evaluated side's chance of winning.

/// One in fixed point Q12 (first layer, hidden units).
pub const ONE_Q12: i32 = 4096;
/// Shift of the hidden unit (Q12) to Q8 before the output layer.
pub const HIDDEN_SHIFT: u32 = 4;
/// Fixed-point exponent of the output `z`.
pub const OUT_SHIFT: u32 = 20;

/// Hidden units summed at a time by [`Net::output`] when `H` is a multiple of it: sixteen
/// accumulators stay in registers on the Wii's 32 general registers (a whole row of 32 does
/// not), so each input costs a load and an add per unit instead of a load, an add and a store.
pub const CHUNK: usize = 16;

/// A network's fixed-point weights: `I` inputs, `H` hidden units.
pub struct Net<const I: usize, const H: usize> {
    /// Hidden biases (Q12).
    pub b1: [i32; H],
    /// Output weights (Q12 on a Q8 hidden unit).
    pub w2: [i16; H],
    /// Output bias (Q20).
    pub b2: i32,
    /// First-layer weights by input (Q12 after the multiply by the integer input).
    pub w1: [[i16; H]; I],
}

impl<const I: usize, const H: usize> Net<I, H> {
    /// The output `z` (Q20) for the non-zero inputs `active` (input index, integer value).
    /// Speed only: [`CHUNK`] hidden units at a time where `H` allows, with no multiply for the
    /// inputs that are 1 (most of them); the integer sums per hidden unit are those of a plain
    /// row-by-row accumulation (exact addition), so the output is the same.
    pub fn output(&self, active: &[(u16, i16)]) -> i32 {
        let mut pre = self.b1;
        if H.is_multiple_of(CHUNK) {
            for c in (0..H).step_by(CHUNK) {
                let mut acc = [0i32; CHUNK];
                acc.copy_from_slice(&pre[c..c + CHUNK]);
                for &(i, x) in active {
                    let row = &self.w1[usize::from(i)][c..c + CHUNK];
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
        } else {
            for &(i, x) in active {
                let x = i32::from(x);
                for (p, &wq) in pre.iter_mut().zip(self.w1[usize::from(i)].iter()) {
                    *p += x * i32::from(wq);
                }
            }
        }
        self.output_of(&pre)
    }

    /// The output `z` (Q20) of the network whose first-layer sums (biases included) are `pre`.
    pub fn output_of(&self, pre: &[i32; H]) -> i32 {
        let mut z = self.b2;
        for (p, &wq) in pre.iter().zip(self.w2.iter()) {
            let h = (*p).clamp(0, ONE_Q12) >> HIDDEN_SHIFT;
            z += h * i32::from(wq);
        }
        z
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain sums: every active input's row times its value, then the output layer.
    fn plain<const I: usize, const H: usize>(net: &Net<I, H>, active: &[(u16, i16)]) -> i32 {
        let mut pre = net.b1;
        for &(i, x) in active {
            for (p, &wq) in pre.iter_mut().zip(net.w1[usize::from(i)].iter()) {
                *p += i32::from(x) * i32::from(wq);
            }
        }
        net.output_of(&pre)
    }

    fn net<const H: usize>(seed: i32) -> Net<5, H> {
        let w = |k: i32| ((k * 7919 + seed * 104_729) % 4001 - 2000) as i16;
        Net {
            b1: core::array::from_fn(|j| 300 * j as i32 - 2000),
            w2: core::array::from_fn(|j| w(j as i32 + 50)),
            b2: -1000 * seed,
            w1: core::array::from_fn(|i| core::array::from_fn(|j| w((i * H + j) as i32))),
        }
    }

    #[test]
    fn the_chunked_and_the_plain_sums_give_the_same_output_for_any_width() {
        let inputs: [&[(u16, i16)]; 4] = [&[], &[(0, 1)], &[(1, 1), (3, -2), (4, 7)], &[(2, 300)]];
        for seed in 1..4 {
            let (wide, narrow) = (net::<32>(seed), net::<4>(seed));
            for a in inputs {
                assert_eq!(wide.output(a), plain(&wide, a));
                assert_eq!(narrow.output(a), plain(&narrow, a));
            }
        }
        // A hidden unit past the clip counts as ONE_Q12 and one below zero as nothing.
        let mut one = net::<4>(1);
        one.b1 = [ONE_Q12 * 3, -5, 0, ONE_Q12];
        one.w2 = [1, 1000, 1000, 1];
        one.b2 = 0;
        assert_eq!(one.output_of(&one.b1), 2 * (ONE_Q12 >> HIDDEN_SHIFT));
    }
}
