//! One frame of the program, in its order: the input snapshot (and the screenshot button), a
//! piece of a spread save or of a screenshot (so the computer thinks in what is left) between
//! two top-ups of the audio output, the app's update with the thinking budget and clock, (when
//! the app asks to leave: the audio stopped and the frame ended there), the save schedule,
//! sound and rumble, the draw, then a console self-test's probe and report. Owns the order and the console layer's state ([`Console`]); the
//! machine is the [`Platform`]'s.

use crate::app::{App, Input, LogSink, Request};
use crate::emit;
use crate::gfx::{palette, DrawList};
use crate::save::{Problem, SaveStore};
use crate::selftest::report::{TextBuf, KEY_MAX, MAX_FACTS, VALUE_MAX};
use crate::selftest::REPORT_FILE;

use super::platform::{AudioLead, Platform};
use super::saver::{note, Saver};
use super::shot::{self, Shot};
use super::sound::Sound;
use crate::app::ShotNote;

/// What one frame did, for the platform's frame log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrameReport {
    /// Microseconds `App::update` took.
    pub update_us: u64,
    /// What the app asked for: the audio is already stopped and the rest of the frame not
    /// run; the platform leaves now (shutting its controllers down first).
    pub request: Option<Request>,
}

/// The console layer's state across frames: the save schedule and its buffers, the sound, the
/// draw list, and the seed the match records name. `new` is `const`, so the program keeps it
/// in .bss (the save buffers alone are about 150 KB).
pub struct Console {
    pub saver: Saver,
    pub sound: Sound,
    pub list: DrawList,
    /// The screenshot being written (`shot.rs`), and when it started and its pieces, for the log.
    pub shot: Shot,
    shot_t0: u64,
    shot_steps: u32,
    seed: u64,
    lead: AudioLead,
    /// The self-test report's text, on its way to the file.
    text: [u8; REPORT_BYTES],
    /// Frames until the self-test's screenshot of its result screen (0: none wanted).
    selftest_shot: u8,
}

/// Frames from writing the self-test's report to its screenshot: the result screen is drawn
/// on the next frame and shown at the vsync after it, so the shot keeps the verdicts.
const SELFTEST_SHOT_FRAMES: u8 = 3;

/// Room for the self-test's report: `MAX_FACTS` lines of at most key, `=`, value, newline.
const REPORT_BYTES: usize = 64 + MAX_FACTS * (KEY_MAX + VALUE_MAX + 2);

impl Console {
    pub const fn new() -> Console {
        Console {
            saver: Saver::new(),
            sound: Sound::new(),
            list: DrawList::new(palette::BACKGROUND),
            shot: Shot::new(),
            shot_t0: 0,
            shot_steps: 0,
            seed: 0,
            lead: AudioLead::Play,
            text: [0; REPORT_BYTES],
            selftest_shot: 0,
        }
    }

    /// At boot, after the app was made with `seed`: loads what the store keeps into the app.
    pub fn boot(&mut self, p: &mut impl Platform, seed: u64, app: &mut App, log: &mut dyn LogSink) {
        self.seed = seed;
        let now = p.micros();
        self.saver.boot(&mut p.store(), &mut || now(), app, log);
    }

    /// Takes a screenshot of the frame on screen: frozen now, written over the next frames
    /// (one [`shot::PIECE`] a frame, after any piece of a spread save); the app shows "Saving
    /// screenshot..." and then where it went, or at once why it cannot be taken.
    pub fn screenshot(&mut self, p: &mut impl Platform, app: &mut App, log: &mut dyn LogSink) {
        match self.shot.start(p) {
            Ok(()) => {
                self.shot_t0 = p.micros()();
                self.shot_steps = 0;
                emit!(log, "event=shot_start");
                app.set_shot_note(ShotNote::Saving);
            }
            // The button again while one is written: it carries on.
            Err(crate::save::Problem::Busy) => {}
            Err(why) => {
                emit!(log, "event=shot ok=0 reason={}", why.key());
                app.set_shot_note(ShotNote::NotSaved(note(why)));
            }
        }
    }

