//! Sound, platform-free: the effects synthesised at build time (`sfx`), the title/menu music
//! from our own tracker (`music`) and the integer mixer that plays them on two buses
//! (`mixer`), and the output they go to as a trait (`out`). Which game event sounds which
//! effect is the console layer's (`console::sound`). Nothing here touches hardware:
//! `wii::audio` implements [`AudioOut`], and the host tests render the same samples the
//! console plays.

pub mod mixer;
pub mod music;
pub mod out;
pub mod sfx;

pub use mixer::{bus_gain, Mixer, MAX_VOLUME, VOICES};
pub use music::Music;
pub use out::{AudioOut, Refill};
pub use sfx::Sfx;

/// Output rate of the mixer: 32 kHz, the AI's DMA rate the Wii driver selects.
pub const RATE: u32 = 32_000;
