//! HCI commands (built) and events (parsed), as carried by the oh1 USB endpoints: commands
//! without the H4 type byte (`opcode_lo opcode_hi plen params`), events as `code plen params`.
//! Opcodes and layouts from the Bluetooth 2.0 core spec, libogc `lwbt/hci.h`, Dolphin `BTEmu.cpp`.

use super::bytes::Reader;
use super::ParseError;
use heapless::Vec;

/// A Bluetooth device address in HCI (little-endian, as on the wire) byte order.
pub type BdAddr = [u8; 6];
/// A 128-bit link key.
pub type LinkKey = [u8; 16];

/// Command opcodes (OGF << 10 | OCF).
pub mod op {
    pub const ACCEPT_CONNECTION_REQUEST: u16 = 0x0409;
    pub const REJECT_CONNECTION_REQUEST: u16 = 0x040A;
    pub const LINK_KEY_REQUEST_REPLY: u16 = 0x040B;
    pub const LINK_KEY_REQUEST_NEGATIVE_REPLY: u16 = 0x040C;
    pub const PIN_CODE_REQUEST_REPLY: u16 = 0x040D;
    pub const AUTHENTICATION_REQUESTED: u16 = 0x0411;
    pub const DISCONNECT: u16 = 0x0406;
    pub const WRITE_LINK_POLICY_SETTINGS: u16 = 0x080D;
    pub const SET_EVENT_FILTER: u16 = 0x0C05;
    pub const WRITE_PIN_TYPE: u16 = 0x0C0A;
    pub const RESET: u16 = 0x0C03;
    pub const WRITE_LOCAL_NAME: u16 = 0x0C13;
    pub const WRITE_CLASS_OF_DEVICE: u16 = 0x0C24;
    pub const HOST_BUFFER_SIZE: u16 = 0x0C33;
    pub const WRITE_INQUIRY_SCAN_TYPE: u16 = 0x0C43;
    pub const WRITE_INQUIRY_MODE: u16 = 0x0C45;
    pub const WRITE_PAGE_SCAN_TYPE: u16 = 0x0C47;
    pub const READ_LOCAL_VERSION: u16 = 0x1001;
    pub const READ_LOCAL_FEATURES: u16 = 0x1003;
    pub const READ_STORED_LINK_KEY: u16 = 0x0C0D;
    pub const WRITE_STORED_LINK_KEY: u16 = 0x0C11;
    pub const WRITE_PAGE_TIMEOUT: u16 = 0x0C18;
    pub const WRITE_SCAN_ENABLE: u16 = 0x0C1A;
    pub const READ_BUFFER_SIZE: u16 = 0x1005;
    pub const READ_BD_ADDR: u16 = 0x1009;
    /// Status parameters (OGF 0x05) OCF 0x0003: the controller's link quality for a handle.
    pub const READ_LINK_QUALITY: u16 = 0x1403;
}

/// Disconnect reason "remote user terminated connection", as libogc sends.
pub const REASON_USER_TERMINATED: u8 = 0x13;
/// Reject reason "connection rejected due to limited resources".
pub const REASON_LIMITED_RESOURCES: u8 = 0x0D;
/// Disconnect reason "remote device terminated connection due to power off" (Bluetooth Core
/// Spec, error codes): what the host says when the console leaves the game or powers off.
pub const REASON_POWER_OFF: u8 = 0x15;
/// Link type ACL in connection events.
pub const LINK_ACL: u8 = 0x01;

/// One HCI command ready for the control endpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    bytes: Vec<u8, 256>,
}

/// Bytes of Write_Local_Name's name parameter (Bluetooth 2.0 core spec, zero-padded).
pub const LOCAL_NAME_LEN: usize = 248;

