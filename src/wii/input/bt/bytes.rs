//! Bounds-checked little-endian reading of packets: the only way parsers in `bt` and
//! `wiimote` look at bytes from outside, so a short packet is an error, never a panic.

use super::ParseError;

/// A cursor over a received packet.
#[derive(Clone, Debug)]
pub struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes, pos: 0 }
    }
    /// Bytes not read yet.
    pub fn remaining(&self) -> usize {
        self.bytes.len() - self.pos
    }
    pub fn u8(&mut self) -> Result<u8, ParseError> {
        let b = *self.bytes.get(self.pos).ok_or(ParseError::Truncated)?;
        self.pos += 1;
        Ok(b)
    }
    pub fn u16le(&mut self) -> Result<u16, ParseError> {
        Ok(u16::from_le_bytes(self.array()?))
    }
    pub fn u16be(&mut self) -> Result<u16, ParseError> {
        Ok(u16::from_be_bytes(self.array()?))
    }
    pub fn take(&mut self, n: usize) -> Result<&'a [u8], ParseError> {
        let end = self.pos.checked_add(n).ok_or(ParseError::BadLength)?;
        let s = self.bytes.get(self.pos..end).ok_or(ParseError::Truncated)?;
        self.pos = end;
        Ok(s)
    }
    pub fn array<const N: usize>(&mut self) -> Result<[u8; N], ParseError> {
        let mut a = [0; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }
    /// Everything left.
    pub fn rest(&mut self) -> &'a [u8] {
        let s = &self.bytes[self.pos..];
        self.pos = self.bytes.len();
        s
    }
}
