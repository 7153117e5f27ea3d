//! Legal moves for one throw: one piece forward by the throw; when no forward move is legal,
//! one piece backward by the throw; when neither, a pass (the throw is lost).
//!
//! A move may not land on an own piece, nor on a protected opposing piece (landing on an
//! unprotected one captures it), nor pass over an opposing barrier; a forward move beyond 30
//! bears the piece off. The variant's table adds the gate (Kendall 26), exact-only squares,
//! squares without backward moves, the home row for bearing off and the queue (Jequier), and
//! the water that holds a piece (Kendall). Everything is bitboard arithmetic over the whole side at once; no
//! allocation, output goes into the caller's `heapless::Vec`.

use heapless::Vec;

use super::barrier::{barrier, blocked_backward, blocked_forward};
use super::board::{bit, squares, LAST, OFF};
use super::position::Position;
use super::protection::guarded;
use super::throw::Throw;
use super::variant::Rules;

/// The most moves one throw can offer: each of the at most 5 pieces moves at most one way (all
/// forward, or all backward when no forward move exists), and a pass comes only alone. Pinned
/// by `capacity_five_is_reached_and_never_exceeded`.
pub const MAX_MOVES: usize = 5;

/// The caller-provided list `legal_moves` fills.
pub type MoveList = Vec<Move, MAX_MOVES>;

/// One choice for a throw: a piece from one square to another (31 = borne off), or a pass.
///
/// `to` is the square the throw reaches; a piece reaching the square of water comes to rest
/// elsewhere (see `water.rs`), which `apply` works out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    throw: Throw,
    from: u8,
    to: u8,
}

impl Move {
    /// The move of the piece on `from` to `to` (31 bears it off) with `throw`. Not checked:
    /// use `check_move` for moves from outside.
    #[inline]
    pub const fn step(throw: Throw, from: u8, to: u8) -> Move {
        Move { throw, from, to }
    }

    /// Giving up `throw` because no move is legal.
    #[inline]
    pub const fn pass(throw: Throw) -> Move {
        Move {
            throw,
            from: 0,
            to: 0,
        }
    }

    /// The throw this move uses.
    #[inline]
    pub const fn throw(&self) -> Throw {
        self.throw
    }

    /// Whether this is a pass.
    #[inline]
    pub const fn is_pass(&self) -> bool {
        self.from == 0
    }

    /// The square the piece leaves (0 for a pass).
    #[inline]
    pub const fn from(&self) -> u8 {
        self.from
    }

    /// The square the throw takes the piece to: 31 when it bears off (0 for a pass).
    #[inline]
    pub const fn to(&self) -> u8 {
        self.to
    }

    /// Whether the piece moves backward.
    #[inline]
    pub const fn is_backward(&self) -> bool {
        self.to < self.from
    }

    /// Whether the piece leaves the board.
    #[inline]
    pub const fn bears_off(&self) -> bool {
        self.to == OFF
    }
}

impl core::fmt::Display for Move {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.is_pass() {
            f.write_str("pass")
        } else {
            write!(f, "{}-{}", self.from, self.to)
        }
    }
}

/// Which way the pieces found by [`movable`] go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// Forward by the throw (beyond 30: borne off).
    Forward,
    /// Backward by the throw (no forward move exists).
    Backward,
    /// Out of the water back to the rescue square (Kendall).
    Rescue(u8),
}

/// Squares `lo..=hi` as a bitboard (empty when `lo > hi`).
#[inline]
const fn span(lo: u8, hi: u8) -> u32 {
    if lo > hi {
        0
    } else {
        ((bit(hi) << 1) - 1) & !(bit(lo) - 1)
    }
}

/// The squares from which the side to move may play `throw`, and which way. An empty set
/// means the throw must be passed.
#[inline]
pub fn movable(pos: &Position, throw: Throw) -> (u32, Way) {
    Ground::of(pos).movable(throw)
}

/// What [`movable`] reads of a position whatever the throw: the side to move's pieces, the
/// opponent's guarded squares and barrier, the queue, a bound piece. For asking about several
/// throws of one position (the evaluators' "stuck" feature) without working these out again.
#[derive(Clone, Copy, Debug)]
pub struct Ground {
    rules: &'static Rules,
    me: u32,
    opp: u32,
    occupied: u32,
    only: u32,
    guarded: u32,
    wall: u32,
    queued: u32,
}

impl Ground {
    /// The throw-independent part of [`movable`] for the side to move in `pos`.
    #[inline]
    pub fn of(pos: &Position) -> Ground {
        let rules = pos.variant.rules();
        let side = pos.to_move;
        let me = pos.boards[side.index()];
        let opp = pos.boards[side.other().index()];
        let occupied = me | opp;
        let only = match rules.holding_water() {
            Some((_, _, rescue, _)) if pos.bound(side) => bit(rescue),
            _ => u32::MAX,
        };
        Ground {
            rules,
            me,
            opp,
            occupied,
            only,
            guarded: guarded(pos, side.other()),
            wall: barrier(opp, rules),
            // Pieces on 1..=queue wait while the square after them is taken (Jequier).
            queued: (occupied >> 1) & span(1, rules.queue),
        }
    }

