//! The tables against the rules read directly: value iteration over explicitly enumerated
//! `Position`s (both sides to move, no ranking, no symmetry, no layer order, no self-loop
//! shortcut) must give the table's values; the ranking round-trips; the file is deterministic
//! and reads back; rule facts (a piece that bears off with any throw wins at once).

use std::collections::HashMap;
use std::sync::OnceLock;

use endgame::file::{decode, encode, Made};
use endgame::index::{Entry, Layout};
use endgame::solve::{solve, solve_layers, solve_with, Table};
use senas_senet::games::senet::{apply, legal_moves, MoveList, Position, Side, Variant};

/// Plain Jacobi value iteration over `starts` and every position reachable from them, each
/// `Position` (either side to move) its own state, found through a hash map.
fn brute(starts: &[Position]) -> HashMap<Position, f64> {
    let mut id: HashMap<Position, usize> = HashMap::new();
    let mut states: Vec<Position> = Vec::new();
    let mut todo: Vec<Position> = starts.to_vec();
    let mut list = MoveList::new();
    while let Some(p) = todo.pop() {
        if p.winner().is_some() || id.contains_key(&p) {
            continue;
        }
        id.insert(p, states.len());
        states.push(p);
        for &(t, _) in &p.variant().rules().outcomes {
            legal_moves(&p, t, &mut list);
            for &m in list.iter() {
                todo.push(apply(&p, m));
            }
        }
    }
    // Per state and throw: (weight, successors as (state or None = the mover won, flip)).
    type Succ = Vec<(f64, Vec<(Option<usize>, bool)>)>;
    let succ: Vec<Succ> = states
        .iter()
        .map(|p| {
            p.variant()
                .rules()
                .outcomes
                .iter()
                .map(|&(t, w)| {
                    legal_moves(p, t, &mut list);
                    let next = list
                        .iter()
                        .map(|&m| {
                            let n = apply(p, m);
                            match n.winner() {
                                Some(_) => (None, false),
                                None => (Some(id[&n]), n.side_to_move() != p.side_to_move()),
                            }
                        })
                        .collect();
                    (f64::from(w) / 16.0, next)
                })
                .collect()
        })
        .collect();
    let mut values = vec![0.0f64; states.len()];
    for _ in 0..100_000 {
        let next: Vec<f64> = succ
            .iter()
            .map(|throws| {
                throws
                    .iter()
                    .map(|(w, moves)| {
                        w * moves
                            .iter()
                            .map(|&(j, flip)| match (j, flip) {
                                (None, _) => 1.0,
                                (Some(j), false) => values[j],
                                (Some(j), true) => 1.0 - values[j],
                            })
                            .fold(0.0, f64::max)
                    })
                    .sum()
            })
            .collect();
        let delta = next
            .iter()
            .zip(&values)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        values = next;
        if delta < 1e-12 {
            break;
        }
    }
    states.into_iter().zip(values).collect()
}

fn board(squares: &[u8]) -> u32 {
    squares.iter().fold(0, |b, &s| b | 1 << s)
}

fn table(v: Variant, n: usize) -> Table {
    solve(Layout::new(v, n), 1e-12, |_, _, _, _| {}).0
}

/// The two-piece tables, solved once for all tests.
fn table2(v: Variant) -> &'static Table {
    static TABLES: OnceLock<Vec<Table>> = OnceLock::new();
    &TABLES.get_or_init(|| Variant::ALL.iter().map(|&v| table(v, 2)).collect())[v.index()]
}

/// Every position with one piece a side, either side to move (and Kendall's bound piece).
fn one_a_side(v: Variant) -> Vec<Position> {
    let mut out = Vec::new();
    for a in 1..=30u8 {
        for b in 1..=30u8 {
            for side in Side::BOTH {
                if let Ok(p) = Position::new(v, 1 << a, 1 << b, side) {
                    out.push(p);
                    out.push(p.with_bound(Side::A));
                    out.push(p.with_bound(Side::B));
                }
            }
        }
    }
    out
}

fn assert_agrees(t: &Table, truth: &HashMap<Position, f64>) {
    assert!(!truth.is_empty());
    for (p, &want) in truth {
        let got = t.value(p).expect("inside the table");
        assert!(
            (got - want).abs() < 1e-7,
            "{:?}: table {got}, brute force {want}",
            p
        );
    }
}

#[test]
fn one_piece_a_side_matches_direct_value_iteration_for_every_rule_set() {
    for v in Variant::ALL {
        let truth = brute(&one_a_side(v));
        assert_agrees(&table(v, 1), &truth);
    }
}

