//! "A acts on what the player sees" on the title and the main menu, with one remote, a pad and
//! two remotes (the overlays and the winner's screen: `app_focus_overlays.rs`): a pointer drawn over a row frames that row and A acts
//! on it; a pointer that has not moved since the list opened (or since its player's last
//! D-pad press) is not drawn and A acts on the framed row; a drawn pointer off every row frames
//! nothing and its A does nothing. Checked on the soft-rendered frame (gold frames) and the
//! draw list (where each player's cursor sprite is), with scripted remotes and pads.

mod app_support;

use app_support::focus::{
    assert_pointers_frame_their_rows, centre, drawn_pointer, framed, move_onto, move_to, press,
    row_under, step,
};
use app_support::Harness;
use senas_senet::app::{Buttons, Config, Pointer, SceneKind};

/// From the title, player 1 points at "Play" (moving onto it) and presses A without moving.
fn play_with_the_pointer(h: &mut Harness) -> Pointer {
    let play = h.item_boxes()[0];
    h.pointers[0] = Some(Pointer::new(320, 440));
    h.idle(1);
    h.pointers[0] = Some(centre(play));
    h.idle(1);
    assert_pointers_frame_their_rows(h, "title, pointer on Play");
    assert_eq!(framed(h), vec![0]);
    h.press(0, Buttons::A);
    assert_eq!(h.app.scene(), SceneKind::Menu);
    // The menu fades in; its gold frames are read once it shows plain.
    h.idle_through_fade();
    centre(play)
}

#[test]
fn main_menu_a_pointer_resting_from_the_title_is_hidden_and_a_starts_the_framed_row() {
    let mut h = Harness::new(Config::new(1));
    let resting = play_with_the_pointer(&mut h);
    h.idle(3);
    // The pointer lies where "Play" was: over "Statistics" on the main menu.
    let stats = h.item_boxes()[3];
    assert!(stats.contains(resting.x, resting.y), "the bug's layout");
    assert_pointers_frame_their_rows(&h, "main menu, pointer resting");
    assert_eq!(drawn_pointer(&h, 0), None, "a resting pointer is not drawn");
    assert_eq!(framed(&h), vec![2], "\"Start\" framed");
    h.press(0, Buttons::A);
    assert_eq!(
        h.app.scene(),
        SceneKind::ThrowOff,
        "A acts on the framed \"Start\""
    );
}

#[test]
fn title_a_pointer_moved_onto_a_row_is_drawn_frames_it_and_a_opens_it() {
    let mut h = Harness::new(Config::new(1));
    h.pointers[0] = Some(Pointer::new(320, 470));
    step(&mut h, 0, Buttons::NONE, "title");
    assert_eq!(drawn_pointer(&h, 0), None, "not moved yet");
    assert_eq!(framed(&h), vec![0], "\"Play\", the focus");
    let how = centre(h.item_boxes()[1]);
    move_to(&mut h, 0, how, "title, moving");
    assert_eq!(drawn_pointer(&h, 0), Some((how.x, how.y)));
    assert_eq!(framed(&h), vec![1]);
    press(&mut h, 0, Buttons::A, "title, A");
    assert!(h.app.help_open(), "A opened \"How to play\"");
}

#[test]
fn title_a_pointer_moved_off_every_row_frames_nothing_and_a_does_nothing() {
    let mut h = Harness::new(Config::new(1));
    move_onto(&mut h, 0, 2, "title");
    assert_eq!(framed(&h), vec![2]);
    move_to(&mut h, 0, Pointer::new(60, 300), "title, off the rows");
    assert!(drawn_pointer(&h, 0).is_some());
    assert_eq!(framed(&h), Vec::<usize>::new(), "no frame left on \"Exit\"");
    press(&mut h, 0, Buttons::A, "title, A off the rows");
    assert_eq!(h.app.scene(), SceneKind::Title);
    assert!(h.app.overlay().is_none(), "A did nothing");
    // The D-pad brings the frame back (from the last row pointed at) and hides the pointer.
    press(&mut h, 0, Buttons::UP, "title, up");
    assert_eq!(drawn_pointer(&h, 0), None);
    assert_eq!(framed(&h), vec![1]);
}

#[test]
fn main_menu_a_pointer_moved_onto_statistics_frames_it_and_a_opens_the_statistics() {
    let mut h = Harness::new(Config::new(1));
    play_with_the_pointer(&mut h);
    move_onto(&mut h, 0, 4, "menu, onto Back");
    move_onto(&mut h, 0, 3, "menu, onto Statistics");
    assert!(drawn_pointer(&h, 0).is_some());
    assert_eq!(framed(&h), vec![3]);
    press(&mut h, 0, Buttons::A, "menu, A");
    assert_eq!(h.app.scene(), SceneKind::Statistics);
}

