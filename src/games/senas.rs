//! Senas, the medieval race game from Lorca: board, dice, turn generation, turn builder.
//!
//! Pure rules (no I/O, no floats, no heap). The rule ids S1..S7 and decisions 1..10 refer to
//! `docs/rules.md`. Flow of one side's turn: play the pending gift (if any) as one part, then roll
//! and play the roll as one part; after a tute (6-6-6) roll and play again. Each part is a [`Turn`]
//! chosen from [`TurnGen::legal_turns`] and applied with [`apply`].

mod army;
mod bag;
mod builder;
mod code;
mod complete;
mod dice;
mod game;
mod generate;
mod memo;
mod notation;
mod position;
mod side;
mod stepwise;
mod submove;

pub use army::{Army, PIECES};
pub use bag::{Bag, GIFT_CAPACITY};
pub use builder::{TurnBuilder, MAX_CHOICES};
pub use code::{CodeError, PositionCode};
pub use dice::{die, first_player, Roll, RollKind, DISTINCT_ROLLS};
pub use game::{apply, Overflow};
pub use generate::{
    Turn, TurnGen, TurnSource, MAX_SUB_MOVES, MAX_TURNS, MEMO_CAPACITY, MEMO_SLOTS,
};
pub use notation::{NotationError, TurnMoves};
pub use position::{BoardError, Position};
pub use side::{Direction, Side, DIRECTION, HOLES, SENA};
pub use submove::{Illegal, SubMove};
