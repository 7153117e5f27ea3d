//! `endgame`: builds the exact senet endgame tables and measures the computer levels against
//! them. Parses its own arguments; errors are messages, never panics.
//!
//! ```text
//! endgame build   [--variant all|wiibrew2009|kendall|jequier] [--pieces N] [--dir DIR] [--tolerance T]
//! endgame measure [--variant ...] [--pieces N] [--dir DIR] [--games G] [--seed S] [--cap C]
//! endgame pack    [--variant ...] [--pieces N] [--dir DIR] [--tolerance T]   (default dir: assets/tables)
//! endgame precision [--variant ...] [--pieces N] [--tolerance T]
//! endgame senas-bearoff [--pieces N] [--dir DIR] [--check K]   (the senas bear-off table)
//! ```

use std::time::Instant;

use endgame::file::{decode, encode, Made};
use endgame::index::Layout;
use endgame::measure::{draw_points, score_levels, LEVELS};
use endgame::options::{not_a, pairs};
use endgame::pack::{self, Solved};
use endgame::precision::precision;
use endgame::solve::{solve, Stats, Table};
use senas_senet::games::senet::Variant;

struct Args {
    variants: Vec<Variant>,
    pieces: usize,
    dir: Option<String>,
    tolerance: f64,
    games: u32,
    seed: u64,
    cap: usize,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        variants: Variant::ALL.to_vec(),
        pieces: 2,
        dir: None,
        tolerance: 1e-9,
        games: 600,
        seed: 27,
        cap: 20_000,
    };
    for (name, v) in pairs(args)? {
        let num = |what: &str| not_a(name, v, what);
        match name {
            "--variant" if v == "all" => a.variants = Variant::ALL.to_vec(),
            "--variant" => {
                a.variants = vec![Variant::from_name(v).ok_or(format!("unknown rules {v:?}"))?]
            }
            "--pieces" => a.pieces = v.parse().map_err(|_| num("a count"))?,
            "--dir" => a.dir = Some(v.to_string()),
            "--tolerance" => a.tolerance = v.parse().map_err(|_| num("a number"))?,
            "--games" => a.games = v.parse().map_err(|_| num("a count"))?,
            "--seed" => a.seed = v.parse().map_err(|_| num("a number"))?,
            "--cap" => a.cap = v.parse().map_err(|_| num("a count"))?,
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    if !(1..=5).contains(&a.pieces) {
        return Err("--pieces must be 1 to 5".into());
    }
    Ok(a)
}

/// Where the table files go unless `--dir` says.
const TABLES: &str = "target/tables";
/// Where the packed tables the game carries go unless `--dir` says.
const PACKED: &str = "assets/tables";

fn path(dir: &str, v: Variant, n: usize) -> String {
    format!("{dir}/senet-{}-n{n}.bin", v.name())
}

fn solved(v: Variant, a: &Args) -> (Table, Stats) {
    let t0 = Instant::now();
    solve(Layout::new(v, a.pieces), a.tolerance, |x, y, sweeps, d| {
        eprintln!(
            "{v}: layers ({x},{y}) solved in {sweeps} sweeps (last change {d:.1e}, {:.1} s)",
            t0.elapsed().as_secs_f64()
        );
    })
}

fn build(a: &Args) -> Result<(), String> {
    let dir = a.dir.as_deref().unwrap_or(TABLES);
    std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
    for &v in &a.variants {
        let t0 = Instant::now();
        let (table, stats) = solved(v, a);
        let made = Made {
            command: format!(
                "cargo run --release -p endgame -- build --variant {v} --pieces {} --tolerance {:e}",
                a.pieces, a.tolerance
            ),
            seconds: (t0.elapsed().as_secs_f64() * 10.0).round() / 10.0,
            tolerance: a.tolerance,
            sweeps: stats.sweeps,
            positions: stats.positions,
        };
        let bytes = encode(&table, &made);
        let p = path(dir, v, a.pieces);
        std::fs::write(&p, &bytes).map_err(|e| format!("{p}: {e}"))?;
        println!(
            "{v}: {} positions ({} entries), {} sweeps, {:.1} s, {} bytes -> {p}",
            stats.positions,
            table.values.len(),
            stats.sweeps,
            made.seconds,
            bytes.len()
        );
    }
    Ok(())
}

fn measure(a: &Args) -> Result<(), String> {
    println!("Computer levels against the exact endgame tables (at most {} pieces a side; loss = best move's win probability - the level's; blunder = loss > 5%)", a.pieces);
    println!(
        "{:<12} {:<7} {:>9} {:>11} {:>9} {:>7}",
        "rules", "level", "decisions", "mean mwp", "blunder%", "best%"
    );
    for &v in &a.variants {
        let p = path(a.dir.as_deref().unwrap_or(TABLES), v, a.pieces);
        let bytes =
            std::fs::read(&p).map_err(|e| format!("{p}: {e} (run `endgame build` first)"))?;
        let table = decode(&bytes).map_err(|e| format!("{p}: {e}"))?;
        let t0 = Instant::now();
        let points = draw_points(&table, a.games, a.seed, a.cap);
        let scores = score_levels(&table, &points);
        for (s, level) in scores.iter().zip(LEVELS) {
            println!(
                "{:<12} {:<7} {:>9} {:>11.2} {:>9.2} {:>7.1}",
                v.name(),
                format!("{level:?}"),
                s.decisions,
                s.mean_milli(),
                s.blunder_pct(),
                s.best_pct()
            );
        }
        eprintln!(
            "{v}: {} decisions from {} games (seed {}), {:.1} s",
            points.len(),
            a.games,
            a.seed,
            t0.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

fn pack(a: &Args) -> Result<(), String> {
    let dir = a.dir.as_deref().unwrap_or(PACKED);
    std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
    for &v in &a.variants {
        let (table, stats) = solved(v, a);
        let bytes = pack::encode(
            &table,
            &Solved {
                command: pack::command(v, a.pieces, a.tolerance),
                tolerance: a.tolerance,
                sweeps: stats.sweeps,
                positions: stats.positions,
            },
        )
        .map_err(|e| format!("{v}: {e}"))?;
        let p = format!("{dir}/senet-{}-n{}.pack", v.name(), a.pieces);
        std::fs::write(&p, &bytes).map_err(|e| format!("{p}: {e}"))?;
        println!(
            "{v}: {} entries packed into {} bytes -> {p}",
            table.values.len(),
            bytes.len()
        );
    }
    Ok(())
}

fn precision_report(a: &Args) -> Result<(), String> {
    println!("Quantised tables against the solved values (every decision with a choice; worse = the quantised table's move is not a best move)");
    println!(
        "{:<12} {:>6} {:>10} {:>8} {:>9} {:>11} {:>9}",
        "rules", "steps", "decisions", "worse", "worse%", "mean mwp", "max mwp"
    );
    for &v in &a.variants {
        let (table, _) = solved(v, a);
        for scale in [255u16, 65535] {
            let p = precision(&table, scale);
            println!(
                "{:<12} {:>6} {:>10} {:>8} {:>9.4} {:>11.5} {:>9.3}",
                v.name(),
                scale,
                p.decisions,
                p.worse,
                100.0 * p.worse as f64 / p.decisions.max(1) as f64,
                p.mean_milli(),
                1000.0 * p.max_loss
            );
        }
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("build") => parse(&args[1..]).and_then(|a| build(&a)),
        Some("measure") => parse(&args[1..]).and_then(|a| measure(&a)),
        Some("senas-bearoff") => endgame::bearoff_cmd::run(&args[1..]),
        Some("levels") => endgame::levels_cmd::run(&args[1..]),
        Some("pack") => parse(&args[1..]).and_then(|a| pack(&a)),
        Some("precision") => parse(&args[1..]).and_then(|a| precision_report(&a)),
        _ => Err("usage: endgame build|measure|pack|precision|levels|senas-bearoff [--variant all|NAME] [--pieces N] [--dir DIR] [--tolerance T] [--games G] [--seed S] [--cap C]".into()),
    };
    if let Err(e) = result {
        eprintln!("endgame: {e}");
        std::process::exit(2);
    }
}
