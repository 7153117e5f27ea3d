//! The placements of one senas side's pieces on its sena 4 (paths 18..23, holes of the bear-off)
//! with the rest borne off, and their ranks: every placement of 0..=15 pieces on the 6 holes,
//! ordered by the number of pieces first (so the placements of at most N pieces are a prefix of
//! the ranks, and a table of N pieces is the start of the 15-piece one), then by stars-and-bars
//! rank. 54 264 ranks in all (rank 0: every piece off). Pure arithmetic; no rules here.

use senas_senet::games::senas::{Army, HOLES, PIECES, SENA};

// C(n, k): the senet index's (one copy of the arithmetic; n up to 21 here, within its range).
use crate::index::choose;

/// Holes of the bear-off (sena 4).
pub const SLOTS: usize = SENA;
/// The first path of sena 4.
pub const FIRST: usize = HOLES - SENA;
/// Pieces a side.
pub const MAX: usize = PIECES as usize;

/// Pieces on paths 18..23 (index 0 = path 18).
pub type Placement = [u8; SLOTS];

/// Placements of exactly `n` pieces on `k` holes: C(n + k - 1, k - 1).
const fn exactly(n: usize, k: usize) -> usize {
    if k == 0 {
        return if n == 0 { 1 } else { 0 };
    }
    choose(n + k - 1, k - 1)
}

/// Placements of at most `n` pieces on the 6 holes (the ranks a table of `n` pieces holds).
pub const fn count(n: usize) -> usize {
    choose(n + SLOTS, SLOTS)
}

/// Pieces still on the board.
pub fn pieces(p: &Placement) -> usize {
    p.iter().map(|&c| usize::from(c)).sum()
}

/// Pips to bear every piece off (24 - path per piece).
pub fn pips(p: &Placement) -> usize {
    p.iter()
        .enumerate()
        .map(|(i, &c)| (SLOTS - i) * usize::from(c))
        .sum()
}

/// The rank of `p` (which must hold at most 15 pieces).
pub fn rank(p: &Placement) -> usize {
    let n = pieces(p);
    let mut r = if n == 0 { 0 } else { count(n - 1) };
    let mut left = n;
    for (i, &c) in p.iter().enumerate().take(SLOTS - 1) {
        for j in 0..usize::from(c) {
            r += exactly(left - j, SLOTS - 1 - i);
        }
        left -= usize::from(c);
    }
    r
}

/// Every placement of at most `n` pieces, in rank order.
pub fn all(n: usize) -> Vec<Placement> {
    let mut out = Vec::with_capacity(count(n));
    for total in 0..=n {
        let mut p = [0u8; SLOTS];
        fill(&mut p, 0, total, &mut out);
    }
    out
}

/// Pushes every placement of exactly `left` pieces on holes `i..` (after `p[..i]`), in rank order.
fn fill(p: &mut Placement, i: usize, left: usize, out: &mut Vec<Placement>) {
    if i == SLOTS - 1 {
        p[i] = left as u8;
        out.push(*p);
        return;
    }
    for c in 0..=left {
        p[i] = c as u8;
        fill(p, i + 1, left - c, out);
    }
    p[i] = 0;
}

/// The placement of `army` when every piece it has on the board stands in sena 4; `None` if a
/// piece stands before it.
pub fn placement(army: Army) -> Option<Placement> {
    let counts = army.counts();
    if counts[..FIRST].iter().any(|&c| c > 0) {
        return None;
    }
    let mut p = [0u8; SLOTS];
    p.copy_from_slice(&counts[FIRST..]);
    Some(p)
}

/// The army of `p`, the other pieces borne off.
pub fn army(p: &Placement) -> Army {
    let mut counts = [0u8; HOLES];
    counts[FIRST..].copy_from_slice(p);
    let off = (MAX - pieces(p)) as u8;
    Army::from_counts(&counts, off).expect("at most 15 pieces on the board and off together")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_count_every_placement_once_in_order_and_fewer_pieces_come_first() {
        assert_eq!(count(15), 54_264);
        let every = all(MAX);
        assert_eq!(every.len(), 54_264);
        for (i, p) in every.iter().enumerate() {
            assert_eq!(rank(p), i, "{p:?}");
        }
        for n in 0..=MAX {
            assert!(every[..count(n)].iter().all(|p| pieces(p) <= n));
            assert!(every[count(n)..].iter().all(|p| pieces(p) > n));
        }
        assert_eq!(every[0], [0; SLOTS]);
        assert_eq!(pips(&[15, 0, 0, 0, 0, 0]), 90);
        assert_eq!(pips(&[0, 0, 0, 0, 0, 2]), 2);
    }

    #[test]
    fn armies_round_trip_and_a_piece_before_sena_four_has_no_placement() {
        for p in all(3) {
            assert_eq!(placement(army(&p)), Some(p));
        }
        assert_eq!(placement(Army::START), None);
    }
}
