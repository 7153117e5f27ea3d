//! ACL data packets: header parsing, reassembly of fragmented L2CAP frames (packet boundary
//! flags) and fragmentation of outgoing frames to the controller's ACL MTU.
//! Header: `handle(12) | PB(2) | BC(2)` LE, then the data length LE (Bluetooth 2.0 §5.4.2).

use super::bytes::Reader;
use super::ParseError;
use heapless::Vec;

/// Packet boundary: first fragment of an L2CAP frame (host to controller and back).
pub const PB_START: u8 = 0b10;
/// Packet boundary: continuing fragment.
pub const PB_CONTINUE: u8 = 0b01;
/// Largest L2CAP frame reassembled (the remotes use MTU 185; the oh1 buffers are 1024).
pub const MAX_FRAME: usize = 1024;
/// Largest outgoing ACL packet this host builds (Wiimote output reports are ≤ 30 bytes).
pub const MAX_OUT: usize = 64;

/// A parsed ACL header and its payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AclPacket<'a> {
    pub handle: u16,
    pub pb: u8,
    pub data: &'a [u8],
}

/// Parses one ACL packet; extra bytes after the stated length are ignored.
pub fn parse_acl(packet: &[u8]) -> Result<AclPacket<'_>, ParseError> {
    let mut r = Reader::new(packet);
    let hf = r.u16le()?;
    let len = r.u16le()? as usize;
    let data = r.take(len)?;
    Ok(AclPacket {
        handle: hf & 0x0FFF,
        pb: ((hf >> 12) & 0x3) as u8,
        data,
    })
}

/// Joins fragments into whole L2CAP frames for one link.
#[derive(Clone, Debug, Default)]
pub struct Reassembler {
    buf: Vec<u8, MAX_FRAME>,
    expected: usize,
}

impl Reassembler {
    /// Feeds one fragment; returns a whole frame (L2CAP header included) when complete.
    pub fn push(&mut self, pb: u8, data: &[u8]) -> Result<Option<&[u8]>, ParseError> {
        if pb == PB_CONTINUE {
            if self.expected == 0 {
                return Err(ParseError::Unexpected);
            }
        } else {
            // Any start discards an unfinished frame.
            self.buf.clear();
            let mut r = Reader::new(data);
            let l2len = r.u16le()? as usize;
            self.expected = l2len + 4;
            if self.expected > MAX_FRAME {
                self.expected = 0;
                return Err(ParseError::BadLength);
            }
        }
        if self.buf.len() + data.len() > self.expected {
            self.buf.clear();
            self.expected = 0;
            return Err(ParseError::BadLength);
        }
        let _ = self.buf.extend_from_slice(data);
        if self.buf.len() == self.expected {
            self.expected = 0;
            Ok(Some(&self.buf))
        } else {
            Ok(None)
        }
    }
}

/// One outgoing ACL packet, header included.
pub type OutPacket = Vec<u8, MAX_OUT>;

/// Splits an L2CAP frame into ACL packets of at most `mtu` data bytes, calling `emit` for each.
pub fn fragment(handle: u16, frame: &[u8], mtu: usize, mut emit: impl FnMut(OutPacket)) {
    let chunk = mtu.clamp(1, MAX_OUT - 4);
    let mut first = true;
    for part in frame.chunks(chunk) {
        let pb = if first { PB_START } else { PB_CONTINUE };
        first = false;
        let hf = (handle & 0x0FFF) | (u16::from(pb) << 12);
        let mut p = OutPacket::new();
        let _ = p.extend_from_slice(&hf.to_le_bytes());
        let _ = p.extend_from_slice(&(part.len() as u16).to_le_bytes());
        let _ = p.extend_from_slice(part);
        emit(p);
    }
}
