//! The frame's sound and rumble, wired by `main.rs`: the app's events become mixer voices
//! and rumble pulses, its settings the bus volumes, its state the music (title and menus) and
//! the pause (HOME menu, a lost remote); then the mixer refills the audio DMA ring. Logs
//! `event=sfx name=.. at=..` / `event=music` / `event=audio_pause` with the DMA frame each
//! takes effect at, and `event=rumble player=N on=1/0`. Owns the mixer; borrows the hardware.

use senas_senet::app::{App, By, Event, SceneKind, MAX_PLAYERS};
use senas_senet::audio::{Mixer, Sfx};
use senas_senet::log;
use senas_senet::wii::audio::Audio;
use senas_senet::wii::clock;

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

/// The player whose remote a event rumbles: a person's throw or illegal move.
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

impl Sound {
    pub fn new() -> Sound {
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
    pub fn frame(
        &mut self,
        app: &App,
        audio: &mut Audio,
        remote: &mut dyn FnMut(usize, bool) -> bool,
    ) {
        let s = app.settings();
        self.mixer.set_volumes(s.music_volume, s.effects_volume);
        let paused = app.home_open() || app.paused_for().is_some();
        let pause_change = (paused != self.paused).then_some(paused);
        self.paused = paused;
        self.mixer.pause(paused);
        let music = matches!(
            app.scene(),
            SceneKind::Title | SceneKind::Menu | SceneKind::Diagnostics
        );
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
                log!("event=rumble player={} on={}", p + 1, u8::from(now));
            }
        }
        let t0 = clock::ticks();
        let mixer = &mut self.mixer;
        let refill = audio.refill(|buf| mixer.mix(buf));
        let us = (clock::ticks() - t0) * 1_000_000 / clock::TICKS_PER_SECOND;
        self.worst_us = self.worst_us.max(us);
        for sfx in &started {
            log!(
                "event=sfx name={} at={} t_ms={}",
                sfx.name(),
                refill.first,
                ms()
            );
        }
        if let Some(on) = music_change {
            log!("event=music on={} at={}", u8::from(on), refill.first);
        }
        if let Some(on) = pause_change {
            log!("event=audio_pause on={} at={}", u8::from(on), refill.first);
        }
        if refill.underruns != self.underruns {
            self.underruns = refill.underruns;
            log!("event=audio_underrun count={} ms={}", self.underruns, ms());
        }
    }

    /// The longest mixing + refill since the last call, in microseconds.
    pub fn take_worst_us(&mut self) -> u64 {
        core::mem::take(&mut self.worst_us)
    }
}

fn ms() -> u32 {
    clock::since_boot().as_millis() as u32
}
