//! The senas heuristic's features ([`crate::ai::senas::adapter::feature`]) and game phase of a
//! position, as `Senas::features` gives them to the linear weights and the learned evaluator.
//! Computed from the armies' counts as 32-bit words (`senas::words`: no 128-bit shifts on the
//! Wii) and the dice a side could use as whole masks; the integers are the ones of the first
//! version, kept as the test reference (`features/tests/reference.rs`, tests in
//! `features/tests.rs`). Reads only the public position; never changes rules.

use crate::games::senas::{Bag, Position, Side, HOLES, SENA};

use super::words::{nibble_sum, occupancy, pips, words, Words};
use crate::ai::search::game::FeatureVec;

/// Feature indices (see [`features`]).
pub mod feature {
    /// Pips still to go: opponent's minus own.
    pub const PIPS: usize = 0;
    /// Pieces borne off: own minus opponent's.
    pub const OFF: usize = 1;
    /// Pips of pending gifts (unused dice): received minus given away.
    pub const GIFT: usize = 2;
    /// Pieces still on the start hole: opponent's minus own.
    pub const START: usize = 3;
    /// Pieces in the first sena beyond the start hole (first-sena congestion): opponent's minus
    /// own.
    pub const FIRST_SENA: usize = 4;
    /// Landings denied: (opponent hole, die) pairs whose landing hole is held by the side, own
    /// minus opponent's.
    pub const BLOCKING: usize = 5;
    /// Held pairs of adjacent holes in front of the opponent (barrier pieces): own minus
    /// opponent's.
    pub const BARRIER: usize = 6;
    /// Free (hole, die) moves of the side's occupied holes (own exposure to blocking): own minus
    /// opponent's.
    pub const MOBILITY: usize = 7;
    /// Path index of the rearmost piece (24 when none): own minus opponent's.
    pub const REAR: usize = 8;
    /// Pieces in the fourth sena: own minus opponent's.
    pub const HOME: usize = 9;
    /// +1 when the side is to move (a roll in hand), -1 otherwise.
    pub const TEMPO: usize = 10;
    /// Pips of die values the side could not play at all next roll (dead dice: wasted and gifted
    /// away), opponent's minus own.
    pub const DEAD: usize = 11;
    /// Number of features in use.
    pub const COUNT: usize = 12;
}

/// Every path index of the board.
const BOARD: u32 = (1 << HOLES) - 1;
/// Paths of the first three senas (below the fourth).
const BELOW_FOURTH: u32 = (1 << (3 * SENA)) - 1;
/// Nibbles of paths 1..5 in word 0 (the first sena beyond the start hole).
const FIRST_NIBBLES: u32 = 0x00FF_FFF0;
/// Nibbles of paths 18..23 in word 2 (the fourth sena).
const FOURTH_NIBBLES: u32 = 0xFFFF_FF00;

/// What the features read of one army.
struct Side3 {
    w: Words,
    occ: u32,
    off: i32,
    fourth: bool,
}

impl Side3 {
    fn of(pos: &Position, side: Side) -> Side3 {
        let w = words(pos.army(side));
        Side3 {
            occ: occupancy(&w),
            off: (w[3] & 0xF) as i32,
            fourth: w[2] & FOURTH_NIBBLES != 0,
            w,
        }
    }
}

fn rear(occ: u32) -> i32 {
    if occ == 0 {
        HOLES as i32
    } else {
        occ.trailing_zeros() as i32
    }
}

/// Landings denied to `victim` (occupancy in its own path indices) by `holder`'s holes, given
/// as a mask in the victim's path indices: the (hole, die) pairs whose landing is held, counted
/// die by die (a hole's six landings are the bits above it).
fn blocking(victim: u32, held: u32) -> i32 {
    (1..=6)
        .map(|d| (held & (victim << d)).count_ones() as i32)
        .sum()
}

/// Adjacent held pairs in front of the victim's rearmost piece.
fn barrier(victim: u32, held: u32) -> i32 {
    if victim == 0 {
        return 0;
    }
    let ahead = held & !((1u32 << (victim.trailing_zeros() + 1)) - 1);
    (ahead & (ahead >> 1)).count_ones() as i32
}

