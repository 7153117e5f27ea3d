//! The text notations shared by `arena`, tests and logs. The board: 24 comma-separated signed
//! counts for physical holes 0..23 (positive White, negative Black), then `/offW/offB`. Parsing
//! returns typed errors for any malformed or impossible board; it never panics. A part's
//! sub-moves as the log writes them (`event=turn ... moves=1-4,1-6`, [`TurnMoves`]): physical
//! holes 1..24 `from-to`, `from-off` for a piece borne off, `none` for an empty part.

use super::generate::Turn;
use super::position::{BoardError, Position};
use super::side::{Side, HOLES};

/// A part's sub-moves in the log's notation (`1-4,1-6`, `20-off`, `none`), for `side`.
pub struct TurnMoves<'a> {
    /// The side playing the part (its path indices become physical holes).
    pub side: Side,
    /// The part.
    pub turn: &'a Turn,
}

impl core::fmt::Display for TurnMoves<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let side = self.side;
        let mut any = false;
        for (i, sm) in self.turn.sub_moves().enumerate() {
            any = true;
            let sep = if i == 0 { "" } else { "," };
            let from = side.hole(usize::from(sm.from)) + 1;
            let to = usize::from(sm.to());
            if to < HOLES {
                write!(f, "{sep}{from}-{}", side.hole(to) + 1)?;
            } else {
                write!(f, "{sep}{from}-off")?;
            }
        }
        if !any {
            f.write_str("none")?;
        }
        Ok(())
    }
}

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
