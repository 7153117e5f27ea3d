//! The HOME menu's sound rows (issue 14): "Music: < N >" and "Effects: < N >" (0 to 10, left /
//! right step, A steps up and wraps the loudest to silence) and "Rumble: < On/Off >" change the
//! app's `Settings` at once, log `event=settings ...`, mark the settings to be saved, and the
//! ten-row menu over a match fits its panel and the frame at 4:3 and 16:9 in both languages.

mod app_support;

use app_support::{start_match, Harness};
use senas_senet::app::home::HomeChoice;
use senas_senet::app::{Buttons, Config, GameKind, Language, Settings};
use senas_senet::gfx::Aspect;

/// Presses DOWN until the HOME menu's focus is on `row` (at most `n` times).
fn focus(h: &mut Harness, row: HomeChoice, n: usize) {
    for _ in 0..n {
        if h.app.home_focus() == Some(row) {
            return;
        }
        h.press(0, Buttons::DOWN);
    }
    assert_eq!(h.app.home_focus(), Some(row), "{}", h.screen_text());
}

#[test]
fn home_menu_sound_rows_change_the_settings_log_them_and_ask_to_save() {
    let mut h = Harness::new(Config::new(4));
    assert_eq!(h.app.settings(), Settings::DEFAULT);
    h.press(0, Buttons::HOME);
    assert!(h.shows("Music: < 6 >"), "{}", h.screen_text());
    assert!(h.shows("Effects: < 8 >") && h.shows("Rumble: < On >"));
    h.save("app_home_sound");
    assert!(!h.app.take_settings_changed());

    focus(&mut h, HomeChoice::Music, 8);
    h.press(0, Buttons::LEFT);
    assert_eq!(h.app.settings().music_volume, 5);
    assert!(h.log_has("event=settings music=5 effects=8 rumble=1"));
    assert!(h.app.take_settings_changed(), "a change is saved");
    assert_eq!(h.app.saved_settings().music_volume, 5);
    assert!(h.app.home_open() && h.shows("Music: < 5 >"));
    // The focus stays on the row: left again, right, then A up to the loudest and round.
    h.press(0, Buttons::LEFT);
    h.press(0, Buttons::RIGHT);
    assert_eq!(h.app.settings().music_volume, 5);
    for _ in 0..5 {
        h.press(0, Buttons::A);
    }
    assert_eq!(h.app.settings().music_volume, 10);
    h.press(0, Buttons::RIGHT);
    assert_eq!(
        h.app.settings().music_volume,
        10,
        "right stops at the loudest"
    );
    h.press(0, Buttons::A);
    assert_eq!(h.app.settings().music_volume, 0, "A wraps to silence");
    assert!(h.log_has("event=settings music=0 effects=8 rumble=1"));
    h.press(0, Buttons::LEFT);
    assert_eq!(h.app.settings().music_volume, 0, "left stops at silence");

    h.press(0, Buttons::DOWN);
    assert_eq!(h.app.home_focus(), Some(HomeChoice::Effects));
    h.press(0, Buttons::LEFT);
    h.press(0, Buttons::LEFT);
    assert_eq!(h.app.settings().effects_volume, 6);
    assert!(h.shows("Effects: < 6 >"), "{}", h.screen_text());
    assert!(h.log_has("event=settings music=0 effects=6 rumble=1"));

    h.press(0, Buttons::DOWN);
    h.press(0, Buttons::A);
    assert!(!h.app.settings().rumble);
    assert!(h.shows("Rumble: < Off >"), "{}", h.screen_text());
    assert!(h.log_has("event=settings music=0 effects=6 rumble=0"));
    assert!(!h.app.saved_settings().rumble);
    h.press(0, Buttons::RIGHT);
    assert!(h.app.settings().rumble);
    assert!(h.app.take_settings_changed());
    // The language is untouched, and B still resumes.
    assert_eq!(h.app.settings().language, Language::English);
    h.press(0, Buttons::B);
    assert!(!h.app.home_open());
    // Left / right on a row that is not a setting do nothing.
    h.press(0, Buttons::HOME);
    h.press(0, Buttons::LEFT);
    h.press(0, Buttons::RIGHT);
    assert!(!h.app.take_settings_changed());
    assert!(h.app.home_open());
}

#[test]
fn home_menu_with_sound_rows_opens_on_resume_and_fits_at_4_3_and_16_9() {
    for lang in [Language::English, Language::Spanish] {
        for aspect in [Aspect::Standard, Aspect::Wide] {
            let mut config = Config::new(6);
            config.aspect = aspect;
            let mut h = Harness::new(config);
            h.app.set_settings(Settings {
                language: lang,
                ..h.app.settings()
            });
            start_match(&mut h, GameKind::Senas, 0);
            h.idle(30);
            h.press(0, Buttons::HOME);
            assert!(h.app.home_open());
            let rows = h.app.rows();
            assert_eq!(
                rows.len(),
                13,
                "resume, how to play, restart, main menu, language, music, effects, rumble, \
                 animations, tutor, connect a remote, exit, switch off"
            );
            let last = rows[rows.len() - 1];
            assert!(last.y + last.h <= 470, "{last:?} leaves the frame");
            // Every row focused in turn (the harness checks every frame's text stays inside
            // its row and the frame), the sound rows changed once each.
            for _ in 0..rows.len() {
                if h.app.home_focus().and_then(|c| c.knob()).is_some() {
                    h.press(0, Buttons::LEFT);
                }
                h.press(0, Buttons::DOWN);
            }
            if lang == Language::Spanish {
                assert!(h.shows("Música: < 5 >"), "{}", h.screen_text());
                assert!(h.shows("Vibración: < No >"), "{}", h.screen_text());
                let suffix = if aspect == Aspect::Wide { "_wide" } else { "" };
                h.save(&format!("app_home_sound_es{suffix}"));
            }
            // Closed and opened again: on "Resume" (A resumes the match).
            h.press(0, Buttons::B);
            h.press(0, Buttons::HOME);
            h.press(0, Buttons::A);
            assert!(!h.app.home_open(), "HOME opens on Resume");
        }
    }
}

#[test]
fn the_home_menus_animations_row_switches_normal_and_fast_and_asks_to_save() {
    use senas_senet::app::Animations;
    let mut h = Harness::new(Config::new(4));
    h.press(0, Buttons::HOME);
    assert!(h.shows("Animations: < Normal >"), "{}", h.screen_text());
    focus(&mut h, HomeChoice::Animations, 10);
    h.press(0, Buttons::RIGHT);
    assert_eq!(h.app.settings().animations, Animations::Fast);
    assert!(h.shows("Animations: < Fast >"), "{}", h.screen_text());
    assert!(h.log_has("animations=fast"));
    assert!(h.app.take_settings_changed());
    assert_eq!(h.app.saved_settings().animations, 1);
    h.press(0, Buttons::A);
    assert_eq!(h.app.settings().animations, Animations::Normal);
    assert_eq!(h.app.saved_settings().animations, 0);
}
