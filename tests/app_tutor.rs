//! The win-chance bar and the tutor's setting (issue 27 part 5): while the hint (1) is shown
//! to a person, "Win chance N%" shows the coach's figure (the best turn's win chance for the
//! roll or throw made, `ai::coach::best_chance`), and only then (not before the hint, not once
//! a move is made, never on the computer's turn); it fits the top band at 4:3 and 16:9 in both
//! languages, right of the status line and above every pointer target; "Tutor: < On/Off >"
//! in the HOME menu flips the setting, logs it and saves it as the settings' ninth byte.

mod app_support;

use app_support::{start_match, Harness};
use senas_senet::ai::coach;
use senas_senet::ai::senas_game::{Senas, SenasChance, SenasScratch};
use senas_senet::ai::senet_game::Senet;
use senas_senet::app::chance_bar;
use senas_senet::app::home::HomeChoice;
use senas_senet::app::strings;
use senas_senet::app::{Buttons, Config, Controller, GameKind, Language, SceneKind, Settings};
use senas_senet::games::senet::MoveList;
use senas_senet::gfx::font::text_width;
use senas_senet::gfx::{Aspect, Item, SenasLayout, SenetLayout};

/// Frames until the person (player 1) is to move in `game`; false if the match ended first.
fn to_person(h: &mut Harness, game: GameKind) -> bool {
    for _ in 0..3000 {
        if h.app.scene() != SceneKind::Match {
            return false;
        }
        let person = match game {
            GameKind::Senas => h.app.senas().is_some_and(|m| {
                m.mover() == Controller::Human(0)
                    && m.phase() == senas_senet::app::senas::Phase::Human
                    && m.played().is_empty()
            }),
            GameKind::Senet => h.app.senet().is_some_and(|m| {
                m.mover() == Controller::Human(0)
                    && m.phase() == senas_senet::app::senet::Phase::Human
            }),
        };
        if person {
            return true;
        }
        assert!(!h.shows("Win chance"), "no bar off the person's turn");
        h.idle(1);
    }
    false
}

/// Presses 1 and waits for the hint; its chance bar figure.
fn ask_hint(h: &mut Harness) -> Option<u16> {
    h.press(0, Buttons::ONE);
    for _ in 0..600 {
        let chance = match (h.app.senas(), h.app.senet()) {
            (Some(m), _) => m.hint_chance(),
            (_, Some(m)) => m.hint_chance(),
            _ => return None,
        };
        if chance.is_some() {
            return chance;
        }
        h.idle(1);
    }
    None
}

/// The coach's figure for the person's turn on the board.
fn coach_best(h: &Harness) -> Option<u16> {
    if let Some(m) = h.app.senet() {
        let throw = m.throw()?;
        return coach::best_chance::<Senet>(&mut MoveList::new(), m.position(), &throw);
    }
    let m = h.app.senas()?;
    let chance = m.roll().map_or(SenasChance::Gift, SenasChance::from_roll);
    let mut scratch = Box::<SenasScratch>::default();
    coach::best_chance::<Senas>(&mut scratch, m.position(), &chance)
}

#[test]
fn the_bar_shows_the_coachs_win_chance_only_while_the_hint_is_shown() {
    for game in [GameKind::Senet, GameKind::Senas] {
        let mut h = Harness::new(Config::new(27));
        start_match(&mut h, game, 0);
        let mut checked = 0;
        while checked < 3 && to_person(&mut h, game) {
            assert!(!h.shows("Win chance"), "no bar before the hint");
            let best = coach_best(&h).expect("a turn");
            let shown = ask_hint(&mut h).expect("the hint's figure");
            assert_eq!(shown, best, "{game:?}: the bar is the coach's best chance");
            let want = format!("Win chance {}%", (best + 5) / 10);
            assert!(h.shows(&want), "{want:?}: {}", h.screen_text());
            checked += 1;
            // The person plays the hint: the bar goes with it.
            match game {
                GameKind::Senet => {
                    let mv = h.app.senet().and_then(|m| m.hint()).expect("hint");
                    h.click(0, app_support::senet_square(&h, mv.from()));
                    h.click(0, app_support::senet_square(&h, mv.to()));
                }
                GameKind::Senas => {
                    let turn = *h.app.senas().and_then(|m| m.hint()).expect("hint");
                    let side = h.app.senas().expect("senas").position().side_to_move();
                    let l = SenasLayout::new(h.app.config_aspect());
                    for sm in turn.sub_moves() {
                        let at = |p: usize| {
                            if p < 24 {
                                l.hole_rect(side.hole(p))
                            } else {
                                l.tray_rect(side.index())
                            }
                        };
                        h.click(0, at(usize::from(sm.from)));
                        h.click(0, at(usize::from(sm.to())));
                        h.idle(12);
                    }
                    h.press(0, Buttons::A);
                }
            }
            h.idle(1);
            assert!(
                !h.shows("Win chance"),
                "{game:?}: the bar goes with the hint"
            );
        }
        assert_eq!(checked, 3, "{game:?}: three hints checked");
    }
}

