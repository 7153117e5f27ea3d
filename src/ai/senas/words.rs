//! A senas army's packed counts (`Army::bits`: a nibble per path index, nibble 24 borne off)
//! read as four 32-bit words, for the evaluators: occupancy, pip counts and piece sums over
//! path ranges with 32-bit operations only (the Wii's Broadway is a 32-bit core, where every
//! 128-bit shift by a variable amount is a long sequence). Pure functions; the same integers as
//! reading the counts one by one (tests below). Knows nothing of features or weights.

use crate::games::senas::Army;

/// Word `w` holds the counts of paths `8w..8w + 7` (nibble `i`: path `8w + i`); word 3 holds
/// the borne-off count (its only nibble).
pub type Words = [u32; 4];

/// The low bit of every nibble of a word.
const LOW: u32 = 0x1111_1111;
/// Every other nibble.
const EVEN: u32 = 0x0F0F_0F0F;

/// The army's counts as words.
pub fn words(army: Army) -> Words {
    let b = army.bits();
    [
        b as u32,
        (b >> 32) as u32,
        (b >> 64) as u32,
        (b >> 96) as u32 & 0xF,
    ]
}

/// One bit (the nibble's low bit) per non-zero nibble of `x`.
pub fn nonzero_nibbles(x: u32) -> u32 {
    (x | (x >> 1) | (x >> 2) | (x >> 3)) & LOW
}

/// The eight nibble flags of [`nonzero_nibbles`] packed into the low eight bits.
fn pack_flags(y: u32) -> u32 {
    let y = (y | (y >> 3)) & 0x0303_0303;
    let y = (y | (y >> 6)) & 0x000F_000F;
    (y | (y >> 12)) & 0xFF
}

/// Set of occupied path indices (bit `p` for path `p`), as `Army::occupancy`.
pub fn occupancy(w: &Words) -> u32 {
    pack_flags(nonzero_nibbles(w[0]))
        | (pack_flags(nonzero_nibbles(w[1])) << 8)
        | (pack_flags(nonzero_nibbles(w[2])) << 16)
}

/// Sum of the eight nibbles of `x`.
pub fn nibble_sum(x: u32) -> i32 {
    let s = (x & EVEN) + ((x >> 4) & EVEN);
    // Bytes of at most 30, their sum at most 120: no carry between bytes.
    (s.wrapping_mul(0x0101_0101) >> 24) as i32
}

/// Sum of `i * nibble i` over the eight nibbles of `x`.
fn weighted_nibble_sum(x: u32) -> i32 {
    let e = x & EVEN;
    let o = (x >> 4) & EVEN;
    let s = e + o;
    // Byte 3 of s * 0x00010203 is sum_b b * s_b (every byte of the product stays below 256);
    // nibble i = 2b (even, in e) or 2b + 1 (odd, in o): sum = 2 sum_b b s_b + sum_b o_b.
    let bs = (s.wrapping_mul(0x0001_0203) >> 24) as i32;
    2 * bs + nibble_sum(o)
}

/// Pips to go: `sum_p count(p) * (24 - p)` over the 24 paths.
pub fn pips(w: &Words) -> i32 {
    let mut total = 0;
    for (k, &x) in w.iter().take(3).enumerate() {
        let base = 24 - 8 * k as i32;
        total += base * nibble_sum(x) - weighted_nibble_sum(x);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::senas::{HOLES, PIECES};
    use rand_core::RngCore;
    use rand_pcg::Pcg32;

    #[test]
    fn the_word_sums_equal_the_counts_read_one_by_one_on_random_armies() {
        let mut rng = Pcg32::new(4, 4);
        for n in 0..20_000 {
            let mut counts = [0u8; HOLES];
            let off = (rng.next_u32() % 16) as u8;
            // Every fifth army piles everything on one hole (15 pieces: a full nibble).
            let pile = (n % 5 == 0).then(|| (rng.next_u32() % HOLES as u32) as usize);
            for _ in off..PIECES {
                counts[pile.unwrap_or((rng.next_u32() % HOLES as u32) as usize)] += 1;
            }
            let army = Army::from_counts(&counts, off).expect("fifteen pieces");
            let w = words(army);
            assert_eq!(occupancy(&w), army.occupancy());
            let want: i32 = (0..HOLES)
                .map(|p| i32::from(army.count(p)) * (HOLES - p) as i32)
                .sum();
            assert_eq!(pips(&w), want, "{counts:?}");
            let first: i32 = (1..6).map(|p| i32::from(army.count(p))).sum();
            assert_eq!(nibble_sum(w[0] & 0x00FF_FFF0), first);
            let home: i32 = (18..24).map(|p| i32::from(army.count(p))).sum();
            assert_eq!(nibble_sum(w[2] & 0xFFFF_FF00), home);
            assert_eq!(w[3] & 0xF, u32::from(army.off()));
        }
    }
}
