//! Playing a move: lift the piece, send a captured piece where the variant says (swap, lowest
//! empty square, or the water), bear off, apply the square of water, and hand the throw to
//! whoever throws next (the variant's extra throws; none while a piece is in the water).
//!
//! Trusts its input: the move must come from `legal_moves` or `check_move`. Keeps the
//! position invariants (disjoint boards, conservation of pieces, water square empty).

use super::board::{bit, ALL_SQUARES, OFF};
use super::moves::Move;
use super::position::Position;
use super::variant::Capture;
use super::water::resting_square;

/// The position after `mv`, with the side to move updated by the extra-throw rule.
#[inline]
pub fn apply(pos: &Position, mv: Move) -> Position {
    let rules = pos.variant.rules();
    let mut next = *pos;
    let side = pos.to_move;
    let me = side.index();
    let opp = side.other().index();
    let hold = rules.holding_water();
    let was_in_water = pos.in_water(side);
    if !mv.is_pass() {
        let from = bit(mv.from());
        next.boards[me] &= !from;
        if mv.to() == OFF {
            next.off[me] += 1;
        } else if was_in_water && mv.to() < mv.from() {
            // Out of the water to the rescue square: that piece must move next.
            next.boards[me] |= bit(mv.to());
            next.bound |= 1 << me;
        } else {
            let to = bit(mv.to());
            if next.boards[opp] & to != 0 {
                next.boards[opp] &= !to;
                let dest = match (hold, rules.capture) {
                    (Some((water, _, _, catch_from)), _) if mv.to() >= catch_from => bit(water),
                    (_, Capture::Swap) => from,
                    (_, Capture::LowestEmpty) => {
                        // The capturing piece's squares (start and target) count as taken.
                        let taken = next.boards[0] | next.boards[1] | from | to;
                        lowest(!taken & ALL_SQUARES)
                    }
                };
                next.boards[opp] |= dest;
            }
            let occupied = next.boards[0] | next.boards[1];
            next.boards[me] |= bit(resting_square(rules, mv.to(), occupied));
        }
        if let Some((_, _, rescue, _)) = hold {
            // A piece sent back stays bound only while it has not moved and is still there.
            if mv.from() == rescue && !was_in_water {
                next.bound &= !(1 << me);
            }
            for s in [me, opp] {
                if next.boards[s] & bit(rescue) == 0 {
                    next.bound &= !(1 << s);
                }
            }
        }
    }
    // Kendall: every throw played while a piece is in the water ends the turn.
    if was_in_water || !rules.throws_again(mv.throw().distance()) {
        next.to_move = side.other();
    }
    next
}

/// The lowest set bit of `set` (a non-empty board: at most 10 pieces stand on 30 squares).
fn lowest(set: u32) -> u32 {
    set & set.wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::super::side::Side;
    use super::super::throw::Throw;
    use super::super::variant::Variant;
    use super::*;

    fn pos(a: &[u8], b: &[u8], to_move: Side) -> Position {
        let board = |s: &[u8]| s.iter().fold(0u32, |acc, &q| acc | bit(q));
        Position::new(Variant::Wiibrew2009, board(a), board(b), to_move).expect("valid position")
    }

    #[test]
    fn capture_swaps_the_two_pieces() {
        let p = pos(&[9], &[12], Side::A);
        let n = apply(&p, Move::step(Throw::THREE, 9, 12));
        assert_eq!(n, pos(&[12], &[9], Side::A), "a 3 throws again");
    }

    #[test]
    fn two_and_four_end_the_turn_one_three_six_do_not() {
        let p = pos(&[1], &[30], Side::A);
        for (t, next) in [
            (Throw::ONE, Side::A),
            (Throw::TWO, Side::B),
            (Throw::THREE, Side::A),
            (Throw::FOUR, Side::B),
            (Throw::SIX, Side::A),
        ] {
            let n = apply(&p, Move::step(t, 1, 1 + t.distance()));
            assert_eq!(n.side_to_move(), next, "throw {t}");
            assert_eq!(apply(&p, Move::pass(t)).side_to_move(), next, "pass {t}");
        }
    }

    #[test]
    fn bearing_off_counts_the_piece() {
        let p = pos(&[29, 3], &[5], Side::A);
        let n = apply(&p, Move::step(Throw::FOUR, 29, OFF));
        assert_eq!(n.borne_off(Side::A), 4);
        assert!(n.squares(Side::A).eq([3]));
    }
}
