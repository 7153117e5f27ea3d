//! What the console layer needs of a machine, as one trait: the frame's input, the time left
//! for thinking, a clock, the save store, the audio output (and its lead) and rumble,
//! presenting a draw list, keeping the shown frame for a screenshot, and the console
//! self-test's probes and report file.
//! Leaving the program consumes the hardware, so the platform does it when a frame reports
//! the app's request (`FrameReport::request`), after the console layer silenced the audio. `main.rs` implements it over `wii`; the host tests over fakes.
//! Owns the interface only.

use crate::app::{Clock, Input};
use crate::audio::AudioOut;
use crate::gfx::bmp::YuvFrame;
use crate::gfx::DrawList;
use crate::save::{Problem, SaveStore};
use crate::selftest::{Measure, Probe};

/// The remotes' rumble motors.
pub trait Rumble {
    /// `pulse`: starts a rumble pulse of `RUMBLE_MS` on `player`'s remote; either way returns
    /// whether its motor is on now.
    fn rumble(&mut self, player: usize, pulse: bool) -> bool;
}

/// How far ahead of the play position the audio output keeps sound mixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AudioLead {
    /// While nothing is written: short, so effects start soon after their event.
    Play,
    /// While a save is spread over frames: long enough to ride out a piece on a slow real
    /// card (an SD write can stay busy for a few hundred ms; audit 2 N3), at the price of
    /// effects starting up to that much later.
    Saving,
}

/// The machine under the console layer.
pub trait Platform {
    /// This frame's controllers and console buttons (Reset, Power).
    fn poll(&mut self) -> Input;
    /// Microseconds the computer may think in this update (what is left of the frame, less a
    /// margin for the draw, capped so no update passes 12 ms; docs/ai.md, Frame budget).
    fn think_budget_us(&mut self) -> u32;
    /// The clock the app's computer players read while thinking (`None`: they count nodes).
    fn clock(&self) -> Option<Clock>;
    /// Microseconds since boot, for the timings the log gives (save pieces, updates, mixing)
    /// and its `t_ms=` stamps; a plain function so it can be read while the store is borrowed.
    fn micros(&self) -> fn() -> u64;
    /// The save store for this call.
    fn store(&mut self) -> impl SaveStore + '_;
    /// Sets the audio output's lead (the console layer calls it when a spread save starts
    /// and ends).
    fn set_audio_lead(&mut self, lead: AudioLead);
    /// The audio output and the rumble motors, together (a frame's sound drives both).
    fn sound_out(&mut self) -> (&mut dyn AudioOut, &mut dyn Rumble);
    /// Draws the frame's list and shows it at the next vsync.
    fn present(&mut self, list: &DrawList);
    /// Runs one probe of the console self-test (`selftest`): reads or does the hardware and
    /// returns the raw values. A machine that cannot answers `Measure::Unavailable`.
    fn probe(&mut self, probe: Probe) -> Measure {
        let _ = probe;
        Measure::Unavailable
    }
    /// Writes `data` as the file `name` in the game folder (the self-test's report),
    /// replacing an older one.
    fn write_file(&mut self, name: &str, data: &[u8]) -> Result<(), Problem> {
        let _ = (name, data);
        Err(Problem::Failed)
    }
    /// Keeps a copy of the frame on screen now, as the player sees it, for a screenshot
    /// (`console::shot`); `false` when it cannot. The copy stays until the next capture.
    fn capture(&mut self) -> bool;
    /// The frame the last `capture` kept.
    fn captured(&self) -> Option<YuvFrame<'_>>;
    /// Runs the search for a guest remote the app asks for (`App::remote_search`), called
    /// before each `poll`: a new `Some(attempt)` starts one, `None` stops it. Its progress
    /// comes back in `Input::search`. A machine without one leaves the default (no search).
    fn search_remotes(&mut self, attempt: Option<u16>) {
        let _ = attempt;
    }
}
