//! The names of the pieces and sides as players read them, and the die faces, in one place:
//! senas White/Black, senet Cones/Spools, the art of each, the digits printed on chips and
//! stacks. Plain lookups; no state, no drawing.

use crate::games::{senas, senet};
use crate::gfx::AssetId;

use super::strings::Strings;

/// The printed digits 0..=15 (chips, stack counts, hole numbers up to 15).
pub const DIGITS: [&str; 16] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15",
];

/// Printed numbers 1..=30 (holes, squares); "" for anything else.
pub fn number(n: usize) -> &'static str {
    const N: [&str; 31] = [
        "", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
        "17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30",
    ];
    N.get(n).copied().unwrap_or("")
}

/// The die face art for value 1..=6 (below 1 shows a 1, above 6 a 6).
pub fn die_face(v: u8) -> AssetId {
    AssetId::die_face(v.clamp(1, 6)).unwrap_or(AssetId::Die1)
}

/// The senas side as the player reads it ("White", "Black").
pub fn senas_side(t: &Strings, s: senas::Side) -> &'static str {
    match s {
        senas::Side::White => t.white,
        senas::Side::Black => t.black,
    }
}

/// The senet side as the player reads it ("Cones", "Spools"): never the engine's A/B.
pub fn senet_side(t: &Strings, s: senet::Side) -> &'static str {
    match s {
        senet::Side::A => t.cones,
        senet::Side::B => t.spools,
    }
}

/// The piece art of a senas side.
pub fn senas_art(s: senas::Side) -> AssetId {
    match s {
        senas::Side::White => AssetId::PieceLight,
        senas::Side::Black => AssetId::PieceDark,
    }
}

/// The piece art of a senet side.
pub fn senet_art(s: senet::Side) -> AssetId {
    match s {
        senet::Side::A => AssetId::Cone,
        senet::Side::B => AssetId::Spool,
    }
}
