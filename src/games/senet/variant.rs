//! Senet rule sets as values: [`Variant`] names one, [`Rules`] holds the numbers the engine reads.
//!
//! The engine never branches on a variant's name; it reads a [`Rules`] table. Three tables:
//! the WiiBrew 2009 homebrew's rules (the default), Kendall's (Ludii "Kendall Five Pieces
//! (Scholarly)") and Jequier's (Ludii "Jequier (Scholarly)", after Jéquier 1930). Every entry
//! is sourced in `docs/rules.md`. Pure data: no I/O, no floats.

use core::fmt;

use super::throw::Throw;

/// A named senet rule set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The rules of the 2009 WiiBrew "Senet" homebrew (after Spanish Wikipedia), with the
    /// product decisions of `docs/rules.md`.
    #[default]
    Wiibrew2009,
    /// Timothy Kendall's reconstruction (1978-79), five pieces, as Ludii describes it.
    Kendall,
    /// Gustave Jéquier's reconstruction (1930), as Ludii describes it.
    Jequier,
}

/// Where a captured piece goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capture {
    /// To the square the capturing piece came from (the two swap).
    Swap,
    /// To the lowest-numbered empty square (the capturing piece's square still counts as
    /// occupied).
    LowestEmpty,
}

/// What the square of water does to a piece that lands on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// The piece goes to this square (rebirth), or to the lowest-numbered empty square when it
    /// is occupied.
    Rebirth(u8),
    /// The piece goes to the lowest-numbered empty square.
    LowestEmpty,
    /// The piece stays in the water. While it is there its side moves nothing else: a throw of
    /// `off` bears it off, any other throw sends it back to `rescue` (when empty, otherwise the
    /// throw is lost), and every such throw ends the turn. A piece sent back must be the next
    /// piece its side moves. Capturing a piece on `catch_from` or beyond sends it into the
    /// empty water instead of swapping, and is impossible while the water is occupied. While
    /// a side has a piece in the water or one sent back, its pairs do not protect.
    Hold {
        /// The throw that bears a piece off from the water (4).
        off: u8,
        /// The square a piece leaves the water to (15).
        rescue: u8,
        /// The first square on which a captured piece goes into the water (28).
        catch_from: u8,
    },
}

/// The square of water and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Water {
    /// The square of water (27).
    pub square: u8,
    /// What happens to a piece landing there.
    pub fate: Fate,
}

/// The parameters of a rule set, as the move generator reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Pieces per side.
    pub pieces: u8,
    /// Every throw distance with the number of the 16 stick patterns that give it.
    pub outcomes: [(Throw, u32); 5],
    /// Bitboard (bit `s` = square `s`) of squares on which a piece cannot be captured.
    pub safe: u32,
    /// Whether a piece with an own piece on a numerically adjacent square is protected.
    pub protect_pairs: bool,
    /// Length of the shortest run of one side's pieces that the opponent may not pass over
    /// (0: no barriers).
    pub barrier_len: u8,
    /// Bit `d` set: a throw of distance `d` earns another throw.
    pub extra_throw: u8,
    /// Where a captured piece goes.
    pub capture: Capture,
    /// Whether a backward move may capture (otherwise it needs an empty square).
    pub backward_capture: bool,
    /// A square that pieces behind it must land on exactly before going further (0: none).
    pub gate: u8,
    /// Bitboard of squares from which a piece moves only by bearing off exactly (to 31).
    pub exact_off: u32,
    /// Bitboard of squares from which a piece never moves backward.
    pub no_backward: u32,
    /// Bearing off only while every own piece stands on this square or beyond (1: always).
    pub home_from: u8,
    /// A piece on squares 1..=`queue` moves only when the square after it is empty (0: none).
    pub queue: u8,
    /// The square of water, if the rule set has one.
    pub water: Option<Water>,
}

const fn bit(s: u8) -> u32 {
    1 << s
}

const fn outcomes(no_white: Throw) -> [(Throw, u32); 5] {
    [
        (Throw::ONE, 4),
        (Throw::TWO, 6),
        (Throw::THREE, 4),
        (Throw::FOUR, 1),
        (no_white, 1),
    ]
}

const WIIBREW2009: Rules = Rules {
    pieces: 5,
    outcomes: outcomes(Throw::SIX),
    safe: bit(26) | bit(28) | bit(29) | bit(30),
    protect_pairs: true,
    barrier_len: 3,
    extra_throw: (1 << 1) | (1 << 3) | (1 << 6),
    capture: Capture::Swap,
    backward_capture: true,
    gate: 0,
    exact_off: 0,
    no_backward: 0,
    home_from: 1,
    queue: 0,
    water: Some(Water {
        square: 27,
        fate: Fate::Rebirth(15),
    }),
};

const KENDALL: Rules = Rules {
    pieces: 5,
    outcomes: outcomes(Throw::FIVE),
    safe: 0,
    protect_pairs: true,
    barrier_len: 0,
    extra_throw: (1 << 1) | (1 << 4) | (1 << 5),
    capture: Capture::Swap,
    backward_capture: true,
    gate: 26,
    exact_off: bit(28) | bit(29),
    no_backward: bit(27) | bit(28) | bit(29) | bit(30),
    home_from: 1,
    queue: 0,
    water: Some(Water {
        square: 27,
        fate: Fate::Hold {
            off: 4,
            rescue: 15,
            catch_from: 28,
        },
    }),
};

