//! Property tests for senet, every variant: random playouts to the end checked against a plain
//! square-by-square reference of each rule set, `check_move` agreeing with `legal_moves`, seeded replay, and the
//! stick distribution (chi-square over 10^6 throws). Host only (proptest).

use proptest::prelude::*;
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use senas_senet::games::senet::{
    apply, check_move, check_pass, legal_moves, Move, MoveList, Position, Side, Throw, Variant,
    MAX_MOVES, OFF,
};

const V: Variant = Variant::Wiibrew2009;

/// No random game has come close to this many throws; a game longer than this is a bug.
const MAX_THROWS: u32 = 100_000;

/// The throws that earn another throw, by variant, as `docs/rules.md` states them.
fn extra(v: Variant) -> [u8; 3] {
    match v {
        Variant::Wiibrew2009 => [1, 3, 6],
        Variant::Kendall => [1, 4, 5],
        Variant::Jequier => [1, 4, 6],
    }
}

/// The rules read literally, one square at a time: (from, to) pairs, (0, 0) for a pass.
fn reference_moves(p: &Position, t: Throw) -> Vec<(u8, u8)> {
    let v = p.variant();
    let kendall = v == Variant::Kendall;
    let jequier = v == Variant::Jequier;
    let me = p.side_to_move();
    let opp = me.other();
    let d = t.distance();
    let is = |s: i32, side: Side| (1..=30).contains(&s) && p.at(s as u8) == Some(side);
    if kendall && is(27, me) {
        // The piece in the water: off with a 4, else back to 15 if free, else nothing.
        return if d == 4 {
            vec![(27, OFF)]
        } else if p.at(15).is_none() {
            vec![(27, 15)]
        } else {
            vec![(0, 0)]
        };
    }
    let safe: &[i32] = if kendall { &[] } else { &[26, 28, 29, 30] };
    let opp_in_trouble = kendall && (is(27, opp) || p.bound(opp));
    let water_full = p.at(27).is_some();
    let protected = |s: i32| {
        is(s, opp)
            && (safe.contains(&s)
                || (!opp_in_trouble && (is(s - 1, opp) || is(s + 1, opp)))
                || (kendall && (s == 27 || (s >= 28 && water_full))))
    };
    let in_barrier =
        |s: i32| !kendall && (0..3).any(|k| (0..3).all(|j| is(s - k + j, opp))) && is(s, opp);
    let mine: Vec<i32> = (1..=30).filter(|&s| is(s, me)).collect();
    let try_move = |from: i32, to: i32| -> Option<(u8, u8)> {
        let forward = to > from;
        if kendall && p.bound(me) && from != 15 {
            return None;
        }
        if jequier && from <= 10 && p.at(from as u8 + 1).is_some() {
            return None;
        }
        if kendall && !forward && from >= 27 {
            return None;
        }
        if kendall
            && forward
            && ((from < 26 && to > 26) || ((from == 28 || from == 29) && to != 31))
        {
            return None;
        }
        let (lo, hi) = if forward {
            (from + 1, to.min(30))
        } else {
            (to, from - 1)
        };
        if to < 1 || (lo..=hi).any(in_barrier) {
            return None;
        }
        if to > 30 {
            return Some((from as u8, OFF));
        }
        if is(to, me) || protected(to) || (jequier && !forward && is(to, opp)) {
            return None;
        }
        Some((from as u8, to as u8))
    };
    let fwd: Vec<_> = mine
        .iter()
        .filter_map(|&s| try_move(s, s + i32::from(d)))
        .collect();
    if !fwd.is_empty() {
        return fwd;
    }
    let back: Vec<_> = mine
        .iter()
        .filter_map(|&s| try_move(s, s - i32::from(d)))
        .collect();
    if !back.is_empty() {
        return back;
    }
    vec![(0, 0)]
}

/// What the reference says follows a move: squares, borne-off counts, side to move, and which
/// sides are bound to move their piece sent back from the water.
type RefAfter = ([Option<Side>; 31], [u8; 2], Side, [bool; 2]);

