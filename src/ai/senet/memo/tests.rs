//! Tests of the incremental senet evaluator: its value is `Net::value`'s bit for bit whatever
//! the memo held before (every move of every throw of played games of each rule set, both
//! views, one memo for a whole run of all three rule sets and a fresh one per list), and on
//! random boards of each rule set (pieces off, bound pieces, won games).

use rand_core::RngCore;
use rand_pcg::Pcg32;

use super::*;
use crate::ai::search::game::RaceGame;
use crate::ai::selfplay::sample_chance;
use crate::ai::senet::adapter::Senet;
use crate::ai::senet::net::for_variant;
use crate::games::senet::MoveList;
use crate::games::senet::Variant;

/// The rule set's network.
fn net(pos: &Position) -> &'static Net {
    for_variant(pos.variant()).expect("every rule set has a network")
}

fn full(pos: &Position, side: Side) -> i32 {
    crate::ai::senet::net::value(
        for_variant(pos.variant()).expect("every rule set has a network"),
        pos,
        side,
    )
}

#[test]
fn the_memo_value_equals_the_full_evaluation_over_every_move_of_played_games_of_each_rule_set() {
    let mut scratch = MoveList::new();
    let mut rng = Pcg32::new(31, 1);
    // One memo for the whole run: it meets the rule sets one after the other.
    let mut long = Memo::default();
    for variant in Variant::ALL {
        let mut checked = 0u32;
        for game in 0..40 {
            let first = if game % 2 == 0 { Side::A } else { Side::B };
            let mut pos = Position::start(variant, first);
            while pos.winner().is_none() && checked < 40_000 {
                let c = sample_chance::<Senet>(&pos, &mut rng).expect("a throw");
                let turns = <Senet>::turns(&mut scratch, &pos, &c).to_vec();
                for side in [pos.side_to_move().other(), pos.side_to_move()] {
                    let mut fresh = Memo::default();
                    for t in &turns {
                        let p = <Senet>::apply(&pos, t);
                        let want = full(&p, side);
                        assert_eq!(value(&mut long, net(&p), &p, side), want, "{p:?} {side:?}");
                        assert_eq!(value(&mut fresh, net(&p), &p, side), want, "{p:?} {side:?}");
                        checked += 1;
                    }
                }
                pos = <Senet>::apply(&pos, &turns[(rng.next_u32() as usize) % turns.len()]);
            }
        }
        assert!(checked > 10_000, "{variant}: {checked} positions");
    }
}

#[test]
fn the_memo_value_equals_the_full_evaluation_on_random_boards_of_each_rule_set() {
    let mut rng = Pcg32::new(32, 2);
    let mut memo = Memo::default();
    let mut made = 0;
    let mut bound = 0;
    while made < 30_000 {
        let variant = Variant::ALL[made % Variant::ALL.len()];
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
        let Ok(mut pos) = Position::new(variant, a, b, to_move) else {
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
                value(&mut memo, net(&pos), &pos, side),
                full(&pos, side),
                "{pos:?}"
            );
        }
    }
    assert!(bound > 100, "{bound} positions with a bound piece");
}
