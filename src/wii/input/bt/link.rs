//! One baseband link to a remote and its two HID L2CAP channels: the channel state machine for
//! both directions (remote- or host-initiated connection, configuration both ways) and the
//! answers to every signalling command. A channel is open when its connection was accepted,
//! we answered the peer's configuration, and the peer accepted ours (Dolphin `IsComplete()`).

use super::acl::Reassembler;
use super::hci::BdAddr;
use super::l2cap::{self, Signal, SignalBytes, PSM_HID_CONTROL, PSM_HID_INTERRUPT};
use heapless::Vec;

/// Our CID for the HID control channel on every link (CIDs are per link).
pub const LOCAL_CID_CONTROL: u16 = 0x0070;
/// Our CID for the HID interrupt channel.
pub const LOCAL_CID_INTERRUPT: u16 = 0x0071;

/// One L2CAP channel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Channel {
    pub local: u16,
    /// The peer's CID, 0 until known.
    pub remote: u16,
    /// The connection was accepted (we answered its request, or it answered ours with success).
    pub connected: bool,
    /// We sent a connection request and wait for the answer.
    pub requested: bool,
    /// We accepted the peer's configuration request.
    pub theirs_done: bool,
    /// The peer accepted our configuration request.
    pub ours_done: bool,
}

impl Channel {
    fn new(local: u16) -> Self {
        Channel {
            local,
            ..Channel::default()
        }
    }
    pub fn is_open(&self) -> bool {
        self.connected && self.theirs_done && self.ours_done
    }
}

/// Whether a link is in use and how far it got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkState {
    Free,
    /// We accepted a connection request (or, for a guest, paged the remote with
    /// Create_Connection) and wait for Connection Complete.
    Accepting,
    Connected,
}

/// A baseband connection and its HID channels.
#[derive(Clone, Debug)]
pub struct Link {
    pub state: LinkState,
    pub handle: u16,
    pub bd: BdAddr,
    pub control: Channel,
    pub interrupt: Channel,
    pub reassembler: Reassembler,
    /// Time of Connection Complete, for the host-initiated fallback.
    pub since_ms: u32,
    /// The controller's last Read_Link_Quality answer for this link.
    pub quality: LinkQuality,
    /// When Read_Link_Quality was last queued for this link (None: never).
    pub quality_asked_ms: Option<u32>,
    /// A guest the host paged after a search (`host/guest.rs`): its PIN is its own address,
    /// its link key is kept for this session only, and the host opens its HID channels.
    pub guest: bool,
}

/// What the controller said about a link's quality.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LinkQuality {
    /// Not asked yet, or no answer yet.
    #[default]
    Unknown,
    /// Asked, but the answer carried no value (an error status or a short reply).
    Unavailable,
    /// 0..=255 as HCI reports it; higher is better (vendor-defined scale).
    Value(u8),
}

impl LinkQuality {
    /// The value, when the controller gave one.
    pub fn value(self) -> Option<u8> {
        match self {
            LinkQuality::Value(q) => Some(q),
            _ => None,
        }
    }
}

/// Outgoing signalling produced while handling one command.
pub type Replies = Vec<SignalBytes, 8>;

/// What happened to the link's channels while handling a command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The peer refused or rejected something (counted by the host).
    pub refused: bool,
    /// A channel was closed by the peer.
    pub closed: bool,
}

impl Link {
    pub fn new() -> Self {
        Link {
            state: LinkState::Free,
            handle: 0,
            bd: [0; 6],
            control: Channel::new(LOCAL_CID_CONTROL),
            interrupt: Channel::new(LOCAL_CID_INTERRUPT),
            reassembler: Reassembler::default(),
            since_ms: 0,
            quality: LinkQuality::Unknown,
            quality_asked_ms: None,
            guest: false,
        }
    }

    /// Both HID channels open: reports can flow.
    pub fn is_ready(&self) -> bool {
        self.state == LinkState::Connected && self.control.is_open() && self.interrupt.is_open()
    }

