//! `tune`: fits the heuristic's weights by self-play and writes the generated Rust file of
//! `const` weights the game uses (`src/ai/tuned_weights.rs`).
//!
//! Methods: `--method texel` (default; see `texel.rs`): outcome regression on self-play
//! positions, optionally followed by climbing. `--method climb`: stochastic coordinate hill climbing. Each step changes one weight of one phase by a
//! step drawn from the seed, plays paired games (same dice, sides swapped) of the candidate
//! against the current best (both 1-ply heuristic players), and keeps the candidate when it wins
//! more than the acceptance share. A run starts from the game's hand-set weights and is a function
//! of its arguments: same seed, same weights.
//!
//! Arguments are parsed with `lexopt` (`tune --help`, `tune td --help`); a bad command line
//! prints the error and the usage on stderr and exits 2.

mod net_f32;
mod senet_fixed;
mod senet_td;
mod senet_write;
mod td;
mod td_loop;
mod texel;

use std::fmt::Write as _;
use std::process::ExitCode;

use rand_core::RngCore;
use rand_pcg::Pcg32;
use senas_senet::ai::game::PHASES;
use senas_senet::ai::selfplay::{play_with, Playable};
use senas_senet::ai::senas_game::{self, Senas};
use senas_senet::ai::senet_game::{self, Senet};
use senas_senet::ai::{tuned_weights, Budget, Profile, Search, Weights};
use senas_senet::games::senet::Variant;

struct Args {
    game: String,
    method: String,
    texel_games: u32,
    epochs: u32,
    explore: u32,
    prior: f64,
    nonneg: bool,
    first_feature: usize,
    step_div: i32,
    iters: u32,
    games: u32,
    accept: u32,
    seed: u64,
    threads: u32,
    out: String,
    /// The senet rule set whose self-play games are fitted (`--variant`).
    variant: Variant,
    /// What the texel fit predicts: `outcome` (who won) or `learned` (the game's network).
    target: String,
    /// Where the run starts: `hand` (the hand-set weights) or `tuned` (the constant it
    /// replaces, so a climb can continue an earlier fit).
    start: String,
}

const USAGE: &str =
    "usage: tune --game senas|senet [--variant wiibrew2009|kendall] [--method texel|climb]
            [--target outcome|learned] [--start hand|tuned] [--texel-games N] [--epochs N]
            [--explore PERMILLE] [--prior X] [--nonneg 0|1] [--first-feature I] [--step-div D]
            [--iters N] [--games N] [--accept PERMILLE] [--seed S] [--threads T] [--out PATH]
       tune td --help   (trains the learned senas evaluator)
       tune senet-td --help   (trains the learned evaluator of a senet rule set)
";

/// What the command line asked for: a run, or the usage text (`--help`).
enum Parsed<T> {
    Run(T),
    Help,
}

/// Parses the options of the weight fitter with `lexopt`; every value is checked here.
fn parse(args: &[String]) -> Result<Parsed<Args>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut a = Args {
        game: String::new(),
        method: "texel".into(),
        texel_games: 4000,
        epochs: 400,
        explore: 100,
        prior: 0.0,
        nonneg: false,
        first_feature: 0,
        step_div: 3,
        iters: 0,
        games: 400,
        accept: 530,
        seed: 1,
        threads: 2,
        out: "src/ai/tuned_weights.rs".into(),
        variant: Variant::Wiibrew2009,
        target: "outcome".into(),
        start: "hand".into(),
    };
    let mut p = lexopt::Parser::from_args(args);
    while let Some(arg) = p.next()? {
        match arg {
            Short('h') | Long("help") => return Ok(Parsed::Help),
            Long("game") => a.game = p.value()?.string()?,
            Long("method") => a.method = p.value()?.string()?,
            Long("texel-games") => a.texel_games = p.value()?.parse()?,
            Long("epochs") => a.epochs = p.value()?.parse()?,
            Long("explore") => a.explore = p.value()?.parse()?,
            Long("nonneg") => a.nonneg = matches!(p.value()?.string()?.as_str(), "1" | "true"),
            Long("first-feature") => a.first_feature = p.value()?.parse()?,
            Long("step-div") => a.step_div = p.value()?.parse()?,
            Long("prior") => a.prior = p.value()?.parse()?,
            Long("iters") => a.iters = p.value()?.parse()?,
            Long("games") => a.games = p.value()?.parse::<u32>()?.max(2) & !1,
            Long("accept") => a.accept = p.value()?.parse()?,
            Long("seed") => a.seed = p.value()?.parse()?,
            Long("threads") => a.threads = p.value()?.parse::<u32>()?.max(1),
            Long("out") => a.out = p.value()?.string()?,
            Long("variant") => {
                let v = p.value()?.string()?;
                a.variant =
                    Variant::from_name(&v).ok_or_else(|| format!("unknown senet variant {v:?}"))?;
            }
            Long("start") => {
                a.start = p.value()?.string()?;
                if !matches!(a.start.as_str(), "hand" | "tuned") {
                    return Err(format!("--start {:?}: hand or tuned", a.start).into());
                }
            }
            Long("target") => {
                a.target = p.value()?.string()?;
                if !matches!(a.target.as_str(), "outcome" | "learned") {
                    return Err(format!("--target {:?}: outcome or learned", a.target).into());
                }
            }
            _ => return Err(arg.unexpected()),
        }
    }
    match (a.game.as_str(), a.method.as_str()) {
        ("senas" | "senet", "texel" | "climb") => Ok(Parsed::Run(a)),
        ("senas" | "senet", m) => Err(format!("--method {m:?}: texel or climb").into()),
        _ => Err("--game senas|senet is required".into()),
    }
}

