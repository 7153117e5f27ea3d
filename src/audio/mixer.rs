//! The mixer: up to `VOICES` effect voices and the music, each bus with its own volume, summed
//! in `i32` and saturated to `i16` mono frames. Integer maths only, so the host renders exactly
//! what the console plays. Pausing freezes every voice and the music (silence out) and refuses
//! new effects until resumed. Owns voices and buses; must not know about hardware or events.

use super::music::Music;
use super::sfx::Sfx;

/// Effect voices played at once; a new effect over a full set replaces the oldest.
pub const VOICES: usize = 8;
/// Top of the volume scale (the settings' steps, 0 = silent).
pub const MAX_VOLUME: u8 = 10;
/// Unity gain of a voice (Q8).
pub const UNITY: u16 = 256;

/// Frames mixed per inner pass (stack scratch).
const CHUNK: usize = 128;

/// Q8 gain of a bus at `volume` (0..=10, clamped): a square law, 0 -> 0, 5 -> 64, 10 -> 256.
pub const fn bus_gain(volume: u8) -> i32 {
    let v = if volume > MAX_VOLUME {
        MAX_VOLUME
    } else {
        volume
    } as i32;
    v * v * 256 / (MAX_VOLUME as i32 * MAX_VOLUME as i32)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Voice {
    sfx: Sfx,
    /// Next output frame of the effect.
    pos: u32,
    /// Q8 gain of this voice.
    gain: u16,
    /// Mixer frame it started on (for stealing the oldest).
    started: u64,
}

/// The mixer (a few hundred bytes: lives anywhere).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mixer {
    voices: [Option<Voice>; VOICES],
    music: Music,
    music_on: bool,
    music_volume: u8,
    effects_volume: u8,
    paused: bool,
    frames: u64,
}

impl Default for Mixer {
    fn default() -> Self {
        Mixer::new()
    }
}

impl Mixer {
    /// Silent, both buses at full volume, music off.
    pub const fn new() -> Mixer {
        Mixer {
            voices: [None; VOICES],
            music: Music::new(),
            music_on: false,
            music_volume: MAX_VOLUME,
            effects_volume: MAX_VOLUME,
            paused: false,
            frames: 0,
        }
    }

    /// Starts `sfx` at unity gain on the next frame mixed; returns that frame's index (the
    /// count of frames mixed so far), or `None` while paused.
    pub fn play(&mut self, sfx: Sfx) -> Option<u64> {
        self.play_with_gain(sfx, UNITY)
    }

    /// Starts `sfx` with a voice gain (Q8, 256 = unity).
    pub fn play_with_gain(&mut self, sfx: Sfx, gain: u16) -> Option<u64> {
        if self.paused {
            return None;
        }
        let voice = Voice {
            sfx,
            pos: 0,
            gain,
            started: self.frames,
        };
        let slot = match self.voices.iter().position(Option::is_none) {
            Some(i) => i,
            None => self
                .voices
                .iter()
                .enumerate()
                .min_by_key(|(_, v)| v.map_or(0, |v| v.started))
                .map_or(0, |(i, _)| i),
        };
        self.voices[slot] = Some(voice);
        Some(self.frames)
    }

    /// Music on (from its first step) or off.
    pub fn set_music(&mut self, on: bool) {
        if on && !self.music_on {
            self.music.restart();
        }
        self.music_on = on;
    }

    /// Whether the music plays.
    pub fn music_on(&self) -> bool {
        self.music_on
    }

    /// Bus volumes, 0..=`MAX_VOLUME` (clamped).
    pub fn set_volumes(&mut self, music: u8, effects: u8) {
        self.music_volume = music.min(MAX_VOLUME);
        self.effects_volume = effects.min(MAX_VOLUME);
    }

    /// (music, effects) volumes.
    pub fn volumes(&self) -> (u8, u8) {
        (self.music_volume, self.effects_volume)
    }

    /// Freezes (or resumes) every voice and the music.
    pub fn pause(&mut self, paused: bool) {
        self.paused = paused;
    }

    /// Whether everything is frozen.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// Effect voices still sounding.
    pub fn active(&self) -> usize {
        self.voices.iter().flatten().count()
    }

    /// Frames mixed since the start.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Mixes the next `out.len()` mono frames.
    pub fn mix(&mut self, out: &mut [i16]) {
        for chunk in out.chunks_mut(CHUNK) {
            self.mix_chunk(chunk);
        }
    }

    fn mix_chunk(&mut self, out: &mut [i16]) {
        let n = out.len();
        self.frames += n as u64;
        if self.paused {
            out.fill(0);
            return;
        }
        let mut fx = [0i32; CHUNK];
        for slot in self.voices.iter_mut() {
            let Some(v) = slot else { continue };
            let data = v.sfx.samples();
            let end = v.sfx.frames();
            let g = i32::from(v.gain);
            for (k, acc) in fx[..n].iter_mut().enumerate() {
                let i = v.pos + k as u32;
                if i >= end {
                    break;
                }
                *acc += (Sfx::at(data, i) * g) >> 8;
            }
            v.pos = v.pos.saturating_add(n as u32);
            if v.pos >= end {
                *slot = None;
            }
        }
        let mut mu = [0i32; CHUNK];
        if self.music_on {
            self.music.render(&mut mu[..n]);
        }
        let (gm, ge) = (bus_gain(self.music_volume), bus_gain(self.effects_volume));
        for ((o, f), m) in out.iter_mut().zip(&fx[..n]).zip(&mu[..n]) {
            let s = ((f * ge) >> 8) + ((m * gm) >> 8);
            *o = s.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        }
    }
}
