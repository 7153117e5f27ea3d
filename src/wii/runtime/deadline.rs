//! The frame deadline: when the next vsync comes, on the timebase, so the platform knows each
//! frame how much time is left before the picture must be ready (and whether a frame was
//! late). Pure arithmetic over timebase ticks; the main loop reads the clock and passes the
//! numbers. Field rates: 59.94 Hz for NTSC timings (480i, PAL60, 480p: libogc video.c's
//! 525-line modes), 50 Hz for 576i. The game presents once per field (`Screen::present_gpu`
//! waits for the next field start), so one period is one frame.

use super::clock::TICKS_PER_SECOND;
use crate::wii::video::video_mode::VideoMode;

/// Timebase ticks between two field starts in `mode`.
pub const fn vsync_period_ticks(mode: VideoMode) -> u64 {
    match mode {
        VideoMode::Pal576i => TICKS_PER_SECOND / 50,
        // 60000/1001 Hz.
        _ => TICKS_PER_SECOND * 1001 / 60_000,
    }
}

/// The time by which the current frame must be drawn: the next vsync.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    at: u64,
}

impl Deadline {
    /// The deadline of the frame that starts at the vsync seen at `vsync_ticks`.
    pub const fn after_vsync(vsync_ticks: u64, mode: VideoMode) -> Deadline {
        Deadline {
            at: vsync_ticks + vsync_period_ticks(mode),
        }
    }

    /// The timebase value of the deadline.
    pub const fn ticks(&self) -> u64 {
        self.at
    }

    /// Microseconds left at `now` (0 once past): the budget the platform can hand to work
    /// that may be cut short (the AI's search), instead of a fixed count measured elsewhere.
    pub const fn micros_left(&self, now: u64) -> u64 {
        self.at.saturating_sub(now) * 1_000_000 / TICKS_PER_SECOND
    }

    /// True when `now` is past the deadline: the frame missed its vsync.
    pub const fn missed(&self, now: u64) -> bool {
        now > self.at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_lasts_16683_us_at_5994_hz_and_20_ms_at_50_hz() {
        let ntsc = Deadline::after_vsync(0, VideoMode::Ntsc480i);
        assert_eq!(ntsc.micros_left(0), 16_683);
        assert_eq!(vsync_period_ticks(VideoMode::Progressive480p), 1_013_512);
        assert_eq!(vsync_period_ticks(VideoMode::Pal60), 1_013_512);
        let pal = Deadline::after_vsync(0, VideoMode::Pal576i);
        assert_eq!(pal.micros_left(0), 20_000);
    }

    #[test]
    fn time_left_shrinks_to_zero_and_a_frame_past_it_is_late() {
        let start = 5 * TICKS_PER_SECOND;
        let d = Deadline::after_vsync(start, VideoMode::Pal576i);
        // 8 ms of update and draw: 12 ms left, on time.
        let now = start + TICKS_PER_SECOND * 8 / 1000;
        assert_eq!(d.micros_left(now), 12_000);
        assert!(!d.missed(now));
        assert!(!d.missed(d.ticks()));
        // 21 ms: late, nothing left.
        let now = start + TICKS_PER_SECOND * 21 / 1000;
        assert_eq!(d.micros_left(now), 0);
        assert!(d.missed(now));
    }
}
