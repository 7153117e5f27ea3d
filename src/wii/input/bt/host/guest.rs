//! The search for a guest remote, like the Wii HOME Menu's "Reconnect" and libogc's
//! `WPAD_Search` (`wiiuse/wpad.c`, libogc PR #197): inquire with the LIAC until a device
//! answers, ask its name, page it when it is a Wii Remote ("Nintendo RVL-CNT-"), then the
//! usual authentication with the PIN a 1+2 connection uses: the remote's own address
//! (WiiBrew "Wiimote", Bluetooth Pairing; libogc `lwbt/bte.c` `pin_req` in temporary pair
//! mode). Its link key is kept for the session and never written to the controller (libogc
//! writes guest keys nowhere either), so the console's paired list is untouched.
//!
//! Part of [`Host`]: it owns the search's state and timer; the links and the command queue
//! are `host.rs`'s. Remotes woken by a button still connect while it runs (page scan stays on).

use super::{Host, LinkId};
use crate::wii::input::bt::discovery::{self, ev, op, Found};
use crate::wii::input::bt::hci::BdAddr;
use crate::wii::input::bt::link::{Link, LinkState};

/// How long a search lasts: a remote on 1+2 stays discoverable about 20 s (WiiBrew
/// "Wiimote", Discovery), so a player who presses late still gets in.
pub const SEARCH_MS: u32 = 30_000;
/// After a round that found nothing, the next starts no sooner than this after it began
/// (a console's round lasts 3.84 s; Dolphin answers at once).
const ROUND_GAP_MS: u32 = 500;

/// Where a search is, as the layer above sees it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Search {
    /// No search (none asked, or it was stopped).
    #[default]
    Off,
    Searching,
    /// A remote connected as `link`; the search ended.
    Found(LinkId),
    /// Nothing connected in [`SEARCH_MS`].
    TimedOut,
    /// No search is possible: Bluetooth is not up, or four remotes are connected.
    Failed,
}

/// What the search waits for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Step {
    #[default]
    Idle,
    /// An inquiry round runs; the first new device it reports is kept.
    Inquiring { since: u32, seen: Option<Found> },
    /// Nothing found: the next round starts at `at`.
    Resting { at: u32 },
    /// Its name was asked.
    Naming(Found),
    /// It was paged (Create_Connection).
    Paging(BdAddr),
}

/// The search's state, inside [`Host`].
#[derive(Clone, Copy, Debug, Default)]
pub struct GuestSearch {
    state: Search,
    until: u32,
    step: Step,
    progress: SearchProgress,
}

/// What a search got through so far (for the log: where a search that timed out stopped).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchProgress {
    pub rounds: u16,
    /// Devices reported by inquiries (all-zero addresses and linked remotes not counted).
    pub answers: u16,
    /// Names received, and of those Wii Remotes paged.
    pub named: u16,
    pub paged: u16,
}

impl Host {
    /// Starts a search for a guest remote for [`SEARCH_MS`] (a running one starts afresh).
    pub fn start_search(&mut self, now: u32) {
        if !self.up || self.closing != super::Closing::No {
            self.search.state = Search::Failed;
            return;
        }
        self.search = GuestSearch {
            state: Search::Searching,
            until: now.wrapping_add(SEARCH_MS),
            step: Step::Idle,
            progress: SearchProgress::default(),
        };
        self.next_round(now);
    }

    /// Stops the search (an inquiry round running is cancelled; a remote being paged may
    /// still connect, as a remote woken by a button would).
    pub fn stop_search(&mut self) {
        self.end_search(Search::Off);
    }

    /// The search's state.
    pub fn search(&self) -> Search {
        self.search.state
    }

    /// How far the last search got.
    pub fn search_progress(&self) -> SearchProgress {
        self.search.progress
    }

    fn end_search(&mut self, state: Search) {
        if matches!(self.search.step, Step::Inquiring { .. }) {
            self.queue(Some(discovery::inquiry_cancel()));
        }
        self.search.step = Step::Idle;
        self.search.state = state;
    }

    fn searching(&self) -> bool {
        self.search.state == Search::Searching
    }

    fn next_round(&mut self, now: u32) {
        if self.links.iter().all(|l| l.state != LinkState::Free) {
            self.end_search(Search::Failed);
            return;
        }
        self.search.step = Step::Inquiring {
            since: now,
            seen: None,
        };
        self.search.progress.rounds = self.search.progress.rounds.saturating_add(1);
        self.queue(Some(discovery::inquiry(
            discovery::LIAC,
            discovery::INQUIRY_LEN,
            discovery::INQUIRY_MAX,
        )));
    }

