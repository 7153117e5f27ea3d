//! Command sequences of the 2D pipeline: the one-time state (`init_2d`), switching between flat
//! and textured quads, binding a texture to map 0, the scissor, the EFB -> XFB copy with clear,
//! and draw-done. The order and every value follow libogc gx.c (`GX_Init`, `GX_SetCopyFilter`,
//! `GX_CopyDisp`, `GX_SetDrawDone`), checked in Dolphin (docs/hardware.md "GX"). Pure: writes
//! only into the encoder's sink.

use super::bp::{self, AlphaIn, Channel, ColorIn, Compare, CopyExecute, GenMode, TexFormat, ZMode};
use super::cp::{self, Attr, ColorFormat, CompFormat, VatA};
use super::stream::{Encoder, Sink, VtxFmt};
use super::xf;
use crate::gfx::color::Rgba;
use crate::gfx::rect::Rect;
use crate::wii::video::video_mode::VideoMode;

/// EFB and XFB size.
pub const WIDTH: u16 = 640;
pub const HEIGHT: u16 = 480;
/// XFB bytes per line (YUV 4:2:2, 2 bytes per pixel).
pub const XFB_STRIDE: u32 = WIDTH as u32 * 2;
/// Bytes per unit of the copy stride register.
const STRIDE_UNIT: u32 = 32;

const FLAT_GENMODE: GenMode = GenMode {
    tex_gens: 0,
    color_chans: 1,
    tev_stages: 1,
};
const TEXTURED_GENMODE: GenMode = GenMode {
    tex_gens: 1,
    color_chans: 1,
    tev_stages: 1,
};
const Z_OFF: ZMode = ZMode {
    test: false,
    func: Compare::Always,
    update: false,
};

/// TEV stage 0 outputs the vertex colour and alpha (GX_PASSCLR).
pub const TEV_PASSCLR: [bp::BpWrite; 2] = [
    bp::tev_color0(
        ColorIn::Zero,
        ColorIn::Zero,
        ColorIn::Zero,
        ColorIn::RasColor,
    ),
    bp::tev_alpha0(
        AlphaIn::Zero,
        AlphaIn::Zero,
        AlphaIn::Zero,
        AlphaIn::RasAlpha,
    ),
];
/// TEV stage 0 outputs texture x vertex colour, alpha too (GX_MODULATE).
pub const TEV_MODULATE: [bp::BpWrite; 2] = [
    bp::tev_color0(
        ColorIn::Zero,
        ColorIn::TexColor,
        ColorIn::RasColor,
        ColorIn::Zero,
    ),
    bp::tev_alpha0(
        AlphaIn::Zero,
        AlphaIn::TexAlpha,
        AlphaIn::RasAlpha,
        AlphaIn::Zero,
    ),
];

/// TEV stage 0 for text: colour = vertex colour, alpha = texture x vertex alpha. The I4 atlas
/// holds coverage, which the GPU reads into every channel (Dolphin TextureDecoder_Generic.cpp,
/// `DecodeBytes_I4_Generic`), so only its alpha may count: modulating the colour by it too
/// would darken anti-aliased edges twice. libogc gx.h: `GX_SetTevColorIn(GX_TEVSTAGE0, ZERO,
/// ZERO, ZERO, RASC)` with `GX_SetTevAlphaIn(GX_TEVSTAGE0, ZERO, TEXA, RASA, ZERO)`.
/// `gfx::soft::glyph_rgb` / `glyph_alpha` compute the same.
pub const TEV_TEXT: [bp::BpWrite; 2] = [
    bp::tev_color0(
        ColorIn::Zero,
        ColorIn::Zero,
        ColorIn::Zero,
        ColorIn::RasColor,
    ),
    bp::tev_alpha0(
        AlphaIn::Zero,
        AlphaIn::TexAlpha,
        AlphaIn::RasAlpha,
        AlphaIn::Zero,
    ),
];

/// Vertex format table: VAT_A of each slot used.
const VAT_TEXTURED: VatA = VatA {
    pos: CompFormat::S16,
    color0: ColorFormat::Rgba8888,
    tex0: Some(CompFormat::F32),
};
const VAT_FLAT: VatA = VatA {
    pos: CompFormat::S16,
    color0: ColorFormat::Rgba8888,
    tex0: None,
};

