//! How to play: every page of both games drawn by the app through the soft renderer, in both
//! picture shapes; each diagram shows the game's art (pieces, dice, sticks, squares) where the
//! draw list puts it, its text stays inside the panel, and the pages turn with the D-pad, A
//! and the pointer on the arrows. Screenshots: target/screens/help_*.png.

mod app_support;

use app_support::{save_png, Harness};
use senas_senet::app::help::{Figure, FIGURE, NEXT, PANEL, PREV};
use senas_senet::app::{Buttons, Config, Language, Pointer, SceneKind, Settings};
use senas_senet::games::senas::Roll;
use senas_senet::gfx::draw_list::{Item, CAPACITY, TEXT_BYTES};
use senas_senet::gfx::soft::WIDTH;
use senas_senet::gfx::{Aspect, AssetId, Rect};

/// The title's "How to play" (both games' pages).
fn open_help(aspect: Aspect) -> Harness {
    open_help_in(aspect, Language::English)
}

/// The title's "How to play" in `lang`.
fn open_help_in(aspect: Aspect, lang: Language) -> Harness {
    let mut config = Config::new(3);
    config.aspect = aspect;
    let mut h = Harness::new(config);
    h.app.set_settings(Settings {
        language: lang,
        ..h.app.settings()
    });
    assert_eq!(h.app.scene(), SceneKind::Title);
    h.press(0, Buttons::DOWN);
    h.press(0, Buttons::A);
    assert!(h.app.help_open(), "{}", h.screen_text());
    // The pages fade in; their art is sampled once they show plain.
    h.idle_through_fade();
    h
}

/// The art each diagram must show.
fn expected(f: Figure) -> &'static [AssetId] {
    use AssetId::*;
    match f {
        Figure::SenasBoard => &[PieceLight, PieceDark, PointLight, PointDark],
        Figure::SenasDice => &[Die1, Die2, Die3, Die4, Die5, Die6],
        Figure::SenasMoving => &[PieceLight, PieceDark, Die2, Die4],
        Figure::SenasStart => &[PieceLight, PieceDark],
        Figure::SenasBearOff => &[PieceLight, PieceDark, Die6],
        Figure::SenetPath => &[Cone, Spool],
        Figure::SenetSticks => &[StickLight, StickDark],
        Figure::SenetCapture => &[Cone, Spool],
        Figure::SenetBarrier => &[Cone, Spool],
        Figure::SenetWater => &[Cone, Spool, SqWater, SqBeauty],
        Figure::SenetRules(_) => &[SqWater, SqBeauty],
    }
}

fn sprites(h: &Harness) -> Vec<(AssetId, Rect)> {
    h.list
        .items()
        .filter_map(|i| match i {
            Item::Sprite { asset, rect, .. } => Some((asset, rect)),
            _ => None,
        })
        .collect()
}

/// Whether the art really reached the frame in `r`: of a 5 x 5 grid of sample points, at least
/// three show the asset's opaque texel there (within a texel of rounding). Labels and arrows
/// may cover some points, never most of a piece.
fn art_visible_at(frame: &[u8], id: AssetId, r: Rect) -> bool {
    let t = id.texture();
    let mut hits = 0;
    for gy in 1..=5 {
        for gx in 1..=5 {
            let cx = r.x + r.w * gx / 6;
            let cy = r.y + r.h * gy / 6;
            let px = &frame[(cy as usize * WIDTH + cx as usize) * 4..][..3];
            let tx = ((cx - r.x) as i32 * 2 + 1) * i32::from(t.width) / (2 * i32::from(r.w));
            let ty = ((cy - r.y) as i32 * 2 + 1) * i32::from(t.height) / (2 * i32::from(r.h));
            let hit = (-1..=1).any(|dy| {
                (-1..=1).any(|dx| {
                    let x = (tx + dx).clamp(0, i32::from(t.width) - 1) as usize;
                    let y = (ty + dy).clamp(0, i32::from(t.height) - 1) as usize;
                    let texel = t.texel(x, y);
                    texel[3] == 255 && texel[..3] == *px
                })
            });
            hits += usize::from(hit);
        }
    }
    hits >= 3
}

