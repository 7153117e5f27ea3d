//! `tune senet-td --variant V`: trains the learned senet evaluator of one rule set
//! (`src/ai/senet/net.rs`) by self-play TD(lambda) in `f32` (the shared loop of `td_loop.rs`),
//! then quantises it to the game's fixed point and writes `src/ai/senet/weights/<variant>.rs`.
//! Both sides play greedily by the network (0-ply), the throws come from the seed, so a run is
//! a function of its arguments.
//! Every `--check` games the quantised network plays `--check-games` paired games against the
//! random player and against the hand-set heuristic (both 0-ply) on held-out throws, and the
//! scores are printed; the weights written are those of the end of the run. `--hidden 32` (the
//! default) trains the search's network (`senet::net::Net`, `src/ai/senet/weights/<variant>.rs`);
//! a smaller count trains the heuristic's network (`senet::heuristic`,
//! `src/ai/senet/weights/heuristic_<variant>.rs`).
//!
//! `--warm` starts from the rule set's shipped network instead of a random draw; `--play
//! a:b,...` has fixed players (`senet_fixed.rs`) play the games, which TD(lambda) then
//! evaluates (policy evaluation) instead of playing itself; `--check-hard N` adds to each check
//! N paired games of the shipped Hard search with the candidate against the shipped Normal.
//!
//! Options: `tune senet-td --help` ([`USAGE`]).

use std::fmt::Write as _;
use std::time::Instant;

use rand_core::RngCore;
use rand_pcg::Pcg32;
use senas_senet::ai::selfplay::sample_chance;
use senas_senet::ai::senet::adapter::Senet;
use senas_senet::ai::senet::levels::HAND;
use senas_senet::ai::senet_net::{
    self, scale, Active, HIDDEN, HIDDEN_SHIFT, INPUTS, OFF_BASE, ONE_Q12, OUT_SHIFT,
};

/// Hidden-unit counts `--hidden` accepts (the network is generic over them; one monomorphised
/// trainer each).
pub(crate) const HIDDEN_CHOICES: [usize; 7] = [2, 4, 6, 8, 12, 16, HIDDEN];
use senas_senet::ai::RaceGame;
use senas_senet::games::senet::{MoveList, Position, Side, Throw, Variant};

use crate::net_f32::Format;
use crate::senet_fixed::{hard_vs_normal, leak, Pairs};
use crate::senet_write::write;
use crate::td_loop::{greedy, train, Run};
use crate::Parsed;

/// What the network reads of the game's encoding (`--inputs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Inputs {
    /// Every input of `senet_net::encode`.
    All,
    /// Everything but the squares of the pieces (pieces off, tempo, bound pieces, the 11
    /// features): the squares' first-layer rows are written as zeros, so the game's encoder
    /// and inference need no change.
    Features,
}

impl Inputs {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Inputs::All => "all",
            Inputs::Features => "features",
        }
    }
}

/// `senet_net::encode`, less the squares when the network reads only the features.
fn encode(inputs: Inputs, pos: &Position, side: Side, out: &mut Active) {
    senet_net::encode(pos, side, out);
    if inputs == Inputs::Features {
        out.retain(|&(i, _)| usize::from(i) >= OFF_BASE);
    }
}

pub(crate) struct Args {
    pub(crate) variant: Variant,
    /// The self-play run (`td_loop`): games, learning rate, trace decay, seed, checks.
    pub(crate) run: Run,
    pub(crate) check_games: u32,
    /// Hidden units: [`HIDDEN`] for the search's network, fewer for the heuristic's.
    pub(crate) hidden: usize,
    pub(crate) inputs: Inputs,
    pub(crate) out: String,
    /// Start from the shipped network of the rule set (`--warm`).
    pub(crate) warm: bool,
    /// Fixed players of the games (`--play`); `None`: self-play.
    pub(crate) play: Option<Pairs>,
    /// Paired games of Hard with the candidate against Normal at each check (`--check-hard`).
    pub(crate) check_hard: u32,
}

/// The usage text of `tune senet-td` (`tune senet-td --help`).
pub const USAGE: &str =
    "usage: tune senet-td --variant kendall [--games N] [--alpha A] [--alpha-end A] [--lambda L]
                     [--seed S] [--check N] [--check-games N] [--hidden 2|4|6|8|12|16|32]
                     [--explore PERMILLE] [--inputs all|features] [--out PATH]
                     [--warm] [--play A:B[,C:D...]] [--check-hard N]
";

