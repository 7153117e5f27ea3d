//! The input probe's test hooks, decided from one remote's buttons per frame: releasing "2"
//! drops that remote (HCI Disconnect, the disconnect test), releasing "1" starts a new guest
//! search (the same `InputSystem::search_remotes` the game's "Connect a Wii Remote" uses; the
//! connect test). Pure: the probe's loop carries the actions out. Touches no hardware.

use senas_senet::wii::input::{Buttons, Source};

/// What the probe does for one player this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hooks {
    /// Drop this player's remote.
    pub drop: bool,
    /// Start a guest search (a new attempt).
    pub search: bool,
}

/// The hooks for a player whose buttons went from `before` to `now`.
///
/// On the release, not the press: Dolphin's emulated remote asks to connect again whenever a
/// button is down while it is disconnected (`Core/IOS/USB/Bluetooth/WiimoteDevice.cpp`,
/// `PrepareInput`/`UpdateInput`), so a drop on the press could come straight back with 2 still
/// held. Only a Wii Remote's buttons count (a GameCube pad has no 1 or 2).
pub fn hooks(source: Source, before: Buttons, now: Buttons) -> Hooks {
    if source != Source::Remote {
        return Hooks::default();
    }
    let released = before.difference(now);
    Hooks {
        drop: released.contains(Buttons::TWO),
        search: released.contains(Buttons::ONE),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releasing_two_drops_and_releasing_one_searches_pressing_does_nothing() {
        let r = Source::Remote;
        assert_eq!(hooks(r, Buttons::NONE, Buttons::TWO), Hooks::default());
        assert_eq!(
            hooks(r, Buttons::TWO, Buttons::NONE),
            Hooks {
                drop: true,
                search: false
            }
        );
        assert_eq!(hooks(r, Buttons::NONE, Buttons::ONE), Hooks::default());
        assert_eq!(
            hooks(r, Buttons::ONE | Buttons::A, Buttons::A),
            Hooks {
                drop: false,
                search: true
            }
        );
        assert_eq!(hooks(r, Buttons::ONE, Buttons::ONE), Hooks::default());
    }

    #[test]
    fn only_a_wii_remote_has_the_hooks() {
        for s in [Source::Pad, Source::None] {
            assert_eq!(
                hooks(s, Buttons::ONE | Buttons::TWO, Buttons::NONE),
                Hooks::default()
            );
        }
    }
}
