//! End-to-end timing of the computer players (issue 13): the senas and senet demo programs
//! (computer against computer, cycling Easy/Normal/Hard, `Setup::next_demo`) run in Dolphin for
//! a bounded time. Fails on any frame log line with a late frame (`late` > 0: update + draw
//! past the vsync) or an update over 12 ms (`update_us_max`), and on the decision-time
//! targets: each `event=decision` line's `frames` times the frame period, the period read from
//! the game's own `fps_x100` (Dolphin's emulated timebase, not wall time). Prints per level
//! p50/p95/max (lines starting `bench:`, which `make bench` shows).
//!
//! Targets (docs/ai.md, Speed): senas Easy max <= 100 ms, Normal p95 <= 300 ms, Hard p95 <= 1 s
//! and max <= 2 s; senet every level max <= 50 ms. A level is only judged once it has
//! `MIN_DECISIONS` decisions (a percentile of a handful of samples says little).
//! The demo programs are built here unless `$SENAS_DEMO_SENAS_DOL` / `$SENAS_DEMO_SENET_DOL`
//! name them.

use dolphin_harness::{wii_dol, Dolphin, Run, WiiProgram};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Longest update a frame may take while the computer thinks (issue 13), microseconds.
const UPDATE_US_LIMIT: u64 = 12_000;
/// Decisions a level needs before its percentiles are asserted.
const MIN_DECISIONS: usize = 20;

fn build_demo(feature: &str, var: &str) -> PathBuf {
    wii_dol(
        var,
        &WiiProgram {
            select: &["--bin", "senas-senet", "--features", feature],
            elf: "senas-senet",
            name: feature,
        },
    )
}

/// Runs the demo for `seconds` of wall time (the machine may be loaded: the figures come from
/// the game's log, not from the clock).
fn demo_run(feature: &str, var: &str, seconds: f64) -> Run {
    Dolphin::new(build_demo(feature, var))
        .name(&format!("ai-timing-{feature}"))
        .seconds(seconds)
        .run()
        .unwrap_or_else(|e| panic!("Dolphin run failed: {e}"))
}

/// The frame period in milliseconds, from the game's own frame rate lines (median).
fn frame_ms(run: &Run) -> f64 {
    let mut fps: Vec<u64> = run
        .events("frame")
        .iter()
        .filter_map(|e| e.num::<u64>("fps_x100"))
        .filter(|&f| f > 0)
        .collect();
    assert!(!fps.is_empty(), "no frame lines\n{}", run.report());
    fps.sort_unstable();
    100_000.0 / fps[fps.len() / 2] as f64
}

/// No frame line with a late frame or an update over the limit.
fn assert_no_late_frames(run: &Run, game: &str) {
    let frames = run.events("frame");
    assert!(frames.len() > 5, "only {} frame lines", frames.len());
    let bad: Vec<&str> = frames
        .iter()
        .filter(|e| {
            e.num::<u64>("late").unwrap_or(1) > 0
                || e.num::<u64>("update_us_max").unwrap_or(u64::MAX) > UPDATE_US_LIMIT
        })
        .map(|e| e.line.as_str())
        .collect();
    let worst = frames
        .iter()
        .filter_map(|e| e.num::<u64>("update_us_max"))
        .max()
        .unwrap_or(0);
    println!(
        "bench: {game} frames: {} log windows, slowest update {worst} us, windows with late frames or updates > {UPDATE_US_LIMIT} us: {}",
        frames.len(),
        bad.len()
    );
    assert!(
        bad.is_empty(),
        "{game}: {} frame lines with late frames or slow updates:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// The value at quantile `q` of sorted `v` (nearest rank).
fn quantile(v: &[f64], q: f64) -> f64 {
    let rank = ((q * v.len() as f64).ceil() as usize).clamp(1, v.len());
    v[rank - 1]
}

/// Per level: (p50, p95, max, count) of the decision times in ms; printed.
fn decision_times(run: &Run, game: &str) -> BTreeMap<String, (f64, f64, f64, usize)> {
    let period = frame_ms(run);
    let mut by_level: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for e in run.events("decision") {
        if e.get("game") != Some(game) {
            continue;
        }
        let (Some(level), Some(frames)) = (e.get("level"), e.num::<u32>("frames")) else {
            panic!("a decision line without level or frames: {}", e.line);
        };
        by_level
            .entry(level.to_string())
            .or_default()
            .push(f64::from(frames) * period);
    }
    let mut out = BTreeMap::new();
    for (level, mut v) in by_level {
        v.sort_by(f64::total_cmp);
        let stats = (
            quantile(&v, 0.5),
            quantile(&v, 0.95),
            v[v.len() - 1],
            v.len(),
        );
        println!(
            "bench: {game} {level}: decision p50 {:.0} ms, p95 {:.0} ms, max {:.0} ms ({} decisions, frame {period:.2} ms)",
            stats.0, stats.1, stats.2, stats.3
        );
        out.insert(level, stats);
    }
    out
}

fn check(
    times: &BTreeMap<String, (f64, f64, f64, usize)>,
    level: &str,
    what: &str,
    limit_ms: f64,
) -> Option<String> {
    let &(_, p95, max, n) = times.get(level)?;
    if n < MIN_DECISIONS {
        println!("bench:   {level} {what} not judged: {n} < {MIN_DECISIONS} decisions");
        return None;
    }
    let got = if what == "max" { max } else { p95 };
    (got > limit_ms).then(|| format!("{level} {what} {got:.0} ms > {limit_ms} ms ({n} decisions)"))
}

#[test]
#[ignore = "the targets of issue 13 are not met yet (Hard's one-roll look-ahead is not sliced: late frames; Easy max, Hard p95, senet Hard over); run by `make bench`"]
fn senas_computer_decisions_meet_their_time_targets_without_late_frames() {
    let run = demo_run("demo-senas", "SENAS_DEMO_SENAS_DOL", 150.0);
    let times = decision_times(&run, "senas");
    assert!(
        times.values().map(|t| t.3).sum::<usize>() >= MIN_DECISIONS,
        "too few senas decisions: {times:?}\n{}",
        run.report()
    );
    assert_no_late_frames(&run, "senas");
    let failures: Vec<String> = [
        check(&times, "easy", "max", 100.0),
        check(&times, "normal", "p95", 300.0),
        check(&times, "hard", "p95", 1000.0),
        check(&times, "hard", "max", 2000.0),
    ]
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "senas: {}", failures.join("; "));
}

#[test]
#[ignore = "the targets of issue 13 are not met yet (Hard's one-roll look-ahead is not sliced: late frames; Easy max, Hard p95, senet Hard over); run by `make bench`"]
fn senet_computer_decisions_meet_their_time_targets_without_late_frames() {
    let run = demo_run("demo-senet", "SENAS_DEMO_SENET_DOL", 90.0);
    let times = decision_times(&run, "senet");
    assert!(
        times.values().map(|t| t.3).sum::<usize>() >= MIN_DECISIONS,
        "too few senet decisions: {times:?}\n{}",
        run.report()
    );
    assert_no_late_frames(&run, "senet");
    let failures: Vec<String> = ["easy", "normal", "hard"]
        .iter()
        .filter_map(|l| check(&times, l, "max", 50.0))
        .collect();
    assert!(failures.is_empty(), "senet: {}", failures.join("; "));
}
