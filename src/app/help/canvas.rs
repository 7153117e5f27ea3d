//! `Canvas`: where a how-to-play diagram is drawn, and the small pieces every diagram uses
//! (arrows, crosses, captions, a row of dice). Diagrams are placed in the layouts' *virtual*
//! pixels (through `gfx::layout::Painter`), so pieces stay round in 16:9; captions are placed
//! in frame pixels like the rest of the panel, so their glyphs keep their size and stay inside
//! the panel in both picture shapes. Draws only; knows no rules.

use crate::gfx::layout::Painter;
use crate::gfx::{Aspect, AssetId, DrawList, Rect, Rgba};

use super::super::text::wrap;
use super::super::ui;
use super::pages::{Words, WORDS_EN};

/// Longest caption line, in frame pixels (fits the panel).
pub const CAPTION_W: i16 = 580;

/// Red of crosses and refused moves.
pub const REFUSED: Rgba = Rgba::rgb(230, 70, 60);
/// Green of allowed moves.
pub const ALLOWED: Rgba = Rgba::rgb(110, 220, 110);

/// The diagram area of the page: a frame rect, drawn through virtual pixels whose origin is
/// the left edge of a `W`-wide design centred in it.
pub struct Canvas<'a> {
    pub p: Painter<'a>,
    /// The diagram area in frame pixels.
    pub area: Rect,
    /// Virtual x of the design's left edge.
    pub x0: i16,
    /// The words the diagram writes (its language).
    pub w: &'static Words,
}

/// Width of a diagram's design, in virtual pixels.
pub const W: i16 = 560;

impl<'a> Canvas<'a> {
    pub fn new(list: &'a mut DrawList, aspect: Aspect, area: Rect) -> Self {
        let cx = aspect.unmap_x(area.center().0);
        Canvas {
            p: Painter::new(list, aspect),
            area,
            x0: cx - W / 2,
            w: &WORDS_EN,
        }
    }

    /// The same canvas writing `w`'s words.
    pub fn with_words(mut self, w: &'static Words) -> Self {
        self.w = w;
        self
    }

    /// A design-relative rect (x from the design's left edge, y from the area's top).
    pub fn r(&self, x: i16, y: i16, w: i16, h: i16) -> Rect {
        Rect::new(self.x0 + x, self.area.y + y, w, h)
    }

    pub fn fill(&mut self, x: i16, y: i16, w: i16, h: i16, c: Rgba) {
        let r = self.r(x, y, w, h);
        self.p.fill(r, c);
    }

    pub fn outline(&mut self, x: i16, y: i16, w: i16, h: i16, t: i16, c: Rgba) {
        let r = self.r(x, y, w, h);
        self.p.outline(r, t, c);
    }

    pub fn sprite(&mut self, id: AssetId, x: i16, y: i16, w: i16, h: i16, flip_y: bool) {
        let r = self.r(x, y, w, h);
        self.p.sprite(id, r, Rgba::WHITE, flip_y);
    }

    /// Shadowed text centred on design x `cx`.
    pub fn label(&mut self, cx: i16, y: i16, s: &str, c: Rgba) {
        self.p.text_centered(self.x0 + cx, self.area.y + y, s, c, 1);
    }

    /// Plain text centred on design x `cx` (numbers on pieces and squares).
    pub fn label_plain(&mut self, cx: i16, y: i16, s: &str, c: Rgba) {
        self.p
            .text_centered_plain(self.x0 + cx, self.area.y + y, s, c);
    }

    /// A horizontal arrow from design x `x0` to `x1` (head at `x1`) at height `y`.
    pub fn arrow_h(&mut self, x0: i16, x1: i16, y: i16, c: Rgba) {
        let (lo, hi) = (x0.min(x1), x0.max(x1));
        self.fill(lo, y - 1, hi - lo, 3, c);
        let s = if x1 >= x0 { 1 } else { -1 };
        for k in 0..7 {
            self.fill(x1 - s * k, y - k, 1, 2 * k + 1, c);
        }
    }

    /// A vertical arrow from design y `y0` to `y1` (head at `y1`) at x `x`.
    pub fn arrow_v(&mut self, x: i16, y0: i16, y1: i16, c: Rgba) {
        let (lo, hi) = (y0.min(y1), y0.max(y1));
        self.fill(x - 1, lo, 3, hi - lo, c);
        let s = if y1 >= y0 { 1 } else { -1 };
        for k in 0..7 {
            self.fill(x - k, y1 - s * k, 2 * k + 1, 1, c);
        }
    }

    /// A cross over the design rect (x, y, w, h): two stepped diagonals.
    pub fn cross(&mut self, x: i16, y: i16, w: i16, h: i16, c: Rgba) {
        let steps = w.min(h) / 3;
        for k in 0..steps {
            let dx = k * w / steps;
            let dy = k * h / steps;
            self.fill(x + dx, y + dy, 4, 4, c);
            self.fill(x + w - 4 - dx, y + dy, 4, 4, c);
        }
    }

    /// Dice faces `values` side by side from design (x, y), `size` pixels each; returns the
    /// x after the last one.
    pub fn dice(&mut self, x: i16, y: i16, size: i16, values: impl Iterator<Item = u8>) -> i16 {
        let mut at = x;
        for v in values {
            if let Some(face) = AssetId::die_face(v) {
                self.sprite(face, at, y, size, size, false);
                at += size + size / 5;
            }
        }
        at
    }

    /// A wrapped caption centred in the area, top at `y` below the area's top (frame pixels).
    pub fn caption(&mut self, y: i16, text: &str, c: Rgba) {
        let cx = self.area.center().0;
        for (k, line) in wrap(text, CAPTION_W, 1).iter().enumerate() {
            ui::text_centered(self.p.list, cx, self.area.y + y + 22 * k as i16, line, c, 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gfx::draw_list::Item;
    use crate::gfx::palette;

    #[test]
    fn the_design_is_centred_in_the_area_in_both_shapes() {
        for aspect in [Aspect::Standard, Aspect::Wide] {
            let mut list = DrawList::new(palette::BACKGROUND);
            let area = Rect::new(24, 150, 592, 270);
            let mut c = Canvas::new(&mut list, aspect, area);
            c.fill(0, 0, W, 10, palette::GOLD);
            let Some(Item::Fill { rect, .. }) = list.items().next() else {
                panic!("no fill");
            };
            assert!((rect.center().0 - 320).abs() <= 1, "{aspect:?} {rect:?}");
            assert!(rect.x >= area.x && rect.right() <= area.right(), "{rect:?}");
        }
    }
}
