//! A senet position as a small `Copy` value: one 30-bit bitboard per side, borne-off counts,
//! the side to move, the variant, and (Kendall) which sides have a piece sent back from the
//! water that must move next.
//!
//! Invariant (checked by [`Position::new`], kept by `apply`): the two boards are disjoint,
//! inside squares 1..=30, square of water empty unless the variant holds pieces there, a side
//! is bound only with a piece on the rescue square, and pieces on board + borne off = the
//! variant's pieces per side. Pure data: no I/O, no floats.

use core::fmt;

use super::board::{bit, squares, ALL_SQUARES};
use super::side::Side;
use super::variant::Variant;

/// Everything the rules need to know about a game between throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) boards: [u32; 2],
    pub(crate) off: [u8; 2],
    pub(crate) to_move: Side,
    pub(crate) variant: Variant,
    /// Bit `side.index()` set: that side's piece on the rescue square came from the water and
    /// must be the next piece it moves (Kendall).
    pub(crate) bound: u8,
}

/// Why a set of squares is not a senet position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A board names a square outside 1..=30.
    SquareOutsideBoard,
    /// Both sides have a piece on the same square.
    SharedSquare {
        /// The square.
        square: u8,
    },
    /// A side has more pieces on the board than the variant gives it.
    TooManyPieces {
        /// The side.
        side: Side,
        /// How many it has on the board.
        count: u8,
    },
    /// A piece rests on the square of water, where no piece can stay.
    OnWater {
        /// The square of water.
        square: u8,
    },
    /// Both sides have borne off every piece; only one can.
    BothFinished,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::SquareOutsideBoard => write!(f, "pieces must stand on squares 1 to 30"),
            PositionError::SharedSquare { square } => {
                write!(f, "square {square} holds pieces of both sides")
            }
            PositionError::TooManyPieces { side, count } => {
                write!(
                    f,
                    "side {side} has {count} pieces on the board; at most 5 are allowed"
                )
            }
            PositionError::OnWater { square } => write!(
                f,
                "a piece stands on square {square}, the square of water, where none can stay"
            ),
            PositionError::BothFinished => {
                write!(f, "both sides have borne off all their pieces")
            }
        }
    }
}

impl Position {
    /// The starting position: `A` on 1, 3, 5, 7, 9 and `B` on 2, 4, 6, 8, 10; `first` to move.
    pub fn start(variant: Variant, first: Side) -> Position {
        let odd = bit(1) | bit(3) | bit(5) | bit(7) | bit(9);
        Position {
            boards: [odd, odd << 1],
            off: [0, 0],
            to_move: first,
            variant,
            bound: 0,
        }
    }

    /// A position from the two sides' bitboards (bit `s` = square `s`); pieces missing from a
    /// board are borne off.
    pub fn new(variant: Variant, a: u32, b: u32, to_move: Side) -> Result<Position, PositionError> {
        let rules = variant.rules();
        if (a | b) & !ALL_SQUARES != 0 {
            return Err(PositionError::SquareOutsideBoard);
        }
        if a & b != 0 {
            let square = (a & b).trailing_zeros() as u8;
            return Err(PositionError::SharedSquare { square });
        }
        let mut off = [0u8; 2];
        for (side, board) in [(Side::A, a), (Side::B, b)] {
            let count = board.count_ones() as u8;
            if count > rules.pieces {
                return Err(PositionError::TooManyPieces { side, count });
            }
            off[side.index()] = rules.pieces - count;
        }
        if let Some(w) = rules.water {
            if rules.holding_water().is_none() && (a | b) & bit(w.square) != 0 {
                return Err(PositionError::OnWater { square: w.square });
            }
        }
        if off[0] == rules.pieces && off[1] == rules.pieces {
            return Err(PositionError::BothFinished);
        }
        Ok(Position {
            boards: [a, b],
            off,
            to_move,
            variant,
            bound: 0,
        })
    }

