//! Turns a `gfx::DrawList` into GX commands: flat quads for fills, texture x colour quads for
//! sprites, colour x coverage quads for the glyphs the pen rule places (`gfx::font::layout`), scissor for clip rects, batching runs that share state into one
//! primitive and switching state only when it changes. Pure: writes into an encoder, reads
//! texture addresses through `TextureMemory`; the same code runs in host tests.

use super::setup;
use super::stream::{Encoder, Sink, VtxFmt};
use crate::gfx::assets::AssetId;
use crate::gfx::color::Rgba;
use crate::gfx::draw_list::{DrawList, Item};
use crate::gfx::font::{face, layout};
use crate::gfx::rect::Rect;

/// Where textures live for the GP (physical addresses, 32-byte aligned).
pub trait TextureMemory {
    fn asset_phys(&self, id: AssetId) -> u32;
    /// The atlas of the face drawn at `scale` (`gfx::font::face`).
    fn font_phys(&self, scale: u8) -> u32;
}

/// Which texture map 0 holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tex {
    Asset(AssetId),
    /// The type's atlas of this scale (1..=4).
    Font(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Flat,
    Textured(Tex),
}

/// Per-frame encoder state: what the pipeline is set to now.
struct State {
    mode: Option<Mode>,
}

/// Quads per primitive at most (the vertex count is a u16).
const MAX_QUADS: usize = u16::MAX as usize / 4;

/// Encodes `list`'s items. `efb_cleared_to` is the colour the previous copy cleared the EFB to
/// (`None` if unknown); when the list wants another background, it is painted first.
pub fn encode_list<S: Sink, M: TextureMemory>(
    e: &mut Encoder<S>,
    list: &DrawList,
    mem: &M,
    efb_cleared_to: Option<Rgba>,
) {
    let mut st = State { mode: None };
    setup::scissor(e, Rect::SCREEN);
    let clear = list.clear_color().with_alpha(255);
    if efb_cleared_to != Some(clear) {
        set_mode(e, &mut st, mem, Mode::Flat);
        e.begin_quads(VtxFmt::Flat, 1);
        flat_quad(e, Rect::SCREEN, clear);
    }
    let mut i = 0;
    while let Some(item) = list.item(i) {
        match item {
            Item::Fill { .. } => {
                let n = run_len(list, i, |it| matches!(it, Item::Fill { .. }));
                set_mode(e, &mut st, mem, Mode::Flat);
                e.begin_quads(VtxFmt::Flat, n as u16);
                for k in i..i + n {
                    if let Some(Item::Fill { rect, color }) = list.item(k) {
                        flat_quad(e, rect, color);
                    }
                }
                i += n;
            }
            Item::Sprite { asset, .. } => {
                let n = run_len(
                    list,
                    i,
                    |it| matches!(it, Item::Sprite { asset: a, .. } if *a == asset),
                );
                set_mode(e, &mut st, mem, Mode::Textured(Tex::Asset(asset)));
                e.begin_quads(VtxFmt::Textured, n as u16);
                for k in i..i + n {
                    if let Some(Item::Sprite {
                        rect, tint, flip_y, ..
                    }) = list.item(k)
                    {
                        let (t0, t1) = if flip_y { (1.0, 0.0) } else { (0.0, 1.0) };
                        textured_quad(e, rect, tint, (0.0, t0), (1.0, t1));
                    }
                }
                i += n;
            }
            Item::Text {
                x,
                y,
                scale,
                color,
                text,
            } => {
                let glyphs = layout(text, scale, x, y).count().min(MAX_QUADS);
                if glyphs > 0 {
                    let f = face(scale);
                    set_mode(e, &mut st, mem, Mode::Textured(Tex::Font(f.scale)));
                    e.begin_quads(VtxFmt::Textured, glyphs as u16);
                    let (aw, ah) = (f32::from(f.atlas_w), f32::from(f.atlas_h));
                    for p in layout(text, scale, x, y).take(glyphs) {
                        let g = p.glyph;
                        let s0 = f32::from(g.x) / aw;
                        let t0 = f32::from(g.y) / ah;
                        let s1 = f32::from(g.x + u16::from(g.w)) / aw;
                        let t1 = f32::from(g.y + u16::from(g.h)) / ah;
                        let r = Rect::new(p.x, p.y, i16::from(g.w), i16::from(g.h));
                        textured_quad(e, r, color, (s0, t0), (s1, t1));
                    }
                }
                i += 1;
            }
            Item::Clip(r) => {
                setup::scissor(e, r);
                i += 1;
            }
        }
    }
}