const JEQUIER: Rules = Rules {
    pieces: 5,
    outcomes: outcomes(Throw::SIX),
    safe: bit(26) | bit(28) | bit(29) | bit(30),
    protect_pairs: true,
    barrier_len: 3,
    extra_throw: (1 << 1) | (1 << 4) | (1 << 6),
    // SJ3: the swap (docs/rules.md): a captured piece goes to the square its captor left.
    capture: Capture::Swap,
    backward_capture: false,
    gate: 0,
    exact_off: 0,
    no_backward: 0,
    // SJ5: bearing off does not wait for the whole side to reach the last row.
    home_from: 1,
    queue: 10,
    water: Some(Water {
        square: 27,
        fate: Fate::LowestEmpty,
    }),
};

impl Variant {
    /// How many rule sets there are: every per-rule-set table is `[T; Variant::COUNT]`, so a
    /// new rule set without its entry fails to compile.
    pub const COUNT: usize = 3;

    /// Every variant the engine knows, the default first; `ALL[v.index()] == v`.
    pub const ALL: [Variant; Variant::COUNT] =
        [Variant::Wiibrew2009, Variant::Kendall, Variant::Jequier];

    /// This rule set's place in [`Variant::ALL`] (and in every per-rule-set table, and in
    /// saves).
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Variant::Wiibrew2009 => 0,
            Variant::Kendall => 1,
            Variant::Jequier => 2,
        }
    }

    /// The rule set at `index` in [`Variant::ALL`], if there is one.
    pub const fn from_index(index: usize) -> Option<Variant> {
        if index < Variant::COUNT {
            Some(Variant::ALL[index])
        } else {
            None
        }
    }

    /// The rule table of this variant.
    #[inline]
    pub const fn rules(self) -> &'static Rules {
        match self {
            Variant::Wiibrew2009 => &WIIBREW2009,
            Variant::Kendall => &KENDALL,
            Variant::Jequier => &JEQUIER,
        }
    }

    /// The name used on the command line and in logs.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Wiibrew2009 => "wiibrew2009",
            Variant::Kendall => "kendall",
            Variant::Jequier => "jequier",
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

    /// The throw given by `whites` white faces up (0..=4), or `None` for more than four.
    #[inline]
    pub const fn throw_from_whites(&self, whites: u32) -> Option<Throw> {
        match whites {
            0 => Some(self.outcomes[4].0),
            1..=4 => Throw::from_distance(whites as u8),
            _ => None,
        }
    }

    /// The throw that moves `distance` squares, if this rule set's sticks can give it.
    pub fn throw(&self, distance: u8) -> Option<Throw> {
        self.outcomes
            .iter()
            .map(|&(t, _)| t)
            .find(|t| t.distance() == distance)
    }

    /// Throws the four sticks: each of four random bits is one stick, 1 = white face up.
    pub fn sample<R: rand_core::RngCore + ?Sized>(&self, rng: &mut R) -> Throw {
        let whites = (rng.next_u32() & 0xF).count_ones();
        self.throw_from_whites(whites).unwrap_or(self.outcomes[4].0)
    }

    /// The water rule when pieces stay in the water (Kendall), as `(square, off, rescue,
    /// catch_from)`.
    #[inline]
    pub const fn holding_water(&self) -> Option<(u8, u8, u8, u8)> {
        match self.water {
            Some(Water {
                square,
                fate:
                    Fate::Hold {
                        off,
                        rescue,
                        catch_from,
                    },
            }) => Some((square, off, rescue, catch_from)),
            _ => None,
        }
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
    fn every_variant_sits_at_its_own_index_and_no_index_past_the_count_names_one() {
        for (i, v) in Variant::ALL.into_iter().enumerate() {
            assert_eq!(v.index(), i, "{v}");
            assert_eq!(Variant::from_index(i), Some(v));
        }
        assert_eq!(Variant::from_index(Variant::COUNT), None);
        assert_eq!(Variant::from_index(usize::MAX), None);
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
        assert_eq!(Variant::from_name("Kendall"), Some(Variant::Kendall));
        assert_eq!(Variant::from_name("piccione"), None);
    }

    #[test]
    fn wiibrew_throws_again_after_one_three_and_six_only() {
        let r = Variant::Wiibrew2009.rules();
        let again: [bool; 7] = core::array::from_fn(|d| r.throws_again(d as u8));
        assert_eq!(again, [false, true, false, true, false, false, true]);
    }

    #[test]
    fn every_variant_has_sixteen_stick_patterns_and_no_blank_throw_of_four_whites() {
        for v in Variant::ALL {
            let r = v.rules();
            let total: u32 = r.outcomes.iter().map(|&(_, w)| w).sum();
            assert_eq!(total, Throw::WEIGHT_TOTAL, "{v}");
            for whites in 0..=4 {
                let t = r.throw_from_whites(whites).expect("0..=4 whites");
                assert_eq!(r.throw(t.distance()), Some(t), "{v} {whites}");
            }
        }
    }
}
