//! Barriers: runs of `barrier_len` (3) or more consecutive squares held by one side, which the
//! opponent may not pass over (their owner may).
//!
//! Bitboard arithmetic only. [`blocked_forward`] and [`blocked_backward`] turn a barrier into the
//! set of starting squares whose move of a given distance would cross it.

use super::variant::Rules;

/// The squares of `pieces` that belong to a run of at least `rules.barrier_len` pieces.
#[inline]
pub fn barrier(pieces: u32, rules: &Rules) -> u32 {
    let len = rules.barrier_len as u32;
    if len == 0 {
        return 0;
    }
    // starts: bit s set when squares s..s+len-1 are all held.
    let mut starts = pieces;
    for k in 1..len {
        starts &= pieces >> k;
    }
    let mut run = starts;
    for k in 1..len {
        run |= starts << k;
    }
    run
}

/// The squares `s` from which a forward move of `distance` would pass over or land in `barrier`:
/// some square in `s+1..=s+distance` is a barrier square.
#[inline]
pub fn blocked_forward(barrier: u32, distance: u8) -> u32 {
    let mut blocked = 0;
    for k in 1..=distance as u32 {
        blocked |= barrier >> k;
    }
    blocked
}

/// The squares `s` from which a backward move of `distance` would pass over or land in
/// `barrier`: some square in `s-distance..s` is a barrier square.
#[inline]
pub fn blocked_backward(barrier: u32, distance: u8) -> u32 {
    let mut blocked = 0;
    for k in 1..=distance as u32 {
        blocked |= barrier << k;
    }
    blocked
}

#[cfg(test)]
mod tests {
    use super::super::board::bit;
    use super::super::variant::Variant;
    use super::*;

    fn rules() -> &'static Rules {
        Variant::Wiibrew2009.rules()
    }

    #[test]
    fn two_in_a_row_is_not_a_barrier() {
        assert_eq!(barrier(bit(5) | bit(6), rules()), 0);
        assert_eq!(barrier(bit(5) | bit(6) | bit(8), rules()), 0);
    }

    #[test]
    fn three_or_more_in_a_row_is_a_barrier() {
        let three = bit(12) | bit(13) | bit(14);
        assert_eq!(barrier(three | bit(20), rules()), three);
        let five = three | bit(15) | bit(16);
        assert_eq!(barrier(five, rules()), five);
    }

    #[test]
    fn a_barrier_blocks_moves_that_cross_it_in_either_direction() {
        let b = bit(12) | bit(13) | bit(14);
        let fwd = blocked_forward(b, 4);
        assert_ne!(fwd & bit(10), 0, "10 -> 14 enters the barrier");
        assert_ne!(fwd & bit(11), 0, "11 -> 15 crosses it");
        assert_eq!(fwd & bit(7), 0, "7 -> 11 stops short");
        assert_eq!(fwd & bit(15), 0, "15 is past it");
        let back = blocked_backward(b, 4);
        assert_ne!(back & bit(16), 0, "16 -> 12 enters it");
        assert_eq!(back & bit(19), 0, "19 -> 15 stops short");
        assert_eq!(back & bit(11), 0, "11 is behind it");
    }
}
