//! Senet in the app: the turn flow of a match (`flow.rs`: throws, extra throws, forced and
//! lost moves, a person's pick checked by the engine, the computer, captures and the water)
//! and its picture (`draw.rs`). Fields stay inside this folder.

mod draw;
mod flow;

pub use flow::{Phase, SenetMatch};
