//! Sounds on the landing (issue 28, part 3): a move's sound plays when its piece lands, not
//! when the move is decided, and the log marks the landing (`event=landed`) after the move's
//! own line. Every piece moved lands exactly once, the winning bear-off too.

mod app_support;

use app_support::{senas_sub_moves_and_landings, senet_square, start_match, Harness};
use senas_senet::app::senet::Phase;
use senas_senet::app::{Config, Controller, Event, GameKind, SceneKind};
use senas_senet::games::senas::Side;

/// A move's landing sound: put down, borne off, a capture, the water.
fn is_landing(e: &Event) -> bool {
    matches!(
        e,
        Event::PiecePlaced(_) | Event::BorneOff(_) | Event::Capture(_) | Event::Water(_)
    )
}

/// What one frame left: its landing events and the log lines it wrote.
struct Frame {
    landings: usize,
    lines: Vec<String>,
}

/// Runs one frame (`step` drives it) and records what it left.
fn record(h: &mut Harness, frames: &mut Vec<Frame>, step: impl FnOnce(&mut Harness)) {
    let before = h.log.0.len();
    step(h);
    frames.push(Frame {
        landings: h.app.events().iter().filter(|e| is_landing(e)).count(),
        lines: h.log.0[before..].to_vec(),
    });
}

/// The frame index of the first line at or after frame `from` that starts with `prefix`.
fn first_line(frames: &[Frame], from: usize, prefix: &str) -> Option<usize> {
    (from..frames.len()).find(|&i| frames[i].lines.iter().any(|l| l.starts_with(prefix)))
}

#[test]
fn a_senet_moves_sound_plays_when_its_piece_lands_after_its_glide() {
    let mut h = Harness::new(Config::new(11));
    start_match(&mut h, GameKind::Senet, 5);
    let mut frames = Vec::new();
    for _ in 0..4000 {
        if h.app.scene() != SceneKind::Match {
            break;
        }
        let m = h.app.senet().expect("a senet match");
        if m.winner().is_none() && m.phase() == Phase::Human && m.mover() == Controller::Human(0) {
            let mv = m.legal()[0];
            let (a, b) = (senet_square(&h, mv.from()), senet_square(&h, mv.to()));
            for (r, b) in [(a, true), (a, false), (b, true), (b, false)] {
                let (x, y) = r.center();
                h.pointers[0] = Some(senas_senet::app::Pointer::new(x, y));
                let buttons = if b {
                    senas_senet::app::Buttons::A
                } else {
                    senas_senet::app::Buttons::NONE
                };
                record(&mut h, &mut frames, |h| h.frame_with(0, buttons));
            }
        } else {
            record(&mut h, &mut frames, |h| h.idle(1));
        }
    }
    // Every move decided: the frame of its line, who made it, and whether a piece moves.
    let mut checked = [0usize; 2];
    let mut i = 0;
    while let Some(at) = first_line(&frames, i, "event=turn game=senet") {
        i = at + 1;
        let line = frames[at]
            .lines
            .iter()
            .find(|l| l.starts_with("event=turn game=senet"))
            .expect("the line")
            .clone();
        if line.contains("move=pass") || line.contains("by=rules") {
            continue;
        }
        let human = line.contains("by=human");
        let glide = if human { 2 * 10 } else { 2 * 24 };
        let Some(landed) = first_line(&frames, at, "event=landed game=senet") else {
            break; // the run ended mid-glide
        };
        assert_eq!(
            frames[at].landings, 0,
            "no sound when the move is decided: {line}"
        );
        assert_eq!(
            landed - at,
            glide,
            "the landing {glide} frames after the decision: {line}"
        );
        assert_eq!(
            frames[landed].landings, 1,
            "its sound on the landing: {line}"
        );
        let quiet = frames[at + 1..landed].iter().all(|f| f.landings == 0);
        assert!(quiet, "no landing sound during the glide: {line}");
        checked[usize::from(human)] += 1;
    }
    assert!(
        checked[0] >= 5 && checked[1] >= 5,
        "moves checked (computer, person): {checked:?}"
    );
}

#[test]
fn every_senas_sub_move_lands_once_with_its_sound_the_winning_bear_off_too() {
    let mut config = Config::new(3);
    config.demo = Some(GameKind::Senas);
    let mut h = Harness::new(config);
    h.connected = [false; 4];
    let mut frames = Vec::new();
    for _ in 0..200_000 {
        record(&mut h, &mut frames, |h| h.idle(1));
        if h.app.scene() == SceneKind::Winner {
            break;
        }
    }
    assert_eq!(h.app.scene(), SceneKind::Winner);
    let lines: Vec<&String> = frames.iter().flat_map(|f| &f.lines).collect();
    let (sub_moves, landed) = senas_sub_moves_and_landings(lines.iter().copied());
    let sounds: usize = frames.iter().map(|f| f.landings).sum();
    assert!(sub_moves > 100, "a whole match: {sub_moves} sub-moves");
    assert_eq!(landed, sub_moves, "every sub-move lands once");
    assert_eq!(sounds, sub_moves, "every landing has its sound");
    let off = lines
        .iter()
        .filter(|l| l.starts_with("event=landed game=senas") && l.ends_with("to=off"))
        .count();
    let m = h.app.senas().expect("the finished senas match");
    let borne = m.position().off(Side::White) + m.position().off(Side::Black);
    assert!(borne >= 15, "{borne}");
    assert_eq!(
        off,
        usize::from(borne),
        "every bear-off lands, the winning one too"
    );
    for f in &frames {
        let n = f
            .lines
            .iter()
            .filter(|l| l.starts_with("event=landed"))
            .count();
        assert_eq!(f.landings, n, "each landing's sound on its own frame");
    }
}
