//! First-layer sums of the learned evaluators (`senas::net`, `senet::net`) changed by a list of
//! input changes: each change adds `delta` times its input's weight row to the hidden units'
//! sums. Integer wrapping arithmetic, so the sums are exactly the ones a full evaluation
//! computes whatever order the changes come in (addition is exact and commutative). Owns only
//! this loop; knows nothing of positions or encodings.

use heapless::Vec;

/// Hidden units of both networks.
pub const HIDDEN: usize = 32;

/// Hidden units summed at a time: sixteen accumulators stay in registers on the Wii's 32
/// general registers (a whole row of 32 does not), so each change costs a load and an add per
/// unit instead of a load, an add and a store.
const CHUNK: usize = 16;
const _: () = assert!(HIDDEN.is_multiple_of(CHUNK));

/// Input changes: (input index, new value minus old value), at most `N`.
pub type Changes<const N: usize> = Vec<(u16, i32), N>;

/// Adds `delta x W1[input]` to `pre` for every change, with no multiply for the changes of
/// +1 and -1 (most of them).
pub fn apply_changes(pre: &mut [i32; HIDDEN], w1: &[[i16; HIDDEN]], changes: &[(u16, i32)]) {
    let (lo, hi) = pre.split_at_mut(CHUNK);
    for (c, part) in [lo, hi].into_iter().enumerate() {
        let mut acc = [0i32; CHUNK];
        acc.copy_from_slice(part);
        for &(i, d) in changes {
            let Some(row) = w1.get(usize::from(i)) else {
                continue;
            };
            let Some(row) = row[c * CHUNK..].first_chunk::<CHUNK>() else {
                continue;
            };
            match d {
                1 => {
                    for j in 0..CHUNK {
                        acc[j] = acc[j].wrapping_add(i32::from(row[j]));
                    }
                }
                -1 => {
                    for j in 0..CHUNK {
                        acc[j] = acc[j].wrapping_sub(i32::from(row[j]));
                    }
                }
                _ => {
                    for j in 0..CHUNK {
                        acc[j] = acc[j].wrapping_add(d.wrapping_mul(i32::from(row[j])));
                    }
                }
            }
        }
        part.copy_from_slice(&acc);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_add_their_rows_times_the_delta_in_any_order() {
        let mut w1 = [[0i16; HIDDEN]; 3];
        for (r, row) in w1.iter_mut().enumerate() {
            for (h, x) in row.iter_mut().enumerate() {
                *x = (r as i16 + 1) * 100 - h as i16 * 7;
            }
        }
        let mut a = [5i32; HIDDEN];
        let mut b = a;
        let list: Changes<4> = Vec::from_slice(&[(0, 1), (2, -1), (1, 300), (7, 9)]).unwrap();
        apply_changes(&mut a, &w1, &list);
        let mut rev = list.clone();
        rev.reverse();
        apply_changes(&mut b, &w1, &rev);
        assert_eq!(a, b);
        for h in 0..HIDDEN {
            let want = 5 + i32::from(w1[0][h]) - i32::from(w1[2][h]) + 300 * i32::from(w1[1][h]);
            assert_eq!(a[h], want, "unit {h} (the out-of-range input 7 is ignored)");
        }
    }
}