/// Wins of `cand` against `base` over `games` paired games starting at dice seed `seed`.
fn match_score<G: Playable<Eval: From<Weights>>>(
    rules: G::Rules,
    cand: Weights,
    base: Weights,
    games: u32,
    seed: u64,
    threads: u32,
) -> u32 {
    let per = games.div_ceil(threads) & !1;
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut scratch = Box::<G::Scratch>::default();
                    let mut wins = 0;
                    let lo = t * per;
                    let hi = ((t + 1) * per).min(games);
                    for i in lo..hi {
                        let cand_side = (i % 2) as usize;
                        let game_seed = seed + u64::from(i / 2);
                        let w = if cand_side == 0 {
                            [cand, base]
                        } else {
                            [base, cand]
                        };
                        let out = play_with::<G>(
                            rules,
                            &mut scratch,
                            game_seed,
                            |mover, sc, pos, chance| {
                                Search::<G>::new(sc, pos, chance, w[mover], Budget::STATIC).run(sc)
                            },
                        );
                        if out.winner == Some(cand_side) {
                            wins += 1;
                        }
                    }
                    wins
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
    })
}

fn climb<G: Playable<Eval: From<Weights>>>(
    rules: G::Rules,
    a: &Args,
    used: usize,
    start: Weights,
) -> Weights {
    let mut rng = Pcg32::new(a.seed, 0x7475_6e65);
    let mut best = start;
    let phases_used = (0..PHASES)
        .filter(|&p| best.phase[p].iter().any(|&w| w != 0))
        .count();
    for it in 0..a.iters {
        let p = (rng.next_u32() as usize) % phases_used;
        let lo = a.first_feature.min(used - 1);
        let f = lo + (rng.next_u32() as usize) % (used - lo);
        let w = best.phase[p][f];
        let mag = (w.abs() / a.step_div.max(1)).max(1);
        let step = if rng.next_u32() & 1 == 0 { mag } else { -mag };
        let mut cand = best;
        cand.phase[p][f] = w + step;
        // Dice seeds never repeat across iterations, so no candidate is fitted to one set.
        let seed = a.seed.wrapping_mul(1_000_003) + u64::from(it) * u64::from(a.games);
        let wins = match_score::<G>(rules, cand, best, a.games, seed, a.threads);
        let accepted = wins * 1000 > a.accept * a.games;
        println!(
            "iter {it:4} phase {p} feature {f:2} {w:5} -> {:5}: {wins:4} of {} {}",
            w + step,
            a.games,
            if accepted { "accepted" } else { "" }
        );
        if accepted {
            best = cand;
        }
    }
    best
}

fn tune<G: Playable<Eval: From<Weights>>>(
    rules: G::Rules,
    a: &Args,
    used: usize,
    hand: Weights,
) -> Weights {
    let start = if a.method == "texel" {
        let cfg = texel::Fit {
            games: a.texel_games,
            epochs: a.epochs,
            explore: a.explore,
            prior: a.prior,
            nonneg: a.nonneg,
            learned: a.target == "learned",
        };
        texel::fit::<G>(rules, hand, used, a.seed, &cfg)
    } else {
        hand
    };
    climb::<G>(rules, a, used, start)
}

