//! The review over a senas match log as the game writes it (issue 27 part 5): the log of a
//! demo match played by the app (side 0 the Normal computer, the coach's own evaluator, so its
//! every turn is the best; side 1 Easy) is reviewed with both sides counted as people, over
//! frames of the no-clock allowance: the figures are ready before the luck (the first pass),
//! every turn line is judged, Normal's side has no mistake and full accuracy, and the figures
//! are the same as the review done at once. Prints the work and frames it took.

use senas_senet::ai::senas_game::SenasScratch;
use senas_senet::app::review::walk::{MatchReview, Status};
use senas_senet::app::review::SENAS_UNITS_PER_FRAME;
use senas_senet::app::{App, AppScratch, Config, GameKind, Input, NullLog, SceneKind};

/// A senas scratch built in place on the heap (over a megabyte: never on a test's stack).
fn scratch() -> &'static mut SenasScratch {
    let slot = Box::leak(Box::new(std::mem::MaybeUninit::<SenasScratch>::uninit()));
    SenasScratch::init_in(slot)
}

/// The first demo match's log (Normal against Easy) and who threw first.
fn demo_log(seed: u64) -> (String, u8) {
    let scratch = AppScratch::init_in(Box::leak(Box::new_uninit()));
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
    let scratch = scratch();
    let mut r = MatchReview::senas(first, [true, true]);
    let (mut frames, mut figures_at) = (0u32, None);
    let status = loop {
        frames += 1;
        let before = r.work();
        let step = r.step(scratch, &log, SENAS_UNITS_PER_FRAME);
        // A frame's work stays within its allowance (a paused generation counts whole).
        assert!(
            r.work() - before <= SENAS_UNITS_PER_FRAME + 1,
            "frame {frames}: {} units",
            r.work() - before
        );
        match step {
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
    assert_eq!(once.run(scratch, &log), Status::Done);
    assert_eq!(
        report(&once),
        report(&r),
        "sliced or at once, the same figures"
    );
    println!(
        "senas demo: {turns} turns, figures after {figures_at} frames, luck after {frames} \
         frames of {SENAS_UNITS_PER_FRAME} units, {} work units\n{}",
        r.work(),
        report(&r)
    );
}

#[test]
fn a_senas_worst_decision_is_drawn_on_the_board_inside_its_area_in_both_shapes() {
    use senas_senet::app::review::board;
    use senas_senet::app::review::BOARD;
    use senas_senet::gfx::{Aspect, DrawList, Item, Rgba, SoftRenderer};
    let (log, first) = demo_log(3);
    let scratch = scratch();
    let mut r = MatchReview::senas(first, [true, true]);
    assert_eq!(r.run(scratch, &log), Status::Done);
    let d = r.decision(1, 0).expect("Easy's worst decision");
    assert!(matches!(d, board::Decision::Senas(_)));
    for aspect in [Aspect::Standard, Aspect::Wide] {
        let mut list = Box::new(DrawList::new(Rgba::BLACK));

        board::draw(&mut list, aspect, BOARD, d);
        let mut fills = 0;
        for i in list.items() {
            if let Item::Fill { rect, .. } | Item::Sprite { rect, .. } = i {
                fills += 1;
                assert!(
                    rect.x >= BOARD.x - 8 && rect.right() <= BOARD.right() + 8,
                    "{aspect:?}: {rect:?} beside {BOARD:?}"
                );
            }
        }
        assert!(fills > 24, "the board's holes and pieces");
        let mut frame = vec![0u8; senas_senet::gfx::soft::FRAME_BYTES];
        SoftRenderer::new().render(&list, &mut frame);
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screens");
        std::fs::create_dir_all(&dir).expect("screens dir");
        let file =
            std::fs::File::create(dir.join(format!("app_review_senas_board_{aspect:?}.png")))
                .expect("png");
        let mut enc = png::Encoder::new(
            std::io::BufWriter::new(file),
            senas_senet::gfx::soft::WIDTH as u32,
            senas_senet::gfx::soft::HEIGHT as u32,
        );
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        enc.write_header()
            .expect("header")
            .write_image_data(&frame)
            .expect("data");
    }
}

/// The log as the match writes it: the review follows each longer prefix (a line more at a
/// time, `units` of work a frame, a few frames a line), then finishes at the match's end; the
/// figures are those of the review at once, whoever the people are.
fn followed(log: &str, first: u8, people: [bool; 2], units: u64) -> (MatchReview, u64) {
    let scratch = scratch();
    let mut r = MatchReview::senas(first, people);
    let mut end = 0;
    for line in log.split_inclusive('\n') {
        end += line.len();
        for _ in 0..3 {
            let s = r.follow(scratch, &log[..end], units);
            assert!(!matches!(s, Status::Failed(_)), "{s:?} at {line}");
        }
    }
    let during = r.work();
    assert_eq!(r.run(scratch, log), Status::Done);
    (r, during)
}

#[test]
fn a_senas_review_followed_line_by_line_during_the_match_equals_the_review_at_once() {
    for (seed, people, units) in [
        (3, [true, true], 4_000),
        (4, [true, false], 97),
        (5, [false, true], 1_000),
        (6, [true, false], 20_000),
    ] {
        let (log, first) = demo_log(seed);
        let scratch = scratch();
        let mut once = MatchReview::senas(first, people);
        assert_eq!(once.run(scratch, &log), Status::Done);
        let (r, during) = followed(&log, first, people, units);
        assert_eq!(
            report(&r),
            report(&once),
            "seed {seed} {people:?}, {units} units a frame"
        );
        assert_eq!(r.turns(), once.turns());
        println!(
            "seed {seed} {people:?}: {} of {} work units while following ({units} a frame, 3 \
             frames a line)",
            during,
            r.work()
        );
    }
}
