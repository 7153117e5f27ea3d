//! End-to-end: the game started the way the Homebrew Channel starts it, as far as Dolphin can
//! imitate the loader. Dolphin direct-boots a .dol with its own VI preset, so the loader path
//! of the video detection never runs there; the `hbc-state` test build writes the VI state HBC
//! leaves on a 480p console before the game looks at it (blanked by `VIDEO_SetBlack`: VTR.ACV
//! = 0, VICLK = 54 MHz, DCR = NIN|ENB; libogc video.c), and the real detection and VI re-init
//! run end to end, with Dolphin's real XFB (the dump is what the VI registers scan out). Built
//! here unless `$SENAS_HBC_DOL` names the .dol.

use dolphin_harness::{wii_dol, Dolphin, Run, WiiProgram};
use std::sync::OnceLock;

fn hbc_run() -> &'static Run {
    static RUN: OnceLock<Run> = OnceLock::new();
    RUN.get_or_init(|| {
        let dol = wii_dol(
            "SENAS_HBC_DOL",
            &WiiProgram {
                select: &["--bin", "senas-senet", "--features", "hbc-state"],
                elf: "senas-senet",
                name: "senas-senet-hbc",
            },
        );
        Dolphin::new(dol)
            .name("loader-hbc")
            .seconds(40.0)
            .until("event=frame n=120")
            // Real XFB: the re-initialised VI's framebuffer registers are what the dump shows
            // (`GFX.ini [Hacks] XFBToTextureEnable = False`; audit 2, section E).
            .ini("GFX.ini", "Hacks", "XFBToTextureEnable", "False")
            .ini("GFX.ini", "Hacks", "ImmediateXFBEnable", "False")
            // The console's settings: interlaced, EURGB60 (what the game must switch to).
            .arg("-C")
            .arg("SYSCONF.IPL.PGS=False")
            .arg("-C")
            .arg("SYSCONF.IPL.E60=True")
            .run()
            .unwrap_or_else(|e| panic!("Dolphin run failed: {e}"))
    })
}

#[test]
fn the_boot_line_reports_480p_detected_from_hbcs_blanked_vi() {
    let run = hbc_run();
    let boot = run
        .event("boot")
        .unwrap_or_else(|| panic!("no boot line\n{}", run.report()));
    // ACV is 0, so the old VTR.ACV rule said ntsc480i/pal60 here; VICLK + DCR.NIN say 480p.
    assert_eq!(boot.get("video"), Some("480p"), "{}", run.report());
}

#[test]
fn readable_sysconf_then_decides_the_mode_and_the_vi_is_reprogrammed() {
    let run = hbc_run();
    let video = run
        .event("video")
        .unwrap_or_else(|| panic!("no event=video line\n{}", run.report()));
    assert_eq!(video.get("loader"), Some("480p"), "{}", run.report());
    assert_eq!(video.get("source"), Some("sysconf"), "{}", run.report());
    // IPL.PGS is off: interlaced; IPL.E60 on a PAL Dolphin: PAL60 (NTSC Dolphin: ntsc480i).
    let mode = video.get("mode").unwrap_or("?");
    assert!(
        mode == "pal60" || mode == "ntsc480i",
        "mode={mode}\n{}",
        run.report()
    );
    // The re-programmed VI keeps presenting at vsync pace.
    let frames = run.events("frame");
    let last = frames
        .last()
        .unwrap_or_else(|| panic!("no frame lines\n{}", run.report()));
    let fps: u32 = last
        .get("fps_x100")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    assert!(
        (5800..=6100).contains(&fps),
        "fps_x100={fps}\n{}",
        run.report()
    );
    assert_eq!(last.get("missed_vsyncs"), Some("0"), "{}", run.report());
    let frame = run.last_frame().expect("a frame dump");
    let lit = (0..480)
        .step_by(8)
        .flat_map(|y| (0..640).step_by(8).map(move |x| (x, y)))
        .filter(|&(x, y)| frame.game_pixel(x, y).iter().any(|&c| c > 40))
        .count();
    assert!(
        lit > 100,
        "the title screen is not on the frame ({lit} lit samples)"
    );
}

#[test]
fn the_ios_port_keeps_the_irq_enables_hbc_leaves_in_ppcctrl() {
    // HBC's libogc leaves PPCCTRL with IY1|IY2 (libogc ipc.c writes 0x38); its reload stub
    // waits on (ctrl & 0x22) == 0x22 (hbc stub/ios.c), so the game must keep them.
    let run = hbc_run();
    let port = run
        .event("ios_port")
        .unwrap_or_else(|| panic!("no event=ios_port line\n{}", run.report()));
    assert_eq!(port.get("irq_enables_loader"), Some("0x30"), "{port:?}");
    assert_eq!(port.get("irq_enables"), Some("0x30"), "{port:?}");
    let last = run
        .events("frame")
        .into_iter()
        .last()
        .unwrap_or_else(|| panic!("no frame lines\n{}", run.report()));
    assert!(last.num::<u32>("n").unwrap_or(0) >= 120, "{last:?}");
}