fn literal(name: &str, doc: &str, w: &Weights) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "/// {doc}");
    let _ = writeln!(s, "pub const {name}: Weights = Weights {{");
    let _ = writeln!(s, "    phase: [");
    for p in 0..PHASES {
        let row: Vec<String> = w.phase[p].iter().map(|x| x.to_string()).collect();
        let _ = writeln!(s, "        [{}],", row.join(", "));
    }
    let _ = writeln!(s, "    ],");
    let _ = writeln!(s, "    squash: {},", w.squash);
    let _ = writeln!(s, "}};");
    s
}

/// The constant a run writes: the game, or the senet rule set with weights of its own.
fn slot(a: &Args) -> &'static str {
    match (a.game.as_str(), a.variant) {
        ("senas", _) => "SENAS",
        (_, Variant::Kendall) => "SENET_KENDALL",
        _ => "SENET",
    }
}

fn run(a: &Args) -> Result<(), String> {
    let (mut senas, mut senet, mut kendall) = (
        tuned_weights::SENAS,
        tuned_weights::SENET,
        tuned_weights::SENET_KENDALL,
    );
    let n = senet_game::feature::COUNT;
    let tuned = a.start == "tuned";
    let from = |hand: Weights, old: Weights| if tuned { old } else { hand };
    let hand = <Senet as Profile>::HAND;
    match (a.game.as_str(), a.variant) {
        ("senas", _) => {
            let start = from(<Senas as Profile>::HAND, senas);
            senas = tune::<Senas>((), a, senas_game::feature::COUNT, start);
        }
        (_, Variant::Wiibrew2009) => senet = tune::<Senet>(a.variant, a, n, from(hand, senet)),
        (_, Variant::Kendall) => kendall = tune::<Senet>(a.variant, a, n, from(hand, kendall)),
        (_, Variant::Jequier) => {
            return Err("jequier has no weights of its own (it plays the senet weights)".into())
        }
    }
    let mut file = String::new();
    file.push_str(
        "//! Generated by `tools/tune`; do not edit by hand. Each run starts from the hand-set\n",
    );
    file.push_str("//! weights and keeps the other constants; the commands that made them:\n");
    let me = slot(a);
    let command = format!(
        "//! {me}: `cargo run --release -p tune -- --game {}{}{}{} --method {} --texel-games {} --epochs {} --explore {} --prior {} --nonneg {} --first-feature {} --step-div {} --iters {} --games {} --accept {} --seed {} --threads {}`",
        a.game,
        if a.variant == Variant::Wiibrew2009 { String::new() } else { format!(" --variant {}", a.variant) },
        if a.target == "outcome" { String::new() } else { format!(" --target {}", a.target) },
        if tuned { " --start tuned" } else { "" },
        a.method, a.texel_games, a.epochs, a.explore, a.prior, u8::from(a.nonneg), a.first_feature, a.step_div, a.iters, a.games, a.accept, a.seed, a.threads
    );
    // Keep the other constants' command lines from the file being replaced.
    let old = std::fs::read_to_string(&a.out).unwrap_or_default();
    let mut lines: Vec<String> = old
        .lines()
        .filter(|l| {
            ["SENAS", "SENET", "SENET_KENDALL"]
                .iter()
                .any(|k| *k != me && l.starts_with(&format!("//! {k}: ")))
        })
        .map(str::to_string)
        .collect();
    lines.push(command);
    lines.sort();
    for l in lines {
        file.push_str(&l);
        file.push('\n');
    }
    file.push('\n');
    file.push_str("use super::eval::Weights;\n\n");
    file.push_str(&literal(
        "SENAS",
        "Senas weights fitted by self-play.",
        &senas,
    ));
    file.push('\n');
    file.push_str(&literal(
        "SENET",
        "Senet weights fitted by self-play.",
        &senet,
    ));
    file.push('\n');
    file.push_str(&literal(
        "SENET_KENDALL",
        "Senet weights fitted by self-play under Kendall's rules (the linear Kendall fit).",
        &kendall,
    ));
    std::fs::write(&a.out, file).map_err(|e| format!("cannot write {}: {e}", a.out))?;
    println!("wrote {}", a.out);
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("senet-td") {
        return match senet_td::parse(&args[1..]) {
            Ok(Parsed::Help) => {
                print!("{}", senet_td::USAGE);
                ExitCode::SUCCESS
            }
            Ok(Parsed::Run(a)) => match senet_td::main(&a) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("tune senet-td: {e}");
                    ExitCode::FAILURE
                }
            },
            Err(e) => {
                eprint!("tune senet-td: {e}\n{}", senet_td::USAGE);
                ExitCode::from(2)
            }
        };
    }
    if args.first().map(String::as_str) == Some("td") {
        return match td::parse(&args[1..]) {
            Ok(Parsed::Help) => {
                print!("{}", td::USAGE);
                ExitCode::SUCCESS
            }
            Ok(Parsed::Run(a)) => match td::main(&a) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("tune td: {e}");
                    ExitCode::FAILURE
                }
            },
            Err(e) => {
                eprint!("tune td: {e}\n{}", td::USAGE);
                ExitCode::from(2)
            }
        };
    }
    match parse(&args) {
        Ok(Parsed::Help) => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        Ok(Parsed::Run(a)) => match run(&a) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("tune: {e}");
                ExitCode::FAILURE
            }
        },
        Err(e) => {
            eprint!("tune: {e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_are_read_and_a_bad_command_line_is_an_error_not_a_run() {
        let Ok(Parsed::Run(a)) = parse(&words("--game senet --games 7 --seed 9 --method climb"))
        else {
            panic!("a good command line must parse");
        };
        assert_eq!((a.game.as_str(), a.games, a.seed), ("senet", 6, 9));
        assert!(matches!(parse(&words("--help")), Ok(Parsed::Help)));
        for bad in [
            "",
            "--game chess",
            "--game senas --games many",
            "--game senas --bogus 1",
            "--game senas --seed",
            "--game senas --method guess",
        ] {
            assert!(parse(&words(bad)).is_err(), "{bad:?} must be refused");
        }
    }

    #[test]
    fn variant_target_and_start_are_read_and_bad_values_refused() {
        let Ok(Parsed::Run(a)) = parse(&words(
            "--game senet --variant kendall --target learned --start tuned",
        )) else {
            panic!("a good command line must parse");
        };
        assert_eq!(a.variant, Variant::Kendall);
        assert_eq!((a.target.as_str(), a.start.as_str()), ("learned", "tuned"));
        assert_eq!(slot(&a), "SENET_KENDALL");
        for bad in [
            "--game senet --variant chess",
            "--game senet --target guess",
            "--game senet --start nowhere",
        ] {
            assert!(parse(&words(bad)).is_err(), "{bad:?} must be refused");
        }
        let Ok(Parsed::Run(k)) = senet_td::parse(&words("--variant kendall --games 10")) else {
            panic!("a good senet-td command line must parse");
        };
        assert_eq!((k.variant, k.run.games), (Variant::Kendall, 10));
        assert_eq!(k.out, "src/ai/senet/weights/kendall.rs");
        assert!(senet_td::parse(&words("--variant piccione")).is_err());
        let Ok(Parsed::Run(h)) = senet_td::parse(&words(
            "--variant kendall --hidden 4 --inputs features --explore 100",
        )) else {
            panic!("a heuristic senet-td command line must parse");
        };
        assert_eq!((h.hidden, h.run.explore), (4, 100));
        assert_eq!(h.inputs, senet_td::Inputs::Features);
        assert_eq!(h.out, "src/ai/senet/weights/heuristic_kendall.rs");
        assert_eq!(k.hidden, senas_senet::ai::senet_net::HIDDEN);
        assert_eq!(k.inputs, senet_td::Inputs::All);
        for bad in ["--hidden 5", "--hidden x", "--inputs squares"] {
            assert!(
                senet_td::parse(&words(bad)).is_err(),
                "{bad:?} must be refused"
            );
        }
        assert!(matches!(
            senet_td::parse(&words("--help")),
            Ok(Parsed::Help)
        ));
    }

    #[test]
    fn td_options_are_read_and_unknown_ones_refused() {
        let Ok(Parsed::Run(a)) = td::parse(&words("--games 10 --lambda 0.5 --check-games 5"))
        else {
            panic!("a good td command line must parse");
        };
        assert_eq!((a.run.games, a.check_games), (10, 4));
        assert!((a.run.lambda - 0.5).abs() < 1e-6);
        assert!(matches!(td::parse(&words("-h")), Ok(Parsed::Help)));
        assert!(td::parse(&words("--alpha x")).is_err());
        assert!(td::parse(&words("--games 1 extra")).is_err());
    }
}
