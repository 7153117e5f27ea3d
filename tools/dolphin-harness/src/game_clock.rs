//! The game's own clock as the harness sees it: emulated time, read from the frame counts the
//! game logs (`event=frame n=N` every 60 frames in the game, `event=input_stats frame=N` every
//! 120 in the input probe). Every wait and sleep of a `Session` counts this time, not the wall
//! clock, so a Dolphin slowed down by a loaded machine gets the wall time it needs and a test's
//! input lands at the same moment of the *game* whatever the load (docs/testing.md, "Waits
//! count the game's time"). Owns only the arithmetic; the reader threads feed it lines
//! (`readers.rs`) and `session.rs` waits on it.

use std::time::{Duration, Instant};

/// Frames per emulated second. The game runs at the VI's rate: 60 Hz for NTSC and EURGB60,
/// 50 Hz for PAL50, where counting 60 makes every wait a little longer, never shorter.
pub const FRAMES_PER_SECOND: f64 = 60.0;

/// How a wait may end besides its condition: after `limit` of game time; after `limit` times
/// `WALL_FACTOR` of wall time (a Dolphin too slow to test: at 3% of real speed), or times
/// `SILENT_FACTOR` before the game's clock started (a game that never logs a frame); or,
/// once the clock has started, when it has not moved for `STALL` of wall time (a hung game).
pub const WALL_FACTOR: u32 = 30;
/// The wall cap's factor before the first frame count.
pub const SILENT_FACTOR: u32 = 8;
/// A game whose frame count stops this long (wall time) is hung, or has left (power off,
/// exit to the loader, a panic screen that no longer logs).
pub const STALL: Duration = Duration::from_secs(90);

/// The frame count in one game log line, if it carries one.
pub fn frame_count(line: &str) -> Option<u64> {
    let key = if line.starts_with("event=frame ") {
        "n="
    } else if line.starts_with("event=input_stats ") {
        "frame="
    } else {
        return None;
    };
    line.split(' ')
        .find_map(|w| w.strip_prefix(key))
        .and_then(|v| v.parse().ok())
}

/// The last frame count seen, when it arrived, and how fast the game ran before it.
#[derive(Clone, Copy, Debug, Default)]
pub struct GameClock {
    last: Option<(Instant, u64)>,
    /// Game seconds per wall second between the last two counts.
    speed: Option<f64>,
    /// Game seconds between the last two counts (how far to extrapolate at most).
    step: Option<f64>,
}

impl GameClock {
    /// Takes `line`, which arrived at `at`, into account.
    pub fn observe(&mut self, line: &str, at: Instant) {
        let Some(n) = frame_count(line) else { return };
        if let Some((t0, n0)) = self.last {
            if n <= n0 {
                return;
            }
            let game = (n - n0) as f64 / FRAMES_PER_SECOND;
            let wall = at.saturating_duration_since(t0).as_secs_f64();
            if wall > 0.0 {
                self.speed = Some((game / wall).min(4.0));
            }
            self.step = Some(game);
        }
        self.last = Some((at, n));
    }

    /// Game seconds since boot at wall time `at`: the last count, plus the time since it at
    /// the last measured speed, but never more than one logging step past it (a game that
    /// stopped logging does not move on). `None` before the first count.
    pub fn seconds(&self, at: Instant) -> Option<f64> {
        let (t, n) = self.last?;
        let since = at.saturating_duration_since(t).as_secs_f64();
        let ahead = (since * self.speed.unwrap_or(1.0)).min(self.step.unwrap_or(1.0));
        Some(n as f64 / FRAMES_PER_SECOND + ahead)
    }

    /// When the last count arrived.
    pub fn last_tick(&self) -> Option<Instant> {
        self.last.map(|(t, _)| t)
    }

    /// Game seconds per wall second lately (1.0 before two counts).
    pub fn speed(&self) -> f64 {
        self.speed.unwrap_or(1.0)
    }
}

/// Why a wait ended without its condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expired {
    /// `limit` of game time passed.
    GameTime,
    /// `limit * SILENT_FACTOR` of wall time passed before the game's clock started, or
    /// `limit * WALL_FACTOR` after (Dolphin far below real speed).
    WallTime,
    /// The game's frame count did not move for `STALL`.
    Stalled,
}

