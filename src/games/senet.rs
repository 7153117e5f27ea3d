//! Senet, the ancient Egyptian race game (variant `wiibrew2009` by default): pure rules.
//!
//! The game-level API the AI and the app use, same shape as senas: a `Copy` [`Position`],
//! [`Throw::outcomes`] for chance nodes, [`legal_moves`] into a caller's `heapless::Vec`,
//! [`apply`], [`Position::side_to_move`], [`Position::winner`], and [`check_move`] /
//! [`check_pass`] returning an [`Illegal`] reason for moves proposed from outside. No I/O, no
//! floats, no heap; imports nothing of ours outside `games::senet`.

mod apply;
mod barrier;
mod board;
mod code;
mod illegal;
mod moves;
mod notation;
mod position;
mod protection;
mod side;
mod throw;
mod variant;
mod water;

pub use apply::apply;
pub use board::{row_col, FIRST, LAST, OFF};
pub use code::{CodeError, PositionCode};
pub use illegal::{check_move, check_pass, Illegal};
pub use moves::{legal_moves, movable, Ground, Move, MoveList, Way, MAX_MOVES};
pub use notation::{BoardString, ParseError};
pub use position::{Position, PositionError};
pub use side::Side;
pub use throw::Throw;
pub use variant::{Rules, Variant, Water};