/// Free (hole, die) moves of the mover's occupied holes against `blocked` (its path indices),
/// counted die by die; a die that takes a piece beyond the board counts as free.
fn mobility(own: u32, blocked: u32) -> i32 {
    let free = !blocked & BOARD;
    let on_board: i32 = (1..=6)
        .map(|d| ((own << d) & free).count_ones() as i32)
        .sum();
    // A piece on path q >= 18 has q - 17 of its six dice beyond the board.
    let mut beyond = 0;
    let mut v = own >> (HOLES as u32 - 6);
    while v != 0 {
        beyond += v.trailing_zeros() as i32 + 1;
        v &= v - 1;
    }
    on_board + beyond
}

/// Sum of the die values (1..=6) the army could not play at all, its holes held by the
/// opponent being `blocked` (own path indices): runner rule and bearing off included, the
/// first-sena limit left out. Each die is tried on all the movable holes at once.
fn dead_pips(a: &Side3, blocked: u32) -> i32 {
    let occ = a.occ;
    if occ == 0 {
        return 0;
    }
    let runner_rule = !a.fourth && a.off == 0;
    let movers = match (runner_rule, occ & !1) {
        (true, 0) => 1,
        (true, beyond_start) => beyond_start,
        (false, _) => occ,
    };
    let all_home = occ & BELOW_FOURTH == 0;
    let rearmost = occ.trailing_zeros();
    let rear_moves = movers & (1 << rearmost) != 0;
    let open = !blocked & BOARD;
    let mut dead = 0;
    for d in 1..=6u32 {
        let lands = (movers << d) & open != 0;
        // Bearing off: exactly from path 24 - d, or from the rearmost piece with more.
        let bears = all_home
            && (movers & (1 << (HOLES as u32 - d)) != 0
                || (rear_moves && rearmost + d > HOLES as u32));
        if !lands && !bears {
            dead += d as i32;
        }
    }
    dead
}

fn bag_pips(bag: Bag) -> i32 {
    (1..=6u8)
        .map(|d| i32::from(d) * i32::from(bag.count(d)))
        .sum()
}

/// Fills `out` with the features of `pos` seen from `side` and returns the phase.
pub fn features(pos: &Position, side: Side, out: &mut FeatureVec) -> usize {
    use feature::*;
    let opp = side.other();
    let (me, them) = (Side3::of(pos, side), Side3::of(pos, opp));
    // Each side's holes in the other's path indices.
    let my_in_theirs = side.mask_to_other(me.occ);
    let their_in_mine = opp.mask_to_other(them.occ);
    out[PIPS] = pips(&them.w) - pips(&me.w);
    out[OFF] = me.off - them.off;
    let pending = bag_pips(pos.gift());
    let outgoing = bag_pips(pos.outgoing());
    let (to_me, to_them) = if pos.side_to_move() == side {
        (pending, outgoing)
    } else {
        (outgoing, pending)
    };
    out[GIFT] = to_me - to_them;
    out[START] = (them.w[0] & 0xF) as i32 - (me.w[0] & 0xF) as i32;
    out[FIRST_SENA] = nibble_sum(them.w[0] & FIRST_NIBBLES) - nibble_sum(me.w[0] & FIRST_NIBBLES);
    out[BLOCKING] = blocking(them.occ, my_in_theirs) - blocking(me.occ, their_in_mine);
    out[BARRIER] = barrier(them.occ, my_in_theirs) - barrier(me.occ, their_in_mine);
    out[MOBILITY] = mobility(me.occ, their_in_mine) - mobility(them.occ, my_in_theirs);
    out[REAR] = rear(me.occ) - rear(them.occ);
    out[HOME] = nibble_sum(me.w[2] & FOURTH_NIBBLES) - nibble_sum(them.w[2] & FOURTH_NIBBLES);
    out[TEMPO] = if pos.side_to_move() == side { 1 } else { -1 };
    out[DEAD] = dead_pips(&them, my_in_theirs) - dead_pips(&me, their_in_mine);
    phase(&me, their_in_mine)
}

/// Runner 0, development 1, race 2, bear-off 3 (see `senas::adapter`'s module doc).
fn phase(me: &Side3, their_in_mine: u32) -> usize {
    if me.occ & BELOW_FOURTH == 0 {
        return 3;
    }
    // No contact: every opponent hole is behind (in my path indices) my rearmost piece.
    let contact =
        their_in_mine != 0 && (31 - their_in_mine.leading_zeros()) > me.occ.trailing_zeros();
    if !contact {
        return 2;
    }
    if !me.fourth && me.off == 0 {
        0
    } else {
        1
    }
}

#[cfg(test)]
mod tests;
