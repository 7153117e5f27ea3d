//! Solving the endgame tables: the win probability of the side to move for every entry of a
//! [`Layout`], by Gauss-Seidel value iteration over the Bellman equation of the game
//! (expectation over the variant's stick throws, the mover's best legal move after each).
//!
//! Pieces borne off never come back, so the layers are solved in order of the pieces left:
//! a group {(a, b), (b, a)} reads only itself and groups with fewer pieces, already solved.
//! Within a group, swaps, backward moves, the water and passes make cycles; the group is swept
//! until the largest change of a sweep is below the tolerance. A throw whose only move is a
//! pass that keeps the throw (the same position, the same side) is solved exactly instead of
//! iterated: V = rest / (1 - p_self). Pure functions over the library's rules.

use senas_senet::games::senet::{apply, legal_moves, Move, MoveList, Position};

use crate::index::{Entry, Layout};

/// A solved table: the layout and each entry's win probability for the side to move (0 for
/// entries that name no position).
#[derive(Clone, Debug)]
pub struct Table {
    /// Where each position sits.
    pub layout: Layout,
    /// Win probability of the side to move, per entry.
    pub values: Vec<f64>,
}

/// What a solve did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// Entries that name a position.
    pub positions: usize,
    /// Sweeps over all groups.
    pub sweeps: usize,
    /// Largest change in the last sweep of any group.
    pub last_delta: f64,
}

impl Table {
    /// The win probability of the side to move in `pos` (1 or 0 for a finished game), or None
    /// when the position has more pieces than the table.
    pub fn value(&self, pos: &Position) -> Option<f64> {
        if let Some(w) = pos.winner() {
            return Some(if w == pos.side_to_move() { 1.0 } else { 0.0 });
        }
        let i = self.layout.index(Layout::entry_of(pos))?;
        Some(self.values[i])
    }

    /// The win probability, for the side that plays it, of `mv` in `pos`.
    pub fn after(&self, pos: &Position, mv: Move) -> Option<f64> {
        after(&self.layout, &self.values, pos, mv)
    }
}

/// The mover's win probability after `mv`, read from `values`.
fn after(layout: &Layout, values: &[f64], pos: &Position, mv: Move) -> Option<f64> {
    let me = pos.side_to_move();
    let next = apply(pos, mv);
    if next.winner() == Some(me) {
        return Some(1.0);
    }
    let v = values[layout.index(Layout::entry_of(&next))?];
    Some(if next.side_to_move() == me { v } else { 1.0 - v })
}

/// One Bellman backup of `pos` against `values`.
fn backup(layout: &Layout, values: &[f64], pos: &Position) -> f64 {
    let mut list = MoveList::new();
    let mut rest = 0.0;
    let mut selfw = 0u32;
    let mut total = 0u32;
    for &(t, w) in &pos.variant().rules().outcomes {
        total += w;
        legal_moves(pos, t, &mut list);
        if let [only] = list.as_slice() {
            let next = apply(pos, *only);
            if next == *pos {
                selfw += w;
                continue;
            }
        }
        let mut best = 0.0f64;
        for &mv in list.iter() {
            // Every successor of a table position is in the table or finished.
            let v = after(layout, values, pos, mv).unwrap_or(0.0);
            if v > best {
                best = v;
            }
        }
        rest += f64::from(w) * best;
    }
    if selfw >= total {
        return 0.0; // never: a throw of 2 always ends the turn
    }
    rest / f64::from(total - selfw)
}

/// The positions of layer (a, b), with their indices.
fn layer_positions(layout: &Layout, a: usize, b: usize) -> Vec<(usize, Position)> {
    layout
        .layer(a, b)
        .filter_map(|i| {
            let e: Entry = layout.entry(i)?;
            Some((i, layout.position(e)?))
        })
        .collect()
}

/// Solves every entry of `layout`, sweeping each group until its largest change is below
/// `tolerance`; `progress` hears (a, b, sweeps, delta) after each group.
pub fn solve(layout: Layout, tolerance: f64, mut progress: impl FnMut(usize, usize, usize, f64)) -> (Table, Stats) {
    let mut values = vec![0.0f64; layout.len()];
    let mut stats = Stats::default();
    let n = layout.n;
    for total in 2..=2 * n {
        for a in 1..=n {
            let b = total - a;
            if b < 1 || b > n || b < a {
                continue;
            }
            let mut group = layer_positions(&layout, a, b);
            if a != b {
                group.extend(layer_positions(&layout, b, a));
            }
            // Pieces further on have higher ranks: sweep from the end so most successors are
            // already fresh.
            group.sort_by_key(|&(i, _)| core::cmp::Reverse(i));
            stats.positions += group.len();
            let mut sweeps = 0;
            loop {
                let mut delta = 0.0f64;
                for &(i, ref p) in &group {
                    let v = backup(&layout, &values, p);
                    delta = delta.max((v - values[i]).abs());
                    values[i] = v;
                }
                sweeps += 1;
                if delta < tolerance || sweeps >= 100_000 {
                    stats.last_delta = stats.last_delta.max(delta);
                    break;
                }
            }
            stats.sweeps += sweeps;
            progress(a, b, sweeps, stats.last_delta);
        }
    }
    (Table { layout, values }, stats)
}
