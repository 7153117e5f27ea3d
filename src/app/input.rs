//! `Input`: what the players did this frame, in platform-free types. The Wii layer (Wiimote,
//! GameCube pad) fills it in `main.rs`; host tests script it. Owns no state besides the
//! previous frame's buttons needed to tell pressed from held; never touches hardware.

/// Players the game tracks: Wii Remotes 1-4 (or GameCube pads on ports 1-4).
pub const MAX_PLAYERS: usize = 4;

/// A pointer position on the 640x480 frame, in frame pixels (may be slightly off-screen).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pointer {
    pub x: i16,
    pub y: i16,
}

impl Pointer {
    pub const fn new(x: i16, y: i16) -> Self {
        Pointer { x, y }
    }
}

/// Buttons as the game understands them (Wii Remote names; the GameCube pad maps onto them:
/// A->A, B->B, X->One, Y->Two, Start->Home, Z->Plus, D-pad->D-pad).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Buttons(pub u16);

impl Buttons {
    pub const NONE: Buttons = Buttons(0);
    pub const A: Buttons = Buttons(1 << 0);
    pub const B: Buttons = Buttons(1 << 1);
    pub const ONE: Buttons = Buttons(1 << 2);
    pub const TWO: Buttons = Buttons(1 << 3);
    pub const PLUS: Buttons = Buttons(1 << 4);
    pub const MINUS: Buttons = Buttons(1 << 5);
    pub const HOME: Buttons = Buttons(1 << 6);
    pub const UP: Buttons = Buttons(1 << 7);
    pub const DOWN: Buttons = Buttons(1 << 8);
    pub const LEFT: Buttons = Buttons(1 << 9);
    pub const RIGHT: Buttons = Buttons(1 << 10);

    /// True when every button of `other` is in `self`.
    pub const fn contains(self, other: Buttons) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }
    pub const fn union(self, other: Buttons) -> Buttons {
        Buttons(self.0 | other.0)
    }
    pub const fn minus(self, other: Buttons) -> Buttons {
        Buttons(self.0 & !other.0)
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// One player's controller this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PlayerInput {
    /// A controller is connected for this player.
    pub connected: bool,
    /// Where the remote points, when the sensor bar is seen.
    pub pointer: Option<Pointer>,
    /// Buttons down now.
    pub held: Buttons,
    /// Buttons that went down this frame.
    pub pressed: Buttons,
    /// Buttons that went up this frame.
    pub released: Buttons,
}

/// Every player's input for one frame, plus the console's own buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Input {
    pub players: [PlayerInput; MAX_PLAYERS],
    /// The console's Reset button was pressed.
    pub reset: bool,
    /// The console's Power button was pressed (or a remote's power button held).
    pub power: bool,
}

/// Turns raw "held" states into pressed/released edges, one frame after another.
#[derive(Clone, Copy, Debug, Default)]
pub struct EdgeTracker {
    last: [Buttons; MAX_PLAYERS],
}

impl EdgeTracker {
    /// Builds this frame's `PlayerInput` for `player` from what is held now.
    pub fn player(
        &mut self,
        player: usize,
        connected: bool,
        pointer: Option<Pointer>,
        held: Buttons,
    ) -> PlayerInput {
        let Some(last) = self.last.get_mut(player) else {
            return PlayerInput::default();
        };
        let held = if connected { held } else { Buttons::NONE };
        let input = PlayerInput {
            connected,
            pointer: if connected { pointer } else { None },
            held,
            pressed: held.minus(*last),
            released: last.minus(held),
        };
        *last = held;
        input
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_button_is_pressed_once_then_held_then_released() {
        let mut e = EdgeTracker::default();
        let p = e.player(0, true, None, Buttons::A);
        assert!(p.pressed.contains(Buttons::A) && p.held.contains(Buttons::A));
        let p = e.player(0, true, None, Buttons::A);
        assert!(!p.pressed.contains(Buttons::A) && p.held.contains(Buttons::A));
        let p = e.player(0, true, None, Buttons::NONE);
        assert!(p.released.contains(Buttons::A) && p.held.is_empty());
    }

    #[test]
    fn a_disconnected_controller_holds_nothing_and_points_nowhere() {
        let mut e = EdgeTracker::default();
        e.player(1, true, Some(Pointer::new(1, 2)), Buttons::B);
        let p = e.player(1, false, Some(Pointer::new(1, 2)), Buttons::B);
        assert_eq!(p.pointer, None);
        assert!(p.held.is_empty());
        assert!(p.released.contains(Buttons::B));
    }

    #[test]
    fn a_player_beyond_the_table_gets_an_empty_input() {
        let mut e = EdgeTracker::default();
        assert_eq!(e.player(9, true, None, Buttons::A), PlayerInput::default());
    }
}
