//! `make run`: boots the game in Dolphin and streams its log to the terminal. With `$DISPLAY`
//! set (and no `--headless`) Dolphin's window opens and the run lasts until it is closed;
//! otherwise it runs headless for `--seconds` and writes the last frames as PNG, the game log
//! and Dolphin's log under `--out` (default `target/run/`), then prints where they are.
//!
//! usage: dolphin-run GAME.dol [--seconds N] [--out DIR] [--headless] (`--help` says more)

use dolphin_harness::{Dolphin, Error, Session};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Frames copied out of a headless run.
const LAST_FRAMES: usize = 5;

const USAGE: &str = "usage: dolphin-run GAME.dol [--seconds N] [--out DIR] [--headless]
  --seconds N   how long a headless run lasts (default 10)
  --out DIR     where a headless run writes frames and logs (default target/run)
  --headless    no window even when $DISPLAY is set
  --help        this text";

struct Args {
    dol: PathBuf,
    seconds: f64,
    out: PathBuf,
    headless: bool,
}

/// `Ok(None)`: `--help` was asked for.
fn parse(args: Vec<String>) -> Result<Option<Args>, lexopt::Error> {
    use lexopt::prelude::*;
    let mut parsed = Args {
        dol: PathBuf::new(),
        seconds: 10.0,
        out: PathBuf::from("target/run"),
        headless: false,
    };
    let mut dol = None;
    let mut p = lexopt::Parser::from_args(args);
    while let Some(arg) = p.next()? {
        match arg {
            Long("seconds") => parsed.seconds = p.value()?.parse()?,
            Long("out") => parsed.out = PathBuf::from(p.value()?),
            Long("headless") => parsed.headless = true,
            Long("help") | Short('h') => return Ok(None),
            Value(v) if dol.is_none() => dol = Some(PathBuf::from(v)),
            _ => return Err(arg.unexpected()),
        }
    }
    parsed.dol = dol.ok_or("missing GAME.dol")?;
    Ok(Some(parsed))
}

/// Prints game log lines as they arrive until Dolphin exits or `limit` passes.
fn stream(s: &mut Session, limit: Duration) -> Result<(), Error> {
    while s.elapsed() < limit {
        match s.wait_for("a log line", Duration::from_millis(500), |_| true) {
            Ok(line) => println!("game: {line}"),
            Err(Error::Timeout { .. }) => {}
            Err(Error::DolphinExited { .. }) => break,
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    let args = match parse(raw) {
        Ok(Some(a)) => a,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("dolphin-run: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let window = !args.headless && std::env::var_os("DISPLAY").is_some_and(|d| !d.is_empty());
    let limit = if window {
        Duration::from_secs(24 * 3600)
    } else {
        Duration::from_secs_f64(args.seconds)
    };
    if window {
        println!("dolphin-run: opening Dolphin's window; close it to finish");
    } else {
        println!(
            "dolphin-run: no $DISPLAY (or --headless): running headless for {} s",
            args.seconds
        );
    }
    let run = Dolphin::new(&args.dol)
        .name("make-run")
        .gui(window)
        .run_with(|s| stream(s, limit));
    let run = match run {
        Ok(r) => r,
        Err(e) => {
            eprintln!("dolphin-run: {e}");
            return ExitCode::FAILURE;
        }
    };
    if window {
        return ExitCode::SUCCESS;
    }
    if let Err(e) = save(&run, &args.out) {
        eprintln!("dolphin-run: cannot write {}: {e}", args.out.display());
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

fn save(run: &dolphin_harness::Run, out: &std::path::Path) -> std::io::Result<()> {
    let _ = std::fs::remove_dir_all(out);
    std::fs::create_dir_all(out)?;
    std::fs::write(out.join("game.log"), run.gecko.join("\n") + "\n")?;
    std::fs::write(out.join("dolphin.log"), &run.dolphin_log)?;
    let first = run.frames.len().saturating_sub(LAST_FRAMES);
    for (i, path) in run.frames[first..].iter().enumerate() {
        std::fs::copy(path, out.join(format!("frame_{}.png", first + i)))?;
    }
    println!(
        "dolphin-run: {} frames dumped (first {:?} after launch); wrote the last {} as PNG, game.log and dolphin.log to {}",
        run.frames.len(),
        run.first_frame_after,
        run.frames.len() - first,
        out.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn options_and_the_dol_parse_in_any_order() {
        let a = parse(args(&[
            "--seconds",
            "3.5",
            "g.dol",
            "--headless",
            "--out=x",
        ]))
        .unwrap()
        .unwrap();
        assert_eq!(a.dol, PathBuf::from("g.dol"));
        assert_eq!(a.seconds, 3.5);
        assert_eq!(a.out, PathBuf::from("x"));
        assert!(a.headless);
    }

    #[test]
    fn bad_calls_are_errors_and_help_is_not() {
        assert!(parse(args(&[])).is_err(), "no dol");
        assert!(parse(args(&["g.dol", "--seconds", "soon"])).is_err());
        assert!(parse(args(&["g.dol", "--frobnicate"])).is_err());
        assert!(parse(args(&["a.dol", "b.dol"])).is_err());
        assert!(parse(args(&["--help"])).unwrap().is_none());
    }
}
