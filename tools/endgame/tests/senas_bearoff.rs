//! The senas bear-off table against the rules read directly: the table's win probability equals
//! the exact two-sided expectimax (the game's generator and `apply`, both armies, gifts, tutes)
//! on every position of at most 3 pieces a side and stays within 1e-3 at 4, where one roll over
//! the table errs less; the distributions are distributions and grow with the work left; the
//! file is the same on two builds and reads back; no contact is what the rules say; the
//! benchmark takes the table as its truth.

use std::sync::OnceLock;

use endgame::benchmark::{build as build_set, Recipe};
use endgame::rollout::{Exact, Plan};
use endgame::senas_bearoff::brute::Brute;
use endgame::senas_bearoff::compare::compare;
use endgame::senas_bearoff::file::{decode, encode, Made};
use endgame::senas_bearoff::index::{self, army};
use endgame::senas_bearoff::lookahead::deeper;
use endgame::senas_bearoff::table::{build, mean, Table, TURNS};
use endgame::senas_bearoff::truth::{bearing_off, no_contact, value, Bearoff, Gen};
use senas_senet::ai::senas_game::Senas;
use senas_senet::games::senas::{Bag, Position, Side, HOLES};

fn table(n: usize) -> Table {
    build(n, |_| {}).expect("the table builds").0
}

/// Pieces of the large table the tests build once: every placement of up to 12 pieces (18 564
/// of the 54 264; the 15-piece table takes over a minute a build, the 12-piece one about a
/// third of that). `make tables-senas` builds the whole table with the same code.
const LARGE: usize = 12;

/// The large table, built once for the tests that need it.
fn full() -> &'static Table {
    static FULL: OnceLock<Table> = OnceLock::new();
    FULL.get_or_init(|| table(LARGE))
}

#[test]
fn the_table_is_the_exact_two_sided_value_up_to_three_pieces_a_side() {
    let t = table(3);
    let r = compare(&t, 3).expect("every position compares");
    let (plain, gifted, states) = (r.plain, r.gifted, r.states);
    assert!(r.plain_deeper.max < 1e-12, "{:?}", r.plain_deeper);
    assert!(r.gifted_deeper.max < 1e-12, "{:?}", r.gifted_deeper);
    // 83 non-empty placements of at most 3 pieces a side.
    assert_eq!(plain.positions, 83 * 83);
    assert_eq!(gifted.positions, 83 * 83 * 8);
    assert!(states > plain.positions, "{states}");
    assert!(plain.max < 1e-12, "{plain:?}");
    assert!(gifted.max < 1e-12, "{gifted:?}");
}

#[test]
fn with_four_pieces_the_policy_of_fewest_expected_turns_costs_little_and_a_roll_deeper_less() {
    // Minimising the expected turns is not always maximising the chance to finish first; with
    // four pieces a side the two differ (measured: max 4.4e-4 over all 43 681 positions). One
    // roll over the table (the mover's own choice by win chance) comes closer.
    let t = table(4);
    let mut brute = Brute::default();
    let mut gen = Gen::default();
    let sides = index::all(4);
    let (mut worst, mut sum, mut sum_deeper) = (0.0f64, 0.0, 0.0);
    for m in sides.iter().skip(1).step_by(7) {
        for o in sides.iter().skip(1).step_by(5) {
            let pos = Position::from_armies(army(m), army(o), Side::Black).expect("apart");
            let exact = brute.value(&pos).expect("solves");
            let v = value(&t, &mut gen, &pos).expect("covered");
            let d = deeper(&t, &mut gen, &pos).expect("covered");
            worst = worst.max((exact - v).abs()).max((exact - d).abs());
            sum += (exact - v).abs();
            sum_deeper += (exact - d).abs();
        }
    }
    assert!(worst < 1e-3, "{worst}");
    assert!(sum > 0.0 && sum_deeper < sum, "{sum_deeper} against {sum}");
}

#[test]
fn distributions_sum_to_one_and_more_work_takes_longer() {
    let t = full();
    assert_eq!(t.dist.len(), 18_564);
    let every = index::all(LARGE);
    for (p, d) in every.iter().zip(&t.dist) {
        let sum: f64 = d.iter().sum();
        assert!((sum - 1.0).abs() < 1e-9, "{p:?} sums to {sum}");
        assert_eq!(d[0] > 0.0, index::pieces(p) == 0, "{p:?}");
        // One piece more (on the rearmost hole) never bears off sooner on average.
        if index::pieces(p) < LARGE {
            let mut q = *p;
            q[0] += 1;
            let more = t.get(&q).expect("in the table");
            assert!(mean(more) >= mean(d) - 1e-12, "{p:?} against {q:?}");
        }
    }
    // Any roll bears one piece off from sena 4 (three sub-moves of at least 1, 2, 3 pips).
    assert!((t.get(&[1, 0, 0, 0, 0, 0]).expect("held")[1] - 1.0).abs() < 1e-12);
    // Twelve on path 18: 72 pips, at most 36 a roll (a tute), so one turn needs two tutes
    // (6-6-6, the same turn rolls on): possible, but below 1 in 216^2.
    let full = t.get(&[12, 0, 0, 0, 0, 0]).expect("held");
    assert!(
        full[1] > 0.0 && full[1] <= 1.0 / 216.0 / 216.0,
        "{}",
        full[1]
    );
    assert!(full[..3].iter().sum::<f64>() < 1e-3);
    assert_eq!(full[TURNS - 1], 0.0);
    // The mover finishes first on equal turns: one piece each, the mover always wins.
    let one = [0, 0, 0, 0, 0, 1];
    assert!((t.win(&one, &one).expect("held") - 1.0).abs() < 1e-12);
    // Equal races: each side wins more than half when it moves first (ties are the mover's).
    let race = [3, 2, 0, 1, 0, 4];
    let v = t.win(&race, &race).expect("held");
    assert!(v > 0.5 && v < 1.0, "{v}");
}

