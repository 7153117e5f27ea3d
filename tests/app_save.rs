//! The app's side of saving (issue 15): a match saved at a turn boundary and continued from the
//! main menu in a fresh app is exactly the same match (position, turns, match log, and the same
//! next throw or roll); the Statistics screen and the storage note show. The save bytes go
//! through the real format (`save::encode_with` / `decode`), as on the card.

mod app_support;

use app_support::{senet_square, start_match, start_senet_match, Harness};
use senas_senet::app::senet::Phase;
use senas_senet::app::{Buttons, Config, Controller, GameKind, SceneKind, StorageNote};
use senas_senet::games::senet::Variant;
use senas_senet::save::{self, Kind, SavedMatch};

/// A senet person's turn, if it is one: picks the first legal move's piece and its target.
fn senet_person_moves(h: &mut Harness) -> bool {
    let Some(m) = h.app.senet() else {
        return false;
    };
    let (Controller::Human(p), Phase::Human) = (m.mover(), m.phase()) else {
        return false;
    };
    let Some(&mv) = m.legal().first() else {
        return false;
    };
    h.click(usize::from(p), senet_square(h, mv.from()));
    h.click(usize::from(p), senet_square(h, mv.to()));
    true
}

/// Plays until the `n`-th save point and returns the encoded match record then (a senet
/// person plays its first legal move).
fn play_to_save_point(h: &mut Harness, n: usize) -> Vec<u8> {
    let mut seen = 0;
    for _ in 0..100_000 {
        if !senet_person_moves(h) {
            h.idle(1);
        }
        if h.app.take_save_point() {
            seen += 1;
            if seen == n {
                let snap = h.app.snapshot().expect("a match at a boundary");
                let mut buf = vec![0u8; save::MATCH_BYTES];
                let len =
                    save::encode_with(Kind::Match, 1, &mut buf, |w| snap.write(w)).expect("fits");
                buf.truncate(len);
                return buf;
            }
        }
    }
    panic!("no save point {n}");
}

/// The first log line starting with `prefix` at or after line `from`, waiting up to `frames`.
fn next_line(h: &mut Harness, from: usize, prefix: &str) -> String {
    for _ in 0..50_000 {
        if let Some(l) = h.log.0[from..].iter().find(|l| l.starts_with(prefix)) {
            return l.clone();
        }
        h.idle(1);
    }
    panic!("no {prefix} line");
}

/// A computer-first match (a seed whose throw-off the computer wins), so boundaries come
/// without a person's input.
fn computer_first(game: GameKind) -> Harness {
    for seed in 1..200 {
        let mut h = Harness::new(Config::new(seed));
        start_match(&mut h, game, 0);
        if h.app.first() == 1 {
            return h;
        }
    }
    panic!("no seed lets the computer start");
}

/// As [`computer_first`], a senet match under `variant`.
fn computer_first_senet(variant: Variant) -> Harness {
    for seed in 1..200 {
        let mut h = Harness::new(Config::new(seed));
        start_senet_match(&mut h, variant, 0);
        if h.app.first() == 1 {
            return h;
        }
    }
    panic!("no seed lets the computer start");
}

fn continue_in_a_new_app(bytes: &[u8]) -> Harness {
    let env = save::decode(bytes, Kind::Match).expect("valid record");
    let m = SavedMatch::decode(&env).expect("valid match");
    let mut h = Harness::new(Config::new(999));
    assert!(h.app.offer_continue(&m));
    h.press(0, Buttons::A); // Play
    assert_eq!(h.app.scene(), SceneKind::Menu);
    assert!(h.shows("Continue: "), "{}", h.screen_text());
    h.press(0, Buttons::A); // the focus is on Continue
    assert_eq!(h.app.scene(), SceneKind::Match);
    h
}

