//! "A acts on what the player sees" on every list (title, main menu, HOME menu, pause,
//! confirmations, the winner's screen): a pointer drawn over a row frames that row and A acts
//! on it; a pointer that has not moved since the list opened (or since its player's last
//! D-pad press) is not drawn and A acts on the framed row; a drawn pointer off every row frames
//! nothing and its A does nothing. Checked on the soft-rendered frame (gold frames) and the
//! draw list (where each player's cursor sprite is), with scripted remotes and pads.

mod app_support;

use app_support::{start_match, Harness};
use senas_senet::app::{Buttons, Config, Controller, GameKind, Pointer, SceneKind};
use senas_senet::gfx::draw_list::Item;
use senas_senet::gfx::soft::pixel;
use senas_senet::gfx::{palette, AssetId, Rect};

/// Where player `n`'s cursor arrow is drawn this frame (its tip), if it is drawn.
fn drawn_pointer(h: &Harness, n: usize) -> Option<(i16, i16)> {
    h.list.items().find_map(|i| match i {
        Item::Sprite {
            asset: AssetId::Cursor,
            rect,
            tint,
            ..
        } if tint == palette::POINTERS[n] => Some((rect.x + 2, rect.y + 2)),
        _ => None,
    })
}

/// The indices of the current list's rows framed in gold on the rendered frame.
fn framed(h: &Harness) -> Vec<usize> {
    let frame = h.render();
    let gold = [palette::GOLD.r, palette::GOLD.g, palette::GOLD.b];
    h.item_boxes()
        .iter()
        .enumerate()
        .filter(|(_, r)| {
            // The middle of the right edge: a framed row's outline is 3 gold pixels wide.
            let (x, y) = (r.right() - 2, r.y + r.h / 2);
            pixel(&frame, x as usize, y as usize) == gold
        })
        .map(|(i, _)| i)
        .collect()
}

/// The row whose box holds frame pixel `p`.
fn row_under(h: &Harness, p: (i16, i16)) -> Option<usize> {
    h.item_boxes().iter().position(|r| r.contains(p.0, p.1))
}

/// The invariant on this frame: every drawn pointer over a row has that row framed.
fn assert_pointers_frame_their_rows(h: &Harness, what: &str) {
    let rows = framed(h);
    for n in 0..4 {
        if let Some(p) = drawn_pointer(h, n) {
            if let Some(r) = row_under(h, p) {
                assert!(
                    rows.contains(&r),
                    "{what}: player {}'s pointer is drawn over row {r} but the framed rows are {rows:?}",
                    n + 1
                );
            }
        }
    }
}

/// One frame of `player` pressing `buttons`, then the invariant checked on what it drew.
fn step(h: &mut Harness, player: usize, buttons: Buttons, what: &str) {
    h.frame_with(player, buttons);
    assert_pointers_frame_their_rows(h, what);
}

/// Presses `buttons` for a frame and releases them for one, checking both frames.
fn press(h: &mut Harness, player: usize, buttons: Buttons, what: &str) {
    step(h, player, buttons, what);
    step(h, player, Buttons::NONE, what);
}

/// Moves `player`'s pointer to `to` over a few frames (as a hand does), checking each frame.
fn move_to(h: &mut Harness, player: usize, to: Pointer, what: &str) {
    let from = h.pointers[player].unwrap_or(Pointer::new(320, 470));
    for k in 1..=4 {
        let x = from.x + (to.x - from.x) * k / 4;
        let y = from.y + (to.y - from.y) * k / 4;
        h.pointers[player] = Some(Pointer::new(x, y));
        step(h, player, Buttons::NONE, what);
    }
}

/// Moves `player`'s pointer onto the centre of the current list's row `row`.
fn move_onto(h: &mut Harness, player: usize, row: usize, what: &str) {
    let to = centre(h.item_boxes()[row]);
    move_to(h, player, to, what);
}

fn centre(r: Rect) -> Pointer {
    let (x, y) = r.center();
    Pointer::new(x, y)
}

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
    h.idle(2);
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
    start_match(h, GameKind::Senet, 4);
    let l = senas_senet::gfx::SenetLayout::new(h.app.config_aspect());
    use senas_senet::app::senet::Phase;
    for _ in 0..200_000 {
        if h.app.scene() == SceneKind::Winner {
            return;
        }
        let Some(m) = h.app.senet() else { break };
        if m.winner().is_none() && m.phase() == Phase::Human && m.mover() == Controller::Human(0) {
            let mv = m.legal()[0];
            let rect = |s: u8| {
                if s == senas_senet::games::senet::OFF {
                    l.exit_rect()
                } else {
                    l.square_rect(usize::from(s - 1))
                }
            };
            h.click(0, rect(mv.from()));
            h.click(0, rect(mv.to()));
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
    // Whatever the last click was, the pointer now rests over "Main menu".
    h.pointers[0] = Some(centre(h.item_boxes()[1]));
    step(&mut h, 0, Buttons::NONE, "winner");
    assert_eq!(drawn_pointer(&h, 0), None);
    assert_eq!(framed(&h), vec![0], "Rematch");
    press(&mut h, 0, Buttons::A, "winner, A");
    assert_eq!(h.app.scene(), SceneKind::ThrowOff, "rematch");
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