    fn rest(&mut self, since: u32, now: u32) {
        let at = since.wrapping_add(ROUND_GAP_MS);
        if now.wrapping_sub(since) >= ROUND_GAP_MS {
            self.next_round(now);
        } else {
            self.search.step = Step::Resting { at };
        }
    }

    /// The search's timers (from `Host::tick`): the end of the search, the next round.
    pub(super) fn tick_search(&mut self, now: u32) {
        if !self.searching() {
            return;
        }
        if now.wrapping_sub(self.search.until) < u32::MAX / 2 {
            self.end_search(Search::TimedOut);
            return;
        }
        if let Step::Resting { at } = self.search.step {
            if now.wrapping_sub(at) < u32::MAX / 2 {
                self.next_round(now);
            }
        }
    }

    /// Discovery events (`Event::Other` to the HCI parser). Malformed ones are counted.
    pub(super) fn on_discovery_event(&mut self, code: u8, params: &[u8], now: u32) {
        match code {
            ev::INQUIRY_RESULT | ev::INQUIRY_RESULT_WITH_RSSI => {
                let Ok(found) =
                    discovery::inquiry_results(params, code == ev::INQUIRY_RESULT_WITH_RSSI)
                else {
                    self.stats.malformed += 1;
                    return;
                };
                let Step::Inquiring { since, seen: None } = self.search.step else {
                    return;
                };
                let links = &self.links;
                let new = found.filter(|f| f.bd != [0; 6]).find(|f| {
                    !links
                        .iter()
                        .any(|l| l.state != LinkState::Free && l.bd == f.bd)
                });
                if let Some(f) = new {
                    self.search.progress.answers = self.search.progress.answers.saturating_add(1);
                    self.search.step = Step::Inquiring {
                        since,
                        seen: Some(f),
                    };
                }
            }
            ev::INQUIRY_COMPLETE => {
                if !self.searching() {
                    return;
                }
                match self.search.step {
                    Step::Inquiring { seen: Some(f), .. } => {
                        self.search.step = Step::Naming(f);
                        self.queue(Some(discovery::remote_name_request(&f)));
                    }
                    Step::Inquiring { since, seen: None } => self.rest(since, now),
                    _ => {}
                }
            }
            ev::REMOTE_NAME_REQUEST_COMPLETE => {
                let Ok((status, bd, name)) = discovery::remote_name(params) else {
                    self.stats.malformed += 1;
                    return;
                };
                let Step::Naming(f) = self.search.step else {
                    return;
                };
                if f.bd != bd || !self.searching() {
                    return;
                }
                self.search.progress.named = self.search.progress.named.saturating_add(1);
                if status != 0 || !discovery::is_wii_remote(name) {
                    self.next_round(now);
                    return;
                }
                self.page(f, now);
            }
            _ => {}
        }
    }

    fn page(&mut self, f: Found, now: u32) {
        let Some(l) = self.links.iter_mut().find(|l| l.state == LinkState::Free) else {
            self.end_search(Search::Failed);
            return;
        };
        *l = Link::new();
        l.state = LinkState::Accepting;
        l.bd = f.bd;
        l.guest = true;
        l.since_ms = now;
        self.search.step = Step::Paging(f.bd);
        self.search.progress.paged = self.search.progress.paged.saturating_add(1);
        self.queue(Some(discovery::create_connection(&f)));
    }

    /// A command of the search was refused (Command Status with an error).
    pub(super) fn on_discovery_refused(&mut self, opcode: u16, params: &[u8], now: u32) {
        if opcode == op::CREATE_CONNECTION {
            if let Some(l) = self.links.iter_mut().find(|l| {
                l.state == LinkState::Accepting && l.guest && params.get(..6) == Some(&l.bd[..])
            }) {
                *l = Link::new();
            }
        }
        if !self.searching() {
            return;
        }
        match opcode {
            // The controller would not inquire: try again after the gap, not at once.
            op::INQUIRY => {
                self.search.step = Step::Resting {
                    at: now.wrapping_add(ROUND_GAP_MS),
                }
            }
            op::REMOTE_NAME_REQUEST | op::CREATE_CONNECTION => self.next_round(now),
            _ => {}
        }
    }

    /// A guest's Connection Complete (`ok`: status 0) for link `i`.
    pub(super) fn on_guest_connection(&mut self, i: usize, ok: bool, now: u32) {
        let paged = matches!(self.search.step, Step::Paging(bd) if bd == self.links[i].bd);
        if !paged || !self.searching() {
            return;
        }
        if ok {
            self.search.step = Step::Idle;
            self.search.state = Search::Found(LinkId(i as u8));
        } else {
            self.next_round(now);
        }
    }
}