/// One wait's allowance, started at `start`.
#[derive(Clone, Copy, Debug)]
pub struct Allowance {
    start: Instant,
    game_start: Option<f64>,
    limit: Duration,
}

impl Allowance {
    pub fn new(clock: &GameClock, start: Instant, limit: Duration) -> Allowance {
        Allowance {
            start,
            game_start: clock.seconds(start),
            limit,
        }
    }

    /// Game time spent so far (a wait that began before the clock started counts from boot).
    pub fn game_spent(&self, clock: &GameClock, now: Instant) -> Option<f64> {
        let g = clock.seconds(now)?;
        Some((g - self.game_start.unwrap_or(0.0)).max(0.0))
    }

    /// `Some(why)` once the allowance is used up at `now`.
    pub fn expired(&self, clock: &GameClock, now: Instant) -> Option<Expired> {
        let wall = now.saturating_duration_since(self.start);
        // A millisecond of slack for the float sums.
        if self
            .game_spent(clock, now)
            .is_some_and(|g| g + 1e-3 >= self.limit.as_secs_f64())
        {
            return Some(Expired::GameTime);
        }
        let factor = if clock.last_tick().is_some() {
            WALL_FACTOR
        } else {
            SILENT_FACTOR
        };
        if wall >= self.limit * factor {
            return Some(Expired::WallTime);
        }
        let stalled = clock
            .last_tick()
            .is_some_and(|t| now.saturating_duration_since(t.max(self.start)) >= STALL);
        stalled.then_some(Expired::Stalled)
    }

    /// How long to sleep before looking again: about when the allowance would end at the
    /// game's present speed, at most a quarter of a second (new lines wake the waiter anyway).
    pub fn recheck_in(&self, clock: &GameClock, now: Instant) -> Duration {
        let spent = self.game_spent(clock, now).unwrap_or(0.0);
        let left = (self.limit.as_secs_f64() - spent).max(0.0);
        let wall = left / clock.speed().max(0.05);
        Duration::from_secs_f64(wall.clamp(0.005, 0.25))
    }

    /// True when the game's clock started but has not ticked for three logging steps at the
    /// present speed (at least 5 s): the game stopped logging (a panic screen, power off).
    /// A sleep then counts wall time.
    pub fn game_stopped(&self, clock: &GameClock, now: Instant) -> bool {
        let Some(t) = clock.last_tick() else {
            return false;
        };
        let step = clock.step.unwrap_or(1.0) / clock.speed().max(0.01);
        let quiet = Duration::from_secs_f64((3.0 * step).clamp(5.0, STALL.as_secs_f64()));
        now.saturating_duration_since(t) >= quiet
    }

