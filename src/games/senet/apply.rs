//! Playing a move: lift the piece, swap with a captured piece, bear off, apply the square of
//! water, and hand the throw to whoever throws next (1, 3 and 6 throw again).
//!
//! Trusts its input: the move must come from `legal_moves` or `check_move`. Keeps the
//! position invariants (disjoint boards, conservation of pieces, water square empty).

use super::board::{bit, OFF};
use super::moves::Move;
use super::position::Position;
use super::water::resting_square;

/// The position after `mv`, with the side to move updated by the extra-throw rule.
#[inline]
pub fn apply(pos: &Position, mv: Move) -> Position {
    let rules = pos.variant.rules();
    let mut next = *pos;
    let me = pos.to_move.index();
    let opp = pos.to_move.other().index();
    if !mv.is_pass() {
        let from = bit(mv.from());
        next.boards[me] &= !from;
        if mv.to() == OFF {
            next.off[me] += 1;
        } else {
            let to = bit(mv.to());
            if next.boards[opp] & to != 0 {
                // Capture: the captured piece takes the mover's starting square.
                next.boards[opp] ^= to | from;
            }
            let occupied = next.boards[0] | next.boards[1];
            next.boards[me] |= bit(resting_square(rules, mv.to(), occupied));
        }
    }
    if !rules.throws_again(mv.throw().distance()) {
        next.to_move = pos.to_move.other();
    }
    next
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
