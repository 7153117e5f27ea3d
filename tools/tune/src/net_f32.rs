//! The trainable `f32` copy of the game's small evaluators (one clipped-ReLU hidden layer, one
//! output squashed to a win chance) and its quantisation to the game's fixed point, shared by
//! `td.rs` (senas) and `senet_td.rs` (senet). The game's side of the format lives in
//! `src/ai/search/net.rs` (the network) and `src/ai/senas/net.rs` / `src/ai/senet/net.rs` (the
//! inputs); this file only mirrors it and must compute exactly what those files compute on the
//! quantised weights (`Quant::output`). It knows no game: inputs arrive as `(index, value)`
//! pairs from the game's own encoder.

use rand_core::RngCore;
use rand_pcg::Pcg32;

/// The fixed-point format of one game's network (its `scale`, `ONE_Q12`, `OUT_SHIFT` and
/// `HIDDEN_SHIFT`).
#[derive(Clone, Copy)]
pub(crate) struct Format {
    pub(crate) scale: fn(usize) -> i32,
    pub(crate) one_q12: i32,
    pub(crate) out_shift: u32,
    pub(crate) hidden_shift: u32,
}

/// The network in `f32` with `IN` inputs and `H` hidden units: `w1[i * H + j]` for real inputs
/// (integer / scale).
#[derive(Clone)]
pub(crate) struct Net<const IN: usize, const H: usize> {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
    format: Format,
}

impl<const IN: usize, const H: usize> Net<IN, H> {
    /// Parameters in one flat vector order: w1, b1, w2, b2 (the length of a trace).
    pub(crate) const PARAMS: usize = IN * H + H + H + 1;

    pub(crate) fn new(rng: &mut Pcg32, format: Format) -> Self {
        let mut u = |s: f32| ((rng.next_u32() as f32 / u32::MAX as f32) * 2.0 - 1.0) * s;
        Net {
            w1: (0..IN * H).map(|_| u(0.1)).collect(),
            b1: (0..H).map(|_| 0.5).collect(),
            w2: (0..H).map(|_| u(0.1)).collect(),
            b2: 0.0,
            format,
        }
    }

    /// The `f32` network whose quantisation is the fixed-point network `w1`, `b1`, `w2`, `b2`
    /// (the inverse of [`Net::quantise`], exact up to its rounding): the start of a run that
    /// goes on from a shipped network (`senet-td --warm`).
    pub(crate) fn from_fixed(
        w1: &[[i16; H]],
        b1: &[i32; H],
        w2: &[i16; H],
        b2: i32,
        format: Format,
    ) -> Self {
        assert_eq!(w1.len(), IN, "one first-layer row per input");
        let one = format.one_q12 as f32;
        Net {
            w1: (0..IN)
                .flat_map(|i| w1[i].map(|q| f32::from(q) * (format.scale)(i) as f32 / one))
                .collect(),
            b1: b1.iter().map(|&q| q as f32 / one).collect(),
            w2: w2.iter().map(|&q| f32::from(q) / one).collect(),
            b2: b2 as f32 / (1u32 << format.out_shift) as f32,
            format,
        }
    }

    fn real(&self, i: usize, v: i16) -> f32 {
        f32::from(v) / (self.format.scale)(i) as f32
    }

    /// Hidden pre-activations and the output z.
    fn forward<I: Copy + Into<usize>>(&self, x: &[(I, i16)], pre: &mut [f32; H]) -> f32 {
        pre.copy_from_slice(&self.b1);
        for &(i, v) in x {
            let i = i.into();
            let xv = self.real(i, v);
            let row = &self.w1[i * H..(i + 1) * H];
            for (p, w) in pre.iter_mut().zip(row) {
                *p += xv * w;
            }
        }
        let mut z = self.b2;
        for (p, w) in pre.iter().zip(&self.w2) {
            z += p.clamp(0.0, 1.0) * w;
        }
        z
    }

    /// Chance of winning for the side encoded.
    pub(crate) fn prob<I: Copy + Into<usize>>(&self, x: &[(I, i16)]) -> f32 {
        let mut pre = [0.0; H];
        let z = self.forward(x, &mut pre);
        0.5 + 0.5 * z / (1.0 + z.abs())
    }

    /// Adds the gradient of the win chance at `x` into `e` (already decayed) and returns it.
    pub(crate) fn grad_into<I: Copy + Into<usize>>(&self, x: &[(I, i16)], e: &mut [f32]) -> f32 {
        let mut pre = [0.0; H];
        let z = self.forward(x, &mut pre);
        let d = 0.5 / ((1.0 + z.abs()) * (1.0 + z.abs()));
        let b1 = IN * H;
        let w2 = b1 + H;
        for j in 0..H {
            e[w2 + j] += d * pre[j].clamp(0.0, 1.0);
            if pre[j] > 0.0 && pre[j] < 1.0 {
                let g = d * self.w2[j];
                e[b1 + j] += g;
                for &(i, v) in x {
                    let i = i.into();
                    // (g * v) / scale, in this order: the weights files were made so.
                    e[i * H + j] += g * f32::from(v) / (self.format.scale)(i) as f32;
                }
            }
        }
        e[Self::PARAMS - 1] += d;
        0.5 + 0.5 * z / (1.0 + z.abs())
    }

    /// Moves every parameter by `k` times its trace.
    pub(crate) fn add(&mut self, e: &[f32], k: f32) {
        let (a, rest) = e.split_at(IN * H);
        for (w, g) in self.w1.iter_mut().zip(a) {
            *w += k * g;
        }
        for (w, g) in self.b1.iter_mut().zip(&rest[..H]) {
            *w += k * g;
        }
        for (w, g) in self.w2.iter_mut().zip(&rest[H..2 * H]) {
            *w += k * g;
        }
        self.b2 += k * rest[2 * H];
    }

