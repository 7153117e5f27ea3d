//! CP (command processor) registers loaded through the command stream (`0x08, reg, value`):
//! their addresses and typed builders for the vertex descriptor (VCD), the vertex attribute
//! formats (VAT) and the matrix indices. Source: libogc gx.c (`GX_SetVtxAttrFmt`, `GX_SetVtxDesc`) and
//! Dolphin VideoCommon/CPMemory.h; every value the 2D pipeline uses was checked in Dolphin
//! (docs/hardware.md "GX"). Pure values.

/// CP register addresses (stream loads, not MMIO), in address order.
pub mod reg {
    /// MATINDEX_A: position and texcoord 0..3 matrix indices.
    pub const MATINDEX_A: u8 = 0x30;
    /// MATINDEX_B: texcoord 4..7 matrix indices.
    pub const MATINDEX_B: u8 = 0x40;
    /// VCD_LO: which attributes are present (position, colours, matrix indices).
    pub const VCD_LO: u8 = 0x50;
    /// VCD_HI: texcoords 0..7 present.
    pub const VCD_HI: u8 = 0x60;
    /// VAT_A/B/C for vertex format n are at base + n.
    pub const VAT_A: u8 = 0x70;
    pub const VAT_B: u8 = 0x80;
    pub const VAT_C: u8 = 0x90;
}

/// The identity matrix slots: position matrix 0, texture matrix 60 (libogc GX_IDENTITY).
pub const POS_MATRIX: u32 = 0;
pub const TEX_MATRIX_IDENTITY: u32 = 60;

/// MATINDEX_A (also loaded into XF 0x1018): position matrix 0, texcoord 0 matrix 60.
pub const fn matrix_index_a() -> u32 {
    POS_MATRIX | TEX_MATRIX_IDENTITY << 6
}

/// How an attribute is sent (2-bit fields of the VCD).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Attr {
    None = 0,
    Direct = 1,
}

/// VCD_LO: position and colour 0.
pub const fn vcd_lo(pos: Attr, color0: Attr) -> u32 {
    (pos as u32) << 9 | (color0 as u32) << 13
}

/// VCD_HI: texcoord 0.
pub const fn vcd_hi(tex0: Attr) -> u32 {
    tex0 as u32
}

/// Component formats of positions and texcoords.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum CompFormat {
    S16 = 3,
    F32 = 4,
}

/// Colour formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum ColorFormat {
    Rgba8888 = 5,
}

/// VAT_A of one vertex format: XY positions, RGBA colour 0, optional ST texcoord 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VatA {
    pub pos: CompFormat,
    pub color0: ColorFormat,
    /// Texcoord 0 format, or `None` when the format carries no texcoords.
    pub tex0: Option<CompFormat>,
}

impl VatA {
    pub const fn word(self) -> u32 {
        const POS_XY: u32 = 0;
        const COLOR_RGBA: u32 = 1;
        const TEX_ST: u32 = 1;
        /// Must be set (libogc __GX_InitRevBits).
        const BYTE_DEQUANT: u32 = 1 << 30;
        let tex = match self.tex0 {
            Some(f) => TEX_ST << 21 | (f as u32) << 22,
            None => 0,
        };
        POS_XY
            | (self.pos as u32) << 1
            | COLOR_RGBA << 13
            | (self.color0 as u32) << 14
            | tex
            | BYTE_DEQUANT
    }
}

/// VAT_B as libogc initialises it (bit 31: vertex cache enhance).
pub const VAT_B_INIT: u32 = 1 << 31;
/// VAT_C as libogc initialises it.
pub const VAT_C_INIT: u32 = 0;
