//! `ListNav`'s rule on a bare list: rows framed == rows A acts on, resting pointers hidden.

use super::*;
use crate::app::input::PlayerInput;

fn input(n: usize, pressed: Buttons, pointer: Option<Pointer>) -> Input {
    let mut i = Input::default();
    i.players[n] = PlayerInput {
        connected: true,
        pointer,
        held: pressed,
        pressed,
        released: Buttons::NONE,
        ..PlayerInput::default()
    };
    i
}

/// Row 2 below y 100, nothing above.
fn rows(_: i16, y: i16) -> Option<usize> {
    if y > 100 {
        Some(2)
    } else {
        None
    }
}

#[test]
fn dpad_wraps_around_the_list() {
    let mut nav = ListNav::new(0);
    let rows = |_, _| None;
    nav.update(&input(0, Buttons::UP, None), 3, rows);
    assert_eq!(nav.selected, 2);
    nav.update(&input(0, Buttons::DOWN, None), 3, rows);
    assert_eq!(nav.selected, 0);
    nav.update(&input(0, Buttons::DOWN, None), 3, rows);
    assert_eq!(nav.selected, 1);
    assert_eq!(nav.framed(), Framed::one(1));
}

#[test]
fn a_pointer_that_moved_onto_a_row_is_drawn_frames_it_and_a_picks_it() {
    let mut nav = ListNav::new(0);
    nav.update(&input(0, Buttons::NONE, Some(Pointer::new(5, 20))), 3, rows);
    assert!(!nav.shows(0));
    let ev = nav.update(&input(0, Buttons::A, Some(Pointer::new(5, 150))), 3, rows);
    assert!(nav.shows(0));
    assert_eq!(nav.framed(), Framed::one(2));
    assert_eq!(ev, ListEvent::Picked { row: 2, by: 0 });
}

#[test]
fn a_pointer_off_every_row_frames_nothing_and_its_a_does_nothing() {
    let mut nav = ListNav::new(1);
    nav.update(
        &input(0, Buttons::NONE, Some(Pointer::new(5, 150))),
        3,
        rows,
    );
    nav.update(&input(0, Buttons::NONE, Some(Pointer::new(5, 10))), 3, rows);
    assert!(nav.shows(0));
    assert_eq!(nav.framed(), Framed::NONE);
    let ev = nav.update(&input(0, Buttons::A, Some(Pointer::new(5, 10))), 3, rows);
    assert_eq!(ev, ListEvent::None);
    // Off screen too, once the player has pointed.
    let ev = nav.update(&input(0, Buttons::A, None), 3, rows);
    assert_eq!(ev, ListEvent::None);
    assert_eq!(nav.framed(), Framed::NONE);
}

#[test]
fn a_pointer_resting_over_a_row_when_the_list_opens_is_hidden_and_a_acts_on_the_focus() {
    let mut nav = ListNav::new(0);
    let rows = |_, y: i16| if y > 100 { Some(4) } else { None };
    let still = Some(Pointer::new(5, 300));
    nav.update(&input(0, Buttons::NONE, still), 5, rows);
    assert_eq!(nav.selected, 0);
    assert!(!nav.shows(0));
    assert_eq!(nav.framed(), Framed::one(0));
    // A few pixels of hand shake do not wake it.
    let shaken = Some(Pointer::new(5 + POINTER_WAKE, 300 - POINTER_WAKE));
    let ev = nav.update(&input(0, Buttons::A, shaken), 5, rows);
    assert_eq!(ev, ListEvent::Picked { row: 0, by: 0 }, "the focus row");
}

#[test]
fn the_d_pad_hides_the_pointer_and_hands_a_back_to_the_focus() {
    let mut nav = ListNav::new(0);
    nav.update(&input(0, Buttons::NONE, Some(Pointer::new(5, 20))), 3, rows);
    nav.update(
        &input(0, Buttons::NONE, Some(Pointer::new(5, 150))),
        3,
        rows,
    );
    assert_eq!(nav.selected, 2, "the pointer took the focus");
    nav.update(
        &input(0, Buttons::DOWN, Some(Pointer::new(5, 150))),
        3,
        rows,
    );
    assert!(!nav.shows(0));
    assert_eq!(nav.framed(), Framed::one(0), "down from row 2 wraps to 0");
    let ev = nav.update(&input(0, Buttons::A, Some(Pointer::new(5, 150))), 3, rows);
    assert_eq!(ev, ListEvent::Picked { row: 0, by: 0 });
}

