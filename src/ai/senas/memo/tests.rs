//! Tests of the incremental senas evaluator: its value is the full evaluation's bit for bit,
//! whatever the memo held before (siblings of a turn list, a whole game's positions in order,
//! the other side, a default memo), on played and on random boards (full holes, pieces off,
//! pending gifts, won games).

use rand_core::RngCore;
use rand_pcg::Pcg32;

use super::*;
use crate::ai::search::game::RaceGame;
use crate::ai::selfplay::{sample_chance, Playable};
use crate::ai::senas::adapter::{Senas, SenasScratch};
use crate::games::senas::{Bag, PIECES};

fn full(pos: &Position, side: Side) -> i32 {
    crate::ai::senas::net::value(pos, side)
}

#[test]
fn the_memo_value_equals_the_full_evaluation_over_every_turn_list_of_played_games() {
    let mut scratch = std::boxed::Box::<SenasScratch>::default();
    let mut rng = Pcg32::new(11, 5);
    // One memo for the whole run (the previous list's last turn, the other side...), one per
    // list (as a search's pass starts), as the search uses them.
    let mut long = Memo::default();
    let mut checked = 0u32;
    let mut with_off = 0u32;
    for game in 0..12 {
        let mut pos = Senas::start(
            (),
            if game % 2 == 0 {
                Side::White
            } else {
                Side::Black
            },
        );
        while pos.winner().is_none() {
            let c = sample_chance::<Senas>(&pos, &mut rng).expect("a chance");
            let turns = Senas::turns(&mut scratch, &pos, &c);
            for side in [pos.side_to_move().other(), pos.side_to_move()] {
                let mut fresh = Memo::default();
                for t in turns.iter() {
                    let p = Senas::apply(&pos, t);
                    let want = full(&p, side);
                    assert_eq!(value(&mut long, &p, side), want, "{p:?} for {side:?}");
                    assert_eq!(value(&mut fresh, &p, side), want, "{p:?} for {side:?}");
                    checked += 1;
                    with_off += u32::from(p.off(side) > 0 || p.off(side.other()) > 0);
                }
            }
            let t = turns[(rng.next_u32() as usize) % turns.len()];
            pos = Senas::apply(&pos, &t);
        }
    }
    assert!(checked > 50_000, "{checked} positions");
    assert!(with_off > 1_000, "{with_off} positions with pieces off");
}

/// A random army: `off` borne off, the rest dropped on holes (often piled on one).
fn army(rng: &mut Pcg32, off: u8, only: Option<usize>) -> [u8; HOLES] {
    let mut counts = [0u8; HOLES];
    for _ in off..PIECES {
        let p = only.unwrap_or((rng.next_u32() % HOLES as u32) as usize);
        counts[p] += 1;
    }
    counts
}

#[test]
fn the_memo_value_equals_the_full_evaluation_on_random_boards_with_full_holes_gifts_and_wins() {
    let mut rng = Pcg32::new(12, 7);
    let mut memo = Memo::default();
    let mut made = 0u32;
    let mut won = 0u32;
    while made < 20_000 {
        let off_w = (rng.next_u32() % 16) as u8;
        let off_b = (rng.next_u32() % 16) as u8;
        // Now and then a whole army on one hole (a full hole: the fourth unit holds 12).
        let pile = |rng: &mut Pcg32| {
            rng.next_u32()
                .is_multiple_of(8)
                .then(|| (rng.next_u32() % HOLES as u32) as usize)
        };
        let (pw, pb) = (pile(&mut rng), pile(&mut rng));
        let white = army(&mut rng, off_w, pw);
        let black = army(&mut rng, off_b, pb);
        let mut board = [0i8; HOLES];
        let mut clash = false;
        for p in 0..HOLES {
            let wh = Side::White.hole(p);
            let bh = Side::Black.hole(p);
            if white[p] > 0 {
                clash |= board[wh] != 0;
                board[wh] = white[p] as i8;
            }
            if black[p] > 0 {
                clash |= board[bh] != 0;
                board[bh] = -(black[p] as i8);
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
        let Ok(mut pos) = Position::from_board(&board, off_w, off_b, to_move) else {
            continue;
        };
        if rng.next_u32().is_multiple_of(3) {
            let dice: [u8; 2] = [
                1 + (rng.next_u32() % 6) as u8,
                1 + (rng.next_u32() % 6) as u8,
            ];
            if let Some(gift) = Bag::from_values(&dice) {
                pos = pos.with_gift(gift);
            }
        }
        made += 1;
        won += u32::from(pos.winner().is_some());
        for side in [Side::White, Side::Black] {
            let before = memo.pre;
            let v = value(&mut memo, &pos, side);
            assert_eq!(v, full(&pos, side), "{pos:?} for {side:?}");
            if pos.winner().is_some() {
                assert_eq!(memo.pre, before, "a won game leaves the memo as it was");
            }
        }
    }
    assert!(won > 100, "{won} won positions");
}
