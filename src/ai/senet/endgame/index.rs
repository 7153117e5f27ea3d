//! The compact index of senet endgame positions: a combinatorial ranking of every placement
//! with 1..=N pieces a side, seen from the side to move ("me") and its opponent ("them").
//!
//! A variant's usable squares are its *slots* (1..=30 without the water square 27 where no
//! piece can rest; Kendall keeps 27, where a piece waits). My pieces are ranked among all
//! slots, theirs among the slots I leave free (colexicographic ranks, the combinatorial number
//! system), and the layers are laid out in the order (a, b) = (1,1), (1,2), ..., (N,N), a my
//! pieces and b theirs. Under Kendall's rules each layer comes twice: without and with the
//! flag "the piece on the rescue square 15 came from the water and must move next"
//! (`Position::bound`; at most one side can be bound, the one on 15). Pure functions, no heap:
//! the game reads its tables with it and `tools/endgame` builds them with it (the one copy).
//! Knows nothing of values or files.

use crate::games::senet::{Position, Side, Variant};

/// Squares on the senet track (1..=30).
const SQUARES: usize = 30;

/// The most pieces a side a layout can hold (every rule set has five pieces a side).
pub const MAX_PIECES: usize = 5;

/// Binomial coefficient C(n, k) for the small numbers used here (n <= 30).
pub const fn choose(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut r = 1usize;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// Colex rank of the set bits of `set` (bit i = slot i): sum of C(slot, j + 1) over its j-th
/// lowest member.
pub fn rank_set(mut set: u32) -> usize {
    let mut r = 0;
    let mut j = 0;
    while set != 0 {
        let s = set.trailing_zeros() as usize;
        r += choose(s, j + 1);
        j += 1;
        set &= set - 1;
    }
    r
}

/// The k-member set whose colex rank is `rank` (inverse of [`rank_set`]).
pub fn unrank_set(mut rank: usize, k: usize) -> u32 {
    let mut set = 0u32;
    let mut j = k;
    while j > 0 {
        // The largest c with C(c, j) <= rank.
        let mut c = j - 1;
        while choose(c + 1, j) <= rank {
            c += 1;
        }
        rank -= choose(c, j);
        set |= 1 << c;
        j -= 1;
    }
    set
}

/// One decoded table entry: the two boards (bit s = square s), the side to move being "me".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// My squares.
    pub me: u32,
    /// The opponent's squares.
    pub them: u32,
    /// Kendall: the piece on square 15 must move next.
    pub bound: bool,
}

/// Where every endgame position of one variant with at most `n` pieces a side sits.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The rule set.
    pub variant: Variant,
    /// At most this many pieces a side on the board.
    pub n: usize,
    /// Square of slot i.
    squares: [u8; SQUARES],
    /// Slot of square s (0xff: not a slot).
    slot: [u8; SQUARES + 2],
    /// Number of slots.
    slots: usize,
    /// Flag copies per layer (2 with Kendall's bound piece, else 1).
    copies: usize,
    /// First index of layer (a, b), at `[a - 1][b - 1]` (a, b <= n).
    start: [[usize; MAX_PIECES]; MAX_PIECES],
    /// Total entries.
    len: usize,
}

/// The rescue square of Kendall's water.
pub const fn rescue(variant: Variant) -> Option<u8> {
    match variant.rules().holding_water() {
        Some((_, _, r, _)) => Some(r),
        None => None,
    }
}

impl Layout {
    /// The layout of `variant` with 1..=`n` pieces a side (`n` is clamped to
    /// 1..=[`MAX_PIECES`]).
    pub const fn new(variant: Variant, n: usize) -> Layout {
        let n = if n < 1 {
            1
        } else if n > MAX_PIECES {
            MAX_PIECES
        } else {
            n
        };
        let rules = variant.rules();
        let skip = match rules.water {
            Some(w) if rules.holding_water().is_none() => w.square,
            _ => 0,
        };
        let mut squares = [0u8; SQUARES];
        let mut slot = [0xffu8; SQUARES + 2];
        let mut slots = 0;
        let mut s = 1;
        while s <= SQUARES {
            if s as u8 != skip {
                squares[slots] = s as u8;
                slot[s] = slots as u8;
                slots += 1;
            }
            s += 1;
        }
        let copies = if rescue(variant).is_some() { 2 } else { 1 };
        let mut start = [[0; MAX_PIECES]; MAX_PIECES];
        let mut len = 0;
        let mut a = 0;
        while a < n {
            let mut b = 0;
            while b < n {
                start[a][b] = len;
                len += copies * choose(slots, a + 1) * choose(slots - a - 1, b + 1);
                b += 1;
            }
            a += 1;
        }
        Layout {
            variant,
            n,
            squares,
            slot,
            slots,
            copies,
            start,
            len,
        }
    }

    /// Number of entries.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the layout is empty (never: n >= 1).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The index range of layer (a, b) (1 <= a, b <= n).
    pub fn layer(&self, a: usize, b: usize) -> core::ops::Range<usize> {
        let first = self.start[a - 1][b - 1];
        let size = self.copies * choose(self.slots, a) * choose(self.slots - a, b);
        first..first + size
    }

