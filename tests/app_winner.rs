//! The end of a match as a player sees it (issue 28, part 4): the final board stays on screen
//! under a panel that drops in, the win's sound is cued when the winner is shown (not while
//! the last move is still on the board), and the panel says who won, the score and how long
//! the match lasted. Driven through the app with clicks, read from its draw list, its events
//! and its soft-rendered frames.

mod app_support;

use app_support::{senet_square, start_match, Harness};
use senas_senet::app::celebration::DROP_FRAMES;
use senas_senet::app::senet::Phase;
use senas_senet::app::Event;
use senas_senet::app::{Buttons, Config, Controller, GameKind, SceneKind};
use senas_senet::gfx::soft::WIDTH;
use senas_senet::gfx::Rect;

/// What the match looked like just before the winner's screen opened.
struct End {
    /// The last match frame, soft-rendered.
    last_match_frame: Vec<u8>,
    /// The match's turns, as the match counted them.
    turns: u32,
    /// Every frame's win or loss events up to the winner's screen (frame index, event).
    win_events: Vec<(usize, Event)>,
    /// The frame index on which the winner's screen opened.
    opened_at: usize,
}

/// A senet match against the computer played with clicks (always the first legal move) to the
/// first frame of the winner's screen.
fn play_to_the_winner(h: &mut Harness) -> End {
    start_match(h, GameKind::Senet, 5);
    let mut end = End {
        last_match_frame: h.render(),
        turns: 0,
        win_events: Vec::new(),
        opened_at: 0,
    };
    let mut frame = 0usize;
    let note = |h: &Harness, frame: usize, end: &mut End| {
        for e in h.app.events() {
            if matches!(e, Event::Win(_) | Event::Loss(_)) {
                end.win_events.push((frame, *e));
            }
        }
    };
    for _ in 0..200_000 {
        if h.app.scene() == SceneKind::Winner {
            end.opened_at = frame;
            return end;
        }
        let Some(m) = h.app.senet() else { break };
        end.turns = m.turns();
        if m.winner().is_some() {
            // The last move on the board, as the end pause shows it.
            end.last_match_frame = h.render();
        }
        if m.winner().is_none() && m.phase() == Phase::Human && m.mover() == Controller::Human(0) {
            let mv = m.legal()[0];
            for r in [senet_square(h, mv.from()), senet_square(h, mv.to())] {
                let (x, y) = r.center();
                h.pointers[0] = Some(senas_senet::app::Pointer::new(x, y));
                for b in [Buttons::A, Buttons::NONE] {
                    h.frame_with(0, b);
                    frame += 1;
                    note(h, frame, &mut end);
                }
            }
        } else {
            h.idle(1);
            frame += 1;
            note(h, frame, &mut end);
        }
    }
    panic!(
        "the match never reached the winner's screen: {:?}",
        h.app.scene()
    );
}

/// Luminance of pixel (x, y) of an RGBA frame.
fn luma(frame: &[u8], x: usize, y: usize) -> f64 {
    let i = (y * WIDTH + x) * 4;
    0.299 * f64::from(frame[i]) + 0.587 * f64::from(frame[i + 1]) + 0.114 * f64::from(frame[i + 2])
}

