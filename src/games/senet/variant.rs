//! Senet rule sets as values: [`Variant`] names one, [`Rules`] holds the numbers the engine reads.
//!
//! The engine never branches on a variant's name; it reads a [`Rules`] table, so Kendall
//! (Ludii "Kendall (Scholarly)") and Jequier (1930) become new table entries (plus any rule hook
//! they need), not copies of the engine. Pure data: no I/O, no floats.

use core::fmt;

/// A named senet rule set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The rules of the 2009 WiiBrew "Senet" homebrew (after Spanish Wikipedia), with the
    /// product decisions of `docs/rules.md`.
    #[default]
    Wiibrew2009,
}

/// The parameters of a rule set, as the move generator reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Pieces per side.
    pub pieces: u8,
    /// Bitboard (bit `s` = square `s`) of squares on which a piece cannot be captured.
    pub safe: u32,
    /// Whether a piece with an own piece on a numerically adjacent square is protected.
    pub protect_pairs: bool,
    /// Length of the shortest run of one side's pieces that the opponent may not pass over.
    pub barrier_len: u8,
    /// Bit `d` set: a throw of distance `d` earns another throw.
    pub extra_throw: u8,
    /// The square of water and the square a piece landing there is sent to.
    pub water: Option<Water>,
}

/// The square-27 rule: a piece landing on `square` goes to `rebirth`, or to the lowest-numbered
/// empty square when `rebirth` is occupied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Water {
    /// The square of water (27).
    pub square: u8,
    /// The square of rebirth (15).
    pub rebirth: u8,
}

const fn bit(s: u8) -> u32 {
    1 << s
}

const WIIBREW2009: Rules = Rules {
    pieces: 5,
    safe: bit(26) | bit(28) | bit(29) | bit(30),
    protect_pairs: true,
    barrier_len: 3,
    extra_throw: (1 << 1) | (1 << 3) | (1 << 6),
    water: Some(Water {
        square: 27,
        rebirth: 15,
    }),
};

impl Variant {
    /// Every variant the engine knows.
    pub const ALL: [Variant; 1] = [Variant::Wiibrew2009];

    /// The rule table of this variant.
    #[inline]
    pub const fn rules(self) -> &'static Rules {
        match self {
            Variant::Wiibrew2009 => &WIIBREW2009,
        }
    }

    /// The name used on the command line and in logs.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Wiibrew2009 => "wiibrew2009",
        }
    }

    /// Reads a variant name (case-insensitive).
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(name))
    }
}

impl Rules {
    /// Whether a throw of `distance` earns another throw.
    #[inline]
    pub const fn throws_again(&self, distance: u8) -> bool {
        distance < 8 && self.extra_throw & (1 << distance) != 0
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_variant_is_wiibrew2009() {
        assert_eq!(Variant::default(), Variant::Wiibrew2009);
    }

    #[test]
    fn variant_names_round_trip() {
        for v in Variant::ALL {
            assert_eq!(Variant::from_name(v.name()), Some(v));
        }
        assert_eq!(
            Variant::from_name("WiiBrew2009"),
            Some(Variant::Wiibrew2009)
        );
        assert_eq!(Variant::from_name("kendall"), None);
    }

    #[test]
    fn wiibrew_throws_again_after_one_three_and_six_only() {
        let r = Variant::Wiibrew2009.rules();
        let again: [bool; 7] = core::array::from_fn(|d| r.throws_again(d as u8));
        assert_eq!(again, [false, true, false, true, false, false, true]);
    }
}
