//! Issue 25: Wii Remote extensions end to end. Dolphin's emulated Nunchuk and Classic
//! Controller (`WiimoteNew.ini` `Extension = Nunchuk` / `Classic`, `dolphin_harness::Extension`)
//! driven through the Pipes backend, on the input test build (`make input-dol`, or the DOL in
//! `$SENAS_INPUT_DOL`), which logs what `InputSystem` logs in the game: `event=extension_attach`
//! once the unencrypted start-up, the identifier and the calibration block are read, and
//! `event=ext_buttons` for every change of the extension's buttons and stick directions.
//! Plugging in or pulling out mid-run is not here: Dolphin reads `Extension` when it starts and
//! the Pipes backend only knows PRESS, RELEASE and SET (Dolphin
//! `InputCommon/ControllerInterface/Pipes/Pipes.h`), so the hot-plug order is pinned on the
//! host (`src/wii/input/wiimote/tests.rs`).

use dolphin_harness::{game_dol, Controller, Dolphin, Error, Event, Extension, Session};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(30);
const HOLD: Duration = Duration::from_millis(150);

fn probe(name: &str, extension: Extension) -> Dolphin {
    let dol = game_dol("SENAS_INPUT_DOL", "input-probe.dol").unwrap_or_else(|e| panic!("{e}"));
    Dolphin::new(dol)
        .name(name)
        .video_backend("Null")
        .seconds(60.0)
        .controller(Controller::WiimoteWith {
            slot: 1,
            pipe: "wm1".into(),
            extension,
        })
}

fn expect(s: &mut Session, name: &str, fields: &[(&str, &str)]) -> Result<Event, Error> {
    s.expect_event(name, fields, WAIT)
}

#[test]
fn a_classic_controller_is_identified_and_its_buttons_and_stick_are_read() {
    probe("ext-classic", Extension::Classic)
        .run_with(|s| {
            expect(s, "wiimote_ready", &[("player", "1")])?;
            expect(
                s,
                "extension_attach",
                &[("player", "1"), ("kind", "classic"), ("mode", "0x37")],
            )?;
            s.tap("wm1", "A", HOLD)?;
            expect(s, "ext_buttons", &[("player", "1"), ("pressed", "A")])?;
            expect(s, "ext_buttons", &[("player", "1"), ("released", "A")])?;
            s.tap("wm1", "L", HOLD)?;
            expect(s, "ext_buttons", &[("player", "1"), ("pressed", "L")])?;
            s.tap("wm1", "START", HOLD)?;
            expect(s, "ext_buttons", &[("player", "1"), ("pressed", "HOME")])?;
            s.point("wm1", 1.0, 0.5)?;
            expect(
                s,
                "ext_buttons",
                &[("player", "1"), ("pressed", "STICK_RIGHT")],
            )?;
            s.point("wm1", 0.5, 0.5)?;
            expect(
                s,
                "ext_buttons",
                &[("player", "1"), ("released", "STICK_RIGHT")],
            )?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_nunchuks_c_z_and_stick_are_read_beside_the_remotes_own_buttons() {
    probe("ext-nunchuk", Extension::Nunchuk)
        .run_with(|s| {
            expect(
                s,
                "extension_attach",
                &[("player", "1"), ("kind", "nunchuk"), ("mode", "0x37")],
            )?;
            s.tap("wm1", "Z", HOLD)?;
            expect(s, "ext_buttons", &[("player", "1"), ("pressed", "C")])?;
            s.tap("wm1", "L", HOLD)?;
            expect(s, "ext_buttons", &[("player", "1"), ("pressed", "Z")])?;
            s.send("wm1", "SET C 0.5 0.0")?;
            expect(
                s,
                "ext_buttons",
                &[("player", "1"), ("pressed", "STICK_UP")],
            )?;
            s.send("wm1", "SET C 0.5 0.5")?;
            expect(
                s,
                "ext_buttons",
                &[("player", "1"), ("released", "STICK_UP")],
            )?;
            s.tap("wm1", "A", HOLD)?;
            expect(
                s,
                "buttons",
                &[("player", "1"), ("pressed", "A"), ("source", "remote")],
            )?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}
