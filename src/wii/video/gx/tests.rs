//! Host tests of the GX command stream: every builder against the words checked in Dolphin
//! (values from libogc gx.c; docs/hardware.md "GX"), and a small model of the GP that decodes the stream of a whole frame
//! and rasterises it; its pixels must equal the soft backend's for every scene.

use super::bp::{self, BpWrite};
use super::render::{encode_into_efb, encode_list, TextureMemory};
use super::setup::{self, TEV_MODULATE, TEV_PASSCLR, TEV_TEXT};
use super::stream::{opcode, Encoder, Sink};
use crate::gfx::assets::AssetId;
use crate::gfx::color::{palette, Rgba};
use crate::gfx::draw_list::DrawList;
use crate::gfx::layout::{
    draw_pointers, Pointer, SenasLayout, SenetLayout, TitleLayout, TitleView,
};
use crate::gfx::rect::Rect;
use crate::gfx::soft::{self, SoftRenderer, FRAME_BYTES};
use crate::gfx::view::Aspect;
use crate::gfx::{font, i4};
use std::collections::HashMap;
use std::vec::Vec;

impl Sink for Vec<u8> {
    fn put_u8(&mut self, v: u8) {
        self.push(v);
    }
    fn put_u16(&mut self, v: u16) {
        self.extend_from_slice(&v.to_be_bytes());
    }
    fn put_u32(&mut self, v: u32) {
        self.extend_from_slice(&v.to_be_bytes());
    }
}

fn stream(f: impl FnOnce(&mut Encoder<Vec<u8>>)) -> Vec<u8> {
    let mut e = Encoder::new(Vec::new());
    f(&mut e);
    e.sink
}

fn bp_words(bytes: &[u8]) -> Vec<u32> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            opcode::LOAD_BP => {
                out.push(u32::from_be_bytes(bytes[i + 1..i + 5].try_into().unwrap()));
                i += 5;
            }
            opcode::LOAD_CP => i += 6,
            opcode::LOAD_XF => {
                let h = u32::from_be_bytes(bytes[i + 1..i + 5].try_into().unwrap());
                i += 5 + 4 * ((h >> 16) as usize + 1);
            }
            opcode::NOP => i += 1,
            op => panic!("unexpected opcode {op:#x} at {i}"),
        }
    }
    out
}