#[test]
fn a_continued_senet_match_is_the_same_match_with_the_same_next_throw() {
    let mut a = computer_first(GameKind::Senet);
    let bytes = play_to_save_point(&mut a, 3);
    let at = a.log.0.len();
    let pos = *a.app.senet().expect("senet").position();
    let log = a.app.match_log().text().to_string();
    let next = next_line(&mut a, at, "event=throw ");

    let mut b = continue_in_a_new_app(&bytes);
    let m = b.app.senet().expect("senet");
    assert_eq!(*m.position(), pos);
    assert!(b.app.match_log().text().starts_with(&log));
    assert!(b.log_has("event=continue game=senet"));
    let again = next_line(&mut b, 0, "event=throw ");
    assert_eq!(again, next, "the same sticks after continuing");
    b.save("app_save_continued_senet");
}

/// Issue 22: a Kendall or Jequier match continued from the main menu played on under the
/// WiiBrew 2009 rules (the save wrote rule set 0).
#[test]
fn a_continued_kendall_or_jequier_match_keeps_its_rule_set_position_and_next_throw() {
    for variant in [Variant::Kendall, Variant::Jequier] {
        let mut a = computer_first_senet(variant);
        let bytes = play_to_save_point(&mut a, 6);
        let at = a.log.0.len();
        let pos = *a.app.senet().expect("senet").position();
        let next = next_line(&mut a, at, "event=throw ");

        let mut b = continue_in_a_new_app(&bytes);
        assert_eq!(b.app.setup().variant, variant, "{variant}");
        let m = b.app.senet().expect("senet");
        assert_eq!(*m.position(), pos, "{variant}");
        assert_eq!(m.position().variant(), variant);
        let want = format!("rules={}", variant.name());
        assert!(
            b.log
                .0
                .iter()
                .any(|l| l.starts_with("event=continue game=senet") && l.contains(&want)),
            "{variant}: {:?}",
            b.log.0
        );
        let again = next_line(&mut b, 0, "event=throw ");
        assert_eq!(again, next, "{variant}: the same sticks after continuing");
    }
}

#[test]
fn the_menus_rule_set_is_kept_in_the_settings_and_restored() {
    let mut a = Harness::new(Config::new(5));
    start_senet_match(&mut a, Variant::Jequier, 0);
    let saved = a.app.saved_settings();
    assert_eq!(usize::from(saved.variant), Variant::Jequier.index());
    let mut b = Harness::new(Config::new(6));
    b.app.apply_saved_settings(&saved);
    assert_eq!(b.app.setup().variant, Variant::Jequier);
    assert_eq!(b.app.setup().game, GameKind::Senet);
}

#[test]
fn a_continued_senas_match_is_the_same_match_with_the_same_next_roll() {
    let mut a = computer_first(GameKind::Senas);
    let bytes = play_to_save_point(&mut a, 2);
    let at = a.log.0.len();
    let pos = *a.app.senas().expect("senas").position();
    let next = next_line(&mut a, at, "event=roll ");

    let mut b = continue_in_a_new_app(&bytes);
    assert_eq!(*b.app.senas().expect("senas").position(), pos);
    let again = next_line(&mut b, 0, "event=roll ");
    assert_eq!(again, next, "the same dice after continuing");
}

#[test]
fn the_statistics_screen_opens_from_the_menu_and_the_note_shows() {
    let mut h = Harness::new(Config::new(3));
    h.app.set_storage_note(Some(StorageNote::NoCard));
    h.idle(1);
    assert!(
        h.shows("No SD card: settings, statistics and matches are not saved."),
        "{}",
        h.screen_text()
    );
    h.press(0, Buttons::A); // Play
    h.press(0, Buttons::DOWN); // Statistics (below Start)
    h.press(0, Buttons::A);
    assert_eq!(h.app.scene(), SceneKind::Statistics);
    assert!(h.shows("Played"), "{}", h.screen_text());
    assert!(h.shows("No finished matches yet."));
    h.save("app_statistics");
    h.press(0, Buttons::B);
    assert_eq!(h.app.scene(), SceneKind::Menu);
}

