//! No late frame while the computer thinks (issue 13), end to end: the senas demo built to
//! start with Hard against Normal (features `demo-senas,demo-hard`) runs in Dolphin for a
//! short while; the test fails on any frame log window (`event=frame`, every 60 frames) with a
//! late frame (`late` > 0: update + draw past the vsync) or an update over 12 ms
//! (`update_us_max`). It also checks the run covered what used to stall frames: Hard decisions
//! (its one-roll look-ahead), gift parts played by the computer, and rolls of five sub-moves.
//! Decision times are a benchmark (`ai_timing.rs`, `make bench`), not asserted here.
//! The program is built here unless `$SENAS_DEMO_HARD_DOL` names it; the game log is kept in
//! `target/ai-frames.log`.

use dolphin_harness::{check_no_underruns, wii_dol, Dolphin, Event, Run, WiiProgram};

/// Longest update a frame may take while the computer thinks (issue 13), microseconds.
const UPDATE_US_LIMIT: u64 = 12_000;

#[test]
fn a_computer_senas_match_with_hard_has_no_late_frame_and_no_update_over_12_ms() {
    let dol = wii_dol(
        "SENAS_DEMO_HARD_DOL",
        &WiiProgram {
            select: &["--bin", "senas-senet", "--features", "demo-senas,demo-hard"],
            elf: "senas-senet",
            name: "demo-senas-hard",
        },
    );
    let run = Dolphin::new(dol)
        .name("ai-frames")
        // The log is all it reads: no renderer, no frame dumps (the late-frame count is the
        // game's own, in its timebase).
        .log_only()
        .seconds(50.0)
        .run()
        .unwrap_or_else(|e| panic!("Dolphin run failed: {e}"));
    let target = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target");
    let _ = std::fs::write(target.join("ai-frames.log"), run.gecko.join("\n"));
    let count =
        |name: &str, f: &dyn Fn(&Event) -> bool| run.events(name).iter().filter(|e| f(e)).count();
    let hard = count("decision", &|e| {
        e.get("game") == Some("senas") && e.get("level") == Some("hard")
    });
    let gifts = count("turn", &|e| {
        e.get("by") == Some("cpu") && e.get("part") == Some("gift")
    });
    let fives = count("roll", &|e| {
        e.get("moves").is_some_and(|m| m.split(',').count() >= 5)
    });
    let frames = run.events("frame");
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
        "{} frame windows, slowest update {worst} us; {hard} Hard decisions, {gifts} computer gift parts, {fives} five-sub-move rolls",
        frames.len()
    );
    assert!(
        frames.len() >= 8,
        "only {} frame lines\n{}",
        frames.len(),
        run.report()
    );
    assert!(
        hard >= 5 && gifts >= 1 && fives >= 3,
        "the run did not cover Hard, gift parts and five-sub-move rolls: {hard} / {gifts} / {fives}\n{}",
        run.report()
    );
    assert!(
        bad.is_empty(),
        "{} frame windows with late frames or updates over {UPDATE_US_LIMIT} us:\n{}",
        bad.len(),
        bad.join("\n")
    );
    assert_no_underruns(&run);
}

/// No audio underrun in any frame line (issue 23: the ring must never run dry).
fn assert_no_underruns(run: &Run) {
    if let Err(e) = check_no_underruns(&run.events("frame")) {
        panic!("{e}\n{}", run.report());
    }
}
