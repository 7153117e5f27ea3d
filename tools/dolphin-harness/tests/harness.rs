//! End-to-end checks of the harness itself: two Dolphins at once (ports move, user folders are
//! private) and controller pipes that Dolphin opens and accepts commands on.

use dolphin_harness::{game_dol, Controller, Dolphin, Run};
use std::time::Duration;

fn quick(name: &str) -> Dolphin {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    // The Null video backend skips rendering: fine when only the log matters.
    Dolphin::new(dol)
        .name(name)
        .video_backend("Null")
        .seconds(40.0)
        .until("event=frame n=60")
}

#[test]
fn two_dolphins_run_at_once_on_their_own_gecko_ports() {
    let a = std::thread::spawn(|| quick("twin-a").run());
    let b = std::thread::spawn(|| quick("twin-b").run());
    let runs: Vec<Run> = [a, b]
        .into_iter()
        .map(|t| {
            t.join()
                .expect("run thread")
                .unwrap_or_else(|e| panic!("{e}"))
        })
        .collect();
    for run in &runs {
        assert!(run.event("boot").is_some(), "{}", run.report());
        assert!(run.event("frame").is_some(), "{}", run.report());
    }
    assert_ne!(runs[0].gecko_port, runs[1].gecko_port);
    assert_ne!(runs[0].user_dir, runs[1].user_dir);
}

#[test]
fn controller_pipes_are_opened_by_dolphin_and_take_commands() {
    let run = quick("pipes")
        .controller(Controller::Wiimote {
            slot: 1,
            pipe: "wm1".into(),
        })
        .controller(Controller::GcPad {
            port: 1,
            pipe: "gc1".into(),
        })
        .run_with(|s| {
            s.wait_for_event("boot", Duration::from_secs(30))?;
            s.tap("wm1", "A", Duration::from_millis(50))?;
            s.point("wm1", 0.25, 0.75)?;
            s.tap("gc1", "START", Duration::from_millis(50))?;
            assert!(s.press("nope", "A").is_err(), "unknown pipes are refused");
            s.wait_for_event("frame", Duration::from_secs(30))?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let sent: Vec<&str> = run.sent.iter().map(|(_, _, c)| c.as_str()).collect();
    assert_eq!(
        sent,
        [
            "PRESS A",
            "RELEASE A",
            "SET MAIN 0.250 0.750",
            "PRESS START",
            "RELEASE START"
        ]
    );
    let ini = std::fs::read_to_string(run.user_dir.join("Config/WiimoteNew.ini"))
        .expect("WiimoteNew.ini written");
    assert!(ini.contains("Device = Pipe/0/wm1"), "{ini}");
}

#[test]
fn the_video_mode_follows_the_consoles_region() {
    // Dolphin direct-boots homebrew with its fallback region (PAL by default: EURGB60 60 Hz).
    let pal = quick("region-pal").run().unwrap_or_else(|e| panic!("{e}"));
    let ntsc = quick("region-ntsc")
        .ini("Dolphin.ini", "Core", "FallbackRegion", "1")
        .run();
    let ntsc = ntsc.unwrap_or_else(|e| panic!("{e}"));
    let video = |r: &Run| {
        r.event("boot")
            .and_then(|e| e.get("video").map(str::to_string))
    };
    assert_eq!(video(&pal).as_deref(), Some("pal60"), "{}", pal.report());
    assert_eq!(
        video(&ntsc).as_deref(),
        Some("ntsc480i"),
        "{}",
        ntsc.report()
    );
}