impl Command {
    /// `opcode`, then the parameters (at most 253 bytes: every command this host sends fits,
    /// Write_Local_Name's 248 being the longest).
    pub fn new(opcode: u16, params: &[u8]) -> Self {
        let mut bytes = Vec::new();
        let n = params.len().min(253);
        let [lo, hi] = opcode.to_le_bytes();
        let _ = bytes.extend_from_slice(&[lo, hi, n as u8]);
        let _ = bytes.extend_from_slice(&params[..n]);
        Command { bytes }
    }
    pub fn opcode(&self) -> u16 {
        u16::from_le_bytes([self.bytes[0], self.bytes[1]])
    }
    pub fn params(&self) -> &[u8] {
        &self.bytes[3..]
    }
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    pub fn reset() -> Self {
        Self::new(op::RESET, &[])
    }
    pub fn read_buffer_size() -> Self {
        Self::new(op::READ_BUFFER_SIZE, &[])
    }
    pub fn read_bd_addr() -> Self {
        Self::new(op::READ_BD_ADDR, &[])
    }
    /// Read every key stored in the controller (answered by Return Link Keys events).
    pub fn read_stored_link_keys() -> Self {
        Self::new(op::READ_STORED_LINK_KEY, &[0, 0, 0, 0, 0, 0, 1])
    }
    pub fn write_stored_link_key(bd: &BdAddr, key: &LinkKey) -> Self {
        let mut p = [0u8; 23];
        p[0] = 1;
        p[1..7].copy_from_slice(bd);
        p[7..].copy_from_slice(key);
        Self::new(op::WRITE_STORED_LINK_KEY, &p)
    }
    pub fn write_page_timeout(slots: u16) -> Self {
        Self::new(op::WRITE_PAGE_TIMEOUT, &slots.to_le_bytes())
    }
    /// 0x02 = page scan only: paired remotes may connect, nobody discovers us.
    /// Write_PIN_Type: 0 = variable PIN (libogc `bte.c` writes 0).
    pub fn write_pin_type(kind: u8) -> Self {
        Self::new(op::WRITE_PIN_TYPE, &[kind])
    }
    /// Write_Class_Of_Device, the three bytes as libogc passes them (little-endian on the wire).
    pub fn write_class_of_device(cod: [u8; 3]) -> Self {
        Self::new(op::WRITE_CLASS_OF_DEVICE, &cod)
    }
    /// Write_Local_Name: `name` NUL-padded to 248 bytes (longer names are cut).
    pub fn write_local_name(name: &[u8]) -> Self {
        let mut p = [0u8; LOCAL_NAME_LEN];
        let n = name.len().min(LOCAL_NAME_LEN - 1);
        p[..n].copy_from_slice(&name[..n]);
        Self::new(op::WRITE_LOCAL_NAME, &p)
    }
    /// Host_Buffer_Size: ACL packet length, SCO packet length, ACL and SCO packet counts.
    pub fn host_buffer_size(acl_len: u16, sco_len: u8, acl_num: u16, sco_num: u16) -> Self {
        let [a, b] = acl_len.to_le_bytes();
        let [c, d] = acl_num.to_le_bytes();
        let [e, f] = sco_num.to_le_bytes();
        Self::new(op::HOST_BUFFER_SIZE, &[a, b, sco_len, c, d, e, f])
    }
    pub fn read_local_version() -> Self {
        Self::new(op::READ_LOCAL_VERSION, &[])
    }
    pub fn read_local_features() -> Self {
        Self::new(op::READ_LOCAL_FEATURES, &[])
    }
    /// Write_Inquiry_Mode: 1 = with RSSI.
    pub fn write_inquiry_mode(mode: u8) -> Self {
        Self::new(op::WRITE_INQUIRY_MODE, &[mode])
    }
    /// Write_Page_Scan_Type: 1 = interlaced (faster reconnects).
    pub fn write_page_scan_type(kind: u8) -> Self {
        Self::new(op::WRITE_PAGE_SCAN_TYPE, &[kind])
    }
    /// Write_Inquiry_Scan_Type: 1 = interlaced.
    pub fn write_inquiry_scan_type(kind: u8) -> Self {
        Self::new(op::WRITE_INQUIRY_SCAN_TYPE, &[kind])
    }
    /// Set_Event_Filter with a condition-less filter (`kind`, `condition`), e.g. (1, 0):
    /// inquiry results from every device, as libogc `wpad.c` sets at the end of start-up.
    pub fn set_event_filter(kind: u8, condition: u8) -> Self {
        Self::new(op::SET_EVENT_FILTER, &[kind, condition])
    }
    pub fn write_scan_enable(mode: u8) -> Self {
        Self::new(op::WRITE_SCAN_ENABLE, &[mode])
    }
    /// Accept as master (role 0), as libogc does.
    pub fn accept_connection(bd: &BdAddr) -> Self {
        let mut p = [0u8; 7];
        p[..6].copy_from_slice(bd);
        Self::new(op::ACCEPT_CONNECTION_REQUEST, &p)
    }
    pub fn reject_connection(bd: &BdAddr, reason: u8) -> Self {
        let mut p = [0u8; 7];
        p[..6].copy_from_slice(bd);
        p[6] = reason;
        Self::new(op::REJECT_CONNECTION_REQUEST, &p)
    }
    pub fn authentication_requested(handle: u16) -> Self {
        Self::new(op::AUTHENTICATION_REQUESTED, &handle.to_le_bytes())
    }
    pub fn link_key_reply(bd: &BdAddr, key: &LinkKey) -> Self {
        let mut p = [0u8; 22];
        p[..6].copy_from_slice(bd);
        p[6..].copy_from_slice(key);
        Self::new(op::LINK_KEY_REQUEST_REPLY, &p)
    }
    pub fn link_key_negative_reply(bd: &BdAddr) -> Self {
        Self::new(op::LINK_KEY_REQUEST_NEGATIVE_REPLY, bd)
    }
    /// PIN reply: the Wii pairs with the PIN = the host's BD address bytes (sync-button pairing).
    pub fn pin_code_reply(bd: &BdAddr, pin: &BdAddr) -> Self {
        let mut p = [0u8; 23];
        p[..6].copy_from_slice(bd);
        p[6] = 6;
        p[7..13].copy_from_slice(pin);
        Self::new(op::PIN_CODE_REQUEST_REPLY, &p)
    }
    /// Role switch + sniff mode allowed (0x0005), as libogc after authentication.
    pub fn write_link_policy(handle: u16) -> Self {
        let [a, b] = handle.to_le_bytes();
        Self::new(op::WRITE_LINK_POLICY_SETTINGS, &[a, b, 0x05, 0x00])
    }
    pub fn disconnect(handle: u16, reason: u8) -> Self {
        let [a, b] = handle.to_le_bytes();
        Self::new(op::DISCONNECT, &[a, b, reason])
    }
    /// Read_Link_Quality for a connection handle (answered by a Command Complete).
    pub fn read_link_quality(handle: u16) -> Self {
        Self::new(op::READ_LINK_QUALITY, &(handle & 0x0FFF).to_le_bytes())
    }
}

