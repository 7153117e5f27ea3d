//! A fixed-capacity open-addressing set of non-zero `u128` keys in caller-provided storage: the
//! search states (army plus remaining sub-moves) a turn search has already explored, and the
//! final positions it has already recorded. Clearing costs only the slots used. Knows nothing
//! of the rules.

/// What [`Memo::insert`] found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Inserted {
    New,
    Present,
    Full,
}

/// The set. `slots.len()` is a power of two; it is full at `used.len()` keys (at most 3/4 of
/// the slots, so probing always ends).
pub(crate) struct Memo<'a> {
    slots: &'a mut [u128],
    used: &'a mut [u32],
    len: usize,
    shift: u32,
}

impl<'a> Memo<'a> {
    /// A set over `slots` (its length rounded down to a power of two, all zero) and `used`
    /// (one entry per key the set may hold; at most 3/4 of the slots are used).
    pub(crate) fn new(slots: &'a mut [u128], used: &'a mut [u32]) -> Memo<'a> {
        let n = if slots.is_empty() {
            0
        } else {
            1usize << slots.len().ilog2()
        };
        let slots = &mut slots[..n];
        slots.fill(0);
        let limit = used.len().min(n / 4 * 3).min(u32::MAX as usize);
        let shift = if n > 1 { 64 - n.ilog2() } else { 63 };
        Memo {
            slots,
            used: &mut used[..limit],
            len: 0,
            shift,
        }
    }

    /// Keys held.
    pub(crate) const fn len(&self) -> usize {
        self.len
    }

    /// Keys the set can hold.
    pub(crate) fn capacity(&self) -> usize {
        self.used.len()
    }

    /// Empties the set, touching only the slots in use.
    pub(crate) fn clear(&mut self) {
        for &i in &self.used[..self.len] {
            self.slots[i as usize] = 0;
        }
        self.len = 0;
    }

    /// Inserts `key` (non-zero).
    #[inline]
    pub(crate) fn insert(&mut self, key: u128) -> Inserted {
        if self.used.is_empty() {
            return Inserted::Full;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.hash(key) & mask;
        loop {
            let s = self.slots[i];
            if s == key {
                return Inserted::Present;
            }
            if s == 0 {
                if self.len >= self.used.len() {
                    return Inserted::Full;
                }
                self.slots[i] = key;
                // `i` < slots.len(), and `used` is no longer than u32::MAX, nor is slots here.
                self.used[self.len] = i as u32;
                self.len += 1;
                return Inserted::New;
            }
            i = (i + 1) & mask;
        }
    }

    #[inline]
    fn hash(&self, key: u128) -> usize {
        let lo = key as u64;
        let hi = (key >> 64) as u64;
        let h = (lo ^ hi.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> self.shift) as usize
    }
}
