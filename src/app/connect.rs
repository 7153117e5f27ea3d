//! "Connect a Wii Remote", opened from the HOME menu: while it is open the platform searches
//! for a remote held on 1 and 2 (a guest for this session, like the Wii HOME Menu's
//! "Reconnect"); it shows the search, the player the remote joined as, or that none came in
//! time. A on a result searches again, B or HOME go back to the HOME menu (ending the
//! search). Owns the screen's state and drawing; the search itself is the platform's, asked
//! through [`Connect::search_attempt`] and told back in `Input::search`.

use crate::gfx::{palette, Aspect, DrawList};

use super::controls::Act;
use super::input::{Buttons, Input, RemoteSearch};
use super::strings::{fill, Strings};
use super::text::Text;
use super::ui;

/// Where the screen is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Asked for a search; what the platform says of an earlier one is not this one's.
    Starting,
    Searching,
    Joined(u8),
    TimedOut,
    Failed,
}

/// What follows the screen's frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConnectNext {
    Stay,
    /// Back to the HOME menu.
    Back,
}

/// The open screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connect {
    /// Which search this is: each "search again" is a new one, so the platform starts afresh.
    attempt: u16,
    phase: Phase,
    frames: u32,
}

impl Default for Connect {
    fn default() -> Self {
        Self::new()
    }
}

impl Connect {
    pub fn new() -> Self {
        Connect {
            attempt: 0,
            phase: Phase::Starting,
            frames: 0,
        }
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The search the platform should run now (`None`: none; a new number: a new search).
    pub fn search_attempt(&self) -> Option<u16> {
        matches!(self.phase, Phase::Starting | Phase::Searching).then_some(self.attempt)
    }

    /// One frame: follows the platform's search and the players' A / B / HOME.
    pub fn update(&mut self, input: &Input) -> ConnectNext {
        self.frames = self.frames.wrapping_add(1);
        let act = Act::anyone(input);
        if act.pressed(Buttons::B) || act.pressed(Buttons::HOME) {
            return ConnectNext::Back;
        }
        let done = matches!(
            self.phase,
            Phase::Joined(_) | Phase::TimedOut | Phase::Failed
        );
        if done && act.pressed(Buttons::A) {
            self.attempt = self.attempt.wrapping_add(1);
            self.phase = Phase::Starting;
            self.frames = 0;
            return ConnectNext::Stay;
        }
        self.phase = match (self.phase, input.search) {
            (Phase::Starting, RemoteSearch::Searching) => Phase::Searching,
            (Phase::Starting | Phase::Searching, RemoteSearch::Failed) => Phase::Failed,
            (Phase::Searching, RemoteSearch::Joined(n)) => Phase::Joined(n),
            (Phase::Searching, RemoteSearch::TimedOut) => Phase::TimedOut,
            (p, _) => p,
        };
        ConnectNext::Stay
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, t: &Strings) {
        ui::veil(list, aspect);
        let r = ui::panel(list, aspect, 500, 130, 230);
        let cx = r.center().0;
        ui::text_centered(list, cx, r.y + 20, t.home_connect, palette::GOLD, 1);
        let mut line: Text<64> = Text::new();
        let (text, hint) = match self.phase {
            Phase::Starting | Phase::Searching => {
                // Dots that grow once a second: the search is alive.
                let dots = ((self.frames / 60) % 4) as usize;
                line.set(t.connect_searching);
                for _ in 0..dots {
                    line.push_fmt(format_args!("."));
                }
                ui::text_centered(list, cx, r.y + 70, t.connect_press, palette::TEXT, 1);
                (line.as_str(), t.connect_cancel)
            }
            Phase::Joined(n) => {
                fill(&mut line, t.connect_joined, &[&(n + 1)]);
                (line.as_str(), t.connect_again)
            }
            Phase::TimedOut => (t.connect_none, t.connect_retry),
            Phase::Failed => (t.connect_failed, t.connect_retry),
        };
        ui::text_centered(list, cx, r.y + 110, text, palette::TEXT, 1);
        ui::text_centered(list, cx, r.bottom() - 36, hint, palette::TEXT_DIM, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(c: &mut Connect, search: RemoteSearch, pressed: Buttons) -> ConnectNext {
        let mut input = Input {
            search,
            ..Input::default()
        };
        input.players[0].connected = true;
        input.players[0].pressed = pressed;
        input.players[0].held = pressed;
        c.update(&input)
    }

    #[test]
    fn a_result_from_an_earlier_search_is_ignored_until_the_new_one_runs() {
        let mut c = Connect::new();
        assert_eq!(c.search_attempt(), Some(0));
        frame(&mut c, RemoteSearch::TimedOut, Buttons::NONE);
        assert_eq!(c.phase(), Phase::Starting, "a stale timeout");
        frame(&mut c, RemoteSearch::Searching, Buttons::NONE);
        assert_eq!(c.phase(), Phase::Searching);
        frame(&mut c, RemoteSearch::Joined(1), Buttons::NONE);
        assert_eq!(c.phase(), Phase::Joined(1));
        assert_eq!(c.search_attempt(), None, "the search is over");
        // A searches again: a new attempt; the old "joined" no longer counts.
        frame(&mut c, RemoteSearch::Joined(1), Buttons::A);
        assert_eq!(c.search_attempt(), Some(1));
        frame(&mut c, RemoteSearch::Joined(1), Buttons::NONE);
        assert_eq!(c.phase(), Phase::Starting);
    }

    #[test]
    fn a_timeout_or_a_failure_is_shown_and_b_or_home_go_back() {
        let mut c = Connect::new();
        frame(&mut c, RemoteSearch::Searching, Buttons::NONE);
        frame(&mut c, RemoteSearch::TimedOut, Buttons::NONE);
        assert_eq!(c.phase(), Phase::TimedOut);
        assert_eq!(
            frame(&mut c, RemoteSearch::Off, Buttons::B),
            ConnectNext::Back
        );
        let mut c = Connect::new();
        frame(&mut c, RemoteSearch::Failed, Buttons::NONE);
        assert_eq!(c.phase(), Phase::Failed);
        assert_eq!(
            frame(&mut c, RemoteSearch::Searching, Buttons::HOME),
            ConnectNext::Back,
            "cancel while searching"
        );
    }
}
