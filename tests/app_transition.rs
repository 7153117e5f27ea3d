//! Screen transitions (issue 28 part 3): every new screen (main menu, statistics, how to play,
//! throw-off, match, winner, back to the title) starts black and brightens frame by frame to
//! the plain screen in 12 frames (4 with "Animations: Fast"), measured on soft-rendered frames;
//! the pointers are drawn over the fade, never darkened; and the fade is a picture only: a
//! script pressing its buttons during the fades logs exactly what the same script waiting them
//! out logs, and Normal and Fast play the same moves.

mod app_support;

use app_support::{Harness, Lcg};
use senas_senet::app::transition::{FAST_FRAMES, NORMAL_FRAMES};
use senas_senet::app::{Animations, Buttons, Config, GameKind, Pointer, SceneKind, Settings};
use senas_senet::gfx::{AssetId, Item, Rect};

/// Mean luma (0-255) of the frame's pixels inside `r`.
fn luma_in(frame: &[u8], r: Rect) -> f64 {
    let (mut sum, mut n) = (0u64, 0u64);
    for y in r.y.max(0)..r.bottom().min(480) {
        for x in r.x.max(0)..r.right().min(640) {
            let i = (y as usize * 640 + x as usize) * 4;
            let (red, g, b) = (
                u64::from(frame[i]),
                u64::from(frame[i + 1]),
                u64::from(frame[i + 2]),
            );
            sum += red * 299 + g * 587 + b * 114;
            n += 1000;
        }
    }
    sum as f64 / n.max(1) as f64
}

fn luma(frame: &[u8]) -> f64 {
    luma_in(frame, Rect::SCREEN)
}

fn harness(speed: Animations) -> Harness {
    let mut h = Harness::new(Config::new(5));
    h.app.set_settings(Settings {
        animations: speed,
        ..h.app.settings()
    });
    h
}

/// From the title, A on "Play": the main menu's frames from the one A opened it on, for
/// `frames` frames after it.
fn menu_frames(speed: Animations, frames: usize) -> Vec<Vec<u8>> {
    let mut h = harness(speed);
    h.idle(2);
    assert!(!h.app.fading(), "the first title is drawn plain");
    h.frame_with(0, Buttons::A);
    assert_eq!(h.app.scene(), SceneKind::Menu);
    let mut out = vec![h.render()];
    for _ in 0..frames {
        h.idle(1);
        out.push(h.render());
    }
    out
}

fn assert_fades_in(speed: Animations, n: u8) {
    let n = usize::from(n);
    let frames = menu_frames(speed, n + 3);
    let l: Vec<f64> = frames.iter().map(|f| luma(f)).collect();
    assert!(
        l[0] < 0.5,
        "{speed:?}: the first frame is black ({:.2})",
        l[0]
    );
    for k in 1..=n {
        assert!(
            l[k] > l[k - 1],
            "{speed:?}: brighter each frame: {:.2} then {:.2} at frame {k}",
            l[k - 1],
            l[k]
        );
    }
    assert!(
        l[n - 1] < l[n] - 1.0,
        "{speed:?}: still darkened one frame before the end"
    );
    for k in n..frames.len() {
        assert!(
            frames[k] == frames[n + 2],
            "{speed:?}: frame {k} is the plain menu"
        );
    }
    assert!(l[n] > 20.0, "{speed:?}: the menu is not dark ({:.2})", l[n]);
}

#[test]
fn a_new_screen_starts_black_and_shows_plain_after_12_frames() {
    assert_eq!(NORMAL_FRAMES, 12);
    assert_fades_in(Animations::Normal, NORMAL_FRAMES);
}

#[test]
fn with_fast_animations_a_new_screen_shows_plain_after_4_frames() {
    assert_eq!(FAST_FRAMES, 4);
    assert_fades_in(Animations::Fast, FAST_FRAMES);
}

/// Runs `steps` frames of `input` on `h`; on each frame that shows a new screen (scene, or the
/// how-to-play pages), checks that it is drawn black (`seen` collects those screens).
fn watch(h: &mut Harness, seen: &mut Vec<(SceneKind, bool)>, step: impl FnOnce(&mut Harness)) {
    let before = (h.app.scene(), h.app.help_open());
    step(h);
    let now = (h.app.scene(), h.app.help_open());
    if now != before {
        let l = luma(&h.render());
        assert!(l < 0.5, "{now:?}: the first frame is black ({l:.2})");
        seen.push(now);
    }
}

