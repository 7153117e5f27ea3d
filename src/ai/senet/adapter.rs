//! Senet as a [`RaceGame`]: the adapter over `games::senet` (positions, the five stick throws
//! with their weights out of 16, moves, extra throws through `side_to_move`) and the features
//! the heuristic weighs. Features only read the public position; they never change rules.
//! Phases: 0 opening (rearmost piece still in the first row), 1 middle game (contact), 2 home
//! run (no contact left: a pure race).

use crate::games::senet::{self, Move, MoveList, Position, Side, Throw, Variant};

use crate::ai::eval::{Evaluator, Weights};
use crate::ai::game::{FeatureVec, RaceGame, MAX_FEATURES, PHASES};
use crate::ai::player::{Level, Profile};
use crate::ai::search::{Budget, NO_MARGIN};
use crate::ai::selfplay::Playable;
use crate::ai::senet_heuristic_net;
use crate::ai::senet_net;
use crate::ai::tuned_weights;

/// Feature indices (see [`Senet::features`]).
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

/// The senet game as the players see it. Positions carry their rule set, so one `Senet` plays
/// every rule set; self-play and tournaments pass the one to start from as a value
/// (`Playable::Rules` is `Variant`).
pub struct Senet;

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

impl RaceGame for Senet {
    type Pos = Position;
    type Chance = Throw;
    type Turn = Move;
    type Side = Side;
    type Scratch = MoveList;
    type Memo = crate::ai::senet_net_memo::Memo;

    fn chances(pos: &Position) -> &'static [(Throw, u32)] {
        &pos.variant().rules().outcomes
    }

    fn turns<'s>(out: &'s mut MoveList, pos: &Position, throw: &Throw) -> &'s [Move] {
        senet::legal_moves(pos, *throw, out);
        out
    }

    fn listed(out: &MoveList) -> &[Move] {
        out
    }

    fn apply(pos: &Position, turn: &Move) -> Position {
        senet::apply(pos, *turn)
    }

    fn to_move(pos: &Position) -> Side {
        pos.side_to_move()
    }

    fn winner(pos: &Position) -> Option<Side> {
        pos.winner()
    }

    fn rules_eval(pos: &Position, side: Side) -> Option<i32> {
        senet_heuristic_net::for_variant(pos.variant()).map(|net| net.value(pos, side))
    }

    fn learned(pos: &Position, side: Side) -> Option<i32> {
        senet_net::for_variant(pos.variant()).map(|net| net.value(pos, side))
    }

    fn learned_memo(memo: &mut Self::Memo, pos: &Position, side: Side) -> Option<i32> {
        crate::ai::senet_net_memo::value(memo, pos, side)
    }

    fn first_learned(pos: &Position, side: Side) -> Option<i32> {
        if senet_net::first_levels_use(pos.variant()) {
            Self::learned(pos, side)
        } else {
            None
        }
    }

    fn first_learned_memo(memo: &mut Self::Memo, pos: &Position, side: Side) -> Option<i32> {
        if senet_net::first_levels_use(pos.variant()) {
            Self::learned_memo(memo, pos, side)
        } else {
            None
        }
    }

    fn features(pos: &Position, side: Side, out: &mut FeatureVec) -> usize {
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
}

const fn phase(w: [i32; feature::COUNT]) -> [i32; MAX_FEATURES] {
    let mut out = [0; MAX_FEATURES];
    let mut i = 0;
    while i < feature::COUNT {
        out[i] = w[i];
        i += 1;
    }
    out
}

/// The hand-set weights: pips, off, protected, exposure, blocking, water, rear, home, tempo,
/// gate, stuck (the last two are Kendall's, unused by these weights).
pub const HAND: Weights = Weights {
    phase: [
        phase([4, 24, 6, 2, 3, 1, 1, 4, 10, 0, 0]),
        phase([4, 24, 6, 2, 4, 1, 1, 4, 10, 0, 0]),
        phase([5, 30, 0, 0, 0, 1, 2, 6, 12, 0, 0]),
        [0; MAX_FEATURES],
    ],
    squash: 160,
};

const _: () = assert!(PHASES >= 3);

impl Profile for Senet {
    const HAND: Weights = HAND;
    const TUNED: Weights = tuned_weights::SENET;
    const SEARCH: Weights = tuned_weights::SENET;

    // The heuristic of a rule set with one of its own (Kendall: the small network of
    // `senet_heuristic_net`, trained by `tools/tune senet-td --hidden N`) uses it; the others
    // the hand-set weights.
    fn heuristic() -> Evaluator {
        Evaluator::ByRules(HAND)
    }

    // The first levels search Kendall's rules with its network, the others with the tuned
    // weights, as they did before those rule sets had networks (`Senet::first_learned`).
    fn search() -> Evaluator {
        Evaluator::FirstLearned(tuned_weights::SENET)
    }

    fn budget(level: Level) -> Budget {
        match level {
            Level::Easy => Budget {
                nodes: 2_000,
                depth: 1,
                widths: [3, 2, 1, 1],
                inner_width: 2,
                margin: NO_MARGIN,
            },
            Level::Normal => Budget {
                nodes: 20_000,
                depth: 2,
                widths: [5, 3, 2, 1],
                inner_width: 3,
                margin: NO_MARGIN,
            },
            Level::Hard => Budget {
                nodes: 300_000,
                depth: 3,
                widths: [5, 5, 3, 1],
                inner_width: 5,
                margin: NO_MARGIN,
            },
        }
    }

    fn greedy(out: &mut MoveList, pos: &Position, throw: &Throw) -> Option<Move> {
        crate::ai::senet_greedy::choose(out, pos, *throw)
    }

    fn level(level: Level) -> (Evaluator, Budget) {
        // The second senet levels (issue 13; docs/ai.md, Strength of the new levels): every
        // rule set has a network (`senet_net::for_variant`), and a step up is a better
        // evaluator or a throw deeper, never a bigger node count, so Hard fits a few frames.
        match level {
            // The rule set's own heuristic at 0-ply: the fitted weights (WiiBrew 2009,
            // Jequier); Kendall's small network.
            Level::Easy => (Evaluator::ByRules(tuned_weights::SENET), Budget::STATIC),
            // The rule set's network at 0-ply.
            Level::Normal => (Evaluator::Learned(tuned_weights::SENET), Budget::STATIC),
            // The network two throws deep (own move, the opponent's five throws and answers),
            // capped at HARD_NODES.
            Level::Hard => (Evaluator::Learned(tuned_weights::SENET), HARD),
        }
    }
}

/// Node cap of senet Hard: the largest decision of 2 000 games of each rule set searches
/// 989-1 159 nodes, so the cap only bounds the worst case (about two frames on the Wii).
pub const HARD_NODES: u64 = 1_500;

/// Senet Hard's search: two chance layers, the 5 best turns at the first, 3 at the second,
/// the 3 best answers of an inner choice.
pub const HARD: Budget = Budget {
    nodes: HARD_NODES,
    depth: 2,
    widths: [5, 3, 1, 1],
    inner_width: 3,
    margin: NO_MARGIN,
};

impl Playable for Senet {
    type Rules = Variant;
    const SIDES: [Side; 2] = [Side::A, Side::B];
    fn start(rules: Variant, first: Side) -> Position {
        Position::start(rules, first)
    }
}
