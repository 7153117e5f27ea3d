//! Pure rules of the two race games: positions are `Copy` values, moves are values, generation
//! writes into caller-provided `heapless::Vec`s. No I/O, no floats, no heap; imports nothing of
//! ours. Randomness comes in through `rand_core::RngCore` only.

mod exact_text;
pub mod senas;
pub mod senet;
