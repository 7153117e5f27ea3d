//! The soft backend: rasterises a `DrawList` into a 640x480 RGBA buffer with the same rules as
//! the GX set-up in wii/gx (pixel-centre coverage, nearest texel sampling, texture x colour as
//! the TEV computes it, SRCALPHA/INVSRCALPHA blending, scissor = clip rect). Used by host tests,
//! the docs' screenshots and as the Wii's fallback presenter. Touches only the buffer it is given.

use super::assets::AssetId;
use super::color::Rgba;
use super::draw_list::{DrawList, Item};
use super::font::{face, layout};
use super::i4;
use super::rect::Rect;

/// Frame width in pixels.
pub const WIDTH: usize = 640;
/// Frame height in pixels.
pub const HEIGHT: usize = 480;
/// Bytes of one RGBA frame.
pub const FRAME_BYTES: usize = WIDTH * HEIGHT * 4;

/// Draws lists into RGBA frames (row-major, 4 bytes per pixel, alpha always 255).
pub struct SoftRenderer {
    _private: (),
}

impl Default for SoftRenderer {
    fn default() -> Self {
        Self::new()
    }
}

impl SoftRenderer {
    pub fn new() -> Self {
        SoftRenderer { _private: () }
    }

    /// Clears `frame` to the list's clear colour, then draws every item in order. `frame` must
    /// hold at least [`FRAME_BYTES`] bytes; a shorter buffer is left untouched.
    pub fn render(&self, list: &DrawList, frame: &mut [u8]) {
        let Some(frame) = frame.get_mut(..FRAME_BYTES) else {
            return;
        };
        let c = list.clear_color();
        for px in frame.chunks_exact_mut(4) {
            px.copy_from_slice(&[c.r, c.g, c.b, 255]);
        }
        let mut clip = Rect::SCREEN;
        for item in list.items() {
            match item {
                Item::Fill { rect, color } => fill(frame, rect.intersect(clip), color),
                Item::Sprite {
                    asset,
                    rect,
                    tint,
                    flip_y,
                } => sprite(frame, clip, asset, rect, tint, flip_y),
                Item::Text {
                    x,
                    y,
                    scale,
                    color,
                    text,
                } => self.text(frame, clip, x, y, scale, color, text),
                Item::Clip(r) => clip = r.intersect(Rect::SCREEN),
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn text(
        &self,
        frame: &mut [u8],
        clip: Rect,
        x: i16,
        y: i16,
        scale: u8,
        color: Rgba,
        text: &str,
    ) {
        let f = face(scale);
        for p in layout(text, scale, x, y) {
            let g = p.glyph;
            let quad = Rect::new(p.x, p.y, i16::from(g.w), i16::from(g.h));
            let area = quad.intersect(clip);
            for py in area.y..area.bottom() {
                let ty = usize::from(g.y) + (py - p.y) as usize;
                for px in area.x..area.right() {
                    let tx = usize::from(g.x) + (px - p.x) as usize;
                    let v = f.coverage(tx, ty);
                    if v != 0 {
                        blend(frame, px, py, glyph_rgb(color), glyph_alpha(v, color.a));
                    }
                }
            }
        }
    }
}

/// A glyph texel's colour as GX's text TEV stage gives it: the vertex colour as is
/// (`setup::TEV_TEXT` passes RASC through).
pub fn glyph_rgb(color: Rgba) -> [u8; 3] {
    [color.r, color.g, color.b]
}

/// A glyph texel's alpha as GX's text TEV stage gives it: the I4 coverage `v` (0..=15) read as
/// v * 17 (Dolphin's `Convert4To8`), times the vertex alpha ([`modulate`], TEXA x RASA).
pub fn glyph_alpha(v: u8, alpha: u8) -> u8 {
    modulate(i4::expand(v), alpha)
}

fn fill(frame: &mut [u8], area: Rect, color: Rgba) {
    for py in area.y..area.bottom() {
        for px in area.x..area.right() {
            blend(frame, px, py, [color.r, color.g, color.b], color.a);
        }
    }
}

fn sprite(frame: &mut [u8], clip: Rect, asset: AssetId, rect: Rect, tint: Rgba, flip_y: bool) {
    let tex = asset.texture();
    let (tw, th) = (tex.width as i32, tex.height as i32);
    let area = rect.intersect(clip);
    for py in area.y..area.bottom() {
        let mut v = texel_coord(py - rect.y, rect.h, th);
        if flip_y {
            v = th - 1 - v;
        }
        for px in area.x..area.right() {
            let u = texel_coord(px - rect.x, rect.w, tw);
            let [r, g, b, a] = tex.texel(u as usize, v as usize);
            let src = [
                modulate(r, tint.r),
                modulate(g, tint.g),
                modulate(b, tint.b),
            ];
            blend(frame, px, py, src, modulate(a, tint.a));
        }
    }
}

/// Texel hit by the centre of pixel `offset` of a quad `len` pixels long over `size` texels:
/// floor((offset + 0.5) * size / len), clamped as GX's clamp wrap mode does.
fn texel_coord(offset: i16, len: i16, size: i32) -> i32 {
    let t = ((2 * offset as i32 + 1) * size) / (2 * len as i32);
    t.clamp(0, size - 1)
}

/// Texture x colour as the TEV computes it (Dolphin's `tevLerp` with a = 0): the colour is
/// scaled to 0..256 (c + c/128), multiplied, rounded: (t * c' + 128) / 256; 255 x 255 = 255.
pub fn modulate(t: u8, c: u8) -> u8 {
    let c = c as u32 + (c as u32 >> 7);
    ((t as u32 * c + 128) >> 8) as u8
}

/// SRCALPHA / INVSRCALPHA blend of `src` over the frame pixel (px, py).
fn blend(frame: &mut [u8], px: i16, py: i16, src: [u8; 3], a: u8) {
    if a == 0 {
        return;
    }
    let i = (py as usize * WIDTH + px as usize) * 4;
    let dst = &mut frame[i..i + 3];
    if a == 255 {
        dst.copy_from_slice(&src);
        return;
    }
    let (a, na) = (a as u32, 255 - a as u32);
    for (d, s) in dst.iter_mut().zip(src) {
        *d = ((s as u32 * a + *d as u32 * na + 127) / 255) as u8;
    }
}

/// The colour of pixel (x, y) of a rendered frame (test and tooling helper).
pub fn pixel(frame: &[u8], x: usize, y: usize) -> [u8; 3] {
    let i = (y * WIDTH + x) * 4;
    [frame[i], frame[i + 1], frame[i + 2]]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec;

    fn render(list: &DrawList) -> std::vec::Vec<u8> {
        let mut frame = vec![0u8; FRAME_BYTES];
        SoftRenderer::new().render(list, &mut frame);
        frame
    }

    #[test]
    fn fills_cover_exactly_their_rect_over_the_clear_colour() {
        let mut l = DrawList::new(Rgba::rgb(32, 48, 64));
        l.fill(Rect::new(100, 100, 100, 100), Rgba::rgb(255, 0, 0));
        let f = render(&l);
        assert_eq!(pixel(&f, 100, 100), [255, 0, 0]);
        assert_eq!(pixel(&f, 199, 199), [255, 0, 0]);
        assert_eq!(pixel(&f, 200, 150), [32, 48, 64]);
        assert_eq!(pixel(&f, 150, 99), [32, 48, 64]);
    }

    #[test]
    fn half_alpha_white_blends_like_dolphins_gx_measured() {
        // Measured in Dolphin's GX: white a=0x80 over red = (255,128,128), over (32,48,64) = (144,152,160).
        let mut l = DrawList::new(Rgba::rgb(32, 48, 64));
        l.fill(Rect::new(100, 100, 100, 100), Rgba::rgb(255, 0, 0));
        l.fill(Rect::new(150, 150, 100, 100), Rgba::WHITE.with_alpha(0x80));
        let f = render(&l);
        assert_eq!(pixel(&f, 175, 175), [255, 128, 128]);
        assert_eq!(pixel(&f, 235, 235), [144, 152, 160]);
    }

    #[test]
    fn clip_rect_limits_drawing_until_unclipped() {
        let mut l = DrawList::new(Rgba::BLACK);
        l.clip(Rect::new(10, 10, 5, 5));
        l.fill(Rect::new(0, 0, 100, 100), Rgba::WHITE);
        l.unclip();
        l.fill(Rect::new(50, 50, 2, 2), Rgba::rgb(0, 255, 0));
        let f = render(&l);
        assert_eq!(pixel(&f, 12, 12), [255, 255, 255]);
        assert_eq!(pixel(&f, 15, 12), [0, 0, 0]);
        assert_eq!(pixel(&f, 51, 51), [0, 255, 0]);
    }

    #[test]
    fn sprites_show_their_texels_one_to_one_and_tinted() {
        let id = AssetId::Die6;
        let t = id.texture();
        let mut l = DrawList::new(Rgba::BLACK);
        l.sprite_at(id, 10, 20);
        l.sprite(
            id,
            Rect::new(100, 20, 36, 36),
            Rgba::rgb(255, 0, 255),
            false,
        );
        let f = render(&l);
        let [r, g, b, a] = t.texel(18, 18);
        assert_eq!(a, 255);
        assert_eq!(pixel(&f, 28, 38), [r, g, b]);
        assert_eq!(pixel(&f, 118, 38), [r, 0, b]);
    }

    #[test]
    fn flipped_sprites_read_rows_bottom_up() {
        let id = AssetId::PointLight;
        let t = id.texture();
        let mut l = DrawList::new(Rgba::BLACK);
        l.sprite(
            id,
            Rect::new(0, 0, t.width as i16, t.height as i16),
            Rgba::WHITE,
            true,
        );
        let f = render(&l);
        // The apex (narrow end) is at the bottom of the art, so at the top when flipped.
        let [r, g, b, _] = t.texel(20, t.height as usize - 20);
        assert_eq!(pixel(&f, 20, 19), [r, g, b]);
        assert_eq!(pixel(&f, 2, 3), [0, 0, 0]);
    }

    #[test]
    fn text_draws_each_glyph_texel_blended_by_its_coverage_as_the_tev_does() {
        let bg = Rgba::rgb(20, 30, 40);
        let color = Rgba::rgb(250, 200, 30);
        let mut l = DrawList::new(bg);
        l.text(10, 10, "Año", color, 2);
        let f = render(&l);
        let fc = face(2);
        let mut checked = 0;
        for p in layout("Año", 2, 10, 10) {
            for gy in 0..p.glyph.h as usize {
                for gx in 0..p.glyph.w as usize {
                    let v = fc.coverage(p.glyph.x as usize + gx, p.glyph.y as usize + gy);
                    let a = glyph_alpha(v, 255) as u32;
                    let want = [color.r, color.g, color.b]
                        .map(|c| c as u32)
                        .iter()
                        .zip([bg.r, bg.g, bg.b])
                        .map(|(&c, b)| ((c * a + b as u32 * (255 - a) + 127) / 255) as u8)
                        .collect::<std::vec::Vec<u8>>();
                    let got = pixel(&f, p.x as usize + gx, p.y as usize + gy);
                    assert_eq!(got.as_slice(), want.as_slice(), "({gx},{gy}) v={v}");
                    checked += usize::from(v > 0 && v < 15);
                }
            }
        }
        assert!(checked > 10, "anti-aliased edges were drawn");
    }

    #[test]
    fn glyph_alpha_is_the_expanded_nibble_times_the_vertex_alpha() {
        assert_eq!(glyph_alpha(15, 255), 255);
        assert_eq!(glyph_alpha(0, 255), 0);
        assert_eq!(glyph_alpha(8, 255), 136);
        assert_eq!(glyph_alpha(15, 128), 128);
        assert_eq!(glyph_alpha(1, 255), 17);
    }

    #[test]
    fn modulate_keeps_full_values_and_halves_at_half() {
        assert_eq!(modulate(255, 255), 255);
        assert_eq!(modulate(200, 255), 200);
        assert_eq!(modulate(255, 128), 128);
        assert_eq!(modulate(0, 255), 0);
        // The rounding Dolphin's TEV applies: white x 6 stays 6.
        assert_eq!(modulate(255, 6), 6);
    }
}
