//! BP (blitting processor) registers: the table of their addresses and typed builders for the
//! values the 2D pipeline writes. A BP load is the command `0x61, (reg << 24) | value24`.
//! Addresses and bit layouts: libogc gx.c and Dolphin VideoCommon/BPMemory.h,
//! each checked in Dolphin (docs/hardware.md "GX"). Pure values: nothing here touches hardware.

/// A complete BP load word: register in bits 24..31, value in bits 0..23.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BpWrite(pub u32);

const fn bp(reg: u8, value: u32) -> BpWrite {
    BpWrite((reg as u32) << 24 | (value & 0x00FF_FFFF))
}

/// BP register addresses, in address order.
pub mod reg {
    /// GENMODE: counts of texgens, colour channels, TEV stages; cull mode.
    pub const GENMODE: u8 = 0x00;
    /// Copy sample pattern, 4 registers (anti-aliasing off = 0x666666 each).
    pub const COPY_SAMPLE0: u8 = 0x01;
    /// IND_IMASK: indirect texture mask.
    pub const IND_IMASK: u8 = 0x0F;
    /// IND_CMD0..15: per-TEV-stage indirect set-up (0 = direct).
    pub const IND_CMD0: u8 = 0x10;
    /// SCISSOR_TL / SCISSOR_BR: scissor corners, +342 offset.
    pub const SCISSOR_TL: u8 = 0x20;
    pub const SCISSOR_BR: u8 = 0x21;
    /// RAS1_TREF0: TEV order of stages 0 and 1.
    pub const TREF0: u8 = 0x28;
    /// SU_SSIZE0 / SU_TSIZE0: texcoord 0 scale (texture width-1 / height-1).
    pub const SU_SSIZE0: u8 = 0x30;
    pub const SU_TSIZE0: u8 = 0x31;
    /// PE ZMODE, CMODE0 (blend), CMODE1 (dst alpha), PE_CONTROL (EFB format).
    pub const ZMODE: u8 = 0x40;
    pub const CMODE0: u8 = 0x41;
    pub const CMODE1: u8 = 0x42;
    pub const PE_CONTROL: u8 = 0x43;
    /// PE_DONE: draw done (sets PE finish when the GP gets here).
    pub const DRAW_DONE: u8 = 0x45;
    /// Clock-derived timing register (libogc GX_Init value on Wii).
    pub const CLOCK_0: u8 = 0x46;
    /// PE_TOKEN and PE_TOKEN_INT: the token the GP reports back.
    pub const TOKEN: u8 = 0x47;
    pub const TOKEN_INT: u8 = 0x48;
    /// EFB copy source top-left and size-1.
    pub const EFB_TL: u8 = 0x49;
    pub const EFB_WH: u8 = 0x4A;
    /// EFB copy destination (physical address >> 5).
    pub const COPY_DST: u8 = 0x4B;
    /// EFB copy destination stride in 32-byte units.
    pub const COPY_STRIDE: u8 = 0x4D;
    /// Display copy Y scale (256 = 1.0).
    pub const COPY_YSCALE: u8 = 0x4E;
    /// Clear colour A,R / G,B and clear Z.
    pub const CLEAR_AR: u8 = 0x4F;
    pub const CLEAR_GB: u8 = 0x50;
    pub const CLEAR_Z: u8 = 0x51;
    /// Copy execute (the copy starts on this write).
    pub const COPY_EXECUTE: u8 = 0x52;
    /// Copy vertical filter coefficients.
    pub const COPY_VFILTER0: u8 = 0x53;
    pub const COPY_VFILTER1: u8 = 0x54;
    /// Revision bits (libogc __GX_InitRevBits writes 0x0F).
    pub const REV_BITS: u8 = 0x58;
    /// Scissor offset.
    pub const SCISSOR_OFFSET: u8 = 0x59;
    /// TMEM invalidate.
    pub const TMEM_INVALIDATE: u8 = 0x66;
    /// Clock-derived timing register (libogc GX_Init value on Wii).
    pub const CLOCK_1: u8 = 0x69;
    /// Texture map 0: mode 0 (wrap, filter), mode 1 (LOD), image 0 (size, format),
    /// image 1/2 (TMEM even/odd), image 3 (address).
    pub const TX_SETMODE0: u8 = 0x80;
    pub const TX_SETMODE1: u8 = 0x84;
    pub const TX_SETIMAGE0: u8 = 0x88;
    pub const TX_SETIMAGE1: u8 = 0x8C;
    pub const TX_SETIMAGE2: u8 = 0x90;
    pub const TX_SETIMAGE3: u8 = 0x94;
    /// TEV stage 0 colour and alpha combiners.
    pub const TEV_COLOR_ENV0: u8 = 0xC0;
    pub const TEV_ALPHA_ENV0: u8 = 0xC1;
    /// Alpha compare.
    pub const ALPHA_COMPARE: u8 = 0xF3;
    /// TEV_KSEL0..7: swap tables (two registers per table).
    pub const TEV_KSEL0: u8 = 0xF6;
}