#[test]
fn every_page_draws_its_diagram_with_the_games_art_inside_the_panel() {
    for (aspect, lang) in [
        (Aspect::Standard, Language::English),
        (Aspect::Wide, Language::English),
        (Aspect::Standard, Language::Spanish),
        (Aspect::Wide, Language::Spanish),
    ] {
        let mut h = open_help_in(aspect, lang);
        let help = h.app.help().expect("help");
        assert_eq!(
            help.pages(),
            13,
            "5 senas, 5 senet and one per senet rule set"
        );
        for n in 0..help.pages() {
            let page = h.app.help().and_then(|x| x.page_at(x.page)).expect("page");
            assert_eq!(h.app.help().map(|x| x.page), Some(n));
            assert!(h.shows(page.title), "{}", h.screen_text());
            let frame = h.render();
            let suffix = match (aspect, lang) {
                (Aspect::Wide, Language::Spanish) => "_wide_es",
                (Aspect::Wide, _) => "_wide",
                (_, Language::Spanish) => "_es",
                _ => "",
            };
            save_png(&format!("help_{}_{:?}{suffix}", n + 1, page.figure), &frame);
            let drawn = sprites(&h);
            for &id in expected(page.figure) {
                let mine: Vec<Rect> = drawn
                    .iter()
                    .filter(|(a, r)| *a == id && FIGURE.contains(r.x, r.y))
                    .map(|&(_, r)| r)
                    .collect();
                assert!(!mine.is_empty(), "{:?}: no {id:?}", page.figure);
                assert!(
                    mine.iter().any(|&r| art_visible_at(&frame, id, r)),
                    "{:?}: {id:?} drawn but not visible ({aspect:?})",
                    page.figure
                );
                for r in mine {
                    assert!(
                        r.x >= FIGURE.x
                            && r.right() <= FIGURE.right()
                            && r.bottom() <= FIGURE.bottom(),
                        "{:?}: {id:?} at {r:?} leaves the diagram",
                        page.figure
                    );
                }
            }
            for item in h.list.items() {
                if let Item::Text {
                    x, y, scale, text, ..
                } = item
                {
                    let w = senas_senet::gfx::font::text_width(text, scale);
                    assert!(
                        x >= PANEL.x
                            && y >= PANEL.y
                            && x + w <= PANEL.right()
                            && y + 20 * i16::from(scale) <= PANEL.bottom(),
                        "{:?}: {text:?} at ({x}, {y}) leaves the panel ({aspect:?})",
                        page.figure
                    );
                }
            }
            // Room in the draw list: at least 25 % headroom on every page.
            let (cmds, text) = (h.list.len(), h.list.text_len());
            println!(
                "{:?} {aspect:?}: {cmds} commands, {text} text bytes",
                page.figure
            );
            assert!(cmds * 4 <= CAPACITY * 3 && text * 4 <= TEXT_BYTES * 3);
            h.press(0, Buttons::RIGHT);
        }
        assert!(h.app.help_open(), "Right on the last page stays");
        h.press(0, Buttons::B);
        assert!(!h.app.help_open());
    }
}

#[test]
fn the_dice_page_shows_each_roll_and_exactly_the_sub_moves_the_engine_grants() {
    let mut h = open_help(Aspect::Standard);
    h.press(0, Buttons::RIGHT);
    assert_eq!(
        h.app
            .help()
            .and_then(|x| x.page_at(x.page))
            .map(|p| p.figure),
        Some(Figure::SenasDice)
    );
    let dice: Vec<AssetId> = (1..=6).filter_map(AssetId::die_face).collect();
    let shown = sprites(&h).iter().filter(|(a, _)| dice.contains(a)).count();
    let grants: usize = [(1, 3, 5), (2, 4, 4), (3, 3, 3), (6, 6, 6)]
        .into_iter()
        .map(|(a, b, c)| 3 + usize::from(Roll::new(a, b, c).expect("roll").sub_moves().len()))
        .sum();
    assert_eq!(shown, grants);
    assert!(h.shows("pair: 4 + 1") && h.shows("tute: roll again"));
}

#[test]
fn refusals_in_the_diagrams_are_the_engines_sentences() {
    let mut h = open_help(Aspect::Standard);
    let want = [
        (2, "That hole is held by the opponent."),
        (
            3,
            "The first sena may hold only two of your holes at the end of the turn.",
        ),
        (
            4,
            "A number larger than needed bears off only your rearmost piece.",
        ),
        (
            7,
            "The piece on square 21 is protected by a piece of its colour beside it.",
        ),
        (8, "cannot be passed."),
        (9, "-> 15"),
    ];
    let mut at = 0;
    for (page, text) in want {
        while at < page {
            h.press(0, Buttons::RIGHT);
            at += 1;
        }
        let screen = h.screen_text();
        let words: Vec<&str> = text.split(' ').collect();
        // Captions wrap: every word is on screen, in order.
        let mut rest = screen.as_str();
        for w in words {
            let i = rest
                .find(w)
                .unwrap_or_else(|| panic!("page {page}: {w:?} missing in {screen}"));
            rest = &rest[i + w.len()..];
        }
    }
}

