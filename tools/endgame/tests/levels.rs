//! The benchmark sets and the levels' errors (issue 27 parts 2 and 3): a rollout that starts
//! inside the table is the table's value; subtracting the luck keeps a rollout's mean and
//! shrinks its spread; exact candidates carry the table's values; a decision's best candidate
//! loses nothing; sets are the same for a seed and whatever the threads; and on a small set the
//! levels come out in their order.

use endgame::benchmark::{build, Recipe, LEVELS};
use endgame::errors::score;
use endgame::index::Layout;
use endgame::levels_cmd::SenetTable;
use endgame::rollout::{dice, trial, value, Exact, Plan};
use endgame::solve::solve;
use senas_senet::ai::senet_game::Senet;
use senas_senet::ai::{Level, Profile, Row};
use senas_senet::games::senet::{MoveList, Position, Side, Variant};

fn table(v: Variant) -> SenetTable {
    SenetTable(solve(Layout::new(v, 2), 1e-9, |_, _, _, _| {}).0)
}

fn plan(steps: u32, trials: u32, reduce: bool) -> Plan {
    Plan {
        steps,
        trials,
        reduce,
    }
}

/// Mean and variance of `n` trials from `pos` for its side to move.
fn trials(t: &SenetTable, pos: &Position, p: &Plan, n: u32) -> (f64, f64) {
    let eval = Senet::level(Row::Level(Level::Hard), pos.variant()).0;
    let mut list = MoveList::new();
    let x: Vec<f64> = (0..n)
        .map(|k| {
            let mut d = dice(9, 1, k);
            trial::<Senet, _>(t, &eval, &mut list, pos, pos.side_to_move(), p, &mut d)
        })
        .collect();
    let mean = x.iter().sum::<f64>() / f64::from(n);
    let var = x.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / f64::from(n - 1);
    (mean, var)
}

#[test]
fn a_rollout_from_inside_the_table_is_the_tables_value() {
    let t = table(Variant::Wiibrew2009);
    // One piece a side near the end: inside the two-piece table.
    let pos = Position::new(Variant::Wiibrew2009, 1 << 28, 1 << 25, Side::A).expect("valid");
    let exact = t.exact(&pos).expect("in the table");
    let (mean, var) = trials(&t, &pos, &plan(20, 8, true), 8);
    assert!((mean - exact).abs() < 1e-12, "{mean} against {exact}");
    assert!(var < 1e-20, "{var}");
}

#[test]
fn subtracting_the_luck_keeps_the_mean_and_shrinks_the_spread() {
    let t = table(Variant::Wiibrew2009);
    let eval = Senet::level(Row::Level(Level::Hard), Variant::Wiibrew2009).0;
    let pos = Position::start(Variant::Wiibrew2009, Side::A);
    let plain = trials(&t, &pos, &plan(12, 0, false), 600);
    let reduced = trials(&t, &pos, &plan(12, 0, true), 600);
    let se = ((plain.1 + reduced.1) / 600.0).sqrt();
    assert!(
        (plain.0 - reduced.0).abs() < 4.0 * se,
        "means {plain:?} {reduced:?}"
    );
    assert!(reduced.1 * 4.0 < plain.1, "spread {plain:?} {reduced:?}");
    // No step at all: the evaluator's own value.
    let (at_once, _) = trials(&t, &pos, &plan(0, 0, true), 2);
    assert_eq!(at_once, value::<Senet, _>(&t, &eval, &pos, Side::A));
}

fn recipe(decisions: usize, seed: u64) -> Recipe {
    Recipe {
        decisions,
        every: 3,
        keep: 0,
        plan: plan(6, 8, true),
        seed,
    }
}

#[test]
fn sets_are_the_same_for_a_seed_whatever_the_threads_and_best_loses_nothing() {
    let t = table(Variant::Jequier);
    let one = build::<Senet, _>(Variant::Jequier, &t, &recipe(60, 5), 1);
    let two = build::<Senet, _>(Variant::Jequier, &t, &recipe(60, 5), 2);
    assert_eq!(one.len(), 60);
    let key = |s: &[endgame::benchmark::Decision<Position, _>]| {
        s.iter()
            .map(|d| {
                (
                    d.pos,
                    d.chosen,
                    d.cands.iter().map(|c| c.value).sum::<f64>(),
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(key(&one), key(&two));
    for d in &one {
        assert!(d.turns >= 2 && d.cands.len() == d.turns);
        assert_eq!(d.loss(d.best()), (0.0, 0.0));
        for c in d.cands.iter().filter(|c| c.exact) {
            assert!(c.b.is_empty() && c.a == c.value && (0.0..=1.0).contains(&c.value));
        }
    }
}

#[test]
fn on_a_small_set_every_level_loses_less_than_the_one_below() {
    let t = table(Variant::Wiibrew2009);
    let set = build::<Senet, _>(Variant::Wiibrew2009, &t, &recipe(400, 27), 2);
    let r = score(&set);
    for i in 1..LEVELS.len() {
        assert!(
            r[i].all.mean_milli() < r[i - 1].all.mean_milli(),
            "{:?} {:.2} against {:?} {:.2}",
            LEVELS[i],
            r[i].all.mean_milli(),
            LEVELS[i - 1],
            r[i - 1].all.mean_milli()
        );
    }
}