#[test]
fn left_and_right_step_the_focus_row_and_rest_the_pointer() {
    let mut nav = ListNav::new(1);
    nav.update(&input(0, Buttons::NONE, Some(Pointer::new(5, 20))), 3, rows);
    nav.update(
        &input(0, Buttons::NONE, Some(Pointer::new(5, 150))),
        3,
        rows,
    );
    let ev = nav.update(
        &input(0, Buttons::LEFT, Some(Pointer::new(5, 150))),
        3,
        rows,
    );
    assert_eq!(
        ev,
        ListEvent::Step {
            row: 2,
            dir: -1,
            by: 0
        }
    );
    assert!(!nav.shows(0));
    assert_eq!(nav.framed(), Framed::one(2));
}

#[test]
fn two_pointing_players_frame_both_rows_and_each_a_acts_on_its_own() {
    let mut nav = ListNav::new(0);
    let rows = |_, y: i16| usize::try_from(y / 100).ok().filter(|&r| r < 3);
    let mut i = input(0, Buttons::NONE, Some(Pointer::new(5, 450)));
    i.players[1] = input(1, Buttons::NONE, Some(Pointer::new(5, 450))).players[1];
    nav.update(&i, 3, rows);
    i.players[0].pointer = Some(Pointer::new(5, 150));
    i.players[1].pointer = Some(Pointer::new(5, 250));
    nav.update(&i, 3, rows);
    assert!(nav.shows(0) && nav.shows(1));
    assert_eq!(nav.framed(), Framed::one(1).with(2));
    assert_eq!((nav.target(0), nav.target(1)), (Some(1), Some(2)));
    i.players[1].pressed = Buttons::A;
    assert_eq!(nav.update(&i, 3, rows), ListEvent::Picked { row: 2, by: 1 });
}

#[test]
fn a_resting_second_player_keeps_the_focus_framed_for_its_own_a() {
    let mut nav = ListNav::new(0);
    let mut i = input(0, Buttons::NONE, Some(Pointer::new(5, 20)));
    i.players[1] = input(1, Buttons::NONE, None).players[1];
    nav.update(&i, 3, rows);
    i.players[0].pointer = Some(Pointer::new(5, 60));
    nav.update(&i, 3, rows);
    // Player 1 points at nothing: its A does nothing; player 2 rests: its A takes the focus.
    assert_eq!(nav.framed(), Framed::one(0));
    assert_eq!((nav.target(0), nav.target(1)), (None, Some(0)));
    i.players[0].pressed = Buttons::A;
    assert_eq!(nav.update(&i, 3, rows), ListEvent::None);
    i.players[0].pressed = Buttons::NONE;
    i.players[1].pressed = Buttons::A;
    assert_eq!(nav.update(&i, 3, rows), ListEvent::Picked { row: 0, by: 1 });
}

#[test]
fn rest_hides_every_pointer_until_it_moves_again() {
    let mut nav = ListNav::new(0);
    nav.update(&input(0, Buttons::NONE, Some(Pointer::new(5, 20))), 3, rows);
    nav.update(
        &input(0, Buttons::NONE, Some(Pointer::new(5, 150))),
        3,
        rows,
    );
    nav.rest();
    assert!(!nav.shows(0));
    assert_eq!(nav.framed(), Framed::one(2));
    let ev = nav.update(&input(0, Buttons::A, Some(Pointer::new(5, 10))), 3, rows);
    assert_eq!(
        ev,
        ListEvent::Picked { row: 2, by: 0 },
        "first seen again: rests"
    );
}

#[test]
fn a_disconnected_player_does_nothing() {
    let mut i = input(0, Buttons::A, None);
    i.players[0].connected = false;
    assert_eq!(Act::anyone(&i), Act::default());
    let mut nav = ListNav::new(0);
    assert_eq!(nav.update(&i, 3, |_, _| None), ListEvent::None);
    assert_eq!(nav.framed(), Framed::one(0), "nobody aims: the focus shows");
}
