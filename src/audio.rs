//! Sound, platform-free: the effects synthesised at build time (`sfx`), the title/menu music
//! from our own tracker (`music`), the integer mixer that plays them on two buses (`mixer`),
//! and what each game event means for the speakers and the remotes' motors (`cue`). Nothing
//! here touches hardware: `main.rs` hands the mixer's samples to `wii::audio`, and the host
//! tests render the same samples the console plays.

pub mod cue;
pub mod mixer;
pub mod music;
pub mod sfx;

pub use cue::{Cue, CueMap, Cues};
pub use mixer::{bus_gain, Mixer, MAX_VOLUME, VOICES};
pub use music::Music;
pub use sfx::Sfx;

/// Output rate of the mixer: 32 kHz, the AI's DMA rate the Wii driver selects.
pub const RATE: u32 = 32_000;
