//! Solving the endgame tables: the win probability of the side to move for every entry of a
//! [`Layout`], by Gauss-Seidel value iteration over the Bellman equation of the game
//! (expectation over the variant's stick throws, the mover's best legal move after each).
//!
//! Pieces borne off never come back, so the layers are solved in order of the pieces left:
//! a group {(a, b), (b, a)} reads only itself and groups with fewer pieces, already solved.
//! Within a group, swaps, backward moves, the water and passes make cycles; the group is swept
//! until the largest change of a sweep is below the tolerance. A throw whose only move is a
//! pass that keeps the throw (the same position, the same side) is solved exactly instead of
//! iterated: V = rest / (1 - p_self). A group whose error shrinks at one steady slow rate is
//! extrapolated to that rate's limit ([`Extrapolation`]). Pure functions over the library's
//! rules.

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
    Some(if next.side_to_move() == me {
        v
    } else {
        1.0 - v
    })
}

/// A successor that ends the game with the mover's win.
const WIN: u32 = u32::MAX;

/// One group's positions with every throw's successors, listed once so that sweeps only add
/// numbers: per position and throw a count of moves (`SELF`: the throw's only move is a pass
/// back to the same position and side), then the successors as `index << 1 | flip` (flip: the
/// opponent moves next, so the mover's value is 1 - theirs) or [`WIN`].
struct Group {
    index: Vec<usize>,
    counts: Vec<u8>,
    succ: Vec<u32>,
}

/// The throw's only move keeps the same position and the same side to move.
const SELF: u8 = u8::MAX;

impl Group {
    fn new(layout: &Layout, mut positions: Vec<(usize, Position)>) -> Group {
        // Pieces further on have higher ranks: sweep from the end so most successors are
        // already fresh.
        positions.sort_by_key(|&(i, _)| core::cmp::Reverse(i));
        let mut g = Group {
            index: Vec::with_capacity(positions.len()),
            counts: Vec::with_capacity(5 * positions.len()),
            succ: Vec::new(),
        };
        let mut list = MoveList::new();
        for (i, pos) in positions {
            g.index.push(i);
            let me = pos.side_to_move();
            for &(t, _) in &pos.variant().rules().outcomes {
                legal_moves(&pos, t, &mut list);
                if let [only] = list.as_slice() {
                    if apply(&pos, *only) == pos {
                        g.counts.push(SELF);
                        continue;
                    }
                }
                g.counts.push(list.len() as u8);
                for &mv in list.iter() {
                    let next = apply(&pos, mv);
                    let code = if next.winner() == Some(me) {
                        WIN
                    } else {
                        // Every successor of a table position is in the table or finished.
                        let j = layout.index(Layout::entry_of(&next)).unwrap_or(0) as u32;
                        j << 1 | u32::from(next.side_to_move() != me)
                    };
                    g.succ.push(code);
                }
            }
        }
        g
    }

