//! End-to-end: the GPU-hang guard. The `gx-hang` test build reports every draw-done as timed
//! out (what a hung GP looks like to the game); after three in a row the game must abort the
//! GP, log `event=gx_fallback` once, and go on showing the game through the soft renderer at
//! vsync pace instead of a black screen. Built here unless `$SENAS_GX_HANG_DOL` is set.

use dolphin_harness::{wii_dol, Dolphin, WiiProgram};

#[test]
fn a_hung_gpu_falls_back_to_the_soft_renderer_and_the_game_stays_visible() {
    let dol = wii_dol(
        "SENAS_GX_HANG_DOL",
        &WiiProgram {
            select: &["--bin", "senas-senet", "--features", "gx-hang"],
            elf: "senas-senet",
            name: "senas-senet-gx-hang",
        },
    );
    let run = Dolphin::new(dol)
        .name("gx-fallback")
        .seconds(60.0)
        .until("event=frame n=120")
        .run()
        .unwrap_or_else(|e| panic!("Dolphin run failed: {e}"));
    let fallbacks = run.events("gx_fallback");
    assert_eq!(fallbacks.len(), 1, "{}", run.report());
    assert_eq!(fallbacks[0].get("timeouts"), Some("3"), "{}", run.report());
    // The three stuck frames were reported; no GPU frame after the fallback.
    let problems = run.events("frame_problem");
    assert_eq!(problems.len(), 3, "{}", run.report());
    let frames = run.events("frame");
    assert!(
        frames.iter().any(|f| f.get("n") == Some("120")),
        "the game kept presenting frames\n{}",
        run.report()
    );
    let frame = run.last_frame().expect("a frame dump");
    let lit = (0..480)
        .step_by(8)
        .flat_map(|y| (0..640).step_by(8).map(move |x| (x, y)))
        .filter(|&(x, y)| frame.game_pixel(x, y).iter().any(|&c| c > 40))
        .count();
    assert!(
        lit > 100,
        "the soft renderer's title is not on the frame ({lit} lit samples)\n{}",
        run.report()
    );
}
