//! L2CAP basic frames and the signalling commands on CID 0x0001 (Bluetooth 2.0 vol 3 part A
//! §4): parsing into [`Signal`]s and building the responses and requests this host sends.
//! No channel state here; that is `bt::link`.

use super::bytes::Reader;
use super::ParseError;
use heapless::Vec;

/// The signalling channel.
pub const CID_SIGNALLING: u16 = 0x0001;
/// HID control channel PSM.
pub const PSM_HID_CONTROL: u16 = 0x11;
/// HID interrupt (data) channel PSM.
pub const PSM_HID_INTERRUPT: u16 = 0x13;
/// The MTU this host offers and accepts (what the Wiimote and Dolphin use).
pub const MTU: u16 = 185;

pub mod code {
    pub const COMMAND_REJECT: u8 = 0x01;
    pub const CONNECTION_REQUEST: u8 = 0x02;
    pub const CONNECTION_RESPONSE: u8 = 0x03;
    pub const CONFIGURE_REQUEST: u8 = 0x04;
    pub const CONFIGURE_RESPONSE: u8 = 0x05;
    pub const DISCONNECTION_REQUEST: u8 = 0x06;
    pub const DISCONNECTION_RESPONSE: u8 = 0x07;
    pub const ECHO_REQUEST: u8 = 0x08;
    pub const ECHO_RESPONSE: u8 = 0x09;
    pub const INFORMATION_REQUEST: u8 = 0x0A;
    pub const INFORMATION_RESPONSE: u8 = 0x0B;
}

/// Splits a whole L2CAP frame into (channel id, payload).
pub fn parse_frame(frame: &[u8]) -> Result<(u16, &[u8]), ParseError> {
    let mut r = Reader::new(frame);
    let len = r.u16le()? as usize;
    let cid = r.u16le()?;
    let payload = r.take(len)?;
    if r.remaining() != 0 {
        return Err(ParseError::BadLength);
    }
    Ok((cid, payload))
}

/// One signalling command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal<'a> {
    CommandReject {
        ident: u8,
        reason: u16,
    },
    ConnectionRequest {
        ident: u8,
        psm: u16,
        scid: u16,
    },
    ConnectionResponse {
        ident: u8,
        dcid: u16,
        scid: u16,
        result: u16,
        status: u16,
    },
    ConfigureRequest {
        ident: u8,
        dcid: u16,
        flags: u16,
        options: &'a [u8],
    },
    ConfigureResponse {
        ident: u8,
        scid: u16,
        flags: u16,
        result: u16,
        options: &'a [u8],
    },
    DisconnectionRequest {
        ident: u8,
        dcid: u16,
        scid: u16,
    },
    DisconnectionResponse {
        ident: u8,
        dcid: u16,
        scid: u16,
    },
    EchoRequest {
        ident: u8,
        data: &'a [u8],
    },
    EchoResponse {
        ident: u8,
    },
    InformationRequest {
        ident: u8,
        info_type: u16,
    },
    InformationResponse {
        ident: u8,
    },
    Unknown {
        code: u8,
        ident: u8,
    },
}

impl Signal<'_> {
    fn parse(code: u8, ident: u8, d: &[u8]) -> Result<Signal<'_>, ParseError> {
        let mut r = Reader::new(d);
        Ok(match code {
            code::COMMAND_REJECT => Signal::CommandReject {
                ident,
                reason: r.u16le()?,
            },
            code::CONNECTION_REQUEST => Signal::ConnectionRequest {
                ident,
                psm: r.u16le()?,
                scid: r.u16le()?,
            },
            code::CONNECTION_RESPONSE => Signal::ConnectionResponse {
                ident,
                dcid: r.u16le()?,
                scid: r.u16le()?,
                result: r.u16le()?,
                status: r.u16le()?,
            },
            code::CONFIGURE_REQUEST => Signal::ConfigureRequest {
                ident,
                dcid: r.u16le()?,
                flags: r.u16le()?,
                options: r.rest(),
            },
            code::CONFIGURE_RESPONSE => Signal::ConfigureResponse {
                ident,
                scid: r.u16le()?,
                flags: r.u16le()?,
                result: r.u16le()?,
                options: r.rest(),
            },
            code::DISCONNECTION_REQUEST => Signal::DisconnectionRequest {
                ident,
                dcid: r.u16le()?,
                scid: r.u16le()?,
            },
            code::DISCONNECTION_RESPONSE => Signal::DisconnectionResponse {
                ident,
                dcid: r.u16le()?,
                scid: r.u16le()?,
            },
            code::ECHO_REQUEST => Signal::EchoRequest {
                ident,
                data: r.rest(),
            },
            code::ECHO_RESPONSE => Signal::EchoResponse { ident },
            code::INFORMATION_REQUEST => Signal::InformationRequest {
                ident,
                info_type: r.u16le()?,
            },
            code::INFORMATION_RESPONSE => Signal::InformationResponse { ident },
            code => Signal::Unknown { code, ident },
        })
    }
}