#[test]
fn two_piece_positions_match_direct_value_iteration_for_every_rule_set() {
    let t_starts = [
        (&[22u8, 25][..], &[24u8, 28][..], Side::A),
        (&[14, 26], &[16, 17], Side::B),
        (&[25, 29], &[20, 30], Side::A),
    ];
    for v in Variant::ALL {
        let starts: Vec<Position> = t_starts
            .iter()
            .filter_map(|&(a, b, s)| Position::new(v, board(a), board(b), s).ok())
            .collect();
        let truth = brute(&starts);
        assert_agrees(table2(v), &truth);
    }
}

/// The 3-piece tables' ranking and layer order, on their smallest 3-piece group: one piece
/// against three (and everything it reaches) solved inside the N = 3 layout, against the brute
/// force. Jequier's (1, 3) group converges too slowly for the brute force's plain iteration in a
/// test's time; its extrapolation is checked against plain sweeps below.
#[test]
fn one_piece_against_three_matches_direct_value_iteration_in_the_three_piece_layout() {
    for v in [Variant::Wiibrew2009, Variant::Kendall] {
        let (t, _) = solve_layers(Layout::new(v, 3), 1e-12, true, 4, |_, _, _, _| {});
        let start = Position::new(v, board(&[21]), board(&[23, 26, 29]), Side::A).expect("legal");
        let truth = brute(&[start]);
        assert!(truth.len() > 1000, "{v}: {} positions reached", truth.len());
        assert_agrees(&t, &truth);
    }
}

/// Jequier's queue makes slow groups (B on 1 held behind A's pieces on 2 and 3): the solver
/// extrapolates them, and must land on the same values as plain sweeps (which the brute force
/// checks above) in fewer sweeps.
#[test]
fn extrapolated_slow_groups_reach_the_plain_fixed_point_in_fewer_sweeps() {
    let v = Variant::Jequier;
    let (plain, plain_stats) = solve_with(Layout::new(v, 2), 1e-11, false, |_, _, _, _| {});
    let (fast, fast_stats) = solve_with(Layout::new(v, 2), 1e-11, true, |_, _, _, _| {});
    let worst = plain
        .values
        .iter()
        .zip(&fast.values)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max);
    assert!(worst < 1e-9, "largest difference {worst}");
    assert!(
        fast_stats.sweeps < plain_stats.sweeps,
        "{} sweeps extrapolated, {} plain",
        fast_stats.sweeps,
        plain_stats.sweeps
    );
    let queued = Position::new(v, board(&[2, 3]), board(&[1]), Side::A).expect("legal");
    let (a, b) = (plain.value(&queued), fast.value(&queued));
    assert!(matches!((a, b), (Some(a), Some(b)) if (a - b).abs() < 1e-9 && a > 0.5));
}

#[test]
fn every_entry_round_trips_through_the_index() {
    for v in Variant::ALL {
        let l = Layout::new(v, 2);
        for i in 0..l.len() {
            let e = l.entry(i).expect("inside");
            assert_eq!(l.index(e), Some(i), "{v} entry {e:?}");
        }
        assert_eq!(l.entry(l.len()), None);
        let outside = Entry {
            me: board(&[1, 2, 3]),
            them: board(&[5]),
            bound: false,
        };
        assert_eq!(l.index(outside), None, "three pieces in a two-piece table");
    }
}

#[test]
fn a_lone_piece_on_30_wins_at_once_whatever_the_throw() {
    // WiiBrew and Jequier: any throw beyond 30 bears off; Kendall: 30 leaves with any throw.
    for v in Variant::ALL {
        let t = table(v, 1);
        for b in [1u8, 15, 29] {
            let p = Position::new(v, board(&[30]), board(&[b]), Side::A).expect("valid");
            assert_eq!(t.value(&p), Some(1.0), "{v}, opponent on {b}");
            // The same position with the other side to move is worth what the opponent's
            // chances are: never 1, since it must throw first.
            let q = p.with_side_to_move(Side::B);
            assert!(t.value(&q).expect("inside") < 1.0, "{v}");
        }
    }
}

#[test]
fn two_builds_give_the_same_bytes_and_the_file_reads_back() {
    let made = Made {
        command: "test".into(),
        seconds: 1.5,
        tolerance: 1e-9,
        sweeps: 0,
        positions: 0,
    };
    let v = Variant::Kendall;
    let one = encode(&solve(Layout::new(v, 2), 1e-12, |_, _, _, _| {}).0, &made);
    let two = encode(table2(v), &made);
    assert!(one == two, "two builds differ");
    let back = decode(&one).expect("reads back");
    let exact = table2(v);
    for (a, b) in back.values.iter().zip(&exact.values) {
        assert!((a - b).abs() <= 0.5 / 65535.0 + 1e-9);
    }
    let mut broken = one.clone();
    let last = broken.len() - 1;
    broken[last] ^= 1;
    assert!(
        decode(&broken).is_err(),
        "a changed byte passes the checksum"
    );
}
