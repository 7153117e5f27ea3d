//! Tests of the incremental senet evaluator: its value is `Net::value`'s bit for bit whatever
//! the memo held before (every move of every throw of played Kendall games, both views, one
//! memo for a whole run and a fresh one per list), on random Kendall boards (pieces off, bound
//! pieces, won games), and a rule set without a network answers `None`.

use rand_core::RngCore;
use rand_pcg::Pcg32;

use super::*;
use crate::ai::selfplay::{sample_chance, Playable};
use crate::ai::senet_game::SenetKendall;
use crate::games::senet::MoveList;

fn full(pos: &Position, side: Side) -> i32 {
    for_variant(Variant::Kendall)
        .expect("kendall net")
        .value(pos, side)
}

#[test]
fn the_memo_value_equals_the_full_evaluation_over_every_move_of_played_kendall_games() {
    let mut scratch = MoveList::new();
    let mut rng = Pcg32::new(31, 1);
    let mut long = Memo::default();
    let mut checked = 0u32;
    for game in 0..60 {
        let first = if game % 2 == 0 { Side::A } else { Side::B };
        let mut pos = SenetKendall::start(first);
        while pos.winner().is_none() {
            let c = sample_chance::<SenetKendall>(&pos, &mut rng).expect("a throw");
            let turns = SenetKendall::turns(&mut scratch, &pos, &c).to_vec();
            for side in [pos.side_to_move().other(), pos.side_to_move()] {
                let mut fresh = Memo::default();
                for t in &turns {
                    let p = SenetKendall::apply(&pos, t);
                    let want = full(&p, side);
                    assert_eq!(value(&mut long, &p, side), Some(want), "{p:?} {side:?}");
                    assert_eq!(value(&mut fresh, &p, side), Some(want), "{p:?} {side:?}");
                    checked += 1;
                }
            }
            pos = SenetKendall::apply(&pos, &turns[(rng.next_u32() as usize) % turns.len()]);
        }
    }
    assert!(checked > 10_000, "{checked} positions");
}

#[test]
fn the_memo_value_equals_the_full_evaluation_on_random_kendall_boards_and_is_none_elsewhere() {
    let mut rng = Pcg32::new(32, 2);
    let mut memo = Memo::default();
    let mut made = 0;
    let mut bound = 0;
    while made < 20_000 {
        let (mut a, mut b) = (0u32, 0u32);
        for _ in 0..(rng.next_u32() % 6) {
            a |= 1 << (1 + rng.next_u32() % 30);
        }
        for _ in 0..(rng.next_u32() % 6) {
            b |= 1 << (1 + rng.next_u32() % 30);
        }
        b &= !a;
        let to_move = if rng.next_u32().is_multiple_of(2) {
            Side::A
        } else {
            Side::B
        };
        let Ok(mut pos) = Position::new(Variant::Kendall, a, b, to_move) else {
            continue;
        };
        for side in [Side::A, Side::B] {
            if rng.next_u32().is_multiple_of(2) {
                pos = pos.with_bound(side);
            }
        }
        bound += u32::from(pos.bound(Side::A) || pos.bound(Side::B));
        made += 1;
        for side in [Side::A, Side::B] {
            assert_eq!(
                value(&mut memo, &pos, side),
                Some(full(&pos, side)),
                "{pos:?}"
            );
        }
    }
    assert!(bound > 100, "{bound} positions with a bound piece");
    let other = Position::start(Variant::Wiibrew2009, Side::A);
    assert_eq!(value(&mut memo, &other, Side::A), None);
    let jequier = Position::start(Variant::Jequier, Side::B);
    assert_eq!(value(&mut memo, &jequier, Side::B), None);
}
