//! Demo mode (computer against computer, fast animations): both games run to the winner screen
//! and write their match log; the e2e test in Dolphin relies on this.

mod app_support;

use app_support::Harness;
use senas_senet::app::{Config, GameKind, SceneKind, DEMO_HARD_SEED};

fn run_demo(game: GameKind, seed: u64) -> Harness {
    let mut config = Config::new(seed);
    config.demo = Some(game);
    let mut h = Harness::new(config);
    h.connected = [false; 4];
    for _ in 0..200_000 {
        h.idle(1);
        if h.app.scene() == SceneKind::Winner {
            return h;
        }
    }
    panic!("demo {game:?} did not reach the winner screen");
}

#[test]
fn a_senas_demo_match_reaches_the_winner_screen() {
    let h = run_demo(GameKind::Senas, 7);
    assert!(h.log_has("event=win game=senas"));
    let m = h.app.senas().expect("senas match");
    assert_eq!(m.position().off(m.winner().expect("winner")), 15);
    let w = if m.winner() == Some(senas_senet::games::senas::Side::White) {
        "White wins"
    } else {
        "Black wins"
    };
    assert!(h.shows(w), "{}", h.screen_text());
    assert!(h.shows("15 - "), "{}", h.screen_text());
    assert!(h.shows(" turns in "), "{}", h.screen_text());
    assert!(h.app.match_log().lines() > 20);
    h.save("app_senas_demo_winner");
    println!(
        "senas demo: {} frames, {} log lines",
        h.app.frame(),
        h.app.match_log().lines()
    );
}

#[test]
fn a_senet_demo_match_reaches_the_winner_screen() {
    let h = run_demo(GameKind::Senet, 11);
    assert!(h.log_has("event=win game=senet"));
    let m = h.app.senet().expect("senet match");
    assert_eq!(m.position().borne_off(m.winner().expect("winner")), 5);
    assert!(h.shows(" win "), "{}", h.screen_text());
    assert!(h.shows("5 - "), "{}", h.screen_text());
    println!(
        "senet demo: {} frames, {} log lines",
        h.app.frame(),
        h.app.match_log().lines()
    );
}

#[test]
fn the_hard_demo_seed_plays_gift_parts_and_five_sub_move_rolls_early() {
    // The e2e frame test (tools/dolphin-harness/tests/ai_frames.rs) runs the `demo-hard` build
    // (this seed, Hard against Normal) for a short while and needs gift parts and five-sub-move
    // rolls among its first decisions (`event=decision ` lines: `event=decision_position` is the
    // same decision's position).
    let mut config = Config::new(DEMO_HARD_SEED);
    config.demo = Some(GameKind::Senas);
    config.demo_level = senas_senet::ai::Level::Hard;
    let mut h = Harness::new(config);
    h.connected = [false; 4];
    let decisions = |h: &Harness| {
        h.log
            .0
            .iter()
            .filter(|l| l.contains("event=decision "))
            .count()
    };
    while decisions(&h) < 24 {
        h.idle(1);
        assert!(h.app.frame() < 50_000, "no decisions");
    }
    let count = |s: &str| h.log.0.iter().filter(|l| l.contains(s)).count();
    assert!(h.log_has("levels=hard-normal"));
    let gifts = count("by=cpu part=gift");
    let fives = h
        .log
        .0
        .iter()
        .filter(|l| l.contains("event=roll"))
        .filter(|l| {
            l.split("moves=")
                .nth(1)
                .is_some_and(|m| m.split(',').count() >= 5)
        })
        .count();
    assert!(
        gifts >= 3 && fives >= 3,
        "{gifts} gift parts, {fives} five-sub-move rolls"
    );
}