/// Iterates the commands of one signalling payload (several may share a frame).
pub fn signals(payload: &[u8]) -> impl Iterator<Item = Result<Signal<'_>, ParseError>> {
    let mut r = Reader::new(payload);
    core::iter::from_fn(move || {
        if r.remaining() == 0 {
            return None;
        }
        let one = (|| {
            let code = r.u8()?;
            let ident = r.u8()?;
            let len = r.u16le()? as usize;
            let data = r.take(len)?;
            Signal::parse(code, ident, data)
        })();
        if one.is_err() {
            // A broken command ends the frame: lengths after it cannot be trusted.
            r.rest();
        }
        Some(one)
    })
}

/// The MTU option of a configuration request or response, if present and well-formed.
pub fn mtu_option(options: &[u8]) -> Option<u16> {
    let mut r = Reader::new(options);
    while r.remaining() > 0 {
        let kind = r.u8().ok()?;
        let len = r.u8().ok()? as usize;
        let v = r.take(len).ok()?;
        if kind & 0x7F == 0x01 && len == 2 {
            return Some(u16::from_le_bytes([v[0], v[1]]));
        }
    }
    None
}

/// A signalling command to send (code, ident, length, data), at most 40 bytes.
pub type SignalBytes = Vec<u8, 40>;

fn build(code: u8, ident: u8, fields: &[u16], tail: &[u8]) -> SignalBytes {
    let mut data: Vec<u8, 36> = Vec::new();
    for f in fields {
        let _ = data.extend_from_slice(&f.to_le_bytes());
    }
    let _ = data.extend_from_slice(&tail[..tail.len().min(36 - data.len())]);
    let mut out = SignalBytes::new();
    let _ = out.extend_from_slice(&[code, ident]);
    let _ = out.extend_from_slice(&(data.len() as u16).to_le_bytes());
    let _ = out.extend_from_slice(&data);
    out
}

const MTU_OPTION: [u8; 4] = [0x01, 0x02, MTU.to_le_bytes()[0], MTU.to_le_bytes()[1]];

pub fn connection_request(ident: u8, psm: u16, scid: u16) -> SignalBytes {
    build(code::CONNECTION_REQUEST, ident, &[psm, scid], &[])
}
pub fn connection_response(ident: u8, dcid: u16, scid: u16, result: u16) -> SignalBytes {
    build(
        code::CONNECTION_RESPONSE,
        ident,
        &[dcid, scid, result, 0],
        &[],
    )
}
/// Our configuration request: MTU 185.
pub fn configure_request(ident: u8, dcid: u16) -> SignalBytes {
    build(code::CONFIGURE_REQUEST, ident, &[dcid, 0], &MTU_OPTION)
}
/// Success, echoing the peer's options (as the Wii's own stack and the recorded runs in `testdata/` do).
pub fn configure_response(ident: u8, scid: u16, options: &[u8]) -> SignalBytes {
    build(code::CONFIGURE_RESPONSE, ident, &[scid, 0, 0], options)
}
pub fn disconnection_request(ident: u8, dcid: u16, scid: u16) -> SignalBytes {
    build(code::DISCONNECTION_REQUEST, ident, &[dcid, scid], &[])
}
pub fn disconnection_response(ident: u8, dcid: u16, scid: u16) -> SignalBytes {
    build(code::DISCONNECTION_RESPONSE, ident, &[dcid, scid], &[])
}
pub fn echo_response(ident: u8, data: &[u8]) -> SignalBytes {
    build(code::ECHO_RESPONSE, ident, &[], data)
}
/// "Not supported" for any information type.
pub fn information_response(ident: u8, info_type: u16) -> SignalBytes {
    build(code::INFORMATION_RESPONSE, ident, &[info_type, 1], &[])
}
/// Reason 0 = command not understood, 2 = invalid CID (then `data` = the CIDs).
pub fn command_reject(ident: u8, reason: u16, data: &[u8]) -> SignalBytes {
    build(code::COMMAND_REJECT, ident, &[reason], data)
}
