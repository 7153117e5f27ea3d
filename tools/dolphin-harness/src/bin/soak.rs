//! `make soak`: computer-against-computer matches of both games in Dolphin, one Dolphin per game
//! side by side (the `demo-senas` / `demo-senet` builds rematch after each win and cycle the
//! levels), until `--matches` have ended. Checks, from the game's log: every `event=start` is
//! followed by an `event=win` before the next start; no `event=frame_problem`; no burst of
//! missed vsyncs (more than `--burst` in one frame line's window); no hang (a watchdog: no log
//! line for `--hang` seconds); the stack high-water mark (`stack_hw=` of the frame lines) stays
//! flat once every level has played. Prints the figures; exits 1 when a check failed.
//! Frames are not dumped and Dolphin runs unthrottled (`EmulationSpeed = 0`, Null video): the
//! game still paces itself by the emulated vsync, so the checks hold, only faster.

use dolphin_harness::{wii_dol, Dolphin, Error, Event, Session, WiiProgram};
use std::process::ExitCode;
use std::time::{Duration, Instant};

const USAGE: &str = "usage: soak [--matches N] [--hang SECONDS] [--burst N] [--minutes M]
  --matches N     matches in all, split between the two games (default 100)
  --hang S        watchdog: fail when the game logs nothing for S seconds (default 120)
  --burst N       fail when one frame line reports more than N new missed vsyncs (default 3)
  --minutes M     give up (and fail) after M minutes (default 120)";

struct Args {
    matches: u32,
    hang: u64,
    burst: u64,
    minutes: u64,
}

fn parse() -> Result<Args, lexopt::Error> {
    use lexopt::prelude::*;
    let mut args = Args {
        matches: 100,
        hang: 120,
        burst: 3,
        minutes: 120,
    };
    let mut p = lexopt::Parser::from_env();
    while let Some(arg) = p.next()? {
        match arg {
            Long("matches") => args.matches = p.value()?.parse()?,
            Long("hang") => args.hang = p.value()?.parse()?,
            Long("burst") => args.burst = p.value()?.parse()?,
            Long("minutes") => args.minutes = p.value()?.parse()?,
            Long("help") | Short('h') => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            _ => return Err(arg.unexpected()),
        }
    }
    Ok(args)
}

/// What one game's Dolphin run saw.
#[derive(Default, Debug)]
struct Tally {
    starts: u32,
    wins: u32,
    levels: Vec<String>,
    problems: Vec<String>,
    stack_first: Option<u64>,
    stack_after_cycle: Option<u64>,
    stack_last: Option<u64>,
    worst_burst: u64,
    frame_lines: u32,
}

impl Tally {
    fn line(&mut self, line: &str, burst: u64, last_missed: &mut Option<u64>) {
        let e = Event::parse(line);
        match e.name() {
            Some("start") => {
                if self.starts > self.wins {
                    self.problems
                        .push(format!("match {} started before a win", self.starts + 1));
                }
                self.starts += 1;
                if let Some(l) = e.get("levels") {
                    self.levels.push(l.to_string());
                }
            }
            Some("win") => self.wins += 1,
            Some("frame_problem") | Some("panic") | Some("error_screen") => {
                self.problems.push(line.to_string())
            }
            Some("frame") => {
                self.frame_lines += 1;
                if let Some(hw) = e.num::<u64>("stack_hw") {
                    self.stack_first.get_or_insert(hw);
                    // Three matches play every level on both sides (app/config.rs).
                    if self.wins >= 3 {
                        self.stack_after_cycle.get_or_insert(hw);
                    }
                    self.stack_last = Some(hw);
                }
                if let Some(missed) = e.num::<u64>("missed_vsyncs") {
                    let new = missed.saturating_sub(last_missed.unwrap_or(missed));
                    self.worst_burst = self.worst_burst.max(new);
                    if new > burst {
                        self.problems
                            .push(format!("{new} missed vsyncs in one window: {line}"));
                    }
                    *last_missed = Some(missed);
                }
            }
            _ => {}
        }
    }
}