    /// One Gauss-Seidel sweep; the largest change.
    fn sweep(&self, weights: &[u32; 5], values: &mut [f64]) -> f64 {
        let total: u32 = weights.iter().sum();
        let mut delta = 0.0f64;
        let mut c = 0;
        let mut s = 0;
        for &i in &self.index {
            let mut rest = 0.0;
            let mut selfw = 0;
            for &w in weights {
                let n = self.counts[c];
                c += 1;
                if n == SELF {
                    selfw += w;
                    continue;
                }
                let mut best = 0.0f64;
                for &code in &self.succ[s..s + n as usize] {
                    let v = if code == WIN {
                        1.0
                    } else {
                        let v = values[(code >> 1) as usize];
                        if code & 1 == 1 {
                            1.0 - v
                        } else {
                            v
                        }
                    };
                    best = best.max(v);
                }
                s += n as usize;
                rest += f64::from(w) * best;
            }
            // A throw of 2 always ends the turn, so selfw < total.
            let v = if selfw < total {
                rest / f64::from(total - selfw)
            } else {
                0.0
            };
            delta = delta.max((v - values[i]).abs());
            values[i] = v;
        }
        delta
    }
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
/// `tolerance` (slow groups extrapolated); `progress` hears (a, b, sweeps, delta) after each
/// group.
pub fn solve(
    layout: Layout,
    tolerance: f64,
    progress: impl FnMut(usize, usize, usize, f64),
) -> (Table, Stats) {
    solve_with(layout, tolerance, true, progress)
}

/// [`solve`], with the [`Extrapolation`] of slow groups on or off (off: plain Gauss-Seidel,
/// which the tests compare it with).
pub fn solve_with(
    layout: Layout,
    tolerance: f64,
    extrapolate: bool,
    progress: impl FnMut(usize, usize, usize, f64),
) -> (Table, Stats) {
    let most = 2 * layout.n;
    solve_layers(layout, tolerance, extrapolate, most, progress)
}

/// [`solve_with`] for the groups with at most `most` pieces on the board in all; the entries
/// of larger groups stay 0 (the tests check a 3-piece table's small groups this way).
pub fn solve_layers(
    layout: Layout,
    tolerance: f64,
    extrapolate: bool,
    most: usize,
    mut progress: impl FnMut(usize, usize, usize, f64),
) -> (Table, Stats) {
    let mut values = vec![0.0f64; layout.len()];
    let mut stats = Stats::default();
    let n = layout.n;
    let weights = layout.variant.rules().outcomes.map(|(_, w)| w);
    for total in 2..=most.min(2 * n) {
        for a in 1..=n {
            let b = total.saturating_sub(a);
            if b < 1 || b > n || b < a {
                continue;
            }
            let mut positions = layer_positions(&layout, a, b);
            if a != b {
                positions.extend(layer_positions(&layout, b, a));
            }
            stats.positions += positions.len();
            let group = Group::new(&layout, positions);
            let mut sweeps = 0;
            let mut slow = Extrapolation::default();
            loop {
                if extrapolate && slow.due() {
                    slow.save(&group, &values);
                }
                let delta = group.sweep(&weights, &mut values);
                sweeps += 1;
                if delta < tolerance || sweeps >= 100_000 {
                    stats.last_delta = stats.last_delta.max(delta);
                    break;
                }
                if extrapolate {
                    slow.after(&group, delta, &mut values);
                }
            }
            stats.sweeps += sweeps;
            progress(a, b, sweeps, stats.last_delta);
        }
    }
    (Table { layout, values }, stats)
}

/// Speeds up a group whose error shrinks by nearly the same factor every sweep. Jequier's
/// first-row queue makes such groups: in `BAAA` (B on 1 held behind A's queue) the side that
/// blocks runs its other pieces round and round through the water, so its value creeps by a
/// factor of 0.9986 a sweep, and the (1, 3) group took 3 059 sweeps. Every [`WINDOW`] sweeps
/// the rate r of the largest change is measured over the window; when two windows in a row
/// agree (within a tenth of 1 - r), the error is mostly one mode that the sweeps to come would
/// shrink by r, r^2, ..., so the last sweep's change times r / (1 - r) is added to every value
/// of the group (Aitken's delta-squared process on the whole vector; a clamp keeps values in
/// [0, 1]). Sweeps then go on to the tolerance as before: the fixed point is the same one, and
/// the convergence test is unchanged (the (1, 3) group: 301 sweeps).
#[derive(Default)]
struct Extrapolation {
    deltas: Vec<f64>,
    before: Vec<f64>,
    last_rate: f64,
}

/// Sweeps between estimates of the rate.
const WINDOW: usize = 20;

impl Extrapolation {
    fn due(&self) -> bool {
        (self.deltas.len() + 1).is_multiple_of(WINDOW)
    }

    fn save(&mut self, group: &Group, values: &[f64]) {
        self.before.clear();
        self.before.extend(group.index.iter().map(|&i| values[i]));
    }

    fn after(&mut self, group: &Group, delta: f64, values: &mut [f64]) {
        self.deltas.push(delta);
        let n = self.deltas.len();
        if !n.is_multiple_of(WINDOW) || n < 2 * WINDOW {
            return;
        }
        let rate = (self.deltas[n - 1] / self.deltas[n - 1 - WINDOW]).powf(1.0 / WINDOW as f64);
        let steady = (rate - self.last_rate).abs() < 0.1 * (1.0 - rate);
        self.last_rate = rate;
        if steady && rate > 0.5 && rate < 0.99999 {
            let f = rate / (1.0 - rate);
            for (k, &i) in group.index.iter().enumerate() {
                values[i] = (values[i] + f * (values[i] - self.before[k])).clamp(0.0, 1.0);
            }
            self.deltas.clear();
            self.last_rate = 0.0;
        }
    }
}
