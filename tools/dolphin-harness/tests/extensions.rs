//! Issue 25: Wii Remote extensions end to end. Dolphin's emulated Nunchuk and Classic
//! Controller (`WiimoteNew.ini` `Extension = Nunchuk` / `Classic`, `dolphin_harness::Extension`)
//! driven through the Pipes backend, on the input test build (`make input-dol`, or the DOL in
//! `$SENAS_INPUT_DOL`), which logs what `InputSystem` logs in the game: `event=extension_attach`
//! once the unencrypted start-up, the identifier and the calibration block are read, and
//! `event=ext_buttons` for every change of the extension's buttons and stick directions.
//! On the game itself (`$SENAS_DOL`): the menus walked and a senet move made with the Classic
//! Controller alone (D-pad and A, its remote's pointer parked off the board), and the menus
//! with the Nunchuk's stick, Z (A) and C (B).
//! Plugging in or pulling out mid-run is not here: Dolphin reads `Extension` when it starts and
//! the Pipes backend only knows PRESS, RELEASE and SET (Dolphin
//! `InputCommon/ControllerInterface/Pipes/Pipes.h`), so the hot-plug order is pinned on the
//! host (`src/wii/input/wiimote/tests.rs`).

use dolphin_harness::{game_dol, Controller, Dolphin, Error, Event, Extension, Session};
use senas_senet::games::senet::{self, Move, MoveList, Position, Side, Throw, Variant, OFF};
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

fn game(name: &str, extension: Extension) -> Dolphin {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    Dolphin::new(dol)
        .name(name)
        .seconds(240.0)
        .controller(Controller::WiimoteWith {
            slot: 1,
            pipe: "wm1".into(),
            extension,
        })
}

/// Taps `button` until event `name` with `fields` is logged (Dolphin's pipes now and then
/// drop a tap; tests/menus.rs).
fn tap_until(
    s: &mut Session,
    button: &str,
    name: &str,
    fields: &[(&str, &str)],
) -> Result<Event, Error> {
    s.tap_until("wm1", button, HOLD, name, fields)
}

/// Taps `button` until the game has seen `n` presses of it, a little apart so each is its own
/// press.
fn taps(s: &mut Session, button: &str, n: u8) -> Result<(), Error> {
    // Dolphin's pipes now and then drop a whole tap (docs/testing.md), and a menu's focus
    // wraps, so each press is confirmed by the game's own `ext_buttons pressed=` line and a
    // lost one is tapped again: the count of presses the game saw is exactly `n`.
    let logged = button.trim_start_matches("D_");
    let seen = |s: &Session| {
        s.lines()
            .iter()
            .filter(|l| l.starts_with("event=ext_buttons "))
            .filter(|l| {
                l.split_whitespace()
                    .find_map(|f| f.strip_prefix("pressed="))
                    .is_some_and(|p| p.split('+').any(|b| b == logged))
            })
            .count()
    };
    for _ in 0..n {
        let before = seen(s);
        let mut tries = 0;
        loop {
            s.tap("wm1", button, HOLD)?;
            let mut waited = 0;
            while seen(s) == before && waited < 10 {
                s.sleep(Duration::from_millis(120));
                waited += 1;
            }
            if seen(s) > before {
                break;
            }
            tries += 1;
            if tries == 4 {
                return Err(Error::Timeout {
                    waited: Duration::from_millis(4 * 1200),
                    what: format!("the game to see a press of {button} (4 taps)"),
                    lines: s.lines(),
                });
            }
        }
        s.sleep(Duration::from_millis(120));
    }
    Ok(())
}

/// The senet position after the throw-off and every logged turn (as tests/match.rs).
fn replay(lines: &[String]) -> Position {
    let mut pos = Position::start(Variant::Wiibrew2009, Side::A);
    for l in lines {
        let e = Event::parse(l);
        match e.name() {
            Some("throwoff") => {
                let first = if e.get("first") == Some("1") {
                    Side::B
                } else {
                    Side::A
                };
                pos = Position::start(Variant::Wiibrew2009, first);
            }
            Some("turn") if e.get("game") == Some("senet") => {
                let throw = e.num::<u8>("throw").and_then(Throw::from_distance);
                let mv = e.get("move").and_then(|m| {
                    let t = throw?;
                    if m == "pass" {
                        return Some(Move::pass(t));
                    }
                    let (a, b) = m.split_once('-')?;
                    Some(Move::step(t, a.parse().ok()?, b.parse().ok()?))
                });
                if let Some(mv) = mv {
                    pos = senet::apply(&pos, mv);
                }
            }
            _ => {}
        }
    }
    pos
}