/// Parses the options of `tune senet-td` with `lexopt`.
pub(crate) fn parse(args: &[String]) -> Result<Parsed<Args>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut a = Args {
        variant: Variant::Kendall,
        run: Run {
            games: 20_000,
            alpha: 0.1,
            alpha_end: -1.0,
            lambda: 0.7,
            seed: 1,
            check: 5_000,
            explore: 0,
            max_turns: 20_000,
            cap_value: -1.0,
        },
        check_games: 1_000,
        hidden: HIDDEN,
        inputs: Inputs::All,
        out: String::new(),
        warm: false,
        play: None,
        check_hard: 0,
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
            Long(o) if Run::OPTIONS.contains(&o) => {
                let o = o.to_owned();
                a.run.set(&o, p.value()?)?;
            }
            Long("check-games") => a.check_games = p.value()?.parse::<u32>()? & !1,
            Long("hidden") => {
                let h: usize = p.value()?.parse()?;
                if !HIDDEN_CHOICES.contains(&h) {
                    return Err(format!("--hidden {h}: one of {HIDDEN_CHOICES:?}").into());
                }
                a.hidden = h;
            }
            Long("inputs") => {
                a.inputs = match p.value()?.string()?.as_str() {
                    "all" => Inputs::All,
                    "features" => Inputs::Features,
                    v => return Err(format!("--inputs {v:?}: all or features").into()),
                }
            }
            Long("out") => a.out = p.value()?.string()?,
            Long("warm") => a.warm = true,
            Long("play") => a.play = Some(Pairs::parse(&p.value()?.string()?)?),
            Long("check-hard") => a.check_hard = p.value()?.parse::<u32>()? & !1,
            _ => return Err(arg.unexpected()),
        }
    }
    if a.warm && a.hidden != HIDDEN {
        return Err(format!("--warm: only the {HIDDEN}-unit network ships").into());
    }
    if a.out.is_empty() {
        let prefix = if a.hidden == HIDDEN { "" } else { "heuristic_" };
        a.out = format!("src/ai/senet/weights/{prefix}{}.rs", a.variant.name());
    }
    Ok(Parsed::Run(a))
}

/// This game's network in `f32` with `H` hidden units (the shared trainer of `net_f32.rs`).
type Net<const H: usize> = crate::net_f32::Net<INPUTS, H>;
/// This game's quantised network.
pub(crate) type Quant<const H: usize> = crate::net_f32::Quant<H>;

/// The fixed point of the game's network.
pub(crate) const FORMAT: Format = Format {
    scale,
    one_q12: ONE_Q12,
    out_shift: OUT_SHIFT,
    hidden_shift: HIDDEN_SHIFT,
};

/// The opponents of the checks.
#[derive(Clone, Copy)]
enum Opp {
    Random,
    Hand,
}

