//! End-to-end "Connect a Wii Remote" (issue 25, part 4) in Dolphin.
//!
//! Why a remote must be dropped first: every emulated remote with an input source connects
//! itself at boot (`Core/IOS/USB/Bluetooth/WiimoteDevice.cpp`: the constructor sets
//! `RequestConnection`, the remote pages the console), and Dolphin answers an inquiry only
//! with a remote that is enabled and not connected (`WiimoteDevice::IsInquiryScanEnabled`,
//! `!IsConnected() && IsSourceValid()`; `BTEmu.cpp` `SendEventInquiryResponse`). A slot with no
//! source never answers, a connected one neither; only the console's HCI Disconnect (or the Qt
//! GUI's hotkey, not headless) leaves a remote findable.
//!
//! `a_dropped_remote_found_by_the_guest_search_joins_as_player_2_and_plays` (passes on Dolphin
//! 5.0) runs on the input probe (`target/input-probe.dol`), which runs the same `InputSystem`
//! and Bluetooth host as the game: releasing 2 on remote 2 drops it (HCI Disconnect), releasing
//! 1 on remote 1 starts the guest search the HOME menu's row starts (`search_remotes`); the
//! search inquires, names and pages remote 2, which joins as player 2 and its buttons are read.
//! The game itself has no action that drops a remote, so the HOME menu route
//! (`connect_a_wii_remote_...`) stays ignored: with only remote 1 configured there is nothing
//! Dolphin can report (slot 2 has no source), which is what it showed on 5.0 (`event=home
//! choice=Connect`, `event=bt_search state=Searching`, then `state=TimedOut` after 30 s).

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
#[ignore = "cannot pass: Dolphin reports no remote without a source (see the header); the probe test covers the search"]
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
            // Tapped until seen: Dolphin's Pipes device now and then applies a press and its
            // release at one input update, and the game never sees the press (`tap_until`).
            s.tap_until(
                "wm2",
                "B",
                HOLD,
                "buttons",
                &[("player", "2"), ("pressed", "B")],
            )?;
            s.tap_until(
                "wm1",
                "A",
                HOLD,
                "buttons",
                &[("player", "1"), ("pressed", "A")],
            )?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}
