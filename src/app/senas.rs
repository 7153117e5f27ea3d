//! Senas in the app: the turn flow of a match (`flow.rs`: rolls, gifts, the computer's turns,
//! the win), a person's part (`pick.rs`: pointer and D-pad, the turn builder's verdicts, undo,
//! hints) and its picture (`draw.rs`). Fields stay inside this folder.

mod draw;
mod flow;
mod pick;

pub use flow::{Flight, Phase, SenasMatch, Spot};
