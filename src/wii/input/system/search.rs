//! The input stack's side of "Connect a Wii Remote": turns the app's wish (`Some(attempt)`
//! while its screen waits, `None` otherwise) into the host's start and stop of a guest search
//! (`bt/host/guest.rs`), and the host's state into what the snapshot says, with the link that
//! joined named by its player (the Wiimote layer assigns players). Logs `event=bt_search`.
//! Holds no Bluetooth logic of its own.

use super::InputSystem;
use crate::log;
use crate::wii::input::bt::{LinkId, Search};
use crate::wii::input::si::SiRegs;
use crate::wii::input::wiimote::MAX_REMOTES;

/// The search as the frame's snapshot carries it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SearchStatus {
    #[default]
    Off,
    Searching,
    /// A remote joined as player `n` (0-based).
    Joined(u8),
    TimedOut,
    Failed,
}

/// What to do with the host's search this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchOrder {
    Start,
    Stop,
}

/// The last attempt the app asked for, so each new one starts exactly one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchRequests {
    last: Option<u16>,
    logged: SearchStatus,
}

impl SearchRequests {
    /// The order for the app's wish `want` (a new number starts, `None` after one stops).
    pub fn order(&mut self, want: Option<u16>) -> Option<SearchOrder> {
        let before = core::mem::replace(&mut self.last, want);
        match (before, want) {
            (b, Some(n)) if b != Some(n) => Some(SearchOrder::Start),
            (Some(_), None) => Some(SearchOrder::Stop),
            _ => None,
        }
    }
}

/// The snapshot's status from the host's state; `player_of` names a link's player.
pub fn status(s: Search, player_of: impl Fn(LinkId) -> Option<usize>) -> SearchStatus {
    match s {
        Search::Off => SearchStatus::Off,
        Search::Searching => SearchStatus::Searching,
        // The Wiimote layer takes the host's Connected in the same pump, so a player is
        // known; if not (never seen), the search is still reported as running.
        Search::Found(l) => match player_of(l) {
            Some(p) if p < MAX_REMOTES => SearchStatus::Joined(p as u8),
            _ => SearchStatus::Searching,
        },
        Search::TimedOut => SearchStatus::TimedOut,
        Search::Failed => SearchStatus::Failed,
    }
}

impl<S: SiRegs> InputSystem<S> {
    /// Starts or stops the guest search as the app asks (`App::remote_search`).
    pub fn search_remotes(&mut self, attempt: Option<u16>, now: u32) {
        match self.search.order(attempt) {
            Some(SearchOrder::Start) => self.host.start_search(now),
            Some(SearchOrder::Stop) => self.host.stop_search(),
            None => {}
        }
    }

    /// The search's state for the snapshot (logged when it changes).
    pub(super) fn search_status(&mut self) -> SearchStatus {
        let remotes = &self.remotes;
        let s = status(self.host.search(), |l| {
            (0..MAX_REMOTES).find(|&p| remotes.link(p) == Some(l))
        });
        if s != self.search.logged {
            self.search.logged = s;
            let g = self.host.search_progress();
            match s {
                SearchStatus::Joined(p) => log!("event=bt_search state=joined player={}", p + 1),
                other => log!(
                    "event=bt_search state={:?} rounds={} answers={} named={} paged={}",
                    other,
                    g.rounds,
                    g.answers,
                    g.named,
                    g.paged
                ),
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_new_attempt_starts_one_search_and_closing_the_screen_stops_it() {
        let mut r = SearchRequests::default();
        assert_eq!(r.order(None), None);
        assert_eq!(r.order(Some(0)), Some(SearchOrder::Start));
        assert_eq!(r.order(Some(0)), None, "the same attempt runs on");
        assert_eq!(r.order(Some(1)), Some(SearchOrder::Start), "search again");
        assert_eq!(r.order(None), Some(SearchOrder::Stop));
        assert_eq!(r.order(None), None);
        assert_eq!(r.order(Some(0)), Some(SearchOrder::Start), "opened anew");
    }

    #[test]
    fn a_found_link_is_reported_as_the_player_it_joined_as() {
        let player_of = |l: LinkId| (l.0 == 2).then_some(1);
        assert_eq!(
            status(Search::Found(LinkId(2)), player_of),
            SearchStatus::Joined(1)
        );
        assert_eq!(
            status(Search::Found(LinkId(0)), player_of),
            SearchStatus::Searching
        );
        assert_eq!(status(Search::TimedOut, player_of), SearchStatus::TimedOut);
        assert_eq!(status(Search::Failed, player_of), SearchStatus::Failed);
        assert_eq!(status(Search::Off, player_of), SearchStatus::Off);
    }
}
