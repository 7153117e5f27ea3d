//! The fast senas features equal the first version's (`features/tests/reference.rs`) on every
//! position tried: played games (both views, every turn of every roll), random boards with
//! full holes, pieces off, pending and outgoing gifts, runner-rule and bear-off armies.

use rand_core::RngCore;
use rand_pcg::Pcg32;

mod reference;
use super::*;
use crate::ai::search::game::{RaceGame, MAX_FEATURES};
use crate::ai::selfplay::{sample_chance, Playable};
use crate::ai::senas::adapter::{Senas, SenasScratch};
use crate::games::senas::PIECES;

fn same(pos: &Position) {
    for side in [Side::White, Side::Black] {
        let (mut a, mut b) = ([0; MAX_FEATURES], [0; MAX_FEATURES]);
        let pa = features(pos, side, &mut a);
        let pb = reference::features(pos, side, &mut b);
        assert_eq!((pa, a), (pb, b), "{pos:?} for {side:?}");
    }
}

#[test]
fn the_features_equal_the_first_versions_on_every_turn_of_played_games() {
    let mut scratch = std::boxed::Box::<SenasScratch>::default();
    let mut rng = Pcg32::new(21, 3);
    let mut n = 0u32;
    for game in 0..10 {
        let first = if game % 2 == 0 {
            Side::White
        } else {
            Side::Black
        };
        let mut pos = Senas::start((), first);
        while pos.winner().is_none() {
            let c = sample_chance::<Senas>(&pos, &mut rng).expect("a chance");
            let turns = Senas::turns(&mut scratch, &pos, &c);
            for t in turns.iter() {
                same(&Senas::apply(&pos, t));
                n += 1;
            }
            pos = Senas::apply(&pos, &turns[(rng.next_u32() as usize) % turns.len()]);
        }
        same(&pos);
    }
    assert!(n > 20_000, "{n} positions");
}

#[test]
fn the_features_equal_the_first_versions_on_random_boards_with_full_holes_and_gifts() {
    let mut rng = Pcg32::new(22, 9);
    let mut made = 0;
    while made < 30_000 {
        let mut board = [0i8; HOLES];
        let mut offs = [0u8; 2];
        let mut clash = false;
        for (k, side) in [Side::White, Side::Black].into_iter().enumerate() {
            offs[k] = (rng.next_u32() % 16) as u8;
            // Armies piled on one hole, kept in the fourth sena, or anywhere.
            let style = rng.next_u32() % 4;
            let one = (rng.next_u32() % HOLES as u32) as usize;
            for _ in offs[k]..PIECES {
                let p = match style {
                    0 => one,
                    1 => 18 + (rng.next_u32() % 6) as usize,
                    2 => (rng.next_u32() % 7) as usize,
                    _ => (rng.next_u32() % HOLES as u32) as usize,
                };
                let h = side.hole(p);
                let sign = if k == 0 { 1 } else { -1 };
                clash |= board[h] * sign < 0;
                board[h] += sign;
            }
        }
        if clash {
            continue;
        }
        let to_move = if rng.next_u32().is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        };
        let Ok(mut pos) = Position::from_board(&board, offs[0], offs[1], to_move) else {
            continue;
        };
        let die = |rng: &mut Pcg32| 1 + (rng.next_u32() % 6) as u8;
        if rng.next_u32().is_multiple_of(3) {
            if let Some(g) = Bag::from_values(&[die(&mut rng), die(&mut rng)]) {
                pos = pos.with_gift(g);
            }
        }
        if rng.next_u32().is_multiple_of(3) {
            if let Some(g) = Bag::from_values(&[die(&mut rng)]) {
                pos = pos.with_outgoing(g);
            }
        }
        same(&pos);
        made += 1;
    }
}
