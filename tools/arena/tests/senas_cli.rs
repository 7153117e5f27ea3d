//! `arena` senas commands run as a person would: output lines, sorting, and clear errors with a
//! non-zero exit for bad arguments and impossible boards.

use std::process::Command;

fn arena(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(args)
        .output()
        .expect("arena runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const START: &str = "15,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-15/0/0";

#[test]
fn moves_from_the_start_moves_only_the_runner() {
    let (ok, out, _) = arena(&[
        "moves", "senas", "--side", "W", "--dice", "4,1,2", "--board", START,
    ]);
    assert!(ok);
    assert_eq!(
        out,
        "14,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-15/0/0 used=3\n"
    );
}

#[test]
fn moves_for_black_run_from_hole_23_downwards() {
    let (ok, out, _) = arena(&[
        "moves", "senas", "--side", "B", "--dice", "1,2,4", "--board", START,
    ]);
    assert!(ok);
    assert_eq!(
        out,
        "15,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-1,0,0,0,0,0,0,-14/0/0 used=3\n"
    );
}

#[test]
fn moves_lists_every_distinct_final_position_sorted() {
    let board = "12,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,0,0,-15/0/0";
    let (ok, out, _) = arena(&[
        "moves", "senas", "--side", "W", "--gift", "1", "--board", board,
    ]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "12,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,0,0,-15/0/0 used=1",
            "12,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,0,-15/0/0 used=1",
        ]
    );
    let (_, out, _) = arena(&[
        "moves", "senas", "--side", "W", "--dice", "2,3,5", "--board", board,
    ]);
    let mut sorted: Vec<&str> = out.lines().collect();
    sorted.sort();
    assert_eq!(out.lines().collect::<Vec<_>>(), sorted);
    assert!(out.lines().all(|l| l.ends_with("used=3")), "{out}");
}

#[test]
fn moves_show_the_gift_a_blocked_roll_leaves() {
    let board = "15,-1,-1,-1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-12/0/0";
    let (ok, out, _) = arena(&[
        "moves", "senas", "--side", "W", "--dice", "3,1,2", "--board", board,
    ]);
    assert!(ok);
    assert_eq!(out, format!("{board} used=0 gift=1,2,3\n"));
}

#[test]
fn bad_arguments_and_impossible_boards_fail_with_a_clear_error() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "moves",
                "senas",
                "--side",
                "W",
                "--dice",
                "1,2,3",
                "--board",
                "14,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-15/0/0",
            ],
            "White has 14 pieces",
        ),
        (
            &[
                "moves",
                "senas",
                "--side",
                "W",
                "--dice",
                "1,2,3",
                "--board",
                "15,0,0/0/0",
            ],
            "3 hole counts",
        ),
        (
            &[
                "moves",
                "senas",
                "--side",
                "W",
                "--dice",
                "1,2,3",
                "--board",
                "15,x,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-15/0/0",
            ],
            "integers",
        ),
        (
            &[
                "moves",
                "senas",
                "--side",
                "W",
                "--dice",
                "1,2,3",
                "--board",
                START.trim_end_matches("/0/0"),
            ],
            "offW/offB",
        ),
        (
            &[
                "moves", "senas", "--side", "X", "--dice", "1,2,3", "--board", START,
            ],
            "--side must be W or B",
        ),
        (
            &[
                "moves", "senas", "--side", "W", "--dice", "1,2", "--board", START,
            ],
            "three values",
        ),
        (
            &[
                "moves", "senas", "--side", "W", "--dice", "1,2,9", "--board", START,
            ],
            "1..6",
        ),
        (
            &[
                "moves",
                "senas",
                "--side",
                "W",
                "--gift",
                "1,1,1,1,1,1,1",
                "--board",
                START,
            ],
            "at most 6",
        ),
        (
            &["moves", "senas", "--side", "W", "--board", START],
            "exactly one of --dice",
        ),
        (
            &["moves", "senas", "--side", "W", "--dice", "1,2,3"],
            "needs --board",
        ),
        (
            &[
                "moves",
                "senas",
                "--side",
                "W",
                "--dice",
                "1,2,3",
                "--board",
                "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0/15/15",
            ],
            "already won",
        ),
        (
            &[
                "moves", "senas", "--side", "W", "--dice", "1,2,3", "--bord", START,
            ],
            "unknown option",
        ),
        (&["play", "senas", "--seed", "abc"], "whole number"),
    ];
    for (args, needle) in cases {
        let (ok, out, err) = arena(args);
        assert!(!ok, "{args:?} should fail, printed {out}");
        assert!(
            err.contains(needle),
            "{args:?}: stderr `{err}` lacks `{needle}`"
        );
        assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    }
}

#[test]
fn play_is_a_seeded_replayable_game_that_ends_with_a_winner() {
    let (ok, a, _) = arena(&["play", "senas", "--seed", "5"]);
    assert!(ok);
    let (_, b, _) = arena(&["play", "senas", "--seed", "5"]);
    assert_eq!(a, b);
    assert!(a.starts_with("start "));
    assert!(
        a.lines().last().is_some_and(|l| l.starts_with("winner ")),
        "{a}"
    );
}

#[test]
fn perft_counts_turns_per_depth_with_timing() {
    let (ok, out, _) = arena(&["perft", "senas", "--depth", "1"]);
    assert!(ok);
    let line = out.lines().next().expect("one line per depth");
    assert!(
        line.starts_with("depth 1: ") && line.ends_with(" ms"),
        "{line}"
    );
    let n: u64 = line["depth 1: ".len()..]
        .split(' ')
        .next()
        .and_then(|w| w.parse().ok())
        .expect("count");
    assert!(n >= 56, "at least one turn per distinct roll, got {n}");
}

#[test]
fn bench_reports_throughput() {
    let (ok, out, _) = arena(&["bench", "senas", "--games", "3"]);
    assert!(ok);
    assert!(out.contains("final positions/s"), "{out}");
}
