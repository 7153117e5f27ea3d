//! Little byte cursors for the save payloads: [`Writer`] appends big-endian integers to a fixed
//! buffer and reports when it is full; [`Reader`] takes them back and reports truncation or a
//! value out of range as `None`. No allocation, no panics on any input.

/// Appends to `buf`; `ok()` is false once anything did not fit.
pub struct Writer<'a> {
    buf: &'a mut [u8],
    len: usize,
    overflow: bool,
}

impl<'a> Writer<'a> {
    pub fn new(buf: &'a mut [u8]) -> Self {
        Writer {
            buf,
            len: 0,
            overflow: false,
        }
    }
    pub fn bytes(&mut self, data: &[u8]) {
        match self.buf.get_mut(self.len..self.len + data.len()) {
            Some(dst) if !self.overflow => {
                dst.copy_from_slice(data);
                self.len += data.len();
            }
            _ => self.overflow = true,
        }
    }
    pub fn u8(&mut self, v: u8) {
        self.bytes(&[v]);
    }
    pub fn u16(&mut self, v: u16) {
        self.bytes(&v.to_be_bytes());
    }
    pub fn u32(&mut self, v: u32) {
        self.bytes(&v.to_be_bytes());
    }
    pub fn u64(&mut self, v: u64) {
        self.bytes(&v.to_be_bytes());
    }
    /// Bytes written so far.
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Everything fitted.
    pub fn ok(&self) -> bool {
        !self.overflow
    }
    /// The bytes written (only meaningful when `ok()`).
    pub fn written(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

/// Reads from `data`; every getter returns `None` past the end.
pub struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Reader { data, pos: 0 }
    }
    pub fn bytes(&mut self, n: usize) -> Option<&'a [u8]> {
        let s = self.data.get(self.pos..self.pos.checked_add(n)?)?;
        self.pos += n;
        Some(s)
    }
    pub fn u8(&mut self) -> Option<u8> {
        self.bytes(1).map(|b| b[0])
    }
    pub fn u16(&mut self) -> Option<u16> {
        self.bytes(2).map(|b| u16::from_be_bytes([b[0], b[1]]))
    }
    pub fn u32(&mut self) -> Option<u32> {
        self.bytes(4)
            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }
    pub fn u64(&mut self) -> Option<u64> {
        let hi = u64::from(self.u32()?);
        let lo = u64::from(self.u32()?);
        Some(hi << 32 | lo)
    }
    /// A byte that must be below `limit`.
    pub fn below(&mut self, limit: u8) -> Option<u8> {
        self.u8().filter(|&v| v < limit)
    }
    /// Bytes not read yet.
    pub fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }
}
