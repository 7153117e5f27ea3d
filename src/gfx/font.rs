//! The game's type: DejaVu Sans rasterised at build time (build/font.rs) into one GX I4 atlas
//! per size, with each glyph's metrics and the font's kerning pairs. Owns the one pen rule
//! ([`layout`]: kerning, sub-pixel advances, where each glyph lands) that both backends draw
//! with and every width, fit and wrap measures with, so what is measured is what is drawn.
//! Read-only data; no drawing here.

use super::assets::Align32;
use super::i4;

/// One glyph of one size: its box in the atlas, where the box sits from the pen (on the line's
/// top edge) and how far the pen then moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// Top-left texel of the glyph's box in the atlas.
    pub x: u16,
    pub y: u16,
    /// Box size in texels (0 for blank glyphs such as the space).
    pub w: u8,
    pub h: u8,
    /// Box offset from the pen: right of it (the left bearing) and below the line's top.
    pub left: i8,
    pub top: i8,
    /// Pen advance in 1/[`SUBPIXEL`] pixels.
    pub advance: u16,
}

/// A kerning pair: `pair` = left glyph index << 8 | right glyph index, `adjust` added to the
/// pen between them in 1/[`SUBPIXEL`] pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kern {
    pub pair: u16,
    pub adjust: i16,
}

/// One size of the type (one draw-list scale).
#[derive(Debug)]
pub struct Face {
    /// The draw-list scale this size serves.
    pub scale: u8,
    /// Pixel size the face was rasterised at (the em).
    pub px: u8,
    /// Height of the line box layouts reserve (20 x scale).
    pub line_h: i16,
    /// Baseline below the line's top.
    pub baseline: i16,
    pub atlas_w: u16,
    pub atlas_h: u16,
    /// The atlas as GX I4 tiles (gfx/i4.rs), 32-byte aligned: what the GPU samples.
    pub atlas: &'static [u8],
    /// Glyphs in [`glyph_index`] order.
    pub glyphs: &'static [Glyph],
    /// Kerning pairs, sorted by `pair`.
    pub kerns: &'static [Kern],
}

/// Pen units per pixel.
pub const SUBPIXEL: i32 = 16;

include!(concat!(env!("OUT_DIR"), "/font.rs"));

/// Line height at scale 1: a run of scale `s` reserves `LINE_H * s` pixels.
pub const LINE_H: i16 = 20;
/// Glyph shown for characters the type lacks.
const REPLACEMENT: char = '?';
/// Glyphs of printable ASCII (U+0020..U+007E), the first part of every face.
const ASCII_GLYPHS: usize = 95;

/// Index of `c`'s glyph in every face: printable ASCII, then U+00A0..U+00FF; anything else
/// shows as '?'.
pub fn glyph_index(c: char) -> usize {
    match c as u32 {
        0x20..=0x7E => c as usize - 0x20,
        0xA0..=0xFF => c as usize - 0xA0 + ASCII_GLYPHS,
        _ => REPLACEMENT as usize - 0x20,
    }
}

/// Whether the type has a glyph of its own for `c` (not the '?' stand-in).
pub fn has_glyph(c: char) -> bool {
    c == REPLACEMENT || glyph_index(c) != glyph_index(REPLACEMENT)
}

/// The face drawn for draw-list `scale` (1 = body; 2, 3, 4 = headings; larger draws as 4).
pub fn face(scale: u8) -> &'static Face {
    let i = usize::from(scale.clamp(1, FACES.len() as u8)) - 1;
    &FACES[i]
}

impl Face {
    /// The pen adjustment between glyphs `left` and `right` (1/16 px).
    pub fn kern(&self, left: usize, right: usize) -> i32 {
        let pair = ((left as u32) << 8 | right as u32) as u16;
        self.kerns
            .binary_search_by_key(&pair, |k| k.pair)
            .map_or(0, |i| i32::from(self.kerns[i].adjust))
    }

    /// Coverage of atlas texel (x, y), 0..=15 (0 out of range).
    pub fn coverage(&self, x: usize, y: usize) -> u8 {
        if y >= usize::from(self.atlas_h) {
            return 0;
        }
        i4::get(self.atlas, usize::from(self.atlas_w), x, y)
    }

