//! Senet through the app with scripted people: a whole match between two remotes picking legal
//! and illegal targets (an illegal pick leaves the state unchanged and the frame shows the
//! engine's sentence), and a whole match against the computer.

mod app_support;

use app_support::{start_match, Harness, Lcg};
use senas_senet::app::senet::Phase;
use senas_senet::app::{Config, Controller, GameKind};
use senas_senet::games::senet::{check_move, Side};
use senas_senet::gfx::Rect;

fn square(h: &Harness, s: u8) -> Rect {
    app_support::senet_square(h, s)
}

#[derive(Default)]
struct Seen {
    wrong_distance: u32,
    no_own_piece: u32,
    moves: u32,
    captures: u32,
    backward: u32,
    passes: u32,
    water: u32,
}

fn step_person(h: &mut Harness, rng: &mut Lcg, seen: &mut Seen) -> bool {
    let Some(m) = h.app.senet() else {
        return false;
    };
    if m.phase() == Phase::Over {
        return false;
    }
    if matches!(m.phase(), Phase::Passing(_)) {
        if h.shows("the throw is lost") {
            seen.passes += 1;
        }
        h.idle(1);
        return true;
    }
    let Controller::Human(player) = m.mover() else {
        h.idle(1);
        return true;
    };
    let player = usize::from(player);
    if m.phase() != Phase::Human {
        h.idle(1);
        return true;
    }
    let pos = *m.position();
    let side = pos.side_to_move();
    let throw = m.throw().expect("thrown");
    let legal: std::vec::Vec<_> = m.legal().to_vec();
    assert!(!legal.is_empty() && !legal[0].is_pass());
    let mv = legal[rng.below(legal.len())];
    if mv.is_backward() {
        seen.backward += 1;
        assert!(h.shows("must go back"), "{}", h.screen_text());
    }
    // An opponent's square, before picking anything.
    if let (Some(s), 0) = (pos.squares(side.other()).next(), rng.below(3)) {
        h.click(player, square(h, s));
        let m = h.app.senet().expect("match");
        assert_eq!((*m.position(), m.selected()), (pos, None));
        let want = std::format!("You have no piece on square {s}.");
        assert!(h.shows(&want), "want {want:?}: {}", h.screen_text());
        seen.no_own_piece += 1;
    }
    h.click(player, square(h, mv.from()));
    assert_eq!(h.app.senet().expect("match").selected(), Some(mv.from()));
    // A square at the wrong distance.
    let wrong = (1..=30u8).find(|&t| {
        t != mv.to()
            && t != mv.from()
            && pos.at(t).is_none()
            && check_move(&pos, throw, mv.from(), t).is_err()
    });
    if let (Some(t), 0) = (wrong, rng.below(2)) {
        let err = check_move(&pos, throw, mv.from(), t).expect_err("illegal");
        h.click(player, square(h, t));
        if seen.wrong_distance == 0 {
            h.save("app_senet_illegal_target");
        }
        let m = h.app.senet().expect("match");
        assert_eq!(*m.position(), pos, "an illegal target changes nothing");
        assert_eq!(m.selected(), Some(mv.from()));
        let want = std::format!("{err}");
        let first_words: std::string::String = want
            .split(' ')
            .take(5)
            .collect::<std::vec::Vec<_>>()
            .join(" ");
        assert!(h.shows(&first_words), "want {want:?}: {}", h.screen_text());
        seen.wrong_distance += 1;
    }
    let capture = !mv.is_pass() && pos.at(mv.to()) == Some(side.other());
    h.click(player, square(h, mv.to()));
    assert!(matches!(
        h.app.senet().expect("match").phase(),
        Phase::Moving { .. }
    ));
    if capture {
        assert!(h.shows("swap places"), "{}", h.screen_text());
        seen.captures += 1;
        if seen.captures == 1 {
            h.idle(8);
            h.save("app_senet_capture_swap");
        }
    }
    if mv.to() == 27 {
        assert!(h.shows("is the water"), "{}", h.screen_text());
        seen.water += 1;
    }
    seen.moves += 1;
    true
}

fn play_to_end(h: &mut Harness, seed: u64) -> Seen {
    let mut rng = Lcg(seed);
    let mut seen = Seen::default();
    for _ in 0..100_000 {
        if !step_person(h, &mut rng, &mut seen) {
            return seen;
        }
    }
    panic!("the match did not end");
}

#[test]
fn two_people_on_two_remotes_play_a_whole_senet_match() {
    let mut h = Harness::new(Config::new(77));
    h.connected = [true, true, false, false];
    start_match(&mut h, GameKind::Senet, 2);
    let seen = play_to_end(&mut h, 1);
    let m = h.app.senet().expect("senet");
    let w = m.winner().expect("winner");
    assert_eq!(m.position().borne_off(w), 5);
    assert!(h.log_has("event=win game=senet"));
    assert!(seen.wrong_distance > 0 && seen.no_own_piece > 0 && seen.captures > 0);
    h.idle(1);
    assert_eq!(
        h.app.scene(),
        senas_senet::app::SceneKind::Match,
        "the last move stays in view"
    );
    h.idle(130);
    let who = if w.index() == 0 {
        "Player 1 wins"
    } else {
        "Player 2 wins"
    };
    assert!(
        h.shows(who) && h.shows("pieces borne off"),
        "{}",
        h.screen_text()
    );
    h.save("app_senet_winner");
    println!(
        "senet 2 remotes: {} frames, {} moves, {} captures, {} backward, {} pass frames, {} water, {} wrong-distance refusals",
        h.app.frame(), seen.moves, seen.captures, seen.backward, seen.passes, seen.water, seen.wrong_distance
    );
}

#[test]
fn a_person_plays_senet_against_the_computer_to_the_end() {
    let mut h = Harness::new(Config::new(8));
    start_match(&mut h, GameKind::Senet, 0); // Computer: Normal
    let seen = play_to_end(&mut h, 5);
    assert!(h.app.senet().expect("senet").winner().is_some());
    assert!(h.log_has("by=cpu") && h.log_has("by=human"));
    let _ = Side::A;
    println!(
        "senet vs cpu: {} frames, {} moves",
        h.app.frame(),
        seen.moves
    );
}
