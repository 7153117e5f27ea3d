//! Link quality: the host asks the controller (HCI Read_Link_Quality) about each ready link
//! at most once every [`QUALITY_EVERY_MS`], only when no other command waits, so polling never
//! delays connection handling or input; answers are kept per link for the diagnostic screen.
//! A reply without a usable value is counted and leaves the link's quality "unavailable".
//! Part of [`Host`]; it touches nothing but the links' quality fields and the counters.

use super::{Host, LinkId};
use crate::wii::input::bt::hci::{self, Command};
use crate::wii::input::bt::link::{LinkQuality, LinkState};

/// Each ready link is asked this often at most (and first this long after it connected).
pub const QUALITY_EVERY_MS: u32 = 2000;

impl Host {
    /// What the controller last said about `link`'s quality (Unknown when not connected).
    pub fn link_quality(&self, link: LinkId) -> LinkQuality {
        match self.links.get(link.0 as usize) {
            Some(l) if l.state == LinkState::Connected => l.quality,
            _ => LinkQuality::Unknown,
        }
    }

    /// Queues one Read_Link_Quality for the ready link that waited longest, if one is due and
    /// the command queue is idle.
    pub(super) fn poll_quality(&mut self, now: u32) {
        if !self.up || self.in_flight.is_some() || !self.commands.is_empty() {
            return;
        }
        let due = |asked: Option<u32>, since: u32| {
            now.wrapping_sub(asked.unwrap_or(since)) >= QUALITY_EVERY_MS
        };
        let pick = self
            .links
            .iter()
            .enumerate()
            .filter(|(_, l)| l.is_ready() && due(l.quality_asked_ms, l.since_ms))
            .max_by_key(|(_, l)| now.wrapping_sub(l.quality_asked_ms.unwrap_or(l.since_ms)))
            .map(|(i, _)| i);
        if let Some(i) = pick {
            self.links[i].quality_asked_ms = Some(now);
            let handle = self.links[i].handle;
            self.queue(Some(Command::read_link_quality(handle)));
        }
    }

    /// The handle a Read_Link_Quality command asked about.
    fn asked_handle(cmd: Option<&Command>) -> Option<u16> {
        match cmd?.params() {
            [a, b] => Some(u16::from_le_bytes([*a, *b]) & 0x0FFF),
            _ => None,
        }
    }

    fn set_quality(&mut self, handle: Option<u16>, q: LinkQuality) {
        if let Some(i) = handle.and_then(|h| self.link_of_handle(h)) {
            self.links[i].quality = q;
        }
    }

    /// Command Complete of Read_Link_Quality.
    pub(super) fn on_quality_reply(&mut self, ret: &[u8], cmd: Option<&Command>) {
        let asked = Self::asked_handle(cmd);
        match hci::parse_link_quality(ret) {
            Ok((0, handle, q)) if asked.is_none_or(|a| a == handle) => {
                self.set_quality(Some(handle), LinkQuality::Value(q));
            }
            Ok((0, _, _)) | Err(_) => {
                self.stats.bad_quality_replies += 1;
                self.set_quality(asked, LinkQuality::Unavailable);
            }
            Ok((_, handle, _)) => {
                self.stats.command_errors += 1;
                self.set_quality(asked.or(Some(handle)), LinkQuality::Unavailable);
            }
        }
    }

    /// Command Status with an error for Read_Link_Quality.
    pub(super) fn on_quality_refused(&mut self, cmd: Option<&Command>) {
        self.set_quality(Self::asked_handle(cmd), LinkQuality::Unavailable);
    }
}
