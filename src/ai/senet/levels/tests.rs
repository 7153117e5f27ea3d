//! Tests of the senet level table per rule set: which positions are evaluated by Kendall's
//! small heuristic network, by a rule set's network or by the shared weights at each row
//! (and at the first levels, which keep what they had), and the Kendall features (gate, stuck).

use crate::games::senet::{Position, Side, Variant};

use crate::ai::player::{Level, Profile, Row};
use crate::ai::search::game::{FeatureVec, RaceGame, MAX_FEATURES};
use crate::ai::senet::adapter::{feature, Senet, SenetEval};
use crate::ai::senet::levels::{HAND, HARD, HARD_NODES};
use crate::ai::senet::{heuristic, net};
use crate::ai::tuned_weights;

fn pos(v: Variant, a: &[u8], b: &[u8], to_move: Side) -> Position {
    let board = |s: &[u8]| s.iter().fold(0u32, |acc, &q| acc | (1 << q));
    Position::new(v, board(a), board(b), to_move).expect("valid position")
}

fn features(p: &Position, side: Side) -> FeatureVec {
    let mut f = [0; MAX_FEATURES];
    let _ = Senet::features(p, side, &mut f);
    f
}

/// The value of `p` for `side` by the evaluator of `row` under `p`'s rule set.
fn by(row: Row, p: &Position, side: Side) -> i32 {
    let (eval, _) = Senet::level(row, p.variant());
    Senet::evaluate(&eval, p, side)
}

/// The same through a search's memo.
fn by_memo(row: Row, p: &Position, side: Side) -> i32 {
    let (eval, _) = Senet::level(row, p.variant());
    Senet::evaluate_memo(&eval, &mut Default::default(), p, side)
}

fn linear(w: crate::ai::Weights, p: &Position, side: Side) -> i32 {
    Senet::evaluate(&SenetEval::Linear(w), p, side)
}

#[test]
fn kendall_positions_use_the_small_net_for_the_heuristic_and_the_net_for_the_search() {
    let a = [3, 12, 21, 26, 28];
    let b = [5, 9, 14, 22, 29];
    let k = pos(Variant::Kendall, &a, &b, Side::A);
    let small = heuristic::for_variant(Variant::Kendall).expect("Kendall's heuristic");
    for side in [Side::A, Side::B] {
        assert_eq!(by(Row::Heuristic, &k, side), net::value(small, &k, side));
    }
    for w in [HAND, tuned_weights::SENET_KENDALL] {
        assert_ne!(
            by(Row::Heuristic, &k, Side::A),
            linear(w, &k, Side::A),
            "the Kendall heuristic is no longer a linear evaluator"
        );
    }
    let big = net::for_variant(Variant::Kendall).expect("Kendall has a network");
    assert_ne!(
        by(Row::Heuristic, &k, Side::A),
        net::value(big, &k, Side::A),
        "the heuristic is not the search's network"
    );
    // Easy is the rule set's heuristic (the small network); Normal, Hard and the first
    // version's search evaluate with the network, with or without the memo.
    let easy = Row::Level(Level::Easy);
    assert_eq!(by(easy, &k, Side::B), net::value(small, &k, Side::B));
    for row in [
        Row::Level(Level::Normal),
        Row::Level(Level::Hard),
        Row::First(Level::Hard),
        Row::Net,
    ] {
        assert_eq!(
            by(row, &k, Side::B),
            net::value(big, &k, Side::B),
            "{row:?}"
        );
        assert_eq!(
            by_memo(row, &k, Side::B),
            net::value(big, &k, Side::B),
            "{row:?}"
        );
    }
}

#[test]
fn wiibrew_and_jequier_positions_use_their_networks_from_normal_and_the_weights_below() {
    for v in [Variant::Wiibrew2009, Variant::Jequier] {
        let p = pos(v, &[3, 12, 21, 26, 28], &[5, 9, 14, 22, 29], Side::A);
        assert_eq!(by(Row::Heuristic, &p, Side::A), linear(HAND, &p, Side::A));
        let tuned = linear(tuned_weights::SENET, &p, Side::A);
        assert_eq!(by(Row::Tuned, &p, Side::A), tuned, "{v}");
        let own = net::value(net::for_variant(v).expect("a network"), &p, Side::A);
        assert_ne!(tuned, own, "{v}");
        // Easy: the fitted weights; Normal: the rule set's network; Hard: its Hard network
        // (Jequier's own since issue 30, the same network elsewhere).
        assert_eq!(by(Row::Level(Level::Easy), &p, Side::A), tuned, "{v}");
        assert_eq!(by(Row::Level(Level::Normal), &p, Side::A), own, "{v}");
        let hard = net::value(net::hard_for_variant(v).expect("a network"), &p, Side::A);
        assert_eq!(by(Row::Level(Level::Hard), &p, Side::A), hard, "{v}");
        assert_eq!(by_memo(Row::Level(Level::Hard), &p, Side::A), hard, "{v}");
        assert_eq!(hard == own, v != Variant::Jequier, "{v}: {hard} vs {own}");
        // The first levels keep the fitted weights (they came before these networks), with
        // or without the memo.
        for level in [Level::Easy, Level::Normal, Level::Hard] {
            assert_eq!(by(Row::First(level), &p, Side::A), tuned, "{v}");
            assert_eq!(by_memo(Row::First(level), &p, Side::A), tuned, "{v}");
        }
        let f = features(&p, Side::A);
        assert!(
            f[feature::GATE..feature::COUNT].iter().all(|&x| x == 0),
            "{v}"
        );
    }
}

#[test]
fn senet_hard_looks_two_throws_deep_within_its_node_cap_and_the_lower_levels_do_not_search() {
    for v in Variant::ALL {
        let (_, easy) = Senet::level(Row::Level(Level::Easy), v);
        let (_, normal) = Senet::level(Row::Level(Level::Normal), v);
        let (_, hard) = Senet::level(Row::Level(Level::Hard), v);
        assert_eq!((easy.depth, normal.depth), (0, 0));
        assert_eq!(hard, HARD);
        assert_eq!((hard.depth, hard.nodes), (2, HARD_NODES));
    }
}

#[test]
fn kendall_gate_and_stuck_features_count_sixteenths_of_throws() {
    // A on 21 (needs an exact 5 to reach 26: 15 of 16 throws miss) and 25 (a 1: 12 miss);
    // B on 24 (a 2: 10 miss). Throw weights 4,6,4,1,1 for 1..5.
    let p = pos(Variant::Kendall, &[21, 25], &[24], Side::A);
    let f = features(&p, Side::A);
    assert_eq!(f[feature::GATE], 10 - (15 + 12));
    // A: 1, 2, 3 (capturing on 24) and 5 move 21 forward; only a 4 has no forward move (21
    // -> 25 is taken, 25 -> 29 passes the gate): 1 of 16. B on 24: a 1 captures on 25, a 2
    // lands on the gate, 3, 4 and 5 would pass it: 4 + 1 + 1 = 6 of 16.
    assert_eq!(f[feature::STUCK], 6 - 1);
    let g = features(&p, Side::B);
    assert_eq!(g[feature::GATE], -f[feature::GATE]);
    assert_eq!(g[feature::STUCK], -f[feature::STUCK]);
}
