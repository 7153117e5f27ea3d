//! Host tests of the screenshot through the console layer on the fake machine
//! (`test_platform.rs`): the button, the file written a piece a frame and what it holds, the
//! numbering, the notice, and the card that is missing or locked.

use super::mem_store::MemStore;
use super::platform::AudioLead;
use super::shot::{wanted, COMBO, PIECE};
use super::test_platform::Session;
use crate::app::{Buttons, Input, PlayerInput, ShotNote, StorageNote};
use crate::gfx::bmp::{Bmp, YuvFrame, HEADER};

/// Presses the combination once, then lets frames pass until the screenshot ends (at most
/// `limit` frames); returns the frames it took.
fn shoot(s: &mut Session, limit: u32) -> u32 {
    s.frame(COMBO, None);
    let mut frames = 0;
    while s.console.shot.busy() && frames < limit {
        s.frame(Buttons::NONE, None);
        frames += 1;
    }
    frames
}

#[test]
fn the_combination_is_minus_and_plus_held_with_one_of_them_pressed_now() {
    let player = |held: Buttons, pressed: Buttons| {
        let mut i = Input::default();
        i.players[1] = PlayerInput {
            connected: true,
            held,
            pressed,
            ..PlayerInput::default()
        };
        i
    };
    assert!(wanted(&player(COMBO, Buttons::PLUS)));
    assert!(wanted(&player(COMBO.union(Buttons::A), Buttons::MINUS)));
    assert!(!wanted(&player(COMBO, Buttons::NONE)), "held on: once only");
    assert!(!wanted(&player(Buttons::PLUS, Buttons::PLUS)));
    assert!(!wanted(&player(COMBO, Buttons::A)));
    assert!(!wanted(&Input::default()));
}

#[test]
fn a_screenshot_is_the_shown_frame_as_a_bmp_written_a_piece_a_frame() {
    let mut s = Session::boot(5, MemStore::new());
    s.frame(Buttons::NONE, None);
    let screen = s.fake.screen.clone();
    s.frame(COMBO, None);
    assert_eq!(s.app.shot_note(), Some(ShotNote::Saving));
    // The screen changes while the file is written: the file keeps the frame of the press.
    s.fake.screen.iter_mut().for_each(|w| *w = 0x1080_1080);
    let mut frames = 0;
    let mut leads_saving = true;
    while s.console.shot.busy() && frames < 200 {
        let before: usize = s.fake.store.shots.iter().map(|(_, f)| f.len()).sum();
        s.frame(Buttons::NONE, None);
        let after: usize = s.fake.store.shots.iter().map(|(_, f)| f.len()).sum();
        assert!(after - before <= PIECE, "at most one piece a frame");
        leads_saving &= s.fake.outs.leads.last() == Some(&AudioLead::Saving);
        frames += 1;
    }
    let expected = Bmp::new(YuvFrame::new(&screen, 640, 480).unwrap());
    assert_eq!(s.fake.store.shots.len(), 1);
    let (n, file) = &s.fake.store.shots[0];
    assert_eq!(*n, 1);
    assert_eq!(file.len(), 921_654);
    let mut whole = std::vec![0u8; expected.len()];
    expected.read(0, &mut whole);
    assert!(file == &whole, "the file is the frame shown at the press");
    assert_eq!(&file[..2], b"BM");
    assert!(
        file[HEADER..].iter().any(|&b| b > 100),
        "not the black screen"
    );
    // Named in the press frame, then 57 pieces of 16 KiB, one a frame.
    assert_eq!(frames, 921_654usize.div_ceil(PIECE) as u32);
    assert!(
        leads_saving,
        "the long audio lead while it is written: {:?}",
        s.fake.outs.leads
    );
    assert_eq!(s.app.shot_note(), Some(ShotNote::Saved(1)));
    assert!(s
        .log
        .0
        .iter()
        .any(|l| l.contains("event=shot ok=1 n=1 bytes=921654")));
    // The next one gets the next number.
    shoot(&mut s, 200);
    assert_eq!(s.fake.store.shots[1].0, 2);
    assert_eq!(s.app.shot_note(), Some(ShotNote::Saved(2)));
}

#[test]
fn without_a_card_the_player_is_told_at_once_and_nothing_is_written() {
    let mut card = MemStore::new();
    card.no_card = true;
    let mut s = Session::boot(5, card);
    let frames = shoot(&mut s, 200);
    assert_eq!(frames, 0, "nothing to write");
    assert_eq!(
        s.app.shot_note(),
        Some(ShotNote::NotSaved(StorageNote::NoCard))
    );
    assert!(s.fake.store.shots.is_empty());
    assert!(s.fake.kept.is_none(), "no frame copied for nothing");
    assert!(s
        .log
        .0
        .iter()
        .any(|l| l == "event=shot ok=0 reason=no_card"));
}

#[test]
fn a_locked_card_or_a_machine_without_a_frame_ends_with_its_reason() {
    let mut s = Session::boot(5, MemStore::new());
    s.fake.store.locked = true;
    shoot(&mut s, 200);
    assert_eq!(
        s.app.shot_note(),
        Some(ShotNote::NotSaved(StorageNote::Locked))
    );
    assert!(s.fake.store.shots.is_empty());
    assert!(!s.console.shot.busy());

    let mut s = Session::boot(5, MemStore::new());
    s.fake.no_capture = true;
    shoot(&mut s, 200);
    assert_eq!(
        s.app.shot_note(),
        Some(ShotNote::NotSaved(StorageNote::Failed))
    );
}

#[test]
fn a_card_cut_off_mid_shot_says_so_and_the_next_press_starts_again() {
    let mut s = Session::boot(5, MemStore::new());
    s.fake.store.cut_after = Some(100_000);
    shoot(&mut s, 200);
    assert_eq!(
        s.app.shot_note(),
        Some(ShotNote::NotSaved(StorageNote::Failed))
    );
    s.fake.store.cut_after = None;
    shoot(&mut s, 200);
    assert_eq!(
        s.app.shot_note(),
        Some(ShotNote::Saved(2)),
        "001 stays, cut short"
    );
}