/// The whole one-time 2D state: 640x480 ortho, vertex formats, blending, texture map 0 mode,
/// copy settings. Leaves the pipeline in textured mode with `clear` as the clear colour.
pub fn init_2d<S: Sink>(e: &mut Encoder<S>, clear: Rgba) {
    e.xf(xf::addr::ERROR, xf::ERROR_INIT);
    e.xf(xf::addr::DUAL_TEX, 0);
    e.bp(bp::raw(bp::reg::REV_BITS, bp::REV_BITS_INIT));
    e.bp(bp::raw(bp::reg::IND_IMASK, 0));
    for stage in 0..16 {
        e.bp(bp::raw(bp::reg::IND_CMD0 + stage, 0));
    }
    // Without these, table 0 reads R,R,R,R in Dolphin (libogc gx.c `GX_Init` sets the swap tables too).
    e.bps(&bp::swap_table(
        0,
        Channel::R,
        Channel::G,
        Channel::B,
        Channel::A,
    ));
    e.bps(&bp::swap_table(
        1,
        Channel::R,
        Channel::R,
        Channel::R,
        Channel::A,
    ));
    e.bps(&bp::swap_table(
        2,
        Channel::G,
        Channel::G,
        Channel::G,
        Channel::A,
    ));
    e.bps(&bp::swap_table(
        3,
        Channel::B,
        Channel::B,
        Channel::B,
        Channel::A,
    ));
    e.bp(bp::raw(bp::reg::CLOCK_1, bp::CLOCK_1_WII));
    e.bp(bp::raw(bp::reg::CLOCK_0, bp::CLOCK_0_WII));
    invalidate_tmem(e);
    e.bp(TEXTURED_GENMODE.word());
    scissor(e, Rect::SCREEN);
    e.bp(bp::scissor_offset());
    e.bp(Z_OFF.word());
    e.bp(bp::CMode0::ALPHA_BLEND.word());
    e.bp(bp::raw(bp::reg::CMODE1, 0));
    e.bp(bp::pe_control(true));
    e.bp(bp::alpha_compare_always());
    e.cp(cp::reg::VCD_LO, cp::vcd_lo(Attr::Direct, Attr::Direct));
    e.cp(cp::reg::VCD_HI, cp::vcd_hi(Attr::Direct));
    for (fmt, vat) in [(VtxFmt::Textured, VAT_TEXTURED), (VtxFmt::Flat, VAT_FLAT)] {
        e.cp(cp::reg::VAT_A + fmt as u8, vat.word());
        e.cp(cp::reg::VAT_B + fmt as u8, cp::VAT_B_INIT);
        e.cp(cp::reg::VAT_C + fmt as u8, cp::VAT_C_INIT);
    }
    e.cp(cp::reg::MATINDEX_A, cp::matrix_index_a());
    e.cp(cp::reg::MATINDEX_B, 0);
    e.xf(xf::addr::MATINDEX_A, cp::matrix_index_a());
    e.xf(xf::addr::IN_VERTEX_SPEC, xf::in_vertex_spec(true));
    e.xf(xf::addr::NUM_COLORS, 1);
    e.xf(xf::addr::COLOR0_CTRL, xf::CHANNEL_FROM_VERTEX);
    e.xf(xf::addr::ALPHA0_CTRL, xf::CHANNEL_FROM_VERTEX);
    e.xf(xf::addr::NUM_TEXGENS, 1);
    e.xf(xf::addr::TEXGEN0, xf::texgen0_st_from_tex0());
    e.xf(xf::addr::POST_TEXGEN0, xf::POST_TEXGEN_IDENTITY);
    e.xf(xf::addr::CLIP_DISABLE, 0);
    e.xf_floats(xf::addr::POS_MATRIX0, &xf::POSITION_2D, None);
    e.xf_floats(xf::addr::TEX_MATRIX60, &xf::IDENTITY_2X4, None);
    let (w, h) = (WIDTH as f32, HEIGHT as f32);
    e.xf_floats(
        xf::addr::PROJECTION,
        &xf::ortho(0.0, h, 0.0, w, 0.0, 1.0),
        Some(xf::PROJECTION_ORTHO),
    );
    e.xf_floats(xf::addr::VIEWPORT, &xf::viewport(0.0, 0.0, w, h), None);
    e.bp(bp::tex_mode0_clamp_nearest());
    e.bp(bp::tex_mode1_no_lod());
    e.bps(&bp::tex_tmem_regions());
    e.bp(bp::tev_order0(true));
    e.bps(&TEV_MODULATE);
    set_clear_color(e, clear);
    for i in 0..4 {
        e.bp(bp::raw(
            bp::reg::COPY_SAMPLE0 + i,
            bp::SAMPLE_PATTERN_CENTER,
        ));
    }
    e.bps(&bp::copy_vfilter(bp::VFILTER_SHARP));
}