/// REV_BITS value (libogc __GX_InitRevBits).
pub const REV_BITS_INIT: u32 = 0x0F;
/// Clock-derived timing values libogc's GX_Init computes for the Wii's 243 MHz bus:
/// CLOCK_0 = bus/500/4224 | 0x200, CLOCK_1 = (bus/500) >> 11 | 0x400.
pub const CLOCK_0_WII: u32 = 0x273;
pub const CLOCK_1_WII: u32 = 0x4ED;
/// TMEM invalidate words libogc writes (both halves of TMEM).
pub const TMEM_INVALIDATE_ALL: [u32; 2] = [0x1000, 0x1100];
/// Copy sample pattern with anti-aliasing off (every sample at the pixel centre).
pub const SAMPLE_PATTERN_CENTER: u32 = 0x66_6666;
/// Copy vertical filter without deflicker (sharp 2D).
pub const VFILTER_SHARP: [u8; 7] = [0, 0, 21, 22, 21, 0, 0];
/// Copy vertical filter of libogc's interlaced "deflicker" modes (TVNtsc480IntDf).
pub const VFILTER_DEFLICKER: [u8; 7] = [8, 8, 10, 12, 10, 8, 8];
/// Value of DRAW_DONE that signals PE finish.
pub const DRAW_DONE_SIGNAL: u32 = 0x02;
/// Display copy Y scale of 1.0 (256ths).
pub const YSCALE_ONE: u32 = 0x100;
/// Clear depth: the far plane.
pub const Z_FAR: u32 = 0xFF_FFFF;

/// Offset the setup unit adds to scissor coordinates.
pub const SCISSOR_BIAS: u32 = 342;

/// A load of `value` into BP register `reg` (for registers without a richer builder).
pub const fn raw(reg: u8, value: u32) -> BpWrite {
    bp(reg, value)
}

/// GENMODE: how many texgens, colour channels and TEV stages; culling off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenMode {
    pub tex_gens: u8,
    pub color_chans: u8,
    pub tev_stages: u8,
}

impl GenMode {
    pub const fn word(self) -> BpWrite {
        let stages = if self.tev_stages == 0 {
            0
        } else {
            self.tev_stages as u32 - 1
        };
        bp(
            reg::GENMODE,
            self.tex_gens as u32 & 0xF | (self.color_chans as u32 & 7) << 4 | stages << 10,
        )
    }
}

/// Scissor corners (inclusive pixel coordinates) as the two BP words.
pub const fn scissor(x0: u32, y0: u32, x1: u32, y1: u32) -> [BpWrite; 2] {
    let tl = (y0 + SCISSOR_BIAS) & 0x7FF | ((x0 + SCISSOR_BIAS) & 0x7FF) << 12;
    let br = (y1 + SCISSOR_BIAS) & 0x7FF | ((x1 + SCISSOR_BIAS) & 0x7FF) << 12;
    [bp(reg::SCISSOR_TL, tl), bp(reg::SCISSOR_BR, br)]
}

/// Scissor offset for a viewport at (0, 0).
pub const fn scissor_offset() -> BpWrite {
    let o = (SCISSOR_BIAS >> 1) & 0x3FF;
    bp(reg::SCISSOR_OFFSET, o | o << 10)
}

/// Depth comparison functions (ZMODE bits 1..3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Compare {
    Never = 0,
    Always = 7,
}

/// ZMODE: depth test and update.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZMode {
    pub test: bool,
    pub func: Compare,
    pub update: bool,
}

impl ZMode {
    pub const fn word(self) -> BpWrite {
        bp(
            reg::ZMODE,
            self.test as u32 | (self.func as u32) << 1 | (self.update as u32) << 4,
        )
    }
}

