//! HCI discovery: the commands that find and page a remote nobody paired with this console
//! (Inquiry, Inquiry_Cancel, Remote_Name_Request, Create_Connection) and their events
//! (Inquiry Result with and without RSSI, Inquiry Complete, Remote Name Request Complete).
//! Layouts from the Bluetooth 2.0 core spec (vol. 2 part E, 7.1 and 7.7), the values libogc
//! sends from `lwbt/hci.c` (`hci_inquiry`, `hci_read_remote_name`, `lp_connect_req`) and
//! `lwbt/bte.c` (`BTE_Inquiry`), and what Dolphin's `BTEmu.cpp` answers. Builds and parses
//! bytes only; the search itself is the host's (`host/guest.rs`).

use super::bytes::Reader;
use super::hci::{BdAddr, Command};
use super::ParseError;

/// Discovery opcodes (link control, OGF 0x01).
pub mod op {
    pub const INQUIRY: u16 = 0x0401;
    pub const INQUIRY_CANCEL: u16 = 0x0402;
    pub const CREATE_CONNECTION: u16 = 0x0405;
    pub const REMOTE_NAME_REQUEST: u16 = 0x0419;
}

/// Event codes.
pub mod ev {
    pub const INQUIRY_COMPLETE: u8 = 0x01;
    pub const INQUIRY_RESULT: u8 = 0x02;
    pub const REMOTE_NAME_REQUEST_COMPLETE: u8 = 0x07;
    pub const INQUIRY_RESULT_WITH_RSSI: u8 = 0x22;
}

/// The Limited Inquiry Access Code, which libogc's `BTE_Inquiry` uses because third-party
/// remotes answer only to it (`lwbt/bte.c`); a remote held on 1+2 answers it too.
pub const LIAC: u32 = 0x9E_8B00;
/// Inquiry length in units of 1.28 s, as `BTE_Inquiry` asks (3: 3.84 s per round).
pub const INQUIRY_LEN: u8 = 0x03;
/// Answers per round at most (0 would be unlimited).
pub const INQUIRY_MAX: u8 = 8;
/// ACL packet types offered when paging: DM1, DH1, DM3, DH3, DM5, DH5 (Bluetooth 2.0 core
/// spec, Create_Connection; libogc builds the same set from the controller's features).
pub const PACKET_TYPES: u16 = 0xCC18;
/// What every Wii Remote's name starts with (libogc `wiiuse/wpad.c`
/// `__wpad_read_remote_name_finished`: "Nintendo RVL-CNT-"; the Balance Board is
/// "Nintendo RVL-WBC-01", which this game does not use).
pub const REMOTE_NAME_PREFIX: &[u8] = b"Nintendo RVL-CNT-";

/// A device that answered an inquiry: what paging it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    pub bd: BdAddr,
    /// Page scan repetition mode.
    pub psrm: u8,
    /// Clock offset (bit 15 set: valid), passed back unchanged when paging.
    pub clock_offset: u16,
}

pub fn inquiry(lap: u32, len: u8, max: u8) -> Command {
    let [a, b, c, _] = lap.to_le_bytes();
    Command::new(op::INQUIRY, &[a, b, c, len, max])
}

pub fn inquiry_cancel() -> Command {
    Command::new(op::INQUIRY_CANCEL, &[])
}

/// Remote_Name_Request with the paging figures the inquiry gave.
pub fn remote_name_request(f: &Found) -> Command {
    let mut p = [0u8; 10];
    p[..6].copy_from_slice(&f.bd);
    p[6] = f.psrm;
    p[8..].copy_from_slice(&f.clock_offset.to_le_bytes());
    Command::new(op::REMOTE_NAME_REQUEST, &p)
}

/// Create_Connection: page the remote; the console stays master (no role switch).
pub fn create_connection(f: &Found) -> Command {
    let mut p = [0u8; 13];
    p[..6].copy_from_slice(&f.bd);
    p[6..8].copy_from_slice(&PACKET_TYPES.to_le_bytes());
    p[8] = f.psrm;
    p[10..12].copy_from_slice(&f.clock_offset.to_le_bytes());
    Command::new(op::CREATE_CONNECTION, &p)
}

/// The answers of an Inquiry Result (`rssi`: the with-RSSI layout, event 0x22). Each entry
/// is 14 bytes, fields in order per entry as BlueZ, lwbt and Dolphin lay them out. A count
/// the packet does not hold is an error.
pub fn inquiry_results(
    params: &[u8],
    rssi: bool,
) -> Result<impl Iterator<Item = Found> + '_, ParseError> {
    let mut r = Reader::new(params);
    let n = r.u8()? as usize;
    let entries = r.take(n * 14)?;
    Ok(entries.chunks_exact(14).map(move |e| {
        let mut bd = [0; 6];
        bd.copy_from_slice(&e[..6]);
        // Without RSSI: psrm, period mode, reserved, class (3), clock offset.
        // With RSSI: psrm, reserved, class (3), clock offset, RSSI.
        let co = if rssi { 11 } else { 12 };
        Found {
            bd,
            psrm: e[6],
            clock_offset: u16::from_le_bytes([e[co], e[co + 1]]),
        }
    }))
}

/// Remote Name Request Complete: (status, address, name up to its first NUL).
pub fn remote_name(params: &[u8]) -> Result<(u8, BdAddr, &[u8]), ParseError> {
    let mut r = Reader::new(params);
    let status = r.u8()?;
    let bd = r.array()?;
    let name = r.rest();
    let end = name.iter().position(|&b| b == 0).unwrap_or(name.len());
    Ok((status, bd, &name[..end]))
}

/// Whether a remote name is a Wii Remote's (RVL-CNT-01 or -01-TR).
pub fn is_wii_remote(name: &[u8]) -> bool {
    name.starts_with(REMOTE_NAME_PREFIX)
}
