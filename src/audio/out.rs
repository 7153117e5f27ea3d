//! Where the mixer's samples go, as a trait: the Wii's audio DMA ring (`wii::audio`) or a host
//! test's recorder. Owns the interface only; what is mixed is `mixer.rs`'s, which events sound
//! is the console layer's (`console::sound`).

/// What one refill did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Refill {
    /// Frames mixed and written.
    pub frames: u32,
    /// Output frame index (frames since the start) of the first frame mixed: an effect started
    /// just before this refill plays from there.
    pub first: u64,
    /// Refills so far that found the output past the written frames.
    pub underruns: u32,
}

/// A running audio output that asks for samples as it needs them.
pub trait AudioOut {
    /// Tops the output up: `mix` fills each span handed to it (stereo `i16` pairs).
    fn refill(&mut self, mix: &mut dyn FnMut(&mut [i16])) -> Refill;
    /// Stops the output (before leaving the program, or a screen that can make no sound).
    fn stop(&mut self);
}
