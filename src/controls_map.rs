//! The one table from the console's controls to the game's actions (`app::Buttons`): Wii
//! Remote buttons as they are named, GameCube pad buttons by the role they play on the
//! remote (X and Y are 1 and 2, START is HOME, Z and L are minus, R is plus, the D-pad and
//! the main stick are the directions). Pure data beside `main.rs`; the hardware layer reports
//! each controller in its own layout, the app never sees either.

use senas_senet::app::Buttons;
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

/// The game's buttons for a player holding `remote` on the remote and `pad` on the pad.
pub fn buttons(remote: Remote, pad: Pad) -> Buttons {
    let r = REMOTE
        .iter()
        .filter(|(w, _)| remote.contains(*w))
        .fold(Buttons::NONE, |acc, (_, a)| acc.union(*a));
    PAD.iter()
        .filter(|(p, _)| pad.contains(*p))
        .fold(r, |acc, (_, a)| acc.union(*a))
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
}
