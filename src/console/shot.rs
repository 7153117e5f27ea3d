//! Screenshots: the button combination that asks for one ([`wanted`]: MINUS and PLUS held
//! together, one of them pressed this frame: on the Wii Remote and the Classic Controller − and
//! +, on the GameCube pad Z (or L) and R, as `controls_map.rs` maps them), and [`Shot`], which
//! writes the frame the platform froze (`Platform::capture`) as `SHOT-nnn.BMP` in the game
//! folder, a piece per frame through the save store, so no frame waits for the 900 KB file.
//!
//! Owns the schedule (name the file, then [`PIECE`] bytes a frame) and its piece buffer; the
//! bytes are `gfx::bmp`'s, the file names `save::shots`', the frozen frame the platform's. It
//! must not touch hardware. The self-test calls the same [`Shot::start`] / [`Shot::step`].

use crate::app::{Buttons, Input, LogSink, ShotNote};
use crate::emit;
use crate::gfx::bmp::Bmp;
use crate::save::{Problem, SaveStore};

use super::platform::Platform;
use super::saver::note;

/// Bytes of the screenshot written per frame: 16 KiB is one FAT session like a save piece
/// (mount, find the folder, append, close), so a 921,654-byte 640x480 shot takes 57 frames.
pub const PIECE: usize = 16 * 1024;

/// The buttons that together ask for a screenshot.
pub const COMBO: Buttons = Buttons::MINUS.union(Buttons::PLUS);

/// A connected player holds MINUS and PLUS and pressed one of them this frame.
pub fn wanted(input: &Input) -> bool {
    input
        .players
        .iter()
        .any(|p| p.connected && p.held.contains(COMBO) && COMBO.minus(p.pressed) != COMBO)
}

/// Where a screenshot is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Idle,
    /// Frozen; the next step finds the file's number.
    Naming,
    /// `done` bytes of screenshot `n` written.
    Writing {
        n: u16,
        done: usize,
    },
}

/// How a screenshot ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotEnd {
    /// Written whole as `SHOT-nnn.BMP` (`n`), this many bytes.
    Saved { n: u16, bytes: usize },
    /// Not written (what was written of it stays, cut short).
    Failed(Problem),
}

impl ShotEnd {
    /// The notice a player sees.
    pub fn note(self) -> ShotNote {
        match self {
            ShotEnd::Saved { n, .. } => ShotNote::Saved(n),
            ShotEnd::Failed(p) => ShotNote::NotSaved(note(p)),
        }
    }
}

/// A screenshot being written, and the buffer its pieces are encoded into.
pub struct Shot {
    state: State,
    piece: [u8; PIECE],
}

impl Default for Shot {
    fn default() -> Self {
        Shot::new()
    }
}

impl Shot {
    pub const fn new() -> Shot {
        Shot {
            state: State::Idle,
            piece: [0; PIECE],
        }
    }

    /// A screenshot is being written.
    pub fn busy(&self) -> bool {
        self.state != State::Idle
    }

    /// Freezes the frame on screen (`Platform::capture`) and starts writing it; `Err` says
    /// why not (a store without a card, a platform that keeps no frame). While one is being
    /// written another is refused with `Busy`.
    pub fn start(&mut self, p: &mut impl Platform) -> Result<(), Problem> {
        if self.busy() {
            return Err(Problem::Busy);
        }
        if let Some(why) = p.store().problem() {
            if matches!(why, Problem::NoCard | Problem::Unformatted) {
                return Err(why);
            }
        }
        if !p.capture() {
            return Err(Problem::Failed);
        }
        self.state = State::Naming;
        Ok(())
    }

    /// One step: finds the name, or writes the next piece; `Some` when it ended.
    pub fn step(&mut self, p: &mut impl Platform) -> Option<ShotEnd> {
        let (n, done) = match self.state {
            State::Idle => return None,
            State::Naming => {
                let r = p.store().next_shot();
                return match r {
                    Ok(n) => {
                        self.state = State::Writing { n, done: 0 };
                        None
                    }
                    Err(e) => self.end(ShotEnd::Failed(e)),
                };
            }
            State::Writing { n, done } => (n, done),
        };
        let (k, len) = match p.captured() {
            Some(frame) => {
                let bmp = Bmp::new(frame);
                (bmp.read(done, &mut self.piece), bmp.len())
            }
            None => return self.end(ShotEnd::Failed(Problem::Failed)),
        };
        if let Err(e) = p.store().write_shot(n, &self.piece[..k], done == 0) {
            return self.end(ShotEnd::Failed(e));
        }
        let done = done + k;
        if done >= len || k == 0 {
            return self.end(ShotEnd::Saved { n, bytes: done });
        }
        self.state = State::Writing { n, done };
        None
    }

    fn end(&mut self, e: ShotEnd) -> Option<ShotEnd> {
        self.state = State::Idle;
        Some(e)
    }
}

/// The log line of a screenshot's end (`event=shot ...`).
pub fn log_end(log: &mut dyn LogSink, e: ShotEnd, ms: u64, steps: u32) {
    match e {
        ShotEnd::Saved { n, bytes } => emit!(
            log,
            "event=shot ok=1 n={} bytes={} ms={} steps={}",
            n,
            bytes,
            ms,
            steps
        ),
        ShotEnd::Failed(p) => emit!(log, "event=shot ok=0 reason={}", p.key()),
    }
}
