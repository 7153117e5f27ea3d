//! The title and menu music: a tiny tracker of ours. A looping song of 16th-note steps, each
//! step naming a lead note, a bass note and a hat; three integer voices (square lead,
//! triangle bass, noise hat) with exponential decay, all phase accumulators on `u32` and the
//! note table from `build/sfx.rs`. Deterministic: the same frame count gives the same
//! samples on the host and the Wii. Owns the song and its synthesis; must not mix buses.

use super::sfx::NOTE_STEP;
use super::RATE;

/// Output frames per 16th-note step (96 beats per minute).
pub const STEP_FRAMES: u32 = RATE * 60 / (96 * 4);

/// A rest.
const R: u8 = 0;

/// The song, one row per step: lead, bass (MIDI note numbers, 0 = rest), hat (0/1). A phrase
/// in A minor with a raised seventh (a nod to the Mediterranean), 64 steps, then it loops.
const SONG: [[u8; 3]; 64] = [
    [69, 45, 1],
    [R, R, 0],
    [72, R, 1],
    [R, R, 0],
    [76, 52, 1],
    [R, R, 0],
    [74, R, 1],
    [72, R, 0],
    [71, 44, 1],
    [R, R, 0],
    [68, R, 1],
    [R, R, 0],
    [69, 45, 1],
    [R, R, 0],
    [R, 52, 1],
    [R, R, 0],
    [69, 45, 1],
    [R, R, 0],
    [72, R, 1],
    [R, R, 0],
    [77, 53, 1],
    [R, R, 0],
    [76, R, 1],
    [74, R, 0],
    [76, 52, 1],
    [R, R, 0],
    [R, R, 1],
    [R, R, 0],
    [R, 40, 1],
    [R, R, 0],
    [R, R, 1],
    [R, R, 0],
    [81, 57, 1],
    [R, R, 0],
    [80, R, 1],
    [R, R, 0],
    [77, 53, 1],
    [R, R, 0],
    [76, R, 1],
    [74, R, 0],
    [76, 52, 1],
    [R, R, 0],
    [72, R, 1],
    [R, R, 0],
    [71, 44, 1],
    [R, R, 0],
    [R, R, 1],
    [R, R, 0],
    [74, 50, 1],
    [R, R, 0],
    [72, R, 1],
    [71, R, 0],
    [72, 45, 1],
    [R, R, 0],
    [71, R, 1],
    [68, R, 0],
    [69, 45, 1],
    [R, R, 0],
    [R, R, 1],
    [R, R, 0],
    [R, 33, 1],
    [R, R, 0],
    [R, R, 1],
    [R, R, 0],
];

/// Peak amplitudes of the three voices (their sum stays well inside `i16`).
const LEAD_AMP: i32 = 3200;
const BASS_AMP: i32 = 5200;
const HAT_AMP: i32 = 900;

/// One oscillator: phase, step, envelope (Q16, 65536 = full) and its decay shift per frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Osc {
    phase: u32,
    step: u32,
    env: u32,
    decay_shift: u32,
}

impl Osc {
    const fn new(decay_shift: u32) -> Osc {
        Osc {
            phase: 0,
            step: 0,
            env: 0,
            decay_shift,
        }
    }

    fn trigger(&mut self, note: u8) {
        self.step = NOTE_STEP[usize::from(note & 0x7F)];
        self.env = 1 << 16;
    }

    /// Advances one frame; returns the envelope before the decay.
    #[inline]
    fn tick(&mut self) -> i32 {
        let e = self.env as i32;
        self.env -= self.env >> self.decay_shift;
        self.phase = self.phase.wrapping_add(self.step);
        e
    }
}

/// The tracker's state; `render` adds the next frames to a buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Music {
    row: usize,
    frame_in_row: u32,
    lead: Osc,
    bass: Osc,
    hat: Osc,
    noise: u32,
}

impl Default for Music {
    fn default() -> Self {
        Music::new()
    }
}

impl Music {
    /// At the first step, voices silent.
    pub const fn new() -> Music {
        Music {
            row: 0,
            frame_in_row: 0,
            lead: Osc::new(12),
            bass: Osc::new(13),
            hat: Osc::new(8),
            noise: 0xACE1,
        }
    }

    /// Frames of one pass through the song.
    pub const LOOP_FRAMES: u32 = STEP_FRAMES * SONG.len() as u32;

    /// Back to the first step, voices silent.
    pub fn restart(&mut self) {
        *self = Music::new();
    }

    /// Adds the next `out.len()` frames of music to `out`.
    pub fn render(&mut self, out: &mut [i32]) {
        for s in out.iter_mut() {
            if self.frame_in_row == 0 {
                let [lead, bass, hat] = SONG[self.row];
                if lead != R {
                    self.lead.trigger(lead);
                }
                if bass != R {
                    self.bass.trigger(bass);
                }
                if hat != 0 {
                    self.hat.env = 1 << 16;
                }
            }
            *s += self.frame();
            self.frame_in_row += 1;
            if self.frame_in_row == STEP_FRAMES {
                self.frame_in_row = 0;
                self.row = (self.row + 1) % SONG.len();
            }
        }
    }

    #[inline]
    fn frame(&mut self) -> i32 {
        let lead_sq = if self.lead.phase < 0x8000_0000 {
            LEAD_AMP
        } else {
            -LEAD_AMP
        };
        let lead = (lead_sq * (self.lead.tick() >> 4)) >> 12;
        let p = (self.bass.phase >> 16) as i32; // 0..65535
        let tri = if p < 32768 {
            p * 2 - 32768
        } else {
            (65535 - p) * 2 - 32768
        };
        let bass = (((tri * BASS_AMP) >> 15) * (self.bass.tick() >> 4)) >> 12;
        // 16-bit Galois LFSR (taps 0xB400) for the hat.
        let bit = self.noise & 1;
        self.noise >>= 1;
        if bit != 0 {
            self.noise ^= 0xB400;
        }
        let n = if bit != 0 { HAT_AMP } else { -HAT_AMP };
        let hat = (n * (self.hat.tick() >> 4)) >> 12;
        lead + bass + hat
    }
}
