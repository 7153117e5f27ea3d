//! The computer levels against the exact tables: endgame decisions (a position inside the
//! table and a throw with at least two legal moves) are drawn from seeded games between the
//! levels, then every level chooses at every one of them and its loss is the best move's win
//! probability minus its move's. Reported per level: the mean loss in milli-win-probability
//! per decision, the blunder rate (loss > 5%) and how often it chose a best move.
//! Deterministic for a seed; reads the rules and players, never changes them.

use rand_pcg::Pcg32;
use senas_senet::ai::senet_game::Senet;
use senas_senet::ai::{Kind, Level, Player};
use senas_senet::games::senet::{apply, legal_moves, Move, MoveList, Position, Side, Throw};

use crate::solve::Table;

/// The levels measured, weakest first.
pub const LEVELS: [Level; 4] = [Level::Beginner, Level::Easy, Level::Normal, Level::Hard];

/// A loss above this is a blunder (5% win probability).
pub const BLUNDER: f64 = 0.05;

/// Throws after which a game is abandoned.
const THROW_LIMIT: u32 = 20_000;

/// One endgame decision with a choice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// The position, its side to move to choose.
    pub pos: Position,
    /// The throw.
    pub throw: Throw,
}

/// One level's figures.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Score {
    /// Decisions measured.
    pub decisions: u32,
    /// Sum of the losses (win probability).
    pub loss: f64,
    /// Decisions losing more than [`BLUNDER`].
    pub blunders: u32,
    /// Decisions on a best move (loss below 1e-9).
    pub best: u32,
}

impl Score {
    /// Mean loss per decision in milli-win-probability.
    pub fn mean_milli(&self) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            1000.0 * self.loss / f64::from(self.decisions)
        }
    }

    /// Blunders per decision, in percent.
    pub fn blunder_pct(&self) -> f64 {
        percent(self.blunders, self.decisions)
    }

    /// Best moves per decision, in percent.
    pub fn best_pct(&self) -> f64 {
        percent(self.best, self.decisions)
    }
}

fn percent(k: u32, n: u32) -> f64 {
    if n == 0 {
        0.0
    } else {
        100.0 * f64::from(k) / f64::from(n)
    }
}

/// The loss of `mv` at `point`: the best legal move's value minus its value (None outside
/// the table).
pub fn loss(table: &Table, point: &Point, mv: Move) -> Option<f64> {
    let mut list = MoveList::new();
    legal_moves(&point.pos, point.throw, &mut list);
    let mut best = 0.0f64;
    for &m in list.iter() {
        best = best.max(table.after(&point.pos, m)?);
    }
    Some(best - table.after(&point.pos, mv)?)
}

/// The endgame decisions of `games` seeded games between every pair of levels (the pairs in
/// turn, sides and first player alternated), at most `cap` of them.
pub fn draw_points(table: &Table, games: u32, seed: u64, cap: usize) -> Vec<Point> {
    let variant = table.layout.variant;
    let rules = variant.rules();
    let pairs = crate::benchmark::PAIRS;
    let mut out = Vec::new();
    let mut list = MoveList::new();
    for g in 0..games {
        let (x, y) = pairs[g as usize % pairs.len()];
        let (la, lb) = if (g / pairs.len() as u32).is_multiple_of(2) {
            (x, y)
        } else {
            (y, x)
        };
        let gseed = seed.wrapping_mul(1_000_003).wrapping_add(u64::from(g));
        let mut players = [
            Player::new(Kind::Level(la), gseed),
            Player::new(Kind::Level(lb), gseed ^ 1),
        ];
        let first = if g.is_multiple_of(2) {
            Side::A
        } else {
            Side::B
        };
        let mut pos = Position::start(variant, first);
        let mut rng = Pcg32::new(gseed, 0x5e4e_7e4d);
        for _ in 0..THROW_LIMIT {
            if pos.winner().is_some() {
                break;
            }
            let throw = rules.sample(&mut rng);
            legal_moves(&pos, throw, &mut list);
            if list.len() >= 2 && table.value(&pos).is_some() {
                out.push(Point { pos, throw });
                if out.len() >= cap {
                    return out;
                }
            }
            let who = pos.side_to_move().index();
            let mv = players[who]
                .choose::<Senet>(&mut list, &pos, &throw)
                .unwrap_or(Move::pass(throw));
            pos = apply(&pos, mv);
        }
    }
    out
}

/// Every level's score on `points`.
pub fn score_levels(table: &Table, points: &[Point]) -> [Score; LEVELS.len()] {
    let mut scores = [Score::default(); LEVELS.len()];
    let mut list = MoveList::new();
    for (s, &level) in scores.iter_mut().zip(LEVELS.iter()) {
        let mut player = Player::new(Kind::Level(level), 7);
        for p in points {
            let Some(mv) = player.choose::<Senet>(&mut list, &p.pos, &p.throw) else {
                continue;
            };
            let Some(l) = loss(table, p, mv) else {
                continue;
            };
            s.decisions += 1;
            s.loss += l;
            if l > BLUNDER {
                s.blunders += 1;
            }
            if l < 1e-9 {
                s.best += 1;
            }
        }
    }
    scores
}
