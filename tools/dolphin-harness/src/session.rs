//! A live Dolphin run as the test sees it: the game's log lines as they arrive, waits with
//! timeouts, and controller input written to the pipes at chosen moments. Owns the shared
//! state the reader threads fill; starting and stopping Dolphin is `dolphin.rs`'s job.
//!
//! Every timeout and sleep here is **game time** (`game_clock.rs`): a Dolphin running at a
//! tenth of real speed on a loaded machine waits ten times as long in wall time, so a test's
//! taps and pauses land at the same moments of the game whatever the load.

use crate::event::Event;
use crate::game_clock::{Allowance, Expired, GameClock};
use crate::pipes::PipeWriters;
use crate::Error;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Taps [`Session::tap_until`] tries before it gives up.
pub const TAP_TRIES: u32 = 5;
/// Game time [`Session::tap_until`] waits for the answer to one tap.
pub const TAP_ANSWER: Duration = Duration::from_secs(4);

/// What the reader threads collect.
#[derive(Default)]
pub(crate) struct State {
    /// Complete USB Gecko lines, in order.
    pub lines: Vec<String>,
    /// Dolphin's stdout and stderr, interleaved.
    pub log: String,
    /// The USB Gecko TCP port, once Dolphin printed it.
    pub port: Option<u16>,
    /// `Some(code)` once Dolphin exited (`None` inside: killed by a signal).
    pub exit: Option<Option<i32>>,
    /// Dolphin printed `Failed to bind listener socket` for all its Gecko ports: the game's
    /// log cannot be read in this run (gecko_ports.rs).
    pub listen_failed: bool,
    /// How many `Failed to bind listener socket` lines Dolphin printed.
    pub bind_failures: u16,
    /// The game's emulated time, from its frame lines.
    pub clock: GameClock,
}

/// State plus a wake-up for waiters.
#[derive(Default)]
pub(crate) struct Shared {
    pub state: Mutex<State>,
    pub changed: Condvar,
}

impl Shared {
    pub fn lock(&self) -> MutexGuard<'_, State> {
        // A reader thread that panicked leaves the data usable: take it anyway.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn update(&self, f: impl FnOnce(&mut State)) {
        f(&mut self.lock());
        self.changed.notify_all();
    }
}

/// The handle a test gets inside `Dolphin::run_with`.
pub struct Session<'a> {
    pub(crate) shared: &'a Shared,
    pub(crate) started: Instant,
    pub(crate) pipes: PipeWriters,
    pub(crate) cursor: usize,
}

