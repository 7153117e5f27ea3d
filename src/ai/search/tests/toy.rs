//! A tiny race game with chance, captures and extra turns, used only by the tests of the
//! game-independent players (search, filters, determinism) before and beside the real games.
//! Two sides, two pieces each, one shared track 1..=7 (0 = start, 8 = borne off); a die of 1, 2
//! or 3 (weights 1, 2, 1); landing on opponent pieces sends them back to 0; a 3 earns an
//! extra turn. Test-only.

use heapless::Vec;

use crate::ai::search::eval::Weights;
use crate::ai::search::game::{FeatureVec, RaceGame};

pub const OFF: u8 = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ToyPos {
    pub pieces: [[u8; 2]; 2],
    pub side: u8,
}

impl ToyPos {
    pub fn start() -> Self {
        ToyPos {
            pieces: [[0, 0], [0, 0]],
            side: 0,
        }
    }
}

pub struct Toy;

const CHANCES: [(u8, u32); 3] = [(1, 1), (2, 2), (3, 1)];

impl RaceGame for Toy {
    type Pos = ToyPos;
    type Chance = u8;
    type Turn = ToyPos;
    type Side = u8;
    type Scratch = Vec<ToyPos, 2>;
    type Eval = Weights;
    type Memo = ();

    fn chances(_pos: &ToyPos) -> &'static [(u8, u32)] {
        &CHANCES
    }

    fn listed(out: &Vec<ToyPos, 2>) -> &[ToyPos] {
        out
    }

    fn turns<'s>(out: &'s mut Vec<ToyPos, 2>, pos: &ToyPos, die: &u8) -> &'s [ToyPos] {
        out.clear();
        let me = usize::from(pos.side);
        let next_side = if *die == 3 { pos.side } else { 1 - pos.side };
        for i in 0..2 {
            let from = pos.pieces[me][i];
            if from == OFF {
                continue;
            }
            let mut p = *pos;
            let to = (from + die).min(OFF);
            p.pieces[me][i] = to;
            if to < OFF && to > 0 {
                for o in p.pieces[1 - me].iter_mut() {
                    if *o == to {
                        *o = 0;
                    }
                }
            }
            p.pieces[me].sort_unstable();
            p.side = next_side;
            if !out.contains(&p) {
                let _ = out.push(p);
            }
        }
        if out.is_empty() {
            let mut p = *pos;
            p.side = next_side;
            let _ = out.push(p);
        }
        out
    }

    fn apply(_pos: &ToyPos, turn: &ToyPos) -> ToyPos {
        *turn
    }

    fn to_move(pos: &ToyPos) -> u8 {
        pos.side
    }

    fn winner(pos: &ToyPos) -> Option<u8> {
        (0..2u8).find(|&s| pos.pieces[usize::from(s)] == [OFF, OFF])
    }

    fn evaluate(eval: &Weights, pos: &ToyPos, side: u8) -> i32 {
        eval.eval::<Toy>(pos, side)
    }

    fn features(pos: &ToyPos, side: u8, out: &mut FeatureVec) -> usize {
        let me = usize::from(side);
        let sum = |s: usize| pos.pieces[s].iter().map(|&x| i32::from(x)).sum::<i32>();
        let off = |s: usize| pos.pieces[s].iter().filter(|&&x| x == OFF).count() as i32;
        out[0] = sum(me) - sum(1 - me);
        out[1] = off(me) - off(1 - me);
        0
    }
}

use crate::ai::player::{Level, Profile, Row};
use crate::ai::search::game::{MAX_FEATURES, PHASES};
use crate::ai::search::{Budget, NO_MARGIN};

const fn toy_weights(pips: i32, off: i32) -> Weights {
    let mut phase = [[0; MAX_FEATURES]; PHASES];
    phase[0][0] = pips;
    phase[0][1] = off;
    Weights { phase, squash: 40 }
}

impl Profile for Toy {
    type Rules = ();
    const HAND: Weights = toy_weights(10, 25);
    fn rules(_: &ToyPos) {}
    fn key(pos: &ToyPos, chance: &u8) -> u64 {
        let mut k = 0;
        for side in &pos.pieces {
            for &p in side {
                k = crate::ai::beginner::fold(k, u64::from(p));
            }
        }
        crate::ai::beginner::fold(k, u64::from(pos.side) << 8 | u64::from(*chance))
    }
    fn level(row: Row, _: ()) -> (Weights, Budget) {
        let depth = match row {
            Row::Heuristic => return (Self::HAND, Budget::STATIC),
            // Tuned weights; the toy has no network, so `net` plays by them too.
            Row::Tuned | Row::Net => return (toy_weights(10, 30), Budget::STATIC),
            Row::First(Level::Beginner | Level::Easy)
            | Row::Level(Level::Beginner | Level::Easy) => 1,
            Row::First(Level::Normal) | Row::Level(Level::Normal) => 2,
            Row::First(Level::Hard) | Row::Level(Level::Hard) => 3,
        };
        let budget = Budget {
            nodes: 2000,
            depth,
            widths: [2, 2, 1, 1],
            inner_width: 2,
            margin: NO_MARGIN,
        };
        (Self::HAND, budget)
    }
}
