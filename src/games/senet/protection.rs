//! Which opposing pieces may not be captured: those on a safe square, (when the variant says
//! so) those with a piece of their own colour on the square one lower or one higher, and
//! (Kendall) pieces in the water, or on 28..30 while the water is occupied.
//!
//! Bitboard arithmetic over one side's pieces; reads only the [`Rules`] table and the
//! defender's water state. Must not look at the moving side: protection comes from the
//! defender's own pieces.

use super::board::{bit, ALL_SQUARES};
use super::position::Position;
use super::side::Side;
use super::variant::Rules;

/// The pieces of `pieces` that cannot be captured (safe squares and pairs only).
#[inline]
pub fn protected(pieces: u32, rules: &Rules) -> u32 {
    protected_with(pieces, rules, rules.protect_pairs)
}

/// The pieces of `side` that the other side cannot capture in `pos`: [`protected`], except
/// that a side with a piece in the water or one sent back from it loses pair protection, plus
/// the piece in the water itself and, while the water is occupied, pieces on its catch squares.
#[inline]
pub fn guarded(pos: &Position, side: Side) -> u32 {
    let rules = pos.variant.rules();
    let pieces = pos.boards[side.index()];
    let Some((water, _, _, catch_from)) = rules.holding_water() else {
        return protected(pieces, rules);
    };
    let trouble = pos.in_water(side) || pos.bound(side);
    let mut out = protected_with(pieces, rules, rules.protect_pairs && !trouble);
    out |= pieces & bit(water);
    let occupied = pos.boards[0] | pos.boards[1];
    if occupied & bit(water) != 0 {
        out |= pieces & ALL_SQUARES & !(bit(catch_from) - 1);
    }
    out
}

fn protected_with(pieces: u32, rules: &Rules, pairs: bool) -> u32 {
    let neighbours = if pairs {
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
