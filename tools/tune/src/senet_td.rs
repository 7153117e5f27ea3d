//! `tune senet-td --variant V`: trains the learned senet evaluator of one rule set
//! (`src/ai/senet_net.rs`) by self-play TD(lambda) in `f32`, then quantises it to the game's
//! fixed point and writes `src/ai/senet_net_<variant>.rs`. Both sides play greedily by the
//! network (0-ply), the throws come from the seed, so a run is a function of its arguments.
//! Every `--check` games the quantised network plays `--check-games` paired games against the
//! random player and against the hand-set heuristic (both 0-ply) on held-out throws, and the
//! scores are printed; the weights written are those of the end of the run. Separate from
//! `td.rs` (the senas net): only the encoding and the game differ.
//!
//! Options: `tune senet-td --help` ([`USAGE`]).

use std::fmt::Write as _;
use std::time::Instant;

use rand_core::RngCore;
use rand_pcg::Pcg32;
use senas_senet::ai::selfplay::sample_chance;
use senas_senet::ai::senet_game::{Senet, HAND};
use senas_senet::ai::senet_net::{
    encode, scale, Active, HIDDEN, HIDDEN_SHIFT, INPUTS, ONE_Q12, OUT_SHIFT,
};
use senas_senet::ai::RaceGame;
use senas_senet::games::senet::{Move, MoveList, Position, Side, Throw, Variant};

use crate::Parsed;

pub(crate) struct Args {
    pub(crate) variant: Variant,
    pub(crate) games: u32,
    pub(crate) alpha: f32,
    pub(crate) alpha_end: f32,
    pub(crate) lambda: f32,
    pub(crate) seed: u64,
    pub(crate) check: u32,
    pub(crate) check_games: u32,
    pub(crate) out: String,
}

/// The usage text of `tune senet-td` (`tune senet-td --help`).
pub const USAGE: &str =
    "usage: tune senet-td --variant kendall [--games N] [--alpha A] [--alpha-end A] [--lambda L]
                     [--seed S] [--check N] [--check-games N] [--out PATH]
";

/// Parses the options of `tune senet-td` with `lexopt`.
pub(crate) fn parse(args: &[String]) -> Result<Parsed<Args>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut a = Args {
        variant: Variant::Kendall,
        games: 20_000,
        alpha: 0.1,
        alpha_end: -1.0,
        lambda: 0.7,
        seed: 1,
        check: 5_000,
        check_games: 1_000,
        out: String::new(),
    };
    let mut p = lexopt::Parser::from_args(args);
    while let Some(arg) = p.next()? {
        match arg {
            Short('h') | Long("help") => return Ok(Parsed::Help),
            Long("variant") => {
                let v = p.value()?.string()?;
                a.variant =
                    Variant::from_name(&v).ok_or_else(|| format!("unknown senet variant {v:?}"))?;
            }
            Long("games") => a.games = p.value()?.parse()?,
            Long("alpha") => a.alpha = p.value()?.parse()?,
            Long("alpha-end") => a.alpha_end = p.value()?.parse()?,
            Long("lambda") => a.lambda = p.value()?.parse()?,
            Long("seed") => a.seed = p.value()?.parse()?,
            Long("check") => a.check = p.value()?.parse::<u32>()?.max(1),
            Long("check-games") => a.check_games = p.value()?.parse::<u32>()? & !1,
            Long("out") => a.out = p.value()?.string()?,
            _ => return Err(arg.unexpected()),
        }
    }
    if a.out.is_empty() {
        a.out = format!("src/ai/senet_net_{}.rs", a.variant.name());
    }
    Ok(Parsed::Run(a))
}

/// The network in `f32`: `w1[i * HIDDEN + j]` for real inputs (integer / scale).
struct Net {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
}

/// Parameters in one flat vector order: w1, b1, w2, b2.
const PARAMS: usize = INPUTS * HIDDEN + HIDDEN + HIDDEN + 1;

