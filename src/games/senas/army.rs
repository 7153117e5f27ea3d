//! One side's pieces as a single `u128`: a 4-bit count per path index 0..23 (nibble p) and the
//! borne-off count in nibble 24. Moving a piece is one subtraction and one addition, and the
//! whole army is its own hash key. Owns only the packing; the rules live in `submove.rs`.

use super::side::{HOLES, SENA};

/// Pieces per side (S1).
pub const PIECES: u8 = 15;

const NIBBLE: u32 = 4;
/// Nibble index of the borne-off count.
pub(crate) const OFF: usize = HOLES;
/// Low bit of every nibble of the 24 board paths.
const LOW_BITS: u128 = 0x1111_1111_1111_1111_1111_1111;
/// Every bit of the board paths (nibbles 0..23).
const BOARD_BITS: u128 = (1u128 << (NIBBLE as usize * HOLES)) - 1;

/// Bits of the nibbles for paths `0..end`.
pub(crate) const fn below(end: usize) -> u128 {
    (1u128 << (NIBBLE as usize * end)) - 1
}

/// Pieces of one side, by that side's path index, plus its borne-off count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Army(pub(crate) u128);

impl Army {
    /// All fifteen pieces on the start hole (S1).
    pub const START: Army = Army(PIECES as u128);

    /// Builds an army from counts by path index and a borne-off count; `None` when the total is
    /// not fifteen.
    pub fn from_counts(counts: &[u8; HOLES], off: u8) -> Option<Army> {
        let total: u32 = counts.iter().map(|&c| u32::from(c)).sum::<u32>() + u32::from(off);
        if total != u32::from(PIECES) {
            return None;
        }
        let mut bits = u128::from(off) << (NIBBLE as usize * OFF);
        for (p, &c) in counts.iter().enumerate() {
            bits |= u128::from(c) << (NIBBLE as usize * p);
        }
        Some(Army(bits))
    }

    /// The packed value (nibble p = pieces on path p, nibble 24 = borne off).
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// Pieces on path index `path` (0..23).
    pub const fn count(self, path: usize) -> u8 {
        ((self.0 >> (NIBBLE as usize * path)) & 0xF) as u8
    }

    /// Pieces borne off.
    pub const fn off(self) -> u8 {
        self.count(OFF)
    }

    /// Pieces still on the board.
    pub const fn on_board(self) -> u8 {
        PIECES - self.off()
    }

    /// Counts by path index.
    pub fn counts(self) -> [u8; HOLES] {
        let mut out = [0u8; HOLES];
        for (p, c) in out.iter_mut().enumerate() {
            *c = self.count(p);
        }
        out
    }

    /// One low bit per occupied board nibble.
    const fn occupied_nibbles(self) -> u128 {
        let x = self.0 & BOARD_BITS;
        (x | (x >> 1) | (x >> 2) | (x >> 3)) & LOW_BITS
    }

    /// Set of occupied path indices, bit p for path p.
    pub fn occupancy(self) -> u32 {
        let mut y = self.occupied_nibbles();
        let mut mask = 0u32;
        while y != 0 {
            mask |= 1 << (y.trailing_zeros() / NIBBLE);
            y &= y - 1;
        }
        mask
    }

    /// Iterator over occupied path indices, lowest first.
    pub(crate) fn occupied(self) -> Occupied {
        Occupied(self.occupied_nibbles())
    }

    /// A 39-bit code unique to this army (stars and bars: for each of the 25 places, path 0..23
    /// then off, its count as ones followed by a zero), for 64-bit hash keys.
    #[inline]
    pub(crate) fn code(self) -> u64 {
        let x = self.0;
        let mut y =
            (x | (x >> 1) | (x >> 2) | (x >> 3)) & (LOW_BITS | (1u128 << (NIBBLE as usize * OFF)));
        let mut code = 0u64;
        let mut before = 0u32;
        while y != 0 {
            let shift = y.trailing_zeros();
            let c = ((x >> shift) & 0xF) as u32;
            code |= ((1u64 << c) - 1) << (shift / NIBBLE + before);
            before += c;
            y &= y - 1;
        }
        code
    }

    /// [`Army::code`] of the army after moving one piece from path `from` to `to` (24: off),
    /// computed from this army's `code` without a loop: the star leaves block `from`, the bits
    /// above it shift down, and a star enters block `to`, the bits above it shift up.
    #[inline]
    pub(crate) fn code_after_move(self, code: u64, from: usize, to: usize) -> u64 {
        // Nibble p of `prefix` is the number of pieces on paths 0..=p (at most 15: no carries).
        let prefix = self
            .0
            .wrapping_mul(LOW_BITS | (1u128 << (NIBBLE as usize * OFF)));
        let before = |p: usize| -> u32 {
            if p == 0 {
                0
            } else {
                ((prefix >> (NIBBLE as usize * (p - 1))) & 0xF) as u32
            }
        };
        let low = |n: u32| (1u64 << n) - 1;
        let out = from as u32 + before(from);
        let code = (code & low(out)) | ((code >> 1) & !low(out));
        let into = to as u32 + before(to) - 1;
        (code & low(into)) | ((code & !low(into)) << 1) | (1 << into)
    }

    /// True when some piece stands on a path index lower than `path`.
    pub const fn any_below(self, path: usize) -> bool {
        self.0 & below(path) != 0
    }

    /// True when some piece stands in the fourth sena (paths 18..23).
    pub const fn any_in_fourth_sena(self) -> bool {
        self.0 & BOARD_BITS & !below(3 * SENA) != 0
    }

    /// Distinct holes of the first sena (paths 0..5) holding this side's pieces.
    pub const fn first_sena_holes(self) -> u32 {
        (self.occupied_nibbles() & below(SENA)).count_ones()
    }

    /// The army after moving one piece from path `from` to path `to` (`to` = 24 bears it off).
    /// The caller has checked that a piece stands on `from`.
    pub(crate) const fn moved(self, from: usize, to: usize) -> Army {
        Army(self.0 - (1u128 << (NIBBLE as usize * from)) + (1u128 << (NIBBLE as usize * to)))
    }
}

/// Occupied path indices of an army, lowest first.
pub(crate) struct Occupied(u128);

impl Iterator for Occupied {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let p = (self.0.trailing_zeros() / NIBBLE) as usize;
        self.0 &= self.0 - 1;
        Some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_after_move_matches_the_code_of_the_moved_army() {
        // A small deterministic walk over many armies and moves.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..20_000 {
            let mut counts = [0u8; HOLES];
            let mut off = 0u8;
            for _ in 0..PIECES {
                let p = (next() % 25) as usize;
                if p == HOLES {
                    off += 1;
                } else {
                    counts[p] += 1;
                }
            }
            let army = Army::from_counts(&counts, off).expect("fifteen pieces");
            let occupied: std::vec::Vec<usize> = army.occupied().collect();
            if occupied.is_empty() {
                continue;
            }
            let from = occupied[(next() % occupied.len() as u64) as usize];
            let to = (from + 1 + (next() % 6) as usize).min(HOLES);
            let moved = army.moved(from, to);
            assert_eq!(army.code_after_move(army.code(), from, to), moved.code());
        }
    }

    #[test]
    fn codes_of_different_armies_differ() {
        let a = Army::START;
        let b = a.moved(0, 1);
        let c = b.moved(1, HOLES);
        assert!(a.code() != b.code() && b.code() != c.code() && a.code() != c.code());
        assert!(a.code() != 0 && c.code() < 1 << 39);
    }
}
