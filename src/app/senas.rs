//! Senas in the app: the turn flow of a match (`flow.rs`: rolls, gifts, the win), the
//! computer's part (`computer_turn.rs`: searched across frames, played out sub-move by
//! sub-move), a person's part (`pick.rs`: pointer and D-pad, the turn builder's verdicts, undo,
//! hints), the tutor's check of a part and the hint's win chance (`ask.rs`), what the app asks
//! of the match (`queries.rs`) and its picture (`draw.rs`). Who
//! plays which side is the match's `Seats` (`app/seats.rs`). Fields stay inside this folder.

mod ask;
mod computer_turn;
mod draw;
mod flow;
mod pick;
mod queries;

pub use flow::{Flight, Phase, SenasMatch, Spot};
