//! A banner over any scene: the screen dimmed, a framed panel in the middle with a large title
//! (gold) and a few lines of text. For the end of a match, pauses and the HOME menu.

use super::painter::Painter;
use crate::gfx::color::palette;
use crate::gfx::draw_list::DrawList;
use crate::gfx::rect::Rect;
use crate::gfx::view::Aspect;

/// What a banner says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Banner<'a> {
    /// Drawn at scale 3 (30x60 pixel glyphs).
    pub title: &'a str,
    /// Up to four lines at scale 1.
    pub lines: &'a [&'a str],
}

/// Lines shown at most.
pub const MAX_LINES: usize = 4;
const PANEL_W: i16 = 520;
const LINE_H: i16 = 26;

/// The panel's frame rect for a banner with `lines` lines.
pub fn banner_rect(aspect: Aspect, lines: usize) -> Rect {
    let h = 104 + LINE_H * lines.min(MAX_LINES) as i16;
    let cx = aspect.virtual_width() / 2;
    aspect.rect(Rect::new(cx - PANEL_W / 2, 240 - h / 2, PANEL_W, h))
}

/// Draws the banner on top of what is in `list` (call before the pointers).
pub fn draw_banner(list: &mut DrawList, aspect: Aspect, banner: &Banner) {
    let mut p = Painter::new(list, aspect);
    let vw = aspect.virtual_width();
    p.fill(Rect::new(0, 0, vw, 480), palette::DIM);
    let lines = banner.lines.len().min(MAX_LINES);
    let h = 104 + LINE_H * lines as i16;
    let cx = vw / 2;
    let panel = Rect::new(cx - PANEL_W / 2, 240 - h / 2, PANEL_W, h);
    p.fill(panel, palette::WOOD);
    p.fill(panel.inflate(-6), palette::BACKGROUND);
    p.outline(panel.inflate(-6), 2, palette::GOLD.with_alpha(180));
    p.text_centered(cx, panel.y + 18, banner.title, palette::GOLD, 3);
    for (i, line) in banner.lines.iter().take(lines).enumerate() {
        p.text_centered(cx, panel.y + 92 + LINE_H * i as i16, line, palette::TEXT, 1);
    }
}
