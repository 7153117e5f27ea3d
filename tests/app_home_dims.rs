//! The HOME menu dims the game under it (issue 28 part 3): with the menu open over a senas or
//! a senet match, in 4:3 and 16:9, the board's pixels outside the menu's panel are drawn at
//! most 60 % as bright (mean luma) as on the frame before HOME was pressed, and closing the
//! menu gives the board back its brightness. Measured on soft-rendered frames.

mod app_support;

use app_support::{start_match, Harness};
use senas_senet::app::{Buttons, Config, GameKind};
use senas_senet::gfx::{palette, Aspect, Item, Rect, SenasLayout, SenetLayout};

/// The board: the box around every senas hole or senet square (and the bear-off area), with
/// the board's frame around them.
fn board(game: GameKind, aspect: Aspect) -> Rect {
    let rects: Vec<Rect> = match game {
        GameKind::Senas => {
            let l = SenasLayout::new(aspect);
            (0..24).map(|i| l.hole_rect(i)).collect()
        }
        GameKind::Senet => {
            let l = SenetLayout::new(aspect);
            (0..30)
                .map(|i| l.square_rect(i))
                .chain([l.exit_rect()])
                .collect()
        }
    };
    let x = rects.iter().map(|r| r.x).min().unwrap_or(0);
    let y = rects.iter().map(|r| r.y).min().unwrap_or(0);
    let right = rects.iter().map(|r| r.right()).max().unwrap_or(0);
    let bottom = rects.iter().map(|r| r.bottom()).max().unwrap_or(0);
    Rect::new(x, y, right - x, bottom - y).inflate(FRAME)
}

/// How far the board's wooden frame reaches around its holes or squares, about.
const FRAME: i16 = 24;

/// The HOME menu's panel: the first fill after the full-screen veil.
fn panel(h: &Harness) -> Rect {
    h.list
        .items()
        .skip_while(|i| !matches!(i, Item::Fill { rect, color } if *rect == Rect::SCREEN && *color == palette::DIM))
        .skip(1)
        .find_map(|i| match i {
            Item::Fill { rect, .. } => Some(rect),
            _ => None,
        })
        .expect("the HOME menu's panel after its veil")
}

/// Mean luma (0-255) of `frame`'s pixels inside `board` but outside `panel`, and how many.
fn board_luma(frame: &[u8], board: Rect, panel: Rect) -> (f64, u64) {
    let (mut sum, mut n) = (0u64, 0u64);
    for y in board.y.max(0)..board.bottom().min(480) {
        for x in board.x.max(0)..board.right().min(640) {
            if panel.contains(x, y) {
                continue;
            }
            let i = (y as usize * 640 + x as usize) * 4;
            let (r, g, b) = (
                u64::from(frame[i]),
                u64::from(frame[i + 1]),
                u64::from(frame[i + 2]),
            );
            sum += r * 299 + g * 587 + b * 114;
            n += 1;
        }
    }
    (sum as f64 / (1000 * n.max(1)) as f64, n)
}

fn check(game: GameKind, aspect: Aspect) {
    let mut config = Config::new(9);
    config.aspect = aspect;
    let mut h = Harness::new(config);
    start_match(&mut h, game, 0);
    h.idle_through_fade();
    let plain = h.render();
    h.frame_with(0, Buttons::HOME);
    assert!(
        h.app.home_open(),
        "{game:?} {aspect:?}: HOME opened the menu"
    );
    let dimmed = h.render();
    let p = panel(&h);
    let b = board(game, aspect);
    let (before, n) = board_luma(&plain, b, p);
    let (under, _) = board_luma(&dimmed, b, p);
    // In 16:9 the panel hides most of the narrower board: its frame's sides stay in view.
    assert!(
        n > 5000,
        "{game:?} {aspect:?}: {n} board pixels beside the panel {p:?} (board {b:?})"
    );
    assert!(
        before > 25.0,
        "{game:?} {aspect:?}: the board is lit ({before:.1})"
    );
    let ratio = under / before;
    eprintln!("{game:?} {aspect:?}: board luma {before:.1} -> {under:.1} under HOME ({ratio:.2})");
    assert!(
        ratio <= 0.6,
        "{game:?} {aspect:?}: the board under the HOME menu is {:.0} % as bright",
        ratio * 100.0
    );
    // "Resume" (B): the board as bright as before.
    h.frame_with(0, Buttons::B);
    assert!(!h.app.home_open());
    let (after, _) = board_luma(&h.render(), b, p);
    assert!(
        after > before * 0.9,
        "{game:?} {aspect:?}: closed, the board is lit again ({after:.1} vs {before:.1})"
    );
}

#[test]
fn the_home_menu_dims_the_senas_board_in_4_3_and_16_9() {
    check(GameKind::Senas, Aspect::Standard);
    check(GameKind::Senas, Aspect::Wide);
}

#[test]
fn the_home_menu_dims_the_senet_board_in_4_3_and_16_9() {
    check(GameKind::Senet, Aspect::Standard);
    check(GameKind::Senet, Aspect::Wide);
}
