//! `endgame levels`: rebuilds the benchmark sets from their seed and prints every level's
//! error on each (issue 27 parts 2 and 3), for senas and every senet rule set. Parses its own
//! arguments; errors are messages, never panics.
//!
//! ```text
//! endgame levels [--game all|senas|senet] [--variant all|NAME] [--decisions N] [--seed S]
//!                [--threads T] [--trials R] [--steps K] [--senas-steps K] [--senas-trials R]
//!                [--tables DIR]   (senet truth: DIR/senet-RULES-nN.bin, the largest N there)
//!                [--senas-table on|off]
//! ```

use std::time::Instant;

use senas_senet::ai::senas_game::Senas;
use senas_senet::ai::senet_game::Senet;
use senas_senet::games::senet::{Position, Variant};

use crate::bearoff_cmd::{load_or_build, DIR, NAME};
use crate::benchmark::{build, Decision, Recipe, LEVELS};
use crate::errors::{census, score};
use crate::file::decode;
use crate::index::Layout;
use crate::options::{not_a, pairs};
use crate::rollout::{Exact, NoTable, Plan};
use crate::senas_bearoff::truth::{bearing_off, Bearoff};
use crate::solve::{solve, Table};

/// The exact table of one senet rule set.
pub struct SenetTable(pub Table);

impl Exact<Senet> for SenetTable {
    fn exact(&self, pos: &Position) -> Option<f64> {
        self.0.value(pos)
    }
}

