//! The table one roll deeper: the side to move plays each of the 56 rolls with the part that
//! is best by the table's values of the results (a tute's result with the same side to roll,
//! any other with the opponent to roll), as gnubg evaluates a race at 1-ply over its one-sided
//! database. Closer to the exact two-sided value than the table alone, since the mover's own
//! choice this turn maximises its chance to win, not its expected turns (measured:
//! `compare.rs`). A pending gift is played first, then the roll. Reads the table; changes nothing.

use senas_senet::games::senas::{Position, Roll};

use super::table::Table;
use super::truth::{bearing_off, value, Gen};

/// The win probability of the side to move by one roll over the table; `None` where the table
/// does not cover `pos` (as [`value`]).
pub fn deeper(table: &Table, gen: &mut Gen, pos: &Position) -> Option<f64> {
    let me = pos.side_to_move();
    if pos.winner().is_some() || !pos.outgoing().is_empty() {
        return value(table, gen, pos);
    }
    bearing_off(pos)?;
    if !pos.gift().is_empty() {
        let mut best: Option<f64> = None;
        for next in gen.parts(pos, None)? {
            let v = deeper(table, gen, &next)?;
            best = Some(best.map_or(v, |b: f64| b.max(v)));
        }
        return best;
    }
    let mut total = 0.0;
    for (roll, w) in Roll::outcomes() {
        let mut best: Option<f64> = None;
        for next in gen.parts(pos, Some(&roll))? {
            let v = match next.winner() {
                Some(w) => f64::from(u8::from(w == me)),
                None if next.side_to_move() == me => value(table, gen, &next)?,
                None => 1.0 - value(table, gen, &next)?,
            };
            best = Some(best.map_or(v, |b: f64| b.max(v)));
        }
        total += f64::from(w) / 216.0 * best?;
    }
    Some(total)
}