    /// Squares as slots (None when a square is not a slot).
    fn to_slots(&self, board: u32) -> Option<u32> {
        let mut out = 0u32;
        let mut b = board;
        while b != 0 {
            let s = b.trailing_zeros() as usize;
            let k = *self.slot.get(s)?;
            if k == 0xff {
                return None;
            }
            out |= 1 << k;
            b &= b - 1;
        }
        Some(out)
    }

    /// The index of an entry, or None when it is outside the table (no piece, more than n,
    /// a square that is not a slot, shared squares).
    pub fn index(&self, e: Entry) -> Option<usize> {
        let (a, b) = (e.me.count_ones() as usize, e.them.count_ones() as usize);
        if a == 0 || b == 0 || a > self.n || b > self.n || e.me & e.them != 0 {
            return None;
        }
        let me = self.to_slots(e.me)?;
        let them = self.to_slots(e.them)?;
        // Their slots renumbered among the slots I leave free.
        let mut packed = 0u32;
        let mut t = them;
        while t != 0 {
            let s = t.trailing_zeros();
            let below = (me & ((1u32 << s) - 1)).count_ones();
            packed |= 1 << (s - below);
            t &= t - 1;
        }
        let inner = choose(self.slots - a, b);
        let per_copy = choose(self.slots, a) * inner;
        let copy = usize::from(e.bound && self.copies == 2);
        Some(self.start[a - 1][b - 1] + copy * per_copy + rank_set(me) * inner + rank_set(packed))
    }

    /// The entry at `index` (inverse of [`Layout::index`]), or None past the end.
    pub fn entry(&self, index: usize) -> Option<Entry> {
        for a in 1..=self.n {
            for b in 1..=self.n {
                let r = self.layer(a, b);
                if !r.contains(&index) {
                    continue;
                }
                let inner = choose(self.slots - a, b);
                let per_copy = choose(self.slots, a) * inner;
                let off = index - r.start;
                let bound = off >= per_copy;
                let off = off % per_copy;
                let me = unrank_set(off / inner, a);
                let packed = unrank_set(off % inner, b);
                // Spread the packed slots back over the slots I do not hold.
                let mut them = 0u32;
                let mut k = 0;
                for s in 0..self.slots {
                    if me & (1 << s) != 0 {
                        continue;
                    }
                    if packed & (1 << k) != 0 {
                        them |= 1 << s;
                    }
                    k += 1;
                }
                return Some(Entry {
                    me: self.to_squares(me),
                    them: self.to_squares(them),
                    bound,
                });
            }
        }
        None
    }

    fn to_squares(&self, slots: u32) -> u32 {
        let mut out = 0u32;
        let mut b = slots;
        while b != 0 {
            out |= 1 << self.squares[b.trailing_zeros() as usize];
            b &= b - 1;
        }
        out
    }

    /// The position of an entry, "me" as side A to move; None when the entry names no
    /// position (the bound flag without a piece on the rescue square, or a refused board).
    pub fn position(&self, e: Entry) -> Option<Position> {
        let p = Position::new(self.variant, e.me, e.them, Side::A).ok()?;
        if !e.bound {
            return Some(p);
        }
        let r = rescue(self.variant)?;
        let owner = p.at(r)?;
        Some(p.with_bound(owner))
    }

    /// The entry of a position seen from its side to move (None: a finished game).
    pub fn entry_of(pos: &Position) -> Entry {
        let me = pos.side_to_move();
        Entry {
            me: pos.board(me),
            them: pos.board(me.other()),
            bound: pos.bound(Side::A) || pos.bound(Side::B),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_ranks_round_trip_and_are_dense() {
        for k in 1..=3 {
            let total = choose(10, k);
            let mut seen = std::vec![false; total];
            for set in 0u32..(1 << 10) {
                if set.count_ones() as usize != k {
                    continue;
                }
                let r = rank_set(set);
                assert!(r < total, "rank {r} of {set:b} past C(10,{k})");
                assert!(!seen[r], "rank {r} twice");
                seen[r] = true;
                assert_eq!(unrank_set(r, k), set);
            }
            assert!(seen.iter().all(|&s| s));
        }
    }

    #[test]
    fn wiibrew_has_29_slots_and_kendall_30_with_two_copies() {
        let w = Layout::new(Variant::Wiibrew2009, 1);
        assert_eq!(w.len(), 29 * 28);
        let k = Layout::new(Variant::Kendall, 1);
        assert_eq!(k.len(), 2 * 30 * 29);
        let w3 = Layout::new(Variant::Jequier, 3);
        let expect: usize = (1..=3)
            .flat_map(|a| (1..=3).map(move |b| choose(29, a) * choose(29 - a, b)))
            .sum();
        assert_eq!(w3.len(), expect);
        assert_eq!(Layout::new(Variant::Wiibrew2009, 2).len(), 165_242);
        assert_eq!(Layout::new(Variant::Kendall, 2).len(), 379_320);
    }
}