#[test]
fn main_menu_a_pointer_off_every_row_frames_nothing_and_a_does_nothing() {
    let mut h = Harness::new(Config::new(1));
    play_with_the_pointer(&mut h);
    move_to(&mut h, 0, Pointer::new(20, 40), "menu, off the rows");
    assert!(drawn_pointer(&h, 0).is_some());
    assert_eq!(framed(&h), Vec::<usize>::new());
    let lines = h.log.0.len();
    press(&mut h, 0, Buttons::A, "menu, A off the rows");
    assert_eq!(h.app.scene(), SceneKind::Menu);
    assert_eq!(h.log.0.len(), lines, "nothing logged: A did nothing");
}

#[test]
fn main_menu_the_d_pad_after_the_pointer_hides_it_and_a_acts_on_the_framed_row() {
    let mut h = Harness::new(Config::new(1));
    play_with_the_pointer(&mut h);
    move_onto(&mut h, 0, 4, "menu, onto Back");
    assert_eq!(framed(&h), vec![4]);
    press(&mut h, 0, Buttons::UP, "menu, up");
    press(&mut h, 0, Buttons::UP, "menu, up");
    assert_eq!(drawn_pointer(&h, 0), None, "hidden by the D-pad");
    assert_eq!(framed(&h), vec![2], "Back, up, up: Start");
    // The pointer still lies over "Back": a hand's shake does not wake it.
    h.pointers[0] = h.pointers[0].map(|p| Pointer::new(p.x + 5, p.y - 5));
    press(&mut h, 0, Buttons::A, "menu, A");
    assert_eq!(
        h.app.scene(),
        SceneKind::ThrowOff,
        "A started: the framed row"
    );
}

#[test]
fn main_menu_a_pad_cursor_resting_on_statistics_is_hidden_and_a_starts() {
    let mut h = Harness::new(Config::new(1));
    h.pads[0] = true;
    // The pad's cursor starts at the frame centre: over "Play", then over "Statistics".
    step(&mut h, 0, Buttons::NONE, "title, pad");
    assert_eq!(drawn_pointer(&h, 0), None);
    press(&mut h, 0, Buttons::A, "title, pad A");
    assert_eq!(h.app.scene(), SceneKind::Menu);
    h.idle_through_fade();
    assert_pointers_frame_their_rows(&h, "menu, pad cursor resting");
    assert_eq!(drawn_pointer(&h, 0), None);
    assert_eq!(framed(&h), vec![2]);
    press(&mut h, 0, Buttons::A, "menu, pad A");
    assert_eq!(h.app.scene(), SceneKind::ThrowOff);
}

#[test]
fn main_menu_a_pad_cursor_moved_by_its_stick_frames_the_row_under_it() {
    let mut h = Harness::new(Config::new(1));
    h.pads[0] = true;
    press(&mut h, 0, Buttons::A, "title, pad A");
    assert_eq!(h.app.scene(), SceneKind::Menu);
    h.idle_through_fade();
    // The stick (a direction) moves the cursor down from "Statistics" onto "Back".
    for _ in 0..14 {
        step(&mut h, 0, Buttons::DOWN, "menu, pad stick");
    }
    let tip = drawn_pointer(&h, 0).expect("drawn once moved");
    assert_eq!(row_under(&h, tip), Some(4), "over Back");
    assert_eq!(framed(&h), vec![4]);
    press(&mut h, 0, Buttons::A, "menu, pad A on Back");
    assert_eq!(h.app.scene(), SceneKind::Title);
}

#[test]
fn two_remotes_pointing_at_two_rows_frame_both_and_each_a_acts_on_its_own() {
    let mut h = Harness::new(Config::new(1));
    h.connected = [true, true, false, false];
    h.pointers[1] = Some(Pointer::new(600, 470));
    play_with_the_pointer(&mut h);
    move_onto(&mut h, 0, 1, "menu, player 1");
    move_onto(&mut h, 1, 4, "menu, player 2");
    assert!(drawn_pointer(&h, 0).is_some() && drawn_pointer(&h, 1).is_some());
    assert_eq!(framed(&h), vec![1, 4]);
    press(&mut h, 1, Buttons::A, "menu, player 2's A");
    assert_eq!(h.app.scene(), SceneKind::Title, "player 2's A: Back");
}

#[test]
fn a_resting_second_remote_keeps_the_frame_its_a_acts_on() {
    let mut h = Harness::new(Config::new(1));
    h.connected = [true, true, false, false];
    h.pointers[1] = Some(Pointer::new(320, 120)); // over "Game", lying still
    play_with_the_pointer(&mut h);
    // Player 1 raises the remote off every row at once (no row passed on the way).
    h.pointers[0] = Some(Pointer::new(20, 40));
    step(&mut h, 0, Buttons::NONE, "menu, player 1 off the rows");
    assert!(drawn_pointer(&h, 0).is_some());
    assert_eq!(drawn_pointer(&h, 1), None, "player 2's pointer rests");
    assert_eq!(framed(&h), vec![2], "player 2's focus: Start");
    press(&mut h, 0, Buttons::A, "menu, player 1's A");
    assert_eq!(
        h.app.scene(),
        SceneKind::Menu,
        "player 1's A off the rows: nothing"
    );
    press(&mut h, 1, Buttons::A, "menu, player 2's A");
    assert_eq!(
        h.app.scene(),
        SceneKind::ThrowOff,
        "player 2's A: the framed Start"
    );
}
