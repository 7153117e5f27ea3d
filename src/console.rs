//! The console layer: everything the Wii program decides around the app, platform-free, so the
//! host tests run it. One [`Console::frame`] is the frame's order (input, a piece of a spread
//! save, the update with the computer's thinking budget, the save schedule, sound and rumble,
//! the draw); [`saver`] owns the save schedule, its buffers and the match records, [`shot`] the
//! screenshot (its button and its file written over frames), [`sound`]
//! which events sound and rumble and which screens have music, [`records`] what a finished
//! match's record says.
//!
//! It speaks to the hardware only through [`Platform`] (input snapshot, save store, audio out,
//! rumble, present a draw list, clock), which `main.rs` implements with `wii` and the host
//! tests with fakes (`mem_store::MemStore`, a recording audio out). It must not import `wii`.
//! The fakes (`mem_store`, `test_platform`) are built for the lib's tests and, host only, with
//! the `host-fakes` feature, which `tools/arena`'s tests turn on to replay whole sessions.

#[cfg(any(test, feature = "host-fakes"))]
pub mod mem_store;
pub mod platform;
pub mod records;
pub mod saver;
pub mod shot;
pub mod sound;

mod frame;

pub use frame::{Console, FrameReport};
#[cfg(any(test, feature = "host-fakes"))]
pub use mem_store::MemStore;
pub use platform::{AudioLead, Platform, Rumble};
pub use saver::{SaveBufs, Saver};
pub use shot::{Shot, ShotEnd};
pub use sound::{Sound, RUMBLE_MS};

#[cfg(test)]
mod selftest_tests;
#[cfg(test)]
mod shot_tests;
#[cfg(any(test, feature = "host-fakes"))]
pub mod test_platform;
#[cfg(test)]
mod tests;