/// A parsed HCI event, borrowing variable-length parts from the packet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event<'a> {
    CommandComplete {
        ncmd: u8,
        opcode: u16,
        ret: &'a [u8],
    },
    CommandStatus {
        status: u8,
        ncmd: u8,
        opcode: u16,
    },
    ConnectionRequest {
        bd: BdAddr,
        class: [u8; 3],
        link_type: u8,
    },
    ConnectionComplete {
        status: u8,
        handle: u16,
        bd: BdAddr,
        link_type: u8,
        encryption: u8,
    },
    DisconnectionComplete {
        status: u8,
        handle: u16,
        reason: u8,
    },
    AuthenticationComplete {
        status: u8,
        handle: u16,
    },
    RoleChange {
        status: u8,
        bd: BdAddr,
        role: u8,
    },
    /// (handle, completed count) pairs, see [`completed_packets`].
    NumberOfCompletedPackets(&'a [u8]),
    /// (bd, key) entries, see [`returned_keys`].
    ReturnLinkKeys(&'a [u8]),
    PinCodeRequest {
        bd: BdAddr,
    },
    LinkKeyRequest {
        bd: BdAddr,
    },
    LinkKeyNotification {
        bd: BdAddr,
        key: LinkKey,
        key_type: u8,
    },
    /// An event this module does not parse; discovery's events (`discovery.rs`) are read
    /// from `params`.
    Other {
        code: u8,
        params: &'a [u8],
    },
}

/// Parses one event: `code, plen, params`. Bytes after `plen` are ignored (USB padding).
pub fn parse_event(packet: &[u8]) -> Result<Event<'_>, ParseError> {
    let mut h = Reader::new(packet);
    let code = h.u8()?;
    let plen = h.u8()? as usize;
    let mut r = Reader::new(h.take(plen)?);
    let ev = match code {
        0x03 => Event::ConnectionComplete {
            status: r.u8()?,
            handle: r.u16le()? & 0x0FFF,
            bd: r.array()?,
            link_type: r.u8()?,
            encryption: r.u8()?,
        },
        0x04 => Event::ConnectionRequest {
            bd: r.array()?,
            class: r.array()?,
            link_type: r.u8()?,
        },
        0x05 => Event::DisconnectionComplete {
            status: r.u8()?,
            handle: r.u16le()? & 0x0FFF,
            reason: r.u8()?,
        },
        0x06 => Event::AuthenticationComplete {
            status: r.u8()?,
            handle: r.u16le()? & 0x0FFF,
        },
        0x0E => Event::CommandComplete {
            ncmd: r.u8()?,
            opcode: r.u16le()?,
            ret: r.rest(),
        },
        0x0F => Event::CommandStatus {
            status: r.u8()?,
            ncmd: r.u8()?,
            opcode: r.u16le()?,
        },
        0x12 => Event::RoleChange {
            status: r.u8()?,
            bd: r.array()?,
            role: r.u8()?,
        },
        0x13 => {
            let n = r.u8()? as usize;
            let pairs = r.take(n.checked_mul(4).ok_or(ParseError::BadLength)?)?;
            Event::NumberOfCompletedPackets(pairs)
        }
        0x15 => {
            let n = r.u8()? as usize;
            Event::ReturnLinkKeys(r.take(n * 22)?)
        }
        0x16 => Event::PinCodeRequest { bd: r.array()? },
        0x17 => Event::LinkKeyRequest { bd: r.array()? },
        0x18 => Event::LinkKeyNotification {
            bd: r.array()?,
            key: r.array()?,
            key_type: r.u8()?,
        },
        code => Event::Other {
            code,
            params: r.rest(),
        },
    };
    Ok(ev)
}

