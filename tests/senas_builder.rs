//! The step-by-step turn builder the UI drives: offered sub-moves, typed refusals, undo, finish.

mod senas_common;

use heapless::Vec as HVec;
use senas_common::*;
use senas_senet::games::senas::{
    apply, Illegal, Position, Side, SubMove, TurnBuilder, MAX_CHOICES,
};

fn sm(from: u8, die: u8) -> SubMove {
    SubMove { from, die }
}

#[test]
fn builder_offers_only_the_runner_at_the_start() {
    let p = Position::start(Side::White);
    let mut g = scratch();
    let b = roll_builder(&mut g, &p, roll(1, 2, 4));
    let mut offered = HVec::<SubMove, MAX_CHOICES>::new();
    b.legal_sub_moves(&mut g, &mut offered);
    assert_eq!(offered.as_slice(), [sm(0, 1), sm(0, 2), sm(0, 4)]);
    assert_eq!(b.target(), 3);
}

#[test]
fn builder_refuses_a_die_that_is_not_left_and_a_hole_without_a_piece() {
    let p = Position::start(Side::White);
    let mut g = scratch();
    let mut b = roll_builder(&mut g, &p, roll(1, 2, 4));
    assert_eq!(b.check(&mut g, sm(0, 3)), Err(Illegal::NoSuchDie));
    assert_eq!(b.check(&mut g, sm(5, 1)), Err(Illegal::NoPiece));
    assert_eq!(b.play(&mut g, sm(0, 1)), Ok(()));
    assert_eq!(b.check(&mut g, sm(1, 1)), Err(Illegal::NoSuchDie));
}

#[test]
fn builder_undo_takes_back_the_last_sub_move() {
    let p = Position::start(Side::White);
    let mut g = scratch();
    let mut b = roll_builder(&mut g, &p, roll(1, 2, 4));
    let before = (b.army(), b.remaining());
    b.play(&mut g, sm(0, 2)).expect("legal");
    b.play(&mut g, sm(2, 4)).expect("legal");
    assert_eq!(b.undo(), Some(sm(2, 4)));
    assert_eq!(b.undo(), Some(sm(0, 2)));
    assert_eq!(b.undo(), None);
    assert_eq!((b.army(), b.remaining()), before);
}

#[test]
fn builder_finishes_only_when_the_turn_is_complete() {
    let p = Position::start(Side::White);
    let mut g = scratch();
    let mut b = roll_builder(&mut g, &p, roll(1, 2, 4));
    assert_eq!(b.finish().map(|_| ()), Err(Illegal::MustUseMore));
    for step in [sm(0, 4), sm(4, 1), sm(5, 2)] {
        b.play(&mut g, step).expect("legal");
    }
    assert_eq!(b.played(), [sm(0, 4), sm(4, 1), sm(5, 2)]);
    let turn = b.finish().expect("complete");
    let generated = turns_for_roll(&p, roll(1, 2, 4));
    assert_eq!(apply(&p, &turn), apply(&p, &generated[0]));
}

#[test]
fn builder_for_a_blocked_roll_finishes_at_once_with_no_sub_move() {
    let p = pos(&[(0, 15)], &[(1, 1), (2, 1), (3, 1), (23, 12)], Side::White);
    let mut g = scratch();
    let b = roll_builder(&mut g, &p, roll(1, 2, 3));
    let mut offered = HVec::<SubMove, MAX_CHOICES>::new();
    b.legal_sub_moves(&mut g, &mut offered);
    assert!(offered.is_empty());
    assert_eq!(b.target(), 0);
    let turn = b.finish().expect("nothing can be played");
    assert_eq!(turn.unused(), bag(&[1, 2, 3]));
}

#[test]
fn builder_gift_part_uses_the_pending_gift() {
    let p = Position::start(Side::Black).with_gift(bag(&[2, 3]));
    let mut g = scratch();
    let mut b = TurnBuilder::for_gift(&mut g, &p);
    assert_eq!(b.remaining(), bag(&[2, 3]));
    b.play(&mut g, sm(0, 3)).expect("legal");
    b.play(&mut g, sm(3, 2)).expect("legal");
    let next = apply(&p, &b.finish().expect("complete"));
    assert_eq!(next.side_to_move(), Side::Black);
    assert!(next.needs_roll());
}
