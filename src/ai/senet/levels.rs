//! The senet level table: what each player of [`Row`] evaluates with and how far it searches
//! under each rule set ([`Profile::level`]), the hand-set weights, and the shipped Hard
//! search. The only place that says which senet evaluator a player uses; must not touch the
//! rules, the features or the networks' inputs.

use crate::ai::beginner::fold;
use crate::ai::player::{Level, Profile, Row};
use crate::ai::search::eval::{phase_weights, Weights};
use crate::ai::search::game::{MAX_FEATURES, PHASES};
use crate::ai::search::{Budget, NO_MARGIN};
use crate::ai::tuned_weights;
use crate::games::senet::{Move, MoveList, Position, Throw, Variant};

use super::adapter::{Senet, SenetEval};
use super::features::feature;
use super::{endgame, greedy, heuristic, net};

/// The hand-set weights: pips, off, protected, exposure, blocking, water, rear, home, tempo,
/// gate, stuck (the last two are Kendall's, unused by these weights).
pub const HAND: Weights = Weights {
    phase: [
        phase_weights::<{ feature::COUNT }>([4, 24, 6, 2, 3, 1, 1, 4, 10, 0, 0]),
        phase_weights::<{ feature::COUNT }>([4, 24, 6, 2, 4, 1, 1, 4, 10, 0, 0]),
        phase_weights::<{ feature::COUNT }>([5, 30, 0, 0, 0, 1, 2, 6, 12, 0, 0]),
        [0; MAX_FEATURES],
    ],
    squash: 160,
};

const _: () = assert!(PHASES >= 3);

/// The search of a first-version level (`easy-v1`, `normal-v1`, `hard-v1`).
fn first_budget(level: Level) -> Budget {
    match level {
        // No first-version Beginner (`Kind::row` plays it as Easy).
        Level::Beginner | Level::Easy => Budget {
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

/// A rule set's small heuristic network, these weights where it has none.
fn heuristic_or(v: Variant, w: Weights) -> SenetEval {
    heuristic::for_variant(v).map_or(SenetEval::Linear(w), SenetEval::Small)
}

/// A rule set's network, these weights where it has none.
fn net_or(v: Variant, w: Weights) -> SenetEval {
    net::for_variant(v).map_or(SenetEval::Linear(w), SenetEval::Net)
}

/// The network a rule set's Hard searches with, these weights where it has none.
fn hard_net_or(v: Variant, w: Weights) -> SenetEval {
    net::hard_for_variant(v).map_or(SenetEval::Linear(w), SenetEval::Net)
}

impl Profile for Senet {
    type Rules = Variant;
    const HAND: Weights = HAND;

    fn rules(pos: &Position) -> Variant {
        pos.variant()
    }

    fn level(row: Row, v: Variant) -> (SenetEval, Budget) {
        let tuned = tuned_weights::SENET;
        match row {
            // The heuristic of a rule set with one of its own (Kendall: the small network,
            // trained by `tools/tune senet-td --hidden N`); the others the hand-set weights.
            Row::Heuristic => (heuristic_or(v, HAND), Budget::STATIC),
            Row::Tuned => (SenetEval::Linear(tuned), Budget::STATIC),
            Row::Net => (net_or(v, tuned), Budget::STATIC),
            // The first levels search Kendall's rules with its network, the others with the
            // tuned weights, as they did before those rule sets had networks.
            Row::First(level) => {
                let eval = if net::first_levels_use(v) {
                    net_or(v, tuned)
                } else {
                    SenetEval::Linear(tuned)
                };
                (eval, first_budget(level))
            }
            // The second senet levels (issue 13; docs/ai.md, Strength of the new levels): every
            // rule set has a network, and a step up is a better evaluator or a throw deeper,
            // never a bigger node count, so Hard fits a few frames.
            // Easy: the rule set's own heuristic at 0-ply: the fitted weights (WiiBrew 2009,
            // Jequier); Kendall's small network.
            Row::Level(Level::Beginner | Level::Easy) => (heuristic_or(v, tuned), Budget::STATIC),
            // Normal: the rule set's network at 0-ply.
            Row::Level(Level::Normal) => (net_or(v, tuned), Budget::STATIC),
            // Hard: the network two throws deep (own move, the opponent's five throws and
            // answers), capped at HARD_NODES; under Jequier's rules a network of its own
            // (issue 30: `net::hard_for_variant`).
            Row::Level(Level::Hard) => (hard_net_or(v, tuned), HARD),
        }
    }

    fn key(pos: &Position, throw: &Throw) -> u64 {
        let words = [
            u64::from(pos.boards[0]),
            u64::from(pos.boards[1]),
            u64::from(pos.off[0]) | u64::from(pos.off[1]) << 8 | u64::from(pos.bound) << 16,
            pos.to_move.index() as u64 | (pos.variant.index() as u64) << 8,
            u64::from(throw.distance()),
        ];
        words.iter().fold(0, |k, &w| fold(k, w))
    }

    fn greedy(out: &mut MoveList, pos: &Position, throw: &Throw) -> Option<Move> {
        greedy::choose(out, pos, *throw)
    }

    fn exact(pos: &Position) -> Option<u16> {
        endgame::permille(pos)
    }

    fn exact_turn(out: &mut MoveList, pos: &Position, throw: &Throw) -> Option<Move> {
        endgame::best(out, pos, *throw)
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

#[cfg(test)]
mod tests;
