//! The main menu's computer levels (issue 27 part 3), driven by real input: the opponent row
//! cycles Beginner -> Easy -> Normal -> Hard (then the two ways of playing a person) and back to
//! the Beginner, in both directions and both languages; while the row is chosen the line under
//! the rows says what the level is ("Hard: 98% of its turns are the best one",
//! `app::level_line`), and that line fits: inside the frame's overscan-safe band, below the
//! last row and above the footer, at 4:3 and 16:9, in English and Spanish, for senas and every
//! senet rule set (measured from the draw list's text widths and from the soft-rendered
//! pixels).

mod app_support;

use app_support::Harness;
use senas_senet::ai::Level;
use senas_senet::app::level_line::{self, LEVELS};
use senas_senet::app::strings::{self, Strings};
use senas_senet::app::text::{fill, Text};
use senas_senet::app::{Buttons, Config, GameKind, Language, Opponent, SceneKind, Settings};
use senas_senet::games::senet::Variant;
use senas_senet::gfx::draw_list::Item;
use senas_senet::gfx::font::text_width;
use senas_senet::gfx::soft::{pixel, HEIGHT, WIDTH};
use senas_senet::gfx::Aspect;

/// A TV may hide about 5% of the frame at each edge (the vertical band `app_flow` checks).
const SAFE_X: i16 = (WIDTH as i16) / 20;

/// A fresh app in `lang` and `aspect`, on the main menu with the focus on the opponent row, for
/// `game` (senet: under `variant`).
fn on_the_opponent_row(
    lang: Language,
    aspect: Aspect,
    game: GameKind,
    variant: Variant,
) -> Harness {
    let mut config = Config::new(7);
    config.aspect = aspect;
    let mut h = Harness::new(config);
    h.app.set_settings(Settings {
        language: lang,
        ..h.app.settings()
    });
    h.idle(1);
    h.press(0, Buttons::A); // Play
    assert_eq!(h.app.scene(), SceneKind::Menu);
    // The menu opens on "Start", senas's rows: game, opponent, start.
    h.press(0, Buttons::UP);
    h.press(0, Buttons::UP);
    if game == GameKind::Senet {
        h.press(0, Buttons::RIGHT); // senet: its "Rules" row comes after the opponent's
        h.press(0, Buttons::DOWN);
        h.press(0, Buttons::DOWN);
        for _ in 0..variant.index() {
            h.press(0, Buttons::RIGHT);
        }
        h.press(0, Buttons::UP);
    } else {
        h.press(0, Buttons::DOWN);
    }
    let t = strings_of(lang);
    let mut shows: Text<64> = Text::new();
    fill(&mut shows, t.menu_game, &[&t.game_title(game)]);
    assert!(h.shows(shows.as_str()), "{}", h.screen_text());
    if game == GameKind::Senet {
        fill(&mut shows, t.menu_rules, &[&t.variant_name(variant)]);
        assert!(h.shows(shows.as_str()), "{}", h.screen_text());
    }
    h
}

fn strings_of(lang: Language) -> &'static Strings {
    strings::of(lang)
}

/// The opponent row's label for `o` ("Opponent: < Computer: Easy >").
fn label(t: &Strings, o: Opponent) -> Text<64> {
    let mut label = Text::new();
    fill(&mut label, t.menu_opponent, &[&t.opponent(o)]);
    label
}

/// The opponent the menu shows (its row's label; the app's set-up changes only at "Start").
fn shown(h: &Harness, t: &Strings) -> Opponent {
    let mut on = Opponent::ALL
        .into_iter()
        .filter(|&o| h.shows(label(t, o).as_str()));
    let o = on
        .next()
        .unwrap_or_else(|| panic!("no opponent in {}", h.screen_text()));
    assert_eq!(on.next(), None, "two opponents in {}", h.screen_text());
    o
}

/// Presses RIGHT until the menu shows `o` (at most one turn of the row).
fn right_to(h: &mut Harness, t: &Strings, o: Opponent) {
    for _ in 0..Opponent::ALL.len() {
        if shown(h, t) == o {
            return;
        }
        h.press(0, Buttons::RIGHT);
    }
    assert_eq!(shown(h, t), o);
}

/// The opponent the menu shows after each of `n` presses of `button`.
fn walk(h: &mut Harness, t: &Strings, button: Buttons, n: usize) -> Vec<Opponent> {
    (0..n)
        .map(|_| {
            h.press(0, button);
            shown(h, t)
        })
        .collect()
}

/// The computer levels among `opps`, in order.
fn levels(opps: &[Opponent]) -> Vec<Level> {
    opps.iter()
        .filter_map(|o| match o {
            Opponent::Computer(l) => Some(*l),
            _ => None,
        })
        .collect()
}

