//! Tests of the game-independent search on the toy race game: pruning never changes the value,
//! the answer does not depend on how the work is split into steps, budgets are honoured, with
//! Star1 alone and with Star2 probing.

use std::vec::Vec;

use crate::ai::search::eval::{Weights, WIN};
use crate::ai::search::game::{RaceGame, MAX_FEATURES, PHASES};
use crate::ai::search::{Budget, Search, INNER_MAX, NO_MARGIN, ROOT_MAX};
use toy::{Toy, ToyPos, OFF};

mod toy;

fn weights() -> Weights {
    let mut phase = [[0; MAX_FEATURES]; PHASES];
    phase[0][0] = 10;
    phase[0][1] = 25;
    Weights { phase, squash: 40 }
}

fn full(depth: u8) -> Budget {
    Budget {
        nodes: u64::MAX,
        depth,
        widths: [ROOT_MAX as u8; 4],
        inner_width: INNER_MAX as u8,
        margin: NO_MARGIN,
    }
}

/// Plain expectiminimax without pruning or filters, same integer rounding.
fn reference_chance(pos: &ToyPos, plies: u8, root: u8, w: &Weights) -> i32 {
    if let Some(s) = Toy::winner(pos) {
        return if s == root { WIN } else { -WIN };
    }
    let mut sum: i64 = 0;
    let mut total: i64 = 0;
    for (c, cw) in Toy::chances(pos) {
        let mut scratch = Default::default();
        let turns = Toy::turns(&mut scratch, pos, c);
        let max = Toy::to_move(pos) == root;
        let vals = turns.iter().map(|t| {
            let p = Toy::apply(pos, t);
            if plies == 0 {
                w.eval::<Toy>(&p, root)
            } else {
                reference_chance(&p, plies - 1, root, w)
            }
        });
        let v = if max { vals.max() } else { vals.min() }.expect("toy turns are never empty");
        sum += i64::from(*cw) * i64::from(v);
        total += i64::from(*cw);
    }
    sum.div_euclid(total) as i32
}

fn reference_best(pos: &ToyPos, die: u8, depth: u8, w: &Weights) -> i32 {
    let mut scratch = Default::default();
    let turns = Toy::turns(&mut scratch, pos, &die);
    let root = Toy::to_move(pos);
    turns
        .iter()
        .map(|t| {
            let p = Toy::apply(pos, t);
            if depth == 0 {
                w.eval::<Toy>(&p, root)
            } else {
                reference_chance(&p, depth - 1, root, w)
            }
        })
        .max()
        .expect("toy turns are never empty")
}

fn sample_positions() -> Vec<ToyPos> {
    let mut out = Vec::new();
    for a in 0..=OFF {
        for b in a..=OFF {
            for c in 0..=OFF {
                for d in c..=OFF {
                    for side in 0..2 {
                        let p = ToyPos {
                            pieces: [[a, b], [c, d]],
                            side,
                        };
                        if Toy::winner(&p).is_none() && (a + b + c + d) % 3 == 0 {
                            out.push(p);
                        }
                    }
                }
            }
        }
    }
    out
}

#[test]
fn pruned_search_value_equals_plain_expectiminimax_value() {
    let w = weights();
    let mut checked = 0;
    for depth in 1..=3u8 {
        for pos in sample_positions().iter().step_by(7) {
            for die in 1..=3u8 {
                let mut s = Search::<Toy>::new(&mut Default::default(), pos, &die, w, full(depth));
                s.run(&mut Default::default())
                    .expect("toy turns are never empty");
                if s.completed_depth() < depth {
                    continue; // a single legal turn is answered without searching
                }
                checked += 1;
                assert_eq!(
                    s.best_value(),
                    reference_best(pos, die, depth, &w),
                    "{pos:?} die {die} depth {depth}"
                );
            }
        }
    }
    assert!(checked > 100, "only {checked} positions had a choice");
}