#[test]
fn every_change_of_screen_fades_in_title_menu_statistics_help_throw_off_match_winner() {
    let mut seen = Vec::new();
    let mut h = harness(Animations::Normal);
    let press = |b: Buttons| move |h: &mut Harness| h.frame_with(0, b);
    let idle = |h: &mut Harness| h.frame_with(0, Buttons::NONE);
    // Title: "How to play" (pages of both games), back with B.
    for b in [Buttons::DOWN, Buttons::NONE, Buttons::A, Buttons::NONE] {
        watch(&mut h, &mut seen, press(b));
    }
    watch(&mut h, &mut seen, press(Buttons::B));
    watch(&mut h, &mut seen, idle);
    // Play, then the statistics (down from "Start") and back.
    watch(&mut h, &mut seen, press(Buttons::UP));
    watch(&mut h, &mut seen, idle);
    watch(&mut h, &mut seen, press(Buttons::A));
    watch(&mut h, &mut seen, idle);
    watch(&mut h, &mut seen, press(Buttons::DOWN));
    watch(&mut h, &mut seen, idle);
    watch(&mut h, &mut seen, press(Buttons::A));
    watch(&mut h, &mut seen, idle);
    watch(&mut h, &mut seen, press(Buttons::B));
    assert_eq!(h.app.scene(), SceneKind::Menu);
    let kinds: Vec<SceneKind> = seen.iter().map(|s| s.0).collect();
    assert_eq!(
        seen,
        vec![
            (SceneKind::Title, true),
            (SceneKind::Title, false),
            (SceneKind::Menu, false),
            (SceneKind::Statistics, false),
            (SceneKind::Menu, false),
        ],
        "{kinds:?}"
    );
    // A demo match: its throw-off, the match, the winner's screen.
    let mut config = Config::new(7);
    config.demo = Some(GameKind::Senet);
    let mut d = Harness::new(config);
    let mut seen = Vec::new();
    for _ in 0..60_000 {
        watch(&mut d, &mut seen, idle);
        if d.app.scene() == SceneKind::Winner {
            break;
        }
    }
    let kinds: Vec<SceneKind> = seen.iter().map(|s| s.0).collect();
    assert!(
        kinds.starts_with(&[SceneKind::ThrowOff, SceneKind::Match])
            && kinds.last() == Some(&SceneKind::Winner),
        "{kinds:?}"
    );
}

/// Where player `n`'s cursor sprite is drawn this frame.
fn cursor_rect(h: &Harness) -> Option<Rect> {
    h.list.items().find_map(|i| match i {
        Item::Sprite {
            asset: AssetId::Cursor,
            rect,
            ..
        } => Some(rect),
        _ => None,
    })
}

#[test]
fn the_pointer_is_drawn_over_the_fade_at_full_brightness() {
    let mut h = harness(Animations::Normal);
    // Player 1 moves onto "How to play" and opens it with A (the pages have no list: every
    // pointer is drawn on them).
    let how = h.item_boxes()[1];
    h.pointers[0] = Some(Pointer::new(320, 470));
    h.idle(1);
    let (x, y) = how.center();
    h.pointers[0] = Some(Pointer::new(x, y));
    h.idle(1);
    h.frame_with(0, Buttons::A);
    assert!(h.app.help_open() && h.app.fading());
    let black = h.render();
    let r = cursor_rect(&h).expect("the pointer is drawn on the pages");
    h.idle_through_fade();
    let plain = h.render();
    assert_eq!(cursor_rect(&h), Some(r), "the pointer has not moved");
    // The cursor's own (opaque, bright) pixels are the same on the black frame and the plain
    // one; around it the black frame is black.
    let mut bright = 0;
    for y in r.y..r.bottom() {
        for x in r.x..r.right() {
            let i = (y as usize * 640 + x as usize) * 4;
            let px = |f: &[u8]| [f[i], f[i + 1], f[i + 2]];
            let on_black = px(&black);
            let l = luma_in(&black, Rect::new(x, y, 1, 1));
            if l > 100.0 {
                bright += 1;
                assert_eq!(on_black, px(&plain), "cursor pixel ({x}, {y}) darkened");
            }
        }
    }
    assert!(
        bright >= 20,
        "only {bright} bright cursor pixels on the black frame"
    );
    let away = Rect::new(r.x + 60, r.y, 40, 40);
    assert!(luma_in(&black, away) < 0.5, "the page itself is black");
}

