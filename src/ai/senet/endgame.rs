//! Exact senet endgames in the program (issue 27 part 4): the win probability of the side to
//! move in every position with at most two pieces a side on the board, for the rule sets whose
//! table is built in ([`EMBEDDED`]), read from the packed tables `tools/endgame pack` writes
//! to `assets/tables/` (`make tables-dol`). [`index`] ranks a position into its entry (the one
//! copy: `tools/endgame` builds the tables with it), [`packed`] reads an entry; [`best`] is
//! the table's move, [`permille`] a position's chance as the coach counts. Pure: no heap, no
//! floats, no state; the host and the Wii give the same answers. Must not change rules or
//! touch the networks.

pub mod index;
pub mod packed;

use crate::games::senet::{apply, legal_moves, Move, MoveList, Position, Throw, Variant};

use index::Layout;
use packed::{Packed, SCALE};

/// Pieces a side in the built-in tables.
pub const PIECES: usize = 2;

/// A packed table of the program, checked as it compiles: a table that does not parse, or
/// names another rule set or size, fails the build.
const fn built_in(bytes: &'static [u8], variant: Variant) -> Packed {
    match Packed::parse(bytes) {
        Some(p)
            if p.variant as usize == variant as usize
                && p.pieces == PIECES
                && p.entries == Layout::new(variant, PIECES).len() =>
        {
            p
        }
        _ => panic!("a built-in endgame table does not match its rule set"),
    }
}

static WIIBREW2009: Packed = built_in(
    include_bytes!("../../../assets/tables/senet-wiibrew2009-n2.pack"),
    Variant::Wiibrew2009,
);
static KENDALL: Packed = built_in(
    include_bytes!("../../../assets/tables/senet-kendall-n2.pack"),
    Variant::Kendall,
);
static JEQUIER: Packed = built_in(
    include_bytes!("../../../assets/tables/senet-jequier-n2.pack"),
    Variant::Jequier,
);

/// The rule sets whose table is in the program.
pub const EMBEDDED: [Variant; 3] = [Variant::Wiibrew2009, Variant::Kendall, Variant::Jequier];

/// The built-in table of `variant` with its layout, if it has one.
pub fn table(variant: Variant) -> Option<(&'static Packed, Layout)> {
    let p = match variant {
        Variant::Wiibrew2009 => &WIIBREW2009,
        Variant::Kendall => &KENDALL,
        Variant::Jequier => &JEQUIER,
    };
    Some((p, Layout::new(variant, PIECES)))
}

/// The win probability of the side to move in `pos`, in 255ths: 255 or 0 once the game is
/// over (the side to move has won or lost), the table's entry while it is in a built-in table,
/// `None` otherwise.
pub fn value(pos: &Position) -> Option<u8> {
    if let Some(w) = pos.winner() {
        return Some(if w == pos.side_to_move() { SCALE } else { 0 });
    }
    let (table, layout) = table(pos.variant())?;
    table.get(layout.index(Layout::entry_of(pos))?)
}

/// The win probability of the side to move in `pos` in per mille (0..=1000, rounded), from
/// [`value`]: distinct values stay distinct and in order.
pub fn permille(pos: &Position) -> Option<u16> {
    value(pos).map(|v| ((u32::from(v) * 1000 + 127) / 255) as u16)
}

/// The win probability (out of `scale`) of the side that plays `mv` in `pos`, read with
/// `value` (the side to move's value of a position, out of `scale`; `None` outside the table):
/// a move that ends the game with the mover's win is worth `scale`.
pub fn after_by(
    pos: &Position,
    mv: Move,
    scale: u16,
    value: &dyn Fn(&Position) -> Option<u16>,
) -> Option<u16> {
    let me = pos.side_to_move();
    let next = apply(pos, mv);
    if next.winner() == Some(me) {
        return Some(scale);
    }
    let v = value(&next)?.min(scale);
    Some(if next.side_to_move() == me {
        v
    } else {
        scale - v
    })
}

/// The best legal move in `pos` after `throw` by `value` (out of `scale`), when every legal
/// move's position is in the table and there are at least two; the first in the rules' order
/// among equal values. `list` is the caller's scratch.
pub fn best_by(
    list: &mut MoveList,
    pos: &Position,
    throw: Throw,
    scale: u16,
    value: &dyn Fn(&Position) -> Option<u16>,
) -> Option<Move> {
    legal_moves(pos, throw, list);
    if list.len() < 2 {
        return None;
    }
    let mut best: Option<(u16, Move)> = None;
    for &mv in list.iter() {
        let v = after_by(pos, mv, scale, value)?;
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

/// The table's best move in `pos` after `throw` ([`best_by`] over the built-in tables), or
/// `None` when a legal move leaves the table, its rule set has no table, or the move is
/// forced (one legal move or none).
pub fn best(list: &mut MoveList, pos: &Position, throw: Throw) -> Option<Move> {
    table(pos.variant())?;
    best_by(list, pos, throw, u16::from(SCALE), &|p| {
        value(p).map(u16::from)
    })
}

#[cfg(test)]
mod tests;
