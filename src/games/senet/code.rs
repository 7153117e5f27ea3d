//! The position code: the whole senet position as one space-free text, for the game's log
//! (`event=decision_position ... pos=CODE`) and `arena decide`. Four fields joined by `:`: the
//! rule set (`Variant::name`: `wiibrew2009`, `kendall`, `jequier`), the side to move (`A`/`B`),
//! the 30-character board string (`notation.rs`) and the sides whose piece on the rescue square
//! came from the water and must move next (Kendall: `A`, `B`, `AB`, or `-` for none).
//! Start, A to throw: `wiibrew2009:A:ABABABABAB....................:-`.
//!
//! Parsing checks every field, accepts only the spelling `code` writes, and returns a typed
//! [`CodeError`]; it never panics. A code read
//! back gives the same `Position` (tested over random positions, `tests/position_code.rs`).

use core::fmt;

use super::super::exact_text::writes_exactly;
use super::notation::ParseError;
use super::position::Position;
use super::side::Side;
use super::variant::Variant;

/// Why a position code was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Not four fields `variant:side:board:bound`.
    Shape,
    /// Not a rule set's name.
    Variant,
    /// The side to move is not `A` or `B`.
    Side,
    /// The board field is not a position of that rule set.
    Board(ParseError),
    /// The bound field is not `-`, `A`, `B` or `AB`, or names a side that cannot be bound
    /// there (no rescue rule, or no piece of that side on the rescue square).
    Bound,
    /// A position, but not spelled the way its code is written (lower-case board letters).
    Spelling,
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Shape => f.write_str(
                "a senet position code is variant:side:board:bound (e.g. wiibrew2009:A:ABABABABAB....................:-)",
            ),
            CodeError::Variant => f.write_str("the rule set must be wiibrew2009, kendall or jequier"),
            CodeError::Side => f.write_str("the side to move must be A or B"),
            CodeError::Board(e) => e.fmt(f),
            CodeError::Spelling => {
                f.write_str("not spelled as the game writes it (board letters are upper case)")
            }
            CodeError::Bound => f.write_str(
                "bound must be -, A, B or AB, naming only sides with a piece sent back from the water onto the rescue square",
            ),
        }
    }
}

/// Displays a position as its code; see [`Position::code`].
pub struct PositionCode<'a>(&'a Position);

impl fmt::Display for PositionCode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0;
        write!(
            f,
            "{}:{}:{}:",
            p.variant().name(),
            p.side_to_move().letter(),
            p.board_string()
        )?;
        let mut any = false;
        for side in [Side::A, Side::B] {
            if p.bound(side) {
                write!(f, "{}", side.letter())?;
                any = true;
            }
        }
        if !any {
            f.write_str("-")?;
        }
        Ok(())
    }
}

impl Position {
    /// The position code (rule set, side, board, bound sides); see the module doc.
    pub fn code(&self) -> PositionCode<'_> {
        PositionCode(self)
    }

    /// Reads a position code written by [`Position::code`].
    pub fn from_code(text: &str) -> Result<Position, CodeError> {
        let mut fields = text.split(':');
        let (Some(variant), Some(side), Some(board), Some(bound), None) = (
            fields.next(),
            fields.next(),
            fields.next(),
            fields.next(),
            fields.next(),
        ) else {
            return Err(CodeError::Shape);
        };
        let variant = Variant::ALL
            .into_iter()
            .find(|v| v.name() == variant)
            .ok_or(CodeError::Variant)?;
        let side = match side {
            "A" => Side::A,
            "B" => Side::B,
            _ => return Err(CodeError::Side),
        };
        let mut pos = Position::parse(variant, board, side).map_err(CodeError::Board)?;
        let sides: &[Side] = match bound {
            "-" => &[],
            "A" => &[Side::A],
            "B" => &[Side::B],
            "AB" => &[Side::A, Side::B],
            _ => return Err(CodeError::Bound),
        };
        for &s in sides {
            pos = pos.with_bound(s);
            if !pos.bound(s) {
                return Err(CodeError::Bound);
            }
        }
        if !writes_exactly(&pos.code(), text) {
            return Err(CodeError::Spelling);
        }
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn the_start_position_has_the_documented_code() {
        let start = Position::start(Variant::Wiibrew2009, Side::A);
        let code = start.code().to_string();
        assert_eq!(code, "wiibrew2009:A:ABABABABAB....................:-");
        assert_eq!(Position::from_code(&code), Ok(start));
    }

    #[test]
    fn bad_fields_give_typed_errors() {
        let board = "ABABABABAB....................";
        let code = |v: &str, s: &str, b: &str| Position::from_code(&[v, s, board, b].join(":"));
        assert!(code("kendall", "B", "-").is_ok());
        assert_eq!(code("Kendall", "B", "-"), Err(CodeError::Variant));
        assert_eq!(code("kendall", "C", "-"), Err(CodeError::Side));
        assert_eq!(code("kendall", "A", "BA"), Err(CodeError::Bound));
        // Kendall's rescue square (15) is empty at the start: no side can be bound there.
        assert_eq!(code("kendall", "A", "A"), Err(CodeError::Bound));
        // WiiBrew 2009 has no rescue rule at all.
        assert_eq!(code("wiibrew2009", "A", "B"), Err(CodeError::Bound));
        assert_eq!(Position::from_code("kendall:A:-"), Err(CodeError::Shape));
        let lower = Position::from_code("kendall:A:abABABABAB....................:-");
        assert_eq!(lower, Err(CodeError::Spelling));
        assert!(matches!(
            Position::from_code("kendall:A:AB:-"),
            Err(CodeError::Board(ParseError::Length { found: 2 }))
        ));
    }
}
