//! The two sides and the board geometry (decision 1): physical holes 0..23, each side's path
//! index 0..23 from its own start hole, senas of six holes. Owns the one constant that says
//! whether Black travels against White (the default) or with it. No rules live here.

/// Holes on the board (S1: four senas of six holes).
pub const HOLES: usize = 24;
/// Holes in one sena.
pub const SENA: usize = 6;

/// One of the two players. White starts on physical hole 0, Black on hole 23 (decision 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The light pieces, player 1's in the app.
    White,
    /// The dark pieces.
    Black,
}

/// How Black's path runs relative to White's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Black travels 23 -> 0 (tables-family convention; the product default).
    Opposite,
    /// Both travel 0 -> 23 (a possible later variant).
    Same,
}

/// The geometry the engine uses (decision 1). A single constant so the other reading can become
/// a variant later.
pub const DIRECTION: Direction = Direction::Opposite;

impl Side {
    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black: the index of this side in per-side arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Physical hole of this side's path index `path` (0..23).
    pub const fn hole(self, path: usize) -> usize {
        match (self, DIRECTION) {
            (Side::Black, Direction::Opposite) => HOLES - 1 - path,
            _ => path,
        }
    }

    /// This side's path index of physical hole `hole` (0..23). The inverse of [`Side::hole`].
    pub const fn path(self, hole: usize) -> usize {
        self.hole(hole)
    }

    /// Maps a set of this side's path indices (bit p = path p) to the opponent's path indices.
    pub const fn mask_to_other(self, mask: u32) -> u32 {
        match DIRECTION {
            Direction::Opposite => mask.reverse_bits() >> (32 - HOLES),
            Direction::Same => {
                let _ = self;
                mask
            }
        }
    }

    /// One letter for text output: `W` or `B`.
    pub const fn letter(self) -> char {
        match self {
            Side::White => 'W',
            Side::Black => 'B',
        }
    }
}

impl core::fmt::Display for Side {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Side::White => "White",
            Side::Black => "Black",
        })
    }
}
