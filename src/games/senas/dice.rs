//! Three dice (S3, S5, decision 2): a roll, its expansion into sub-moves (distinct 3, pair 4+1,
//! triple 6), the tute, fair sampling from any `rand_core::RngCore`, and the 56 distinct rolls
//! with their weights out of 216 for chance nodes. No board knowledge here.

use super::bag::Bag;
use rand_core::RngCore;

/// Number of distinct rolls of three dice (unordered).
pub const DISTINCT_ROLLS: usize = 56;

/// Three dice, kept in ascending order (the order rolled does not matter to the rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Roll([u8; 3]);

/// What a roll grants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollKind {
    /// Three different values: one sub-move each.
    Distinct,
    /// Two equal: four sub-moves of the pair and one of the odd die.
    Pair,
    /// Three equal (not sixes): six sub-moves of that value.
    Triple,
    /// 6-6-6: six sub-moves of six, then roll again (S5).
    Tute,
}

impl Roll {
    /// A roll from three die values (each 1..6, any order); `None` if a value is out of range.
    pub fn new(a: u8, b: u8, c: u8) -> Option<Roll> {
        let mut d = [a, b, c];
        if d.iter().any(|v| !(1..=6).contains(v)) {
            return None;
        }
        d.sort_unstable();
        Some(Roll(d))
    }

    /// The dice, ascending.
    pub const fn dice(self) -> [u8; 3] {
        self.0
    }

    /// Distinct, pair, triple or tute.
    pub const fn kind(self) -> RollKind {
        let [a, b, c] = self.0;
        if a == c {
            if a == 6 {
                RollKind::Tute
            } else {
                RollKind::Triple
            }
        } else if a == b || b == c {
            RollKind::Pair
        } else {
            RollKind::Distinct
        }
    }

    /// True for 6-6-6: the same player rolls again after playing it (decision 7).
    pub const fn is_tute(self) -> bool {
        matches!(self.kind(), RollKind::Tute)
    }

    /// The sub-moves this roll grants (decision 2).
    pub fn sub_moves(self) -> Bag {
        let [a, b, c] = self.0;
        let mut bag = Bag::EMPTY;
        match self.kind() {
            RollKind::Distinct => {
                bag.push(a);
                bag.push(b);
                bag.push(c);
            }
            RollKind::Pair => {
                let (pair, odd) = if a == b { (a, c) } else { (c, a) };
                for _ in 0..4 {
                    bag.push(pair);
                }
                bag.push(odd);
            }
            RollKind::Triple | RollKind::Tute => {
                for _ in 0..6 {
                    bag.push(a);
                }
            }
        }
        bag
    }

    /// How many of the 216 ordered outcomes give this roll: 6, 3 or 1.
    pub const fn weight(self) -> u8 {
        match self.kind() {
            RollKind::Distinct => 6,
            RollKind::Pair => 3,
            RollKind::Triple | RollKind::Tute => 1,
        }
    }

    /// Every distinct roll with its weight out of 216, ascending.
    pub fn outcomes() -> [(Roll, u8); DISTINCT_ROLLS] {
        let mut out = [(Roll([1, 1, 1]), 1u8); DISTINCT_ROLLS];
        let mut i = 0;
        for a in 1..=6u8 {
            for b in a..=6 {
                for c in b..=6 {
                    let r = Roll([a, b, c]);
                    out[i] = (r, r.weight());
                    i += 1;
                }
            }
        }
        out
    }

    /// Rolls three fair dice.
    pub fn sample<R: RngCore + ?Sized>(rng: &mut R) -> Roll {
        let a = die(rng);
        let b = die(rng);
        let c = die(rng);
        let mut d = [a, b, c];
        d.sort_unstable();
        Roll(d)
    }
}

/// One fair die (1..6) by rejection sampling, so every face has exactly the same chance.
pub fn die<R: RngCore + ?Sized>(rng: &mut R) -> u8 {
    // 4294967292 = 6 * 715827882: the largest multiple of 6 that fits in a u32.
    const ZONE: u32 = 4_294_967_292;
    loop {
        let x = rng.next_u32();
        if x < ZONE {
            return (x % 6) as u8 + 1;
        }
    }
}

impl core::fmt::Display for Roll {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let [a, b, c] = self.0;
        write!(f, "{a},{b},{c}")
    }
}

/// Decision 10: each side rolls one die, the higher starts, ties roll again.
pub fn first_player<R: RngCore + ?Sized>(rng: &mut R) -> super::side::Side {
    use super::side::Side;
    loop {
        let (w, b) = (die(rng), die(rng));
        if w != b {
            return if w > b { Side::White } else { Side::Black };
        }
    }
}