/// Encodes `list` into the EFB and leaves it there: no copy and no clear, then draw-done with
/// `token`. The console self-test's EFB probe (`selftest::efb`) draws its pattern so and reads
/// it back with CPU peeks; the next frame must repaint its background (its `efb_cleared_to`
/// is `None`).
pub fn encode_into_efb<S: Sink, M: TextureMemory>(
    e: &mut Encoder<S>,
    list: &DrawList,
    mem: &M,
    efb_cleared_to: Option<Rgba>,
    token: u16,
) {
    encode_list(e, list, mem, efb_cleared_to);
    setup::draw_done(e, token);
}

/// How many items from `start` on satisfy `same` (at least 1, at most [`MAX_QUADS`]).
fn run_len(list: &DrawList, start: usize, same: impl Fn(&Item) -> bool) -> usize {
    let mut n = 1;
    while n < MAX_QUADS && list.item(start + n).is_some_and(|it| same(&it)) {
        n += 1;
    }
    n
}

fn set_mode<S: Sink, M: TextureMemory>(e: &mut Encoder<S>, st: &mut State, mem: &M, want: Mode) {
    if st.mode == Some(want) {
        return;
    }
    match want {
        Mode::Flat => setup::set_flat(e),
        Mode::Textured(tex) => {
            let was_font = matches!(st.mode, Some(Mode::Textured(Tex::Font(_))));
            if !matches!(st.mode, Some(Mode::Textured(_))) {
                // Leaves the TEV modulating (sprites).
                setup::set_textured(e);
            }
            match tex {
                Tex::Asset(id) => {
                    if was_font {
                        e.bps(&setup::TEV_MODULATE);
                    }
                    let t = id.texture();
                    setup::bind_rgba8(e, mem.asset_phys(id), t.width, t.height);
                }
                Tex::Font(scale) => {
                    let f = face(scale);
                    if !was_font {
                        e.bps(&setup::TEV_TEXT);
                    }
                    setup::bind_i4(e, mem.font_phys(scale), f.atlas_w, f.atlas_h);
                }
            }
        }
    }
    st.mode = Some(want);
}

fn flat_quad<S: Sink>(e: &mut Encoder<S>, r: Rect, c: Rgba) {
    let rgba = c.to_u32();
    let (x0, y0, x1, y1) = (r.x, r.y, r.right(), r.bottom());
    e.vertex_flat(x0, y0, rgba);
    e.vertex_flat(x1, y0, rgba);
    e.vertex_flat(x1, y1, rgba);
    e.vertex_flat(x0, y1, rgba);
}

fn textured_quad<S: Sink>(e: &mut Encoder<S>, r: Rect, c: Rgba, st0: (f32, f32), st1: (f32, f32)) {
    let rgba = c.to_u32();
    let (x0, y0, x1, y1) = (r.x, r.y, r.right(), r.bottom());
    e.vertex_textured(x0, y0, rgba, st0.0, st0.1);
    e.vertex_textured(x1, y0, rgba, st1.0, st0.1);
    e.vertex_textured(x1, y1, rgba, st1.0, st1.1);
    e.vertex_textured(x0, y1, rgba, st0.0, st1.1);
}
