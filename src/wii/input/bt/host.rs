//! The Bluetooth host state machine: controller bring-up, accepting remotes, link-key
//! authentication, ACL flow control and the L2CAP HID channels of up to [`MAX_LINKS`] links.
//!
//! Sans-I/O: feed it HCI events ([`Host::on_event`]) and ACL packets ([`Host::on_acl`]), take
//! commands ([`Host::pop_command`], one in flight) and ACL packets ([`Host::pop_acl`], within
//! the controller's buffer credits), and read [`HostEvent`]s. Malformed input is counted in
//! [`Stats`] and dropped. It knows nothing of Wiimote reports.

use super::acl::{self, fragment, OutPacket};
use super::hci::{self, BdAddr, Command};
use super::l2cap::{self, PSM_HID_CONTROL, PSM_HID_INTERRUPT};
use super::link::{Link, LinkState};
use super::linkkeys::LinkKeys;
use heapless::{Deque, Vec};

mod acl_in;
mod events;
mod guest;
mod init;
pub use guest::{Search, SearchProgress, SEARCH_MS};
use init::init_step;
#[cfg(test)]
pub use init::INIT_STEPS;
pub use quality::QUALITY_EVERY_MS;
mod quality;

/// Remotes connected at once (the Wii's four players).
pub const MAX_LINKS: usize = 4;
/// Largest HID report passed up (a 0x3D report with its 0xA1 header is 23 bytes).
pub const HID_MAX: usize = 32;
/// A command unanswered this long is abandoned so the queue keeps moving.
const COMMAND_TIMEOUT_MS: u32 = 1000;
/// If a remote has not opened its HID channels this long after connecting, the host does.
const HOST_OPEN_AFTER_MS: u32 = 1000;
/// With no buffer credit returned for this long, the credits are assumed lost and restored.
const CREDIT_WATCHDOG_MS: u32 = 1000;

/// Index of a link (0..MAX_LINKS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinkId(pub u8);

/// What the host tells the layer above.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostEvent {
    /// The controller is initialised and page scan is on.
    Up {
        bd: BdAddr,
    },
    /// A remote's baseband connection is up (channels not yet).
    Connected {
        link: LinkId,
        bd: BdAddr,
        handle: u16,
    },
    /// Both HID channels are open: reports may be sent.
    Ready {
        link: LinkId,
    },
    /// A HID message from the remote (`0xA1 …` on the interrupt channel).
    Hid {
        link: LinkId,
        control: bool,
        data: Vec<u8, HID_MAX>,
    },
    Disconnected {
        link: LinkId,
        reason: u8,
    },
}

/// Counters for the diagnostic screen and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub events: u32,
    pub acl_in: u32,
    pub acl_out: u32,
    pub commands: u32,
    /// Packets dropped because they did not parse.
    pub malformed: u32,
    /// ACL for a handle with no connected link.
    pub unknown_handle: u32,
    pub command_timeouts: u32,
    pub command_errors: u32,
    pub rejected_connections: u32,
    pub l2cap_refused: u32,
    pub auth_ok: u32,
    pub auth_failed: u32,
    pub key_replies: u32,
    pub key_negative_replies: u32,
    pub pin_replies: u32,
    pub keys_learnt: u32,
    pub credit_resets: u32,
    /// Read_Link_Quality answers without a usable value (short or oversized return
    /// parameters), dropped; the link's quality reads as unavailable.
    pub bad_quality_replies: u32,
    /// Events or packets lost because a queue was full.
    pub overflows: u32,
}

/// Why `send_hid` refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SendError {
    NotReady,
    QueueFull,
}

/// The host.
pub struct Host {
    init: usize,
    up: bool,
    bd: BdAddr,
    acl_mtu: u16,
    acl_num: u16,
    credits: u16,
    last_credit_ms: u32,
    commands: Deque<Command, 16>,
    in_flight: Option<(Command, u32)>,
    acl_out: Deque<OutPacket, 32>,
    links: [Link; MAX_LINKS],
    keys: LinkKeys,
    ident: u8,
    events: Deque<HostEvent, 32>,
    stats: Stats,
    closing: Closing,
    /// The controller's Read_Local_Version_Information answer (the self-test).
    pub(super) local_version: Option<crate::selftest::BtVersion>,
    search: guest::GuestSearch,
}

