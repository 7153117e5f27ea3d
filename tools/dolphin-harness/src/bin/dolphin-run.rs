//! `make run`: boots the game in Dolphin and streams its log to the terminal. With `$DISPLAY`
//! set (and no `--headless`) Dolphin's window opens and the run lasts until it is closed;
//! otherwise it runs headless for `--seconds` and writes the last frames as PNG, the game log
//! and Dolphin's log under `--out` (default `target/run/`), then prints where they are.
//!
//! usage: dolphin-run GAME.dol [--seconds N] [--out DIR] [--headless]

use dolphin_harness::{Dolphin, Error, Session};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Frames copied out of a headless run.
const LAST_FRAMES: usize = 5;

struct Args {
    dol: PathBuf,
    seconds: f64,
    out: PathBuf,
    headless: bool,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut it = args.iter();
    let mut parsed = Args {
        dol: PathBuf::new(),
        seconds: 10.0,
        out: PathBuf::from("target/run"),
        headless: false,
    };
    let mut dol = None;
    while let Some(a) = it.next() {
        match a.as_str() {
            "--seconds" => {
                let v = it.next().ok_or("--seconds needs a value")?;
                parsed.seconds = v
                    .parse()
                    .map_err(|_| format!("--seconds: not a number: {v}"))?;
            }
            "--out" => parsed.out = PathBuf::from(it.next().ok_or("--out needs a folder")?),
            "--headless" => parsed.headless = true,
            other if other.starts_with("--") => return Err(format!("unknown option {other}")),
            other => dol = Some(PathBuf::from(other)),
        }
    }
    parsed.dol = dol.ok_or("missing GAME.dol")?;
    Ok(parsed)
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
    let args = match parse(&raw) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("dolphin-run: {e}\nusage: dolphin-run GAME.dol [--seconds N] [--out DIR] [--headless]");
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