struct Args {
    senas: bool,
    bearoff: bool,
    variants: Vec<Variant>,
    decisions: usize,
    seed: u64,
    threads: usize,
    senet: Plan,
    senas_plan: Plan,
    /// A folder of table files (`endgame build`); the largest N there for a rule set is the
    /// truth, else the 2-piece table solved here.
    tables: Option<String>,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        senas: true,
        bearoff: true,
        variants: Variant::ALL.to_vec(),
        decisions: 10_000,
        seed: 2027,
        threads: 2,
        senet: Plan {
            steps: 20,
            trials: 64,
            reduce: true,
        },
        senas_plan: Plan {
            steps: 4,
            trials: 16,
            reduce: false,
        },
        tables: None,
    };
    for (name, v) in pairs(args)? {
        let count = || v.parse::<u32>().map_err(|_| not_a(name, v, "a count"));
        match name {
            "--game" => match v {
                "all" => {}
                "senas" => a.variants.clear(),
                "senet" => a.senas = false,
                _ => return Err(format!("unknown game {v:?}")),
            },
            "--variant" if v == "all" => a.variants = Variant::ALL.to_vec(),
            "--variant" => {
                a.variants = vec![Variant::from_name(v).ok_or(format!("unknown rules {v:?}"))?]
            }
            "--decisions" => a.decisions = count()? as usize,
            "--seed" => a.seed = v.parse().map_err(|_| not_a(name, v, "a number"))?,
            "--threads" => a.threads = count()?.max(1) as usize,
            "--trials" => a.senet.trials = count()?,
            "--steps" => a.senet.steps = count()?,
            "--senas-trials" => a.senas_plan.trials = count()?,
            "--senas-steps" => a.senas_plan.steps = count()?,
            "--tables" => a.tables = Some(v.to_string()),
            "--senas-table" => {
                a.bearoff = match v {
                    "on" => true,
                    "off" => false,
                    _ => return Err(not_a(name, v, "on or off")),
                }
            }
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    Ok(a)
}

fn print<P, C>(name: &str, set: &[Decision<P, C>], seconds: f64) {
    let (phases, exact) = census(set);
    let reports = score(set);
    println!(
        "{name}: {} decisions (opening {}, middle {}, end {}; every candidate exact in {}), {:.0} s",
        set.len(),
        phases[0],
        phases[1],
        phases[2],
        exact,
        seconds
    );
    println!(
        "{:<12} {:<9} {:>9} {:>15} {:>9} {:>7} {:>7} {:>8}   {:>8} {:>8} {:>8}",
        "set",
        "level",
        "decisions",
        "mean mwp (95%)",
        "blunder%",
        "best%",
        "near%",
        "x below",
        "opening",
        "middle",
        "end"
    );
    for (i, r) in reports.iter().enumerate() {
        let ratio = if i == 0 {
            "-".to_string()
        } else {
            let below = reports[i - 1].all.mean_milli();
            format!("{:.2}", r.all.mean_milli() / below.max(1e-9))
        };
        println!(
            "{:<12} {:<9} {:>9} {:>7.2} +-{:<5.2} {:>9.2} {:>7.1} {:>7.1} {:>8}   {:>8.2} {:>8.2} {:>8.2}",
            name,
            format!("{:?}", LEVELS[i]),
            r.all.decisions,
            r.all.mean_milli(),
            r.all.ci_milli(),
            r.all.blunder_pct(),
            r.all.best_pct(),
            r.all.near_pct(),
            ratio,
            r.phase[0].mean_milli(),
            r.phase[1].mean_milli(),
            r.phase[2].mean_milli()
        );
    }
}

/// The exact table of rule set `v`: the file with the most pieces in `dir`
/// (`senet-RULES-nN.bin`, N from 5 down to 2), else the 2-piece table solved here (a few
/// seconds). A file that is there but does not read is an error, never a silent fallback.
pub fn senet_truth(v: Variant, dir: Option<&str>) -> Result<Table, String> {
    if let Some(dir) = dir {
        for n in (2..=5).rev() {
            let path = format!("{dir}/senet-{}-n{n}.bin", v.name());
            match std::fs::read(&path) {
                Ok(bytes) => {
                    let t = decode(&bytes).map_err(|e| format!("{path}: {e}"))?;
                    if t.layout.n != n || t.layout.variant != v {
                        return Err(format!(
                            "{path}: holds {} with {} pieces",
                            t.layout.variant, t.layout.n
                        ));
                    }
                    return Ok(t);
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => return Err(format!("{path}: {e}")),
            }
        }
    }
    Ok(solve(Layout::new(v, 2), 1e-9, |_, _, _, _| {}).0)
}

/// Runs the command on `args` (after `levels`).
pub fn run(args: &[String]) -> Result<(), String> {
    let a = parse(args)?;
    println!(
        "Every level's error (issue 27): loss = best candidate's win probability - the level's turn's, in milli-win-probability per decision with a choice; blunder = loss > 5%; near = loss < 1%"
    );
    println!(
        "truth: exact where the game is over or the senet table (below) holds the position{}; else truncated rollouts with Hard's evaluator at 0-ply (senet: {} turns, {} trials, luck subtracted; senas: {} turns, {} trials), half the trials choose the best, the other half value it",
        if a.bearoff {
            "; one roll over the one-sided bear-off table where both senas sides bear off (near-exact: equal to the two-sided expectimax up to 3 pieces a side, within 0.0024 up to 5; docs/ai.md, The senas bear-off table)"
        } else {
            ""
        },
        a.senet.steps, a.senet.trials, a.senas_plan.steps, a.senas_plan.trials
    );
    let recipe = |plan: Plan, keep: usize| Recipe {
        decisions: a.decisions,
        every: 3,
        keep,
        plan,
        seed: a.seed,
    };
    for &v in &a.variants {
        let t0 = Instant::now();
        let table = senet_truth(v, a.tables.as_deref())?;
        println!(
            "{}: exact table of at most {} pieces a side",
            v.name(),
            table.layout.n
        );
        let truth = SenetTable(table);
        let set = build::<Senet, _>(v, &truth, &recipe(a.senet, 0), a.threads);
        print(v.name(), &set, t0.elapsed().as_secs_f64());
    }
    if a.senas {
        let t0 = Instant::now();
        let set = if a.bearoff {
            let (table, how) = load_or_build(&format!("{DIR}/{NAME}"))?;
            println!("senas bear-off table: {how}");
            build::<Senas, _>((), &Bearoff(table), &recipe(a.senas_plan, 4), a.threads)
        } else {
            println!("senas bear-off table: off (--senas-table off), rollouts there too");
            build::<Senas, _>((), &NoTable, &recipe(a.senas_plan, 4), a.threads)
        };
        print("senas", &set, t0.elapsed().as_secs_f64());
        let covered = set
            .iter()
            .filter(|d| bearing_off(&d.pos).is_some() && d.pos.outgoing().is_empty())
            .count();
        println!("senas: {covered} decisions with both sides bearing off (every candidate valued by the bear-off table when it is on)");
    }
    Ok(())
}
