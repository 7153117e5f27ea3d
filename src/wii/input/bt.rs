//! Bluetooth host for the Wii's BCM2045 behind IOS `/dev/usb/oh1/57e/305`: HCI commands and
//! events, ACL (with fragmentation and reassembly), L2CAP signalling for the HID PSMs 0x11 and
//! 0x13 in both directions, and the real console's link-key authentication.
//!
//! Everything except [`transport`] is sans-I/O: byte slices in, typed events and packets out,
//! host-tested with recorded Dolphin traffic. Parsers never panic: bad packets are counted and
//! dropped. Wiimote HID semantics live in `wii::input::wiimote`, not here.

pub mod acl;
pub mod bytes;
pub mod discovery;
pub mod hci;
mod host;
pub mod l2cap;
mod link;
mod linkkeys;
pub mod transport;

#[cfg(test)]
pub(crate) mod replay;

pub use host::{
    Closing, Host, HostEvent, LinkId, Search, SearchProgress, Stats as BtStats, MAX_LINKS,
    QUALITY_EVERY_MS, SEARCH_MS,
};
pub use link::LinkQuality;
pub use linkkeys::LinkKeys;

/// Why a packet was dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Shorter than its header or its length field says.
    Truncated,
    /// A length field disagrees with the data, or exceeds a buffer.
    BadLength,
    /// Well-formed but not something this host handles (e.g. a continuation with no start).
    Unexpected,
}

#[cfg(test)]
mod props;
#[cfg(test)]
mod tests;