    fn glyph(&self, index: usize) -> &'static Glyph {
        let glyphs: &'static [Glyph] = self.glyphs;
        &glyphs[index.min(glyphs.len() - 1)]
    }
}

/// Pen units to whole pixels, rounded.
const fn to_px(pen: i32) -> i32 {
    (pen + SUBPIXEL / 2).div_euclid(SUBPIXEL)
}

/// A glyph placed by [`layout`]: its box's top-left on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub glyph: &'static Glyph,
    pub x: i16,
    pub y: i16,
}

/// The pen walking a text run: yields the visible glyphs (blank ones only move the pen).
pub struct Layout<'a> {
    face: &'static Face,
    chars: core::str::Chars<'a>,
    prev: Option<usize>,
    pen: i32,
    x: i16,
    y: i16,
}

impl Layout<'_> {
    /// Moves the pen over `c` (kerning with the previous glyph first); returns its glyph and
    /// where the glyph's pen position was.
    fn step(&mut self, c: char) -> (&'static Glyph, i32) {
        let g = glyph_index(c);
        if let Some(p) = self.prev {
            self.pen += self.face.kern(p, g);
        }
        let glyph = self.face.glyph(g);
        let at = self.pen;
        self.pen += i32::from(glyph.advance);
        self.prev = Some(g);
        (glyph, at)
    }

    /// The run's width so far, in pixels.
    fn width(&self) -> i16 {
        to_px(self.pen) as i16
    }
}

impl Iterator for Layout<'_> {
    type Item = Placed;

    fn next(&mut self) -> Option<Placed> {
        loop {
            let c = self.chars.next()?;
            let (glyph, at) = self.step(c);
            if glyph.w > 0 && glyph.h > 0 {
                return Some(Placed {
                    glyph,
                    x: self.x + (to_px(at) + i32::from(glyph.left)) as i16,
                    y: self.y + i16::from(glyph.top),
                });
            }
        }
    }
}

/// The pen rule: the glyphs of `text` at `scale` with the run's line box top-left at (x, y).
/// Both backends draw exactly these boxes; [`text_width`], [`fit`] and the app's wrapping
/// measure with the same walk.
pub fn layout(text: &str, scale: u8, x: i16, y: i16) -> Layout<'_> {
    Layout {
        face: face(scale),
        chars: text.chars(),
        prev: None,
        pen: 0,
        x,
        y,
    }
}

/// Width in pixels of `text` drawn at `scale`: where the pen ends, rounded.
pub fn text_width(text: &str, scale: u8) -> i16 {
    let mut l = layout(text, scale, 0, 0);
    for c in text.chars() {
        l.step(c);
    }
    l.width()
}

/// Marker appended to text cut to fit.
pub const ELLIPSIS: &str = "...";

/// The longest prefix of `text` that fits in `max_width` pixels at `scale`, and whether it was
/// cut; a cut prefix leaves room for [`ELLIPSIS`] (drawn as a run of its own after it).
pub fn fit(text: &str, scale: u8, max_width: i16) -> (&str, bool) {
    if text_width(text, scale) <= max_width {
        return (text, false);
    }
    let room = max_width - text_width(ELLIPSIS, scale);
    let mut l = layout(text, scale, 0, 0);
    let mut end = 0;
    for (i, c) in text.char_indices() {
        l.step(c);
        if l.width() > room {
            break;
        }
        end = i + c.len_utf8();
    }
    (&text[..end], true)
}

/// The longest start of `text` (cut at a char boundary) whose width at `scale` is at most
/// `max_width`, with the byte index of the last space inside it; at least one character when
/// `text` is not empty, so a caller cutting lines always advances. Used by the app's wrapping.
pub fn fitting_prefix(text: &str, scale: u8, max_width: i16) -> (usize, Option<usize>) {
    let mut l = layout(text, scale, 0, 0);
    let (mut end, mut last_space) = (0, None);
    for (i, c) in text.char_indices() {
        l.step(c);
        if i > 0 && l.width() > max_width {
            break;
        }
        if c == ' ' {
            last_space = Some(i);
        }
        end = i + c.len_utf8();
    }
    (end, last_space)
}

/// Every face's atlas (32-byte aligned: the generated statics are [`Align32`]).
pub fn atlases() -> impl Iterator<Item = &'static [u8]> {
    FACES.iter().map(|f| f.atlas)
}

#[cfg(test)]
mod tests;
