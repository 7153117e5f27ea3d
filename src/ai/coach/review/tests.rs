//! Tests of the review's formulas (accuracy table, luck, graph, worst three) and of the
//! analyst over played matches: sliced work gives the figures of work done at once, a side
//! playing the best turn every time has no mistake and full accuracy, one playing the worst
//! turn has blunders.

use std::boxed::Box;
use std::vec::Vec;

use rand_pcg::Pcg32;

use super::*;
use crate::ai::coach::{best_chance, chance_after};
use crate::ai::player::Profile;
use crate::ai::search::game::RaceGame;
use crate::ai::selfplay::{sample_chance, Playable};
use crate::ai::senas_game::{Senas, SenasScratch};
use crate::ai::senet_game::Senet;
use crate::games::senet::{self, Variant};

#[test]
fn accuracy_is_100_at_no_loss_falls_monotonically_and_reaches_0() {
    assert_eq!(accuracy(0), 1000);
    let mut last = 1000;
    for m in 0..=1200u16 {
        let a = accuracy(m);
        assert!(a <= last, "accuracy({m}) = {a} > {last}");
        last = a;
    }
    assert_eq!(accuracy(1000), 0);
    // Lichess at 2% mean loss: 103.1668 e^-0.08708 - 3.1669 = 91.4%.
    assert_eq!(accuracy(20), 914);
    // Between table points, linearly: 5 per mille is halfway from 100% to 95.6%.
    assert_eq!(accuracy(5), 978);
}

#[test]
fn luck_rounds_half_away_from_zero() {
    assert_eq!(luck(600, 500 * 16, 16), 100);
    assert_eq!(luck(400, 500 * 16, 16), -100);
    assert_eq!(
        luck(500, 500 * 16 + 8, 16),
        -1,
        "-0.5 rounds away from zero"
    );
    assert_eq!(luck(500, 500 * 16 - 8, 16), 1);
    assert_eq!(luck(500, 0, 0), 0, "no throw");
}

/// Every throw's best chance in `pos` and its weight.
fn bests<G: Profile>(scratch: &mut G::Scratch, pos: &G::Pos) -> Vec<(u16, u32)> {
    G::chances(pos)
        .iter()
        .map(|(c, w)| (best_chance::<G>(scratch, pos, c).unwrap_or(0), *w))
        .collect()
}

/// The luck of every throw, weighted by its chance, sums to zero (up to each throw's rounding).
fn luck_sums_to_zero<G: Profile>(scratch: &mut G::Scratch, pos: &G::Pos) {
    let b = bests::<G>(scratch, pos);
    let total: u64 = b.iter().map(|x| u64::from(x.1)).sum();
    let weighted: u64 = b.iter().map(|x| u64::from(x.0) * u64::from(x.1)).sum();
    let sum: i64 = b
        .iter()
        .map(|x| i64::from(luck(x.0, weighted, total)) * i64::from(x.1))
        .sum();
    assert!(
        sum.unsigned_abs() <= total / 2,
        "weighted luck {sum} over {total}"
    );
    assert!(b.iter().any(|x| luck(x.0, weighted, total) != 0), "{b:?}");
}

#[test]
fn luck_over_all_throws_weighted_sums_to_zero_in_both_games() {
    let mut rng = Pcg32::new(5, 27);
    let mut moves = senet::MoveList::new();
    for v in Variant::ALL {
        let mut pos = senet::Position::start(v, senet::Side::A);
        for _ in 0..20 {
            let c = sample_chance::<Senet>(&pos, &mut rng).expect("a throw");
            let t = crate::ai::random::random_turn::<Senet>(&mut moves, &pos, &c, &mut rng)
                .expect("a move");
            pos = Senet::apply(&pos, &t);
        }
        luck_sums_to_zero::<Senet>(&mut moves, &pos);
    }
    let mut scratch = Box::<SenasScratch>::default();
    let pos = Senas::start((), Senas::SIDES[0]);
    luck_sums_to_zero::<Senas>(&mut scratch, &pos);
}

#[test]
fn the_graph_keeps_at_most_its_points_and_halves_its_resolution() {
    let mut g = Graph::new();
    for i in 0..100u16 {
        g.push(i);
    }
    assert_eq!(g.points().len(), 100);
    assert_eq!(g.step(), 1);
    for turns in [128u32, 129, 300, 1000, 20_000] {
        let mut g = Graph::new();
        for i in 1..=turns {
            g.push((i % 1000) as u16);
        }
        let n = g.points().len();
        assert!(
            (GRAPH_POINTS / 2..=GRAPH_POINTS).contains(&n),
            "{turns}: {n}"
        );
        // Point i is the chance after turn (i + 1) * step.
        for (i, &p) in g.points().iter().enumerate() {
            assert_eq!(u32::from(p), ((i as u32 + 1) * g.step()) % 1000, "{turns}");
        }
    }
}

