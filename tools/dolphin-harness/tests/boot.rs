//! End-to-end: the real .dol boots in Dolphin, says who it is over the USB Gecko, shows the
//! app's title screen through GX exactly as the soft renderer draws it on the host, and keeps
//! presenting frames at vsync pace. One Dolphin run is shared by the tests in this file.

use dolphin_harness::{game_dol, Dolphin, Frame, Run};
use senas_senet::app::AppScratch;
use senas_senet::app::{App, Config};
use senas_senet::gfx::soft::{SoftRenderer, FRAME_BYTES};
use senas_senet::gfx::{palette, Aspect, DrawList};
use std::sync::OnceLock;

/// Per-channel difference a pixel may have and still count as equal (RGB -> YUV 4:2:2 -> RGB
/// plus Dolphin's 640 -> 776 -> 640 horizontal resampling blur edges), as in tests/gx.rs.
const PIXEL_TOLERANCE: u8 = 24;
/// Share of pixels that must be within the tolerance.
const MIN_MATCHING: f64 = 0.97;
/// Largest mean per-channel difference over the frame.
const MAX_MEAN: f64 = 3.0;
const VIDEO_MODES: [&str; 4] = ["ntsc480i", "pal60", "pal576i", "480p"];

fn boot_run() -> &'static Run {
    static RUN: OnceLock<Run> = OnceLock::new();
    RUN.get_or_init(|| {
        let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
        let run = Dolphin::new(dol)
            .name("boot")
            .seconds(40.0)
            .until("event=frame n=240")
            .run()
            .unwrap_or_else(|e| panic!("Dolphin run failed: {e}"));
        eprintln!(
            "boot run: {} log lines, {} frames, first frame dump {:?} after launch, wall {:?}",
            run.gecko.len(),
            run.frames.len(),
            run.first_frame_after,
            run.wall_time
        );
        run
    })
}

/// The app's title screen (its first frame, the same for every seed) drawn by the soft renderer
/// in the picture shape the console's settings gave the game.
fn soft_title(aspect: Aspect) -> Vec<u8> {
    let scratch: &'static mut AppScratch = AppScratch::init_in(Box::leak(Box::new_uninit()));
    let mut config = Config::new(1);
    config.aspect = aspect;
    let app = App::new(config, scratch);
    let mut list = DrawList::new(palette::BACKGROUND);
    app.draw(&mut list);
    let mut frame = vec![0u8; FRAME_BYTES];
    SoftRenderer::new().render(&list, &mut frame);
    frame
}

/// (mean per-channel difference, share of pixels within tolerance) of a 640x480 dump against
/// the soft render's RGBA bytes (`Frame::diff`).
fn compare(dump: &Frame, soft: &[u8]) -> (f64, f64) {
    let soft = Frame {
        width: 640,
        height: 480,
        rgba: soft.to_vec(),
    };
    let d = dump
        .diff(&soft, PIXEL_TOLERANCE)
        .expect("the dump is rescaled to 640x480");
    (d.mean, d.share_within())
}

#[test]
fn boot_line_reports_the_version_and_the_video_mode() {
    let run = boot_run();
    let boot = run
        .event("boot")
        .unwrap_or_else(|| panic!("no event=boot line\n{}", run.report()));
    assert_eq!(
        boot.get("version"),
        Some(senas_senet::wii::VERSION),
        "{}",
        boot.line
    );
    let video = boot.get("video").unwrap_or("");
    assert!(
        VIDEO_MODES.contains(&video),
        "unknown video mode in {:?}",
        boot.line
    );
    assert!(
        run.dolphin_log.contains("Wii mode"),
        "Dolphin did not boot a Wii program\n{}",
        run.report()
    );
}

#[test]
fn title_screen_through_gx_matches_the_soft_render() {
    let run = boot_run();
    let frame = run
        .last_frame()
        .unwrap_or_else(|e| panic!("{e}\n{}", run.report()));
    assert_eq!(
        (frame.width, frame.height),
        dolphin_harness::DolphinVersion::from_env()
            .expect("SENAS_DOLPHIN")
            .frame_dump_size(),
        "unexpected dump size"
    );
    let dump = frame.to_game_size();
    let aspect = match run
        .event("settings")
        .and_then(|e| e.get("aspect").map(str::to_owned))
    {
        Some(a) if a == "16:9" => Aspect::Wide,
        _ => Aspect::Standard,
    };
    let soft = soft_title(aspect);
    let (mean, share) = compare(&dump, &soft);
    let screens = dolphin_harness::target_dir().join("screens");
    std::fs::create_dir_all(&screens).expect("target/screens");
    dump.save_png(&screens.join("e2e_title_gx.png"))
        .expect("save dump");
    eprintln!(
        "title: mean diff {mean:.3}, {:.2} % of pixels within {PIXEL_TOLERANCE}",
        share * 100.0
    );
    assert!(
        mean <= MAX_MEAN && share >= MIN_MATCHING,
        "GX title differs from the soft render (mean {mean:.3}, {:.2} % within)\n{}",
        share * 100.0,
        run.report()
    );
}

#[test]
fn frames_advance_at_vsync_pace() {
    let run = boot_run();
    let frames = run.events("frame");
    assert!(frames.len() >= 3, "too few frame lines\n{}", run.report());
    let counts: Vec<u32> = frames.iter().map(|e| e.num("n").unwrap_or(0)).collect();
    assert!(
        counts.windows(2).all(|w| w[1] > w[0]),
        "frame counter did not increase: {counts:?}"
    );
    for e in &frames[1..] {
        let fps: u32 = e.num("fps_x100").unwrap_or(0);
        assert!((4900..=6100).contains(&fps), "not vsync paced: {}", e.line);
        assert_eq!(e.num::<u32>("missed_vsyncs"), Some(0), "{}", e.line);
    }
    assert!(run.event("first_frame").is_some(), "{}", run.report());
    assert!(
        run.frames.len() >= 20,
        "only {} frame dumps",
        run.frames.len()
    );
}
