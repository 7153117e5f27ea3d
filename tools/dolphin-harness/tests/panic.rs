//! End-to-end: the deliberate-panic build (feature `deliberate-panic`) logs the panic message
//! and location over the USB Gecko and shows the error screen instead of hanging silently.
//!
//! Dolphin 2503 is not in this file's gate: it writes a frame dump only at an EFB-to-XFB copy
//! or at an orderly shutdown (`VideoCommon/FrameDumper.cpp` flushes its readback on
//! `AfterFrameEvent`, which `BPStructs.cpp` triggers at an XFB copy), and the error page is
//! drawn by the CPU with no copy after it, so its PNG is never written (docs/testing.md).

use dolphin_harness::{color_distance, game_dol, Dolphin};
use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use senas_senet::wii::error_screen;
use std::time::Duration;

fn rgb(c: Rgb888) -> [u8; 3] {
    [c.r(), c.g(), c.b()]
}

#[test]
fn a_panic_logs_its_message_and_location_and_shows_the_error_screen() {
    let dol =
        game_dol("SENAS_PANIC_DOL", "senas-senet-panic.dol").unwrap_or_else(|e| panic!("{e}"));
    let run = Dolphin::new(dol)
        .name("panic")
        .dump_audio()
        .run_with(|s| {
            s.wait_for_event("error_screen", Duration::from_secs(40))?;
            // Let Dolphin dump a few frames of the error page.
            s.sleep(Duration::from_secs(2));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let panic = run
        .event("panic")
        .unwrap_or_else(|| panic!("no event=panic\n{}", run.report()));
    assert_eq!(
        panic.get("msg"),
        Some("deliberate panic for the e2e test at frame 90"),
        "{}",
        panic.line
    );
    assert!(
        panic
            .get("at")
            .is_some_and(|at| at.starts_with("src/main.rs:")),
        "{}",
        panic.line
    );

    // Audit 2 N2: the audio DMA is stopped before anything else, so the error screen is not
    // accompanied by the audio ring's last 256 ms (8192 frames) looping. The title music plays
    // up to the panic; after it, no half second of sound repeats with the ring's period.
    let d = run
        .audio_dump()
        .unwrap_or_else(|e| panic!("{e}\n{}", run.report()));
    const RING: usize = 8192;
    let mut run_len = 0usize;
    let mut longest = 0usize;
    for i in RING..d.frames.len() {
        let f = d.frames[i];
        if f == d.frames[i - RING] && f != (0, 0) {
            run_len += 1;
            longest = longest.max(run_len);
        } else if f != d.frames[i - RING] {
            run_len = 0;
        }
    }
    assert!(
        d.frames.iter().any(|&f| f != (0, 0)),
        "the title music played before the panic ({})",
        d.path.display()
    );
    assert!(
        longest < 16_000,
        "{longest} frames repeat the audio ring after the panic ({})",
        d.path.display()
    );

    let frame = run
        .last_frame()
        .unwrap_or_else(|e| panic!("{e}\n{}", run.report()));
    let page = frame.game_pixel(600, 300);
    assert!(
        color_distance(page, rgb(error_screen::BACKGROUND)) <= 12,
        "page colour {page:?}\n{}",
        run.report()
    );
    let bar = frame.game_pixel(620, 30);
    assert!(
        color_distance(bar, rgb(error_screen::HEADING_BAR)) <= 12,
        "heading bar {bar:?}"
    );
    let text = (84..110u32)
        .flat_map(|y| (32..600u32).map(move |x| (x, y)))
        .filter(|&(x, y)| frame.game_pixel(x, y).iter().all(|&c| c > 200))
        .count();
    assert!(text > 300, "no readable message text ({text} white pixels)");
}