#[test]
fn builders_produce_the_words_verified_in_dolphin() {
    // Every expected value is the libogc gx.c encoding, each checked in a Dolphin run.
    let checks: &[(BpWrite, u32)] = &[
        (
            bp::GenMode {
                tex_gens: 1,
                color_chans: 1,
                tev_stages: 1,
            }
            .word(),
            0x0000_0011,
        ),
        (
            bp::GenMode {
                tex_gens: 0,
                color_chans: 1,
                tev_stages: 1,
            }
            .word(),
            0x0000_0010,
        ),
        (bp::scissor(0, 0, 639, 479)[0], 0x2015_6156),
        (bp::scissor(0, 0, 639, 479)[1], 0x213D_5335),
        (bp::scissor_offset(), 0x5902_ACAB),
        (
            bp::ZMode {
                test: false,
                func: bp::Compare::Always,
                update: false,
            }
            .word(),
            0x4000_000E,
        ),
        (bp::CMode0::ALPHA_BLEND.word(), 0x4100_04B9),
        (bp::pe_control(true), 0x4300_0040),
        (bp::pe_control(false), 0x4300_0000),
        (bp::alpha_compare_always(), 0xF33F_0000),
        (
            bp::swap_table(
                0,
                bp::Channel::R,
                bp::Channel::G,
                bp::Channel::B,
                bp::Channel::A,
            )[0],
            0xF600_0004,
        ),
        (
            bp::swap_table(
                0,
                bp::Channel::R,
                bp::Channel::G,
                bp::Channel::B,
                bp::Channel::A,
            )[1],
            0xF700_000E,
        ),
        (
            bp::swap_table(
                1,
                bp::Channel::R,
                bp::Channel::R,
                bp::Channel::R,
                bp::Channel::A,
            )[1],
            0xF900_000C,
        ),
        (
            bp::swap_table(
                2,
                bp::Channel::G,
                bp::Channel::G,
                bp::Channel::G,
                bp::Channel::A,
            )[0],
            0xFA00_0005,
        ),
        (
            bp::swap_table(
                3,
                bp::Channel::B,
                bp::Channel::B,
                bp::Channel::B,
                bp::Channel::A,
            )[0],
            0xFC00_000A,
        ),
        (bp::tev_order0(true), 0x2800_0040),
        (bp::tev_order0(false), 0x2800_0000),
        (TEV_PASSCLR[0], 0xC008_FFFA),
        (TEV_PASSCLR[1], 0xC108_FFD0),
        (TEV_MODULATE[0], 0xC008_F8AF),
        (TEV_MODULATE[1], 0xC108_F2F0),
        // Text: the colour passes (as PASSCLR), the alpha modulates (as MODULATE).
        (TEV_TEXT[0], 0xC008_FFFA),
        (TEV_TEXT[1], 0xC108_F2F0),
        (bp::tex_image0(32, 32, bp::TexFormat::I4), 0x8800_7C1F),
        (bp::tex_mode0_clamp_nearest(), 0x8000_0000),
        (bp::tex_image0(32, 32, bp::TexFormat::Rgba8), 0x8860_7C1F),
        (bp::tex_image0(32, 32, bp::TexFormat::Rgb565), 0x8840_7C1F),
        (bp::tex_tmem_regions()[0], 0x8C0D_8000),
        (bp::tex_tmem_regions()[1], 0x900D_C000),
        (bp::tex_image3(0x00A0_0000), 0x9405_0000),
        (bp::su_size0(32, 32)[0], 0x3000_001F),
        (bp::su_size0(32, 32)[1], 0x3100_001F),
        (
            bp::clear_color(0x20, 0x30, 0x40, 0xFF, bp::Z_FAR)[0],
            0x4F00_FF20,
        ),
        (
            bp::clear_color(0x20, 0x30, 0x40, 0xFF, bp::Z_FAR)[1],
            0x5000_3040,
        ),
        (
            bp::clear_color(0x20, 0x30, 0x40, 0xFF, bp::Z_FAR)[2],
            0x51FF_FFFF,
        ),
        (bp::copy_vfilter(bp::VFILTER_SHARP)[0], 0x5359_5000),
        (bp::copy_vfilter(bp::VFILTER_SHARP)[1], 0x5400_0015),
        (bp::efb_source(0, 0, 640, 480)[0], 0x4900_0000),
        (bp::efb_source(0, 0, 640, 480)[1], 0x4A07_7E7F),
        (
            bp::CopyExecute {
                clamp_top: true,
                clamp_bottom: true,
                clear: true,
            }
            .word(),
            0x5200_4803,
        ),
        (
            bp::CopyExecute {
                clamp_top: true,
                clamp_bottom: true,
                clear: false,
            }
            .word(),
            0x5200_4003,
        ),
    ];
    for (i, &(got, want)) in checks.iter().enumerate() {
        assert_eq!(got.0, want, "check {i}: {:#010x} != {want:#010x}", got.0);
    }
    use super::cp::{self, Attr, ColorFormat, CompFormat, VatA};
    assert_eq!(cp::vcd_lo(Attr::Direct, Attr::Direct), 0x2200);
    assert_eq!(
        VatA {
            pos: CompFormat::S16,
            color0: ColorFormat::Rgba8888,
            tex0: Some(CompFormat::F32)
        }
        .word(),
        0x4121_6006
    );
    assert_eq!(
        VatA {
            pos: CompFormat::S16,
            color0: ColorFormat::Rgba8888,
            tex0: None
        }
        .word(),
        0x4001_6006
    );
    assert_eq!(cp::matrix_index_a(), 0xF00);
    use super::xf;
    assert_eq!(xf::in_vertex_spec(true), 0x11);
    assert_eq!(xf::texgen0_st_from_tex0(), 0x280);
    let proj: Vec<u32> = xf::ortho(0.0, 480.0, 0.0, 640.0, 0.0, 1.0)
        .iter()
        .map(|f| f.to_bits())
        .collect();
    assert_eq!(
        proj,
        [
            0x3B4C_CCCD,
            0xBF80_0000,
            0xBB88_8889,
            0x3F80_0000,
            0xBF80_0000,
            0xBF80_0000
        ]
    );
    let vp: Vec<u32> = xf::viewport(0.0, 0.0, 640.0, 480.0)
        .iter()
        .map(|f| f.to_bits())
        .collect();
    assert_eq!(
        vp,
        [
            0x43A0_0000,
            0xC370_0000,
            0x4B7F_FFFF,
            0x4425_8000,
            0x4411_8000,
            0x4B7F_FFFF
        ]
    );
}