    fn by_local(&mut self, cid: u16) -> Option<&mut Channel> {
        [&mut self.control, &mut self.interrupt]
            .into_iter()
            .find(|c| c.local == cid)
    }

    /// Starts a host-initiated connection of `psm`; returns the request to send.
    pub fn request(&mut self, psm: u16, ident: u8) -> Option<SignalBytes> {
        let ch = if psm == PSM_HID_CONTROL {
            &mut self.control
        } else {
            &mut self.interrupt
        };
        if ch.connected || ch.requested {
            return None;
        }
        ch.requested = true;
        Some(l2cap::connection_request(ident, psm, ch.local))
    }

    /// Handles one signalling command; `ident` numbers our own requests.
    pub fn on_signal(
        &mut self,
        sig: Signal<'_>,
        next_ident: &mut impl FnMut() -> u8,
        out: &mut Replies,
    ) -> Outcome {
        let mut outcome = Outcome::default();
        match sig {
            Signal::ConnectionRequest { ident, psm, scid } => {
                let ch = match psm {
                    PSM_HID_CONTROL => &mut self.control,
                    PSM_HID_INTERRUPT => &mut self.interrupt,
                    _ => {
                        // Result 2: PSM not supported.
                        let _ = out.push(l2cap::connection_response(ident, 0, scid, 2));
                        outcome.refused = true;
                        return outcome;
                    }
                };
                // A repeated request (e.g. after the peer restarted) starts the channel afresh.
                *ch = Channel {
                    local: ch.local,
                    remote: scid,
                    connected: true,
                    ..Channel::default()
                };
                let _ = out.push(l2cap::connection_response(ident, ch.local, scid, 0));
                let _ = out.push(l2cap::configure_request(next_ident(), scid));
            }
            Signal::ConnectionResponse {
                dcid, scid, result, ..
            } => match self.by_local(scid) {
                Some(ch) if ch.requested && result == 0 => {
                    ch.requested = false;
                    ch.connected = true;
                    ch.remote = dcid;
                    let _ = out.push(l2cap::configure_request(next_ident(), dcid));
                }
                // 1 = pending: the final response follows.
                Some(ch) if ch.requested && result == 1 => {}
                Some(ch) => {
                    ch.requested = false;
                    outcome.refused = true;
                }
                None => outcome.refused = true,
            },
            Signal::ConfigureRequest {
                ident,
                dcid,
                options,
                ..
            } => match self.by_local(dcid) {
                Some(ch) if ch.connected => {
                    ch.theirs_done = true;
                    let _ = out.push(l2cap::configure_response(ident, ch.remote, options));
                }
                _ => {
                    let mut cids = [0u8; 4];
                    cids[..2].copy_from_slice(&dcid.to_le_bytes());
                    let _ = out.push(l2cap::command_reject(ident, 2, &cids));
                    outcome.refused = true;
                }
            },
            Signal::ConfigureResponse { scid, result, .. } => match self.by_local(scid) {
                Some(ch) if result == 0 => ch.ours_done = true,
                _ => outcome.refused = true,
            },
            Signal::DisconnectionRequest { ident, dcid, scid } => {
                if let Some(ch) = self.by_local(dcid) {
                    let local = ch.local;
                    *ch = Channel::new(local);
                    outcome.closed = true;
                }
                let _ = out.push(l2cap::disconnection_response(ident, dcid, scid));
            }
            Signal::EchoRequest { ident, data } => {
                let _ = out.push(l2cap::echo_response(ident, data));
            }
            Signal::InformationRequest { ident, info_type } => {
                let _ = out.push(l2cap::information_response(ident, info_type));
            }
            Signal::CommandReject { .. } => outcome.refused = true,
            Signal::DisconnectionResponse { .. }
            | Signal::EchoResponse { .. }
            | Signal::InformationResponse { .. } => {}
            Signal::Unknown { ident, .. } => {
                let _ = out.push(l2cap::command_reject(ident, 0, &[]));
                outcome.refused = true;
            }
        }
        outcome
    }
}

impl Default for Link {
    fn default() -> Self {
        Self::new()
    }
}
