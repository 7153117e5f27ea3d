//! The senas diagrams' verdicts against the rules engine's own turn builder: what a diagram
//! crosses out, the builder refuses with the same reason; what it lights, the builder accepts.
//! (Senet diagrams call `check_move` and `apply` directly while drawing.)

use std::boxed::Box;

use super::senas_figs::{
    bear_off_position, moving_position, position, start_position, BEAR_OFF_DIE, BEAR_OFF_FROM,
    MOVING_DICE, MOVING_FROM,
};
use crate::games::senas::{Bag, Illegal, Roll, Side, SubMove, TurnBuilder, TurnGen};

#[test]
fn the_moving_diagram_crosses_the_die_the_builder_refuses_as_held_by_the_opponent() {
    let pos = moving_position().expect("diagram position");
    let mut gen = Box::new(TurnGen::new());
    let [crossed, lit] = MOVING_DICE;
    let roll = Roll::new(crossed, lit, 1).expect("roll");
    let b = TurnBuilder::for_roll(&mut gen, &pos, &roll);
    let refused = SubMove {
        from: MOVING_FROM,
        die: crossed,
    };
    let allowed = SubMove {
        from: MOVING_FROM,
        die: lit,
    };
    assert_eq!(b.check(&mut gen, refused), Err(Illegal::HeldByOpponent));
    assert!(b.check(&mut gen, allowed).is_ok());
    assert_ne!(pos.blocked() & 1 << (MOVING_FROM + crossed), 0);
    assert_eq!(pos.blocked() & 1 << (MOVING_FROM + lit), 0);
}

#[test]
fn the_bearing_off_diagram_lets_only_the_rearmost_piece_off_as_the_builder_does() {
    let pos = bear_off_position().expect("diagram position");
    let mut gen = Box::new(TurnGen::new());
    let roll = Roll::new(BEAR_OFF_DIE, 1, 2).expect("roll");
    let b = TurnBuilder::for_roll(&mut gen, &pos, &roll);
    let [rearmost, next] = BEAR_OFF_FROM;
    let off = |from| SubMove {
        from,
        die: BEAR_OFF_DIE,
    };
    assert!(b.check(&mut gen, off(rearmost)).is_ok());
    assert_eq!(b.check(&mut gen, off(next)), Err(Illegal::NotRearmost));
}

#[test]
fn the_first_sena_diagram_is_a_turn_end_the_builder_refuses_as_first_sena_full() {
    let shown = start_position().expect("diagram position");
    // One step earlier: the piece on path 4 still on the start, a gift of 4 to play.
    let before = position(&[(0, 13), (2, 1), (20, 1)], &[(0, 15)])
        .expect("position")
        .with_gift(Bag::from_values(&[4]).expect("gift"));
    let mut gen = Box::new(TurnGen::new());
    let b = TurnBuilder::for_gift(&mut gen, &before);
    let sm = SubMove { from: 0, die: 4 };
    assert_eq!(b.check(&mut gen, sm), Err(Illegal::FirstSenaFull));
    let mut counts = before.army(Side::White).counts();
    counts[0] -= 1;
    counts[4] += 1;
    assert_eq!(counts, shown.army(Side::White).counts());
    assert!(shown.army(Side::White).first_sena_holes() > 2);
}
