//! Input as actions: one frame's buttons and pointer of one player (`Act`) or of everyone
//! together for buttons anyone may press, and the list navigation every menu shares
//! (`ListNav`): the D-pad moves a focus, each player's own pointer hovers, and A acts only on
//! the row under *that* player's pointer, or on the focus when that player steers with the
//! D-pad (or points nowhere since the list opened). B backs out. Reads `Input` only; knows no
//! scene.

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

/// Frame pixels a pointer must move from where it was when a list opened (or when its player
/// last used the D-pad) before it hovers and aims: a remote held still over the board when
/// HOME is pressed does not aim at the row that happens to open under it.
pub const POINTER_WAKE: i16 = 12;

/// How each player steers a list: by pointing (A acts under the pointer) or by the D-pad
/// focus (A acts on the focus).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Aim {
    pointing: bool,
    /// Where the pointer was when the player last steered with the D-pad (or the list opened).
    anchor: Option<Pointer>,
    seen: bool,
}

/// A list's D-pad focus and each player's way of aiming.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ListNav {
    /// The row the D-pad moves (and the last row a pointer hovered); drawn lit.
    pub selected: usize,
    aims: [Aim; MAX_PLAYERS],
}

/// What a list did this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListEvent {
    None,
    /// Player `by` pressed A on row `row`.
    Picked {
        row: usize,
        by: u8,
    },
    /// B was pressed.
    Back {
        by: u8,
    },
}

impl ListNav {
    /// A list with the focus on `selected`; no pointer aims until it moves.
    pub const fn new(selected: usize) -> Self {
        ListNav {
            selected,
            aims: [Aim {
                pointing: false,
                anchor: None,
                seen: false,
            }; MAX_PLAYERS],
        }
    }

    /// The row player `n`'s A would act on now (`None`: that A does nothing).
    pub fn target(
        &self,
        input: &Input,
        n: usize,
        row_at: impl Fn(i16, i16) -> Option<usize>,
    ) -> Option<usize> {
        let aim = self.aims.get(n)?;
        let p = input.players.get(n)?;
        if aim.pointing {
            p.pointer.and_then(|q| row_at(q.x, q.y))
        } else {
            Some(self.selected)
        }
    }

    /// One frame of every player on a list of `count` rows: the D-pad moves the focus (wraps
    /// around), a woken pointer hovers (moves the focus to its row), A acts for the player who
    /// pressed it, B backs out. The first player (in order) with A or B decides.
    pub fn update(
        &mut self,
        input: &Input,
        count: usize,
        row_at: impl Fn(i16, i16) -> Option<usize>,
    ) -> ListEvent {
        if count == 0 {
            return ListEvent::None;
        }
        let mut event = ListEvent::None;
        for (n, p) in input.players.iter().enumerate() {
            if !p.connected {
                self.aims[n] = Aim::default();
                continue;
            }
            let act = Act::player(input, n as u8);
            let aim = &mut self.aims[n];
            if !aim.seen {
                aim.seen = true;
                aim.anchor = p.pointer;
            }
            match act.vertical() {
                -1 => self.selected = (self.selected + count - 1) % count,
                1 => self.selected = (self.selected + 1) % count,
                _ => {}
            }
            if act.steers() {
                aim.pointing = false;
                aim.anchor = p.pointer;
            } else if let Some(q) = p.pointer {
                let moved = aim.anchor.is_none_or(|a| {
                    (q.x - a.x).abs() > POINTER_WAKE || (q.y - a.y).abs() > POINTER_WAKE
                });
                if moved {
                    aim.pointing = true;
                }
                if aim.pointing {
                    aim.anchor = Some(q);
                    if let Some(i) = row_at(q.x, q.y) {
                        self.selected = i;
                    }
                }
            }
            self.selected = self.selected.min(count - 1);
            if event != ListEvent::None {
                continue;
            }
            if act.pressed(Buttons::A) {
                if let Some(row) = self.target(input, n, &row_at) {
                    event = ListEvent::Picked { row, by: n as u8 };
                }
            } else if act.pressed(Buttons::B) {
                event = ListEvent::Back { by: n as u8 };
            }
        }
        event
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::input::PlayerInput;

    fn input(n: usize, pressed: Buttons, pointer: Option<Pointer>) -> Input {
        let mut i = Input::default();
        i.players[n] = PlayerInput {
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
        nav.update(&input(0, Buttons::UP, None), 3, rows);
        assert_eq!(nav.selected, 2);
        nav.update(&input(0, Buttons::DOWN, None), 3, rows);
        assert_eq!(nav.selected, 0);
        nav.update(&input(0, Buttons::DOWN, None), 3, rows);
        assert_eq!(nav.selected, 1);
    }

    #[test]
    fn a_picks_the_row_under_a_pointer_that_moved() {
        let mut nav = ListNav::new(0);
        let rows = |_, y: i16| if y > 100 { Some(2) } else { None };
        nav.update(&input(0, Buttons::NONE, Some(Pointer::new(5, 20))), 3, rows);
        let ev = nav.update(&input(0, Buttons::A, Some(Pointer::new(5, 150))), 3, rows);
        assert_eq!(ev, ListEvent::Picked { row: 2, by: 0 });
    }

    #[test]
    fn a_with_the_pointer_over_empty_space_does_nothing() {
        let mut nav = ListNav::new(1);
        let rows = |_, y: i16| if y > 100 { Some(2) } else { None };
        nav.update(
            &input(0, Buttons::NONE, Some(Pointer::new(5, 150))),
            3,
            rows,
        );
        nav.update(&input(0, Buttons::NONE, Some(Pointer::new(5, 10))), 3, rows);
        let ev = nav.update(&input(0, Buttons::A, Some(Pointer::new(5, 10))), 3, rows);
        assert_eq!(ev, ListEvent::None);
        // Off screen too, once the player has pointed.
        let ev = nav.update(&input(0, Buttons::A, None), 3, rows);
        assert_eq!(ev, ListEvent::None);
    }

    #[test]
    fn a_pointer_resting_over_a_row_when_the_list_opens_does_not_aim() {
        let mut nav = ListNav::new(0);
        let rows = |_, y: i16| if y > 100 { Some(4) } else { None };
        let still = Some(Pointer::new(5, 300));
        nav.update(&input(0, Buttons::NONE, still), 5, rows);
        assert_eq!(nav.selected, 0);
        let ev = nav.update(&input(0, Buttons::A, still), 5, rows);
        assert_eq!(ev, ListEvent::Picked { row: 0, by: 0 }, "the focus row");
    }

    #[test]
    fn the_d_pad_hands_a_back_to_the_focus() {
        let mut nav = ListNav::new(0);
        let rows = |_, y: i16| if y > 100 { Some(2) } else { None };
        nav.update(&input(0, Buttons::NONE, Some(Pointer::new(5, 20))), 3, rows);
        nav.update(&input(0, Buttons::NONE, Some(Pointer::new(5, 60))), 3, rows);
        nav.update(&input(0, Buttons::DOWN, Some(Pointer::new(5, 60))), 3, rows);
        let ev = nav.update(&input(0, Buttons::A, Some(Pointer::new(5, 60))), 3, rows);
        assert_eq!(ev, ListEvent::Picked { row: 1, by: 0 });
    }

    #[test]
    fn a_disconnected_player_does_nothing() {
        let mut i = input(0, Buttons::A, None);
        i.players[0].connected = false;
        assert_eq!(Act::anyone(&i), Act::default());
        let mut nav = ListNav::new(0);
        assert_eq!(nav.update(&i, 3, |_, _| None), ListEvent::None);
    }
}
