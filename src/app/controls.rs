//! Input as actions: one frame's buttons and pointer of one player (`Act`), or of everyone
//! together for buttons anyone may press. The lists build their focus and aiming on it
//! (`list_nav`). Reads `Input` only; knows no scene.

use super::input::{Buttons, Input, Pointer, MAX_PLAYERS};

/// What one player (or everyone, for `anyone`) did this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Act {
    pub pressed: Buttons,
    pub held: Buttons,
    pub pointer: Option<Pointer>,
}

impl Act {
    /// Player `n`'s input (nothing if disconnected).
    pub fn player(input: &Input, n: u8) -> Act {
        match input.players.get(usize::from(n)) {
            Some(p) if p.connected => Act {
                pressed: p.pressed,
                held: p.held,
                pointer: p.pointer,
            },
            _ => Act::default(),
        }
    }

    /// The buttons of every connected player together, and no pointer: for buttons anyone may
    /// press (B, HOME, the D-pad of a menu). Where a pointer matters, use each player's own.
    pub fn anyone(input: &Input) -> Act {
        let mut act = Act::default();
        for n in 0..MAX_PLAYERS as u8 {
            let p = Act::player(input, n);
            act.pressed = act.pressed.union(p.pressed);
            act.held = act.held.union(p.held);
        }
        act
    }

    pub fn pressed(&self, b: Buttons) -> bool {
        self.pressed.contains(b)
    }
    pub fn held(&self, b: Buttons) -> bool {
        self.held.contains(b)
    }
    /// -1 / +1 for D-pad up / down pressed this frame.
    pub fn vertical(&self) -> i8 {
        if self.pressed(Buttons::UP) {
            -1
        } else if self.pressed(Buttons::DOWN) {
            1
        } else {
            0
        }
    }
    /// -1 / +1 for D-pad left / right pressed this frame.
    pub fn horizontal(&self) -> i8 {
        if self.pressed(Buttons::LEFT) {
            -1
        } else if self.pressed(Buttons::RIGHT) {
            1
        } else {
            0
        }
    }
    /// Any D-pad direction pressed this frame.
    pub fn steers(&self) -> bool {
        self.vertical() != 0 || self.horizontal() != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::input::PlayerInput;

    #[test]
    fn anyone_joins_the_connected_players_buttons_and_points_nowhere() {
        let mut i = Input::default();
        for (n, b) in [(0, Buttons::A), (1, Buttons::UP), (2, Buttons::B)] {
            i.players[n] = PlayerInput {
                connected: n != 2,
                pointer: Some(Pointer::new(1, 2)),
                held: b,
                pressed: b,
                ..PlayerInput::default()
            };
        }
        let a = Act::anyone(&i);
        assert!(a.pressed(Buttons::A) && a.pressed(Buttons::UP) && !a.pressed(Buttons::B));
        assert_eq!((a.pointer, a.vertical(), a.horizontal()), (None, -1, 0));
        assert!(a.steers());
        assert_eq!(Act::player(&i, 2), Act::default(), "disconnected");
        assert_eq!(Act::player(&i, 0).pointer, Some(Pointer::new(1, 2)));
    }
}
