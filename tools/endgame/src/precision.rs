//! What storing fewer bits costs: over every decision of a table (each position in it, each
//! throw with at least two legal moves whose positions are all in the table), the move chosen
//! by a quantised table (the game's rule, `ai::senet::endgame::best_by`: the first of the
//! highest values) against the solved values (f64), and the win probability it loses.
//! Reads a solved table; changes nothing.

use senas_senet::ai::senet::endgame::best_by;
use senas_senet::games::senet::{MoveList, Position};

use crate::index::Layout;
use crate::solve::Table;

/// How a quantisation chooses against the truth.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Precision {
    /// Decisions (position and throw with a choice, every move's position in the table).
    pub decisions: u64,
    /// Decisions where the quantised table's move is not a best move by the solved values
    /// (loss above 1e-9).
    pub worse: u64,
    /// Their summed loss (win probability).
    pub loss: f64,
    /// The largest loss.
    pub max_loss: f64,
}

impl Precision {
    /// Mean loss per decision, in milli-win-probability.
    pub fn mean_milli(&self) -> f64 {
        if self.decisions == 0 {
            return 0.0;
        }
        1000.0 * self.loss / self.decisions as f64
    }
}

/// The decisions of `table` chosen with its values rounded to `scale` steps (255: the game's
/// u8, 65535: the table files' u16).
pub fn precision(table: &Table, scale: u16) -> Precision {
    let q: Vec<u16> = table
        .values
        .iter()
        .map(|&v| (v.clamp(0.0, 1.0) * f64::from(scale)).round() as u16)
        .collect();
    let layout = &table.layout;
    let quantised = |p: &Position| -> Option<u16> {
        if let Some(w) = p.winner() {
            return Some(if w == p.side_to_move() { scale } else { 0 });
        }
        Some(q[layout.index(Layout::entry_of(p))?])
    };
    let mut out = Precision::default();
    let mut list = MoveList::new();
    for i in 0..layout.len() {
        let Some(pos) = layout.entry(i).and_then(|e| layout.position(e)) else {
            continue;
        };
        for &(throw, _) in &pos.variant().rules().outcomes {
            let Some(mv) = best_by(&mut list, &pos, throw, scale, &quantised) else {
                continue;
            };
            let best = list
                .iter()
                .filter_map(|&m| table.after(&pos, m))
                .fold(0.0f64, f64::max);
            let Some(got) = table.after(&pos, mv) else {
                continue;
            };
            let loss = best - got;
            out.decisions += 1;
            if loss > 1e-9 {
                out.worse += 1;
                out.loss += loss;
                out.max_loss = out.max_loss.max(loss);
            }
        }
    }
    out
}
