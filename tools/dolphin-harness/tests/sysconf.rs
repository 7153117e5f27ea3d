//! End-to-end: the game reads the console's own settings from the NAND (SYSCONF through IOS
//! ISFS) in Dolphin and follows them. Dolphin keeps SYSCONF in its emulated NAND and writes
//! its `SYSCONF.*` settings there at boot; 5.0-17995 takes them from the command line as
//! `-C SYSCONF.IPL.AR=False` (not from Dolphin.ini); 2503 ignores that, and the harness writes
//! the same items into the run's NAND SYSCONF before it starts (src/sysconf_file.rs). Two
//! runs: widescreen on with
//! Spanish and interlaced, and widescreen off with English and progressive scan.
//!
//! Runs `settings-probe` (tools/wii-probes/src/bin/settings_probe.rs: reads SYSCONF at boot as the game will, logs `event=settings`
//! and the video mode the settings pick). It is built here unless `$SENAS_SETTINGS_DOL` names a
//! .dol: the game's Wii flags with `-p wii-probes --bin settings-probe`, then `elf2dol` into
//! `target/settings-probe.dol`. The read time (timebase ticks) is printed, not asserted.

use dolphin_harness::{wii_dol, Dolphin, Event, Run, WiiProgram};
use std::path::PathBuf;
use std::sync::OnceLock;

fn build_dol() -> PathBuf {
    static DOL: OnceLock<PathBuf> = OnceLock::new();
    DOL.get_or_init(|| {
        wii_dol(
            "SENAS_SETTINGS_DOL",
            &WiiProgram {
                select: &["-p", "wii-probes", "--bin", "settings-probe"],
                elf: "settings-probe",
                name: "settings-probe",
            },
        )
    })
    .clone()
}

/// One probe run with Dolphin's SYSCONF settings `sysconf` (`IPL.AR=False`, ...).
fn probe(name: &str, sysconf: &[&str]) -> Run {
    let mut d = Dolphin::new(build_dol())
        .name(name)
        .video_backend("Null")
        .seconds(40.0)
        .until("event=frame n=120");
    for s in sysconf {
        d = d.arg("-C").arg(&format!("SYSCONF.{s}"));
    }
    let run = d
        .run()
        .unwrap_or_else(|e| panic!("Dolphin run failed: {e}"));
    run
}

fn wide_run() -> &'static Run {
    static RUN: OnceLock<Run> = OnceLock::new();
    RUN.get_or_init(|| {
        probe(
            "sysconf-wide",
            &["IPL.AR=True", "IPL.LNG=4", "IPL.PGS=False", "IPL.E60=True"],
        )
    })
}

fn standard_run() -> &'static Run {
    static RUN: OnceLock<Run> = OnceLock::new();
    RUN.get_or_init(|| {
        probe(
            "sysconf-4x3",
            &[
                "IPL.AR=False",
                "IPL.LNG=1",
                "IPL.PGS=True",
                "IPL.E60=True",
                "BT.BAR=0",
                "BT.SENS=5",
                "BT.MOT=False",
            ],
        )
    })
}

fn settings(run: &Run) -> Event {
    let s = run
        .event("settings")
        .unwrap_or_else(|| panic!("no event=settings line\n{}", run.report()));
    eprintln!(
        "SYSCONF read at boot: {} timebase ticks; {}",
        s.get("ticks").unwrap_or("?"),
        s.line
    );
    assert_eq!(
        s.get("error"),
        None,
        "the probe could not read SYSCONF: {s:?}"
    );
    s
}

#[test]
fn with_dolphins_widescreen_on_the_game_reads_16_9() {
    let s = settings(wide_run());
    assert_eq!(s.get("aspect"), Some("16:9"), "{s:?}");
    assert_eq!(s.get("defaults"), None, "every key was in the file: {s:?}");
}

#[test]
fn with_dolphins_widescreen_off_the_game_reads_4_3() {
    let s = settings(standard_run());
    assert_eq!(s.get("aspect"), Some("4:3"), "{s:?}");
}

#[test]
fn the_language_and_scan_settings_reach_the_game() {
    let wide = settings(wide_run());
    assert_eq!(wide.get("lang"), Some("es"));
    assert_eq!(wide.get("progressive"), Some("0"));
    assert_eq!(wide.get("pal60"), Some("1"));
    let standard = settings(standard_run());
    assert_eq!(standard.get("lang"), Some("en"));
    assert_eq!(standard.get("progressive"), Some("1"));
}

#[test]
fn the_sensor_bar_position_and_ir_sensitivity_reach_the_game() {
    // Dolphin writes -C SYSCONF.BT.BAR / BT.SENS into the SYSCONF it gives the game (its
    // defaults: above, 3); libogc reads them as CONF_GetSensorBarPosition/IRSensitivity.
    let wide = settings(wide_run());
    assert_eq!(
        (wide.get("bar"), wide.get("ir_sens")),
        (Some("above"), Some("3")),
        "{wide:?}"
    );
    let standard = settings(standard_run());
    assert_eq!(
        (standard.get("bar"), standard.get("ir_sens")),
        (Some("below"), Some("5")),
        "{standard:?}"
    );
}

#[test]
fn the_system_menus_rumble_setting_reaches_the_game() {
    // Dolphin writes -C SYSCONF.BT.MOT into the SYSCONF (its default: on); libogc reads it as
    // CONF_GetPadMotorMode. The game's rumble setting starts from it.
    let wide = settings(wide_run());
    assert_eq!(wide.get("rumble"), Some("1"), "{wide:?}");
    let standard = settings(standard_run());
    assert_eq!(standard.get("rumble"), Some("0"), "{standard:?}");
}

#[test]
fn progressive_scan_with_dolphins_component_cable_picks_480p_else_pal60() {
    // Dolphin direct-boots homebrew as a PAL console and reports a component cable exactly
    // when its progressive-scan setting is on.
    let interlaced = wide_run()
        .event("settings_mode")
        .expect("settings_mode line");
    assert_eq!(interlaced.get("cable"), Some("0"));
    assert_eq!(interlaced.get("preferred"), Some("pal60"));
    let progressive = standard_run()
        .event("settings_mode")
        .expect("settings_mode line");
    assert_eq!(progressive.get("cable"), Some("1"));
    assert_eq!(progressive.get("preferred"), Some("480p"));
}

#[test]
fn the_input_stack_takes_over_ipc_cleanly_after_the_settings_read() {
    // main.rs reads SYSCONF with a private IPC client, then starts the input stack.
    let run = wide_run();
    let lines: Vec<&str> = run.gecko.iter().map(String::as_str).collect();
    let at = |what: &str| lines.iter().position(|l| l.contains(what));
    let settings = at("event=settings ").expect("settings line");
    let bt_up = at("event=bt_up").unwrap_or_else(|| panic!("no bt_up\n{}", run.report()));
    assert!(settings < bt_up);
    let frame = run.events("frame").into_iter().last().expect("frame lines");
    assert_eq!(frame.get("ipc_timeouts"), Some("0"), "{frame:?}");
    assert_eq!(frame.get("ipc_unknown"), Some("0"), "{frame:?}");
}
