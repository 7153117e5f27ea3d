//! How long a match has been played (`MatchClock`) and how the winner's panel says it
//! ("42 turns in 7 min"). Time is summed over the frames the match itself runs: on the
//! platform's microsecond clock when it lends one (so 50 Hz and 60 Hz modes both read true),
//! else one 59.94 Hz frame per update; a gap longer than `MAX_STEP_US` (an overlay over the
//! match, a pause) counts as one frame. Knows nothing of the games or the screen.

use super::strings::{fill, Strings};
use super::text::Text;

/// One frame at 59.94 Hz, in microseconds (1001/60 ms).
pub const FRAME_US: u64 = 16_683;
/// The longest step between two match frames that still counts as play.
pub const MAX_STEP_US: u64 = 100_000;

/// The play time of one match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchClock {
    played_us: u64,
    last: Option<u64>,
    /// The match was continued from a save: its time before that is not known.
    resumed: bool,
}

impl MatchClock {
    /// A clock for a match that starts now.
    pub const fn new() -> Self {
        MatchClock {
            played_us: 0,
            last: None,
            resumed: false,
        }
    }
    /// A clock for a match continued from a save (its length shows turns only).
    pub const fn resumed() -> Self {
        MatchClock {
            resumed: true,
            ..MatchClock::new()
        }
    }

    /// One frame of the match; `now_us`: the platform's clock, if it has one.
    pub fn tick(&mut self, now_us: Option<u64>) {
        let step = match (now_us, self.last) {
            (Some(now), Some(last)) => now.saturating_sub(last),
            _ => FRAME_US,
        };
        self.last = now_us;
        self.played_us += if step > MAX_STEP_US { FRAME_US } else { step };
    }

    /// Whole seconds played (`None` for a continued match).
    pub fn seconds(&self) -> Option<u64> {
        (!self.resumed).then_some(self.played_us / 1_000_000)
    }

    /// "42 turns in 7 min" (minutes rounded, from a minute on), "42 turns in 45 s", or
    /// "42 turns" when the match's time is not known.
    pub fn length_line(&self, turns: u32, t: &Strings) -> Text<64> {
        let mut out = Text::new();
        match self.seconds() {
            None => fill(&mut out, t.match_turns, &[&turns]),
            Some(s) if s < 60 => fill(&mut out, t.match_length_s, &[&turns, &s]),
            Some(s) => fill(&mut out, t.match_length_min, &[&turns, &((s + 30) / 60)]),
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::strings::{EN, ES};

    #[test]
    fn without_a_clock_each_frame_counts_one_video_frame() {
        let mut c = MatchClock::new();
        for _ in 0..60 * 60 * 7 {
            c.tick(None);
        }
        // 25 200 frames at 59.94 Hz are 420.4 s.
        assert_eq!(c.seconds(), Some(420));
        assert_eq!(c.length_line(42, &EN).as_str(), "42 turns in 7 min");
        assert_eq!(c.length_line(42, &ES).as_str(), "42 turnos en 7 min");
    }

    #[test]
    fn the_clock_counts_real_time_and_skips_pauses() {
        let mut c = MatchClock::new();
        let mut now = 5_000_000u64;
        for _ in 0..50 * 30 {
            c.tick(Some(now));
            now += 20_000; // 50 Hz
        }
        now += 60_000_000; // a minute in the HOME menu
        c.tick(Some(now));
        // 1 499 steps of 20 ms, the first frame and the one after the pause count a frame each.
        assert_eq!(c.seconds(), Some(30));
        assert_eq!(c.length_line(9, &EN).as_str(), "9 turns in 30 s");
        assert_eq!(c.length_line(9, &ES).as_str(), "9 turnos en 30 s");
    }

    #[test]
    fn minutes_round_to_the_nearest() {
        let mut c = MatchClock::new();
        let mut now = 0;
        while now < 89_000_000 {
            now += 50_000;
            c.tick(Some(now));
        }
        assert_eq!(c.length_line(3, &EN).as_str(), "3 turns in 1 min");
        while now < 91_000_000 {
            now += 50_000;
            c.tick(Some(now));
        }
        assert_eq!(c.length_line(3, &EN).as_str(), "3 turns in 2 min");
    }

    #[test]
    fn a_continued_match_says_its_turns_only() {
        let mut c = MatchClock::resumed();
        c.tick(None);
        assert_eq!(c.seconds(), None);
        assert_eq!(c.length_line(42, &EN).as_str(), "42 turns");
        assert_eq!(c.length_line(42, &ES).as_str(), "42 turnos");
    }
}