fn soak(s: &mut Session, tally: &mut Tally, wins: u32, args: &Args) -> Result<(), Error> {
    let deadline = Instant::now() + Duration::from_secs(args.minutes * 60);
    let mut last_missed = None;
    while tally.wins < wins {
        if Instant::now() > deadline {
            tally.problems.push(format!(
                "gave up after {} minutes at {} wins",
                args.minutes, tally.wins
            ));
            return Ok(());
        }
        match s.wait_for(
            "any log line (watchdog)",
            Duration::from_secs(args.hang),
            |_| true,
        ) {
            Ok(line) => tally.line(&line, args.burst, &mut last_missed),
            Err(e) => {
                tally.problems.push(format!(
                    "hang: {}",
                    e.to_string().lines().next().unwrap_or("")
                ));
                return Ok(());
            }
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("soak: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let games = [("senas", "demo-senas"), ("senet", "demo-senet")];
    let dols: Vec<_> = games
        .iter()
        .map(|(_, feature)| {
            wii_dol(
                "SOAK_UNSET",
                &WiiProgram {
                    select: &["--bin", "senas-senet", "--features", feature],
                    elf: "senas-senet",
                    name: feature,
                },
            )
        })
        .collect();
    let per_game = [args.matches / 2, args.matches - args.matches / 2];
    let args = &args;
    let results: Vec<(String, Result<Tally, String>, Duration)> = std::thread::scope(|scope| {
        let handles: Vec<_> = games
            .iter()
            .zip(&dols)
            .zip(per_game)
            .map(|(((game, feature), dol), wins)| {
                scope.spawn(move || {
                    let t0 = Instant::now();
                    let mut tally = Tally::default();
                    let run = Dolphin::new(dol)
                        .name(&format!("soak-{feature}"))
                        .video_backend("Null")
                        .ini("Dolphin.ini", "Movie", "DumpFrames", "False")
                        .ini("Dolphin.ini", "Core", "EmulationSpeed", "0.00000000")
                        .run_with(|s| soak(s, &mut tally, wins, args));
                    let out = match run {
                        Ok(_) => Ok(tally),
                        Err(e) => Err(e.to_string()),
                    };
                    (game.to_string(), out, t0.elapsed())
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("soak thread"))
            .collect()
    });
    let mut ok = true;
    let mut matches = 0;
    for (game, result, wall) in &results {
        match result {
            Ok(t) => {
                matches += t.wins;
                let mut levels = t.levels.clone();
                levels.sort();
                levels.dedup();
                println!(
                    "soak: {game}: {} matches won of {} started in {:.0} s; levels {}; {} frame lines; \
                     worst missed-vsync burst {}; stack high-water first {}, after all levels {}, last {}",
                    t.wins,
                    t.starts,
                    wall.as_secs_f64(),
                    levels.join(","),
                    t.frame_lines,
                    t.worst_burst,
                    bytes(t.stack_first),
                    bytes(t.stack_after_cycle),
                    bytes(t.stack_last)
                );
                if t.stack_after_cycle.is_some() && t.stack_last != t.stack_after_cycle {
                    ok = false;
                    println!(
                        "soak: {game}: FAILED: the stack kept growing after every level had played"
                    );
                }
                if t.stack_first.is_none() {
                    ok = false;
                    println!("soak: {game}: FAILED: no stack_hw in the frame lines");
                }
                if levels.len() < 3 && t.wins >= 3 {
                    ok = false;
                    println!("soak: {game}: FAILED: not every level pairing played");
                }
                for p in &t.problems {
                    ok = false;
                    println!("soak: {game}: FAILED: {p}");
                }
            }
            Err(e) => {
                ok = false;
                println!("soak: {game}: FAILED: {e}");
            }
        }
    }
    println!(
        "soak: {matches} matches in {:.0} s: {}",
        started.elapsed().as_secs_f64(),
        if ok && matches >= args.matches {
            "ok"
        } else {
            "FAILED"
        }
    );
    if ok && matches >= args.matches {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn bytes(b: Option<u64>) -> String {
    b.map_or("n/a".into(), |b| format!("{b} B"))
}
