//! Input end to end: the real Bluetooth/Wiimote/GameCube stack in Dolphin, driven through the
//! Pipes backend, checked on the game's log (and, for the pointer, on a dumped frame).
//!
//! Runs on the input test build (`target/input-probe.dol`, `make input-dol`; or the DOL in
//! `$SENAS_INPUT_DOL`): it logs every input event as `main.rs` will once `InputSystem` is
//! wired in, draws each player's pointer as a 16×16 square, and drops a remote when its "2"
//! button is pressed (the test hook of the disconnect test). Calibration of the pointer: pipe
//! `SET MAIN x y` points at frame pixel (640·x, 480·y) within a few pixels
//! (src/wii/input/wiimote/pointer.rs, measured in this Dolphin).

use dolphin_harness::{color_distance, game_dol, Controller, Dolphin, Error, Event, Session};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(30);
const HOLD: Duration = Duration::from_millis(150);
/// Player 1's pointer square colour in the probe (blue).
const BLUE: [u8; 3] = [40, 110, 255];

fn probe(name: &str) -> Dolphin {
    let dol = game_dol("SENAS_INPUT_DOL", "input-probe.dol").unwrap_or_else(|e| panic!("{e}"));
    Dolphin::new(dol)
        .name(name)
        .video_backend("Null")
        .seconds(60.0)
}

fn wiimote(slot: u8) -> Controller {
    Controller::Wiimote {
        slot,
        pipe: format!("wm{slot}"),
    }
}

/// Waits for the next `event=name` line whose fields all match `fields`.
fn expect(s: &mut Session, name: &str, fields: &[(&str, &str)]) -> Result<Event, Error> {
    s.expect_event(name, fields, WAIT)
}

