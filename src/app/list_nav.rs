//! `ListNav`: the focus and the aiming every list shares (title, main menu, HOME menu, pause,
//! "Are you sure?", the winner's screen), under one rule: **the rows framed in gold are the
//! rows A acts on, and a pointer is drawn only where its A would act on the row under it.**
//!
//! Each connected player aims one of two ways:
//! - *resting*: the player's pointer has not moved `POINTER_WAKE` pixels since the list
//!   opened (or since that player last pressed the D-pad). It is not drawn, and that player's
//!   A acts on the D-pad focus, which is framed. A remote lying still where a list opens
//!   neither steals a D-pad player's focus nor shows over a row its A would not act on.
//! - *pointing*: the pointer moved. It is drawn, the row under it is framed (and becomes the
//!   focus the D-pad goes on from) and that player's A acts on it. Off every row (or off the
//!   screen) it frames nothing and that player's A does nothing: a frame left on the last row
//!   would be a framed row A does not act on.
//!
//! So the framed rows are the rows under the pointing players' pointers, plus the focus while
//! any player rests (two players pointing at two rows frame both). A GameCube pad's cursor is
//! its pointer (`input::Cursors`) and follows the same rule. Left / right act on the focus (a
//! setting's value) and, like up / down, put that player back to resting.

use crate::gfx::Framed;

use super::controls::Act;
use super::input::{Buttons, Input, Pointer, MAX_PLAYERS};

/// Frame pixels a pointer must move from where it was when a list opened (or when its player
/// last used the D-pad) before it is drawn and aims: a remote held still over the board when
/// HOME is pressed does not aim at the row that happens to open under it.
pub const POINTER_WAKE: i16 = 12;

/// How one player aims at the list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Aim {
    /// Connected on the last frame the list saw (a player not seen yet rests).
    seen: bool,
    /// The pointer woke: drawn, and A acts under it.
    pointing: bool,
    /// Where the pointer was when the list first saw it (or at the player's last D-pad press).
    anchor: Option<Pointer>,
    /// The row under the pointer on the last frame, while pointing.
    over: Option<usize>,
}

/// A list's D-pad focus and each player's way of aiming.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ListNav {
    /// The D-pad focus (and the last row a pointer was over): A acts on it for resting players.
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
    /// Player `by` pressed left (`dir` -1) or right (+1) on the focus `row`.
    Step {
        row: usize,
        dir: i8,
        by: u8,
    },
}

impl ListNav {
    /// A list with the focus on `selected`; every pointer rests until it moves.
    pub const fn new(selected: usize) -> Self {
        ListNav {
            selected,
            aims: [Aim {
                seen: false,
                pointing: false,
                anchor: None,
                over: None,
            }; MAX_PLAYERS],
        }
    }

    /// Every pointer rests again (the list shows again after an overlay over it closed).
    pub fn rest(&mut self) {
        self.aims = [Aim::default(); MAX_PLAYERS];
    }

    /// Whether player `n`'s pointer is drawn: only once it has moved (see the module doc).
    pub fn shows(&self, n: usize) -> bool {
        self.aims.get(n).is_some_and(|a| a.seen && a.pointing)
    }

    /// The row player `n`'s A acts on now (`None`: that A does nothing).
    pub fn target(&self, n: usize) -> Option<usize> {
        match self.aims.get(n) {
            Some(a) if a.seen && a.pointing => a.over,
            _ => Some(self.selected),
        }
    }

    /// The rows framed in gold: each pointing player's row, the focus while anyone rests.
    pub fn framed(&self) -> Framed {
        let mut framed = Framed::NONE;
        let mut someone_rests = self.aims.iter().all(|a| !a.seen);
        for a in self.aims.iter().filter(|a| a.seen) {
            if !a.pointing {
                someone_rests = true;
            } else if let Some(row) = a.over {
                framed = framed.with(row);
            }
        }
        if someone_rests {
            framed = framed.with(self.selected);
        }
        framed
    }

    /// One frame of every player on a list of `count` rows: first everyone's aim (the D-pad
    /// moves the focus and wraps around, a woken pointer takes it to its row), then the
    /// buttons, so A acts on what this frame shows: the first player (in order) with A, B or
    /// left / right decides.
    pub fn update(
        &mut self,
        input: &Input,
        count: usize,
        row_at: impl Fn(i16, i16) -> Option<usize>,
    ) -> ListEvent {
        if count == 0 {
            return ListEvent::None;
        }
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
                *aim = Aim {
                    seen: true,
                    pointing: false,
                    anchor: p.pointer,
                    over: None,
                };
                continue;
            }
            if let Some(q) = p.pointer {
                let moved = aim.anchor.is_none_or(|a| {
                    (q.x - a.x).abs() > POINTER_WAKE || (q.y - a.y).abs() > POINTER_WAKE
                });
                aim.pointing |= moved;
            }
            if aim.pointing {
                aim.over = p
                    .pointer
                    .and_then(|q| row_at(q.x, q.y))
                    .filter(|&i| i < count);
                if let Some(i) = aim.over {
                    self.selected = i;
                }
            }
        }
        self.selected = self.selected.min(count - 1);
        for n in 0..MAX_PLAYERS {
            let act = Act::player(input, n as u8);
            let by = n as u8;
            if act.pressed(Buttons::A) {
                if let Some(row) = self.target(n) {
                    return ListEvent::Picked { row, by };
                }
            } else if act.pressed(Buttons::B) {
                return ListEvent::Back { by };
            } else if act.horizontal() != 0 {
                let dir = act.horizontal();
                return ListEvent::Step {
                    row: self.selected,
                    dir,
                    by,
                };
            }
        }
        ListEvent::None
    }
}

#[cfg(test)]
mod tests;