    /// [`movable`] for `throw`.
    #[inline]
    pub fn movable(&self, throw: Throw) -> (u32, Way) {
        let Ground {
            rules,
            me,
            opp,
            occupied,
            only,
            guarded,
            wall,
            queued,
        } = *self;
        let d = throw.distance();
        if let Some((water, off, rescue, _)) = rules.holding_water() {
            if me & bit(water) != 0 {
                // A piece in the water: nothing else moves; a throw of `off` bears it off, any
                // other throw sends it back to the rescue square if that is empty.
                return if d == off {
                    (bit(water), Way::Forward)
                } else if occupied & bit(rescue) == 0 {
                    (bit(water), Way::Rescue(rescue))
                } else {
                    (0, Way::Forward)
                };
            }
        }
        // Forward: target s+d must not hold an own or a protected piece; nothing of the barrier
        // in s+1..=s+d. Targets past 30 hold nothing, so bearing off needs only the barrier test.
        let mut stop = blocked_forward(wall, d) | (me >> d) | (guarded >> d) | queued;
        if rules.gate != 0 {
            // Behind the gate, a move may not go beyond it (Kendall: land on 26 first).
            stop |= span(rules.gate.saturating_sub(d) + 1, rules.gate - 1);
        }
        // Exact-only squares: every move but the exact bearing off is refused.
        stop |= rules.exact_off & !bit(OFF.saturating_sub(d));
        if me & !span(rules.home_from, LAST) != 0 {
            // Not everything home: no bearing off (no rule set since SJ5 of issue 30; the
            // last-row reading of Jequier is `home_from` 21).
            stop |= span(OFF.saturating_sub(d), LAST);
        }
        let forward = me & only & !stop;
        if forward != 0 {
            return (forward, Way::Forward);
        }
        // Backward: the same tests mirrored, and the target must be square 1 or above.
        let below_one = (bit(d + 1)) - 1;
        let taken = if rules.backward_capture { guarded } else { opp };
        let backward = me
            & only
            & !(blocked_backward(wall, d)
                | (me << d)
                | (taken << d)
                | below_one
                | rules.no_backward
                | queued);
        (backward, Way::Backward)
    }
}

/// Writes every legal move of the side to move for `throw` into `out` (cleared first), lowest
/// starting square first; a single pass when nothing is legal; nothing when the game is over.
#[inline]
pub fn legal_moves(pos: &Position, throw: Throw, out: &mut MoveList) {
    out.clear();
    if pos.winner().is_some() {
        return;
    }
    let (from, way) = movable(pos, throw);
    let d = throw.distance();
    if from == 0 {
        // Cannot fail: the list is empty and holds MAX_MOVES >= 1.
        let _ = out.push(Move::pass(throw));
        return;
    }
    for s in squares(from) {
        let to = match way {
            Way::Backward => s - d,
            Way::Rescue(r) => r,
            Way::Forward if s + d > LAST => OFF,
            Way::Forward => s + d,
        };
        // Cannot fail: at most 5 own pieces, one move each (MAX_MOVES).
        let _ = out.push(Move::step(throw, s, to));
    }
}

#[cfg(test)]
mod tests {
    use super::super::side::Side;
    use super::super::variant::Variant;
    use super::*;

    fn pos(a: &[u8], b: &[u8], to_move: Side) -> Position {
        let board = |s: &[u8]| s.iter().fold(0u32, |acc, &q| acc | bit(q));
        Position::new(Variant::Wiibrew2009, board(a), board(b), to_move).expect("valid position")
    }

    fn moves(p: &Position, d: u8) -> std::vec::Vec<(u8, u8)> {
        let mut out = MoveList::new();
        legal_moves(p, Throw::from_distance(d).expect("throw"), &mut out);
        out.iter().map(|m| (m.from(), m.to())).collect()
    }

    #[test]
    fn opening_throw_of_one_moves_the_front_piece_or_breaks_a_pair() {
        let p = Position::start(Variant::Wiibrew2009, Side::A);
        // A on 1,3,5,7,9 with B on 2..10: every B piece is protected except none (2..10 even
        // squares are not adjacent to each other), so A may capture any lone B piece.
        assert_eq!(moves(&p, 1), [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]);
    }

    #[test]
    fn pass_is_the_only_choice_when_nothing_moves() {
        // A's only piece on 1; B holds 2,3,4 (a barrier) and 5: no forward move; no backward.
        let p = pos(&[1], &[2, 3, 4, 5, 7], Side::A);
        for d in [1, 2, 3, 4, 6] {
            assert_eq!(moves(&p, d), [(0, 0)], "throw {d}");
        }
    }

    #[test]
    fn finished_game_has_no_moves() {
        let p = pos(&[], &[5], Side::B);
        assert!(moves(&p, 2).is_empty());
    }
}