/// Where the host is in its shutdown ([`Host::shut_down`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closing {
    /// Running.
    No,
    /// Disconnects and the HCI Reset are queued or in flight.
    Started,
    /// The controller answered the Reset: every link is gone.
    Done,
}

impl Default for Host {
    fn default() -> Self {
        Self::new()
    }
}

impl Host {
    pub fn new() -> Self {
        Host {
            init: 0,
            up: false,
            bd: [0; 6],
            local_version: None,
            acl_mtu: 64,
            acl_num: 1,
            credits: 1,
            last_credit_ms: 0,
            commands: Deque::new(),
            in_flight: None,
            acl_out: Deque::new(),
            links: core::array::from_fn(|_| Link::new()),
            keys: LinkKeys::default(),
            ident: 0x20,
            events: Deque::new(),
            stats: Stats::default(),
            closing: Closing::No,
            search: guest::GuestSearch::default(),
        }
    }

    /// Starts the shutdown before the game leaves, as libogc `lwbt/bte.c` `BTE_Shutdown`
    /// (run by `WPAD_Shutdown` from the reset path) ends with `hci_reset()` and waits for it:
    /// whatever was queued is dropped, every connected remote is disconnected first (HCI
    /// Disconnect, reason 0x15 "power off", so it turns off at once instead of after its link
    /// supervision timeout), then the controller is reset. Timers stop queueing commands.
    /// [`Host::closing`] says when the Reset was answered.
    pub fn shut_down(&mut self) {
        self.commands.clear();
        for i in 0..MAX_LINKS {
            if let Some(h) = self.handle(LinkId(i as u8)) {
                self.queue(Some(Command::disconnect(h, hci::REASON_POWER_OFF)));
            }
        }
        self.queue(Some(Command::reset()));
        self.closing = Closing::Started;
    }

    /// The shutdown's progress.
    pub fn closing(&self) -> Closing {
        self.closing
    }

    /// ACL packets still waiting for the controller.
    pub fn acl_pending(&self) -> usize {
        self.acl_out.len()
    }

    /// Queues the start-up sequence (HCI Reset first).
    pub fn start(&mut self) {
        self.init = 0;
        self.up = false;
        self.commands.clear();
        self.queue(init_step(0));
    }

    pub fn is_up(&self) -> bool {
        self.up
    }
    pub fn bd_addr(&self) -> BdAddr {
        self.bd
    }
    /// The controller's version, once it answered Read_Local_Version_Information at start-up.
    pub fn local_version(&self) -> Option<crate::selftest::BtVersion> {
        self.local_version
    }
    pub fn stats(&self) -> Stats {
        self.stats
    }
    pub fn link_keys(&self) -> &LinkKeys {
        &self.keys
    }
    /// Connection handle of a connected link.
    pub fn handle(&self, link: LinkId) -> Option<u16> {
        let l = self.links.get(link.0 as usize)?;
        (l.state == LinkState::Connected).then_some(l.handle)
    }
    pub fn is_ready(&self, link: LinkId) -> bool {
        self.links
            .get(link.0 as usize)
            .is_some_and(|l| l.is_ready())
    }

    fn queue(&mut self, c: Option<Command>) {
        if let Some(c) = c {
            if self.commands.push_back(c).is_err() {
                self.stats.overflows += 1;
            }
        }
    }

    fn emit(&mut self, e: HostEvent) {
        if self.events.push_back(e).is_err() {
            self.stats.overflows += 1;
        }
    }

    fn next_ident(ident: &mut u8) -> u8 {
        *ident = if *ident == 0xFF { 0x01 } else { *ident + 1 };
        *ident
    }

    /// The next HCI command to send, if none is awaiting its answer.
    pub fn pop_command(&mut self, now: u32) -> Option<Command> {
        if self.in_flight.is_some() {
            return None;
        }
        let c = self.commands.pop_front()?;
        self.in_flight = Some((c.clone(), now));
        self.stats.commands += 1;
        Some(c)
    }

