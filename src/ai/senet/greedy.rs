//! A person-like senet player for measuring game lengths (`Kind::Greedy`): it looks no
//! further than the move in hand. Bear off if it can, else capture, else take the longest
//! step (the move that brings its pieces furthest along once the piece has come to rest, so a
//! throw into the water is its last choice), the frontmost piece on a tie. Pure and
//! deterministic; no search, no evaluator.

use crate::games::senet::{self, Move, MoveList, Position};

/// Squares still to go for `side`'s pieces on the board (a borne-off piece counts 0).
fn to_go(pos: &Position, side: senet::Side) -> u32 {
    pos.squares(side)
        .map(|s| u32::from(senet::LAST + 1 - s))
        .sum()
}

/// The greedy player's move for `throw` (`None` only if the engine listed no move).
pub fn choose(out: &mut MoveList, pos: &Position, throw: senet::Throw) -> Option<Move> {
    senet::legal_moves(pos, throw, out);
    let me = pos.side_to_move();
    let rank = |m: &Move| {
        let off = m.bears_off();
        let capture = !m.is_pass() && !off && pos.at(m.to()) == Some(me.other());
        let after = senet::apply(pos, *m);
        // Fewer squares to go is a longer step; pieces borne off count as arrived.
        let step = u32::MAX - to_go(&after, me);
        (off, capture, step, m.from())
    };
    out.iter().copied().max_by_key(rank)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::senet::{Side, Throw, Variant};

    fn board(squares: &[u8]) -> u32 {
        squares.iter().fold(0, |b, &s| b | 1 << s)
    }

    #[test]
    fn greedy_bears_off_before_capturing_and_captures_before_stepping() {
        let mut out = MoveList::new();
        // A on 29 (bears off with 2) and 12 (captures B's lone piece on 14 with 2).
        let pos = Position::new(
            Variant::Wiibrew2009,
            board(&[12, 29]),
            board(&[14, 3]),
            Side::A,
        )
        .expect("valid");
        let m = choose(&mut out, &pos, Throw::TWO).expect("a move");
        assert!(m.bears_off(), "{m}");
        let pos = Position::new(
            Variant::Wiibrew2009,
            board(&[12, 20]),
            board(&[14, 3]),
            Side::A,
        )
        .expect("valid");
        let m = choose(&mut out, &pos, Throw::TWO).expect("a move");
        assert_eq!((m.from(), m.to()), (12, 14));
    }

    #[test]
    fn greedy_never_chooses_the_water_when_another_step_exists() {
        let mut out = MoveList::new();
        // With 2: 25 -> 27 (water, back to 15) or 10 -> 12.
        let pos = Position::new(
            Variant::Wiibrew2009,
            board(&[10, 25]),
            board(&[1, 3]),
            Side::A,
        )
        .expect("valid");
        let m = choose(&mut out, &pos, Throw::TWO).expect("a move");
        assert_eq!((m.from(), m.to()), (10, 12));
    }
}