/// Invalidates the texture cache (after texture memory changed).
pub fn invalidate_tmem<S: Sink>(e: &mut Encoder<S>) {
    for w in bp::TMEM_INVALIDATE_ALL {
        e.bp(bp::raw(bp::reg::TMEM_INVALIDATE, w));
    }
}

/// Switches to flat quads ([`VtxFmt::Flat`], vertex colour only).
pub fn set_flat<S: Sink>(e: &mut Encoder<S>) {
    e.cp(cp::reg::VCD_HI, cp::vcd_hi(Attr::None));
    e.xf(xf::addr::IN_VERTEX_SPEC, xf::in_vertex_spec(false));
    e.xf(xf::addr::NUM_TEXGENS, 0);
    e.bp(FLAT_GENMODE.word());
    e.bp(bp::tev_order0(false));
    e.bps(&TEV_PASSCLR);
}

/// Switches to textured quads ([`VtxFmt::Textured`], texture x vertex colour).
pub fn set_textured<S: Sink>(e: &mut Encoder<S>) {
    e.cp(cp::reg::VCD_HI, cp::vcd_hi(Attr::Direct));
    e.xf(xf::addr::IN_VERTEX_SPEC, xf::in_vertex_spec(true));
    e.xf(xf::addr::NUM_TEXGENS, 1);
    e.bp(TEXTURED_GENMODE.word());
    e.bp(bp::tev_order0(true));
    e.bps(&TEV_MODULATE);
}

/// Points texture map 0 at an RGBA8 texture.
pub fn bind_rgba8<S: Sink>(e: &mut Encoder<S>, phys: u32, width: u16, height: u16) {
    e.bp(bp::tex_image0(width, height, TexFormat::Rgba8));
    e.bp(bp::tex_image3(phys));
    e.bps(&bp::su_size0(width, height));
}

/// Points texture map 0 at an I4 texture (the type's atlases).
pub fn bind_i4<S: Sink>(e: &mut Encoder<S>, phys: u32, width: u16, height: u16) {
    e.bp(bp::tex_image0(width, height, TexFormat::I4));
    e.bp(bp::tex_image3(phys));
    e.bps(&bp::su_size0(width, height));
}

/// Limits drawing to `r` (must be non-empty and on screen).
pub fn scissor<S: Sink>(e: &mut Encoder<S>, r: Rect) {
    let r = r.intersect(Rect::SCREEN);
    let [tl, br] = if r.is_empty() {
        // Nothing may be drawn: a scissor whose corners are crossed.
        bp::scissor(1, 1, 0, 0)
    } else {
        bp::scissor(
            r.x as u32,
            r.y as u32,
            (r.right() - 1) as u32,
            (r.bottom() - 1) as u32,
        )
    };
    e.bp(tl);
    e.bp(br);
}

/// The colour (and far depth) the EFB is cleared to by the next copy.
pub fn set_clear_color<S: Sink>(e: &mut Encoder<S>, c: Rgba) {
    e.bps(&bp::clear_color(c.r, c.g, c.b, 0xFF, bp::Z_FAR));
}