#[test]
fn the_classic_controller_alone_walks_the_menus_and_makes_a_senet_move() {
    let mut moved = None;
    game("ext-classic-game", Extension::Classic)
        .run_with(|s| {
            expect(
                s,
                "extension_attach",
                &[("player", "1"), ("kind", "classic")],
            )?;
            // The remote's pointer (on the pipe's C axis) parked at the top edge, over nothing.
            s.send("wm1", "SET C 0.5 0.0")?;
            s.sleep(Duration::from_millis(1000));
            // A D-pad press hides the parked pointer: A then takes the gold frame ("Play").
            taps(s, "D_DOWN", 1)?;
            taps(s, "D_UP", 1)?;
            tap_until(s, "A", "menu", &[("scene", "main")])?;
            // The main menu opens on "Start": up twice to the game row, right to senet.
            taps(s, "D_UP", 2)?;
            tap_until(s, "D_RIGHT", "menu", &[("game", "senet")])?;
            taps(s, "D_DOWN", 3)?; // game -> opponent -> rules -> start
            tap_until(
                s,
                "A",
                "start",
                &[("game", "senet"), ("opponent", "cpu_normal")],
            )?;
            loop {
                let throw = expect(s, "throw", &[("game", "senet"), ("side", "A")])?;
                let t = throw
                    .num::<u8>("value")
                    .and_then(Throw::from_distance)
                    .expect("throw value");
                s.sleep(Duration::from_millis(500));
                let pos = replay(&s.lines());
                let mut legal = MoveList::new();
                senet::legal_moves(&pos, t, &mut legal);
                let Some(&mv) = legal.iter().find(|m| !m.is_pass() && m.to() != OFF) else {
                    continue;
                };
                // The D-pad's focus: up three times is square 1 (clamped), then along.
                taps(s, "D_UP", 3)?;
                taps(s, "D_RIGHT", mv.from() - 1)?;
                s.tap("wm1", "A", HOLD)?;
                s.sleep(Duration::from_millis(300));
                taps(s, "D_RIGHT", mv.to() - mv.from())?;
                s.tap("wm1", "A", HOLD)?;
                let turn = expect(s, "turn", &[("game", "senet"), ("side", "A")])?;
                assert_eq!(turn.get("by"), Some("human"), "{}", turn.line);
                assert_eq!(turn.get("move"), Some(mv.to_string().as_str()));
                moved = Some(mv);
                return Ok(());
            }
        })
        .unwrap_or_else(|e| panic!("{e}"));
    eprintln!("the Classic Controller's move: {:?}", moved);
}

#[test]
fn the_nunchuks_stick_z_and_c_walk_the_menus() {
    game("ext-nunchuk-game", Extension::Nunchuk)
        .run_with(|s| {
            expect(
                s,
                "extension_attach",
                &[("player", "1"), ("kind", "nunchuk")],
            )?;
            s.sleep(Duration::from_millis(1000));
            // Z (pipe L) is A: "Play".
            tap_until(s, "L", "menu", &[("scene", "main")])?;
            // The stick up twice (to the game row), then right: senet.
            for _ in 0..2 {
                s.send("wm1", "SET C 0.5 0.0")?;
                s.sleep(Duration::from_millis(200));
                s.send("wm1", "SET C 0.5 0.5")?;
                s.sleep(Duration::from_millis(200));
            }
            s.send("wm1", "SET C 1.0 0.5")?;
            expect(s, "menu", &[("scene", "main"), ("game", "senet")])?;
            s.send("wm1", "SET C 0.5 0.5")?;
            // C (pipe Z) is B: back to the title.
            tap_until(s, "Z", "menu", &[("scene", "title")])?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}
