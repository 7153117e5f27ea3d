//! The frame's sound and rumble: the app's events become mixer voices and rumble pulses, its
//! settings the bus volumes, its screen the music (a scene says whether it has music:
//! `SceneKind::has_music`) and its pauses (HOME menu, a lost remote) the mixer's pause; then
//! the mixer refills the audio output. Logs `event=sfx name=.. at=..` / `event=music` /
//! `event=audio_pause` with the output frame each takes effect at, `event=rumble player=N
//! on=1/0` and `event=audio_underrun`. Owns the mixer; must not touch hardware.

use crate::app::{App, By, Event, LogSink, MAX_PLAYERS};
use crate::audio::{AudioOut, Mixer, Sfx};
use crate::emit;

/// Length of a rumble pulse (a person's throw, an illegal move).
pub const RUMBLE_MS: u32 = 150;

/// The effect an event sounds, if any.
pub fn effect(e: Event) -> Option<Sfx> {
    Some(match e {
        Event::DiceThrown(_) => Sfx::Dice,
        Event::SticksThrown(_) => Sfx::Sticks,
        Event::PiecePicked(_) => Sfx::PickUp,
        Event::PiecePlaced(_) => Sfx::Place,
        Event::Illegal(_) => Sfx::Illegal,
        Event::GiftHandedOver(_) => Sfx::Gift,
        Event::Capture(_) => Sfx::Capture,
        Event::Water(_) => Sfx::Water,
        Event::BorneOff(_) => Sfx::BearOff,
        Event::Win(_) => Sfx::Win,
        Event::Loss(_) => Sfx::Loss,
        Event::MenuPick(_) | Event::MenuBack(_) => return None,
    })
}

/// The player whose remote an event rumbles: a person's throw or illegal move.
pub fn rumble(e: Event) -> Option<u8> {
    match e {
        Event::DiceThrown(By::Player(p))
        | Event::SticksThrown(By::Player(p))
        | Event::Illegal(By::Player(p)) => Some(p),
        _ => None,
    }
}

/// Sound state across frames.
pub struct Sound {
    mixer: Mixer,
    music: Option<bool>,
    paused: bool,
    rumbling: [bool; MAX_PLAYERS],
    worst_us: u64,
    underruns: u32,
}

impl Default for Sound {
    fn default() -> Self {
        Sound::new()
    }
}

impl Sound {
    pub const fn new() -> Sound {
        Sound {
            mixer: Mixer::new(),
            music: None,
            paused: false,
            rumbling: [false; MAX_PLAYERS],
            worst_us: 0,
            underruns: 0,
        }
    }

    /// One frame, after `App::update`. `remote(p, true)` starts a rumble pulse on player
    /// `p`'s remote; `remote(p, false)` only asks; both return whether its motor is on.
    /// `now_us` times the mixing (`take_worst_us`) and stamps the log lines.
    pub fn frame(
        &mut self,
        app: &App,
        audio: &mut dyn AudioOut,
        remote: &mut dyn FnMut(usize, bool) -> bool,
        now_us: &mut dyn FnMut() -> u64,
        log: &mut dyn LogSink,
    ) {
        let s = app.settings();
        self.mixer.set_volumes(s.music_volume, s.effects_volume);
        let paused = app.home_open() || app.paused_for().is_some();
        let pause_change = (paused != self.paused).then_some(paused);
        self.paused = paused;
        self.mixer.pause(paused);
        let music = app.scene().has_music();
        let music_change = (self.music != Some(music)).then_some(music);
        self.music = Some(music);
        self.mixer.set_music(music);
        let mut started: heapless::Vec<Sfx, 8> = heapless::Vec::new();
        for &e in app.events() {
            if let Some(sfx) = effect(e) {
                if self.mixer.play(sfx).is_some() {
                    let _ = started.push(sfx);
                }
            }
            if let (true, Some(p)) = (s.rumble, rumble(e)) {
                remote(usize::from(p), true);
            }
        }
        for (p, was) in self.rumbling.iter_mut().enumerate() {
            let now = remote(p, false);
            if now != *was {
                *was = now;
                emit!(log, "event=rumble player={} on={}", p + 1, u8::from(now));
            }
        }
        let t0 = now_us();
        let mixer = &mut self.mixer;
        let refill = audio.refill(&mut |buf| mixer.mix(buf));
        let t1 = now_us();
        self.worst_us = self.worst_us.max(t1.saturating_sub(t0));
        let t_ms = t1 / 1000;
        for sfx in &started {
            emit!(
                log,
                "event=sfx name={} at={} t_ms={}",
                sfx.name(),
                refill.first,
                t_ms
            );
        }
        if let Some(on) = music_change {
            emit!(log, "event=music on={} at={}", u8::from(on), refill.first);
        }
        if let Some(on) = pause_change {
            emit!(
                log,
                "event=audio_pause on={} at={}",
                u8::from(on),
                refill.first
            );
        }
        if refill.underruns != self.underruns {
            self.underruns = refill.underruns;
            emit!(
                log,
                "event=audio_underrun count={} ms={}",
                self.underruns,
                t_ms
            );
        }
    }

    /// Tops the output up with what is already playing, no new events: around a piece of SD
    /// work, which on a real card can take longer than the output's lead (41.7 ms; audit 2,
    /// N3), so the output is as full as it can be before it and again right after it.
    pub fn top_up(
        &mut self,
        audio: &mut dyn AudioOut,
        now_us: &mut dyn FnMut() -> u64,
        log: &mut dyn LogSink,
    ) {
        let t0 = now_us();
        let mixer = &mut self.mixer;
        let refill = audio.refill(&mut |buf| mixer.mix(buf));
        let t1 = now_us();
        self.worst_us = self.worst_us.max(t1.saturating_sub(t0));
        if refill.underruns != self.underruns {
            self.underruns = refill.underruns;
            emit!(
                log,
                "event=audio_underrun count={} ms={}",
                self.underruns,
                t1 / 1000
            );
        }
    }

    /// The longest mixing + refill since the last call, in microseconds.
    pub fn take_worst_us(&mut self) -> u64 {
        core::mem::take(&mut self.worst_us)
    }

    /// Underruns the output has reported so far.
    pub fn underruns(&self) -> u32 {
        self.underruns
    }
}