/// Paired games of the quantised network (0-ply) against `opp`; its wins.
fn check<const H: usize>(
    q: &Quant<H>,
    inputs: Inputs,
    variant: Variant,
    opp: Opp,
    games: u32,
    seed: u64,
) -> u32 {
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
                greedy::<Senet>(&mut list, &pos, &t, |p, s| {
                    encode(inputs, p, s, &mut x);
                    q.output(&x) as f32
                })
                .map(|(_, p)| p)
            } else {
                match opp {
                    Opp::Random => {
                        let ms = Senet::turns(&mut list, &pos, &t);
                        let k = pick.next_u32() as usize % ms.len().max(1);
                        ms.get(k).map(|m| Senet::apply(&pos, m))
                    }
                    Opp::Hand => {
                        greedy::<Senet>(&mut list, &pos, &t, |p, s| HAND.eval::<Senet>(p, s) as f32)
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

/// The game's fixed-point network; inputs it does not read get zero rows (their `f32` rows
/// never moved from the initial draw).
fn quantise<const H: usize>(net: &Net<H>, inputs: Inputs) -> Quant<H> {
    let mut q = net.quantise();
    if inputs == Inputs::Features {
        q.w1.iter_mut().take(OFF_BASE).for_each(|r| *r = [0; H]);
    }
    q
}

/// Games between two quantisations of the candidate for `--play cand:...`.
const CAND_REFRESH: u32 = 200;
/// Turns after which a `--check-hard` game is abandoned (the length target's p99 is 1 200).
const CHECK_CAP: u32 = 2_000;

pub(crate) fn main(a: &Args) -> Result<(), String> {
    match a.hidden {
        2 => run::<2>(a),
        4 => run::<4>(a),
        6 => run::<6>(a),
        8 => run::<8>(a),
        12 => run::<12>(a),
        16 => run::<16>(a),
        HIDDEN => run::<HIDDEN>(a),
        h => Err(format!("--hidden {h}: one of {HIDDEN_CHOICES:?}")),
    }
}

fn run<const H: usize>(a: &Args) -> Result<(), String> {
    const { assert!(H > 0) };
    let mut rng = Pcg32::new(a.run.seed, 0x7464_6c61);
    let mut net = Net::<H>::new(&mut rng, FORMAT);
    if a.warm {
        let s = senet_net::for_variant(a.variant).ok_or("--warm: no shipped network")?;
        let rows: Option<Vec<[i16; H]>> = s.w1.iter().map(|r| r[..].try_into().ok()).collect();
        let (Some(w1), Ok(b1), Ok(w2)) = (rows, s.b1[..].try_into(), s.w2[..].try_into()) else {
            return Err(format!(
                "--warm: the shipped network has {HIDDEN} hidden units"
            ));
        };
        net = Net::<H>::from_fixed(&w1, &b1, &w2, s.b2, FORMAT);
    }
    let play = a.play.clone();
    // The candidate's Hard (`--play cand:...`) searches with a quantisation of the network
    // made every CAND_REFRESH games.
    let mut cand: Option<(u32, &'static senet_net::Net)> = None;
    let mut fixed = |g: u32, net: &Net<H>, sc: &mut MoveList, p: &Position, t: &Throw| {
        let pairs = play.as_ref()?;
        if pairs.has_cand() && cand.is_none_or(|(at, _)| at != g / CAND_REFRESH) {
            cand = leak(&quantise(net, a.inputs)).map(|n| (g / CAND_REFRESH, n));
        }
        Some(pairs.play(g, cand.map(|(_, n)| n), sc, p, t))
    };
    let mut list = MoveList::new();
    let mut log = String::new();
    let t0 = Instant::now();
    let inputs = a.inputs;
    let encode_into = |p: &Position, s: Side, out: &mut Vec<(u16, i16)>| {
        let mut x = Active::new();
        encode(inputs, p, s, &mut x);
        out.clear();
        out.extend_from_slice(&x);
    };
    train::<Senet, INPUTS, H>(
        &a.run,
        a.variant,
        &mut list,
        &mut net,
        &mut fixed,
        encode_into,
        |done, net, _| {
            let q = quantise(net, a.inputs);
            let n = a.check_games;
            let r = check(&q, a.inputs, a.variant, Opp::Random, n, 3_000_000_019);
            let h = check(&q, a.inputs, a.variant, Opp::Hand, n, 5_000_000_029);
            let mut line = format!(
            "games {:6}  {:6.0} s  vs random {:.1}%  vs heuristic (hand) {:.1}%  ({n} games each)",
            done,
            t0.elapsed().as_secs_f64(),
            100.0 * f64::from(r) / f64::from(n.max(1)),
            100.0 * f64::from(h) / f64::from(n.max(1)),
        );
            if let Some(net) = (a.check_hard > 0).then(|| leak(&q)).flatten() {
                // Held-out dice (not the measured tournament's seed 11).
                let k = a.check_hard;
                let c = hard_vs_normal(net, a.variant, k, 7_000_000_001, CHECK_CAP);
                let _ = write!(
                    line,
                    "  hard v normal {:.1}% ({k}; turns median {} p99 {}, {} past {CHECK_CAP})",
                    100.0 * f64::from(c.wins) / f64::from(k.max(1)),
                    c.median,
                    c.p99,
                    c.capped
                );
            }
            println!("{line}");
            let _ = writeln!(log, "//! {line}");
            if a.check_hard > 0 && done < a.run.games {
                let out = format!("{}.{done}", a.out);
                if let Err(e) = write(a, &out, done, &q, t0.elapsed().as_secs_f64(), &log) {
                    eprintln!("{e}");
                }
            }
        },
    );
    let q = quantise(&net, a.inputs);
    write(a, &a.out, a.run.games, &q, t0.elapsed().as_secs_f64(), &log)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feature_inputs_drop_the_squares_and_their_rows_are_written_as_zeros() {
        let pos = Position::start(Variant::Kendall, Side::A);
        let (mut all, mut feats) = (Active::new(), Active::new());
        encode(Inputs::All, &pos, Side::A, &mut all);
        encode(Inputs::Features, &pos, Side::A, &mut feats);
        let kept: Vec<_> = all
            .iter()
            .filter(|&&(i, _)| usize::from(i) >= OFF_BASE)
            .collect();
        assert_eq!(feats.iter().collect::<Vec<_>>(), kept);
        assert!(feats.len() < all.len(), "the ten pieces are dropped");
        let net = Net::<4>::new(&mut Pcg32::new(3, 1), FORMAT);
        let q = quantise(&net, Inputs::Features);
        assert!(q.w1[..OFF_BASE].iter().all(|r| *r == [0; 4]));
        assert!(q.w1[OFF_BASE..].iter().any(|r| *r != [0; 4]));
        // So the game's full encoding computes what the trainer's reduced one does.
        assert_eq!(q.output(&all), q.output(&feats));
        assert_ne!(quantise(&net, Inputs::All).output(&all), q.output(&feats));
    }
}