#[test]
fn star2_probing_keeps_the_value_and_searches_fewer_nodes_than_star1() {
    let w = weights();
    let (mut star1_total, mut star2_total, mut fewer, mut more, mut checked) = (0, 0, 0, 0, 0);
    for depth in 1..=3u8 {
        for pos in sample_positions().iter().step_by(7) {
            for die in 1..=3u8 {
                let run = |star2: bool| {
                    let mut s =
                        Search::<Toy>::new(&mut Default::default(), pos, &die, w, full(depth));
                    s.set_star2(star2);
                    let t = s.run(&mut Default::default());
                    (t, s.best_value(), s.nodes(), s.completed_depth())
                };
                let (t1, v1, n1, d1) = run(false);
                let (t2, v2, n2, d2) = run(true);
                if d2 < depth {
                    continue; // a single legal turn is answered without searching
                }
                checked += 1;
                assert_eq!(
                    (t1, v1, d1),
                    (t2, v2, d2),
                    "{pos:?} die {die} depth {depth}"
                );
                assert_eq!(v2, reference_best(pos, die, depth, &w));
                fewer += usize::from(n2 < n1);
                more += usize::from(n2 > n1);
                star1_total += n1;
                star2_total += n2;
            }
        }
    }
    assert!(checked > 100, "only {checked} positions had a choice");
    // Probing costs one node per outcome that Star1 might have cut before reaching, so a few
    // positions cost more; overall and on most positions the probes' cuts win.
    std::println!("star1 {star1_total} nodes, star2 {star2_total}: fewer in {fewer}, more in {more} of {checked}");
    assert!(star2_total < star1_total && fewer > 4 * more);
}

#[test]
fn answer_does_not_depend_on_step_sizes() {
    let w = weights();
    for (pos, star2) in sample_positions()
        .iter()
        .step_by(11)
        .flat_map(|p| [(p, false), (p, true)])
    {
        let budget = Budget {
            nodes: 400,
            depth: 3,
            widths: [2, 2, 1, 1],
            inner_width: 2,
            margin: NO_MARGIN,
        };
        let mut whole = Search::<Toy>::new(&mut Default::default(), pos, &2, w, budget);
        whole.set_star2(star2);
        let a = whole.run(&mut Default::default());
        let mut sliced = Search::<Toy>::new(&mut Default::default(), pos, &2, w, budget);
        sliced.set_star2(star2);
        let b = loop {
            let before = sliced.nodes();
            let t = sliced.step(&mut Default::default(), 1);
            // A step stops after the turn generation that used up its allowance: at most one
            // toy turn list (two turns) beyond it; the first step also ranks the root (two).
            let root = if before == 0 { 2 } else { 0 };
            assert!(
                sliced.nodes() - before <= 2 + root,
                "a step of 1 node ran {}",
                sliced.nodes() - before
            );
            if t.is_some() {
                break t;
            }
        };
        assert_eq!(a, b);
        assert_eq!(whole.nodes(), sliced.nodes());
    }
}

#[test]
fn node_budget_is_never_exceeded_beyond_the_static_ranking() {
    let w = weights();
    for pos in sample_positions().iter().step_by(5) {
        let budget = Budget {
            nodes: 50,
            depth: 4,
            widths: [2, 2, 2, 1],
            inner_width: 2,
            margin: NO_MARGIN,
        };
        for star2 in [false, true] {
            let mut s = Search::<Toy>::new(&mut Default::default(), pos, &1, w, budget);
            s.set_star2(star2);
            s.run(&mut Default::default())
                .expect("toy turns are never empty");
            assert!(s.nodes() <= 50, "{} nodes", s.nodes());
        }
    }
}

#[test]
fn a_forced_win_is_valued_as_a_win() {
    // Side 0 throws 3 with pieces on 6 and 7: bearing off the 6 earns an extra throw and any
    // throw then bears off the 7. Bearing off the 7 instead leaves the 6 stuck on a 1.
    let pos = ToyPos {
        pieces: [[6, 7], [0, 0]],
        side: 0,
    };
    let w = weights();
    let mut s = Search::<Toy>::new(&mut Default::default(), &pos, &3, w, full(1));
    let t = s.run(&mut Default::default()).expect("a turn");
    assert_eq!(s.best_value(), WIN);
    assert_eq!(t.pieces[0], [7, OFF]);
    assert_eq!(t.side, 0);
}

