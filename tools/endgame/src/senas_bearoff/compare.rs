//! The table's value against the exact two-sided expectimax ([`super::brute`]) on every bear-off
//! position with at most `k` pieces a side (White to move; Black's values are the mirror), with
//! no gift pending and with each of a few gifts pending: the largest and the mean absolute
//! error, and where the largest is; for the table and for the table one roll deeper. Reads the
//! table and the rules; changes neither.

use senas_senet::games::senas::{Bag, Position, Side};

use super::brute::Brute;
use super::index::{self, army};
use super::lookahead::deeper;
use super::table::Table;
use super::truth::{value, Gen};

/// The gifts tried besides none: one die of each value, a pair roll's worth, six sixes.
pub const GIFTS: [&[u8]; 8] = [
    &[1],
    &[2],
    &[3],
    &[4],
    &[5],
    &[6],
    &[1, 1, 1, 1, 2],
    &[6, 6, 6, 6, 6, 6],
];

/// The errors over one group of positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Errors {
    /// Positions compared.
    pub positions: usize,
    /// Largest |table - exact|.
    pub max: f64,
    /// Mean |table - exact|.
    pub mean: f64,
    /// Positions where the table is off by more than 1e-9.
    pub inexact: usize,
    /// The position of the largest error.
    pub worst: Option<Position>,
}

impl Errors {
    fn add(&mut self, pos: &Position, table: f64, exact: f64) {
        let e = (table - exact).abs();
        self.mean += (e - self.mean) / (self.positions + 1) as f64;
        self.positions += 1;
        if e > 1e-9 {
            self.inexact += 1;
        }
        if e > self.max || self.worst.is_none() {
            self.max = self.max.max(e);
            self.worst = Some(*pos);
        }
    }
}

/// The errors of the table and of the table one roll deeper.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Report {
    /// The table, no gift pending.
    pub plain: Errors,
    /// The table, one of [`GIFTS`] pending.
    pub gifted: Errors,
    /// One roll over the table ([`deeper`]), no gift pending.
    pub plain_deeper: Errors,
    /// One roll over the table, one of [`GIFTS`] pending.
    pub gifted_deeper: Errors,
    /// States the exact solver stored.
    pub states: usize,
}

/// Errors with no gift pending and with one of [`GIFTS`] pending, over every pair of non-empty
/// placements with at most `k` pieces each (`k` <= the table's pieces), of the table and of
/// the table one roll deeper.
pub fn compare(table: &Table, k: usize) -> Result<Report, String> {
    let sides: Vec<_> = index::all(k.min(table.n)).into_iter().skip(1).collect();
    let mut brute = Brute::default();
    let mut gen = Gen::default();
    let mut r = Report::default();
    for m in &sides {
        for o in &sides {
            let base = Position::from_armies(army(m), army(o), Side::White)
                .map_err(|e| format!("{m:?} {o:?}: {e}"))?;
            let t = value(table, &mut gen, &base).ok_or(format!("{base}: not covered"))?;
            let d = deeper(table, &mut gen, &base).ok_or(format!("{base}: not covered"))?;
            let exact = brute.value(&base)?;
            r.plain.add(&base, t, exact);
            r.plain_deeper.add(&base, d, exact);
            for g in GIFTS {
                let bag = Bag::from_values(g).ok_or("gift too big")?;
                let pos = base.with_gift(bag);
                let t = value(table, &mut gen, &pos).ok_or(format!("{pos}: not covered"))?;
                let d = deeper(table, &mut gen, &pos).ok_or(format!("{pos}: not covered"))?;
                let exact = brute.value(&pos)?;
                r.gifted.add(&pos, t, exact);
                r.gifted_deeper.add(&pos, d, exact);
            }
        }
    }
    r.states = brute.states();
    Ok(r)
}