/// Pearson correlation of two samples.
fn correlation(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let cov: f64 = a.iter().zip(b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = a.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = b.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

#[test]
fn the_final_board_stays_dimmed_under_the_winners_panel() {
    let mut h = Harness::new(Config::new(5));
    let end = play_to_the_winner(&mut h);
    h.idle(usize::from(DROP_FRAMES));
    h.save("app_winner_senet");
    let won = h.render();
    // The board's thirty squares, where the panel does not lie: the board is there, not a
    // backdrop, and the panel sits below it.
    let l = senas_senet::gfx::SenetLayout::new(h.app.config_aspect());
    let squares: Vec<Rect> = (0..30).map(|i| l.square_rect(i)).collect();
    let bottom = squares.iter().map(|r| r.y + r.h).max().unwrap_or(0);
    assert!(
        h.item_boxes().iter().all(|r| r.y > bottom),
        "the rows lie below the board (bottom {bottom}): {:?}",
        h.item_boxes()
    );
    let (mut before, mut after) = (Vec::new(), Vec::new());
    for r in &squares {
        for y in (r.y..r.y + r.h).step_by(2) {
            for x in (r.x..r.x + r.w).step_by(2) {
                let (x, y) = (x as usize, y as usize);
                before.push(luma(&end.last_match_frame, x, y));
                after.push(luma(&won, x, y));
            }
        }
    }
    let spread = |v: &[f64]| {
        let lo = v.iter().copied().fold(f64::MAX, f64::min);
        let hi = v.iter().copied().fold(f64::MIN, f64::max);
        hi - lo
    };
    assert!(
        spread(&after) > 20.0,
        "the board shows around the panel, not a flat backdrop (spread {})",
        spread(&after)
    );
    let r = correlation(&before, &after);
    assert!(
        r > 0.8,
        "the winner's screen shows the match's final board (r = {r:.3})"
    );
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    assert!(
        mean(&after) < mean(&before) - 5.0,
        "dimmed: mean luminance {:.1} -> {:.1}",
        mean(&before),
        mean(&after)
    );
}

#[test]
fn the_win_sound_is_cued_once_when_the_winner_is_shown_not_while_the_last_move_stays() {
    let mut h = Harness::new(Config::new(5));
    let end = play_to_the_winner(&mut h);
    assert_eq!(
        end.win_events.len(),
        1,
        "one win or loss event: {:?}",
        end.win_events
    );
    let (at, e) = end.win_events[0];
    assert_eq!(
        at, end.opened_at,
        "cued on the frame the winner's screen opens"
    );
    let human_won = h.shows("You win");
    assert_eq!(
        matches!(e, Event::Win(_)),
        human_won,
        "a person's win is Win, the computer's is Loss: {e:?}, {}",
        h.screen_text()
    );
    h.idle(usize::from(DROP_FRAMES) + 10);
    assert!(
        !h.app
            .events()
            .iter()
            .any(|e| matches!(e, Event::Win(_) | Event::Loss(_))),
        "no second cue"
    );
}

#[test]
fn the_panel_drops_in_then_names_the_winner_the_score_and_the_matchs_length() {
    let mut h = Harness::new(Config::new(5));
    let end = play_to_the_winner(&mut h);
    let first = h.item_boxes();
    assert_eq!(
        first.len(),
        3,
        "Rematch, Main menu and Review (a person played)"
    );
    h.idle(usize::from(DROP_FRAMES));
    let landed = h.item_boxes();
    assert!(
        first[0].y < landed[0].y,
        "the rows drop with the panel: {} -> {}",
        first[0].y,
        landed[0].y
    );
    h.idle(30);
    assert_eq!(h.item_boxes(), landed, "landed rows stay put");
    let text = h.screen_text();
    assert!(
        text.contains("You win") || text.contains("The computer wins"),
        "{text}"
    );
    assert!(text.contains("pieces borne off"), "the score: {text}");
    assert!(
        text.contains("Rematch") && text.contains("Main menu"),
        "{text}"
    );
    // The length: the match's own turn count, and its time at 59.94 Hz per match frame.
    let length = format!("{} turns in ", end.turns);
    let at = text
        .find(&length)
        .unwrap_or_else(|| panic!("'{length}' in {text}"));
    let rest = &text[at + length.len()..];
    let (n, unit) = rest
        .split_once(' ')
        .map(|(n, r)| (n.parse::<u64>().ok(), r))
        .unwrap_or((None, ""));
    let n = n.unwrap_or_else(|| panic!("a number after '{length}': {rest}"));
    let seconds = end.opened_at as f64 / 59.94;
    if unit.starts_with("min") {
        assert!(seconds >= 60.0, "{seconds} s shown in minutes");
        assert_eq!(n, ((seconds as u64) + 30) / 60, "{seconds} s");
    } else {
        assert!(unit.starts_with('s'), "{rest}");
        assert!(
            (n as f64 - seconds).abs() <= 1.5,
            "{n} s shown for {seconds:.1} s"
        );
    }
}

#[test]
fn under_the_senet_board_the_rows_side_by_side_step_with_left_and_right() {
    let mut h = Harness::new(Config::new(5));
    play_to_the_winner(&mut h);
    h.idle(usize::from(DROP_FRAMES));
    let rows = h.item_boxes();
    assert_eq!(rows[0].y, rows[1].y, "side by side: {rows:?}");
    assert!(
        rows[0].x + rows[0].w <= rows[1].x,
        "Rematch left of Main menu"
    );
    h.pointers[0] = None;
    h.press(0, Buttons::RIGHT);
    h.press(0, Buttons::A);
    assert_eq!(h.app.scene(), SceneKind::Menu, "right, then A: Main menu");
}
