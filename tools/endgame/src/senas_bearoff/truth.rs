//! The senas bear-off table as truth for the benchmark ([`crate::rollout::Exact`]): where both
//! sides have every piece in their own sena 4 or off (then no piece can meet the other side's
//! again, [`no_contact`]), the side to move wins with P(its turns <= the other's) from the
//! one-sided distributions. A pending gift is played first, its final chosen to maximise that
//! value. The benchmark's [`Bearoff`] looks one roll deeper (`lookahead.rs`). A tute's unused
//! sixes waiting in `outgoing` (only from a tute played before the bear-off) would hand the
//! opponent a gift the one-sided model has no place for: not covered. Reads the rules'
//! generator; never changes the game.

use std::cell::RefCell;

use heapless::Vec as Turns;
use senas_senet::ai::senas_game::Senas;
use senas_senet::games::senas::{apply, Position, Roll, Turn, TurnGen, MAX_TURNS};

use super::index::{placement, Placement};
use super::lookahead::deeper;
use super::table::Table;
use crate::rollout::Exact;

/// True when no piece can ever land on (or be blocked by) a piece of the other side again:
/// every White piece on the board stands on a higher hole than every Black piece (White travels
/// up, Black down, so they have passed each other for good). Borne-off pieces do not count.
pub fn no_contact(pos: &Position) -> bool {
    let board = pos.board();
    let lowest_white = board.iter().position(|&c| c > 0);
    let highest_black = board.iter().rposition(|&c| c < 0);
    match (lowest_white, highest_black) {
        (Some(w), Some(b)) => b < w,
        _ => true,
    }
}

/// Both sides' placements (mover first) when both bear off (every piece in sena 4 or off).
pub fn bearing_off(pos: &Position) -> Option<(Placement, Placement)> {
    let me = pos.side_to_move();
    Some((placement(pos.army(me))?, placement(pos.army(me.other()))?))
}

/// The win probability of the side to move in `pos` by the table: 1 or 0 once won; the table's
/// value when both bear off, no gift is pending and no tute sixes wait; after playing a pending
/// gift (the final that maximises the table's value) otherwise. `None` where not covered.
pub fn value(table: &Table, gen: &mut Gen, pos: &Position) -> Option<f64> {
    let me = pos.side_to_move();
    if let Some(w) = pos.winner() {
        return Some(if w == me { 1.0 } else { 0.0 });
    }
    if !pos.outgoing().is_empty() {
        return None;
    }
    let (mine, theirs) = bearing_off(pos)?;
    if pos.gift().is_empty() {
        return table.win(&mine, &theirs);
    }
    let mut best: Option<f64> = None;
    for next in gen.parts(pos, None)? {
        let v = if next.winner() == Some(me) {
            1.0
        } else {
            table.win(&placement(next.army(me))?, &theirs)?
        };
        best = Some(best.map_or(v, |b: f64| b.max(v)));
    }
    best
}

/// The generator and its list, for the gift parts (and the look-ahead's rolls).
pub struct Gen {
    gen: Box<TurnGen>,
    turns: Box<Turns<Turn, MAX_TURNS>>,
}

impl Gen {
    /// The positions after each legal part of the side to move in `pos`: after `roll`, or the
    /// pending gift when `roll` is `None`. `None` if the generator overflows.
    pub fn parts(&mut self, pos: &Position, roll: Option<&Roll>) -> Option<Vec<Position>> {
        match roll {
            Some(r) => self.gen.legal_turns(pos, r, &mut self.turns),
            None => self.gen.legal_gift_turns(pos, &mut self.turns),
        }
        .ok()?;
        Some(self.turns.iter().map(|t| apply(pos, t)).collect())
    }
}

impl Default for Gen {
    fn default() -> Self {
        Gen {
            gen: Box::new(TurnGen::new()),
            turns: Box::new(Turns::new()),
        }
    }
}

thread_local! {
    static GEN: RefCell<Option<Gen>> = const { RefCell::new(None) };
}

/// The table as the benchmark's truth for senas: one roll over the table
/// ([`deeper`], nearer the exact value than the table alone).
pub struct Bearoff(pub Table);

impl Exact<Senas> for Bearoff {
    fn exact(&self, pos: &Position) -> Option<f64> {
        if pos.winner().is_some() || bearing_off(pos).is_none() {
            return None;
        }
        GEN.with(|g| {
            let mut g = g.borrow_mut();
            let gen = g.get_or_insert_with(Gen::default);
            deeper(&self.0, gen, pos)
        })
    }
}
