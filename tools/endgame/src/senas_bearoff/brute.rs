//! Exact two-sided expectimax over the real senas rules for small bear-off positions, to
//! measure the one-sided table against: both armies, the side to move, a pending gift, tute
//! re-rolls, every part listed by the game's own generator and applied by its `apply`, each
//! side choosing the part that maximises its own win probability. Acyclic: every part of a
//! bear-off moves a piece forward or off (checked: the mover's pips fall at every part, else an
//! error), so plain memoised recursion terminates. Small positions only (every state is stored).

use std::collections::HashMap;

use heapless::Vec as Turns;
use senas_senet::games::senas::{apply, Position, Roll, Side, Turn, TurnGen, MAX_TURNS};

use super::index::{self, placement};

/// The exact win probabilities found so far, with the generator.
pub struct Brute {
    gen: Box<TurnGen>,
    turns: Box<Turns<Turn, MAX_TURNS>>,
    memo: HashMap<Position, f64>,
}

impl Default for Brute {
    fn default() -> Self {
        Brute {
            gen: Box::new(TurnGen::new()),
            turns: Box::new(Turns::new()),
            memo: HashMap::new(),
        }
    }
}

/// The mover's pips to bear off; an error outside a bear-off.
fn pips(pos: &Position, side: Side) -> Result<usize, String> {
    placement(pos.army(side))
        .map(|p| index::pips(&p))
        .ok_or(format!("{pos}: {side:?} is not bearing off"))
}

impl Brute {
    /// States solved.
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// The exact win probability of the side to move in `pos` (both sides bearing off).
    pub fn value(&mut self, pos: &Position) -> Result<f64, String> {
        let me = pos.side_to_move();
        if let Some(w) = pos.winner() {
            return Ok(if w == me { 1.0 } else { 0.0 });
        }
        if let Some(&v) = self.memo.get(pos) {
            return Ok(v);
        }
        let v = if pos.gift().is_empty() {
            let mut v = 0.0;
            for (roll, w) in Roll::outcomes() {
                v += f64::from(w) / 216.0 * self.best(pos, Some(&roll))?;
            }
            v
        } else {
            self.best(pos, None)?
        };
        self.memo.insert(*pos, v);
        Ok(v)
    }

    /// The best part's value for the side to move: after `roll`, or the pending gift.
    fn best(&mut self, pos: &Position, roll: Option<&Roll>) -> Result<f64, String> {
        let me = pos.side_to_move();
        let before = pips(pos, me)?;
        match roll {
            Some(r) => self.gen.legal_turns(pos, r, &mut self.turns),
            None => self.gen.legal_gift_turns(pos, &mut self.turns),
        }
        .map_err(|e| format!("{pos}: {e:?}"))?;
        let next: Vec<Position> = self.turns.iter().map(|t| apply(pos, t)).collect();
        let mut best: Option<f64> = None;
        for n in &next {
            let v = match n.winner() {
                Some(w) => f64::from(u8::from(w == me)),
                None => {
                    if pips(n, me)? >= before {
                        return Err(format!("{pos}: a part to {n} moved nothing"));
                    }
                    let v = self.value(n)?;
                    if n.side_to_move() == me {
                        v
                    } else {
                        1.0 - v
                    }
                }
            };
            best = Some(best.map_or(v, |b: f64| b.max(v)));
        }
        best.ok_or(format!("{pos}: no legal part"))
    }
}