    /// The same position with `side`'s piece on the rescue square marked as sent back from the
    /// water (Kendall), so it must move next; unchanged when the variant has no such rule or
    /// `side` has no piece there.
    pub fn with_bound(mut self, side: Side) -> Position {
        if let Some((_, _, rescue, _)) = self.variant.rules().holding_water() {
            if self.board(side) & bit(rescue) != 0 {
                self.bound |= 1 << side.index();
            }
        }
        self
    }

    /// Whether `side`'s piece on the rescue square was sent back from the water and must be
    /// the next piece it moves (Kendall).
    #[inline]
    pub fn bound(&self, side: Side) -> bool {
        self.bound & (1 << side.index()) != 0
    }

    /// Whether `side` has a piece in the water under a variant that holds pieces there.
    #[inline]
    pub fn in_water(&self, side: Side) -> bool {
        match self.variant.rules().holding_water() {
            Some((square, ..)) => self.board(side) & bit(square) != 0,
            None => false,
        }
    }

    /// The side whose throw it is.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// The same position with `side` to move.
    pub fn with_side_to_move(mut self, side: Side) -> Position {
        self.to_move = side;
        self
    }

    /// The rule set.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The squares held by `side`, as a bitboard (bit `s` = square `s`).
    #[inline]
    pub fn board(&self, side: Side) -> u32 {
        self.boards[side.index()]
    }

    /// The squares held by `side`, lowest first.
    pub fn squares(&self, side: Side) -> impl Iterator<Item = u8> {
        squares(self.board(side))
    }

    /// Who stands on `square`, if anyone.
    pub fn at(&self, square: u8) -> Option<Side> {
        let b = if square < 32 { bit(square) } else { 0 };
        if self.boards[0] & b != 0 {
            Some(Side::A)
        } else if self.boards[1] & b != 0 {
            Some(Side::B)
        } else {
            None
        }
    }

    /// How many pieces `side` has borne off.
    #[inline]
    pub fn borne_off(&self, side: Side) -> u8 {
        self.off[side.index()]
    }

    /// The side that has borne off all its pieces, if any: the game is then over.
    #[inline]
    pub fn winner(&self) -> Option<Side> {
        let all = self.variant.rules().pieces;
        if self.off[0] == all {
            Some(Side::A)
        } else if self.off[1] == all {
            Some(Side::B)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const V: Variant = Variant::Wiibrew2009;

    #[test]
    fn start_alternates_a_on_odd_and_b_on_even_squares() {
        let p = Position::start(V, Side::B);
        assert!(p.squares(Side::A).eq([1, 3, 5, 7, 9]));
        assert!(p.squares(Side::B).eq([2, 4, 6, 8, 10]));
        assert_eq!(p.side_to_move(), Side::B);
        assert_eq!(p.borne_off(Side::A), 0);
        assert_eq!(p.winner(), None);
    }

    #[test]
    fn missing_pieces_count_as_borne_off() {
        let p = Position::new(V, bit(3) | bit(20), bit(5), Side::A).expect("valid");
        assert_eq!(p.borne_off(Side::A), 3);
        assert_eq!(p.borne_off(Side::B), 4);
        let done = Position::new(V, 0, bit(5), Side::B).expect("valid");
        assert_eq!(done.winner(), Some(Side::A));
    }

    #[test]
    fn impossible_positions_are_refused() {
        assert_eq!(
            Position::new(V, bit(4), bit(4), Side::A),
            Err(PositionError::SharedSquare { square: 4 })
        );
        assert_eq!(
            Position::new(V, bit(0), 0, Side::A),
            Err(PositionError::SquareOutsideBoard)
        );
        assert_eq!(
            Position::new(V, 0b1111110, 0, Side::A),
            Err(PositionError::TooManyPieces {
                side: Side::A,
                count: 6
            })
        );
        assert_eq!(
            Position::new(V, bit(27), bit(1), Side::A),
            Err(PositionError::OnWater { square: 27 })
        );
        assert_eq!(
            Position::new(V, 0, 0, Side::A),
            Err(PositionError::BothFinished)
        );
    }
}
