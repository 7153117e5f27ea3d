//! End to end with Dolphin's real XFB (`GFX.ini [Hacks] XFBToTextureEnable = False`): EFB
//! copies are written to emulated RAM and scanned out through the VI registers the game
//! programs (framebuffer bases, stride, width), instead of being handed to the screen as a
//! texture, so a wrong XFB address or stride shows in the dump. The title screen, copied by GX
//! into the game's XFB, must match its soft render as in `boot.rs` (audit 2, section E).

use dolphin_harness::{game_dol, Dolphin, Frame};
use senas_senet::app::AppScratch;
use senas_senet::app::{App, Config};
use senas_senet::gfx::soft::{SoftRenderer, FRAME_BYTES};
use senas_senet::gfx::{palette, Aspect, DrawList};

/// As `boot.rs`: RGB -> YUV 4:2:2 -> RGB and Dolphin's resampling blur edges.
const PIXEL_TOLERANCE: u8 = 24;
const MIN_MATCHING: f64 = 0.97;
const MAX_MEAN: f64 = 3.0;

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

/// Boots with the real XFB (and the extra `-C` settings), checks the mode the game chose and
/// compares the last frame with the soft title; the dump is saved as `target/screens/NAME.png`.
fn title_through_the_real_xfb(name: &str, sysconf: &[&str], mode: &str) {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let mut d = Dolphin::new(dol)
        .name(name)
        .seconds(40.0)
        .ini("GFX.ini", "Hacks", "XFBToTextureEnable", "False")
        .ini("GFX.ini", "Hacks", "ImmediateXFBEnable", "False")
        .until("event=frame n=180");
    for c in sysconf {
        d = d.arg("-C").arg(c);
    }
    let run = d
        .run()
        .unwrap_or_else(|e| panic!("Dolphin run failed: {e}"));
    let video = run
        .event("video")
        .unwrap_or_else(|| panic!("no event=video\n{}", run.report()));
    assert_eq!(video.get("mode"), Some(mode), "{}", video.line);
    let dump = run
        .last_frame()
        .unwrap_or_else(|e| panic!("{e}\n{}", run.report()))
        .to_game_size();
    let aspect = match run
        .event("settings")
        .and_then(|e| e.get("aspect").map(str::to_owned))
    {
        Some(a) if a == "16:9" => Aspect::Wide,
        _ => Aspect::Standard,
    };
    let soft = Frame {
        width: 640,
        height: 480,
        rgba: soft_title(aspect),
    };
    let d = dump
        .diff(&soft, PIXEL_TOLERANCE)
        .expect("the dump is rescaled to 640x480");
    let (mean, share) = (d.mean, d.share_within());
    let screens = dolphin_harness::target_dir().join("screens");
    std::fs::create_dir_all(&screens).expect("target/screens");
    dump.save_png(&screens.join(format!("e2e_{name}.png")))
        .expect("save dump");
    eprintln!(
        "{name}: mean diff {mean:.3}, {:.2} % of pixels within {PIXEL_TOLERANCE}",
        share * 100.0
    );
    assert!(
        mean <= MAX_MEAN && share >= MIN_MATCHING,
        "the real-XFB title ({mode}) differs from the soft render (mean {mean:.3}, {:.2} % within)\n{}",
        share * 100.0,
        run.report()
    );
}

#[test]
fn the_title_scanned_out_of_the_games_xfb_matches_the_soft_render() {
    // Dolphin's direct boot is a PAL console with EURGB60 on: PAL60 (NTSC timings).
    title_through_the_real_xfb("real_xfb", &[], "pal60");
}

#[test]
fn in_576i_the_title_scanned_out_of_the_games_xfb_matches_the_soft_render() {
    // EURGB60 off: the game drives 576i (50 Hz, 574 lines), its 480-line XFB scanned out.
    title_through_the_real_xfb("real_xfb_576i", &["SYSCONF.IPL.E60=False"], "pal576i");
}
