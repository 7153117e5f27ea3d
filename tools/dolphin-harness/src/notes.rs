//! Things the harness did that a passing test's report would otherwise hide (a wait for a free
//! USB Gecko port, a second launch because Dolphin could not listen): said on stderr and
//! appended to `target/dolphin-runs/notes.log`, one tab-separated line each (time, test, run,
//! what), which `make test-e2e` prints at the end. Owns that file only.

use crate::locate::target_dir;
use std::io::Write;
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

/// The notes file of this target folder.
pub fn notes_path() -> PathBuf {
    target_dir().join("dolphin-runs").join("notes.log")
}

/// Says `what` about run `run` on stderr and in the notes file.
pub(crate) fn note(run: &str, what: &str) {
    let test = std::thread::current().name().unwrap_or("main").to_string();
    eprintln!("dolphin-harness: {test}: {run}: {what}");
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let path = notes_path();
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
    {
        let _ = writeln!(f, "{secs}\t{test}\t{run}\t{what}");
    }
}
