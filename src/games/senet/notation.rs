//! Board strings: 30 characters for squares 1..=30 in order, `A`, `B` or `.`; pieces missing
//! from the string are borne off. Used by tests, logs and the `arena` CLI.
//!
//! Parsing validates everything a string can get wrong and returns a typed error; it never
//! panics. Formatting writes through `core::fmt`, no allocation.

use core::fmt;

use super::board::{bit, LAST};
use super::position::{Position, PositionError};
use super::side::Side;
use super::variant::Variant;

/// Why a board string is not a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The string does not have exactly 30 characters.
    Length {
        /// How many it has.
        found: usize,
    },
    /// A character other than `A`, `B` or `.`.
    BadChar {
        /// The character.
        found: char,
        /// The square it stands for.
        square: u8,
    },
    /// The squares parse but do not make a position.
    Position(PositionError),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseError::Length { found } => write!(
                f,
                "a board has 30 characters (one per square, A, B or .), this one has {found}"
            ),
            ParseError::BadChar { found, square } => {
                write!(f, "square {square}: '{found}' is not A, B or . (empty)")
            }
            ParseError::Position(e) => e.fmt(f),
        }
    }
}

impl Position {
    /// Reads a 30-character board string with `to_move` to move.
    pub fn parse(variant: Variant, board: &str, to_move: Side) -> Result<Position, ParseError> {
        let found = board.chars().count();
        if found != LAST as usize {
            return Err(ParseError::Length { found });
        }
        let mut boards = [0u32; 2];
        for (i, c) in board.chars().enumerate() {
            let square = i as u8 + 1;
            match c {
                '.' => {}
                c => match Side::from_letter(c) {
                    Some(side) => boards[side.index()] |= bit(square),
                    None => return Err(ParseError::BadChar { found: c, square }),
                },
            }
        }
        Position::new(variant, boards[0], boards[1], to_move).map_err(ParseError::Position)
    }

    /// The 30-character board string of this position (without side to move or variant).
    pub fn board_string(&self) -> BoardString<'_> {
        BoardString(self)
    }
}

/// Displays a position's board as 30 characters; see [`Position::board_string`].
pub struct BoardString<'a>(&'a Position);

impl fmt::Display for BoardString<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in 1..=LAST {
            let c = match self.0.at(s) {
                Some(side) => side.letter(),
                None => '.',
            };
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    const V: Variant = Variant::Wiibrew2009;

    #[test]
    fn start_board_string_round_trips() {
        let p = Position::start(V, Side::A);
        let s = p.board_string().to_string();
        assert_eq!(s, "ABABABABAB....................");
        assert_eq!(Position::parse(V, &s, Side::A), Ok(p));
    }

    #[test]
    fn bad_strings_give_typed_errors() {
        assert_eq!(
            Position::parse(V, "AB", Side::A),
            Err(ParseError::Length { found: 2 })
        );
        let bad = "ABABABABAX....................";
        assert_eq!(
            Position::parse(V, bad, Side::A),
            Err(ParseError::BadChar {
                found: 'X',
                square: 10
            })
        );
        let six = "AAAAAA........................";
        assert!(matches!(
            Position::parse(V, six, Side::A),
            Err(ParseError::Position(PositionError::TooManyPieces { .. }))
        ));
    }
}