    /// One frame.
    pub fn frame(
        &mut self,
        p: &mut impl Platform,
        app: &mut App,
        log: &mut dyn LogSink,
    ) -> FrameReport {
        let now = p.micros();
        p.search_remotes(app.remote_search());
        let input = p.poll();
        if shot::wanted(&input) {
            self.screenshot(p, app, log);
        }
        // A piece of a spread save first: the computer then thinks in what is left. While a
        // save is spread the output keeps the long lead, and it is topped up right before and
        // right after each piece, as a piece on a real card may outlast the short one
        // (audit 2, N3).
        let saving = p.store().busy();
        let busy = saving || self.shot.busy();
        let lead = if busy {
            AudioLead::Saving
        } else {
            AudioLead::Play
        };
        if lead != self.lead {
            self.lead = lead;
            p.set_audio_lead(lead);
            emit!(
                log,
                "event=audio_lead lead={}",
                match lead {
                    AudioLead::Play => "play",
                    AudioLead::Saving => "saving",
                }
            );
        }
        if busy {
            self.sound.top_up(p.sound_out().0, &mut || now(), log);
            if saving {
                self.saver.step(&mut p.store(), &mut || now(), app, log);
            } else {
                self.shot_steps += 1;
                if let Some(end) = self.shot.step(p) {
                    let ms = now().saturating_sub(self.shot_t0) / 1000;
                    shot::log_end(log, end, ms, self.shot_steps);
                    app.set_shot_note(end.note());
                }
            }
            self.sound.top_up(p.sound_out().0, &mut || now(), log);
        }
        let input = Input {
            budget_us: Some(p.think_budget_us()),
            clock: p.clock(),
            ..input
        };
        let t0 = now();
        let request = app.update(&input, log);
        let update_us = now().saturating_sub(t0);
        if request.is_some() {
            // Silence first: a program that leaves (or hangs leaving) must not loop the last
            // audio ring.
            p.sound_out().0.stop();
            return FrameReport { update_us, request };
        }
        self.saver
            .after_update(&mut p.store(), &mut || now(), app, self.seed, log);
        let (audio, rumble) = p.sound_out();
        self.sound.frame(
            app,
            audio,
            &mut |player, pulse| rumble.rumble(player, pulse),
            &mut || now(),
            log,
        );
        app.draw(&mut self.list);
        p.present(&self.list);
        self.self_test(p, app, log);
        FrameReport { update_us, request }
    }
}

impl Console {
    /// The console self-test's part of a frame, after the present (so the probe's name is on
    /// screen while it runs): the probe it wants, then writing the finished report, then
    /// (once the result screen is on screen) its screenshot beside the report.
    fn self_test(&mut self, p: &mut impl Platform, app: &mut App, log: &mut dyn LogSink) {
        if self.selftest_shot > 0 {
            self.selftest_shot -= 1;
            if self.selftest_shot == 0 && !self.shot.busy() {
                self.screenshot(p, app, log);
            }
        }
        if let Some(probe) = app.self_test_wants() {
            let m = p.probe(probe);
            app.self_test_measured(probe, &m, log);
        }
        let Some(report) = app.self_test_report() else {
            return;
        };
        let mut out = TextBuf::new(&mut self.text);
        let result = match report.write_to(&mut out) {
            Ok(()) => p.write_file(REPORT_FILE, out.bytes()),
            // Never happens with MAX_FACTS short facts; a cut report is not written.
            Err(_) => Err(Problem::Failed),
        };
        if result.is_ok() {
            self.selftest_shot = SELFTEST_SHOT_FRAMES;
        }
        app.self_test_saved(result, log);
    }
}

impl Default for Console {
    fn default() -> Self {
        Console::new()
    }
}
