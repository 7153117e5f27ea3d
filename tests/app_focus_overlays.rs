//! "A acts on what the player sees" on the HOME menu, the "Are you sure?" question, the
//! controller-loss pause and the winner's screen: a pointer resting where the list opens is
//! not drawn and A acts on the framed row (never on the row under the resting pointer); a
//! pointer moved onto a row frames it and A acts on it. Every frame is checked: a drawn pointer
//! over a row has that row framed (`app_support::focus`).

mod app_support;

use app_support::focus::{
    centre, drawn_pointer, framed, move_onto, move_to, press, row_under, step,
};
use app_support::{senet_square, start_match, Harness};
use senas_senet::app::{Buttons, Config, Controller, GameKind, Pointer, SceneKind};

#[test]
fn home_menu_a_pointer_resting_where_it_opens_is_hidden_and_a_resumes() {
    let mut h = Harness::new(Config::new(9));
    start_match(&mut h, GameKind::Senas, 0);
    h.idle(10);
    // The remote lies still over where "Main menu" opens.
    let main = senas_senet::app::home::HomeMenu::rows(h.app.config_aspect()).rect(3);
    h.pointers[0] = Some(centre(main));
    h.idle(2);
    press(&mut h, 0, Buttons::HOME, "HOME menu opens");
    assert!(h.app.home_open());
    assert_eq!(drawn_pointer(&h, 0), None);
    assert_eq!(framed(&h), vec![0], "Resume");
    press(&mut h, 0, Buttons::A, "HOME menu, A");
    assert!(!h.app.home_open() && !h.app.confirm_open(), "resumed");
    assert_eq!(h.app.scene(), SceneKind::Match);
}

#[test]
fn home_menu_a_pointer_moved_onto_a_row_frames_it_and_a_acts_on_it() {
    let mut h = Harness::new(Config::new(9));
    start_match(&mut h, GameKind::Senas, 0);
    h.idle(10);
    press(&mut h, 0, Buttons::HOME, "HOME menu opens");
    let rows = h.item_boxes();
    move_to(&mut h, 0, centre(rows[3]), "HOME menu, onto Main menu");
    assert_eq!(framed(&h), vec![3]);
    press(&mut h, 0, Buttons::A, "HOME menu, A");
    assert!(h.app.confirm_open(), "the main menu question");
}

#[test]
fn confirm_a_pointer_resting_over_yes_is_hidden_and_a_answers_the_framed_no() {
    let mut h = Harness::new(Config::new(1));
    let yes = senas_senet::app::confirm::Confirm::row_rects(h.app.config_aspect())[1];
    h.pointers[0] = Some(centre(yes));
    press(&mut h, 0, Buttons::UP, "title, up to Exit");
    press(&mut h, 0, Buttons::A, "title, A on Exit");
    assert!(h.app.confirm_open());
    assert_eq!(drawn_pointer(&h, 0), None, "resting over Yes: hidden");
    assert_eq!(framed(&h), vec![0], "No");
    press(&mut h, 0, Buttons::A, "question, A");
    assert!(
        !h.app.confirm_open() && h.requests.is_empty(),
        "No: nothing left"
    );
    assert_eq!(h.app.scene(), SceneKind::Title);
    // Back on the title the pointer rests again: the framed Exit row, no pointer.
    assert_eq!(drawn_pointer(&h, 0), None);
    assert_eq!(framed(&h), vec![2]);
}

#[test]
fn confirm_a_pointer_moved_onto_yes_frames_it_and_a_confirms() {
    let mut h = Harness::new(Config::new(1));
    press(&mut h, 0, Buttons::UP, "title, up to Exit");
    press(&mut h, 0, Buttons::A, "title, A on Exit");
    let yes = h.item_boxes()[1];
    move_to(&mut h, 0, centre(yes), "question, onto Yes");
    assert_eq!(framed(&h), vec![1]);
    press(&mut h, 0, Buttons::A, "question, A");
    assert!(!h.requests.is_empty(), "Yes: exit requested");
}

#[test]
fn pause_a_pointer_resting_over_main_menu_is_hidden_and_a_plays_on() {
    let mut h = Harness::new(Config::new(9));
    // The remote lies still where the pause's "Main menu" row will open.
    let main = senas_senet::app::pause::Pause::row_rects(h.app.config_aspect())[1];
    h.pointers[0] = Some(centre(main));
    start_match(&mut h, GameKind::Senas, 2); // second remote, which is not there
    h.idle(2);
    step(&mut h, 0, Buttons::NONE, "pause");
    assert_eq!(h.app.paused_for(), Some(1));
    assert_eq!(drawn_pointer(&h, 0), None);
    assert_eq!(framed(&h), vec![0], "Play on");
    press(&mut h, 0, Buttons::A, "pause, A");
    assert_eq!(h.app.paused_for(), None, "played on");
    assert!(h.log_has("event=play_on lost=2 by=1"));
}