#[test]
fn the_pointer_on_the_arrows_turns_pages_and_a_on_the_last_page_closes() {
    let mut h = open_help(Aspect::Wide);
    let page = |h: &Harness| h.app.help().map(|x| x.page);
    h.click(0, NEXT);
    h.click(0, NEXT);
    assert_eq!(page(&h), Some(2));
    h.click(0, PREV);
    assert_eq!(page(&h), Some(1));
    h.press(0, Buttons::LEFT);
    h.press(0, Buttons::LEFT);
    assert_eq!(page(&h), Some(0));
    h.pointers[0] = Some(Pointer::new(320, 300));
    for _ in 0..12 {
        h.press(0, Buttons::A);
    }
    assert_eq!(page(&h), Some(12));
    h.click(0, NEXT);
    assert_eq!(page(&h), Some(12), "the arrow does not close");
    h.pointers[0] = Some(Pointer::new(320, 300));
    h.press(0, Buttons::A);
    assert!(!h.app.help_open());
    assert_eq!(h.app.scene(), SceneKind::Title);
}

/// Every page in `aspect`, with its figure: calls `check` on the harness showing it.
fn each_page(aspect: Aspect, mut check: impl FnMut(&Harness, Figure)) {
    let mut h = open_help(aspect);
    let n = h.app.help().expect("help").pages();
    for i in 0..n {
        let help = *h.app.help().expect("help");
        let page = help.page_at(i).expect("page");
        check(&h, page.figure);
        h.press(0, Buttons::RIGHT);
    }
}

fn number_runs(h: &Harness) -> Vec<(Rect, u32)> {
    h.list
        .items()
        .filter_map(|i| match i {
            Item::Text { x, y, text, .. } => text
                .parse::<u32>()
                .ok()
                .map(|n| (Rect::new(x, y, 10 * text.len() as i16, 20), n)),
            _ => None,
        })
        .filter(|(r, _)| FIGURE.contains(r.x, r.y))
        .collect()
}

#[test]
fn help_square_numbers_are_not_hidden_under_the_signs() {
    use AssetId::*;
    for aspect in [Aspect::Standard, Aspect::Wide] {
        each_page(aspect, |h, f| {
            let signs: Vec<Rect> = sprites(h)
                .into_iter()
                .filter(|(a, _)| {
                    matches!(a, SqRebirth | SqBeauty | SqWater | SqThree | SqTwo | SqRa)
                })
                .map(|(_, r)| r)
                .collect();
            for (r, n) in number_runs(h) {
                for s in &signs {
                    assert!(
                        r.intersect(*s).is_empty(),
                        "{f:?} {aspect:?}: number {n} {r:?} under a sign {s:?}"
                    );
                }
            }
        });
    }
}

#[test]
fn help_two_digit_stack_counts_do_not_cover_the_pieces() {
    for aspect in [Aspect::Standard, Aspect::Wide] {
        let mut seen = 0;
        each_page(aspect, |h, f| {
            let pieces: Vec<Rect> = sprites(h)
                .into_iter()
                .filter(|(a, _)| matches!(a, AssetId::PieceLight | AssetId::PieceDark))
                .map(|(_, r)| r)
                .collect();
            for (r, n) in number_runs(h).into_iter().filter(|&(_, n)| n >= 10) {
                for p in &pieces {
                    assert!(
                        r.intersect(*p).is_empty(),
                        "{f:?} {aspect:?}: count {n} {r:?} over a piece {p:?}"
                    );
                }
                if !pieces.is_empty() {
                    seen += 1;
                }
            }
        });
        assert!(seen > 0, "two-digit counts were checked");
    }
}

#[test]
fn the_help_barrier_page_shows_the_backward_move() {
    use senas_senet::games::senet::{legal_moves, MoveList, Position, Side, Throw, Variant};
    each_page(Aspect::Standard, |h, f| {
        if f != Figure::SenetBarrier {
            return;
        }
        // The diagram's position: a cone on 10 before Spools' barrier on 12, 13, 14.
        let pos = Position::new(
            Variant::Wiibrew2009,
            1 << 10,
            1 << 12 | 1 << 13 | 1 << 14,
            Side::A,
        )
        .expect("position");
        let back = (1..=6u8)
            .filter_map(Throw::from_distance)
            .find_map(|t| {
                let mut moves = MoveList::new();
                legal_moves(&pos, t, &mut moves);
                moves
                    .iter()
                    .find(|m| m.is_backward())
                    .map(|m| (t.distance(), m.to()))
            })
            .expect("the rules force a backward move");
        let want = std::format!(
            "With a {} no piece can move forward: the cone must go back to {}.",
            back.0,
            back.1
        );
        assert!(h.shows(&want), "{}", h.screen_text());
        save_png("help_barrier_backward", &h.render());
    });
}
