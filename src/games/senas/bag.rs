//! A multiset of sub-move values (1..6): the sub-moves of a roll still to play, or a gift.
//! Packed as a 3-bit count per value (18 bits) so it joins the army in one 64-bit hash key.
//! Owns the gift capacity (decision 7); knows nothing of the board.

/// Largest gift a side can hold: one roll's worth, six sub-moves (decision 7). Unused sub-moves
/// join in order (a tute's sixes first, then the re-roll's, smallest value first) and those
/// beyond six are lost. Only a tute followed by more unused sub-moves can reach it with mixed
/// values; the cap keeps every part of a turn at six sub-moves or fewer.
pub const GIFT_CAPACITY: u8 = 6;

/// Bits per value count: a part holds at most six sub-moves, so a count fits in three.
const BITS: u32 = 3;

/// Sub-moves by value: count of 1s, 2s, ... 6s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bag(pub(crate) u32);

impl Bag {
    /// No sub-moves.
    pub const EMPTY: Bag = Bag(0);

    /// Number of sub-moves of value `die` (1..6).
    pub const fn count(self, die: u8) -> u8 {
        ((self.0 >> (BITS * (die as u32 - 1))) & 0x7) as u8
    }

    /// Total number of sub-moves.
    pub const fn len(self) -> u8 {
        let mut n = 0;
        let mut d = 1;
        while d <= 6 {
            n += self.count(d);
            d += 1;
        }
        n
    }

    /// True when no sub-move is left.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds one sub-move of value `die` (1..6) unless the bag already holds `GIFT_CAPACITY`
    /// (six, also the most a roll grants); returns whether it was added.
    pub fn push(&mut self, die: u8) -> bool {
        if !(1..=6).contains(&die) || self.len() >= GIFT_CAPACITY {
            return false;
        }
        *self = self.with(die);
        true
    }

    /// Builds a bag from values (each 1..6); `None` if a value is out of range or there are more
    /// than `GIFT_CAPACITY`.
    pub fn from_values(values: &[u8]) -> Option<Bag> {
        let mut bag = Bag::EMPTY;
        for &v in values {
            if !bag.push(v) {
                return None;
            }
        }
        Some(bag)
    }

    /// Adds every sub-move of `other`, smallest value first, dropping those beyond
    /// `GIFT_CAPACITY` (decision 7).
    pub fn join(&mut self, other: Bag) {
        for v in other.values() {
            self.push(v);
        }
    }

    /// The bag without one sub-move of value `die`; the caller knows it holds one.
    pub(crate) const fn without(self, die: u8) -> Bag {
        Bag(self.0 - (1 << (BITS * (die as u32 - 1))))
    }

    /// The bag with one more sub-move of value `die` (1..6); the caller knows it has room.
    pub(crate) const fn with(self, die: u8) -> Bag {
        Bag(self.0 + (1 << (BITS * (die as u32 - 1))))
    }

    /// The packed counts (18 bits).
    pub(crate) const fn bits(self) -> u64 {
        self.0 as u64
    }

    /// The distinct values present, as a bit set (bit d-1 for value d).
    pub(crate) const fn distinct(self) -> u8 {
        let x = self.0 | (self.0 >> 1) | (self.0 >> 2);
        let mut set = 0u8;
        let mut d = 0;
        while d < 6 {
            if x & (1 << (BITS * d)) != 0 {
                set |= 1 << d;
            }
            d += 1;
        }
        set
    }

    /// All values, smallest first, repeated by count.
    pub fn values(self) -> impl Iterator<Item = u8> {
        (1..=6u8).flat_map(move |d| core::iter::repeat_n(d, usize::from(self.count(d))))
    }
}

impl core::fmt::Display for Bag {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for (i, v) in self.values().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{v}")?;
        }
        Ok(())
    }
}