/// The rules of playing a move read literally, on an array of squares.
fn reference_apply(p: &Position, m: Move) -> RefAfter {
    let v = p.variant();
    let kendall = v == Variant::Kendall;
    let me = p.side_to_move();
    let mut sq = [None; 31];
    for (s, cell) in sq.iter_mut().enumerate().skip(1) {
        *cell = p.at(s as u8);
    }
    let mut bound = [p.bound(Side::A), p.bound(Side::B)];
    let in_water = kendall && sq[27] == Some(me);
    let mut off = [p.borne_off(Side::A), p.borne_off(Side::B)];
    if !m.is_pass() {
        let (from, to) = (usize::from(m.from()), usize::from(m.to()));
        sq[from] = None;
        if to == 31 {
            off[me.index()] += 1;
        } else if in_water {
            sq[15] = Some(me);
            bound[me.index()] = true;
        } else {
            if let Some(other) = sq[to] {
                // Every rule set swaps (Jequier: SJ3), except Kendall's capture on 28..30.
                let dest = match v {
                    Variant::Kendall if to >= 28 => 27,
                    _ => from,
                };
                sq[dest] = Some(other);
            }
            let lowest = |sq: &[Option<Side>; 31]| {
                (1..=30)
                    .find(|&s| sq[s].is_none() && s != to)
                    .expect("a free square")
            };
            let rest = match (v, to) {
                (Variant::Wiibrew2009, 27) if sq[15].is_none() => 15,
                (Variant::Wiibrew2009 | Variant::Jequier, 27) => lowest(&sq),
                _ => to,
            };
            sq[rest] = Some(me);
            if from == 15 {
                bound[me.index()] = false;
            }
        }
        for side in Side::BOTH {
            if sq[15] != Some(side) {
                bound[side.index()] = false;
            }
        }
    }
    let again = !in_water && extra(v).contains(&m.throw().distance());
    (sq, off, if again { me } else { me.other() }, bound)
}

fn check_invariants(p: &Position) {
    for side in Side::BOTH {
        assert_eq!(
            p.squares(side).count() as u8 + p.borne_off(side),
            5,
            "pieces of {side} are conserved in {}",
            p.board_string()
        );
    }
    assert_eq!(
        p.board(Side::A) & p.board(Side::B),
        0,
        "one piece per square"
    );
    if p.variant() != Variant::Kendall {
        assert_eq!(p.at(27), None, "nothing rests on the square of water");
    }
    for side in Side::BOTH {
        assert!(
            !p.bound(side) || p.at(15) == Some(side),
            "bound without a piece on 15"
        );
    }
    assert_eq!(
        (p.board(Side::A) | p.board(Side::B)) & !(((1 << 31) - 1) & !1),
        0
    );
}

/// Plays one game between two random players, checking every step. Returns the moves played.
fn checked_playout(v: Variant, seed: u64) -> Vec<Move> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let first = Throw::throw_off(&mut rng);
    let mut p = Position::start(v, first);
    let mut record = Vec::new();
    let mut list = MoveList::new();
    for _ in 0..MAX_THROWS {
        if p.winner().is_some() {
            return record;
        }
        let t = v.rules().sample(&mut rng);
        legal_moves(&p, t, &mut list);
        let got: Vec<(u8, u8)> = list.iter().map(|m| (m.from(), m.to())).collect();
        assert_eq!(
            got,
            reference_moves(&p, t),
            "moves for {t} in {}",
            p.board_string()
        );
        let m = list[(rng.next_u32() as usize) % list.len()];
        let accepted = if m.is_pass() {
            check_pass(&p, t)
        } else {
            check_move(&p, t, m.from(), m.to())
        };
        assert_eq!(accepted, Ok(m));
        let n = apply(&p, m);
        let (sq, off, next, bound) = reference_apply(&p, m);
        for (s, cell) in sq.iter().enumerate().skip(1) {
            assert_eq!(
                n.at(s as u8),
                *cell,
                "square {s} after {m} in {}",
                p.board_string()
            );
        }
        assert_eq!([n.borne_off(Side::A), n.borne_off(Side::B)], off);
        assert_eq!(n.side_to_move(), next);
        assert_eq!(
            [n.bound(Side::A), n.bound(Side::B)],
            bound,
            "bound after {m}"
        );
        check_invariants(&n);
        record.push(m);
        p = n;
    }
    panic!("game of seed {seed} did not end within {MAX_THROWS} throws");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_end_conserve_pieces_and_match_the_reference_rules(seed in any::<u64>()) {
        for v in Variant::ALL {
            let record = checked_playout(v, seed);
            prop_assert!(!record.is_empty());
        }
    }
}