#[test]
fn copy_with_clear_matches_the_verified_sequence() {
    let bytes = stream(|e| setup::copy_to_xfb(e, 0x0090_0000, true));
    let want = [
        0x4000_000F,
        0x4100_04B8,
        0x4300_0000,
        0x4900_0000,
        0x4A07_7E7F,
        0x4D00_0028,
        0x4E00_0100,
        0x4B04_8000,
        0x5200_4803,
        0x4000_000E,
        0x4100_04B9,
        0x4300_0040,
    ];
    assert_eq!(bp_words(&bytes), want);
}

#[test]
fn deflicker_uses_libogcs_interlace_filter_and_sharp_turns_it_off() {
    let on = bp_words(&stream(|e| setup::set_deflicker(e, true)));
    assert_eq!(
        on,
        [
            0x5300_0000 | 8 | 8 << 6 | 10 << 12 | 12 << 18,
            0x5400_0000 | 10 | 8 << 6 | 8 << 12
        ]
    );
    assert_eq!(
        bp_words(&stream(|e| setup::set_deflicker(e, false))),
        [0x5359_5000, 0x5400_0015]
    );
}

#[test]
fn draw_done_ends_with_a_burst_of_nops() {
    let bytes = stream(|e| setup::draw_done(e, 7));
    assert_eq!(
        bp_words(&bytes[..15]),
        [0x4500_0002, 0x4800_0007, 0x4700_0007]
    );
    assert_eq!(&bytes[15..], &[0u8; 32]);
}

#[test]
fn init_programs_swap_tables_and_the_initial_state() {
    let bytes = stream(|e| setup::init_2d(e, Rgba::rgb(0x20, 0x30, 0x40)));
    let words = bp_words(&bytes);
    for w in [
        0xF600_0004,
        0xF700_000E,
        0x0000_0011,
        0x4100_04B9,
        0x4F00_FF20,
        0x5000_3040,
        0x6900_04ED,
        0x4600_0273,
    ] {
        assert!(words.contains(&w), "{w:#010x} missing");
    }
}

// ---------- a model of the GP, enough for this pipeline ----------

struct Mem {
    /// Texture bytes and width by physical address; I4 when the bool says so.
    textures: HashMap<u32, (Vec<u8>, usize, bool)>,
}

const FONT_PHYS: u32 = 0x0100_0000;

impl TextureMemory for Mem {
    fn asset_phys(&self, id: AssetId) -> u32 {
        0x0020_0000 + (id as u32) * 0x1_0000
    }
    fn font_phys(&self, scale: u8) -> u32 {
        FONT_PHYS + u32::from(font::face(scale).scale) * 0x10_0000
    }
}

impl Mem {
    fn new() -> Self {
        let mut textures = HashMap::new();
        for id in AssetId::ALL {
            let t = id.texture();
            textures.insert(
                0x0020_0000 + (id as u32) * 0x1_0000,
                (t.gx_rgba8.to_vec(), t.width as usize, false),
            );
        }
        for f in &font::FACES {
            let m = Mem {
                textures: HashMap::new(),
            };
            textures.insert(
                m.font_phys(f.scale),
                (f.atlas.to_vec(), f.atlas_w as usize, true),
            );
        }
        Mem { textures }
    }
}

/// What a stream asked of the GP besides drawing.
#[derive(Debug, Default)]
struct GpEvents {
    /// EFB copies executed (`COPY_EXECUTE`).
    copies: usize,
    /// The last token written (`PE_TOKEN`).
    token: Option<u32>,
}

