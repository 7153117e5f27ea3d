//! What the to-the-end e2e tests share for the match review (issue 27 part 5): once the match
//! is won, the person opens "Review" on the winner's panel with remote 1 (points at its row once
//! the panel has landed, A until the game logs `event=menu scene=review`); the game's
//! `event=review` line (time from the match's end to the figures complete, work during and
//! after the match) and its `event=review_line` lines (the report) are read from the log, and
//! the report is compared with `arena analyze` of the match record the game wrote on the
//! synced SD card. Prints `bench: review ...` lines (`make bench`).
#![allow(dead_code)]

use dolphin_harness::{sync_dir, Error, Event, Run, Session};
use senas_senet::app::settings::Animations;
use senas_senet::app::winner::Winner;
use senas_senet::app::GameKind;
use senas_senet::save::{self, Kind};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The game's folder on the card.
pub const GAME_DIR: &str = "apps/senas-senet";
const WAIT: Duration = Duration::from_secs(120);
const HOLD: Duration = Duration::from_millis(150);

/// The card: folder sync, with the game's folder made (records are written under it).
pub fn card() -> dolphin_harness::SdCard {
    dolphin_harness::SdCard::Sync(vec![(format!("{GAME_DIR}/"), Vec::new())])
}

/// [`card`] with a settings record in the game's folder, as a player who chose "Animations:
/// Fast" in the HOME menu left it (`SET_A.BIN`, the game's own envelope and payload).
pub fn card_with_fast_animations() -> dolphin_harness::SdCard {
    let settings = save::Settings {
        animations: Animations::Fast.saved(),
        ..save::Settings::default()
    };
    let mut out = vec![0u8; 512];
    let n = save::encode_with(Kind::Settings, 1, &mut out, |w| settings.write(w))
        .expect("a settings record fits");
    out.truncate(n);
    dolphin_harness::SdCard::Sync(vec![
        (format!("{GAME_DIR}/"), Vec::new()),
        (format!("{GAME_DIR}/SET_A.BIN"), out),
    ])
}

/// After the win of a `game` match: waits for the review to be complete (`event=review`), lets
/// the winner's panel land, then opens the review screen (the pointer on the Review row, A)
/// and waits for the record to be written.
pub fn open_the_review(s: &mut Session, game: GameKind) -> Result<Event, Error> {
    let review = s.wait_for_event("review", WAIT)?;
    s.sleep(Duration::from_millis(1500));
    let (x, y) = Winner::landed_row_rect(game, true, 2).center();
    s.aim("wm1", 1, x, y)?;
    s.tap_until("wm1", "A", HOLD, "menu", &[("scene", "review")])?;
    // The record is written over frames after the win (before or after the review's line).
    for _ in 0..120 {
        let written = s
            .lines()
            .iter()
            .any(|l| Event::parse(l).is("save", &[("what", "record")]));
        if written {
            break;
        }
        s.sleep(Duration::from_millis(500));
    }
    s.sleep(Duration::from_millis(1000));
    Ok(review)
}

/// The match record the game wrote under the synced card's `matches/` folder.
fn record(run: &Run) -> PathBuf {
    let dir = sync_dir(&run.user_dir).join(GAME_DIR);
    let matches = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .find(|e| {
            e.file_name()
                .to_string_lossy()
                .eq_ignore_ascii_case("matches")
        })
        .unwrap_or_else(|| panic!("no matches folder in {}", dir.display()))
        .path();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&matches)
        .expect("matches folder")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 1, "one match record: {files:?}");
    files.remove(0)
}

fn arena_analyze(record: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(&root)
        .args(["run", "-q", "--release", "-p", "arena", "--", "analyze"])
        .arg(record)
        .output()
        .expect("cargo run -p arena");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "arena analyze {}: {}\n{stdout}",
        record.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The review the game logged equals `arena analyze` of its record, line for line; prints the
/// `bench:` lines (time from the match's end to the review complete, work during and after).
pub fn check_the_review(run: &Run, game: &str) {
    let review = run
        .events("review")
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no event=review line\n{}", run.report()));
    assert_eq!(review.get("game"), Some(game), "{}", review.line);
    let lines: Vec<String> = run
        .events("review_line")
        .iter()
        .map(|e| e.line.trim_start_matches("event=review_line ").to_string())
        .collect();
    assert!(!lines.is_empty(), "the review's figures are logged");
    let path = record(run);
    let analyzed: Vec<String> = arena_analyze(&path)
        .lines()
        .filter(|l| l.starts_with("review "))
        .map(str::to_string)
        .collect();
    assert_eq!(
        lines,
        analyzed,
        "the Wii's review = arena analyze {}",
        path.display()
    );
    let num = |k: &str| review.num::<u64>(k).unwrap_or(0);
    let (during, after) = (num("match_work"), num("end_work"));
    eprintln!(
        "bench: review ({game}) ready {} ms after the match's end (timebase), {} frames; work \
         {during} units during the match in spare frame time, {after} after it ({} turns)",
        review.get("ready_ms").unwrap_or("?"),
        review.get("frames").unwrap_or("?"),
        review.get("turns").unwrap_or("?"),
    );
    for l in &lines {
        eprintln!("bench:   {l}");
    }
}