/// The (handle, count) pairs of a Number Of Completed Packets event.
pub fn completed_packets(pairs: &[u8]) -> impl Iterator<Item = (u16, u16)> + '_ {
    pairs.chunks_exact(4).map(|c| {
        (
            u16::from_le_bytes([c[0], c[1]]) & 0x0FFF,
            u16::from_le_bytes([c[2], c[3]]),
        )
    })
}

/// The (address, key) entries of a Return Link Keys event.
pub fn returned_keys(entries: &[u8]) -> impl Iterator<Item = (BdAddr, LinkKey)> + '_ {
    entries.chunks_exact(22).map(|c| {
        let mut bd = [0; 6];
        let mut key = [0; 16];
        bd.copy_from_slice(&c[..6]);
        key.copy_from_slice(&c[6..]);
        (bd, key)
    })
}

/// Read_Buffer_Size return parameters: (status, ACL MTU, ACL packet count).
pub fn parse_buffer_size(ret: &[u8]) -> Result<(u8, u16, u16), ParseError> {
    let mut r = Reader::new(ret);
    let status = r.u8()?;
    let acl_mtu = r.u16le()?;
    let _sco_mtu = r.u8()?;
    let acl_num = r.u16le()?;
    Ok((status, acl_mtu, acl_num))
}

/// Read_Local_Version_Information return parameters (Bluetooth Core spec vol 4 part E
/// 7.4.1): status, HCI version, HCI revision, LMP version, manufacturer, LMP subversion.
pub fn parse_local_version(ret: &[u8]) -> Result<(u8, crate::selftest::BtVersion), ParseError> {
    let mut r = Reader::new(ret);
    let status = r.u8()?;
    let v = crate::selftest::BtVersion {
        hci_version: r.u8()?,
        hci_revision: r.u16le()?,
        lmp_version: r.u8()?,
        manufacturer: r.u16le()?,
        lmp_subversion: r.u16le()?,
    };
    Ok((status, v))
}

/// Read_BD_ADDR return parameters: (status, address).
pub fn parse_bd_addr(ret: &[u8]) -> Result<(u8, BdAddr), ParseError> {
    let mut r = Reader::new(ret);
    Ok((r.u8()?, r.array()?))
}

/// Read_Link_Quality return parameters: (status, handle, quality 0..=255, higher is better).
/// Exactly four bytes; anything shorter (Dolphin's emulated controller answers commands it
/// does not know with an empty Command Complete) is an error.
pub fn parse_link_quality(ret: &[u8]) -> Result<(u8, u16, u8), ParseError> {
    let mut r = Reader::new(ret);
    let status = r.u8()?;
    let handle = r.u16le()? & 0x0FFF;
    let quality = r.u8()?;
    if r.remaining() != 0 {
        return Err(ParseError::BadLength);
    }
    Ok((status, handle, quality))
}