impl Net {
    fn new(rng: &mut Pcg32) -> Net {
        let mut u = |s: f32| ((rng.next_u32() as f32 / u32::MAX as f32) * 2.0 - 1.0) * s;
        Net {
            w1: (0..INPUTS * HIDDEN).map(|_| u(0.1)).collect(),
            b1: (0..HIDDEN).map(|_| 0.5).collect(),
            w2: (0..HIDDEN).map(|_| u(0.1)).collect(),
            b2: 0.0,
        }
    }

    fn forward(&self, x: &Active, pre: &mut [f32; HIDDEN]) -> f32 {
        pre.copy_from_slice(&self.b1);
        for &(i, v) in x {
            let i = usize::from(i);
            let xv = f32::from(v) / scale(i) as f32;
            let row = &self.w1[i * HIDDEN..(i + 1) * HIDDEN];
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

    fn prob(&self, x: &Active) -> f32 {
        let mut pre = [0.0; HIDDEN];
        let z = self.forward(x, &mut pre);
        0.5 + 0.5 * z / (1.0 + z.abs())
    }

    /// Adds the gradient of the win chance at `x` into `e` (already decayed); returns it.
    fn grad_into(&self, x: &Active, e: &mut [f32]) -> f32 {
        let mut pre = [0.0; HIDDEN];
        let z = self.forward(x, &mut pre);
        let d = 0.5 / ((1.0 + z.abs()) * (1.0 + z.abs()));
        let b1 = INPUTS * HIDDEN;
        let w2 = b1 + HIDDEN;
        for j in 0..HIDDEN {
            e[w2 + j] += d * pre[j].clamp(0.0, 1.0);
            if pre[j] > 0.0 && pre[j] < 1.0 {
                let g = d * self.w2[j];
                e[b1 + j] += g;
                for &(i, v) in x {
                    let i = usize::from(i);
                    e[i * HIDDEN + j] += g * f32::from(v) / scale(i) as f32;
                }
            }
        }
        e[PARAMS - 1] += d;
        0.5 + 0.5 * z / (1.0 + z.abs())
    }

    fn add(&mut self, e: &[f32], k: f32) {
        let (a, rest) = e.split_at(INPUTS * HIDDEN);
        for (w, g) in self.w1.iter_mut().zip(a) {
            *w += k * g;
        }
        for (w, g) in self.b1.iter_mut().zip(&rest[..HIDDEN]) {
            *w += k * g;
        }
        for (w, g) in self.w2.iter_mut().zip(&rest[HIDDEN..2 * HIDDEN]) {
            *w += k * g;
        }
        self.b2 += k * rest[2 * HIDDEN];
    }
}

/// The fixed-point network of the game.
struct Quant {
    w1: Vec<[i16; HIDDEN]>,
    b1: [i32; HIDDEN],
    w2: [i16; HIDDEN],
    b2: i32,
    clipped: usize,
}

fn quantise(n: &Net) -> Quant {
    let mut clipped = 0;
    let mut q16 = |x: f32| {
        let r = x.round();
        if r > f32::from(i16::MAX) || r < f32::from(i16::MIN) {
            clipped += 1;
        }
        r.clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
    };
    let one = ONE_Q12 as f32;
    let w1 = (0..INPUTS)
        .map(|i| {
            let mut row = [0i16; HIDDEN];
            for (j, r) in row.iter_mut().enumerate() {
                *r = q16(n.w1[i * HIDDEN + j] * one / scale(i) as f32);
            }
            row
        })
        .collect();
    let mut w2 = [0i16; HIDDEN];
    for (q, &w) in w2.iter_mut().zip(&n.w2) {
        *q = q16(w * one);
    }
    let mut b1 = [0i32; HIDDEN];
    for (b, &x) in b1.iter_mut().zip(&n.b1) {
        *b = (x * one).round() as i32;
    }
    let b2 = (n.b2 * (1u32 << OUT_SHIFT) as f32).round() as i32;
    Quant {
        w1,
        b1,
        w2,
        b2,
        clipped,
    }
}

/// The quantised network's output, computed as `senet_net::Net::output` does.
fn quant_output(q: &Quant, x: &Active) -> i32 {
    let mut pre = q.b1;
    for &(i, v) in x {
        for (p, &w) in pre.iter_mut().zip(&q.w1[usize::from(i)]) {
            *p += i32::from(v) * i32::from(w);
        }
    }
    let mut z = q.b2;
    for (p, &w) in pre.iter().zip(&q.w2) {
        z += ((*p).clamp(0, ONE_Q12) >> HIDDEN_SHIFT) * i32::from(w);
    }
    z
}

/// Greedy move of the side to move by `value(after, mover)` (a win beats everything).
fn greedy(
    list: &mut MoveList,
    pos: &Position,
    throw: &Throw,
    mut value: impl FnMut(&Position, Side) -> f32,
) -> Option<(Move, Position)> {
    let mover = pos.side_to_move();
    let mut best: Option<(f32, Move, Position)> = None;
    for m in Senet::<0>::turns(list, pos, throw).iter() {
        let p = Senet::<0>::apply(pos, m);
        let v = match p.winner() {
            Some(w) if w == mover => 2.0,
            Some(_) => -1.0,
            None => value(&p, mover),
        };
        if best.as_ref().is_none_or(|b| v > b.0) {
            best = Some((v, *m, p));
        }
    }
    best.map(|(_, m, p)| (m, p))
}

/// The opponents of the checks.
#[derive(Clone, Copy)]
enum Opp {
    Random,
    Hand,
}

/// Paired games of the quantised network (0-ply) against `opp`; its wins.
fn check(q: &Quant, variant: Variant, opp: Opp, games: u32, seed: u64) -> u32 {
    let mut wins = 0;
    let mut x = Active::new();
    let mut list = MoveList::new();
    let sides = [Side::A, Side::B];
    for i in 0..games {
        let net_side = sides[(i % 2) as usize];
        let mut dice = Pcg32::new(seed + u64::from(i / 2), 0x5851_f42d_4c95_7f2d);
        let mut pick = Pcg32::new(seed ^ u64::from(i), 0x0a02_bdbf);
        let first = sides[(dice.next_u32() & 1) as usize];
        let mut pos = Position::start(variant, first);
        for _ in 0..20_000 {
            if pos.winner().is_some() {
                break;
            }
            let Some(t) = sample_chance::<Senet>(&pos, &mut dice) else {
                break;
            };
            let next = if pos.side_to_move() == net_side {
                greedy(&mut list, &pos, &t, |p, s| {
                    encode(p, s, &mut x);
                    quant_output(q, &x) as f32
                })
                .map(|(_, p)| p)
            } else {
                match opp {
                    Opp::Random => {
                        let ms = Senet::<0>::turns(&mut list, &pos, &t);
                        let k = pick.next_u32() as usize % ms.len().max(1);
                        ms.get(k).map(|m| Senet::<0>::apply(&pos, m))
                    }
                    Opp::Hand => {
                        greedy(&mut list, &pos, &t, |p, s| HAND.eval::<Senet>(p, s) as f32)
                            .map(|(_, p)| p)
                    }
                }
            };
            let Some(next) = next else { break };
            pos = next;
        }
        if pos.winner() == Some(net_side) {
            wins += 1;
        }
    }
    wins
}

fn write(a: &Args, q: &Quant, secs: f64, log: &str) -> Result<(), String> {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "//! Generated by `tools/tune senet-td`; do not edit by hand. The fixed-point weights of the\n\
         //! learned senet evaluator of the {} rules (`senet_net.rs` says the format). Made by:\n\
         //! `cargo run --release -p tune -- senet-td --variant {} --games {} --alpha {} --alpha-end {} --lambda {} --seed {} --check {} --check-games {}`\n\
         //! ({} self-play games, {secs:.0} s wall on the shared 2-core build machine; {} weights clipped).\n\
         //! Progress (0-ply, paired games on held-out throws):\n{log}",
        a.variant.name(),
        a.variant.name(),
        a.games,
        a.alpha,
        a.alpha_end,
        a.lambda,
        a.seed,
        a.check,
        a.check_games,
        a.games,
        q.clipped
    );
    let _ = writeln!(s, "use super::senet_net::Net;\n");
    let _ = writeln!(s, "/// The {} network.", a.variant.name());
    let _ = writeln!(s, "pub static NET: Net = Net {{");
    let b1: Vec<String> = q.b1.iter().map(|x| x.to_string()).collect();
    let _ = writeln!(s, "    b1: [{}],", b1.join(", "));
    let w2: Vec<String> = q.w2.iter().map(|x| x.to_string()).collect();
    let _ = writeln!(s, "    w2: [{}],", w2.join(", "));
    let _ = writeln!(s, "    b2: {},", q.b2);
    let _ = writeln!(s, "    w1: [");
    for row in &q.w1 {
        let r: Vec<String> = row.iter().map(|x| x.to_string()).collect();
        let _ = writeln!(s, "        [{}],", r.join(", "));
    }
    let _ = writeln!(s, "    ],\n}};");
    std::fs::write(&a.out, s).map_err(|e| format!("cannot write {}: {e}", a.out))?;
    println!("wrote {}", a.out);
    Ok(())
}

pub(crate) fn main(a: &Args) -> Result<(), String> {
    let mut rng = Pcg32::new(a.seed, 0x7464_6c61);
    let mut net = Net::new(&mut rng);
    let mut e = [vec![0.0f32; PARAMS], vec![0.0f32; PARAMS]];
    let mut x = Active::new();
    let mut list = MoveList::new();
    let mut log = String::new();
    let t0 = Instant::now();
    let sides = [Side::A, Side::B];
    for g in 0..a.games {
        let end = if a.alpha_end < 0.0 {
            a.alpha
        } else {
            a.alpha_end
        };
        let alpha = a.alpha + (end - a.alpha) * g as f32 / a.games.max(1) as f32;
        let mut dice = Pcg32::new(a.seed.wrapping_mul(7_919) + u64::from(g), 0x5851_f42d);
        let first = sides[(dice.next_u32() & 1) as usize];
        let mut pos = Position::start(a.variant, first);
        let mut y = [0.0f32; 2];
        for k in 0..2 {
            e[k].iter_mut().for_each(|v| *v = 0.0);
            encode(&pos, sides[k], &mut x);
            y[k] = net.grad_into(&x, &mut e[k]);
        }
        for _ in 0..20_000 {
            let Some(t) = sample_chance::<Senet>(&pos, &mut dice) else {
                break;
            };
            let Some((_, next)) = greedy(&mut list, &pos, &t, |p, s| {
                encode(p, s, &mut x);
                net.prob(&x)
            }) else {
                break;
            };
            pos = next;
            let over = pos.winner();
            for k in 0..2 {
                let target = match over {
                    Some(w) if w == sides[k] => 1.0,
                    Some(_) => 0.0,
                    None => {
                        encode(&pos, sides[k], &mut x);
                        net.prob(&x)
                    }
                };
                let delta = target - y[k];
                net.add(&e[k], alpha * delta);
                if over.is_none() {
                    e[k].iter_mut().for_each(|v| *v *= a.lambda);
                    encode(&pos, sides[k], &mut x);
                    y[k] = net.grad_into(&x, &mut e[k]);
                }
            }
            if over.is_some() {
                break;
            }
        }
        if (g + 1) % a.check == 0 || g + 1 == a.games {
            let q = quantise(&net);
            let n = a.check_games;
            let r = check(&q, a.variant, Opp::Random, n, 3_000_000_019);
            let h = check(&q, a.variant, Opp::Hand, n, 5_000_000_029);
            let line = format!(
                "games {:6}  {:6.0} s  vs random {:.1}%  vs heuristic (hand) {:.1}%  ({n} games each)",
                g + 1,
                t0.elapsed().as_secs_f64(),
                100.0 * f64::from(r) / f64::from(n.max(1)),
                100.0 * f64::from(h) / f64::from(n.max(1)),
            );
            println!("{line}");
            let _ = writeln!(log, "//! {line}");
        }
    }
    let q = quantise(&net);
    write(a, &q, t0.elapsed().as_secs_f64(), &log)
}
