//! The four two-sided throwing sticks: a [`Throw`] is the distance they give (1 to 6).
//!
//! k white faces up move k squares; no white face moves 6 under the WiiBrew and Jequier rules
//! (there is no 5) and 5 under Kendall's (there is no 6): the variant's `Rules` say which
//! (`Rules::outcomes`, `Rules::sample`). With fair sticks the distances come with weights 4, 6,
//! 4, 1, 1 out of 16. Randomness enters only through `rand_core::RngCore`; no floats, no I/O.

use core::fmt;
use rand_core::RngCore;

use super::side::Side;

/// What one throw of the four sticks lets a piece move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Throw(u8);

impl Throw {
    /// One white face.
    pub const ONE: Throw = Throw(1);
    /// Two white faces.
    pub const TWO: Throw = Throw(2);
    /// Three white faces.
    pub const THREE: Throw = Throw(3);
    /// Four white faces.
    pub const FOUR: Throw = Throw(4);
    /// No white face under Kendall's rules.
    pub const FIVE: Throw = Throw(5);
    /// No white face.
    pub const SIX: Throw = Throw(6);

    /// The total of the weights of [`Throw::outcomes`]: 2^4 stick patterns.
    pub const WEIGHT_TOTAL: u32 = 16;

    /// Every distance with the number of the 16 stick patterns that give it under the default
    /// (WiiBrew 2009) rules; a position's own are `pos.variant().rules().outcomes`.
    #[inline]
    pub const fn outcomes() -> [(Throw, u32); 5] {
        [
            (Throw::ONE, 4),
            (Throw::TWO, 6),
            (Throw::THREE, 4),
            (Throw::FOUR, 1),
            (Throw::SIX, 1),
        ]
    }

    /// The throw with `whites` white faces up (0..=4) under the default rules (no white face
    /// = 6), or `None` for more than four; `Rules::throw_from_whites` for a variant's.
    #[inline]
    pub const fn from_whites(whites: u32) -> Option<Throw> {
        match whites {
            0 => Some(Throw::SIX),
            1..=4 => Some(Throw(whites as u8)),
            _ => None,
        }
    }

    /// The throw that moves `distance` squares, if some variant's sticks can give it (1..=6);
    /// `Rules::throw` checks a variant's.
    pub const fn from_distance(distance: u8) -> Option<Throw> {
        match distance {
            1..=6 => Some(Throw(distance)),
            _ => None,
        }
    }

    /// How many squares the throw moves a piece.
    #[inline]
    pub const fn distance(self) -> u8 {
        self.0
    }

    /// Throws the four sticks under the default rules: each of four random bits is one stick,
    /// 1 = white face up.
    pub fn sample<R: RngCore + ?Sized>(rng: &mut R) -> Throw {
        let whites = (rng.next_u32() & 0xF).count_ones();
        match Throw::from_whites(whites) {
            Some(t) => t,
            None => Throw::SIX, // unreachable: four bits hold at most four ones
        }
    }

    /// Decides who starts: the sides throw in turn, `A` first, until one throws a 1.
    pub fn throw_off<R: RngCore + ?Sized>(rng: &mut R) -> Side {
        let mut side = Side::A;
        loop {
            if Throw::sample(rng) == Throw::ONE {
                return side;
            }
            side = side.other();
        }
    }
}

impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_weights_sum_to_sixteen_stick_patterns() {
        let total: u32 = Throw::outcomes().iter().map(|&(_, w)| w).sum();
        assert_eq!(total, Throw::WEIGHT_TOTAL);
    }

    #[test]
    fn outcome_weights_count_the_stick_patterns() {
        let mut counts = [0u32; 7];
        for pattern in 0u32..16 {
            let t = Throw::from_whites(pattern.count_ones()).expect("at most four whites");
            counts[t.distance() as usize] += 1;
        }
        for (t, w) in Throw::outcomes() {
            assert_eq!(counts[t.distance() as usize], w, "throw {t}");
        }
        assert_eq!(counts[5], 0, "the sticks never give a 5");
    }

    #[test]
    fn distances_one_to_six_only() {
        let ok: [bool; 8] = core::array::from_fn(|d| Throw::from_distance(d as u8).is_some());
        assert_eq!(ok, [false, true, true, true, true, true, true, false]);
        assert_eq!(Throw::from_whites(5), None);
    }
}
