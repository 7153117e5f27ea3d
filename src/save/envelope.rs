//! The record around every saved payload:
//!
//! ```text
//! offset 0  "SNSV"            magic
//!        4  version  u16 BE   OLDEST_VERSION..=VERSION (anything else is refused, not guessed at)
//!        6  kind     u8       1 settings, 2 statistics, 3 match in progress
//!        7  0        u8       reserved
//!        8  sequence u32 BE   grows by one per write; the newer of two slots wins
//!       12  length   u32 BE   payload bytes
//!       16  payload
//!   16+len  crc32    u32 BE   CRC-32 of bytes 0..16+len
//! ```
//!
//! Owns framing and checking only; what a payload means lives in `settings.rs`, `stats.rs` and
//! `resume.rs`.

use super::bytes::{Reader, Writer};
use super::crc32::crc32;
use core::fmt;

pub const MAGIC: [u8; 4] = *b"SNSV";
/// The format written. 2: the match payload carries its senet rule set and Kendall's `bound`
/// flag (1 wrote the rule set as 0 and no flag; `resume.rs` says what is read of a 1). 3: the
/// Beginner opponent (saved index 5 in settings and match; statistics hold six opponents a
/// game, `stats.rs` reads the five of 1 and 2 by their length).
pub const VERSION: u16 = 3;
/// The oldest format still read. Settings payloads are the same in 1, 2 and 3.
pub const OLDEST_VERSION: u16 = 1;
/// Bytes before the payload.
pub const HEADER: usize = 16;
/// Bytes after the payload (the CRC).
const TRAILER: usize = 4;

/// What a record holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Settings = 1,
    Stats = 2,
    Match = 3,
}

impl Kind {
    fn from_u8(v: u8) -> Option<Kind> {
        match v {
            1 => Some(Kind::Settings),
            2 => Some(Kind::Stats),
            3 => Some(Kind::Match),
            _ => None,
        }
    }
}

/// Why bytes are not a usable record. Every case is reported and the record ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corrupt {
    /// Shorter than its header and CRC say (cut off mid-write).
    Truncated { have: usize, need: usize },
    /// Does not start with "SNSV" (not ours, or garbage).
    BadMagic,
    /// Written by another format version.
    UnknownVersion(u16),
    /// A kind byte this version does not know, or not the kind the file should hold.
    WrongKind(u8),
    /// Bytes after the CRC.
    TrailingBytes(usize),
    /// The CRC does not match: a bit flipped, or a write was torn.
    BadCrc { stored: u32, computed: u32 },
    /// The frame is sound but its payload is not a valid value (e.g. an impossible board).
    Payload,
    /// A senet match saved by format version N, which did not record the rule set: it cannot
    /// be continued without guessing, so it is refused (and the player told why).
    Outdated(u16),
}

impl fmt::Display for Corrupt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Corrupt::Truncated { have, need } => write!(f, "truncated ({have} of {need} bytes)"),
            Corrupt::BadMagic => f.write_str("not a save file (bad magic)"),
            Corrupt::UnknownVersion(v) => write!(f, "unknown version {v}"),
            Corrupt::WrongKind(k) => write!(f, "wrong kind {k}"),
            Corrupt::TrailingBytes(n) => write!(f, "{n} bytes after the end"),
            Corrupt::BadCrc { stored, computed } => {
                write!(f, "bad crc (stored {stored:08x}, computed {computed:08x})")
            }
            Corrupt::Payload => f.write_str("invalid contents"),
            Corrupt::Outdated(v) => write!(f, "senet match of version {v}: rule set unknown"),
        }
    }
}

/// A checked record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Envelope<'a> {
    pub kind: Kind,
    /// The format version it was written in (`OLDEST_VERSION..=VERSION`).
    pub version: u16,
    pub seq: u32,
    pub payload: &'a [u8],
}

/// Frames `payload` into `out`; returns the record's length, or `None` if `out` is too small.
pub fn encode(kind: Kind, seq: u32, payload: &[u8], out: &mut [u8]) -> Option<usize> {
    encode_with(kind, seq, out, |w| w.bytes(payload))
}

/// Frames the payload `fill` writes straight into `out` (no second buffer); `None` if it does
/// not fit.
pub fn encode_with(
    kind: Kind,
    seq: u32,
    out: &mut [u8],
    fill: impl FnOnce(&mut Writer),
) -> Option<usize> {
    let body = out.get_mut(HEADER..)?;
    let room = body.len().checked_sub(TRAILER)?;
    let mut w = Writer::new(&mut body[..room]);
    fill(&mut w);
    if !w.ok() {
        return None;
    }
    let len = w.len();
    let mut h = Writer::new(&mut out[..HEADER]);
    h.bytes(&MAGIC);
    h.u16(VERSION);
    h.u8(kind as u8);
    h.u8(0);
    h.u32(seq);
    h.u32(len as u32);
    let crc = crc32(&out[..HEADER + len]);
    out[HEADER + len..HEADER + len + TRAILER].copy_from_slice(&crc.to_be_bytes());
    Some(HEADER + len + TRAILER)
}

/// Reads a whole payload with `read`; anything invalid or left over is `Corrupt::Payload`.
pub fn payload<'a, T>(
    env: &Envelope<'a>,
    read: impl FnOnce(&mut Reader<'a>) -> Option<T>,
) -> Result<T, Corrupt> {
    let mut r = Reader::new(env.payload);
    let v = read(&mut r).ok_or(Corrupt::Payload)?;
    if r.remaining() == 0 {
        Ok(v)
    } else {
        Err(Corrupt::Payload)
    }
}

/// Checks a record of `kind`; never panics, whatever the bytes.
pub fn decode(bytes: &[u8], kind: Kind) -> Result<Envelope<'_>, Corrupt> {
    let mut r = Reader::new(bytes);
    let truncated = |need| Corrupt::Truncated {
        have: bytes.len(),
        need,
    };
    let magic = r.bytes(4).ok_or(truncated(HEADER + TRAILER))?;
    if magic != MAGIC {
        return Err(Corrupt::BadMagic);
    }
    let version = r.u16().ok_or(truncated(HEADER + TRAILER))?;
    if !(OLDEST_VERSION..=VERSION).contains(&version) {
        return Err(Corrupt::UnknownVersion(version));
    }
    let k = r.u8().ok_or(truncated(HEADER + TRAILER))?;
    let found = Kind::from_u8(k).filter(|&f| f == kind);
    let _reserved = r.u8().ok_or(truncated(HEADER + TRAILER))?;
    let seq = r.u32().ok_or(truncated(HEADER + TRAILER))?;
    let len = r.u32().ok_or(truncated(HEADER + TRAILER))? as usize;
    let need = HEADER.saturating_add(len).saturating_add(TRAILER);
    let payload = r.bytes(len).ok_or(truncated(need))?;
    let stored = r.u32().ok_or(truncated(need))?;
    if r.remaining() != 0 {
        return Err(Corrupt::TrailingBytes(r.remaining()));
    }
    let computed = crc32(&bytes[..HEADER + len]);
    if stored != computed {
        return Err(Corrupt::BadCrc { stored, computed });
    }
    let kind = found.ok_or(Corrupt::WrongKind(k))?;
    Ok(Envelope {
        kind,
        version,
        seq,
        payload,
    })
}
