//! CLI tests of `arena ... senet`: the binary is run as a user would, through
//! `CARGO_BIN_EXE_arena`; outputs and exit codes are checked, bad input must fail cleanly.

use std::process::{Command, Output};

fn arena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(args)
        .output()
        .expect("the arena binary runs")
}

fn ok(args: &[&str]) -> String {
    let out = arena(args);
    assert!(
        out.status.success(),
        "arena {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Runs a command that must fail; returns its error text.
fn fails(args: &[&str]) -> String {
    let out = arena(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "arena {args:?} should fail");
    assert_ne!(
        out.status.code(),
        Some(101),
        "arena {args:?} panicked: {err}"
    );
    assert!(!err.contains("panicked"), "arena {args:?} panicked: {err}");
    assert!(out.stdout.is_empty(), "nothing on stdout for an error");
    err
}

fn moves(side: &str, throw: &str, board: &str) -> String {
    ok(&[
        "moves", "senet", "--side", side, "--throw", throw, "--board", board,
    ])
}

const START: &str = "ABABABABAB....................";

#[test]
fn opening_one_lists_five_captures_in_ascending_order() {
    assert_eq!(moves("A", "1", START), "1-2\n3-4\n5-6\n7-8\n9-10\n");
    assert_eq!(
        ok(&[
            "moves",
            "senet",
            "--variant",
            "wiibrew2009",
            "--side",
            "B",
            "--throw",
            "6",
            "--board",
            START
        ]),
        "6-12\n8-14\n10-16\n"
    );
}

#[test]
fn forced_backward_moves_print_to_below_from() {
    // The WiiBrew example: A's last piece on 14 against B's pair 16-17 captures back on 12.
    let board = "...........B.A.BB..B....B.....";
    assert_eq!(moves("A", "2", board), "14-12\n");
}

#[test]
fn bearing_off_prints_31_and_nothing_legal_prints_pass() {
    assert_eq!(moves("A", "3", "B..........................A.."), "28-31\n");
    assert_eq!(moves("A", "4", "ABBB.B.......................B"), "pass\n");
}

#[test]
fn options_may_use_equals_signs() {
    assert_eq!(
        ok(&[
            "moves",
            "senet",
            "--side=A",
            "--throw=2",
            &format!("--board={START}")
        ]),
        "9-11\n"
    );
}

#[test]
fn bad_arguments_fail_with_a_clear_message() {
    let cases: [(&[&str], &str); 12] = [
        (
            &["moves", "senet", "--side", "A", "--throw", "2"],
            "missing option --board",
        ),
        (
            &["moves", "senet", "--side", "A", "--board", START],
            "missing option --throw",
        ),
        (
            &["moves", "senet", "--throw", "2", "--board", START],
            "missing option --side",
        ),
        (
            &[
                "moves", "senet", "--side", "C", "--throw", "2", "--board", START,
            ],
            "not A or B",
        ),
        (
            &[
                "moves", "senet", "--side", "A", "--throw", "5", "--board", START,
            ],
            "is not a throw of the wiibrew2009 sticks (1, 2, 3, 4, 6)",
        ),
        (
            &[
                "moves", "senet", "--side", "A", "--throw", "x", "--board", START,
            ],
            "is not a throw of the wiibrew2009 sticks (1, 2, 3, 4, 6)",
        ),
        (
            &[
                "moves", "senet", "--side", "A", "--throw", "2", "--board", "ABAB",
            ],
            "30 characters",
        ),
        (
            &[
                "moves",
                "senet",
                "--side",
                "A",
                "--throw",
                "2",
                "--board",
                "AAAAAA........................",
            ],
            "at most 5",
        ),
        (
            &[
                "moves",
                "senet",
                "--side",
                "A",
                "--throw",
                "2",
                "--board",
                "ABABABABAX....................",
            ],
            "'X'",
        ),
        (
            &[
                "moves", "senet", "--side", "A", "--throw", "2", "--board", START, "--colour",
                "red",
            ],
            "unknown option --colour",
        ),
        (
            &[
                "moves",
                "senet",
                "--variant",
                "bogus",
                "--side",
                "A",
                "--throw",
                "2",
                "--board",
                START,
            ],
            "unknown variant",
        ),
        (
            &[
                "moves", "senet", "--side", "A", "--side", "B", "--throw", "2", "--board", START,
            ],
            "given twice",
        ),
    ];
    for (args, needle) in cases {
        let err = fails(args);
        assert!(
            err.contains(needle),
            "arena {args:?}: '{err}' lacks '{needle}'"
        );
    }
}

#[test]
fn impossible_positions_are_refused() {
    let water = "A.........................A...";
    let water = &water[..30];
    assert!(
        fails(&["moves", "senet", "--side", "A", "--throw", "1", "--board", water])
            .contains("water")
    );
    let done = "B.............................";
    assert!(
        fails(&["moves", "senet", "--side", "B", "--throw", "1", "--board", done])
            .contains("game is over")
    );
    let none = "..............................";
    assert!(
        fails(&["moves", "senet", "--side", "A", "--throw", "1", "--board", none])
            .contains("both sides")
    );
    assert!(fails(&[
        "moves",
        "senet",
        "--side",
        "A",
        "--throw",
        "1",
        "--board",
        "\u{e9}BABABABAB...................."
    ])
    .contains("is not A, B or ."));
}

#[test]
fn play_replays_the_same_game_for_the_same_seed_and_ends_with_a_winner() {
    let a = ok(&["play", "senet", "--seed", "9"]);
    assert_eq!(a, ok(&["play", "senet", "--seed", "9"]));
    assert_ne!(a, ok(&["play", "senet", "--seed", "10"]));
    let last = a.lines().last().expect("some output");
    assert!(last.starts_with("winner="), "{last}");
    assert!(fails(&["play", "senet", "--seed", "-1"]).contains("not a valid number"));
}

#[test]
fn perft_counts_the_sixteen_opening_choices_at_depth_one() {
    // Opening for A: a 1 captures with each of 5 pieces; a 2 moves only 9-11; a 3 captures
    // with each of 5; a 4 moves 7-11 or 9-13; a 6 moves 5-11, 7-13 or 9-15: 5+1+5+2+3 = 16.
    let out = ok(&["perft", "senet", "--depth", "3"]);
    assert!(out.contains("depth 1: paths=16 distinct=16"), "{out}");
    assert!(out.contains("depth 3: paths="), "{out}");
    assert!(fails(&["perft", "senet", "--depth", "0"]).contains("outside"));
}

#[test]
fn bench_reports_positions_per_second() {
    let out = ok(&[
        "bench",
        "senet",
        "--depth",
        "2",
        "--games",
        "10",
        "--positions",
        "100",
    ]);
    assert!(out.contains("M positions/s"), "{out}");
    assert!(out.contains("games/s"), "{out}");
}