    /// The next ACL packet to send, if the controller has buffer room.
    pub fn pop_acl(&mut self) -> Option<OutPacket> {
        if self.credits == 0 {
            return None;
        }
        let p = self.acl_out.pop_front()?;
        self.credits -= 1;
        self.stats.acl_out += 1;
        Some(p)
    }

    /// The next event for the layer above.
    pub fn pop_event(&mut self) -> Option<HostEvent> {
        self.events.pop_front()
    }

    /// Timers: command timeout, host-initiated channel fallback, credit watchdog.
    pub fn tick(&mut self, now: u32) {
        if let Some((_, t)) = self.in_flight {
            if now.wrapping_sub(t) > COMMAND_TIMEOUT_MS {
                self.in_flight = None;
                self.stats.command_timeouts += 1;
            }
        }
        if self.closing != Closing::No {
            return;
        }
        if self.credits == 0
            && !self.acl_out.is_empty()
            && now.wrapping_sub(self.last_credit_ms) > CREDIT_WATCHDOG_MS
        {
            self.credits = self.acl_num;
            self.last_credit_ms = now;
            self.stats.credit_resets += 1;
        }
        self.poll_quality(now);
        self.tick_search(now);
        for i in 0..MAX_LINKS {
            let l = &self.links[i];
            // A guest the host paged will not open its channels: the host does, at once.
            let waited = l.guest || now.wrapping_sub(l.since_ms) > HOST_OPEN_AFTER_MS;
            if l.state != LinkState::Connected || !waited {
                continue;
            }
            let psm = if !l.control.connected && !l.control.requested {
                PSM_HID_CONTROL
            } else if l.control.is_open() && !l.interrupt.connected && !l.interrupt.requested {
                PSM_HID_INTERRUPT
            } else {
                continue;
            };
            let ident = Self::next_ident(&mut self.ident);
            if let Some(sig) = self.links[i].request(psm, ident) {
                let handle = self.links[i].handle;
                self.send_frame(handle, l2cap::CID_SIGNALLING, &sig);
            }
        }
    }

    /// Queues an L2CAP frame as ACL packets.
    fn send_frame(&mut self, handle: u16, cid: u16, payload: &[u8]) {
        let mut frame: Vec<u8, { acl::MAX_OUT * 2 }> = Vec::new();
        let _ = frame.extend_from_slice(&(payload.len() as u16).to_le_bytes());
        let _ = frame.extend_from_slice(&cid.to_le_bytes());
        if frame.extend_from_slice(payload).is_err() {
            self.stats.overflows += 1;
            return;
        }
        let mtu = self.acl_mtu as usize;
        let mut overflow = false;
        let q = &mut self.acl_out;
        fragment(handle, &frame, mtu, |p| overflow |= q.push_back(p).is_err());
        if overflow {
            self.stats.overflows += 1;
        }
    }

    /// Sends a HID output report (`0xA2 …`) on a ready link's interrupt channel.
    pub fn send_hid(&mut self, link: LinkId, report: &[u8]) -> Result<(), SendError> {
        let l = self.links.get(link.0 as usize).ok_or(SendError::NotReady)?;
        if !l.is_ready() {
            return Err(SendError::NotReady);
        }
        if self.acl_out.capacity() - self.acl_out.len() < 2 {
            return Err(SendError::QueueFull);
        }
        let (handle, cid) = (l.handle, l.interrupt.remote);
        self.send_frame(handle, cid, report);
        Ok(())
    }

    /// Asks the controller to drop a link (HCI Disconnect, reason 0x13).
    pub fn disconnect(&mut self, link: LinkId) {
        if let Some(h) = self.handle(link) {
            self.queue(Some(Command::disconnect(h, hci::REASON_USER_TERMINATED)));
        }
    }

    fn link_of_handle(&self, handle: u16) -> Option<usize> {
        self.links
            .iter()
            .position(|l| l.state == LinkState::Connected && l.handle == handle)
    }

    fn command_answered(&mut self, opcode: u16) -> Option<Command> {
        match &self.in_flight {
            Some((c, _)) if c.opcode() == opcode => self.in_flight.take().map(|(c, _)| c),
            _ => None,
        }
    }
}
