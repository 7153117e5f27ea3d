//! Senet in the app: the turn flow of a match (`flow.rs`: throws, extra throws, forced and
//! lost moves, captures and the water), the computer's turn (`computer_turn.rs`), a person's
//! turn (`pick.rs`: pointer and D-pad, the pick checked by the engine, hints, the lit squares),
//! the tutor's judgement of it and the hint's win chance (`ask.rs`) and its picture (`draw.rs`). Who plays which side is the match's `Seats`
//! (`app/seats.rs`). Fields stay inside this folder.

mod ask;
mod computer_turn;
mod draw;

mod flow;
mod pick;

pub use flow::{Phase, SenetMatch};