/// Blend factors (CMODE0 bits 5..7 and 8..10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum BlendFactor {
    Zero = 0,
    One = 1,
    SrcAlpha = 4,
    InvSrcAlpha = 5,
}

/// CMODE0: blending, dithering and which EFB channels are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CMode0 {
    pub blend: bool,
    pub logic_op: bool,
    pub dither: bool,
    pub color_update: bool,
    pub alpha_update: bool,
    pub dst: BlendFactor,
    pub src: BlendFactor,
}

impl CMode0 {
    /// "src over dst": SRCALPHA / INVSRCALPHA, colour and alpha written, no dither.
    pub const ALPHA_BLEND: CMode0 = CMode0 {
        blend: true,
        logic_op: false,
        dither: false,
        color_update: true,
        alpha_update: true,
        dst: BlendFactor::InvSrcAlpha,
        src: BlendFactor::SrcAlpha,
    };
    pub const fn word(self) -> BpWrite {
        bp(
            reg::CMODE0,
            self.blend as u32
                | (self.logic_op as u32) << 1
                | (self.dither as u32) << 2
                | (self.color_update as u32) << 3
                | (self.alpha_update as u32) << 4
                | (self.dst as u32) << 5
                | (self.src as u32) << 8,
        )
    }
}

/// PE_CONTROL: EFB pixel format RGB8_Z24 (0) and whether Z is compared before texturing.
pub const fn pe_control(z_before_tex: bool) -> BpWrite {
    const RGB8_Z24: u32 = 0;
    bp(reg::PE_CONTROL, RGB8_Z24 | (z_before_tex as u32) << 6)
}

/// Alpha compare that always passes (both comparisons ALWAYS, op AND).
pub const fn alpha_compare_always() -> BpWrite {
    let always = Compare::Always as u32;
    bp(reg::ALPHA_COMPARE, always << 16 | always << 19)
}

/// Colour component selectors of a swap table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Channel {
    R = 0,
    G = 1,
    B = 2,
    A = 3,
}

/// Swap table `table` (0..3) as its two KSEL words (other KSEL fields 0).
pub const fn swap_table(table: u8, r: Channel, g: Channel, b: Channel, a: Channel) -> [BpWrite; 2] {
    let base = reg::TEV_KSEL0 + 2 * table;
    [
        bp(base, r as u32 | (g as u32) << 2),
        bp(base + 1, b as u32 | (a as u32) << 2),
    ]
}

/// RAS1_TREF for TEV stage 0: texture map/coordinate (and whether texturing is on), colour
/// channel 0 (COLOR0A0); stage 1 left zero.
pub const fn tev_order0(textured: bool) -> BpWrite {
    const TEXMAP0: u32 = 0;
    const TEXCOORD0: u32 = 0;
    const COLOR0A0: u32 = 0;
    bp(
        reg::TREF0,
        TEXMAP0 | TEXCOORD0 << 3 | (textured as u32) << 6 | COLOR0A0 << 7,
    )
}

/// TEV colour inputs (TEV_COLOR_ENV a/b/c/d).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum ColorIn {
    TexColor = 8,
    RasColor = 10,
    Zero = 15,
}

/// TEV alpha inputs (TEV_ALPHA_ENV a/b/c/d).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum AlphaIn {
    TexAlpha = 4,
    RasAlpha = 5,
    Zero = 7,
}

const TEV_CLAMP: u32 = 1 << 19;

/// TEV stage 0 colour combiner: out = d + lerp(a, b, c), clamped, to PREV.
pub const fn tev_color0(a: ColorIn, b: ColorIn, c: ColorIn, d: ColorIn) -> BpWrite {
    bp(
        reg::TEV_COLOR_ENV0,
        d as u32 | (c as u32) << 4 | (b as u32) << 8 | (a as u32) << 12 | TEV_CLAMP,
    )
}

/// TEV stage 0 alpha combiner: out = d + lerp(a, b, c), clamped, swap tables 0.
pub const fn tev_alpha0(a: AlphaIn, b: AlphaIn, c: AlphaIn, d: AlphaIn) -> BpWrite {
    bp(
        reg::TEV_ALPHA_ENV0,
        (d as u32) << 4 | (c as u32) << 7 | (b as u32) << 10 | (a as u32) << 13 | TEV_CLAMP,
    )
}