#[test]
fn the_emulated_wiimote_connects_and_the_game_logs_it() {
    let run = probe("input-connect")
        .controller(wiimote(1))
        .run_with(|s| {
            let c = expect(s, "wiimote_connect", &[("player", "1")])?;
            assert_eq!(c.get("handle"), Some("0x0100"));
            expect(s, "wiimote_ready", &[("player", "1"), ("mode", "0x33")])?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(run.event("bt_up").is_some(), "{}", run.report());
}

#[test]
fn a_pressed_a_is_logged_as_pressed_then_released() {
    probe("input-button-a")
        .controller(wiimote(1))
        .run_with(|s| {
            expect(s, "wiimote_ready", &[("player", "1")])?;
            s.tap("wm1", "A", HOLD)?;
            expect(
                s,
                "buttons",
                &[("player", "1"), ("pressed", "A"), ("source", "remote")],
            )?;
            expect(s, "buttons", &[("player", "1"), ("released", "A")])?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

/// Waits until player 1's logged pointer is within `tol` pixels of (x, y).
fn pointer_near(s: &mut Session, x: i32, y: i32, tol: i32) -> Result<Event, Error> {
    let what = format!("pointer of player 1 near ({x}, {y})");
    let line = s.wait_for(&what, WAIT, |l| {
        let e = Event::parse(l);
        e.name() == Some("pointer")
            && e.get("player") == Some("1")
            && e.num::<i32>("x").is_some_and(|px| (px - x).abs() <= tol)
            && e.num::<i32>("y").is_some_and(|py| (py - y).abs() <= tol)
    })?;
    Ok(Event::parse(&line))
}

#[test]
fn moving_the_ir_pointer_moves_the_cursor_to_the_calibrated_place() {
    probe("input-pointer")
        .controller(wiimote(1))
        .run_with(|s| {
            expect(s, "wiimote_ready", &[("player", "1")])?;
            pointer_near(s, 320, 240, 4)?;
            for (x, y) in [(0.25, 0.75), (0.8, 0.2), (0.5, 0.1), (0.1, 0.5)] {
                s.point("wm1", x, y)?;
                pointer_near(s, (640.0 * x) as i32, (480.0 * y) as i32, 10)?;
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn the_pointer_square_is_drawn_where_the_remote_points() {
    // Frames need a real video backend (Vulkan through the software driver).
    let dol = game_dol("SENAS_INPUT_DOL", "input-probe.dol").unwrap_or_else(|e| panic!("{e}"));
    let run = Dolphin::new(dol)
        .name("input-pointer-frame")
        .seconds(60.0)
        .controller(wiimote(1))
        .run_with(|s| {
            expect(s, "wiimote_ready", &[("player", "1")])?;
            s.point("wm1", 0.25, 0.75)?;
            pointer_near(s, 160, 360, 6)?;
            // Let a few frames with the square in place be dumped.
            s.sleep(Duration::from_millis(800));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let frame = run
        .last_frame()
        .unwrap_or_else(|e| panic!("{e}\n{}", run.report()));
    let at = frame.game_pixel(160, 360);
    assert!(
        color_distance(at, BLUE) < 40,
        "pixel at the pointer is {at:?}\n{}",
        run.report()
    );
    let away = frame.game_pixel(480, 120);
    assert!(
        color_distance(away, BLUE) > 100,
        "no square elsewhere: {away:?}"
    );
}

/// The battery from the remote's status report and the link quality the host polls (HCI
/// Read_Link_Quality every 2 s) are logged; this Dolphin's emulated controller answers the
/// quality command with an empty Command Complete, so the game reports it as "n/a" (a real
/// controller gives 0..=255). Buttons keep working while the host polls.
#[test]
fn the_remotes_battery_and_link_quality_are_reported_and_input_keeps_flowing() {
    probe("input-battery-link")
        .controller(wiimote(1))
        .run_with(|s| {
            // The first status report (battery) and reporting mode 0x33 (ready) come from the
            // same set-up sequence; which line is logged first depends on the frame it ends in.
            let battery = std::cell::RefCell::new(None);
            let ready = std::cell::Cell::new(false);
            s.wait_for(
                "event=battery and event=wiimote_ready for player 1",
                WAIT,
                |l| {
                    let e = Event::parse(l);
                    if e.get("player") == Some("1") {
                        match e.name() {
                            Some("battery") => *battery.borrow_mut() = Some(Event::parse(l)),
                            Some("wiimote_ready") => ready.set(true),
                            _ => {}
                        }
                    }
                    ready.get() && battery.borrow().is_some()
                },
            )?;
            let b = battery.into_inner().expect("seen");
            let percent = b.num::<u32>("percent").unwrap_or(999);
            assert!(percent <= 100, "battery {percent}%");
            let q = expect(s, "link_quality", &[("player", "1")])?;
            let quality = q.get("quality").unwrap_or("").to_string();
            assert!(
                quality == "n/a" || quality.parse::<u8>().is_ok(),
                "quality {quality:?}"
            );
            eprintln!("dolphin reports battery={percent}% link_quality={quality}");
            s.tap("wm1", "A", HOLD)?;
            expect(s, "buttons", &[("player", "1"), ("pressed", "A")])?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn two_remotes_connect_as_player_one_and_player_two() {
    probe("input-two")
        .controller(wiimote(1))
        .controller(wiimote(2))
        .run_with(|s| {
            let first = expect(s, "wiimote_connect", &[])?;
            let second = expect(s, "wiimote_connect", &[])?;
            let mut players = [first.get("player"), second.get("player")];
            players.sort();
            assert_eq!(players, [Some("1"), Some("2")]);
            expect(s, "wiimote_ready", &[])?;
            expect(s, "wiimote_ready", &[])?;
            s.tap("wm2", "B", HOLD)?;
            expect(s, "buttons", &[("player", "2"), ("pressed", "B")])?;
            s.tap("wm1", "A", HOLD)?;
            expect(s, "buttons", &[("player", "1"), ("pressed", "A")])?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_gamecube_pad_press_is_logged() {
    probe("input-gcpad")
        .controller(Controller::GcPad {
            port: 1,
            pipe: "gc1".into(),
        })
        .run_with(|s| {
            expect(s, "gcpad_connect", &[("port", "1")])?;
            s.tap("gc1", "A", HOLD)?;
            expect(s, "gcpad_buttons", &[("port", "1"), ("pressed", "A")])?;
            // The stick past its dead zone acts as the D-pad.
            s.point("gc1", 1.0, 0.5)?;
            expect(s, "gcpad_buttons", &[("port", "1"), ("pressed", "RIGHT")])?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_dropped_remote_reconnects_by_a_button_press_and_the_game_keeps_running() {
    probe("input-disconnect")
        .controller(wiimote(1))
        .controller(wiimote(2))
        .run_with(|s| {
            expect(s, "wiimote_ready", &[])?;
            expect(s, "wiimote_ready", &[])?;
            // Test hook: releasing "2" drops the remote with an HCI Disconnect from the game's
            // side (on the release, so that no button is down when it goes: see the probe).
            s.tap("wm2", "Y", HOLD)?;
            expect(s, "wiimote_drop", &[("player", "2")])?;
            expect(
                s,
                "wiimote_disconnect",
                &[("player", "2"), ("reason", "0x13")],
            )?;
            let before = expect(s, "input_stats", &[])?
                .num::<u32>("frame")
                .unwrap_or(0);
            s.tap("wm1", "A", HOLD)?;
            expect(s, "buttons", &[("player", "1"), ("pressed", "A")])?;
            // A button on the dropped remote pages the console again: same player. Dolphin's
            // emulated remote ignores buttons for a second after a baseband change
            // (`WiimoteDevice::SetBasebandState` sets `m_connection_request_counter` to
            // `UPDATE_FREQ`; `PrepareInput` only activates once it is back at zero), so, like a
            // person, press again until it answers.
            s.tap_until("wm2", "A", HOLD, "wiimote_connect", &[("player", "2")])?;
            expect(s, "wiimote_ready", &[("player", "2")])?;
            s.tap("wm2", "B", HOLD)?;
            expect(s, "buttons", &[("player", "2"), ("pressed", "B")])?;
            let after = expect(s, "input_stats", &[])?
                .num::<u32>("frame")
                .unwrap_or(0);
            assert!(after > before, "frames kept coming ({before} -> {after})");
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn the_power_button_turns_the_console_off() {
    // Stopping Dolphin (SIGTERM) presses the emulated Power button and waits for the game to
    // shut the console down through STM; a game that ignored it would be killed.
    let run = probe("input-power")
        .ini("Logger.ini", "Logs", "IOS_STM", "True")
        .controller(wiimote(1))
        .run_with(|s| {
            expect(s, "wiimote_ready", &[("player", "1")])?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let power = run.events("system_button");
    assert!(
        power.iter().any(|e| e.get("button") == Some("power")),
        "{}",
        run.report()
    );
    assert!(run.event("power_off").is_some(), "{}", run.report());
    assert!(
        run.dolphin_log
            .contains("IOCTL_STM_IDLE or IOCTL_STM_SHUTDOWN received"),
        "{}",
        run.report()
    );
    assert_eq!(run.exit_code, Some(0), "Dolphin shut down by itself");
}
