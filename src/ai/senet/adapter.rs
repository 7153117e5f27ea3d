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

pub use super::features::feature;

/// The senet game as the players see it. Positions carry their rule set, so one `Senet` plays
/// every rule set; self-play and tournaments pass the one to start from as a value
/// (`Playable::Rules` is `Variant`).
pub struct Senet;

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
        senet_heuristic_net::for_variant(pos.variant())
            .map(|net| crate::ai::senet::net::value(net, pos, side))
    }

    fn learned(pos: &Position, side: Side) -> Option<i32> {
        senet_net::for_variant(pos.variant())
            .map(|net| crate::ai::senet::net::value(net, pos, side))
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
        super::features::features(pos, side, out)
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