/// Plays a senet match (seeded throws); side 0 is a person choosing the best turn (`best`) or
/// the worst; side 1 random. Returns the record: the throw and turn of each turn.
fn senet_match(seed: u64, best: bool) -> (senet::Position, Vec<(senet::Throw, senet::Move)>) {
    let mut rng = Pcg32::new(seed, 1);
    let start = senet::Position::start(Variant::Wiibrew2009, senet::Side::A);
    let mut pos = start;
    let mut moves = senet::MoveList::new();
    let mut out = Vec::new();
    while Senet::winner(&pos).is_none() && out.len() < 2000 {
        let c = sample_chance::<Senet>(&pos, &mut rng).expect("a throw");
        let t = if Senet::to_move(&pos) == senet::Side::A {
            let list: Vec<senet::Move> = Senet::turns(&mut moves, &pos, &c).to_vec();
            let key = |m: &senet::Move| chance_after::<Senet>(&pos, &Senet::apply(&pos, m));
            let pick = if best {
                list.iter().max_by_key(|m| key(m))
            } else {
                list.iter().min_by_key(|m| key(m))
            };
            *pick.expect("a move")
        } else {
            crate::ai::random::random_turn::<Senet>(&mut moves, &pos, &c, &mut rng).expect("move")
        };
        out.push((c, t));
        pos = Senet::apply(&pos, &t);
    }
    (start, out)
}

fn review_senet(
    start: senet::Position,
    turns: &[(senet::Throw, senet::Move)],
    units: u64,
) -> Analyst<Senet> {
    let mut an = Analyst::<Senet>::new(start, [true, false]);
    let mut scratch = senet::MoveList::new();
    for &(c, mv) in turns {
        an.turn(c);
        loop {
            match an.step(&mut scratch, units, &|_, t| *t == mv) {
                Step::Judged => break,
                Step::Working => {}
                s => panic!("{s:?}"),
            }
        }
    }
    an
}

#[test]
fn the_best_player_has_no_mistake_and_full_accuracy_the_worst_has_blunders() {
    let (start, turns) = senet_match(9, true);
    let good = review_senet(start, &turns, 1 << 30);
    let f = good.figures(0);
    assert!(f.choices > 10, "{} choices", f.choices);
    assert_eq!((f.mistakes, f.blunders, f.loss_sum), (0, 0, 0));
    assert_eq!(f.accuracy(), 1000);
    assert!(f.worst.iter().all(Option::is_none));
    assert!(f.throws > 0);
    assert_eq!(good.figures(1).choices, 0, "the computer is not judged");
    assert_eq!(good.turns() as usize, turns.len());

    let (start, turns) = senet_match(9, false);
    let bad = review_senet(start, &turns, 1 << 30);
    let f = bad.figures(0);
    assert!(f.blunders > 0 && f.mistakes >= f.blunders, "{f:?}");
    assert!(f.accuracy() < 950, "accuracy {}", f.accuracy());
    let w: Vec<u16> = f.worst.iter().flatten().map(|w| w.loss).collect();
    assert_eq!(w.len(), 3);
    assert!(w[0] >= w[1] && w[1] >= w[2], "worst first: {w:?}");
    assert!(w[2] >= BLUNDER_PERMILLE, "{w:?}");
}

#[test]
fn sliced_work_gives_the_figures_of_work_done_at_once() {
    let (start, turns) = senet_match(4, false);
    let once = review_senet(start, &turns, 1 << 30);
    let sliced = review_senet(start, &turns, 3);
    assert_eq!(once.figures(0), sliced.figures(0));
    assert_eq!(once.graph(), sliced.graph());
    assert_eq!(once.work(), sliced.work(), "the same work, only spread");
}