#[test]
fn pause_a_pointer_moved_onto_main_menu_frames_it_and_a_asks() {
    let mut h = Harness::new(Config::new(9));
    start_match(&mut h, GameKind::Senas, 2);
    h.idle(2);
    assert_eq!(h.app.paused_for(), Some(1));
    move_onto(&mut h, 0, 1, "pause, onto Main menu");
    assert_eq!(framed(&h), vec![1]);
    press(&mut h, 0, Buttons::A, "pause, A");
    assert!(h.app.confirm_open(), "the main menu question");
}

/// A senet match against the computer (Easy) played with clicks up to the winner's screen;
/// the pointer is left where the last click was.
fn to_the_winner(h: &mut Harness) {
    to_the_winner_with(h, None);
}

/// [`to_the_winner`], the pointer put at `rest` (if any) as the winner's screen opens, before
/// its panel drops in.
fn to_the_winner_with(h: &mut Harness, rest: Option<Pointer>) {
    start_match(h, GameKind::Senet, 5);
    use senas_senet::app::senet::Phase;
    for _ in 0..200_000 {
        if h.app.scene() == SceneKind::Winner {
            if rest.is_some() {
                h.pointers[0] = rest;
            }
            // The panel drops in; its rows take input once it has landed.
            h.idle(usize::from(senas_senet::app::celebration::DROP_FRAMES));
            return;
        }
        let Some(m) = h.app.senet() else { break };
        if m.winner().is_none() && m.phase() == Phase::Human && m.mover() == Controller::Human(0) {
            let mv = m.legal()[0];
            let (from, to) = (senet_square(h, mv.from()), senet_square(h, mv.to()));
            h.click(0, from);
            h.click(0, to);
        } else {
            h.idle(1);
        }
    }
    assert_eq!(h.app.scene(), SceneKind::Winner);
}

#[test]
fn winner_a_pointer_resting_from_the_match_is_hidden_and_a_takes_the_framed_rematch() {
    let mut h = Harness::new(Config::new(5));
    to_the_winner(&mut h);
    // The pointer lay still over "Main menu" from the match's end through the panel's drop.
    let main_menu = centre(h.item_boxes()[1]);
    let mut h = Harness::new(Config::new(5));
    to_the_winner_with(&mut h, Some(main_menu));
    assert_eq!(row_under(&h, (main_menu.x, main_menu.y)), Some(1));
    step(&mut h, 0, Buttons::NONE, "winner");
    assert_eq!(drawn_pointer(&h, 0), None);
    assert_eq!(framed(&h), vec![0], "Rematch");
    press(&mut h, 0, Buttons::A, "winner, A");
    assert_eq!(h.app.scene(), SceneKind::ThrowOff, "rematch");
}

#[test]
fn winner_rows_ignore_a_while_the_panel_drops_in() {
    let mut h = Harness::new(Config::new(5));
    start_match(&mut h, GameKind::Senet, 5);
    for _ in 0..200_000 {
        if h.app.scene() == SceneKind::Winner {
            break;
        }
        let Some(m) = h.app.senet() else { break };
        use senas_senet::app::senet::Phase;
        if m.winner().is_none() && m.phase() == Phase::Human && m.mover() == Controller::Human(0) {
            let mv = m.legal()[0];
            let (a, b) = (senet_square(&h, mv.from()), senet_square(&h, mv.to()));
            h.click(0, a);
            h.click(0, b);
        } else {
            h.idle(1);
        }
    }
    assert_eq!(h.app.scene(), SceneKind::Winner);
    let drop = usize::from(senas_senet::app::celebration::DROP_FRAMES);
    for _ in 0..drop / 2 - 1 {
        h.press(0, Buttons::A);
        assert_eq!(h.app.scene(), SceneKind::Winner, "A while the panel drops");
    }
    h.idle(drop);
    h.press(0, Buttons::A);
    assert_eq!(
        h.app.scene(),
        SceneKind::ThrowOff,
        "A on Rematch once landed"
    );
}

#[test]
fn winner_a_pointer_moved_onto_main_menu_frames_it_and_a_goes_there() {
    let mut h = Harness::new(Config::new(5));
    to_the_winner(&mut h);
    move_to(&mut h, 0, Pointer::new(320, 470), "winner, away");
    move_onto(&mut h, 0, 1, "winner, onto Main menu");
    assert_eq!(framed(&h), vec![1]);
    press(&mut h, 0, Buttons::A, "winner, A");
    assert_eq!(h.app.scene(), SceneKind::Menu);
}
