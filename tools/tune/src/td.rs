//! `tune td`: trains the learned senas evaluator (`src/ai/senas_net.rs`) by self-play TD(lambda)
//! in `f32`, then quantises it to the game's fixed point and writes
//! `src/ai/senas_net_weights.rs`. Both sides play greedily by the network (0-ply), the dice come
//! from the seed, so a run is a function of its arguments. Every `--check` games the quantised
//! network plays `--check-games` paired games against the tuned heuristic (0-ply) on held-out
//! dice and the score is printed; the weights written are those of the end of the run.
//!
//! usage: tune td [--games N] [--alpha A] [--alpha-end A] [--lambda L] [--seed S] [--check N]
//!                [--check-games N] [--out PATH]

use std::fmt::Write as _;
use std::time::Instant;

use rand_core::RngCore;
use rand_pcg::Pcg32;
use senas_senet::ai::selfplay::{play_with, sample_chance};
use senas_senet::ai::senas_game::{Senas, SenasScratch};
use senas_senet::ai::senas_net::{
    encode, scale, Active, HIDDEN, HIDDEN_SHIFT, INPUTS, ONE_Q12, OUT_SHIFT,
};
use senas_senet::ai::{Kind, Player, RaceGame};
use senas_senet::games::senas::{Position, Side};

use crate::net_f32::Format;
use crate::Parsed;

pub(crate) struct Args {
    pub(crate) games: u32,
    pub(crate) alpha: f32,
    pub(crate) alpha_end: f32,
    pub(crate) lambda: f32,
    pub(crate) seed: u64,
    pub(crate) check: u32,
    pub(crate) check_games: u32,
    pub(crate) out: String,
}

/// The usage text of `tune td` (`tune td --help`).
pub const USAGE: &str =
    "usage: tune td [--games N] [--alpha A] [--alpha-end A] [--lambda L] [--seed S] [--check N]
               [--check-games N] [--out PATH]
";

/// Parses the options of `tune td` with `lexopt`.
pub(crate) fn parse(args: &[String]) -> Result<Parsed<Args>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut a = Args {
        games: 4000,
        alpha: 0.01,
        alpha_end: -1.0,
        lambda: 0.7,
        seed: 1,
        check: 1000,
        check_games: 200,
        out: "src/ai/senas_net_weights.rs".into(),
    };
    let mut p = lexopt::Parser::from_args(args);
    while let Some(arg) = p.next()? {
        match arg {
            Short('h') | Long("help") => return Ok(Parsed::Help),
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
    Ok(Parsed::Run(a))
}

/// This game's network in `f32` (the shared trainer of `net_f32.rs`).
type Net = crate::net_f32::Net<INPUTS, HIDDEN>;
/// This game's quantised network.
type Quant = crate::net_f32::Quant<HIDDEN>;

/// The fixed point of the game's network.
const FORMAT: Format = Format {
    scale,
    one_q12: ONE_Q12,
    out_shift: OUT_SHIFT,
    hidden_shift: HIDDEN_SHIFT,
};

/// Trace length: every parameter of the network.
const PARAMS: usize = Net::PARAMS;

/// Greedy turn of the side to move by `value(after, mover)` (a win beats everything).
fn greedy(
    scratch: &mut SenasScratch,
    pos: &Position,
    chance: &<Senas as RaceGame>::Chance,
    mut value: impl FnMut(&Position, Side) -> f32,
) -> Option<(<Senas as RaceGame>::Turn, Position)> {
    let mover = pos.side_to_move();
    let turns = Senas::turns(scratch, pos, chance);
    let mut best: Option<(f32, <Senas as RaceGame>::Turn, Position)> = None;
    for t in turns.iter() {
        let p = Senas::apply(pos, t);
        let v = match p.winner() {
            Some(w) if w == mover => 2.0,
            Some(_) => -1.0,
            None => value(&p, mover),
        };
        if best.as_ref().is_none_or(|b| v > b.0) {
            best = Some((v, *t, p));
        }
    }
    best.map(|(_, t, p)| (t, p))
}

/// Paired games of the quantised network (0-ply) against the tuned heuristic; its wins.
fn check(q: &Quant, games: u32, seed: u64, scratch: &mut SenasScratch) -> u32 {
    let mut wins = 0;
    let mut x = Active::new();
    for i in 0..games {
        let net_side = (i % 2) as usize;
        let mut tuned = Player::new(Kind::Tuned, 0);
        let out = play_with::<Senas>(
            (),
            scratch,
            seed + u64::from(i / 2),
            |mover, sc, pos, ch| {
                if mover == net_side {
                    greedy(sc, pos, ch, |p, s| {
                        encode(p, s, &mut x);
                        q.output(&x) as f32
                    })
                    .map(|(t, _)| t)
                } else {
                    tuned.choose::<Senas>(sc, pos, ch)
                }
            },
        );
        if out.winner == Some(net_side) {
            wins += 1;
        }
    }
    wins
}

fn write(a: &Args, q: &Quant, games_done: u32, secs: f64) -> Result<(), String> {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "//! Generated by `tools/tune td`; do not edit by hand. The fixed-point weights of the learned\n\
         //! senas evaluator (`senas/net.rs` says the inputs, `search/net.rs` the format). Made by:\n\
         //! `cargo run --release -p tune -- td --games {} --alpha {} --alpha-end {} --lambda {} --seed {} --check {} --check-games {}`\n\
         //! ({games_done} self-play games, {secs:.0} s on one core of the 2-core build machine; {} weights clipped).\n",
        a.games, a.alpha, a.alpha_end, a.lambda, a.seed, a.check, a.check_games, q.clipped
    );
    let s = q.source::<INPUTS>(
        &s,
        "The senas network (the format: `search::net`, the inputs: `senas::net`).",
    );
    std::fs::write(&a.out, s).map_err(|e| format!("cannot write {}: {e}", a.out))?;
    println!("wrote {}", a.out);
    Ok(())
}