/// A random valid position of any variant: up to 5 pieces a side on distinct squares (27 only
/// for Kendall, where a side with a piece on 15 may be bound).
fn arbitrary_position() -> impl Strategy<Value = Position> {
    (
        0u8..=5,
        0u8..=5,
        any::<u64>(),
        any::<bool>(),
        0usize..3,
        any::<bool>(),
    )
        .prop_filter_map(
            "both sides finished",
            |(na, nb, seed, a_to_move, vi, bind)| {
                let v = Variant::ALL[vi];
                let mut rng = Pcg64Mcg::seed_from_u64(seed);
                let water = if v == Variant::Kendall { 0 } else { 27 };
                let mut free: Vec<u8> = (1..=30).filter(|&s| s != water).collect();
                let mut take = |n: u8| {
                    (0..n).fold(0u32, |acc, _| {
                        let i = (rng.next_u32() as usize) % free.len();
                        acc | 1 << free.swap_remove(i)
                    })
                };
                let (a, b) = (take(na), take(nb));
                let side = if a_to_move { Side::A } else { Side::B };
                let p = Position::new(v, a, b, side).ok()?;
                Some(if bind {
                    p.with_bound(Side::A).with_bound(Side::B)
                } else {
                    p
                })
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn check_move_accepts_exactly_the_generated_moves(p in arbitrary_position()) {
        let mut list = MoveList::new();
        for (t, _) in p.variant().rules().outcomes {
            legal_moves(&p, t, &mut list);
            prop_assert!(list.len() <= MAX_MOVES);
            for from in 0..=32u8 {
                for to in 0..=32u8 {
                    let listed = list.iter().any(|m| !m.is_pass() && m.from() == from && m.to() == to);
                    let ok = check_move(&p, t, from, to).is_ok();
                    prop_assert_eq!(ok, listed, "{}-{} with {} in {}", from, to, t, p.board_string());
                }
            }
            let pass_listed = list.iter().any(Move::is_pass);
            prop_assert_eq!(check_pass(&p, t).is_ok(), pass_listed);
            if p.winner().is_none() {
                let expect: Vec<(u8, u8)> = list.iter().map(|m| (m.from(), m.to())).collect();
                prop_assert_eq!(expect, reference_moves(&p, t));
            }
        }
    }
}

#[test]
fn the_same_seed_replays_the_same_game_and_other_seeds_differ() {
    for v in Variant::ALL {
        let a = checked_playout(v, 42);
        assert_eq!(a, checked_playout(v, 42));
        let differ = (43..53).filter(|&s| checked_playout(v, s) != a).count();
        assert_eq!(differ, 10, "{v}");
    }
}

#[test]
fn stick_throws_follow_4_6_4_1_1_over_16_by_chi_square_on_a_million_draws() {
    const N: u64 = 1_000_000;
    let mut rng = Pcg64Mcg::seed_from_u64(0x5e7e7);
    let mut counts = [0u64; 7];
    for _ in 0..N {
        counts[usize::from(Throw::sample(&mut rng).distance())] += 1;
    }
    assert_eq!(counts[0] + counts[5], 0);
    let chi2: f64 = Throw::outcomes()
        .iter()
        .map(|&(t, w)| {
            let expected = N as f64 * f64::from(w) / 16.0;
            let observed = counts[usize::from(t.distance())] as f64;
            (observed - expected).powi(2) / expected
        })
        .sum();
    // 4 degrees of freedom: P(chi2 > 18.47) = 0.001.
    assert!(chi2 < 18.47, "chi-square {chi2} for counts {counts:?}");
}

#[test]
fn capacity_five_is_reached_and_never_exceeded() {
    // Reached: the opening 1 offers five captures. Never exceeded: every playout above pushes
    // into a MoveList of MAX_MOVES, and at most one move per piece is generated.
    let mut list = MoveList::new();
    legal_moves(&Position::start(V, Side::B), Throw::ONE, &mut list);
    assert_eq!(list.len(), MAX_MOVES);
    let mut most = 0;
    for seed in 0..200 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut p = Position::start(V, Side::A);
        while p.winner().is_none() {
            let t = Throw::sample(&mut rng);
            legal_moves(&p, t, &mut list);
            most = most.max(list.len());
            p = apply(&p, list[(rng.next_u32() as usize) % list.len()]);
        }
    }
    assert_eq!(most, MAX_MOVES);
}

#[test]
#[ignore = "a million games: run with `cargo test --release -- --ignored` or `make bench`"]
fn a_million_random_playouts_end_and_match_the_reference_rules() {
    for v in Variant::ALL {
        for seed in 0..1_000_000u64 {
            checked_playout(v, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        }
    }
}