#[test]
fn the_bar_fits_the_top_band_right_of_the_status_in_both_languages_and_shapes() {
    for game in [GameKind::Senas, GameKind::Senet] {
        for lang in [Language::English, Language::Spanish] {
            for aspect in [Aspect::Standard, Aspect::Wide] {
                let mut config = Config::new(5);
                config.aspect = aspect;
                let mut h = Harness::new(config);
                h.app.set_settings(Settings {
                    language: lang,
                    ..h.app.settings()
                });
                start_match(&mut h, game, 0);
                assert!(to_person(&mut h, game));
                let c = ask_hint(&mut h).expect("the hint");
                let t = strings::of(lang);
                let bar = chance_bar::rect(t, c);
                let label = chance_bar::label(t, c);
                assert!(
                    bar.x >= 0 && bar.right() <= 640 && bar.bottom() <= 36,
                    "{bar:?}"
                );
                let mut seen = false;
                for item in h.list.items() {
                    if let Item::Text { x, y, text, .. } = item {
                        if text == label.as_str() {
                            seen = true;
                            assert!(x >= bar.x && x + text_width(text, 1) <= bar.right() + 1);
                        } else if y < 36 {
                            assert!(
                                x + text_width(text, 1) <= bar.x,
                                "{game:?} {lang:?} {aspect:?}: {text:?} at {x} runs into \
                                 the bar at {}",
                                bar.x
                            );
                        }
                    }
                }
                assert!(seen, "{}", h.screen_text());
                // Every pointer target lies below the top band.
                let targets: Vec<_> = match game {
                    GameKind::Senas => {
                        let l = SenasLayout::new(aspect);
                        (0..24)
                            .map(|k| l.hole_rect(k))
                            .chain([l.tray_rect(0), l.tray_rect(1)])
                            .collect()
                    }
                    GameKind::Senet => {
                        let l = SenetLayout::new(aspect);
                        (0..30)
                            .map(|k| l.square_rect(k))
                            .chain([l.exit_rect()])
                            .collect()
                    }
                };
                assert!(targets.iter().all(|r| r.y >= bar.bottom()), "{targets:?}");
                let wide = if aspect == Aspect::Wide { "_wide" } else { "" };
                h.save(&format!("app_chance_bar_{:?}_{}{wide}", game, lang.key()));
            }
        }
    }
}

#[test]
fn the_tutor_row_flips_the_setting_logs_it_and_saves_the_ninth_byte() {
    let mut h = Harness::new(Config::new(4));
    h.press(0, Buttons::HOME);
    assert!(h.shows("Tutor: < Off >"), "{}", h.screen_text());
    for _ in 0..12 {
        if h.app.home_focus() == Some(HomeChoice::Tutor) {
            break;
        }
        h.press(0, Buttons::DOWN);
    }
    assert_eq!(h.app.home_focus(), Some(HomeChoice::Tutor));
    h.press(0, Buttons::RIGHT);
    assert!(h.app.settings().tutor);
    assert!(h.shows("Tutor: < On >"), "{}", h.screen_text());
    assert!(h.log_has("tutor=1"));
    assert!(h.app.take_settings_changed());
    assert!(h.app.saved_settings().tutor);
    h.press(0, Buttons::A);
    assert!(!h.app.settings().tutor);
    assert!(!h.app.saved_settings().tutor);
    // Spanish.
    h.app.set_settings(Settings {
        language: Language::Spanish,
        tutor: true,
        ..h.app.settings()
    });
    h.press(0, Buttons::B);
    h.press(0, Buttons::HOME);
    assert!(h.shows("Tutor: < Sí >"), "{}", h.screen_text());
}
