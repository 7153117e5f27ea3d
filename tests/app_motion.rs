//! Motion (issue 28, part 3): a move's piece glides over its frames, eased (slow at the start
//! and the landing, fast midway) and never teleports; "Animations: Fast" (HOME menu) makes
//! every glide shorter but still a glide, and changes neither the match nor the log's order
//! of moves; the setting is saved.

mod app_support;

use app_support::{senet_square, start_match, Harness};
use senas_senet::app::senet::Phase;
use senas_senet::app::{Animations, Buttons, Config, Controller, GameKind, Pointer, SceneKind};
use senas_senet::gfx::{AssetId, Item, Rect};

/// The last senet piece sprite of the frame (the piece in flight is drawn after the board).
fn last_piece(h: &Harness) -> Option<Rect> {
    h.list
        .items()
        .filter_map(|i| match i {
            Item::Sprite {
                asset: AssetId::Cone | AssetId::Spool,
                rect,
                ..
            } => Some(rect),
            _ => None,
        })
        .last()
}

/// A senet match against the computer at `speed`, the person always playing its first legal
/// move, for `frames` frames: each computer glide's drawn rects frame by frame, and the log's
/// throws and turns in order.
fn play(speed: Animations, frames: usize) -> (Vec<Vec<Rect>>, Vec<String>) {
    let mut h = Harness::new(Config::new(11));
    h.app.set_settings(senas_senet::app::Settings {
        animations: speed,
        ..h.app.settings()
    });
    start_match(&mut h, GameKind::Senet, 5);
    let mut glides: Vec<Vec<Rect>> = Vec::new();
    let mut gliding = false;
    for _ in 0..frames {
        if h.app.scene() != SceneKind::Match {
            break;
        }
        let m = h.app.senet().expect("a senet match");
        let human = m.mover() == Controller::Human(0);
        if m.winner().is_none() && m.phase() == Phase::Human && human {
            let mv = m.legal()[0];
            let (a, b) = (senet_square(&h, mv.from()), senet_square(&h, mv.to()));
            for (r, press) in [(a, true), (a, false), (b, true), (b, false)] {
                let (x, y) = r.center();
                h.pointers[0] = Some(Pointer::new(x, y));
                h.frame_with(0, if press { Buttons::A } else { Buttons::NONE });
            }
            gliding = false;
            continue;
        }
        h.idle(1);
        let m = h.app.senet().expect("a senet match");
        let cpu_glide = matches!(m.phase(), Phase::Moving { stage: 0, .. })
            && m.mover() != Controller::Human(0);
        match (cpu_glide, gliding) {
            (true, false) => glides.push(vec![last_piece(&h).expect("the piece in flight")]),
            (true, true) => glides
                .last_mut()
                .expect("a glide")
                .push(last_piece(&h).expect("the piece in flight")),
            _ => {}
        }
        gliding = cpu_glide;
    }
    let moves = h
        .log
        .0
        .iter()
        .filter(|l| l.starts_with("event=turn ") || l.starts_with("event=throw "))
        .cloned()
        .collect();
    (glides, moves)
}

fn dist(a: Rect, b: Rect) -> i32 {
    (i32::from(a.x) - i32::from(b.x)).abs() + (i32::from(a.y) - i32::from(b.y)).abs()
}

/// Checks one glide: drawn at intermediate places on most of its frames (never a jump from
/// start to end), eased (its first step shorter than its middle step).
fn assert_glides(g: &[Rect], what: &str) {
    let (first, last) = (g[0], *g.last().expect("frames"));
    let between = g
        .iter()
        .filter(|&&r| dist(r, first) > 2 && dist(r, last) > 2)
        .count();
    assert!(
        between * 2 >= g.len() - 2,
        "{what}: {between} intermediate of {} frames: {g:?}",
        g.len()
    );
    let steps: Vec<i32> = g.windows(2).map(|w| dist(w[0], w[1])).collect();
    let mid = steps[steps.len() / 2];
    assert!(
        steps[0] < mid,
        "{what}: eased, the first step {} below the middle one {mid}: {steps:?}",
        steps[0]
    );
}

#[test]
fn computer_moves_glide_eased_and_fast_animations_are_shorter_glides_of_the_same_match() {
    let (normal, normal_moves) = play(Animations::Normal, 2500);
    let (fast, fast_moves) = play(Animations::Fast, 2500);
    assert!(
        normal.len() >= 4 && fast.len() >= 4,
        "{} {}",
        normal.len(),
        fast.len()
    );
    for g in normal.iter().take(4) {
        assert!(
            g.len() >= 30,
            "a normal computer glide lasts {} frames",
            g.len()
        );
        assert_glides(g, "normal");
    }
    for g in fast.iter().take(4) {
        assert!(
            (5..=20).contains(&g.len()),
            "a fast glide lasts {} frames",
            g.len()
        );
        assert_glides(g, "fast");
    }
    // The same moves in the same order: the faster match only got further.
    let n = normal_moves.len().min(fast_moves.len());
    assert!(n >= 10, "{n} moves compared");
    assert_eq!(normal_moves[..n], fast_moves[..n]);
    assert!(
        fast_moves.len() > normal_moves.len(),
        "fast plays more moves in the same frames"
    );
}
