//! The two senet players, `A` and `B`, as a value.
//!
//! `A` starts on the odd squares 1, 3, 5, 7, 9 and `B` on the even squares 2..10. Pure rules: no
//! I/O, no floats; this file knows nothing about squares beyond that naming.

use core::fmt;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The player whose pieces start on the odd squares.
    A,
    /// The player whose pieces start on the even squares.
    B,
}

impl Side {
    /// Both sides, `A` first.
    pub const BOTH: [Side; 2] = [Side::A, Side::B];

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// 0 for `A`, 1 for `B`: the index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter used in board strings and logs.
    pub const fn letter(self) -> char {
        match self {
            Side::A => 'A',
            Side::B => 'B',
        }
    }

    /// Reads `A` or `B` (either case).
    pub fn from_letter(c: char) -> Option<Side> {
        match c {
            'A' | 'a' => Some(Side::A),
            'B' | 'b' => Some(Side::B),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_side_is_an_involution() {
        for s in Side::BOTH {
            assert_eq!(s.other().other(), s);
            assert_ne!(s.other(), s);
        }
    }

    #[test]
    fn letters_round_trip() {
        for s in Side::BOTH {
            assert_eq!(Side::from_letter(s.letter()), Some(s));
        }
        assert_eq!(Side::from_letter('x'), None);
    }
}