/// Decodes a command stream and rasterises its quads like the GP does for this pipeline:
/// pixel-centre coverage, nearest sampling with clamp, TEV PASSCLR or MODULATE, src-alpha blend.
fn run_gp(bytes: &[u8], mem: &Mem, efb: &mut [u8]) -> GpEvents {
    let mut events = GpEvents::default();
    let rd32 = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    let (mut vcd_hi, mut tex_phys, mut tev_modulate, mut tev_text) = (1u32, 0u32, true, false);
    let (mut sc0, mut sc1) = ((0i32, 0i32), (639i32, 479i32));
    let mut i = 0;
    while i < bytes.len() {
        let op = bytes[i];
        match op {
            opcode::NOP => i += 1,
            opcode::LOAD_CP => {
                if bytes[i + 1] == super::cp::reg::VCD_HI {
                    vcd_hi = rd32(i + 2);
                }
                i += 6;
            }
            opcode::LOAD_XF => i += 5 + 4 * ((rd32(i + 1) >> 16) as usize + 1),
            opcode::LOAD_BP => {
                let w = rd32(i + 1);
                let (reg, v) = ((w >> 24) as u8, (w & 0xFF_FFFF) as i32);
                let bias = bp::SCISSOR_BIAS as i32;
                match reg {
                    bp::reg::TX_SETIMAGE3 => tex_phys = (v as u32) << 5,
                    bp::reg::TEV_COLOR_ENV0 => {
                        tev_modulate = w == TEV_MODULATE[0].0;
                        tev_text = w == TEV_TEXT[0].0;
                    }
                    bp::reg::SCISSOR_TL => sc0 = ((v >> 12) - bias, (v & 0x7FF) - bias),
                    bp::reg::SCISSOR_BR => sc1 = ((v >> 12) - bias, (v & 0x7FF) - bias),
                    bp::reg::COPY_EXECUTE => events.copies += 1,
                    bp::reg::TOKEN => events.token = Some(v as u32),
                    _ => {}
                }
                i += 5;
            }
            _ if op & 0xF8 == opcode::QUADS => {
                let fmt = op & 7;
                let textured = fmt == super::stream::VtxFmt::Textured as u8;
                assert_eq!(
                    textured,
                    vcd_hi == 1,
                    "vertex format {fmt} sent with VCD_HI {vcd_hi}: the GP would desync"
                );
                let n = u16::from_be_bytes([bytes[i + 1], bytes[i + 2]]) as usize;
                assert_eq!(n % 4, 0);
                let size = if textured { 16 } else { 8 };
                let mut p = i + 3;
                for _ in 0..n / 4 {
                    let v: Vec<(i32, i32, [u8; 4], f32, f32)> = (0..4)
                        .map(|k| {
                            let o = p + k * size;
                            let x = i16::from_be_bytes([bytes[o], bytes[o + 1]]) as i32;
                            let y = i16::from_be_bytes([bytes[o + 2], bytes[o + 3]]) as i32;
                            let c = [bytes[o + 4], bytes[o + 5], bytes[o + 6], bytes[o + 7]];
                            let (s, t) = if textured {
                                (f32::from_bits(rd32(o + 8)), f32::from_bits(rd32(o + 12)))
                            } else {
                                (0.0, 0.0)
                            };
                            (x, y, c, s, t)
                        })
                        .collect();
                    p += 4 * size;
                    let (x0, y0, x1, y1) = (v[0].0, v[0].1, v[2].0, v[2].1);
                    let tex = if textured {
                        mem.textures.get(&tex_phys)
                    } else {
                        None
                    };
                    for py in y0.max(sc0.1).max(0)..y1.min(sc1.1 + 1).min(480) {
                        for px in x0.max(sc0.0).max(0)..x1.min(sc1.0 + 1).min(640) {
                            let c = v[0].2;
                            let (mut rgb, mut a) = ([c[0], c[1], c[2]], c[3]);
                            if let (Some((data, w, is_i4)), true) = (tex, tev_modulate || tev_text)
                            {
                                let h = if *is_i4 {
                                    data.len() * 2 / w
                                } else {
                                    data.len() / 4 / w
                                };
                                let fx = (px as f32 + 0.5 - x0 as f32) / (x1 - x0) as f32;
                                let fy = (py as f32 + 0.5 - y0 as f32) / (y1 - y0) as f32;
                                let s = v[0].3 + (v[2].3 - v[0].3) * fx;
                                let t = v[0].4 + (v[2].4 - v[0].4) * fy;
                                let tx = ((s * *w as f32) as i64).clamp(0, *w as i64 - 1) as usize;
                                let ty = ((t * h as f32) as i64).clamp(0, h as i64 - 1) as usize;
                                let texel = if *is_i4 {
                                    [i4::expand(i4::get(data, *w, tx, ty)); 4]
                                } else {
                                    crate::gfx::tiling::rgba8_texel(data, *w, tx, ty)
                                };
                                if tev_modulate {
                                    rgb = [0, 1, 2].map(|k| soft::modulate(texel[k], rgb[k]));
                                }
                                a = soft::modulate(texel[3], a);
                            }
                            let o = (py as usize * 640 + px as usize) * 4;
                            for k in 0..3 {
                                efb[o + k] = ((rgb[k] as u32 * a as u32
                                    + efb[o + k] as u32 * (255 - a as u32)
                                    + 127)
                                    / 255) as u8;
                            }
                        }
                    }
                }
                i = p;
            }
            _ => panic!("unknown opcode {op:#x} at byte {i}"),
        }
    }
    events
}

