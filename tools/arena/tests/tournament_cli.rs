//! `arena tournament` and `arena bench ai` run as a person would: one line per game with its
//! seed, the score line last in the exact format, the same seed giving the same output, and
//! clear errors with a non-zero exit for bad arguments.

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

/// Checks `<a> vs <b>: <a> won W of N (P%, 95% CI L%-H%)` and returns (W, N).
fn score_line(line: &str, a: &str, b: &str) -> (u32, u32) {
    let prefix = format!("{a} vs {b}: {a} won ");
    let rest = line
        .strip_prefix(&prefix)
        .unwrap_or_else(|| panic!("bad line {line:?}"));
    let (w, rest) = rest.split_once(" of ").expect("' of '");
    let (n, rest) = rest.split_once(" (").expect("' ('");
    let (p, rest) = rest.split_once("%, 95% CI ").expect("'%, 95% CI '");
    let (lo, rest) = rest.split_once("%-").expect("'%-'");
    let hi = rest.strip_suffix("%)").expect("'%)' at the end");
    let (w, n): (u32, u32) = (w.parse().expect("W"), n.parse().expect("N"));
    let (p, lo, hi): (f64, f64, f64) = (
        p.parse().expect("P"),
        lo.parse().expect("L"),
        hi.parse().expect("H"),
    );
    assert!(
        (p - 100.0 * f64::from(w) / f64::from(n)).abs() < 0.051,
        "{line}"
    );
    assert!(lo <= p && p <= hi, "{line}");
    (w, n)
}

#[test]
fn a_senet_tournament_prints_every_game_and_ends_with_the_score_line() {
    let args = [
        "tournament",
        "--game",
        "senet",
        "--a",
        "heuristic",
        "--b",
        "random",
        "--games",
        "6",
        "--seed",
        "9",
    ];
    let (ok, out, _) = arena(&args);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    let games: Vec<&&str> = lines.iter().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 6);
    assert!(games[0].starts_with("game 0 seed 9 a_side 0"));
    assert!(games[5].starts_with("game 5 seed 11 a_side 1"));
    let (w, n) = score_line(lines.last().expect("a last line"), "heuristic", "random");
    assert_eq!(n, 6);
    assert_eq!(
        w as usize,
        games
            .iter()
            .filter(|l| l.ends_with("winner heuristic"))
            .count()
    );
    let (_, again, _) = arena(&args);
    assert_eq!(out, again, "same seed, same games");
}

#[test]
fn a_senas_tournament_ends_with_the_score_line() {
    let (ok, out, _) = arena(&[
        "tournament",
        "--game",
        "senas",
        "--a",
        "tuned",
        "--b",
        "expectiminimax:easy",
        "--games",
        "2",
        "--seed",
        "1",
        "--quiet",
    ]);
    assert!(ok);
    let (_, n) = score_line(
        out.lines().last().expect("a last line"),
        "tuned",
        "expectiminimax:easy",
    );
    assert_eq!(n, 2);
}

#[test]
fn bad_tournament_arguments_fail_with_a_clear_error() {
    for (args, needle) in [
        (vec!["tournament", "--a", "heuristic"], "--game"),
        (vec!["tournament", "--game", "chess"], "unknown game"),
        (
            vec!["tournament", "--game", "senet", "--a", "genius"],
            "unknown player",
        ),
        (
            vec!["tournament", "--game", "senet", "--games", "many"],
            "not a count",
        ),
        (
            vec!["tournament", "--game", "senet", "--games", "0"],
            "at least 1",
        ),
        (
            vec!["tournament", "--game", "senet", "--seed"],
            "needs a value",
        ),
        (
            vec!["bench", "ai", "--game", "chess"],
            "no computer players",
        ),
    ] {
        let (ok, _, err) = arena(&args);
        assert!(!ok, "{args:?} should fail");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
