//! The GX command stream: opcodes and an encoder that writes BP/CP/XF loads, primitives and
//! vertices into a `Sink` (the write-gather pipe on the Wii, a byte buffer in host tests).
//! Big-endian, exactly the bytes the GP reads. Knows nothing of MMIO or of what is drawn.

use super::bp::BpWrite;

/// GX command opcodes (first byte of each command).
pub mod opcode {
    pub const NOP: u8 = 0x00;
    pub const LOAD_CP: u8 = 0x08;
    pub const LOAD_XF: u8 = 0x10;
    pub const LOAD_BP: u8 = 0x61;
    /// GX_QUADS; the low 3 bits select the vertex format.
    pub const QUADS: u8 = 0x80;
}

/// Bytes the write-gather pipe sends per burst; a flush pads with this many NOPs.
pub const BURST: usize = 32;

/// Where command bytes go. Values are written big-endian, in the order given.
pub trait Sink {
    fn put_u8(&mut self, v: u8);
    fn put_u16(&mut self, v: u16);
    fn put_u32(&mut self, v: u32);
    fn put_f32(&mut self, v: f32) {
        self.put_u32(v.to_bits());
    }
}

/// Counts bytes without storing them (for sizing and tests).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ByteCounter(pub usize);

impl Sink for ByteCounter {
    fn put_u8(&mut self, _: u8) {
        self.0 += 1;
    }
    fn put_u16(&mut self, _: u16) {
        self.0 += 2;
    }
    fn put_u32(&mut self, _: u32) {
        self.0 += 4;
    }
}

/// Vertex formats set up by `setup::init_2d` (VAT slots).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum VtxFmt {
    /// s16 x, s16 y, RGBA8 colour, f32 s, f32 t (textured quads): 16 bytes.
    Textured = 0,
    /// s16 x, s16 y, RGBA8 colour (flat quads): 8 bytes.
    Flat = 2,
}

/// Writes commands into a sink.
pub struct Encoder<S: Sink> {
    pub sink: S,
}

impl<S: Sink> Encoder<S> {
    pub const fn new(sink: S) -> Self {
        Encoder { sink }
    }

    /// A BP register load.
    #[inline]
    pub fn bp(&mut self, w: BpWrite) {
        self.sink.put_u8(opcode::LOAD_BP);
        self.sink.put_u32(w.0);
    }

    /// Several BP loads in order.
    pub fn bps(&mut self, ws: &[BpWrite]) {
        for &w in ws {
            self.bp(w);
        }
    }

    /// A CP register load.
    pub fn cp(&mut self, reg: u8, v: u32) {
        self.sink.put_u8(opcode::LOAD_CP);
        self.sink.put_u8(reg);
        self.sink.put_u32(v);
    }

    /// One XF register load.
    pub fn xf(&mut self, addr: u16, v: u32) {
        self.xf_words(addr, &[v]);
    }

    /// Consecutive XF words from `addr` (1..=16 values per command).
    pub fn xf_words(&mut self, addr: u16, vs: &[u32]) {
        self.sink.put_u8(opcode::LOAD_XF);
        self.sink
            .put_u32(((vs.len() as u32).saturating_sub(1)) << 16 | addr as u32);
        for &v in vs {
            self.sink.put_u32(v);
        }
    }

    /// Consecutive XF floats from `addr`, optionally followed by one extra word.
    pub fn xf_floats(&mut self, addr: u16, fs: &[f32], tail: Option<u32>) {
        let n = fs.len() + tail.is_some() as usize;
        self.sink.put_u8(opcode::LOAD_XF);
        self.sink
            .put_u32(((n as u32).saturating_sub(1)) << 16 | addr as u32);
        for &f in fs {
            self.sink.put_f32(f);
        }
        if let Some(t) = tail {
            self.sink.put_u32(t);
        }
    }

    /// Starts `quads` quads (4 vertices each) in vertex format `fmt`.
    #[inline]
    pub fn begin_quads(&mut self, fmt: VtxFmt, quads: u16) {
        self.sink.put_u8(opcode::QUADS | fmt as u8);
        self.sink.put_u16(quads.saturating_mul(4));
    }

    /// One vertex of [`VtxFmt::Flat`].
    #[inline]
    pub fn vertex_flat(&mut self, x: i16, y: i16, rgba: u32) {
        self.sink.put_u16(x as u16);
        self.sink.put_u16(y as u16);
        self.sink.put_u32(rgba);
    }

    /// One vertex of [`VtxFmt::Textured`].
    #[inline]
    pub fn vertex_textured(&mut self, x: i16, y: i16, rgba: u32, s: f32, t: f32) {
        self.sink.put_u16(x as u16);
        self.sink.put_u16(y as u16);
        self.sink.put_u32(rgba);
        self.sink.put_f32(s);
        self.sink.put_f32(t);
    }

    /// Pads with a burst of NOPs so the write-gather pipe sends every pending byte.
    pub fn pad_burst(&mut self) {
        for _ in 0..BURST / 4 {
            self.sink.put_u32(opcode::NOP as u32);
        }
    }
}
