//! The text board notation shared by `arena`, tests and logs: 24 comma-separated signed counts
//! for physical holes 0..23 (positive White, negative Black), then `/offW/offB`. Parsing returns
//! typed errors for any malformed or impossible board; it never panics.

use super::position::{BoardError, Position};
use super::side::{Side, HOLES};

/// Why a board text was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// Not of the form `c0,...,c23/offW/offB`.
    Shape,
    /// Not 24 hole counts.
    HoleCount(usize),
    /// A count that is not an integer in -15..=15.
    Number,
    /// The board parses but cannot be a position.
    Board(BoardError),
}

impl core::fmt::Display for NotationError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            NotationError::Shape => f.write_str("board must look like c0,...,c23/offW/offB"),
            NotationError::HoleCount(n) => write!(f, "board has {n} hole counts, needs {HOLES}"),
            NotationError::Number => f.write_str("board counts must be integers from -15 to 15"),
            NotationError::Board(e) => write!(f, "impossible board: {e}"),
        }
    }
}

impl Position {
    /// Parses the board notation with `to_move` to play and no gift pending.
    pub fn parse(text: &str, to_move: Side) -> Result<Position, NotationError> {
        let mut parts = text.trim().split('/');
        let (Some(holes), Some(w), Some(b), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(NotationError::Shape);
        };
        let mut board = [0i8; HOLES];
        let mut n = 0;
        for word in holes.split(',') {
            let c: i8 = word.trim().parse().map_err(|_| NotationError::Number)?;
            if !(-15..=15).contains(&c) {
                return Err(NotationError::Number);
            }
            if n < HOLES {
                board[n] = c;
            }
            n += 1;
        }
        if n != HOLES {
            return Err(NotationError::HoleCount(n));
        }
        let off = |s: &str| -> Result<u8, NotationError> {
            let v: u8 = s.trim().parse().map_err(|_| NotationError::Number)?;
            if v > 15 {
                return Err(NotationError::Number);
            }
            Ok(v)
        };
        Position::from_board(&board, off(w)?, off(b)?, to_move).map_err(NotationError::Board)
    }
}
