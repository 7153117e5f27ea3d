//! The square of water (27): a piece that lands there goes to the square of rebirth (15), or,
//! when 15 is occupied, to the lowest-numbered empty square (WiiBrew); straight to the
//! lowest-numbered empty square (Jequier); or stays there (Kendall: see `moves.rs`).
//!
//! Pure function of the landing square and the occupied squares after the move; it never
//! checks barriers (the piece is placed, it does not travel).

use super::board::{bit, ALL_SQUARES};
use super::variant::{Fate, Rules};

/// Where a piece that lands on `square` comes to rest, given the squares `occupied` by every
/// other piece (the moving piece already lifted).
#[inline]
pub fn resting_square(rules: &Rules, square: u8, occupied: u32) -> u8 {
    // At most 9 other pieces: some square among 1..=10 is free.
    let lowest = (!occupied & ALL_SQUARES).trailing_zeros() as u8;
    match rules.water {
        Some(w) if square == w.square => match w.fate {
            Fate::Rebirth(r) if occupied & bit(r) == 0 => r,
            Fate::Rebirth(_) | Fate::LowestEmpty => lowest,
            Fate::Hold { .. } => square,
        },
        _ => square,
    }
}

#[cfg(test)]
mod tests {
    use super::super::variant::Variant;
    use super::*;

    fn rules() -> &'static Rules {
        Variant::Wiibrew2009.rules()
    }

    #[test]
    fn landing_on_water_goes_to_rebirth() {
        assert_eq!(resting_square(rules(), 27, bit(1) | bit(2)), 15);
    }

    #[test]
    fn occupied_rebirth_sends_to_lowest_empty_square() {
        let occ = bit(15) | bit(1) | bit(2) | bit(4);
        assert_eq!(resting_square(rules(), 27, occ), 3);
        assert_eq!(resting_square(rules(), 27, bit(15)), 1);
    }

    #[test]
    fn jequier_water_sends_to_the_lowest_empty_square_even_with_15_free() {
        let r = Variant::Jequier.rules();
        assert_eq!(resting_square(r, 27, bit(1) | bit(3)), 2);
    }

    #[test]
    fn kendall_water_keeps_the_piece() {
        assert_eq!(resting_square(Variant::Kendall.rules(), 27, 0), 27);
    }

    #[test]
    fn other_squares_are_left_alone() {
        assert_eq!(resting_square(rules(), 26, 0), 26);
        assert_eq!(resting_square(rules(), 28, bit(15)), 28);
    }
}
