//! The review over a senas match log as the game writes it (issue 27 part 5): the log of a
//! demo match played by the app (side 0 the Normal computer, the coach's own evaluator, so its
//! every turn is the best; side 1 Easy) is reviewed with both sides counted as people, over
//! frames of the no-clock allowance: the figures are ready before the luck (the first pass),
//! every turn line is judged, Normal's side has no mistake and full accuracy, and the figures
//! are the same as the review done at once. Prints the work and frames it took.

use senas_senet::ai::senas_game::SenasScratch;
use senas_senet::app::review::walk::{MatchReview, Status};
use senas_senet::app::review::SENAS_UNITS_PER_FRAME;
use senas_senet::app::{App, Config, GameKind, Input, NullLog, SceneKind};

/// The first demo match's log (Normal against Easy) and who threw first.
fn demo_log(seed: u64) -> (String, u8) {
    let scratch: &'static mut SenasScratch = Box::leak(Box::default());
    let mut config = Config::new(seed);
    config.demo = Some(GameKind::Senas);
    let mut app = Box::new(App::new(config, scratch));
    for _ in 0..900_000 {
        app.update(&Input::default(), &mut NullLog);
        if app.scene() == SceneKind::Winner {
            assert!(app.review().is_none(), "no review of a demo");
            return (app.match_log().text().to_string(), app.first());
        }
    }
    panic!("the demo did not finish");
}

fn report(r: &MatchReview) -> String {
    let mut s = String::new();
    r.report(&mut s).expect("report");
    s
}

#[test]
fn a_senas_log_is_reviewed_figures_first_then_luck_and_the_hints_side_has_no_mistake() {
    let (log, first) = demo_log(3);
    let mut scratch = Box::<SenasScratch>::default();
    let mut r = MatchReview::senas(first, [true, true]);
    let (mut frames, mut figures_at) = (0u32, None);
    let status = loop {
        frames += 1;
        match r.step(&mut scratch, &log, SENAS_UNITS_PER_FRAME) {
            Status::Working => {
                if r.figures_ready() && figures_at.is_none() {
                    assert!(!r.luck_ready());
                    figures_at = Some(frames);
                }
            }
            s => break s,
        }
    };
    assert_eq!(status, Status::Done);
    let turns = log.lines().filter(|l| l.starts_with("event=turn")).count() as u32;
    assert_eq!(r.turns(), turns, "every turn line judged");
    let figures_at = figures_at.expect("the figures before the luck");
    let normal = r.summary(0);
    assert!(normal.choices > 5, "{normal:?}");
    assert_eq!(
        (normal.mistakes, normal.blunders, normal.accuracy),
        (0, 0, 1000),
        "Normal plays the coach's best turn: {normal:?}"
    );
    assert!(normal.luck_ready && normal.throws > 0);
    let easy = r.summary(1);
    assert!(easy.choices > 5 && easy.mean_loss > 0, "{easy:?}");
    let mut once = MatchReview::senas(first, [true, true]);
    assert_eq!(once.run(&mut scratch, &log), Status::Done);
    assert_eq!(report(&once), report(&r), "sliced or at once, the same figures");
    println!(
        "senas demo: {turns} turns, figures after {figures_at} frames, luck after {frames} \
         frames of {SENAS_UNITS_PER_FRAME} units, {} work units\n{}",
        r.work(),
        report(&r)
    );
}