/// The text runs of the frame as (top, bottom, text).
fn text_rows(h: &Harness) -> Vec<(i16, i16, String)> {
    use senas_senet::gfx::draw_list::Item;
    h.list
        .items()
        .filter_map(|i| match i {
            Item::Text { y, scale, text, .. } => {
                Some((y, y + 20 * i16::from(scale), text.to_string()))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn the_storage_note_overlaps_no_other_line_of_the_title_menu_and_statistics() {
    let mut h = Harness::new(Config::new(4));
    h.app.set_storage_note(Some(StorageNote::Unformatted));
    let note = "The SD card is not formatted (FAT): progress is not saved.";
    let mut screens = 0;
    for step in [None, Some(Buttons::A), Some(Buttons::DOWN)] {
        if let Some(b) = step {
            h.press(0, b);
            if b == Buttons::DOWN {
                h.press(0, Buttons::A); // Statistics
                assert_eq!(h.app.scene(), SceneKind::Statistics);
            }
        }
        h.idle(2);
        let rows = text_rows(&h);
        let (top, bottom, _) = rows
            .iter()
            .find(|(_, _, t)| t == note)
            .cloned()
            .unwrap_or_else(|| panic!("no note on {:?}: {}", h.app.scene(), h.screen_text()));
        for (t, b, text) in &rows {
            if text != note {
                assert!(
                    *b <= top || *t >= bottom,
                    "{:?}: the note ({top}..{bottom}) overlaps {text:?} ({t}..{b})",
                    h.app.scene()
                );
            }
        }
        assert!(bottom <= 480, "the note is inside the frame");
        screens += 1;
    }
    assert_eq!(screens, 3);
}

#[test]
fn the_statistics_screen_says_where_the_saves_go_and_why() {
    use senas_senet::app::{SaveFolder, SavedFrom};
    let config = Config {
        save_folder: SaveFolder::new("sd:/apps/senas renamed/", SavedFrom::OtherDevice, false),
        ..Config::new(3)
    };
    let mut h = Harness::new(config);
    h.idle(1);
    h.press(0, Buttons::A); // Play
    h.press(0, Buttons::DOWN); // Statistics (below Start)
    h.press(0, Buttons::A);
    assert_eq!(h.app.scene(), SceneKind::Statistics);
    h.idle(1);
    assert!(
        h.shows("Saves: sd:/apps/senas renamed/"),
        "{}",
        h.screen_text()
    );
    assert!(
        h.shows("Started from USB: the game saves on the SD card."),
        "{}",
        h.screen_text()
    );
}

/// With no card (or no FAT volume on it) there is no folder: the Statistics screen names none
/// and only the note says why nothing is saved. A card that is locked or full still has its
/// folder, which stays named.
#[test]
fn without_a_card_the_statistics_screen_names_no_save_folder_only_the_note() {
    use senas_senet::app::{SaveFolder, SavedFrom};
    for (note, named) in [
        (StorageNote::NoCard, false),
        (StorageNote::Unformatted, false),
        (StorageNote::Locked, true),
        (StorageNote::Full, true),
    ] {
        let config = Config {
            save_folder: SaveFolder::new("sd:/apps/senas-senet/", SavedFrom::Default, false),
            ..Config::new(3)
        };
        let mut h = Harness::new(config);
        h.app.set_storage_note(Some(note));
        h.idle(1);
        h.press(0, Buttons::A); // Play
        h.press(0, Buttons::DOWN); // Statistics
        h.press(0, Buttons::A);
        assert_eq!(h.app.scene(), SceneKind::Statistics);
        h.idle(1);
        assert_eq!(
            h.shows("Saves: sd:/apps/senas-senet/"),
            named,
            "{note:?}: {}",
            h.screen_text()
        );
        assert!(
            h.shows(note.text(h.app.strings())),
            "{note:?}: {}",
            h.screen_text()
        );
    }
}
