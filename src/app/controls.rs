//! Input as actions: one frame's buttons and pointer for the player(s) allowed to act, and list
//! navigation shared by every menu (D-pad moves, the pointer hovers, A picks, B backs out).
//! Reads `Input` only; knows no scene.

use super::input::{Buttons, Input, Pointer, MAX_PLAYERS};

/// What the acting player(s) did this frame.
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

    /// Every connected player together (menus: anyone may drive them); the pointer of the
    /// first player who points.
    pub fn anyone(input: &Input) -> Act {
        let mut act = Act::default();
        for n in 0..MAX_PLAYERS as u8 {
            let p = Act::player(input, n);
            act.pressed = act.pressed.union(p.pressed);
            act.held = act.held.union(p.held);
            if act.pointer.is_none() {
                act.pointer = p.pointer;
            }
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
}

/// The selected row of a list, driven by D-pad and pointer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ListNav {
    pub selected: usize,
    last_pointer: Option<Pointer>,
}

/// What a list did this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListEvent {
    None,
    /// A was pressed on a row.
    Picked(usize),
    /// B was pressed.
    Back,
}

impl ListNav {
    pub const fn new(selected: usize) -> Self {
        ListNav {
            selected,
            last_pointer: None,
        }
    }

    /// Moves the selection (D-pad wraps around; a moving pointer selects the row under it) and
    /// reports A on a row (the row under the pointer wins) or B.
    pub fn update(
        &mut self,
        act: &Act,
        count: usize,
        row_at: impl Fn(i16, i16) -> Option<usize>,
    ) -> ListEvent {
        if count == 0 {
            return ListEvent::None;
        }
        match act.vertical() {
            -1 => self.selected = (self.selected + count - 1) % count,
            1 => self.selected = (self.selected + 1) % count,
            _ => {}
        }
        let hovered = act.pointer.and_then(|p| row_at(p.x, p.y));
        if act.pointer != self.last_pointer {
            if let Some(i) = hovered {
                self.selected = i;
            }
            self.last_pointer = act.pointer;
        }
        self.selected = self.selected.min(count - 1);
        if act.pressed(Buttons::A) {
            return ListEvent::Picked(hovered.unwrap_or(self.selected));
        }
        if act.pressed(Buttons::B) {
            return ListEvent::Back;
        }
        ListEvent::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::input::PlayerInput;

    fn input(pressed: Buttons, pointer: Option<Pointer>) -> Input {
        let mut i = Input::default();
        i.players[0] = PlayerInput {
            connected: true,
            pointer,
            held: pressed,
            pressed,
            released: Buttons::NONE,
            ..PlayerInput::default()
        };
        i
    }

    #[test]
    fn dpad_wraps_around_the_list() {
        let mut nav = ListNav::new(0);
        let rows = |_, _| None;
        nav.update(&Act::anyone(&input(Buttons::UP, None)), 3, rows);
        assert_eq!(nav.selected, 2);
        nav.update(&Act::anyone(&input(Buttons::DOWN, None)), 3, rows);
        assert_eq!(nav.selected, 0);
    }

    #[test]
    fn a_picks_the_row_under_the_pointer() {
        let mut nav = ListNav::new(0);
        let rows = |_, y: i16| if y > 100 { Some(2) } else { None };
        let ev = nav.update(
            &Act::anyone(&input(Buttons::A, Some(Pointer::new(5, 150)))),
            3,
            rows,
        );
        assert_eq!(ev, ListEvent::Picked(2));
    }

    #[test]
    fn a_disconnected_player_does_nothing() {
        let mut i = input(Buttons::A, None);
        i.players[0].connected = false;
        assert_eq!(Act::anyone(&i), Act::default());
    }
}
