//! `arena`: host CLI over the rules engines and the computer players.
//!
//! Subcommands: `moves senet|senas ...`, `play`, `perft`, `tournament`, `bench`,
//! `replay`, `analyze`, `decide`, `lengths`.
//! Each game's commands live in their own file; this file only dispatches and reports errors.
//! Bad arguments print a clear error and exit non-zero; nothing here may panic on user input.

mod analyze_cmd;
mod bench_ai_cmd;
mod decide_cmd;
mod lengths;
mod replay_cmd;
mod senas_cmd;
mod senet_cmd;
mod tournament_cmd;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arena: {e}");
            ExitCode::from(2)
        }
    }
}

/// Runs one command and returns what it prints on success.
fn run(args: &[String]) -> Result<String, String> {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    if let Some(text) = subcommand_help(&words) {
        return Ok(text);
    }
    match words.as_slice() {
        ["moves", "senet", rest @ ..] => senet_cmd::moves(rest),
        ["moves", "senas", rest @ ..] => senas_cmd::moves(rest),
        ["play", "senet", rest @ ..] => senet_cmd::play(rest),
        ["play", "senas", rest @ ..] => senas_cmd::play(rest),
        ["perft", "senet", rest @ ..] => senet_cmd::perft(rest),
        ["perft", "senas", rest @ ..] => senas_cmd::perft(rest),
        ["bench", "senet", rest @ ..] => senet_cmd::bench(rest),
        ["bench", "senas", rest @ ..] => senas_cmd::bench(rest),
        ["tournament", rest @ ..] => tournament_cmd::run(rest),
        ["lengths", rest @ ..] => lengths::run(rest),
        // The benchmark sets live beside the exact tables (tools/endgame); it prints as it goes.
        ["levels", rest @ ..] => {
            let rest: Vec<String> = rest.iter().map(|w| w.to_string()).collect();
            endgame::levels_cmd::run(&rest).map(|()| String::new())
        }
        ["bench", "ai", rest @ ..] => bench_ai_cmd::run(rest),
        ["replay", rest @ ..] => replay_cmd::run(rest),
        ["analyze", rest @ ..] => analyze_cmd::run(rest),
        ["decide", rest @ ..] => decide_cmd::run(rest),
        // Asked for: usage on stdout, exit 0. Called with nothing: usage on stderr, exit 2.
        ["help"] | ["--help"] | ["-h"] => Ok(USAGE.to_string()),
        [] => Err(format!("no command given\n{USAGE}")),
        _ => Err(format!("unknown command: {}\n{USAGE}", words.join(" "))),
    }
}

/// `arena CMD [GAME] ... --help` (or `-h`): the usage lines of that command only, on stdout.
/// `None` when no help was asked for or the command is unknown (the caller reports that).
fn subcommand_help(words: &[&str]) -> Option<String> {
    let (&cmd, rest) = words.split_first()?;
    // `decide` answers --help itself, with what a position code and a roll look like.
    if cmd == "decide" || !rest.iter().any(|w| matches!(*w, "--help" | "-h")) {
        return None;
    }
    // The game (or `ai`) narrows the lines when it is the second word: a line is kept when
    // its own second word names it (`senet|senas` names both).
    let game = rest
        .first()
        .copied()
        .filter(|w| matches!(*w, "senas" | "senet" | "ai"));
    let lines: Vec<&str> = USAGE
        .lines()
        .filter(|l| {
            let mut it = l.split_whitespace();
            if it.next() != Some("arena") || it.next() != Some(cmd) {
                return false;
            }
            match (game, it.next()) {
                (Some(g), Some(second)) => second.split('|').any(|w| w == g),
                _ => true,
            }
        })
        .collect();
    if lines.is_empty() {
        return None;
    }
    Some(format!("usage:\n{}\n", lines.join("\n")))
}

const USAGE: &str = "usage:
  arena moves senet [--variant wiibrew2009|kendall|jequier] --side A|B --throw N --board S
  arena moves senas --side W|B (--dice a,b,c | --gift a,b,...) --board F
  arena play senet|senas [--seed N]
  arena perft senet|senas --depth D [position options]
  arena bench senet [--depth D] [--games N] [--positions N]
  arena bench senas [--games G] [--seed N] [--all-rolls 0|1]
  arena replay FILE   (a match record from apps/senas-senet/matches/)
  arena analyze FILE  (each person turn against the Hard player, the worst three mistakes)
  arena tournament --game senas|senet --a PLAYER --b PLAYER --games N --seed S [--quiet] [--variant V]
  arena lengths [--games N] [--seed S] [--variant V]   (senet game lengths, every pairing)
  arena levels [--game all|senas|senet] [--variant V] [--decisions N] [--seed S] [--threads T]
               [--senas-table on|off]
               (every level's error on the benchmark sets; endgame levels, docs/ai.md)
  arena bench ai [--game senas|senet|senet-kendall|senet-jequier] [--games N] [--seed S] [--kind PLAYER]
  arena decide --game senas|senet [--variant V] --level easy|normal|hard --position CODE --roll R
               (the turn a level picks for a logged decision; arena decide --help)
";
