//! `Input`: what the players did this frame, in platform-free types. The Wii layer (Wiimote,
//! GameCube pad) fills it in `main.rs`; host tests script it. Owns no state besides the
//! previous frame's buttons (pressed vs held) and the GameCube pads' cursors (`Cursors`, which
//! the app applies to every frame); never touches hardware.

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
    /// Battery charge in percent, 0..=100, when the controller reports one (a Wii Remote after
    /// its first status report; never a GameCube pad).
    pub battery: Option<u8>,
    /// The battery is about to die (below one of the Wii HOME Menu's four bars, as the
    /// platform judges it): the game shows a low-battery icon in the player's corner.
    pub battery_low: bool,
    /// Radio link quality, 0..=255 as Bluetooth HCI Read_Link_Quality reports it (higher is
    /// better), when the controller answered with a value (not in Dolphin).
    pub link: Option<u8>,
    /// A GameCube pad: it has no pointer of its own, so the app gives it a cursor that its
    /// stick and D-pad move (`Cursors`).
    pub pad: bool,
}

/// Every player's input for one frame, plus the console's own buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Input {
    pub players: [PlayerInput; MAX_PLAYERS],
    /// The console's Reset button was pressed.
    pub reset: bool,
    /// The console's Power button was pressed (or a remote's power button held).
    pub power: bool,
    /// Microseconds of this frame the computer may spend thinking, when the platform measures
    /// its frame (`None`: the fixed node counts of `app::computer`).
    pub budget_us: Option<u32>,
    /// The platform's clock, when it has one: the computer then thinks in small slices until
    /// `budget_us` has passed on it (`None`: the budget is converted to work units at the
    /// rates of `app::computer`). Only how many frames a decision takes depends on it.
    pub clock: Option<Clock>,
    /// The platform's search for a guest remote, which runs while the app asks for one
    /// ([`App::remote_search`](super::App::remote_search)).
    pub search: RemoteSearch,
}

/// A monotonic microsecond clock the platform lends the app (the Wii's timebase). Two clocks
/// compare equal: an `Input` is compared for what the player did, not for the clock.
#[derive(Clone, Copy)]
pub struct Clock(pub fn() -> u64);

impl Clock {
    /// Microseconds since some fixed start.
    pub fn now_us(self) -> u64 {
        (self.0)()
    }
}

impl PartialEq for Clock {
    fn eq(&self, _: &Clock) -> bool {
        true
    }
}

impl Eq for Clock {}

impl core::fmt::Debug for Clock {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Clock")
    }
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
            battery: None,
            battery_low: false,
            link: None,
            pad: false,
        };
        *last = held;
        input
    }
}

/// Frame size cursors move in.
pub const FRAME_WIDTH: i16 = 640;
pub const FRAME_HEIGHT: i16 = 480;
/// D-pad cursor speed: pixels per frame when a direction goes down…
const DPAD_START_SPEED: i16 = 3;
/// …plus one pixel per frame for every this many frames it stays held…
const DPAD_ACCEL_FRAMES: u16 = 6;
/// …up to this.
const DPAD_MAX_SPEED: i16 = 12;

/// Each GameCube pad's on-screen cursor: the stick and the D-pad (both arrive as directions)
/// move it, faster the longer a direction is held, clamped to the frame. `apply` gives every
/// pad player its cursor as the pointer, and the directions then only move the cursor (a pad
/// aims and presses A like a Wii Remote). `update` follows a pointer when there is one.
#[derive(Clone, Copy, Debug)]
pub struct Cursors {
    pos: [Pointer; MAX_PLAYERS],
    held_frames: [u16; MAX_PLAYERS],
}

impl Default for Cursors {
    fn default() -> Self {
        Self::new()
    }
}

impl Cursors {
    /// Every cursor at the frame centre.
    pub const fn new() -> Self {
        Cursors {
            pos: [Pointer::new(FRAME_WIDTH / 2, FRAME_HEIGHT / 2); MAX_PLAYERS],
            held_frames: [0; MAX_PLAYERS],
        }
    }

    /// `input` as the scenes see it: each connected pad player points with its cursor (moved
    /// by its directions this frame) and holds no directions; other players are unchanged.
    pub fn apply(&mut self, input: &Input) -> Input {
        let mut out = *input;
        for (p, player) in out.players.iter_mut().enumerate() {
            if !(player.connected && player.pad) || player.pointer.is_some() {
                continue;
            }
            player.pointer = self.step(p, player);
            let dirs = Buttons::UP
                .union(Buttons::DOWN)
                .union(Buttons::LEFT)
                .union(Buttons::RIGHT);
            player.held = player.held.minus(dirs);
            player.pressed = player.pressed.minus(dirs);
            player.released = player.released.minus(dirs);
        }
        out
    }

