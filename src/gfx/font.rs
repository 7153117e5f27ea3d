//! The game's font: embedded-graphics' 10x20 ISO 8859-1 mono font (Spanish accents included),
//! unpacked once into a 1-bit atlas (`FontAtlas`) that both backends read: the soft backend
//! samples it, the GX backend turns it into a texture. Owns glyph metrics and char mapping.

use embedded_graphics::image::ImageDrawable;
use embedded_graphics::mono_font::iso_8859_1::FONT_10X20;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::{DrawTarget, OriginDimensions, Pixel, Size};

/// Glyph cell width in pixels at scale 1.
pub const GLYPH_W: i16 = 10;
/// Glyph cell height in pixels at scale 1.
pub const GLYPH_H: i16 = 20;
/// Atlas width: 16 glyphs per row.
pub const ATLAS_W: usize = 160;
/// Atlas height: 12 rows of 16 glyphs (U+0020..U+007F and U+00A0..U+00FF).
pub const ATLAS_H: usize = 240;
const COLUMNS: usize = ATLAS_W / GLYPH_W as usize;
/// Glyph shown for characters the font lacks.
const REPLACEMENT: char = '?';

/// Index of `c`'s glyph in the atlas (the font's own mapping, written as arithmetic).
pub fn glyph_index(c: char) -> usize {
    match c as u32 {
        0x20..=0x7F => c as usize - 0x20,
        0xA0..=0xFF => c as usize - 0xA0 + 96,
        _ => REPLACEMENT as usize - 0x20,
    }
}

/// Top-left atlas pixel of glyph `index`.
pub fn glyph_origin(index: usize) -> (usize, usize) {
    (
        (index % COLUMNS) * GLYPH_W as usize,
        (index / COLUMNS) * GLYPH_H as usize,
    )
}

/// Width in pixels of `text` drawn at `scale`.
pub fn text_width(text: &str, scale: u8) -> i16 {
    text.chars().count() as i16 * GLYPH_W * scale as i16
}

/// Marker appended to text cut to fit.
pub const ELLIPSIS: &str = "...";

/// The longest prefix of `text` that fits in `max_width` pixels at `scale`, and whether it was
/// cut; a cut prefix leaves room for [`ELLIPSIS`].
pub fn fit(text: &str, scale: u8, max_width: i16) -> (&str, bool) {
    let cell = GLYPH_W * scale as i16;
    if cell <= 0 || text_width(text, scale) <= max_width {
        return (text, false);
    }
    let room = ((max_width / cell) - ELLIPSIS.len() as i16).max(0) as usize;
    let end = text.char_indices().nth(room).map_or(text.len(), |(i, _)| i);
    (&text[..end], true)
}

/// The font's glyphs as a 1-bit, row-major bitmap of `ATLAS_W` x `ATLAS_H`.
#[derive(Clone)]
pub struct FontAtlas {
    bits: [u8; ATLAS_W * ATLAS_H / 8],
}

impl FontAtlas {
    /// Unpacks embedded-graphics' `FONT_10X20` (ISO 8859-1).
    pub fn new() -> Self {
        let mut atlas = FontAtlas {
            bits: [0; ATLAS_W * ATLAS_H / 8],
        };
        // Drawing into the atlas cannot fail (its error type is `Infallible`).
        let Ok(()) = FONT_10X20.image.draw(&mut atlas);
        atlas
    }

    /// Whether atlas pixel (x, y) is ink. Out of range reads as no ink.
    pub fn ink(&self, x: usize, y: usize) -> bool {
        if x >= ATLAS_W || y >= ATLAS_H {
            return false;
        }
        let i = y * ATLAS_W + x;
        self.bits[i / 8] & (0x80 >> (i % 8)) != 0
    }
}

impl Default for FontAtlas {
    fn default() -> Self {
        Self::new()
    }
}

impl OriginDimensions for FontAtlas {
    fn size(&self) -> Size {
        Size::new(ATLAS_W as u32, ATLAS_H as u32)
    }
}

impl DrawTarget for FontAtlas {
    type Color = BinaryColor;
    type Error = core::convert::Infallible;

    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Pixel<BinaryColor>>,
    {
        for Pixel(p, c) in pixels {
            if p.x >= 0 && p.y >= 0 && (p.x as usize) < ATLAS_W && (p.y as usize) < ATLAS_H {
                let i = p.y as usize * ATLAS_W + p.x as usize;
                if c == BinaryColor::On {
                    self.bits[i / 8] |= 0x80 >> (i % 8);
                } else {
                    self.bits[i / 8] &= !(0x80 >> (i % 8));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyph_index_agrees_with_the_fonts_own_mapping() {
        for c in (' '..='~')
            .chain('\u{a0}'..='\u{ff}')
            .chain(['€', '\u{7f}'])
        {
            assert_eq!(glyph_index(c), FONT_10X20.glyph_mapping.index(c), "{c:?}");
        }
    }

    #[test]
    fn spanish_letters_have_ink_and_space_has_none() {
        let atlas = FontAtlas::new();
        let ink = |c: char| {
            let (ox, oy) = glyph_origin(glyph_index(c));
            (0..20)
                .flat_map(|y| (0..10).map(move |x| (x, y)))
                .filter(|&(x, y)| atlas.ink(ox + x, oy + y))
                .count()
        };
        assert_eq!(ink(' '), 0);
        for c in ['ñ', 'Ñ', 'á', 'é', 'í', 'ó', 'ú', '¿', '¡', 'ü'] {
            assert!(ink(c) > 8, "{c} has too little ink");
        }
        // The accent adds ink above the plain letter.
        assert!(ink('á') > ink('a'));
    }

    #[test]
    fn fit_cuts_long_text_on_a_character_boundary_and_leaves_room_for_the_ellipsis() {
        assert_eq!(fit("Año", 1, 30), ("Año", false));
        let (cut, was_cut) = fit("ñññññññññ", 1, 60);
        assert!(was_cut);
        assert_eq!(cut, "ñññ");
        assert!(text_width(cut, 1) + text_width(ELLIPSIS, 1) <= 60);
    }

    #[test]
    fn text_width_counts_characters_not_bytes() {
        assert_eq!(text_width("Año", 2), 60);
    }
}
