//! `endgame senas-bearoff`: builds the senas one-sided bear-off table and writes its file
//! (default `target/tables/senas-bearoff.bin`), or with `--check K` measures the table against
//! the exact two-sided expectimax on every position with at most K pieces a side. Parses its
//! own arguments; errors are messages, never panics.
//!
//! ```text
//! endgame senas-bearoff [--pieces N] [--dir DIR] [--check K]
//! ```

use std::time::Instant;

use crate::options::{not_a, pairs};
use crate::senas_bearoff::compare::{compare, Errors, GIFTS};
use crate::senas_bearoff::file::{decode, encode, Made};
use crate::senas_bearoff::table::{build, Table};

/// Where the file goes unless `--dir` says.
pub const DIR: &str = "target/tables";
/// The file's name.
pub const NAME: &str = "senas-bearoff.bin";

/// The table: read from `path` when it holds a valid 15-piece file, else built (the message says
/// which).
pub fn load_or_build(path: &str) -> Result<(Table, String), String> {
    if let Ok(bytes) = std::fs::read(path) {
        match decode(&bytes) {
            Ok(t) if t.n == 15 => return Ok((t, format!("read {path}"))),
            Ok(_) => {}
            Err(e) => eprintln!("{path}: {e}; building the table instead"),
        }
    }
    let t0 = Instant::now();
    let (t, _) = build(15, |_| {})?;
    Ok((
        t,
        format!(
            "built in {:.0} s ({path} absent)",
            t0.elapsed().as_secs_f64()
        ),
    ))
}

fn line(name: &str, e: &Errors) {
    println!(
        "{name}: {} positions, max |error| {:.6}, mean {:.7}, {} off by more than 1e-9{}",
        e.positions,
        e.max,
        e.mean,
        e.inexact,
        e.worst.map_or(String::new(), |p| format!(
            " (worst: {p} gift {:?})",
            p.gift().values().collect::<Vec<_>>()
        ))
    );
}

/// Runs the command on `args` (after `senas-bearoff`).
pub fn run(args: &[String]) -> Result<(), String> {
    let (mut pieces, mut dir, mut check) = (15usize, DIR.to_string(), None);
    for (name, v) in pairs(args)? {
        let count = || v.parse::<usize>().map_err(|_| not_a(name, v, "a count"));
        match name {
            "--pieces" => pieces = count()?,
            "--dir" => dir = v.to_string(),
            "--check" => check = Some(count()?),
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    let t0 = Instant::now();
    let (table, stats) = build(pieces, |k| {
        eprintln!(
            "senas bear-off: {k} placements, {:.1} s",
            t0.elapsed().as_secs_f64()
        )
    })?;
    let seconds = (t0.elapsed().as_secs_f64() * 10.0).round() / 10.0;
    if let Some(k) = check {
        let t1 = Instant::now();
        let r = compare(&table, k)?;
        println!(
            "table ({pieces} pieces, {seconds:.1} s) against the exact two-sided expectimax, at most {k} pieces a side ({} states, {:.1} s); gifts: each of {GIFTS:?}",
            r.states,
            t1.elapsed().as_secs_f64()
        );
        line("table, no gift", &r.plain);
        line("table, gift pending", &r.gifted);
        line("one roll deeper, no gift", &r.plain_deeper);
        line("one roll deeper, gift pending", &r.gifted_deeper);
        return Ok(());
    }
    let made = Made {
        command: format!("cargo run --release -p endgame -- senas-bearoff --pieces {pieces}"),
        seconds,
        generations: stats.generations,
    };
    let bytes = encode(&table, &made);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{dir}: {e}"))?;
    let path = format!("{dir}/{NAME}");
    std::fs::write(&path, &bytes).map_err(|e| format!("{path}: {e}"))?;
    println!(
        "senas bear-off: {} placements of at most {pieces} pieces, {} generations, longest {} turns, {seconds:.1} s, {} bytes -> {path}",
        stats.placements,
        stats.generations,
        stats.longest,
        bytes.len()
    );
    Ok(())
}
