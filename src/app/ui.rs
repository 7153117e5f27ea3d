//! Drawing pieces shared by the app's own screens (menus, HOME menu, notices, pause, help):
//! panels, rows of selectable items with hit tests, wrapped notices. Built on `gfx::Painter` in
//! virtual pixels; the board scenes themselves are drawn by the gfx layouts.

use crate::gfx::font::GLYPH_W;
use crate::gfx::layout::Painter;
use crate::gfx::{palette, Aspect, DrawList, Rect, Rgba};

use super::text::wrap;

/// Dark translucent veil over the whole screen (under a modal panel).
pub fn veil(list: &mut DrawList, aspect: Aspect) {
    let mut p = Painter::new(list, aspect);
    p.fill(Rect::new(0, 0, aspect.virtual_width(), 480), palette::DIM);
}

/// A framed panel (virtual rect, horizontally centred on the canvas).
pub fn panel(list: &mut DrawList, aspect: Aspect, w: i16, y: i16, h: i16) -> Rect {
    let r = Rect::new((aspect.virtual_width() - w) / 2, y, w, h);
    let mut p = Painter::new(list, aspect);
    p.fill(r, palette::WOOD_DARK);
    p.fill(r.inflate(-4), palette::BACKGROUND);
    p.outline(r, 2, palette::GOLD);
    r
}

/// A column of selectable rows, centred, in virtual pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rows {
    pub aspect: Aspect,
    pub y: i16,
    pub w: i16,
    pub h: i16,
    pub step: i16,
}

impl Rows {
    fn v_rect(&self, i: usize) -> Rect {
        let x = (self.aspect.virtual_width() - self.w) / 2;
        Rect::new(x, self.y + i as i16 * self.step, self.w, self.h)
    }
    /// Frame rect of row `i`.
    pub fn rect(&self, i: usize) -> Rect {
        self.aspect.rect(self.v_rect(i))
    }
    /// The row under frame pixel (x, y) among `count`.
    pub fn at(&self, count: usize, x: i16, y: i16) -> Option<usize> {
        (0..count).find(|&i| self.rect(i).contains(x, y))
    }
    /// Draws `labels`, the selected one framed in gold.
    pub fn draw(&self, list: &mut DrawList, labels: &[&str], selected: usize) {
        let mut p = Painter::new(list, self.aspect);
        for (i, label) in labels.iter().enumerate() {
            let r = self.v_rect(i);
            let on = i == selected;
            if on {
                p.fill(r, palette::GOLD.with_alpha(70));
                p.outline(r, 3, palette::GOLD);
            } else {
                p.fill(r, Rgba::BLACK.with_alpha(90));
                p.outline(r, 1, palette::TEXT_DIM);
            }
            let color = if on { palette::GOLD } else { palette::TEXT };
            p.text_centered(r.center().0, r.y + (r.h - 20) / 2, label, color, 1);
        }
    }
}

/// A notice box: `text` wrapped and centred in a translucent box whose top is at virtual `y`.
pub fn notice(list: &mut DrawList, aspect: Aspect, y: i16, text: &str, color: Rgba) {
    if text.is_empty() {
        return;
    }
    let width_chars = 52;
    let lines = wrap(text, width_chars);
    let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as i16;
    let w = longest * GLYPH_W + 32;
    let h = lines.len() as i16 * 22 + 14;
    let r = Rect::new((aspect.virtual_width() - w) / 2, y, w, h);
    let mut p = Painter::new(list, aspect);
    p.fill(r, palette::TEXT_SHADOW.with_alpha(215));
    p.outline(r, 2, color);
    for (k, line) in lines.iter().enumerate() {
        p.text_centered(r.center().0, r.y + 8 + 22 * k as i16, line, color, 1);
    }
}

/// Plain (unshadowed) lines of text from virtual (x, y), 22 pixels apart.
pub fn lines(list: &mut DrawList, aspect: Aspect, x: i16, y: i16, text: &[&str], color: Rgba) {
    let mut p = Painter::new(list, aspect);
    for (k, line) in text.iter().enumerate() {
        p.text(x, y + 22 * k as i16, line, color, 1);
    }
}