#[test]
fn the_file_is_the_same_on_two_builds_and_reads_back() {
    let made = Made {
        command: "test".into(),
        seconds: 1.5,
        generations: 7,
    };
    let a = encode(&table(5), &made);
    let b = encode(&table(5), &made);
    assert_eq!(a, b);
    let back = decode(&a).expect("reads back");
    let t = table(5);
    assert_eq!(back.n, 5);
    for (x, y) in back.dist.iter().zip(&t.dist) {
        for (p, q) in x.iter().zip(y) {
            assert!((p - q).abs() <= 0.5 / 65535.0 + 1e-15);
        }
    }
    let text = String::from_utf8_lossy(&a);
    assert!(text.contains("entries: 462\n") && text.contains("command: test\n"));
    // The whole table through its file: what the quantisation costs a win probability.
    let whole = decode(&encode(full(), &made)).expect("reads back");
    let every = index::all(LARGE);
    let mut worst = 0.0f64;
    for m in every.iter().skip(1).step_by(97) {
        for o in every.iter().skip(1).step_by(89) {
            let exact = full().win(m, o).expect("held");
            worst = worst.max((whole.win(m, o).expect("held") - exact).abs());
        }
    }
    eprintln!("largest quantisation error of a win probability: {worst:.2e}");
    assert!(worst < 2e-4, "{worst}");
    let mut bad = a.clone();
    let last = bad.len() - 1;
    bad[last] ^= 1;
    assert!(decode(&bad).unwrap_err().contains("checksum"));
    assert!(decode(&a[..a.len() - 3]).is_err());
}

fn board(white: &[(usize, i8)], black: &[(usize, i8)]) -> Position {
    let mut b = [0i8; HOLES];
    for &(h, c) in white {
        b[h] = c;
    }
    for &(h, c) in black {
        b[h] = -c;
    }
    let w: i8 = white.iter().map(|x| x.1).sum();
    let k: i8 = black.iter().map(|x| x.1).sum();
    Position::from_board(&b, (15 - w) as u8, (15 - k) as u8, Side::White).expect("legal board")
}

#[test]
fn no_contact_means_every_white_piece_is_past_every_black_one() {
    assert!(!no_contact(&Position::start(Side::White)));
    // Both bearing off.
    assert!(no_contact(&board(&[(18, 2), (23, 1)], &[(0, 3), (5, 1)])));
    // Passed but not yet bearing off: no contact, and not in the table.
    let passed = board(&[(10, 2)], &[(9, 1)]);
    assert!(no_contact(&passed));
    assert_eq!(Bearoff(table(3)).exact(&passed), None);
    // Still to pass each other.
    assert!(!no_contact(&board(&[(9, 2)], &[(10, 1)])));
    assert!(!no_contact(&board(&[(18, 1), (2, 1)], &[(0, 1), (20, 1)])));
}

#[test]
fn the_truth_covers_bear_offs_and_refuses_waiting_tute_sixes() {
    let t = Bearoff(table(3));
    let pos = board(&[(20, 2)], &[(1, 1)]);
    let v = t.exact(&pos).expect("both bear off");
    assert!((0.0..=1.0).contains(&v));
    let mut brute = Brute::default();
    assert!((brute.value(&pos).expect("solves") - v).abs() < 1e-12);
    let six = Bag::from_values(&[6]).expect("one die");
    assert_eq!(t.exact(&pos.with_outgoing(six)), None);
    // A gift of one six bears White's rearmost piece off before it rolls: worth more than none.
    assert!(t.exact(&pos.with_gift(six)).expect("covered") > v);
    // More pieces than the table holds.
    assert_eq!(t.exact(&board(&[(20, 4)], &[(1, 1)])), None);
}

#[test]
fn the_senas_benchmark_values_bear_off_candidates_from_the_table() {
    let truth = Bearoff(full().clone());
    let recipe = Recipe {
        decisions: 60,
        every: 3,
        keep: 4,
        plan: Plan {
            steps: 2,
            trials: 2,
            reduce: false,
        },
        seed: 11,
    };
    let set = build_set::<Senas, _>((), &truth, &recipe, 2);
    assert_eq!(set.len(), 60);
    let mut from_table = 0;
    for d in &set {
        for c in d.cands.iter().filter(|c| c.exact) {
            assert!(c.b.is_empty() && (0.0..=1.0).contains(&c.value));
        }
        // A bear-off the table holds (at most LARGE pieces a side, no tute sixes waiting).
        if bearing_off(&d.pos).is_some() && truth.exact(&d.pos).is_some() {
            assert!(d.cands.iter().all(|c| c.exact), "{}", d.pos);
            from_table += 1;
        }
    }
    assert!(from_table > 0, "no bear-off decision among {}", set.len());
}