/// A scripted player's steps: buttons for a frame, or "wait for the fade to end".
#[derive(Clone, Copy)]
enum Step {
    Press(Buttons),
    Release,
    WaitFade,
}

/// Title -> main menu -> statistics -> main menu -> senas against the computer (the throw-off
/// skipped) -> HOME menu and back, then 1500 frames in which the person presses A and points
/// at random places now and then. `wait`: every `WaitFade` idles until the fade is over;
/// otherwise it is skipped (the next press comes during the fade). Returns the log and how
/// many presses came during a fade.
fn scripted(speed: Animations, wait: bool) -> (Vec<String>, usize) {
    use Step::*;
    let mut h = harness(speed);
    let script = [
        Press(Buttons::A), // Play
        Release,
        WaitFade,
        Press(Buttons::DOWN), // Statistics
        Release,
        Press(Buttons::A),
        Release,
        WaitFade,
        Press(Buttons::B), // back to the menu
        Release,
        WaitFade,
        Press(Buttons::A), // Start
        Release,
        WaitFade,
        Press(Buttons::A), // skip the throw-off
        Release,
        WaitFade,
        Press(Buttons::HOME),
        Release,
        Press(Buttons::B), // resume
        Release,
    ];
    let mut during = 0;
    for s in script {
        match s {
            Press(b) => {
                during += usize::from(h.app.fading());
                h.frame_with(0, b);
            }
            Release => h.frame_with(0, Buttons::NONE),
            WaitFade if wait => {
                assert!(h.app.fading(), "a fade to wait for");
                h.idle_through_fade();
            }
            WaitFade => {}
        }
    }
    assert_eq!(h.app.scene(), SceneKind::Match);
    assert!(h.app.overlay().is_none());
    let mut rng = Lcg(3);
    for f in 0..1500 {
        if f % 40 == 0 {
            h.pointers[0] = Some(Pointer::new(rng.below(640) as i16, rng.below(480) as i16));
        }
        let b = if f % 7 == 0 {
            Buttons::A
        } else {
            Buttons::NONE
        };
        h.frame_with(0, b);
    }
    (h.log.0, during)
}

#[test]
fn pressing_during_the_fades_logs_exactly_what_waiting_them_out_logs() {
    for speed in [Animations::Normal, Animations::Fast] {
        let (hurried, during) = scripted(speed, false);
        let (patient, none) = scripted(speed, true);
        assert_eq!(
            none, 0,
            "{speed:?}: the patient script never presses in a fade"
        );
        assert!(during >= 5, "{speed:?}: {during} presses came during fades");
        assert!(
            hurried.iter().any(|l| l.starts_with("event=turn ")),
            "{speed:?}: the match was played: {hurried:?}"
        );
        assert_eq!(hurried, patient, "{speed:?}");
    }
}

#[test]
fn normal_and_fast_log_the_same_screens_and_the_same_moves() {
    let (normal, _) = scripted(Animations::Normal, true);
    let (fast, _) = scripted(Animations::Fast, true);
    // The screens and the HOME menu: the same lines.
    let screens = |log: &[String]| -> Vec<String> {
        log.iter()
            .filter(|l| l.starts_with("event=menu ") || l.starts_with("event=home "))
            .cloned()
            .collect()
    };
    assert_eq!(screens(&normal), screens(&fast));
    // The match: the same throws and turns, in the same order, Fast only further on.
    let moves = |log: &[String]| -> Vec<String> {
        log.iter()
            .filter(|l| {
                l.starts_with("event=turn ")
                    || l.starts_with("event=roll ")
                    || l.starts_with("event=start ")
            })
            .cloned()
            .collect()
    };
    let (n, f) = (moves(&normal), moves(&fast));
    let k = n.len().min(f.len());
    assert!(k >= 4, "{k} lines compared");
    assert_eq!(n[..k], f[..k]);
    assert!(f.len() >= n.len(), "fast plays at least as far");
}