    /// The fixed-point network of the game (weights beyond `i16` are clipped and counted).
    pub(crate) fn quantise(&self) -> Quant<H> {
        let f = self.format;
        let mut clipped = 0;
        let mut q16 = |x: f32| {
            let r = x.round();
            if r > f32::from(i16::MAX) || r < f32::from(i16::MIN) {
                clipped += 1;
            }
            r.clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
        };
        let one = f.one_q12 as f32;
        let w1 = (0..IN)
            .map(|i| {
                let mut row = [0i16; H];
                for (j, r) in row.iter_mut().enumerate() {
                    *r = q16(self.w1[i * H + j] * one / (f.scale)(i) as f32);
                }
                row
            })
            .collect();
        let mut w2 = [0i16; H];
        for (q, &w) in w2.iter_mut().zip(&self.w2) {
            *q = q16(w * one);
        }
        let mut b1 = [0i32; H];
        for (b, &x) in b1.iter_mut().zip(&self.b1) {
            *b = (x * one).round() as i32;
        }
        let b2 = (self.b2 * (1u32 << f.out_shift) as f32).round() as i32;
        Quant {
            w1,
            b1,
            w2,
            b2,
            clipped,
            format: f,
        }
    }
}

/// The fixed-point network as the game stores it.
pub(crate) struct Quant<const H: usize> {
    pub(crate) w1: Vec<[i16; H]>,
    pub(crate) b1: [i32; H],
    pub(crate) w2: [i16; H],
    pub(crate) b2: i32,
    pub(crate) clipped: usize,
    pub(crate) format: Format,
}

impl<const H: usize> Quant<H> {
    /// The output `z` the game computes from these weights (`search::net::Net::output`
    /// for both games), for the progress checks.
    pub(crate) fn output<I: Copy + Into<usize>>(&self, x: &[(I, i16)]) -> i32 {
        let mut pre = self.b1;
        for &(i, v) in x {
            for (p, &w) in pre.iter_mut().zip(&self.w1[i.into()]) {
                *p += i32::from(v) * i32::from(w);
            }
        }
        let mut z = self.b2;
        for (p, &w) in pre.iter().zip(&self.w2) {
            z += ((*p).clamp(0, self.format.one_q12) >> self.format.hidden_shift) * i32::from(w);
        }
        z
    }
}

impl<const H: usize> Quant<H> {
    /// The Rust source of these weights as the game stores them: `header` (the generated
    /// file's `//!` lines), then `pub static NET: Net<IN, H>` of `ai::search::net`, with
    /// `doc` as its doc line. `IN` is the game's input count (checked by the game's compiler
    /// against its own `Net` type where it names the file's `NET`).
    pub(crate) fn source<const IN: usize>(&self, header: &str, doc: &str) -> String {
        use std::fmt::Write as _;
        let mut s = String::from(header);
        let _ = writeln!(s, "use crate::ai::search::net::Net;\n");
        let _ = writeln!(s, "/// {doc}");
        let _ = writeln!(s, "pub static NET: Net<{IN}, {H}> = Net {{");
        let list = |v: &mut dyn Iterator<Item = String>| v.collect::<Vec<_>>().join(", ");
        let _ = writeln!(
            s,
            "    b1: [{}],",
            list(&mut self.b1.iter().map(|x| x.to_string()))
        );
        let _ = writeln!(
            s,
            "    w2: [{}],",
            list(&mut self.w2.iter().map(|x| x.to_string()))
        );
        let _ = writeln!(s, "    b2: {},", self.b2);
        let _ = writeln!(s, "    w1: [");
        for row in &self.w1 {
            let _ = writeln!(
                s,
                "        [{}],",
                list(&mut row.iter().map(|x| x.to_string()))
            );
        }
        let _ = writeln!(s, "    ],\n}};");
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FORMAT: Format = Format {
        scale: |i| if i % 2 == 0 { 1 } else { 3 },
        one_q12: 4096,
        out_shift: 20,
        hidden_shift: 4,
    };

    #[test]
    fn a_step_along_the_gradient_raises_the_win_chance_and_the_quantised_net_agrees_in_sign() {
        let mut net = Net::<6, 8>::new(&mut Pcg32::new(7, 1), FORMAT);
        let x: [(u8, i16); 3] = [(0, 1), (3, 2), (5, 3)];
        let mut e = vec![0.0; Net::<6, 8>::PARAMS];
        let before = net.grad_into(&x, &mut e);
        assert!((before - net.prob(&x)).abs() < 1e-6);
        net.add(&e, 0.5);
        let after = net.prob(&x);
        assert!(after > before, "{before} -> {after}");
        // The game's fixed point computes z; its sign is the f32 net's side of one half.
        let z = net.quantise().output(&x);
        assert_eq!(z > 0, after > 0.5, "z {z}, p {after}");
    }

    #[test]
    fn a_network_made_from_its_fixed_point_quantises_back_to_the_same_weights() {
        let net = Net::<6, 8>::new(&mut Pcg32::new(11, 1), FORMAT);
        let q = net.quantise();
        let back = Net::<6, 8>::from_fixed(&q.w1, &q.b1, &q.w2, q.b2, FORMAT).quantise();
        assert_eq!(back.w1, q.w1);
        assert_eq!((back.b1, back.w2, back.b2), (q.b1, q.w2, q.b2));
        let x: [(u8, i16); 3] = [(0, 1), (3, 2), (5, 3)];
        assert_eq!(back.output(&x), q.output(&x));
        // And it is not the random start it came from by accident: another draw differs.
        let other = Net::<6, 8>::new(&mut Pcg32::new(12, 1), FORMAT).quantise();
        assert_ne!(other.w1, q.w1);
    }
}
