//! The position code: the whole senas position as one space-free text, for the game's log
//! (`event=decision_position ... pos=CODE`) and `arena decide`. Four fields joined by `:`:
//! the side to move (`W`/`B`), the board in the board notation (`notation.rs`: 24 signed
//! counts by physical hole, then `/offW/offB`), the gift pending for the side to move and the
//! sub-moves it has collected for the opponent (each as values `3,5,5`, or `-` when empty).
//! Start position, White to roll: `W:15,0,...,0,-15/0/0:-:-`.
//!
//! Parsing checks every field, accepts only the spelling `code` writes, and returns a typed
//! [`CodeError`]; it never panics. A code read back gives the same `Position` (tested over random positions, `tests/position_code.rs`).

use core::fmt;

use super::super::exact_text::writes_exactly;
use super::bag::{Bag, GIFT_CAPACITY};
use super::notation::NotationError;
use super::position::Position;
use super::side::Side;

/// Why a position code was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Not four fields `side:board:gift:outgoing`.
    Shape,
    /// The side is not `W` or `B`.
    Side,
    /// The board field is not a possible board.
    Board(NotationError),
    /// A gift or outgoing field is not `-` or up to six values 1..6 separated by commas.
    Bag,
    /// A position, but not spelled the way its code is written (spaces, `+` signs, leading
    /// zeros, `-0`, bag values out of ascending order).
    Spelling,
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Shape => f.write_str(
                "a senas position code is side:board:gift:outgoing (e.g. W:15,0,...,-15/0/0:-:-)",
            ),
            CodeError::Side => f.write_str("the side to move must be W or B"),
            CodeError::Board(e) => e.fmt(f),
            CodeError::Spelling => f.write_str(
                "not spelled as the game writes it (no spaces, signs, leading zeros; bag values ascending)",
            ),
            CodeError::Bag => write!(
                f,
                "gift and outgoing must be `-` or up to {GIFT_CAPACITY} values 1..6 joined by commas"
            ),
        }
    }
}

/// Displays a position as its code; see [`Position::code`].
pub struct PositionCode<'a>(&'a Position);

/// A bag as its code field: `-` when empty, else its values (`3,5,5`).
struct BagCode(Bag);

impl fmt::Display for BagCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            f.write_str("-")
        } else {
            self.0.fmt(f)
        }
    }
}

impl fmt::Display for PositionCode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0;
        write!(
            f,
            "{}:{}:{}:{}",
            p.side_to_move().letter(),
            p,
            BagCode(p.gift()),
            BagCode(p.outgoing())
        )
    }
}

fn parse_bag(text: &str) -> Result<Bag, CodeError> {
    if text == "-" {
        return Ok(Bag::EMPTY);
    }
    let mut values = [0u8; GIFT_CAPACITY as usize];
    let mut n = 0;
    for word in text.split(',') {
        let v = match word.as_bytes() {
            [d @ b'1'..=b'6'] => d - b'0',
            _ => return Err(CodeError::Bag),
        };
        if n == values.len() {
            return Err(CodeError::Bag);
        }
        values[n] = v;
        n += 1;
    }
    Bag::from_values(&values[..n]).ok_or(CodeError::Bag)
}

impl Position {
    /// The position code (side, board, gift, outgoing); see the module doc.
    pub fn code(&self) -> PositionCode<'_> {
        PositionCode(self)
    }

    /// Reads a position code written by [`Position::code`].
    pub fn from_code(text: &str) -> Result<Position, CodeError> {
        let mut fields = text.split(':');
        let (Some(side), Some(board), Some(gift), Some(outgoing), None) = (
            fields.next(),
            fields.next(),
            fields.next(),
            fields.next(),
            fields.next(),
        ) else {
            return Err(CodeError::Shape);
        };
        let side = match side {
            "W" => Side::White,
            "B" => Side::Black,
            _ => return Err(CodeError::Side),
        };
        let pos = Position::parse(board, side).map_err(CodeError::Board)?;
        let pos = pos
            .with_gift(parse_bag(gift)?)
            .with_outgoing(parse_bag(outgoing)?);
        if !writes_exactly(&pos.code(), text) {
            return Err(CodeError::Spelling);
        }
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;
    use std::string::ToString;

    #[test]
    fn the_start_position_has_the_documented_code() {
        let code = Position::start(Side::White).code().to_string();
        assert_eq!(
            code,
            "W:15,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-15/0/0:-:-"
        );
        assert_eq!(Position::from_code(&code), Ok(Position::start(Side::White)));
    }

    #[test]
    fn bad_fields_give_typed_errors() {
        let board = Position::start(Side::Black).to_string();
        let ok = |g: &str, o: &str| Position::from_code(&format!("B:{board}:{g}:{o}"));
        assert!(ok("3,5,5", "-").is_ok());
        assert_eq!(ok("", "-"), Err(CodeError::Bag));
        assert_eq!(ok("7", "-"), Err(CodeError::Bag));
        assert_eq!(ok("1,2,3,4,5,6,1", "-"), Err(CodeError::Bag));
        assert_eq!(ok("3,,5", "-"), Err(CodeError::Bag));
        assert_eq!(ok("-", "35"), Err(CodeError::Bag));
        assert_eq!(ok("5,3", "-"), Err(CodeError::Spelling));
        let spaced = Position::from_code(&format!("B: {board}:-:-"));
        assert_eq!(spaced, Err(CodeError::Spelling));
        let plus = Position::from_code(&format!("B:{}:-:-", board.replacen("15", "+15", 1)));
        assert_eq!(plus, Err(CodeError::Spelling));
        assert_eq!(
            Position::from_code(&format!("X:{board}:-:-")),
            Err(CodeError::Side)
        );
        assert_eq!(Position::from_code("W:-:-"), Err(CodeError::Shape));
        assert_eq!(
            Position::from_code(&format!("W:{board}:-:-:-")),
            Err(CodeError::Shape)
        );
        assert!(matches!(
            Position::from_code("W:1,2/0/0:-:-"),
            Err(CodeError::Board(NotationError::HoleCount(2)))
        ));
    }
}
