//! One frame's `app::Input` from the input stack's snapshot: each player's buttons through
//! the one table (`controls_map`), the pointer, the battery and link figures, who gets the app's
//! cursor (a GameCube pad or a Classic Controller), and the console's Reset and Power (a
//! remote's POWER counts as the console's, `wii::input::is_power_button`). Pure translation,
//! compiled and tested on the host beside `main.rs`; must not touch the hardware.

use senas_senet::app::{EdgeTracker, Input, Pointer, RemoteSearch, MAX_PLAYERS};
use senas_senet::wii::input::{SearchStatus, Snapshot, Source};
use senas_senet::wii::stm::SystemButton;

use super::controls_map;

/// One frame's `app::Input` from the input stack's snapshot.
pub fn to_input(snap: &Snapshot, system: Option<SystemButton>, edges: &mut EdgeTracker) -> Input {
    let mut input = Input::default();
    for (n, p) in snap.players.iter().enumerate().take(MAX_PLAYERS) {
        let pointer = p.pointer.map(|(x, y)| Pointer::new(x, y));
        let buttons = controls_map::buttons(p.buttons, p.pad)
            .union(controls_map::extension_buttons(p.extension, p.ext));
        let mut player = edges.player(n, p.connected, pointer, buttons);
        if p.connected {
            player.battery = p.battery;
            player.battery_low = p.battery_low;
            player.link = p.link_quality;
            // A pad or a Classic Controller gets the app's cursor (moved by its stick and
            // D-pad while the remote does not point at the screen).
            player.pad = p.source == Source::Pad || controls_map::has_cursor(p.extension);
        }
        input.players[n] = player;
    }
    input.reset = system == Some(SystemButton::Reset);
    // The console's Power, or a remote's POWER held (wii::input::is_power_button).
    input.power = system == Some(SystemButton::Power) || snap.power;
    input.search = match snap.search {
        SearchStatus::Off => RemoteSearch::Off,
        SearchStatus::Searching => RemoteSearch::Searching,
        SearchStatus::Joined(p) => RemoteSearch::Joined(p),
        SearchStatus::TimedOut => RemoteSearch::TimedOut,
        SearchStatus::Failed => RemoteSearch::Failed,
    };
    input
}

#[cfg(test)]
mod tests {
    use super::*;
    use senas_senet::app::Buttons;
    use senas_senet::wii::input::wiimote::extension::{ExtButtons, ExtensionKind};
    use senas_senet::wii::input::{Buttons as Remote, PlayerState};

    fn remote(buttons: Remote) -> PlayerState {
        PlayerState {
            connected: true,
            source: Source::Remote,
            buttons,
            pointer: Some((320, 240)),
            battery: Some(12),
            battery_low: true,
            ..PlayerState::NONE
        }
    }

    fn snapshot(players: &[PlayerState], power: bool) -> Snapshot {
        let mut s = Snapshot {
            players: [PlayerState::NONE; senas_senet::wii::input::wiimote::MAX_REMOTES],
            power,
            search: SearchStatus::Off,
        };
        s.players[..players.len()].copy_from_slice(players);
        s
    }

    #[test]
    fn a_remotes_power_button_and_the_consoles_buttons_reach_the_app() {
        let mut edges = EdgeTracker::default();
        let quiet = to_input(&snapshot(&[remote(Remote::NONE)], false), None, &mut edges);
        assert!(!quiet.power && !quiet.reset);
        let held = to_input(&snapshot(&[remote(Remote::NONE)], true), None, &mut edges);
        assert!(held.power, "a remote's POWER is the console's Power");
        let console = to_input(&snapshot(&[], false), Some(SystemButton::Power), &mut edges);
        assert!(console.power && !console.reset);
        let reset = to_input(&snapshot(&[], false), Some(SystemButton::Reset), &mut edges);
        assert!(reset.reset && !reset.power);
    }

    #[test]
    fn the_guest_search_reaches_the_app_with_the_player_that_joined() {
        let mut edges = EdgeTracker::default();
        let mut snap = snapshot(&[remote(Remote::NONE)], false);
        for (s, want) in [
            (SearchStatus::Off, RemoteSearch::Off),
            (SearchStatus::Searching, RemoteSearch::Searching),
            (SearchStatus::Joined(2), RemoteSearch::Joined(2)),
            (SearchStatus::TimedOut, RemoteSearch::TimedOut),
            (SearchStatus::Failed, RemoteSearch::Failed),
        ] {
            snap.search = s;
            assert_eq!(to_input(&snap, None, &mut edges).search, want);
        }
    }

    #[test]
    fn a_remotes_press_its_pointer_and_battery_arrive_as_that_player() {
        let mut edges = EdgeTracker::default();
        let one = remote(Remote::NONE);
        let two = remote(Remote::A);
        let input = to_input(&snapshot(&[one, two], false), None, &mut edges);
        assert!(!input.players[0].pressed.contains(Buttons::A));
        assert!(input.players[1].pressed.contains(Buttons::A));
        assert_eq!(input.players[1].pointer, Some(Pointer::new(320, 240)));
        assert_eq!(input.players[1].battery, Some(12));
        assert!(input.players[1].battery_low);
        assert!(
            !input.players[1].pad,
            "a remote alone points; it gets no cursor"
        );
        assert!(!input.players[2].connected);
    }

    #[test]
    fn a_classic_controller_or_a_pad_gets_the_cursor_and_a_nunchuk_does_not() {
        let mut edges = EdgeTracker::default();
        let classic = PlayerState {
            extension: Some(ExtensionKind::Classic),
            ..remote(Remote::NONE)
        };
        let nunchuk = PlayerState {
            extension: Some(ExtensionKind::Nunchuk),
            ext: ExtButtons::NONE,
            ..remote(Remote::NONE)
        };
        let pad = PlayerState {
            source: Source::Pad,
            pointer: None,
            battery: None,
            battery_low: false,
            ..remote(Remote::NONE)
        };
        let input = to_input(&snapshot(&[classic, nunchuk, pad], false), None, &mut edges);
        assert!(input.players[0].pad);
        assert!(!input.players[1].pad);
        assert!(input.players[2].pad);
        assert_eq!(input.players[2].battery, None);
    }
}
