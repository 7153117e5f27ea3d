//! GX state the 2D pipeline never changes but must not inherit from the loader: libogc's
//! `GX_Init` defaults for fog (off), the field mask (both fields), the field mode (off) and the
//! Z texture (off), written once after `setup::init_2d`. Under the Homebrew Channel these are
//! already libogc's defaults; another loader (or a crashed program before us) could leave fog
//! on or a field masked, which Dolphin would never show because it starts them at 0.
//! Pure: writes only into the encoder's sink. Facts: docs/hardware.md "GX".

use super::bp;
use super::stream::{Encoder, Sink};

/// BP registers written here (libogc gx.c, Dolphin VideoCommon/BPMemory.h).
pub mod reg {
    /// Field mask: bit 0 odd lines, bit 1 even lines (libogc `GX_SetFieldMask`).
    pub const FIELD_MASK: u8 = 0x44;
    /// Field mode: bit 0 renders one field (libogc `GX_SetFieldMode`).
    pub const FIELD_MODE: u8 = 0x68;
    /// Fog parameters A, B magnitude, B shift, C + type, colour (libogc `GX_SetFog`).
    pub const FOG_A: u8 = 0xEE;
    pub const FOG_B_MAG: u8 = 0xEF;
    pub const FOG_B_SHIFT: u8 = 0xF0;
    pub const FOG_C_TYPE: u8 = 0xF1;
    pub const FOG_COLOR: u8 = 0xF2;
    /// Z texture bias and operation/format (libogc `GX_SetZTexture`).
    pub const ZTEX_BIAS: u8 = 0xF4;
    pub const ZTEX_OP: u8 = 0xF5;
}

/// Both fields enabled: libogc `GX_Init` calls `GX_SetFieldMask(GX_TRUE, GX_TRUE)`.
pub const FIELD_MASK_BOTH: u32 = 0b11;
/// Fog type `GX_FOG_NONE` (0) in bits 21..23 of FOG_C_TYPE: fog off whatever the parameters.
pub const FOG_TYPE_NONE: u32 = 0;
/// Z texture operation `GX_ZT_DISABLE` (0) in bits 2..3 of ZTEX_OP, format 0.
pub const ZTEX_DISABLE: u32 = 0;

/// The default writes, in order.
pub const DEFAULTS: [(u8, u32); 9] = [
    (reg::FIELD_MASK, FIELD_MASK_BOTH),
    (reg::FIELD_MODE, 0),
    (reg::FOG_A, 0),
    (reg::FOG_B_MAG, 0),
    (reg::FOG_B_SHIFT, 0),
    (reg::FOG_C_TYPE, FOG_TYPE_NONE << 21),
    (reg::FOG_COLOR, 0),
    (reg::ZTEX_BIAS, 0),
    (reg::ZTEX_OP, ZTEX_DISABLE << 2),
];

/// Writes [`DEFAULTS`].
pub fn write_defaults<S: Sink>(e: &mut Encoder<S>) {
    for (r, v) in DEFAULTS {
        e.bp(bp::raw(r, v));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    struct Words(Vec<u8>);
    impl Sink for Words {
        fn put_u8(&mut self, v: u8) {
            self.0.push(v);
        }
        fn put_u16(&mut self, v: u16) {
            self.0.extend_from_slice(&v.to_be_bytes());
        }
        fn put_u32(&mut self, v: u32) {
            self.0.extend_from_slice(&v.to_be_bytes());
        }
    }

    #[test]
    fn fog_is_off_both_fields_are_drawn_and_the_z_texture_is_off() {
        let mut e = Encoder::new(Words(Vec::new()));
        write_defaults(&mut e);
        let bytes = e.sink.0;
        // Each BP write is 0x61 then the 32-bit word (register << 24 | value).
        let words: Vec<u32> = bytes
            .chunks(5)
            .map(|c| {
                assert_eq!(c[0], 0x61);
                u32::from_be_bytes([c[1], c[2], c[3], c[4]])
            })
            .collect();
        assert_eq!(
            words,
            [
                0x4400_0003, // GX_SetFieldMask(GX_TRUE, GX_TRUE)
                0x6800_0000, // field mode off
                0xEE00_0000,
                0xEF00_0000,
                0xF000_0000,
                0xF100_0000, // GX_FOG_NONE
                0xF200_0000,
                0xF400_0000,
                0xF500_0000, // GX_ZT_DISABLE
            ]
        );
    }
}
