//! The review followed during the match (issue 27 part 5, in spare frame time: `app::review::live`)
//! through the app as a player plays: senas matches of a scripted person against the computer,
//! some saved at a turn boundary half-way and continued in a fresh app from the save (through
//! the real format), played to the winner's screen. The review's work was done during the match
//! (what is left at its end is a small part), it is complete within a few frames of the winner's
//! screen, and its figures are exactly those of the same review code run at once over the
//! match's log (what `arena analyze` runs over the record). Prints the work during and after.

mod app_support;

use app_support::{click_first_senas_sub_move, start_match, Harness};
use senas_senet::app::review::walk::{MatchReview, Status};
use senas_senet::app::review::SENAS_UNITS_PER_FRAME;
use senas_senet::app::senas::Phase;
use senas_senet::app::{AppScratch, Buttons, Config, Controller, GameKind, SceneKind};
use senas_senet::save::{self, Kind, SavedMatch};

/// One frame-step of the person (player 1): confirms a complete part, else plays its first
/// legal sub-move; `false` once the match is over (or gone).
fn person_step(h: &mut Harness) -> bool {
    let Some(m) = h.app.senas() else {
        return false;
    };
    if m.phase() == Phase::Over {
        return false;
    }
    match (m.mover(), m.phase()) {
        (Controller::Human(0), Phase::Human) if m.awaiting_confirm() => h.press(0, Buttons::A),
        (Controller::Human(0), Phase::Human) => click_first_senas_sub_move(h),
        _ => h.idle(1),
    }
    true
}

/// Plays on until the `n`-th save point (`Some`: the encoded save then) or the winner's screen.
fn play(h: &mut Harness, save_at: Option<usize>) -> Option<Vec<u8>> {
    let mut seen = 0;
    for _ in 0..200_000 {
        if h.app.scene() == SceneKind::Winner {
            return None;
        }
        if !person_step(h) {
            h.idle(1);
        }
        if h.app.take_save_point() {
            seen += 1;
            if Some(seen) == save_at {
                let snap = h.app.snapshot().expect("a match at a boundary");
                let mut buf = vec![0u8; save::MATCH_BYTES];
                let n =
                    save::encode_with(Kind::Match, 1, &mut buf, |w| snap.write(w)).expect("fits");
                buf.truncate(n);
                return Some(buf);
            }
        }
    }
    panic!("the match did not end");
}

fn continue_in_a_new_app(bytes: &[u8], seed: u64) -> Harness {
    let env = save::decode(bytes, Kind::Match).expect("valid record");
    let m = SavedMatch::decode(&env).expect("valid match");
    let mut h = Harness::new(Config::new(seed));
    assert!(h.app.offer_continue(&m));
    h.press(0, Buttons::A); // Play
    h.press(0, Buttons::A); // the focus is on Continue
    assert_eq!(h.app.scene(), SceneKind::Match);
    h
}

fn report(r: &MatchReview) -> String {
    let mut s = String::new();
    r.report(&mut s).expect("report");
    s
}

/// At the winner's screen: the review is done within a few frames, its figures are the review
/// at once over the match log, and most of its work was done during the match. Returns the
/// work units (during, after).
fn check_the_review(h: &mut Harness, what: &str) -> (u64, u64) {
    assert_eq!(h.app.scene(), SceneKind::Winner, "{what}");
    let mut frames = 0;
    while h
        .app
        .review()
        .is_some_and(|r| r.status() == Status::Working)
    {
        h.idle(1);
        frames += 1;
        assert!(frames < 2000, "{what}: the review ends");
    }
    let r = h.app.review().expect("a review");
    assert_eq!(r.status(), Status::Done, "{what}");
    let log = h.app.match_log().text().to_string();
    let first = h.app.first();
    let mut once = MatchReview::senas(first, [true, false]);
    let scratch = AppScratch::init_in(Box::leak(Box::new_uninit()));
    assert_eq!(once.run(&mut scratch.play, &log), Status::Done, "{what}");
    assert_eq!(
        report(r.walk()),
        report(&once),
        "{what}: followed during the match or at once, the same figures"
    );
    let s = r.walk().summary(0);
    assert!(
        s.luck_ready && s.throws > 5 && s.choices > 5,
        "{what}: {s:?}"
    );
    let (during, total) = (r.match_work(), r.walk().work());
    let after = total - during;
    assert!(
        after * 10 <= total,
        "{what}: {after} of {total} work units were left for the winner's screen"
    );
    let line = h
        .log
        .0
        .iter()
        .find(|l| l.starts_with("event=review game=senas"))
        .unwrap_or_else(|| panic!("{what}: the review's line"));
    assert!(line.contains(&format!(" match_work={during} ")), "{line}");
    let lines: Vec<&str> = h
        .log
        .0
        .iter()
        .filter_map(|l| l.strip_prefix("event=review_line "))
        .collect();
    assert_eq!(
        lines.join("\n") + "\n",
        report(&once),
        "{what}: the log's review lines are the report"
    );
    println!(
        "{what}: {} turns, work {during} units during the match, {after} after it ({frames} \
         frames of {SENAS_UNITS_PER_FRAME})",
        r.walk().turns()
    );
    (during, after)
}

#[test]
fn the_senas_review_is_worked_out_during_the_match_and_equals_the_review_at_once() {
    for seed in [5, 8, 13] {
        let mut h = Harness::new(Config::new(seed));
        start_match(&mut h, GameKind::Senas, 5); // Computer: Easy
        assert!(play(&mut h, None).is_none());
        check_the_review(&mut h, &format!("seed {seed}"));
    }
}

#[test]
fn a_senas_match_saved_half_way_and_continued_gives_the_same_review() {
    for seed in [6, 9] {
        let mut a = Harness::new(Config::new(seed));
        start_match(&mut a, GameKind::Senas, 5);
        let bytes = play(&mut a, Some(20)).expect("a save point half-way");
        let mut b = continue_in_a_new_app(&bytes, seed + 100);
        assert!(play(&mut b, None).is_none());
        check_the_review(&mut b, &format!("seed {seed}, continued"));
        // The first app plays on to its own end too: the same review as ever.
        assert!(play(&mut a, None).is_none());
        check_the_review(&mut a, &format!("seed {seed}, not stopped"));
    }
}