/// Copies the EFB into the XFB at `xfb_phys` (640x480 YUV), optionally clearing the EFB, as
/// libogc's GX_CopyDisp does (blend and Z update off while clearing).
pub fn copy_to_xfb<S: Sink>(e: &mut Encoder<S>, xfb_phys: u32, clear: bool) {
    let cmode = bp::CMode0::ALPHA_BLEND;
    if clear {
        e.bp(ZMode {
            test: true,
            func: Compare::Always,
            update: false,
        }
        .word());
        e.bp(bp::CMode0 {
            blend: false,
            logic_op: false,
            ..cmode
        }
        .word());
        e.bp(bp::pe_control(false));
    }
    e.bps(&bp::efb_source(0, 0, WIDTH as u32, HEIGHT as u32));
    e.bp(bp::raw(bp::reg::COPY_STRIDE, XFB_STRIDE / STRIDE_UNIT));
    e.bp(bp::raw(bp::reg::COPY_YSCALE, bp::YSCALE_ONE));
    e.bp(bp::raw(bp::reg::COPY_DST, xfb_phys >> 5));
    e.bp(CopyExecute {
        clamp_top: true,
        clamp_bottom: true,
        clear,
    }
    .word());
    if clear {
        e.bp(Z_OFF.word());
        e.bp(cmode.word());
        e.bp(bp::pe_control(true));
    }
}

/// Sets the copy's vertical filter: the deflicker blur libogc uses for interlaced modes
/// (8, 8, 10, 12, 10, 8, 8: softens one-line details that flicker on a 480i TV) or none.
pub fn set_deflicker<S: Sink>(e: &mut Encoder<S>, on: bool) {
    e.bps(&bp::copy_vfilter(if on {
        bp::VFILTER_DEFLICKER
    } else {
        bp::VFILTER_SHARP
    }));
}

/// Whether the copy deflickers in `mode`: in every interlaced mode, as libogc's
/// TVNtsc480IntDf, TVEurgb60Hz480IntDf and TVPal576IntDfScale (vfilter 8,8,10,12,10,8,8, which
/// the Homebrew Channel passes to `GX_SetCopyFilter`, hbc gfx.c); never in 480p (TVNtsc480Prog
/// has 0,0,21,22,21,0,0).
pub const fn deflicker_for(mode: VideoMode) -> bool {
    mode.interlaced()
}

/// Draw-done and a token, then a burst of NOPs so the GP receives every byte.
pub fn draw_done<S: Sink>(e: &mut Encoder<S>, token: u16) {
    e.bp(bp::raw(bp::reg::DRAW_DONE, bp::DRAW_DONE_SIGNAL));
    e.bp(bp::raw(bp::reg::TOKEN_INT, token as u32));
    e.bp(bp::raw(bp::reg::TOKEN, token as u32));
    e.pad_burst();
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    impl Sink for Vec<u32> {
        fn put_u8(&mut self, v: u8) {
            self.push(u32::from(v) | 0x100);
        }
        fn put_u16(&mut self, v: u16) {
            self.push(u32::from(v));
        }
        fn put_u32(&mut self, v: u32) {
            self.push(v);
        }
    }

    /// The BP words (0x61 opcode dropped) of the copy filter chosen for `mode`.
    fn filter_words(mode: VideoMode) -> Vec<u32> {
        let mut e = Encoder::new(Vec::new());
        set_deflicker(&mut e, deflicker_for(mode));
        e.sink.into_iter().filter(|w| *w != 0x161).collect()
    }

    #[test]
    fn interlaced_modes_copy_with_libogcs_deflicker_filter_and_480p_stays_sharp() {
        // 8,8,10,12,10,8,8 in 6-bit fields: 0x53 = 8 | 8<<6 | 10<<12 | 12<<18, 0x54 = 10 | 8<<6 | 8<<12.
        let deflicker = [0x5330_A208, 0x5400_820A];
        for mode in [VideoMode::Ntsc480i, VideoMode::Pal60, VideoMode::Pal576i] {
            assert_eq!(filter_words(mode), deflicker, "{mode}");
        }
        // 0,0,21,22,21,0,0.
        assert_eq!(
            filter_words(VideoMode::Progressive480p),
            [0x5359_5000, 0x5400_0015]
        );
    }
}
