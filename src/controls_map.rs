//! The one table from the console's controls to the game's actions (`app::Buttons`): Wii
//! Remote buttons as they are named, GameCube pad buttons by the role they play on the
//! remote (X and Y are 1 and 2, START is HOME, Z and L are minus, R is plus, the D-pad and
//! the main stick are the directions), the Classic Controller's like the pad's (X and Y are 1
//! and 2, L, R, ZL and ZR are 1 too: the hint) and the Nunchuk's (C is B, Z is A, its stick
//! the directions). MINUS and PLUS together take a screenshot (`console::shot::COMBO`: − and +
//! on the remote and the Classic, Z or L with R on the pad). Pure data beside `main.rs`; the hardware layer reports each controller in
//! its own layout, the app never sees any of them.

use senas_senet::app::Buttons;
use senas_senet::wii::input::wiimote::extension::{ExtButtons as Ext, ExtensionKind};
use senas_senet::wii::input::Buttons as Remote;
use senas_senet::wii::si::PadButtons as Pad;

/// Wii Remote button -> game button.
pub const REMOTE: [(Remote, Buttons); 11] = [
    (Remote::A, Buttons::A),
    (Remote::B, Buttons::B),
    (Remote::ONE, Buttons::ONE),
    (Remote::TWO, Buttons::TWO),
    (Remote::PLUS, Buttons::PLUS),
    (Remote::MINUS, Buttons::MINUS),
    (Remote::HOME, Buttons::HOME),
    (Remote::UP, Buttons::UP),
    (Remote::DOWN, Buttons::DOWN),
    (Remote::LEFT, Buttons::LEFT),
    (Remote::RIGHT, Buttons::RIGHT),
];

/// GameCube pad button -> game button.
pub const PAD: [(Pad, Buttons); 12] = [
    (Pad::A, Buttons::A),
    (Pad::B, Buttons::B),
    (Pad::X, Buttons::ONE),
    (Pad::Y, Buttons::TWO),
    (Pad::START, Buttons::HOME),
    (Pad::Z, Buttons::MINUS),
    (Pad::L, Buttons::MINUS),
    (Pad::R, Buttons::PLUS),
    (Pad::UP, Buttons::UP),
    (Pad::DOWN, Buttons::DOWN),
    (Pad::LEFT, Buttons::LEFT),
    (Pad::RIGHT, Buttons::RIGHT),
];

/// Classic Controller (and Classic Controller Pro) button -> game button.
pub const CLASSIC: [(Ext, Buttons); 19] = [
    (Ext::A, Buttons::A),
    (Ext::B, Buttons::B),
    (Ext::X, Buttons::ONE),
    (Ext::Y, Buttons::TWO),
    (Ext::L, Buttons::ONE),
    (Ext::R, Buttons::ONE),
    (Ext::ZL, Buttons::ONE),
    (Ext::ZR, Buttons::ONE),
    (Ext::PLUS, Buttons::PLUS),
    (Ext::MINUS, Buttons::MINUS),
    (Ext::HOME, Buttons::HOME),
    (Ext::UP, Buttons::UP),
    (Ext::DOWN, Buttons::DOWN),
    (Ext::LEFT, Buttons::LEFT),
    (Ext::RIGHT, Buttons::RIGHT),
    (Ext::STICK_UP, Buttons::UP),
    (Ext::STICK_DOWN, Buttons::DOWN),
    (Ext::STICK_LEFT, Buttons::LEFT),
    (Ext::STICK_RIGHT, Buttons::RIGHT),
];

/// Nunchuk button -> game button.
pub const NUNCHUK: [(Ext, Buttons); 6] = [
    (Ext::C, Buttons::B),
    (Ext::Z, Buttons::A),
    (Ext::STICK_UP, Buttons::UP),
    (Ext::STICK_DOWN, Buttons::DOWN),
    (Ext::STICK_LEFT, Buttons::LEFT),
    (Ext::STICK_RIGHT, Buttons::RIGHT),
];

fn mapped<T: Copy>(table: &[(T, Buttons)], held: impl Fn(T) -> bool) -> Buttons {
    table
        .iter()
        .filter(|(c, _)| held(*c))
        .fold(Buttons::NONE, |acc, (_, a)| acc.union(*a))
}

/// The game's buttons for a player holding `remote` on the remote and `pad` on the pad.
pub fn buttons(remote: Remote, pad: Pad) -> Buttons {
    mapped(&REMOTE, |w| remote.contains(w)).union(mapped(&PAD, |p| pad.contains(p)))
}