#[test]
fn senas_turns_are_judged_and_their_rolls_luck_measured_sliced_or_not() {
    let mut rng = Pcg32::new(3, 3);
    let mut scratch = Box::<SenasScratch>::default();
    let start = Senas::start((), Senas::SIDES[0]);
    let mut pos = start;
    let mut played = Vec::new();
    for _ in 0..6 {
        let c = sample_chance::<Senas>(&pos, &mut rng).expect("a roll");
        let t = crate::ai::random::random_turn::<Senas>(&mut scratch, &pos, &c, &mut rng)
            .expect("a turn");
        played.push((c, t));
        pos = Senas::apply(&pos, &t);
    }
    let run = |units: u64, scratch: &mut SenasScratch| {
        let mut an = Analyst::<Senas>::new(start, [true, true]);
        for &(c, t) in &played {
            an.turn(c);
            while an.step(scratch, units, &|_, x| *x == t) == Step::Working {}
        }
        an
    };
    let once = run(u64::MAX / 4, &mut scratch);
    let sliced = run(500, &mut scratch);
    assert_eq!(once.turns(), 6);
    assert_eq!(once.figures(0), sliced.figures(0));
    assert_eq!(once.figures(1), sliced.figures(1));
    let throws = once.figures(0).throws + once.figures(1).throws;
    assert!(throws > 0, "rolls measured");
    std::println!("senas: 6 turns, {} work units", once.work());
}

/// The luck of a person's next roll needs only the position: the analyst measures it before
/// the turn is given (`Step::Idle` once done, the roll's turns then judged with little work
/// left), and the figures are those of turns given before any work.
#[test]
fn a_persons_roll_luck_is_measured_before_the_turn_is_given_with_the_same_figures() {
    let mut rng = Pcg32::new(8, 5);
    let mut scratch = Box::<SenasScratch>::default();
    let start = Senas::start((), Senas::SIDES[0]);
    let mut pos = start;
    let mut ahead = Analyst::<Senas>::new(start, [true, true]);
    let mut given = Analyst::<Senas>::new(start, [true, true]);
    for _ in 0..6 {
        let c = sample_chance::<Senas>(&pos, &mut rng).expect("a roll");
        let t = crate::ai::random::random_turn::<Senas>(&mut scratch, &pos, &c, &mut rng)
            .expect("a turn");
        let start_work = ahead.work();
        while ahead.step(&mut scratch, 20, &|_, _| false) == Step::Working {}
        let before = ahead.work();
        assert!(before > start_work + 56, "the luck is work before the turn");
        assert_eq!(ahead.step(&mut scratch, 1, &|_, _| false), Step::Idle);
        assert_eq!(ahead.work(), before, "nothing more to do without the turn");
        ahead.turn(c);
        while ahead.step(&mut scratch, 300, &|_, x| *x == t) == Step::Working {}
        given.turn(c);
        while given.step(&mut scratch, 300, &|_, x| *x == t) == Step::Working {}
        pos = Senas::apply(&pos, &t);
    }
    assert_eq!(ahead.figures(0), given.figures(0));
    assert_eq!(ahead.figures(1), given.figures(1));
    assert_eq!(ahead.graph(), given.graph());
    assert!(ahead.figures(0).throws == 3 && ahead.figures(1).throws == 3);
}

/// A whole senas match, both sides the hint's player (Normal: the coach's own evaluator, so
/// its turn is the best), side 0 reviewed as a person: no mistake, full accuracy; prints the
/// work the review took (docs/ai.md, "The match review").
#[test]
fn a_whole_senas_match_played_by_the_hint_has_no_mistake_and_its_review_cost_is_printed() {
    use crate::ai::player::{hint, Kind, Level};
    let mut rng = Pcg32::new(27, 11);
    let mut scratch = Box::<SenasScratch>::default();
    let start = Senas::start((), Senas::SIDES[0]);
    let mut pos = start;
    let mut an = Analyst::<Senas>::new(start, [true, false]);
    let mut plain = Analyst::<Senas>::new(start, [false, false]);
    let mut most = 0u64;
    while Senas::winner(&pos).is_none() && an.turns() < 2000 {
        let c = sample_chance::<Senas>(&pos, &mut rng).expect("a roll");
        let t = hint::<Senas>(&mut scratch, Kind::Level(Level::Normal), &pos, &c).expect("a turn");
        let before = an.work();
        an.turn(c);
        while an.step(&mut scratch, 1 << 40, &|_, x| *x == t) == Step::Working {}
        most = most.max(an.work() - before);
        plain.turn(c);
        while plain.step(&mut scratch, 1 << 40, &|_, x| *x == t) == Step::Working {}
        pos = Senas::apply(&pos, &t);
    }
    let f = an.figures(0);
    assert!(Senas::winner(&pos).is_some());
    assert_eq!(
        (f.mistakes, f.blunders, f.accuracy()),
        (0, 0, 1000),
        "{f:?}"
    );
    assert!(f.choices > 10 && f.throws > 10, "{f:?}");
    std::println!(
        "senas review: {} turns, {} person throws, {} work units ({} without luck), at most {} for one turn, luck {}",
        an.turns(),
        f.throws,
        an.work(),
        plain.work(),
        most,
        f.luck
    );
}
