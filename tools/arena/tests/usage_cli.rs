//! `arena` called wrongly (no arguments, an unknown command) prints its usage on stderr and
//! exits 2, as command-line tools do; `arena --help` prints it on stdout and exits 0.

mod cli;
use cli::arena;

#[test]
fn arena_without_arguments_prints_usage_on_stderr_and_exits_2() {
    let (code, stdout, stderr) = arena(&[]);
    assert_eq!(code, Some(2));
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("usage:"), "{stderr}");
}

#[test]
fn an_unknown_command_prints_usage_on_stderr_and_exits_2() {
    let (code, stdout, stderr) = arena(&["frobnicate"]);
    assert_eq!(code, Some(2));
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("unknown command: frobnicate"), "{stderr}");
    assert!(stderr.contains("usage:"), "{stderr}");
}

#[test]
fn help_prints_usage_on_stdout_and_exits_0() {
    for flag in ["--help", "help", "-h"] {
        let (code, stdout, _) = arena(&[flag]);
        assert_eq!(code, Some(0), "{flag}");
        assert!(stdout.contains("usage:"), "{flag}: {stdout}");
    }
}

#[test]
fn every_subcommand_answers_help_with_its_own_usage_lines() {
    for (args, expect, not) in [
        (
            &["tournament", "--help"][..],
            "arena tournament --game",
            "arena moves",
        ),
        (
            &["moves", "senas", "-h"][..],
            "arena moves senas",
            "arena moves senet",
        ),
        (
            &["moves", "senet", "--help"][..],
            "arena moves senet",
            "arena moves senas",
        ),
        (
            &["replay", "--help"][..],
            "arena replay FILE",
            "arena analyze",
        ),
        (
            &["analyze", "--help"][..],
            "arena analyze FILE",
            "arena replay",
        ),
        (
            &["bench", "ai", "--help"][..],
            "arena bench ai",
            "arena bench senet",
        ),
        (&["perft", "--help"][..], "arena perft", "arena play"),
        (
            &["play", "senas", "--help"][..],
            "arena play",
            "arena perft",
        ),
    ] {
        let (code, stdout, stderr) = arena(args);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert!(stdout.contains(expect), "{args:?}: {stdout}");
        assert!(!stdout.contains(not), "{args:?}: {stdout}");
    }
}