/// The game's buttons of the extension `kind` holding `ext` (none for one the game does not
/// read).
pub fn extension_buttons(kind: Option<ExtensionKind>, ext: Ext) -> Buttons {
    match kind {
        Some(ExtensionKind::Nunchuk) => mapped(&NUNCHUK, |e| ext.contains(e)),
        Some(k) if k.is_classic() => mapped(&CLASSIC, |e| ext.contains(e)),
        _ => Buttons::NONE,
    }
}

/// A Classic Controller gets the app's cursor, as a GameCube pad does (its stick and D-pad
/// move it while the remote does not point at the screen); a Nunchuk's stick moves the focus
/// like the remote's D-pad.
pub fn has_cursor(kind: Option<ExtensionKind>) -> bool {
    kind.is_some_and(|k| k.is_classic())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_remote_button_reaches_the_game_under_its_own_name() {
        for (r, g) in REMOTE {
            assert_eq!(buttons(r, Pad::NONE), g);
        }
        assert_eq!(buttons(Remote::NONE, Pad::NONE), Buttons::NONE);
    }

    #[test]
    fn pad_buttons_play_the_remote_roles_and_combine_with_the_remote() {
        assert_eq!(buttons(Remote::NONE, Pad::START), Buttons::HOME);
        assert_eq!(
            buttons(Remote::NONE, Pad::X | Pad::Y),
            Buttons::ONE.union(Buttons::TWO)
        );
        assert_eq!(buttons(Remote::NONE, Pad::L), buttons(Remote::NONE, Pad::Z));
        assert_eq!(
            buttons(Remote::A, Pad::RIGHT),
            Buttons::A.union(Buttons::RIGHT)
        );
        // Every game button is reachable from the pad.
        let all = PAD.iter().fold(Buttons::NONE, |a, (_, g)| a.union(*g));
        let from_remote = REMOTE.iter().fold(Buttons::NONE, |a, (_, g)| a.union(*g));
        assert_eq!(all, from_remote);
    }

    #[test]
    fn a_classic_controller_plays_the_pads_roles_with_every_shoulder_for_the_hint() {
        let classic = Some(ExtensionKind::Classic);
        let all = CLASSIC.iter().fold(Buttons::NONE, |a, (_, g)| a.union(*g));
        let from_remote = REMOTE.iter().fold(Buttons::NONE, |a, (_, g)| a.union(*g));
        assert_eq!(all, from_remote, "every game button is reachable");
        for shoulder in [Ext::L, Ext::R, Ext::ZL, Ext::ZR, Ext::X] {
            assert_eq!(extension_buttons(classic, shoulder), Buttons::ONE);
        }
        assert_eq!(
            extension_buttons(classic, Ext::STICK_LEFT | Ext::UP),
            Buttons::LEFT.union(Buttons::UP),
            "stick and D-pad both steer"
        );
        assert_eq!(
            extension_buttons(classic, Ext::HOME),
            buttons(Remote::NONE, Pad::START)
        );
        assert_eq!(
            extension_buttons(Some(ExtensionKind::ClassicPro), Ext::A),
            Buttons::A
        );
        assert!(has_cursor(classic) && !has_cursor(Some(ExtensionKind::Nunchuk)));
        assert!(!has_cursor(None));
    }

    #[test]
    fn the_screenshot_combination_is_minus_and_plus_on_every_controller() {
        use senas_senet::console::shot::COMBO;
        assert_eq!(buttons(Remote::MINUS | Remote::PLUS, Pad::NONE), COMBO);
        assert_eq!(buttons(Remote::NONE, Pad::Z | Pad::R), COMBO);
        assert_eq!(buttons(Remote::NONE, Pad::L | Pad::R), COMBO);
        let classic = Some(ExtensionKind::Classic);
        assert_eq!(extension_buttons(classic, Ext::MINUS | Ext::PLUS), COMBO);
    }

    #[test]
    fn a_nunchuks_c_and_z_are_b_and_a_and_its_stick_the_directions() {
        let n = Some(ExtensionKind::Nunchuk);
        assert_eq!(extension_buttons(n, Ext::C), Buttons::B);
        assert_eq!(extension_buttons(n, Ext::Z), Buttons::A);
        assert_eq!(extension_buttons(n, Ext::STICK_DOWN), Buttons::DOWN);
        // Bits of another extension's layout, or an extension not read, give nothing.
        assert_eq!(extension_buttons(n, Ext::X), Buttons::NONE);
        assert_eq!(
            extension_buttons(Some(ExtensionKind::WiiUPro), Ext::A),
            Buttons::NONE
        );
        assert_eq!(extension_buttons(None, Ext::A), Buttons::NONE);
    }
}
