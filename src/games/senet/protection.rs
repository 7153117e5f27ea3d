//! Which opposing pieces may not be captured: those on a safe square, and (when the variant says
//! so) those with a piece of their own colour on the square one lower or one higher.
//!
//! Bitboard arithmetic over one side's pieces; reads only the [`Rules`] table. Must not look at
//! the moving side: protection comes from the defender's own pieces.

use super::variant::Rules;

/// The pieces of `pieces` that cannot be captured.
#[inline]
pub fn protected(pieces: u32, rules: &Rules) -> u32 {
    let neighbours = if rules.protect_pairs {
        (pieces << 1) | (pieces >> 1)
    } else {
        0
    };
    pieces & (rules.safe | neighbours)
}

#[cfg(test)]
mod tests {
    use super::super::board::bit;
    use super::super::variant::Variant;
    use super::*;

    fn rules() -> &'static Rules {
        Variant::Wiibrew2009.rules()
    }

    #[test]
    fn lone_piece_off_safe_squares_is_not_protected() {
        assert_eq!(protected(bit(12), rules()), 0);
        assert_eq!(protected(bit(12) | bit(14), rules()), 0);
    }

    #[test]
    fn neighbours_protect_each_other_across_a_row_turn() {
        let p = bit(10) | bit(11);
        assert_eq!(protected(p, rules()), p);
    }

    #[test]
    fn safe_squares_protect_a_lone_piece() {
        for s in [26, 28, 29, 30] {
            assert_eq!(protected(bit(s), rules()), bit(s), "square {s}");
        }
        assert_eq!(protected(bit(25), rules()), 0);
        assert_eq!(protected(bit(15), rules()), 0);
    }
}