#[test]
fn every_kind_of_player_plays_legal_turns_to_the_end_of_a_game() {
    use crate::ai::player::{Kind, Level, Player};
    use rand_core::RngCore;
    use rand_pcg::Pcg32;
    let kinds = [
        Kind::Random,
        Kind::Heuristic,
        Kind::Tuned,
        Kind::Expectiminimax(Level::Easy),
        Kind::Expectiminimax(Level::Hard),
    ];
    for (i, &a) in kinds.iter().enumerate() {
        for &b in &kinds[i..] {
            let mut players = [Player::new(a, 1), Player::new(b, 2)];
            let mut dice = Pcg32::new(7, 1);
            let mut pos = ToyPos::start();
            let mut turns_played = 0;
            while Toy::winner(&pos).is_none() {
                let die = [1, 2, 2, 3][(dice.next_u32() % 4) as usize];
                let mut scratch = Default::default();
                let legal = Toy::turns(&mut scratch, &pos, &die).to_vec();
                let t = players[usize::from(pos.side)]
                    .choose::<Toy>(&mut Default::default(), &pos, &die)
                    .expect("a turn");
                assert!(legal.contains(&t));
                pos = Toy::apply(&pos, &t);
                turns_played += 1;
                assert!(turns_played < 10_000, "game does not end");
            }
        }
    }
}

#[test]
fn value_after_is_the_plain_value_of_any_root_turn_and_the_best_for_the_answer() {
    let w = weights();
    let mut checked = 0;
    for depth in 1..=2u8 {
        for pos in sample_positions().iter().step_by(11) {
            for die in 1..=3u8 {
                let mut scratch = Default::default();
                let mut s = Search::<Toy>::new(&mut scratch, pos, &die, w, full(depth));
                let answer = s.run(&mut scratch).expect("toy turns are never empty");
                if s.completed_depth() < depth {
                    continue;
                }
                let root = Toy::to_move(pos);
                let turns: Vec<_> = Toy::turns(&mut Default::default(), pos, &die).to_vec();
                for t in &turns {
                    let p = Toy::apply(pos, t);
                    assert_eq!(
                        s.value_after(&mut scratch, &p),
                        reference_chance(&p, depth - 1, root, &w),
                        "{pos:?} die {die} depth {depth}"
                    );
                    checked += 1;
                }
                let best = Toy::apply(pos, &answer);
                assert_eq!(s.value_after(&mut scratch, &best), s.best_value());
            }
        }
    }
    assert!(checked > 100, "only {checked} turns checked");
}

#[test]
fn the_margin_keeps_exactly_the_root_turns_within_it_of_the_best() {
    // A search with a margin must answer, and spend nodes, exactly as one whose width is the
    // number of root turns whose static value is within the margin of the best one's.
    let w = weights();
    let mut pruned = 0;
    for pos in sample_positions().iter().step_by(3) {
        for die in 1..=3u8 {
            let root = Toy::to_move(pos);
            let mut scratch = Default::default();
            let mut vals: Vec<i32> = Toy::turns(&mut scratch, pos, &die)
                .iter()
                .map(|t| w.eval::<Toy>(&Toy::apply(pos, t), root))
                .collect();
            vals.sort_unstable_by(|a, b| b.cmp(a));
            let gap = vals[0] - vals[vals.len() - 1];
            for margin in [0, gap / 2, gap, NO_MARGIN] {
                let within = vals
                    .iter()
                    .filter(|&&v| v >= vals[0].saturating_sub(margin))
                    .count();
                pruned += usize::from(within < vals.len());
                let with_margin = Budget { margin, ..full(1) };
                let by_width = Budget {
                    widths: [within as u8, 1, 1, 1],
                    ..full(1)
                };
                let mut a = Search::<Toy>::new(&mut Default::default(), pos, &die, w, with_margin);
                let mut b = Search::<Toy>::new(&mut Default::default(), pos, &die, w, by_width);
                assert_eq!(
                    a.run(&mut Default::default()),
                    b.run(&mut Default::default())
                );
                assert_eq!(a.nodes(), b.nodes(), "margin {margin} at {pos:?} die {die}");
            }
        }
    }
    assert!(pruned > 50, "only {pruned} searches pruned anything");
}