    /// Moves the cursors for this frame; `Some(position)` for each connected player.
    pub fn update(&mut self, input: &Input) -> [Option<Pointer>; MAX_PLAYERS] {
        let mut out = [None; MAX_PLAYERS];
        for (p, player) in input.players.iter().enumerate() {
            out[p] = self.step(p, player);
        }
        out
    }

    /// Player `p`'s cursor after this frame (`None` when disconnected).
    fn step(&mut self, p: usize, player: &PlayerInput) -> Option<Pointer> {
        if !player.connected {
            self.held_frames[p] = 0;
            return None;
        }
        if let Some(ptr) = player.pointer {
            self.pos[p] = ptr;
            self.held_frames[p] = 0;
        } else {
            let h = player.held;
            let dx = i16::from(h.contains(Buttons::RIGHT)) - i16::from(h.contains(Buttons::LEFT));
            let dy = i16::from(h.contains(Buttons::DOWN)) - i16::from(h.contains(Buttons::UP));
            if dx == 0 && dy == 0 {
                self.held_frames[p] = 0;
            } else {
                let extra = (self.held_frames[p] / DPAD_ACCEL_FRAMES) as i16;
                let speed = (DPAD_START_SPEED + extra).min(DPAD_MAX_SPEED);
                self.held_frames[p] = self.held_frames[p].saturating_add(1);
                let c = &mut self.pos[p];
                c.x = (c.x + dx * speed).clamp(0, FRAME_WIDTH - 1);
                c.y = (c.y + dy * speed).clamp(0, FRAME_HEIGHT - 1);
            }
        }
        Some(self.pos[p])
    }
}

/// What the platform says about its search for a remote (`Input::search`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RemoteSearch {
    /// No search runs.
    #[default]
    Off,
    Searching,
    /// A remote connected as player `0`-based `n`; the search ended.
    Joined(u8),
    /// No remote came before the platform's timeout.
    TimedOut,
    /// No search can run now (Bluetooth not up, or four remotes connected).
    Failed,
}

#[cfg(test)]
mod tests {
    fn pad(held: Buttons) -> Input {
        let mut input = Input::default();
        input.players[0] = PlayerInput {
            connected: true,
            held,
            ..PlayerInput::default()
        };
        input
    }

    #[test]
    fn the_cursor_follows_the_pointer_when_there_is_one() {
        let mut c = Cursors::new();
        let mut input = pad(Buttons::RIGHT);
        input.players[0].pointer = Some(Pointer::new(100, 50));
        assert_eq!(c.update(&input)[0], Some(Pointer::new(100, 50)));
        assert_eq!(c.update(&input)[1], None, "player 2 is not connected");
    }

    #[test]
    fn without_a_pointer_the_d_pad_moves_the_cursor_faster_the_longer_it_is_held() {
        let mut c = Cursors::new();
        let first = c.update(&pad(Buttons::RIGHT))[0].expect("connected");
        assert_eq!(first, Pointer::new(320 + 3, 240));
        let mut last = first;
        let mut step = 3;
        for _ in 0..30 {
            let now = c.update(&pad(Buttons::RIGHT.union(Buttons::UP)))[0].expect("connected");
            assert!(now.x - last.x >= step, "never slows down while held");
            step = now.x - last.x;
            last = now;
        }
        c.update(&pad(Buttons::NONE));
        let mut fastest = 0;
        for _ in 0..80 {
            let now = c.update(&pad(Buttons::LEFT.union(Buttons::UP)))[0].expect("connected");
            fastest = fastest.max(last.x - now.x);
            last = now;
        }
        assert_eq!(fastest, 12, "top speed");
        assert_eq!((last.x, last.y), (0, 0), "clamped at the top-left corner");
        let still = c.update(&pad(Buttons::NONE))[0];
        assert_eq!(still, Some(last), "released: the cursor stays");
        assert_eq!(
            c.update(&pad(Buttons::RIGHT))[0].map(|p| p.x - last.x),
            Some(3),
            "speed starts over"
        );
    }

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

    #[test]
    fn a_pad_points_with_its_cursor_and_its_directions_only_move_it() {
        let mut c = Cursors::new();
        let mut input = pad(Buttons::RIGHT.union(Buttons::A));
        input.players[0].pressed = Buttons::RIGHT.union(Buttons::A);
        input.players[0].pad = true;
        let seen = c.apply(&input);
        assert_eq!(seen.players[0].pointer, Some(Pointer::new(323, 240)));
        assert_eq!(seen.players[0].held, Buttons::A);
        assert_eq!(seen.players[0].pressed, Buttons::A);
        // A Wii Remote is left alone.
        input.players[0].pad = false;
        assert_eq!(c.apply(&input), input);
    }
}
