//! One frame of the program, in its order: the input snapshot, a piece of a spread save (so
//! the computer thinks in what is left) between two top-ups of the audio output, the app's update with the thinking budget and clock,
//! (when the app asks to leave: the audio stopped and the frame ended there), the save
//! schedule, sound and rumble, the draw. Owns the order and the console layer's state ([`Console`]); the machine is the
//! [`Platform`]'s.

use crate::app::{App, Input, LogSink, Request};
use crate::emit;
use crate::gfx::{palette, DrawList};
use crate::save::SaveStore;

use super::platform::{AudioLead, Platform};
use super::saver::Saver;
use super::sound::Sound;

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
    seed: u64,
    lead: AudioLead,
}

impl Console {
    pub const fn new() -> Console {
        Console {
            saver: Saver::new(),
            sound: Sound::new(),
            list: DrawList::new(palette::BACKGROUND),
            seed: 0,
            lead: AudioLead::Play,
        }
    }

    /// At boot, after the app was made with `seed`: loads what the store keeps into the app.
    pub fn boot(&mut self, p: &mut impl Platform, seed: u64, app: &mut App, log: &mut dyn LogSink) {
        self.seed = seed;
        let now = p.micros();
        self.saver.boot(&mut p.store(), &mut || now(), app, log);
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
        // A piece of a spread save first: the computer then thinks in what is left. While a
        // save is spread the output keeps the long lead, and it is topped up right before and
        // right after each piece, as a piece on a real card may outlast the short one
        // (audit 2, N3).
        let busy = p.store().busy();
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
            self.saver.step(&mut p.store(), &mut || now(), app, log);
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
        FrameReport { update_us, request }
    }
}

impl Default for Console {
    fn default() -> Self {
        Console::new()
    }
}