    /// Wall time since the start.
    pub fn wall_spent(&self, now: Instant) -> Duration {
        now.saturating_duration_since(self.start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(base: Instant, ms: u64) -> Instant {
        base + Duration::from_millis(ms)
    }

    #[test]
    fn frame_counts_are_read_from_the_game_and_the_probe_only() {
        assert_eq!(frame_count("event=frame n=120 fps_x100=5994"), Some(120));
        assert_eq!(
            frame_count("event=input_stats frame=240 ipc_sent=3"),
            Some(240)
        );
        assert_eq!(frame_count("event=frame_problem n=7 gx_timeout=1"), None);
        assert_eq!(frame_count("event=turn n=3"), None);
        assert_eq!(frame_count("event=frame n=x"), None);
    }

    #[test]
    fn a_slow_game_gets_wall_time_in_proportion() {
        // The game runs at a tenth of real speed: a frame line every 10 s of wall time.
        let t = Instant::now();
        let mut c = GameClock::default();
        c.observe("event=frame n=60", at(t, 0));
        c.observe("event=frame n=120", at(t, 10_000));
        assert!((c.speed() - 0.1).abs() < 1e-9);
        let a = Allowance::new(&c, at(t, 10_000), Duration::from_secs(3));
        // Five wall seconds later the game has lived half a second: the 3 s wait goes on.
        assert_eq!(a.expired(&c, at(t, 15_000)), None);
        c.observe("event=frame n=180", at(t, 20_000));
        c.observe("event=frame n=240", at(t, 30_000));
        assert_eq!(a.expired(&c, at(t, 39_000)), None, "2.9 s of game time");
        // The wall cap: 30 times the limit, however the game goes.
        let slow = Allowance::new(&c, at(t, 30_000), Duration::from_secs(1));
        assert_eq!(slow.expired(&c, at(t, 40_000)), Some(Expired::GameTime));
        let mut crawl = GameClock::default();
        crawl.observe("event=frame n=60", at(t, 0));
        crawl.observe("event=frame n=61", at(t, 80_000));
        let a2 = Allowance::new(&crawl, at(t, 80_000), Duration::from_secs(3));
        assert_eq!(a2.expired(&crawl, at(t, 169_000)), None);
        assert_eq!(a2.expired(&crawl, at(t, 170_000)), Some(Expired::WallTime));
        c.observe("event=frame n=300", at(t, 40_000));
        assert_eq!(a.expired(&c, at(t, 40_000)), Some(Expired::GameTime));
    }

    #[test]
    fn a_game_at_full_speed_waits_as_long_as_the_wall_clock() {
        let t = Instant::now();
        let mut c = GameClock::default();
        c.observe("event=frame n=60", at(t, 0));
        c.observe("event=frame n=120", at(t, 1_000));
        let a = Allowance::new(&c, at(t, 1_000), Duration::from_millis(900));
        assert_eq!(a.expired(&c, at(t, 1_800)), None);
        assert_eq!(a.expired(&c, at(t, 1_900)), Some(Expired::GameTime));
    }

    #[test]
    fn a_game_that_stops_logging_does_not_move_on_and_is_called_stalled() {
        let t = Instant::now();
        let mut c = GameClock::default();
        c.observe("event=frame n=60", at(t, 0));
        c.observe("event=frame n=120", at(t, 1_000));
        let a = Allowance::new(&c, at(t, 1_000), Duration::from_secs(60));
        // At most one logging step past the last count: 2 s of game time, however long.
        assert_eq!(c.seconds(at(t, 50_000)), Some(3.0));
        assert_eq!(a.expired(&c, at(t, 50_000)), None);
        assert_eq!(a.expired(&c, at(t, 91_000)), Some(Expired::Stalled));
    }

    #[test]
    fn a_game_that_stopped_logging_is_seen_after_three_steps_or_five_seconds() {
        let t = Instant::now();
        let mut c = GameClock::default();
        let a = Allowance::new(&c, t, Duration::from_secs(2));
        assert!(!a.game_stopped(&c, at(t, 60_000)), "no clock yet");
        c.observe("event=frame n=60", at(t, 0));
        c.observe("event=frame n=120", at(t, 1_000));
        assert!(!a.game_stopped(&c, at(t, 5_900)));
        assert!(a.game_stopped(&c, at(t, 6_000)));
        // At a tenth of real speed a step is 10 s of wall time: 30 s of quiet.
        c.observe("event=frame n=180", at(t, 11_000));
        assert!(!a.game_stopped(&c, at(t, 40_000)));
        assert!(a.game_stopped(&c, at(t, 41_000)));
    }

    #[test]
    fn before_the_first_count_only_the_wall_cap_ends_a_wait() {
        let t = Instant::now();
        let c = GameClock::default();
        let a = Allowance::new(&c, t, Duration::from_secs(10));
        assert_eq!(a.expired(&c, at(t, 79_000)), None);
        assert_eq!(a.expired(&c, at(t, 80_000)), Some(Expired::WallTime));
    }

    #[test]
    fn a_wait_begun_before_the_clock_counts_from_boot() {
        let t = Instant::now();
        let mut c = GameClock::default();
        let a = Allowance::new(&c, t, Duration::from_secs(2));
        c.observe("event=frame n=60", at(t, 3_000));
        assert_eq!(a.expired(&c, at(t, 3_000)), None, "1 s since boot");
        c.observe("event=frame n=120", at(t, 6_000));
        assert_eq!(a.expired(&c, at(t, 6_000)), Some(Expired::GameTime));
    }
}