fn compare_with_soft(name: &str, list: &DrawList) -> (usize, f64) {
    let mem = Mem::new();
    let bytes = stream(|e| encode_list(e, list, &mem, None));
    let mut gp = std::vec![0u8; FRAME_BYTES];
    assert_eq!(
        run_gp(&bytes, &mem, &mut gp).copies,
        0,
        "{name}: the list alone"
    );
    let mut sw = std::vec![0u8; FRAME_BYTES];
    SoftRenderer::new().render(list, &mut sw);
    let (mut max, mut sum) = (0usize, 0u64);
    for (a, b) in gp.chunks(4).zip(sw.chunks(4)) {
        for k in 0..3 {
            let d = (a[k] as i32 - b[k] as i32).unsigned_abs() as usize;
            max = max.max(d);
            sum += d as u64;
        }
    }
    let mean = sum as f64 / (640.0 * 480.0 * 3.0);
    std::println!(
        "{name}: {} command bytes, max diff {max}, mean diff {mean:.4}",
        bytes.len()
    );
    (max, mean)
}

#[test]
fn the_gp_model_draws_every_scene_exactly_like_the_soft_backend() {
    let mut scenes: Vec<(&str, DrawList)> = Vec::new();
    for aspect in [Aspect::Standard, Aspect::Wide] {
        let mut l = DrawList::new(palette::BACKGROUND);
        SenasLayout::new(aspect).draw(&mut l, &crate::gfx::samples::senas_stress());
        draw_pointers(
            &mut l,
            aspect,
            &[
                Pointer {
                    x: 300,
                    y: 200,
                    player: 0,
                },
                Pointer {
                    x: 500,
                    y: 300,
                    player: 1,
                },
            ],
        );
        scenes.push(("senas", l));
        let mut l = DrawList::new(palette::BACKGROUND);
        SenetLayout::new(aspect).draw(&mut l, &crate::gfx::samples::senet_midgame());
        scenes.push(("senet", l));
        let mut l = DrawList::new(palette::BACKGROUND);
        let items = ["Senas", "Senet", "Salir"];
        TitleLayout::new(aspect).draw(
            &mut l,
            &TitleView {
                items: &items,
                framed: crate::gfx::Framed::one(0),
                subtitle: "¡Hola, señor!",
                footer: "Año 1283",
            },
        );
        scenes.push(("title", l));
    }
    let mut l = DrawList::new(Rgba::BLACK);
    l.clip(Rect::new(100, 100, 50, 50));
    l.fill(
        Rect::new(0, 0, 640, 480),
        Rgba::rgb(255, 0, 0).with_alpha(128),
    );
    l.sprite(AssetId::Die5, Rect::new(90, 90, 72, 72), Rgba::WHITE, true);
    l.unclip();
    scenes.push(("clip", l));
    for (name, list) in &scenes {
        let (max, _) = compare_with_soft(name, list);
        assert_eq!(max, 0, "{name}: the GX stream and the soft backend differ");
    }
}

#[test]
fn the_self_tests_pattern_stays_in_the_efb_where_the_peeks_find_it() {
    use crate::selftest::efb;
    let mem = Mem::new();
    let mut list = DrawList::new(Rgba::BLACK);
    efb::pattern_list(&mut list);
    // As after a frame's copy: the EFB cleared to the background, which the encoder knows.
    let bg = efb::BACKGROUND;
    let mut gp: Vec<u8> = [bg.r, bg.g, bg.b, 255].repeat(FRAME_BYTES / 4);
    let bytes = stream(|e| encode_into_efb(e, &list, &mem, Some(bg), 7));
    let events = run_gp(&bytes, &mem, &mut gp);
    assert_eq!(events.copies, 0, "no copy: it would clear the pattern away");
    assert_eq!(events.token, Some(7), "draw-done with the renderer's token");
    for (i, &(x, y, want)) in efb::PEEKS.iter().enumerate() {
        let [r, g, b] = soft::pixel(&gp, x.into(), y.into());
        let got = u32::from(r) << 16 | u32::from(g) << 8 | u32::from(b);
        assert_eq!(got, want, "point {i} at {x},{y}");
    }
}