pub(crate) fn main(a: &Args) -> Result<(), String> {
    let mut rng = Pcg32::new(a.seed, 0x7464_6c61);
    let mut net = Net::new(&mut rng, FORMAT);
    let mut scratch = Box::<SenasScratch>::default();
    let mut e = [vec![0.0f32; PARAMS], vec![0.0f32; PARAMS]];
    let mut x = Active::new();
    let t0 = Instant::now();
    let sides = [Side::White, Side::Black];
    for g in 0..a.games {
        // Linear decay from --alpha to --alpha-end (constant when no end is given).
        let end = if a.alpha_end < 0.0 {
            a.alpha
        } else {
            a.alpha_end
        };
        let alpha = a.alpha + (end - a.alpha) * g as f32 / a.games.max(1) as f32;
        let mut dice = Pcg32::new(a.seed.wrapping_mul(7_919) + u64::from(g), 0x5851_f42d);
        let first = sides[(dice.next_u32() & 1) as usize];
        let mut pos = Position::start(first);
        let mut y = [0.0f32; 2];
        for k in 0..2 {
            e[k].iter_mut().for_each(|v| *v = 0.0);
            encode(&pos, sides[k], &mut x);
            y[k] = net.grad_into(&x, &mut e[k]);
        }
        for _ in 0..5_000 {
            let Some(ch) = sample_chance::<Senas>(&pos, &mut dice) else {
                break;
            };
            let Some((_, next)) = greedy(&mut scratch, &pos, &ch, |p, s| {
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
            let q = net.quantise();
            let wins = check(&q, a.check_games, 1_000_000_007, &mut scratch);
            println!(
                "games {:6}  {:6.0} s  vs tuned (0-ply, {} paired games): {} ({:.1}%)",
                g + 1,
                t0.elapsed().as_secs_f64(),
                a.check_games,
                wins,
                100.0 * f64::from(wins) / f64::from(a.check_games.max(1))
            );
        }
    }
    let q = net.quantise();
    write(a, &q, a.games, t0.elapsed().as_secs_f64())
}
