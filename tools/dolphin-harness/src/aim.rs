//! Pointing an emulated Wii Remote and knowing the game sees it there: `Session::aim` sends
//! `SET MAIN` for a frame pixel and waits until the game logs that player's pointer within a
//! few pixels (`event=pointer player=N x= y=`, the game's own reading of the IR camera), then
//! a short settle. Before this each test slept 900 ms and hoped; a loaded machine's Dolphin
//! had not moved the pointer yet (docs/testing.md, "Waits count the game's time"). Owns only
//! this; the pipes are `pipes.rs`, the waits `session.rs`.

use crate::event::Event;
use crate::session::Session;
use crate::Error;
use std::time::Duration;

/// Frame size the pipe's `SET MAIN x y` spans (x, y in [0, 1] are 640·x, 480·y).
pub const FRAME_W: f32 = 640.0;
pub const FRAME_H: f32 = 480.0;
/// How close the logged pointer must be (the game logs a move of 4 px or more).
pub const NEAR_PX: i16 = 8;
/// Game time the pointer may take to get there.
pub const AIM_WAIT: Duration = Duration::from_secs(20);
/// Game time after it is there (a press right on arrival acts on the same row).
pub const SETTLE: Duration = Duration::from_millis(150);

/// True when `line` is `player`'s pointer within `NEAR_PX` of (x, y).
pub fn pointer_near(line: &str, player: u8, x: i16, y: i16) -> bool {
    let e = Event::parse(line);
    let player = player.to_string();
    e.name() == Some("pointer")
        && e.get("player") == Some(player.as_str())
        && e.num::<i16>("x")
            .is_some_and(|px| (px - x).abs() <= NEAR_PX)
        && e.num::<i16>("y")
            .is_some_and(|py| (py - y).abs() <= NEAR_PX)
}

impl Session<'_> {
    /// Points remote `pipe` (the game's player `player`) at frame pixel (x, y) and waits
    /// until the game's pointer is there.
    pub fn aim(&mut self, pipe: &str, player: u8, x: i16, y: i16) -> Result<(), Error> {
        self.point(pipe, f32::from(x) / FRAME_W, f32::from(y) / FRAME_H)?;
        let already = self
            .lines()
            .iter()
            .rev()
            .find(|l| l.starts_with("event=pointer ") && l.contains(&format!(" player={player} ")))
            .is_some_and(|l| pointer_near(l, player, x, y));
        if !already {
            self.wait_for(
                &format!("player {player}'s pointer at {x},{y}"),
                AIM_WAIT,
                |l| pointer_near(l, player, x, y),
            )?;
        }
        self.sleep(SETTLE);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_that_players_pointer_close_enough_counts() {
        assert!(pointer_near(
            "event=pointer player=1 x=100 y=200",
            1,
            104,
            195
        ));
        assert!(!pointer_near(
            "event=pointer player=2 x=100 y=200",
            1,
            100,
            200
        ));
        assert!(!pointer_near(
            "event=pointer player=1 x=100 y=200",
            1,
            109,
            200
        ));
        assert!(!pointer_near(
            "event=pointer player=1 state=offscreen",
            1,
            0,
            0
        ));
        assert!(!pointer_near(
            "event=pointers player=1 x=100 y=200",
            1,
            100,
            200
        ));
    }
}