#[test]
fn the_opponent_row_cycles_beginner_easy_normal_hard_and_back_by_the_dpad_in_both_languages() {
    for lang in [Language::English, Language::Spanish] {
        let t = strings_of(lang);
        let mut h =
            on_the_opponent_row(lang, Aspect::Standard, GameKind::Senas, Variant::default());
        // To the Beginner first, wherever the menu started.
        right_to(&mut h, t, Opponent::Computer(Level::Beginner));
        let n = Opponent::ALL.len();
        let right = walk(&mut h, t, Buttons::RIGHT, 2 * n);
        // A whole turn of the row comes back to the Beginner, and it has every opponent.
        assert_eq!(right[n - 1], Opponent::Computer(Level::Beginner));
        for o in Opponent::ALL {
            assert!(right[..n].contains(&o), "{o:?} never offered");
        }
        use Level::{Beginner, Easy, Hard, Normal};
        assert_eq!(
            levels(&right),
            [Easy, Normal, Hard, Beginner, Easy, Normal, Hard, Beginner],
            "{lang:?}: {right:?}"
        );
        // Left walks the same ring backwards.
        let left = walk(&mut h, t, Buttons::LEFT, n);
        assert_eq!(
            levels(&left),
            [Hard, Normal, Easy, Beginner],
            "{lang:?}: {left:?}"
        );
        // The line under the rows names the level chosen while the row is chosen, and the
        // rules blurb comes back when the focus leaves it.
        for want in [Easy, Normal, Hard, Beginner] {
            h.press(0, Buttons::RIGHT);
            right_to(&mut h, t, Opponent::Computer(want));
            let line = level_line::line(t, GameKind::Senas, Variant::default(), want);
            assert!(h.shows(line.as_str()), "{line} not in {}", h.screen_text());
            let name = t.level_names[want as usize];
            assert!(line.as_str().starts_with(name), "{line}");
            let pc = level_line::near_percent(GameKind::Senas, Variant::default(), want);
            assert!(line.as_str().contains(&format!("{pc}%")), "{line}");
        }
        h.press(0, Buttons::DOWN); // "Start"
        assert!(!h.screen_text().contains('%'), "{}", h.screen_text());
        assert!(h.shows(t.menu_rules_senas), "{}", h.screen_text());
        // The level chosen is the one the match is started with.
        h.press(0, Buttons::A);
        assert_eq!(h.app.scene(), SceneKind::ThrowOff);
        assert_eq!(h.app.setup().opponent, Opponent::Computer(Beginner));
        assert!(h.log_has("opponent=cpu_beginner"), "{:?}", h.log.0);
    }
}

/// The text run of the frame that holds `s`: (x, y, width in pixels).
fn run_of(h: &Harness, s: &str) -> Option<(i16, i16, i16)> {
    h.list.items().find_map(|i| match i {
        Item::Text {
            x, y, scale, text, ..
        } if text == s => Some((x, y, text_width(text, scale))),
        _ => None,
    })
}

#[test]
fn the_level_line_fits_its_box_at_4_3_and_16_9_in_both_languages_for_every_game_and_rule_set() {
    let mut checked = 0;
    for lang in [Language::English, Language::Spanish] {
        let t = strings_of(lang);
        for aspect in [Aspect::Standard, Aspect::Wide] {
            let games = [
                (GameKind::Senas, Variant::default()),
                (GameKind::Senet, Variant::Wiibrew2009),
                (GameKind::Senet, Variant::Kendall),
                (GameKind::Senet, Variant::Jequier),
            ];
            for (game, variant) in games {
                let mut h = on_the_opponent_row(lang, aspect, game, variant);
                for level in LEVELS {
                    right_to(&mut h, t, Opponent::Computer(level));
                    let what = format!("{lang:?} {aspect:?} {game:?} {variant} {level:?}");
                    let line = level_line::line(t, game, variant, level);
                    let (x, y, w) = run_of(&h, line.as_str())
                        .unwrap_or_else(|| panic!("{what}: no {line:?} in {}", h.screen_text()));
                    // By width: inside the safe band, below the rows, above the footer.
                    let (_, footer_y, _) = run_of(&h, t.menu_footer).expect("the footer");
                    let rows_bottom = h.item_boxes().iter().map(|r| r.bottom()).max();
                    let rows_bottom = rows_bottom.expect("rows");
                    assert!(
                        x >= SAFE_X && x + w <= WIDTH as i16 - SAFE_X,
                        "{what}: {x}+{w}"
                    );
                    assert!(y >= rows_bottom && y + 20 <= footer_y, "{what}: y {y}");
                    // By pixels: what the soft renderer lights between the rows and the footer
                    // lies inside the same band (the text's shadow included).
                    let frame = h.render();
                    let bg = pixel(&frame, 1, usize::try_from(y).expect("y"));
                    let (mut lo, mut hi) = (WIDTH, 0);
                    for py in usize::try_from(rows_bottom + 1).expect("y")
                        ..usize::try_from(footer_y).expect("y")
                    {
                        for px in 0..WIDTH {
                            if pixel(&frame, px, py) != bg {
                                lo = lo.min(px);
                                hi = hi.max(px);
                            }
                        }
                    }
                    assert!(hi > lo, "{what}: the line lit nothing");
                    assert!(
                        lo >= SAFE_X as usize && hi < WIDTH - SAFE_X as usize,
                        "{what}: lit from {lo} to {hi}"
                    );
                    assert!(footer_y < HEIGHT as i16);
                    if level == Level::Beginner
                        && game == GameKind::Senet
                        && variant == Variant::Wiibrew2009
                    {
                        let shape = if aspect == Aspect::Wide { "_wide" } else { "" };
                        h.save(&format!("app_levels_beginner_{}{shape}", lang.key()));
                    }
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 2 * 2 * 4 * LEVELS.len());
}
