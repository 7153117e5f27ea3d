//! Turn generation in slices (`TurnGen::begin_part` / `resume_part`, the form the computer
//! uses so that no video frame waits for a whole generation) gives exactly the list of the
//! one-go generation (`legal_turns` / `legal_gift_turns`), same turns in the same order, for
//! every part of random games and for the worst constructed rolls, whatever the slice size.

mod senas_common;

use rand_core::RngCore;
use rand_pcg::Pcg32;
use senas_common::*;
use senas_senet::games::senas::{apply, Position, Roll, Side};

/// The sliced list for the part of `pos` (gift if pending, else `roll`), `work` states a slice;
/// also the number of slices it took.
fn sliced(pos: &Position, roll: &Roll, work: u32) -> (Box<Turns>, u32) {
    let mut g = scratch();
    let mut out = Box::new(Turns::new());
    g.begin_part(pos, Some(roll), &mut out);
    let mut slices = 1;
    while g.resume_part(&mut out, work).is_none() {
        slices += 1;
        assert!(slices < 1_000_000, "the generation never ends");
    }
    (out, slices)
}

fn whole(pos: &Position, roll: &Roll) -> Box<Turns> {
    let mut g = scratch();
    let mut out = Box::new(Turns::new());
    if pos.needs_roll() {
        let _ = g.legal_turns(pos, roll, &mut out);
    } else {
        let _ = g.legal_gift_turns(pos, &mut out);
    }
    out
}

#[test]
fn sliced_generation_lists_the_same_turns_in_the_same_order_as_the_whole_one() {
    let mut rng = Pcg32::new(13, 7);
    let mut parts = 0;
    let mut paused = 0;
    for game in 0..30 {
        let mut pos = Position::start(if game % 2 == 0 {
            Side::White
        } else {
            Side::Black
        });
        let mut roll = Roll::sample(&mut rng);
        while pos.winner().is_none() {
            if pos.needs_roll() {
                roll = Roll::sample(&mut rng);
            }
            let want = whole(&pos, &roll);
            for work in [1, 7, 64] {
                let (got, slices) = sliced(&pos, &roll, work);
                assert_eq!(got.as_slice(), want.as_slice(), "{pos} {roll} work {work}");
                if slices > 1 {
                    paused += 1;
                }
            }
            parts += 1;
            let pick = rng.next_u32() as usize % want.len().max(1);
            let Some(t) = want.get(pick) else { break };
            pos = apply(&pos, t);
        }
    }
    assert!(parts > 1000, "{parts} parts");
    assert!(
        paused > parts,
        "slices did pause ({paused} of {parts} parts x 3)"
    );
}

#[test]
fn the_worst_constructed_roll_and_a_full_gift_slice_to_the_same_list() {
    let cases = [
        (
            "0,-2,-10,0,1,0,1,0,1,0,0,1,0,1,0,1,1,0,0,3,1,1,3,0/0/3",
            roll(1, 1, 3),
        ),
        (
            "-15,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1/0/0",
            roll(1, 2, 2),
        ),
    ];
    for (board, r) in cases {
        let p = Position::parse(board, Side::White).expect("board is possible");
        let want = whole(&p, &r);
        let (got, slices) = sliced(&p, &r, 50);
        assert_eq!(got.as_slice(), want.as_slice(), "{board}");
        assert!(slices > 10, "{slices} slices");
    }
    let gift = pos(&[(0, 5), (3, 4), (8, 3), (12, 3)], &[(20, 15)], Side::White)
        .with_gift(bag(&[1, 2, 3, 4, 5, 6]));
    let r = roll(1, 1, 1);
    let want = whole(&gift, &r);
    let (got, _) = sliced(&gift, &r, 3);
    assert!(!want.is_empty());
    assert_eq!(got.as_slice(), want.as_slice());
}

#[test]
fn a_won_position_has_no_turns_either_way() {
    let won = pos(&[], &[(5, 15)], Side::Black);
    let r = roll(2, 3, 4);
    let (got, _) = sliced(&won, &r, 5);
    assert!(got.is_empty());
    assert!(whole(&won, &r).is_empty());
}
