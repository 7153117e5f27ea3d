//! End-to-end "Connect a Wii Remote" (issue 25, part 4) in Dolphin: with only remote 1
//! configured, the HOME menu's row starts the guest search; Dolphin's emulated controller
//! answers the inquiry with a remote slot that has no connection (`BTEmu`'s
//! `SendEventInquiryResponse`), gives its name ("Nintendo RVL-CNT-01") and completes the
//! Create_Connection, so the game logs `event=bt_search state=joined player=2` and the link
//! as player 2. That slot has no input source in this run, so it never reports: this checks
//! the HCI sequence against Dolphin, not a second player's play (host tests cover that).
//!
//! Ignored: on Dolphin 5.0 it was run and failed. The row opened the screen and the search
//! ran (`event=home choice=Connect`, `event=bt_search state=Searching`), then ended with
//! `state=TimedOut` after 30 s and no page; why is not found yet (the log line now carries
//! `rounds= answers= named= paged=` to tell where it stops). Not run on Dolphin 2503.

use dolphin_harness::{game_dol, target_dir, Controller, Dolphin, Error, Event, Session};
use senas_senet::app::home::{HomeChoice, HomeMenu};
use senas_senet::app::Settings;
use senas_senet::gfx::{Aspect, Rect, TitleLayout};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(120);
const HOLD: Duration = Duration::from_millis(150);

fn expect(s: &mut Session, name: &str, fields: &[(&str, &str)]) -> Result<Event, Error> {
    s.expect_event(name, fields, WAIT)
}

fn point(s: &mut Session, r: Rect) -> Result<(), Error> {
    let (x, y) = r.center();
    s.aim("wm1", 1, x, y)
}

#[test]
#[ignore = "fails on Dolphin 5.0: the search runs and times out (docs/hardware.md, Bluetooth)"]
fn connect_a_wii_remote_finds_dolphins_unconnected_remote_and_pages_it_as_player_2() {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let run = Dolphin::new(dol)
        .name("connect-guest")
        .seconds(200.0)
        .controller(Controller::Wiimote {
            slot: 1,
            pipe: "wm1".into(),
        })
        .run_with(|s| {
            let settings = s.wait_for_event("settings", WAIT)?;
            let aspect = if settings.get("aspect") == Some("16:9") {
                Aspect::Wide
            } else {
                Aspect::Standard
            };
            expect(s, "wiimote_ready", &[("player", "1")])?;
            s.sleep(Duration::from_millis(1000));
            point(s, TitleLayout::new(aspect).item_rect(0))?;
            s.tap_until("wm1", "START", HOLD, "home", &[("open", "1")])?;
            s.sleep(Duration::from_millis(500));
            let row = HomeMenu::new(false, Settings::DEFAULT)
                .items()
                .iter()
                .position(|&c| c == HomeChoice::Connect)
                .expect("the row is offered on the title");
            point(s, HomeMenu::rows(aspect).rect(row))?;
            s.sleep(Duration::from_millis(500));
            s.tap_until("wm1", "A", HOLD, "home", &[("choice", "Connect")])?;
            expect(s, "bt_search", &[("state", "Searching")])?;
            expect(s, "bt_search", &[("state", "joined"), ("player", "2")])?;
            expect(s, "wiimote_connect", &[("player", "2")])?;
            s.sleep(Duration::from_millis(1000));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let frame = run
        .last_frame()
        .unwrap_or_else(|e| panic!("{e}\n{}", run.report()))
        .to_game_size();
    let screens = target_dir().join("screens");
    std::fs::create_dir_all(&screens).expect("target/screens");
    frame
        .save_png(&screens.join("e2e_connect_joined.png"))
        .expect("save");
}

/// The input probe (`target/input-probe.dol`, `make input-dol`, or `$SENAS_INPUT_DOL`).
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

#[test]
fn a_dropped_remote_found_by_the_guest_search_joins_as_player_2_and_plays() {
    probe("connect-probe")
        .controller(wiimote(1))
        .controller(wiimote(2))
        .run_with(|s| {
            expect(s, "wiimote_ready", &[])?;
            expect(s, "wiimote_ready", &[])?;
            // Releasing "2" on remote 2 drops it (HCI Disconnect from the console); with no
            // button down it stays off, and Dolphin makes it discoverable again.
            s.tap("wm2", "Y", HOLD)?;
            expect(
                s,
                "wiimote_disconnect",
                &[("player", "2"), ("reason", "0x13")],
            )?;
            // Releasing "1" on remote 1 starts the guest search.
            s.tap("wm1", "X", HOLD)?;
            expect(s, "probe_search", &[("attempt", "1")])?;
            // Dolphin answers the first round at once, so the search can join within one pump
            // and the log goes straight from no search to `joined` (no `Searching` line).
            expect(s, "bt_search", &[("state", "joined"), ("player", "2")])?;
            expect(s, "wiimote_ready", &[("player", "2")])?;
            s.tap("wm2", "B", HOLD)?;
            expect(s, "buttons", &[("player", "2"), ("pressed", "B")])?;
            s.tap("wm1", "A", HOLD)?;
            expect(s, "buttons", &[("player", "1"), ("pressed", "A")])?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}
