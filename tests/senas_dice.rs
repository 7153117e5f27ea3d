//! Senas dice (S3, S5, decision 2): the 56 distinct rolls and their weights out of 216, and a
//! chi-square check of 10^6 seeded draws, per face and per distinct roll.

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use senas_senet::games::senas::{die, Roll, DISTINCT_ROLLS};

#[test]
fn the_56_distinct_rolls_weigh_216_and_match_every_ordered_throw() {
    let outcomes = Roll::outcomes();
    assert_eq!(outcomes.len(), DISTINCT_ROLLS);
    assert_eq!(
        outcomes.iter().map(|&(_, w)| u32::from(w)).sum::<u32>(),
        216
    );
    for &(roll, weight) in &outcomes {
        let mut ordered = 0;
        for a in 1..=6 {
            for b in 1..=6 {
                for c in 1..=6 {
                    if Roll::new(a, b, c) == Some(roll) {
                        ordered += 1;
                    }
                }
            }
        }
        assert_eq!(ordered, weight, "{roll}");
    }
}

#[test]
fn dice_values_outside_one_to_six_are_refused() {
    assert_eq!(Roll::new(0, 1, 2), None);
    assert_eq!(Roll::new(1, 7, 2), None);
}

/// Pearson's statistic of `counts` against `expected` (same total).
fn chi_square(counts: &[u64], expected: &[f64]) -> f64 {
    counts
        .iter()
        .zip(expected)
        .map(|(&o, &e)| {
            let d = o as f64 - e;
            d * d / e
        })
        .sum()
}

#[test]
fn a_million_dice_pass_a_chi_square_test_per_face() {
    let mut rng = Pcg64Mcg::seed_from_u64(2024);
    let mut counts = [0u64; 6];
    let n = 1_000_000;
    for _ in 0..n {
        counts[usize::from(die(&mut rng) - 1)] += 1;
    }
    let stat = chi_square(&counts, &[n as f64 / 6.0; 6]);
    // 5 degrees of freedom: the 0.999 quantile is 20.52.
    assert!(stat < 20.52, "chi-square {stat} for {counts:?}");
}

#[test]
fn a_million_rolls_pass_a_chi_square_test_per_distinct_roll() {
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let outcomes = Roll::outcomes();
    let mut counts = [0u64; DISTINCT_ROLLS];
    let n = 1_000_000u64;
    for _ in 0..n {
        let r = Roll::sample(&mut rng);
        let i = outcomes
            .iter()
            .position(|&(o, _)| o == r)
            .expect("every roll is listed");
        counts[i] += 1;
    }
    let expected: Vec<f64> = outcomes
        .iter()
        .map(|&(_, w)| n as f64 * f64::from(w) / 216.0)
        .collect();
    let stat = chi_square(&counts, &expected);
    // 55 degrees of freedom: the 0.999 quantile is 93.17.
    assert!(stat < 93.17, "chi-square {stat}");
}
