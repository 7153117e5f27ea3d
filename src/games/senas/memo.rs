//! A fixed-capacity open-addressing set of non-zero `u64` keys: the search states (army code
//! plus remaining sub-moves) a turn search has already explored, and the final positions it has
//! already recorded. Owns its storage (about 600 KB: keep one in a static); clearing costs only
//! the slots used. Knows nothing of the rules.

/// Slots in the table (a power of two, so indices fit in a `u16`).
pub(crate) const SLOTS: usize = 1 << 16;
/// Keys the set accepts before it reports itself full (75% load).
pub(crate) const LIMIT: usize = SLOTS / 4 * 3;

/// What [`Memo::insert`] found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Inserted {
    New,
    Present,
    Full,
}

pub(crate) struct Memo {
    slots: [u64; SLOTS],
    used: [u16; LIMIT],
    len: usize,
}

impl Memo {
    pub(crate) const fn new() -> Memo {
        Memo {
            slots: [0; SLOTS],
            used: [0; LIMIT],
            len: 0,
        }
    }

    /// Keys held.
    pub(crate) const fn len(&self) -> usize {
        self.len
    }

    /// Empties the set, touching only the slots in use.
    pub(crate) fn clear(&mut self) {
        for &i in &self.used[..self.len] {
            self.slots[usize::from(i)] = 0;
        }
        self.len = 0;
    }

    /// Inserts `key` (non-zero).
    #[inline]
    pub(crate) fn insert(&mut self, key: u64) -> Inserted {
        let mut i = hash(key);
        loop {
            let s = self.slots[i];
            if s == key {
                return Inserted::Present;
            }
            if s == 0 {
                if self.len >= LIMIT {
                    return Inserted::Full;
                }
                self.slots[i] = key;
                // `i < SLOTS = 65536`, so it fits in a u16.
                self.used[self.len] = i as u16;
                self.len += 1;
                return Inserted::New;
            }
            i = (i + 1) & (SLOTS - 1);
        }
    }
}

#[inline]
fn hash(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOTS.trailing_zeros())) as usize
}