impl Session<'_> {
    /// Time since Dolphin was launched.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Every game log line so far.
    pub fn lines(&self) -> Vec<String> {
        self.shared.lock().lines.clone()
    }

    /// Waits for the next line (after the previous match) for which `pred` holds; `what`
    /// names it in the error. `timeout` is game time (with a wall cap and a hang check:
    /// `game_clock.rs`). Fails on timeout or when Dolphin exits first.
    pub fn wait_for(
        &mut self,
        what: &str,
        timeout: Duration,
        pred: impl Fn(&str) -> bool,
    ) -> Result<String, Error> {
        let mut state = self.shared.lock();
        let allowance = Allowance::new(&state.clock, Instant::now(), timeout);
        loop {
            if let Some(i) = state.lines[self.cursor..].iter().position(|l| pred(l)) {
                let line = state.lines[self.cursor + i].clone();
                self.cursor += i + 1;
                return Ok(line);
            }
            if state.listen_failed {
                return Err(Error::NoGeckoPort {
                    log: state.log.clone(),
                });
            }
            if state.exit.is_some() {
                return Err(Error::DolphinExited {
                    what: what.to_string(),
                    lines: state.lines.clone(),
                    log: state.log.clone(),
                });
            }
            let now = Instant::now();
            if let Some(why) = allowance.expired(&state.clock, now) {
                let game = allowance.game_spent(&state.clock, now);
                let wall = allowance.wall_spent(now);
                let how = match why {
                    Expired::GameTime => "of game time",
                    Expired::WallTime => "of wall time (the game's clock hardly moved)",
                    Expired::Stalled => "of wall time, the game's frame count stopped",
                };
                return Err(Error::Timeout {
                    waited: timeout,
                    what: format!(
                        "{what} ({how}; game {:.1} s, wall {:.1} s)",
                        game.unwrap_or(0.0),
                        wall.as_secs_f64()
                    ),
                    lines: state.lines.clone(),
                });
            }
            let pause = allowance.recheck_in(&state.clock, now);
            state = self
                .shared
                .changed
                .wait_timeout(state, pause)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// Waits for the next `event=NAME` line.
    pub fn wait_for_event(&mut self, name: &str, timeout: Duration) -> Result<Event, Error> {
        let what = format!("event={name}");
        let line = self.wait_for(&what, timeout, |l| Event::parse(l).name() == Some(name))?;
        Ok(Event::parse(&line))
    }

    /// Waits for the next `event=NAME` line whose fields include every `(key, value)` of
    /// `fields` ([`Event::is`]).
    pub fn expect_event(
        &mut self,
        name: &str,
        fields: &[(&str, &str)],
        timeout: Duration,
    ) -> Result<Event, Error> {
        let what = format!("event={name} {fields:?}");
        let line = self.wait_for(&what, timeout, |l| Event::parse(l).is(name, fields))?;
        Ok(Event::parse(&line))
    }

    /// Sleeps for `d` of game time, returning early if Dolphin exits. Once the game stops
    /// logging frames (a panic screen, power off) the rest counts wall time.
    pub fn sleep(&self, d: Duration) {
        let mut state = self.shared.lock();
        let allowance = Allowance::new(&state.clock, Instant::now(), d);
        while state.exit.is_none() {
            let now = Instant::now();
            let stopped =
                allowance.game_stopped(&state.clock, now) && allowance.wall_spent(now) >= d;
            if stopped || allowance.expired(&state.clock, now).is_some() {
                break;
            }
            let pause = allowance.recheck_in(&state.clock, now);
            state = self
                .shared
                .changed
                .wait_timeout(state, pause)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// Sleeps for `d` of wall time (for what happens outside the game: files Dolphin writes
    /// after the game stopped), returning early if Dolphin exits.
    pub fn sleep_wall(&self, d: Duration) {
        let deadline = Instant::now() + d;
        let mut state = self.shared.lock();
        while state.exit.is_none() {
            let now = Instant::now();
            if now >= deadline {
                break;
            }
            state = self
                .shared
                .changed
                .wait_timeout(state, deadline - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// Game seconds since boot, as far as the frame lines tell (`None` before the first).
    pub fn game_seconds(&self) -> Option<f64> {
        self.shared.lock().clock.seconds(Instant::now())
    }

    /// True once Dolphin has exited.
    pub fn dolphin_exited(&self) -> bool {
        self.shared.lock().exit.is_some()
    }

    /// Writes one raw command line (`PRESS A`, `SET MAIN 0.5 0.5`) to a controller's pipe.
    pub fn send(&mut self, pipe: &str, command: &str) -> Result<(), Error> {
        let at = self.elapsed();
        self.pipes.send(pipe, command, at)
    }

    /// Presses a button (pipe names: A B X Y Z START L R D_UP D_DOWN D_LEFT D_RIGHT).
    pub fn press(&mut self, pipe: &str, button: &str) -> Result<(), Error> {
        let button = crate::pipes::check_button(button)?;
        self.send(pipe, &format!("PRESS {button}"))
    }

    /// Releases a button.
    pub fn release(&mut self, pipe: &str, button: &str) -> Result<(), Error> {
        let button = crate::pipes::check_button(button)?;
        self.send(pipe, &format!("RELEASE {button}"))
    }

    /// Presses, holds for `hold`, releases.
    pub fn tap(&mut self, pipe: &str, button: &str, hold: Duration) -> Result<(), Error> {
        self.press(pipe, button)?;
        self.sleep(hold);
        self.release(pipe, button)
    }

    /// Taps `button` on `pipe` (held `hold`) until event `name` with `fields` is logged:
    /// each try waits [`TAP_ANSWER`] of game time for the answer, at most [`TAP_TRIES`] tries
    /// (Dolphin's Pipes device applies every queued command at one input update, so now and
    /// then a press and its release land together and the game never sees the press).
    pub fn tap_until(
        &mut self,
        pipe: &str,
        button: &str,
        hold: Duration,
        name: &str,
        fields: &[(&str, &str)],
    ) -> Result<Event, Error> {
        let mut tries = 0;
        loop {
            tries += 1;
            self.tap(pipe, button, hold)?;
            match self.expect_event(name, fields, TAP_ANSWER) {
                Ok(e) => return Ok(e),
                Err(e) if tries >= TAP_TRIES => return Err(e),
                Err(_) => {}
            }
        }
    }

    /// Points the Wiimote IR cursor / moves the GameCube main stick: x, y in [0, 1].
    pub fn point(&mut self, pipe: &str, x: f32, y: f32) -> Result<(), Error> {
        self.send(pipe, &format!("SET MAIN {x:.3} {y:.3}"))
    }

    /// Commands sent so far: (time since launch, pipe, command).
    pub fn sent(&self) -> &[(Duration, String, String)] {
        self.pipes.sent()
    }
}
