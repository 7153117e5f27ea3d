//! `Painter`: a `DrawList` seen through an `Aspect`, so layouts place things in virtual pixels
//! (see gfx/view.rs) and text keeps its glyph size. Adds no state of its own to the list.

use crate::gfx::assets::AssetId;
use crate::gfx::color::{palette, Rgba};
use crate::gfx::draw_list::DrawList;
use crate::gfx::font::{fit, text_width, ELLIPSIS};
use crate::gfx::rect::Rect;
use crate::gfx::view::Aspect;

/// Draws into a list in virtual coordinates.
pub struct Painter<'a> {
    pub list: &'a mut DrawList,
    pub aspect: Aspect,
}

impl<'a> Painter<'a> {
    pub fn new(list: &'a mut DrawList, aspect: Aspect) -> Self {
        Painter { list, aspect }
    }
    pub fn fill(&mut self, r: Rect, c: Rgba) {
        self.list.fill(self.aspect.rect(r), c);
    }
    pub fn outline(&mut self, r: Rect, t: i16, c: Rgba) {
        self.fill(Rect::new(r.x, r.y, r.w, t), c);
        self.fill(Rect::new(r.x, r.bottom() - t, r.w, t), c);
        self.fill(Rect::new(r.x, r.y + t, t, r.h - 2 * t), c);
        self.fill(Rect::new(r.right() - t, r.y + t, t, r.h - 2 * t), c);
    }
    pub fn sprite(&mut self, id: AssetId, r: Rect, tint: Rgba, flip_y: bool) {
        self.list.sprite(id, self.aspect.rect(r), tint, flip_y);
    }
    /// The asset at its own size, top-left at virtual (x, y).
    pub fn sprite_at(&mut self, id: AssetId, x: i16, y: i16) {
        let t = id.texture();
        self.sprite(
            id,
            Rect::new(x, y, t.width as i16, t.height as i16),
            Rgba::WHITE,
            false,
        );
    }
    /// Text with its left edge at virtual x.
    pub fn text(&mut self, x: i16, y: i16, s: &str, c: Rgba, scale: u8) {
        self.list.text(self.aspect.x(x), y, s, c, scale);
    }
    /// Text with a dark drop shadow (reads on any background at TV distance).
    pub fn text_shadow(&mut self, x: i16, y: i16, s: &str, c: Rgba, scale: u8) {
        let sx = self.aspect.x(x);
        self.list.text(
            sx + scale as i16,
            y + scale as i16,
            s,
            palette::TEXT_SHADOW,
            scale,
        );
        self.list.text(sx, y, s, c, scale);
    }
    /// Shadowed text centred on virtual x `cx`.
    pub fn text_centered(&mut self, cx: i16, y: i16, s: &str, c: Rgba, scale: u8) {
        let x = self.aspect.x(cx) - text_width(s, scale) / 2;
        self.list.text(
            x + scale as i16,
            y + scale as i16,
            s,
            palette::TEXT_SHADOW,
            scale,
        );
        self.list.text(x, y, s, c, scale);
    }
    /// Text centred on virtual x `cx`, without shadow (labels on pieces).
    pub fn text_centered_plain(&mut self, cx: i16, y: i16, s: &str, c: Rgba) {
        let x = self.aspect.x(cx) - text_width(s, 1) / 2;
        self.list.text(x, y, s, c, 1);
    }
    /// The asset stretched over virtual rect `r`, untinted.
    pub fn sprite_rect(&mut self, id: AssetId, r: Rect) {
        self.sprite(id, r, Rgba::WHITE, false);
    }
    /// One shadowed line from virtual x to virtual `right`, cut with "..." if it is longer.
    pub fn text_line(&mut self, x: i16, right: i16, y: i16, s: &str, c: Rgba, scale: u8) {
        let room = self.aspect.x(right) - self.aspect.x(x);
        let (shown, cut) = fit(s, scale, room);
        self.text_shadow(x, y, shown, c, scale);
        if cut {
            let end = self
                .aspect
                .unmap_x(self.aspect.x(x) + text_width(shown, scale));
            self.text_shadow(end, y, ELLIPSIS, c, scale);
        }
    }
}
