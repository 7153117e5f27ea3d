//! The result of a finished Dolphin run: game log lines, frame dump paths, Dolphin's log and
//! timings, with helpers to find events and load frames. On drop it deletes its user folder,
//! unless the thread is panicking (a failed test) or `DOLPHIN_HARNESS_KEEP` is set; a failing
//! test also gets the logs printed.

use crate::event::Event;
use crate::frame::Frame;
use crate::{tail, Error};
use std::path::PathBuf;
use std::time::Duration;

/// What a run produced.
#[derive(Debug)]
pub struct Run {
    /// USB Gecko lines from the game, in order.
    pub gecko: Vec<String>,
    /// Frame dumps in order (`framedump_0.png`, ...).
    pub frames: Vec<PathBuf>,
    /// Dolphin's own output (stdout and stderr).
    pub dolphin_log: String,
    /// The private user folder of this run.
    pub user_dir: PathBuf,
    /// From launch to the first frame dump being written.
    pub first_frame_after: Option<Duration>,
    /// From launch to Dolphin's exit.
    pub wall_time: Duration,
    /// The TCP port Dolphin's USB Gecko listened on.
    pub gecko_port: Option<u16>,
    /// Dolphin's exit code (`None`: killed by a signal).
    pub exit_code: Option<i32>,
    /// Pipe commands sent: (time since launch, pipe, command).
    pub sent: Vec<(Duration, String, String)>,
    pub(crate) keep_dir: bool,
}

impl Run {
    /// Every `event=NAME` line, parsed.
    pub fn events(&self, name: &str) -> Vec<Event> {
        self.gecko
            .iter()
            .map(|l| Event::parse(l))
            .filter(|e| e.name() == Some(name))
            .collect()
    }

    /// The first `event=NAME` line.
    pub fn event(&self, name: &str) -> Option<Event> {
        self.events(name).into_iter().next()
    }

    /// The run's audio dump (`Dolphin::dump_audio`): the first DSP dump file, parsed.
    pub fn audio_dump(&self) -> Result<crate::AudioDump, Error> {
        let paths = crate::AudioDump::paths(&self.user_dir);
        let first = paths.first().ok_or_else(|| {
            Error::Io(format!("no *_dspdump*.wav in {}", self.user_dir.display()))
        })?;
        crate::AudioDump::load(first)
    }

    /// Loads frame dump `i`.
    pub fn frame(&self, i: usize) -> Result<Frame, Error> {
        let path = self.frames.get(i).ok_or(Error::NoFrames)?;
        Frame::load(path)
    }

    /// The last frame that decodes (the very last may be cut short when Dolphin stops).
    pub fn last_frame(&self) -> Result<Frame, Error> {
        let mut last = Err(Error::NoFrames);
        for path in self.frames.iter().rev().take(3) {
            last = Frame::load(path);
            if last.is_ok() {
                break;
            }
        }
        last
    }

    /// The game log and the tail of Dolphin's log, for assertion messages.
    pub fn report(&self) -> String {
        format!(
            "--- game log ({} lines)\n{}\n--- Dolphin log (tail)\n{}\n--- {} frames, user folder {}",
            self.gecko.len(),
            self.gecko.join("\n"),
            tail(&self.dolphin_log, 40),
            self.frames.len(),
            self.user_dir.display()
        )
    }

    /// Keeps the user folder after the run (frames, logs) and returns its path.
    pub fn keep(&mut self) -> PathBuf {
        self.keep_dir = true;
        self.user_dir.clone()
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("{}", self.report());
            eprintln!(
                "(user folder kept for inspection: {})",
                self.user_dir.display()
            );
        } else if !self.keep_dir && std::env::var_os("DOLPHIN_HARNESS_KEEP").is_none() {
            let _ = std::fs::remove_dir_all(&self.user_dir);
        }
    }
}
