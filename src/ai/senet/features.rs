//! The senet heuristic's features of a position and its game phase, as the adapter gives them
//! to the linear weights and the networks read them (`senet::net`, `senet::memo`): pips, pieces
//! off, protection, exposure, barriers, the water, the rearmost piece, home, tempo and
//! Kendall's gate. Reads only the public position and its rule set's `Rules` table; never
//! changes rules, and imports nothing of the players but the feature vector's type.

use crate::games::senet::{self, Position, Side, Throw};

use crate::ai::search::game::FeatureVec;

/// Feature indices (see [`features`]).
pub mod feature {
    /// Pips still to go: opponent's minus own (squares to travel to bear every piece off).
    pub const PIPS: usize = 0;
    /// Pieces borne off: own minus opponent's.
    pub const OFF: usize = 1;
    /// Protected pieces (safe square or own neighbour): own minus opponent's.
    pub const PROTECTED: usize = 2;
    /// Exposure in sixteenths: chance-weighted forward hits on unprotected pieces, opponent's
    /// minus own.
    pub const EXPOSURE: usize = 3;
    /// Pieces in barriers (three or more in a row) with enemy pieces behind: own minus opponent's.
    pub const BLOCKING: usize = 4;
    /// Danger of the square of water in sixteenths: throws that land a piece on 27, opponent's
    /// minus own.
    pub const WATER: usize = 5;
    /// Square of the rearmost piece (31 when none left): own minus opponent's.
    pub const REAR: usize = 6;
    /// Pieces on the last five squares (26..30): own minus opponent's.
    pub const HOME: usize = 7;
    /// +1 when the side is to move, -1 otherwise (a throw in hand, maybe an extra one).
    pub const TEMPO: usize = 8;
    /// Rule sets with a gate (Kendall 26): sixteenths of throws that cannot take a piece in
    /// front of the gate exactly onto it, summed over those pieces, opponent's minus own.
    pub const GATE: usize = 9;
    /// Rule sets with a gate: sixteenths of the next throw that leave the side no forward move
    /// (a backward move, a lost throw or a throw spent in the water), opponent's minus own.
    pub const STUCK: usize = 10;
    /// Number of features in use.
    pub const COUNT: usize = 11;
}

const LAST: u32 = senet::LAST as u32;

fn pips(mut board: u32) -> i32 {
    let mut sum = 0;
    while board != 0 {
        sum += (LAST + 1 - board.trailing_zeros()) as i32;
        board &= board - 1;
    }
    sum
}

fn protected(board: u32, safe: u32) -> u32 {
    board & (safe | (board << 1) | (board >> 1))
}

/// Chance-weighted (out of 16) forward hits by `attackers` on the unprotected pieces of `board`.
fn exposure(board: u32, safe: u32, attackers: u32, outcomes: &[(Throw, u32)]) -> i32 {
    let open = board & !protected(board, safe);
    outcomes
        .iter()
        .map(|&(t, w)| (open & (attackers << t.distance())).count_ones() as i32 * w as i32)
        .sum()
}

fn barrier_pieces(board: u32, enemy: u32) -> i32 {
    let starts = board & (board >> 1) & (board >> 2);
    let run = starts | (starts << 1) | (starts << 2);
    if run == 0 || enemy & ((1u32 << run.trailing_zeros()) - 1) == 0 {
        return 0;
    }
    run.count_ones() as i32
}

fn water_risk(board: u32, water: u8, outcomes: &[(Throw, u32)]) -> i32 {
    outcomes
        .iter()
        .filter(|&&(t, _)| water > t.distance())
        .map(|&(t, w)| (board >> (water - t.distance()) & 1) as i32 * w as i32)
        .sum()
}

/// Sixteenths of throws that miss the gate exactly, over the pieces within a throw of it.
fn gate_wait(board: u32, gate: u8, outcomes: &[(Throw, u32)]) -> i32 {
    outcomes
        .iter()
        .filter(|&&(t, _)| gate > t.distance())
        .map(|&(t, w)| (board >> (gate - t.distance()) & 1) as i32 * (16 - w as i32))
        .sum()
}

/// Sixteenths of `side`'s next throw for which it has no forward move.
fn stuck(pos: &Position, side: Side) -> i32 {
    let p = pos.with_side_to_move(side);
    let ground = senet::Ground::of(&p);
    p.variant()
        .rules()
        .outcomes
        .iter()
        .filter(|&&(t, _)| !matches!(ground.movable(t), (s, senet::Way::Forward) if s != 0))
        .map(|&(_, w)| w as i32)
        .sum()
}

fn rear(board: u32) -> i32 {
    if board == 0 {
        LAST as i32 + 1
    } else {
        board.trailing_zeros() as i32
    }
}

/// Fills `out` with the features of `pos` seen from `side` and returns the game phase:
/// 0 opening (rearmost piece still in the first row), 1 middle game (contact), 2 home run (no
/// contact left: a pure race).
pub fn features(pos: &Position, side: Side, out: &mut FeatureVec) -> usize {
    use feature::*;
    let rules = pos.variant().rules();
    let (me, them) = (pos.board(side), pos.board(side.other()));
    let off = |s: Side| i32::from(pos.borne_off(s));
    // Kendall: a piece held in the water almost always goes back to the rescue square (only
    // a 4 of 16 bears it off), so its distance is counted from there.
    let (me_run, them_run) = match rules.holding_water() {
        Some((water, _, rescue, _)) => {
            let back = |b: u32| {
                if b & (1 << water) != 0 {
                    (b & !(1 << water)) | (1 << rescue)
                } else {
                    b
                }
            };
            (back(me), back(them))
        }
        None => (me, them),
    };
    out[PIPS] = pips(them_run) - pips(me_run);
    out[OFF] = off(side) - off(side.other());
    out[PROTECTED] = protected(me, rules.safe).count_ones() as i32
        - protected(them, rules.safe).count_ones() as i32;
    let o = &rules.outcomes;
    out[EXPOSURE] = exposure(them, rules.safe, me, o) - exposure(me, rules.safe, them, o);
    out[BLOCKING] = barrier_pieces(me, them) - barrier_pieces(them, me);
    if let Some(w) = rules.water {
        out[WATER] = water_risk(them, w.square, o) - water_risk(me, w.square, o);
    }
    out[REAR] = rear(me) - rear(them);
    let home = 0b11111u32 << 26;
    out[HOME] = (me_run & home).count_ones() as i32 - (them_run & home).count_ones() as i32;
    out[TEMPO] = if pos.side_to_move() == side { 1 } else { -1 };
    if rules.gate != 0 {
        out[GATE] = gate_wait(them, rules.gate, o) - gate_wait(me, rules.gate, o);
        out[STUCK] = stuck(pos, side.other()) - stuck(pos, side);
    }
    let front = |b: u32| {
        if b == 0 {
            0
        } else {
            31 - b.leading_zeros() as i32
        }
    };
    let contact = !(rear(me) > front(them) || rear(them) > front(me));
    if !contact {
        2
    } else if rear(me) <= 10 {
        0
    } else {
        1
    }
}