/// Texture formats (TX_SETIMAGE0 bits 20..23).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum TexFormat {
    /// 4-bit intensity, 8x8 tiles; the GPU reads it as I in all four channels (gfx/i4.rs).
    I4 = 0,
    Rgb565 = 4,
    Rgba8 = 6,
}

/// TX_SETMODE0 for map 0: clamp both ways, nearest filtering (texels land 1:1 on pixels).
pub const fn tex_mode0_clamp_nearest() -> BpWrite {
    bp(reg::TX_SETMODE0, 0)
}

/// TX_SETMODE1 for map 0: LOD 0..0 (no mipmaps).
pub const fn tex_mode1_no_lod() -> BpWrite {
    bp(reg::TX_SETMODE1, 0)
}

/// TX_SETIMAGE0 for map 0: size and format.
pub const fn tex_image0(width: u16, height: u16, fmt: TexFormat) -> BpWrite {
    bp(
        reg::TX_SETIMAGE0,
        (width as u32 - 1) & 0x3FF | ((height as u32 - 1) & 0x3FF) << 10 | (fmt as u32) << 20,
    )
}

/// TX_SETIMAGE1/2 for map 0: the TMEM cache regions libogc gives map 0 on the Wii (even bank
/// at 0, odd bank at 0x80000; 32 KiB cache lines each: width and height code 3).
pub const fn tex_tmem_regions() -> [BpWrite; 2] {
    const CACHE_32K: u32 = 3;
    const ODD_BASE: u32 = 0x8_0000 >> 5;
    let size = CACHE_32K << 15 | CACHE_32K << 18;
    [
        bp(reg::TX_SETIMAGE1, size),
        bp(reg::TX_SETIMAGE2, ODD_BASE | size),
    ]
}

/// TX_SETIMAGE3 for map 0: the texture's physical address (32-byte aligned).
pub const fn tex_image3(phys: u32) -> BpWrite {
    bp(reg::TX_SETIMAGE3, phys >> 5)
}

/// SU_SSIZE0 / SU_TSIZE0: texcoord 0 scale for a texture of this size.
pub const fn su_size0(width: u16, height: u16) -> [BpWrite; 2] {
    [
        bp(reg::SU_SSIZE0, width as u32 - 1),
        bp(reg::SU_TSIZE0, height as u32 - 1),
    ]
}

/// Clear colour (alpha ignored by the RGB8 EFB but written) and clear depth.
pub const fn clear_color(r: u8, g: u8, b: u8, a: u8, z: u32) -> [BpWrite; 3] {
    [
        bp(reg::CLEAR_AR, (a as u32) << 8 | r as u32),
        bp(reg::CLEAR_GB, (g as u32) << 8 | b as u32),
        bp(reg::CLEAR_Z, z),
    ]
}

/// Copy vertical filter with 7 coefficients (6 bits each; 0,0,21,22,21,0,0 = no deflicker).
pub const fn copy_vfilter(c: [u8; 7]) -> [BpWrite; 2] {
    let k = [
        c[0] as u32 & 0x3F,
        c[1] as u32 & 0x3F,
        c[2] as u32 & 0x3F,
        c[3] as u32 & 0x3F,
        c[4] as u32 & 0x3F,
        c[5] as u32 & 0x3F,
        c[6] as u32 & 0x3F,
    ];
    [
        bp(
            reg::COPY_VFILTER0,
            k[0] | k[1] << 6 | k[2] << 12 | k[3] << 18,
        ),
        bp(reg::COPY_VFILTER1, k[4] | k[5] << 6 | k[6] << 12),
    ]
}

/// EFB copy source rectangle.
pub const fn efb_source(x: u32, y: u32, w: u32, h: u32) -> [BpWrite; 2] {
    [
        bp(reg::EFB_TL, x & 0x3FF | (y & 0x3FF) << 10),
        bp(reg::EFB_WH, (w - 1) & 0x3FF | ((h - 1) & 0x3FF) << 10),
    ]
}

/// EFB copy execute for a display (XFB) copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopyExecute {
    pub clamp_top: bool,
    pub clamp_bottom: bool,
    /// Clear the EFB to the clear colour after copying.
    pub clear: bool,
}

impl CopyExecute {
    pub const fn word(self) -> BpWrite {
        const TO_XFB: u32 = 1 << 14;
        bp(
            reg::COPY_EXECUTE,
            self.clamp_top as u32
                | (self.clamp_bottom as u32) << 1
                | (self.clear as u32) << 11
                | TO_XFB,
        )
    }
}
