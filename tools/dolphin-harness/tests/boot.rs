//! End-to-end: the real .dol boots in Dolphin, says who it is over the USB Gecko, shows the
//! title screen's colours where the game puts them, and keeps presenting frames at vsync pace.
//! One Dolphin run is shared by the tests in this file.

use dolphin_harness::{color_distance, game_dol, Dolphin, Frame, Run};
use senas_senet::wii::splash;
use std::sync::OnceLock;

/// Per-channel tolerance for colours that went RGB -> YUV 4:2:2 -> Dolphin -> RGB PNG.
const TOLERANCE: u8 = 12;
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

fn centre(r: (i32, i32, u32, u32)) -> (u32, u32) {
    ((r.0 + r.2 as i32 / 2) as u32, (r.1 + r.3 as i32 / 2) as u32)
}

fn rgb(c: embedded_graphics::pixelcolor::Rgb888) -> [u8; 3] {
    use embedded_graphics::pixelcolor::RgbColor;
    [c.r(), c.g(), c.b()]
}

fn assert_colour(run: &Run, frame: &Frame, at: (u32, u32), want: [u8; 3], what: &str) {
    let got = frame.game_pixel(at.0, at.1);
    assert!(
        color_distance(got, want) <= TOLERANCE,
        "{what} at {at:?}: got {got:?}, want {want:?}\n{}",
        run.report()
    );
}

/// Left edge of the marker in a frame (game coordinates), if visible.
fn marker_left(frame: &Frame) -> Option<u32> {
    let y = (splash::MARKER_Y + splash::MARKER_SIZE as i32 / 2) as u32;
    (0..640).find(|&x| color_distance(frame.game_pixel(x, y), rgb(splash::MARKER)) <= TOLERANCE)
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
fn title_screen_shows_its_colours_at_known_places() {
    let run = boot_run();
    let frame = run
        .last_frame()
        .unwrap_or_else(|e| panic!("{e}\n{}", run.report()));
    assert_eq!(
        (frame.width, frame.height),
        (776, 480),
        "unexpected dump size"
    );
    assert_colour(
        run,
        &frame,
        centre(splash::SENAS_RECT),
        rgb(splash::SENAS_PANEL),
        "senas panel",
    );
    assert_colour(
        run,
        &frame,
        centre(splash::SENET_RECT),
        rgb(splash::SENET_PANEL),
        "senet panel",
    );
    assert_colour(
        run,
        &frame,
        (20, 150),
        rgb(splash::BACKGROUND),
        "background",
    );
    assert_colour(
        run,
        &frame,
        (320, 160),
        rgb(splash::BACKGROUND),
        "background between panels",
    );
    let band_y = (splash::BAND_RECT.1 + 4) as u32;
    assert_colour(
        run,
        &frame,
        (320, band_y),
        rgb(splash::BAND),
        "band above the marker",
    );
    let title_whites = (60..150u32)
        .flat_map(|y| (0..640u32).map(move |x| (x, y)))
        .filter(|&(x, y)| frame.game_pixel(x, y).iter().all(|&c| c > 220))
        .count();
    assert!(
        title_whites > 1500,
        "title text missing: {title_whites} white pixels"
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
    let early = run
        .frame(run.frames.len() / 3)
        .expect("an early frame decodes");
    let late = run.last_frame().expect("a late frame decodes");
    let (a, b) = (marker_left(&early), marker_left(&late));
    assert!(
        a.is_some() && b.is_some() && a != b,
        "marker did not move: {a:?} -> {b:?}\n{}",
        run.report()
    );
}
