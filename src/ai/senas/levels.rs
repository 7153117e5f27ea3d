//! The senas level table: what each player of [`Row`] evaluates with and how far it searches
//! ([`Profile::level`]), the hand-set weights, and the constants of the shipped Hard level.
//! Senas has one rule set. The only place that says which senas evaluator a player uses; must
//! not touch the rules, the features or the network's inputs.

use crate::ai::beginner::fold;
use crate::ai::player::{Level, Profile, Row};
use crate::ai::search::eval::{phase_weights, Weights};
use crate::ai::search::game::PHASES;
use crate::ai::search::{Budget, NO_MARGIN};
use crate::ai::tuned_weights;
use crate::games::senas::Position;

use super::adapter::{Senas, SenasChance, SenasEval};
use super::features::feature;

/// The hand-set weights: pips, off, gift, start, first sena, blocking, barrier, mobility,
/// rear, home, tempo, dead dice.
pub const HAND: Weights = Weights {
    phase: [
        phase_weights::<{ feature::COUNT }>([4, 8, 4, 2, 2, 2, 3, 1, 1, 2, 40, 5]),
        phase_weights::<{ feature::COUNT }>([4, 8, 4, 1, 3, 2, 3, 1, 1, 2, 40, 5]),
        phase_weights::<{ feature::COUNT }>([4, 8, 4, 0, 0, 0, 0, 0, 1, 2, 48, 5]),
        phase_weights::<{ feature::COUNT }>([4, 12, 4, 0, 0, 0, 0, 0, 1, 2, 48, 5]),
    ],
    squash: 160,
};

const _: () = assert!(PHASES >= 4);

/// The search of a first-version level (`easy-v1`, `normal-v1`, `hard-v1`), which evaluates
/// with the tuned weights.
fn first_budget(level: Level) -> Budget {
    match level {
        // No first-version Beginner (`Kind::row` plays it as Easy).
        Level::Beginner | Level::Easy => Budget {
            nodes: 5_000,
            depth: 1,
            widths: [2, 1, 1, 1],
            inner_width: 1,
            margin: NO_MARGIN,
        },
        Level::Normal => Budget {
            nodes: 30_000,
            depth: 1,
            widths: [4, 1, 1, 1],
            inner_width: 1,
            margin: NO_MARGIN,
        },
        Level::Hard => Budget {
            nodes: 150_000,
            depth: 1,
            widths: [8, 1, 1, 1],
            inner_width: 1,
            margin: NO_MARGIN,
        },
    }
}

impl Profile for Senas {
    /// Senas has one rule set (the Lorca manuscript's).
    type Rules = ();
    const HAND: Weights = HAND;

    fn rules(_: &Position) {}

    fn key(pos: &Position, chance: &SenasChance) -> u64 {
        let army = |i: usize| pos.armies[i].bits();
        let words = [
            army(0) as u64,
            (army(0) >> 64) as u64,
            army(1) as u64,
            (army(1) >> 64) as u64,
            pos.gift.bits() | pos.outgoing.bits() << 32,
            pos.to_move.index() as u64,
            match chance {
                SenasChance::Roll(i) => u64::from(*i),
                SenasChance::Gift => 0x100,
            },
        ];
        words.iter().fold(0, |k, &w| fold(k, w))
    }

    fn level(row: Row, _: ()) -> (SenasEval, Budget) {
        use SenasEval::{Linear, Net};
        match row {
            Row::Heuristic => (Linear(HAND), Budget::STATIC),
            Row::Tuned => (Linear(tuned_weights::SENAS), Budget::STATIC),
            Row::Net => (Net, Budget::STATIC),
            Row::First(level) => (Linear(tuned_weights::SENAS), first_budget(level)),
            // The hand-set heuristic at 0-ply: a fair game for a beginner.
            // (No Beginner row: `Kind::row` plays it as Easy.)
            Row::Level(Level::Beginner | Level::Easy) => (Linear(HAND), Budget::STATIC),
            // The learned evaluator at 0-ply.
            Row::Level(Level::Normal) => (Net, Budget::STATIC),
            // The learned evaluator, its best turns (up to HARD_WIDTH, those within HARD_MARGIN
            // of the best) looked at one roll deeper.
            Row::Level(Level::Hard) => (
                Net,
                Budget {
                    nodes: HARD_NODES,
                    depth: 1,
                    widths: [HARD_WIDTH, 1, 1, 1],
                    inner_width: 1,
                    margin: HARD_MARGIN,
                },
            ),
        }
    }
}

/// Most root candidates the Hard level searches one roll deeper (8 within the margin beat 3
/// without one, and Normal by more: docs/ai.md, Strength of the new levels).
pub const HARD_WIDTH: u8 = 8;
/// gnubg-style: Hard does not look deeper at a turn whose static value is more than this below
/// the best turn's (60 000 of the `WIN` scale is 3 points of winning chance). Saves nodes for
/// the decisions where many turns are close.
pub const HARD_MARGIN: i32 = 60_000;
/// Node budget of the Hard level (caps the slowest decisions). 18 000 since issue 23: at half
/// Dolphin CPU speed (about a Wii's) 40 000 made p95 1 885 ms and max 2 152 ms against the 1 s /
/// 2 s targets; Hard still beats Normal 60.4% (1 000 games, seed 5011; docs/ai.md).
pub const HARD_NODES: u64 = 18_000;
