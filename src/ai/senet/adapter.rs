//! Senet as a [`RaceGame`]: the adapter over `games::senet` (positions, the five stick throws
//! with their weights out of 16, moves, extra throws through `side_to_move`), with the features
//! of `senet::features` and the evaluators a level may choose ([`SenetEval`]: linear weights,
//! a rule set's network or its small heuristic network). Reads only the public position;
//! never changes rules. The level table is `senet::levels`'s.

use crate::games::senet::{self, Move, MoveList, Position, Side, Throw, Variant};

use crate::ai::search::eval::Weights;
use crate::ai::search::game::{FeatureVec, RaceGame};
use crate::ai::selfplay::Playable;

use super::heuristic::SmallNet;
use super::memo::Memo;
use super::net::Net;

pub use super::features::feature;

/// The senet game as the players see it. Positions carry their rule set, so one `Senet` plays
/// every rule set; self-play and tournaments pass the one to start from as a value
/// (`Profile::Rules` is `Variant`).
pub struct Senet;

/// What a senet search values leaves with (chosen per rule set by the level table,
/// `senet::levels`).
#[derive(Clone, Copy)]
// The weights are inline on purpose: a search copies its evaluator once and reads the
// weights at every leaf; there is no heap to box them into.
#[allow(clippy::large_enum_variant)]
pub enum SenetEval {
    /// Weighted features ([`Weights::eval`]).
    Linear(Weights),
    /// A rule set's network (`senet::net`, through `senet::memo` in a search).
    Net(&'static Net),
    /// A rule set's small heuristic network (`senet::heuristic`).
    Small(&'static SmallNet),
}

impl From<Weights> for SenetEval {
    fn from(w: Weights) -> Self {
        SenetEval::Linear(w)
    }
}

impl RaceGame for Senet {
    type Pos = Position;
    type Chance = Throw;
    type Turn = Move;
    type Side = Side;
    type Scratch = MoveList;
    type Eval = SenetEval;
    type Memo = Memo;

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

    fn evaluate(eval: &SenetEval, pos: &Position, side: Side) -> i32 {
        match *eval {
            SenetEval::Linear(w) => w.eval::<Senet>(pos, side),
            SenetEval::Net(net) => super::net::value(net, pos, side),
            SenetEval::Small(net) => super::net::value(net, pos, side),
        }
    }

    fn evaluate_memo(eval: &SenetEval, memo: &mut Memo, pos: &Position, side: Side) -> i32 {
        match *eval {
            SenetEval::Net(net) => super::memo::value(memo, net, pos, side),
            _ => Self::evaluate(eval, pos, side),
        }
    }

    fn features(pos: &Position, side: Side, out: &mut FeatureVec) -> usize {
        super::features::features(pos, side, out)
    }
}

impl Playable for Senet {
    const SIDES: [Side; 2] = [Side::A, Side::B];
    fn start(rules: Variant, first: Side) -> Position {
        Position::start(rules, first)
    }
}
