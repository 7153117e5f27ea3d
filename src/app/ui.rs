//! Drawing pieces shared by the app's own screens (menus, HOME menu, notices, pause, help):
//! panels, rows of selectable items with hit tests, wrapped notices. These are centred and
//! placed in *frame* pixels (not the layouts' virtual pixels): text keeps its glyph size in
//! 16:9, so sizing boxes by their text in frame pixels keeps every line inside its box and the
//! screen in both picture shapes. The board scenes themselves are drawn by the gfx layouts.

use crate::gfx::font::text_width;
use crate::gfx::{palette, Aspect, DrawList, Framed, Rect, Rgba};

use super::input::{Input, MAX_PLAYERS};
use super::text::wrap;

/// Frame width and centre.
const FRAME_W: i16 = 640;
const CX: i16 = FRAME_W / 2;
const FRAME_H: i16 = 480;

/// Dark translucent veil over the whole screen (under a modal panel).
pub fn veil(list: &mut DrawList, _aspect: Aspect) {
    list.fill(Rect::SCREEN, palette::DIM);
}

/// A full-screen backdrop with a band and a large heading centred on the frame.
pub fn backdrop(list: &mut DrawList, _aspect: Aspect, heading: &str) {
    list.fill(Rect::SCREEN, palette::BACKGROUND);
    list.fill(Rect::new(0, 0, FRAME_W, 100), palette::BACKGROUND_BAND);
    text_centered(list, CX, 26, heading, palette::GOLD, 2);
}

/// The pointer of every connected player `shown` says to draw, drawn last (on top of
/// everything). A list hides a pointer that has not moved since it opened (`ListNav::shows`).
pub fn pointers(list: &mut DrawList, aspect: Aspect, input: &Input, shown: impl Fn(usize) -> bool) {
    let mut ps: heapless::Vec<crate::gfx::Pointer, MAX_PLAYERS> = heapless::Vec::new();
    for (n, p) in input.players.iter().enumerate() {
        if let (true, true, Some(q)) = (p.connected, shown(n), p.pointer) {
            let _ = ps.push(crate::gfx::Pointer {
                x: q.x,
                y: q.y,
                player: n as u8,
            });
        }
    }
    crate::gfx::layout::draw_pointers(list, aspect, &ps);
}

/// A framed panel `w` x `h` frame pixels, centred, top at `y`; returns its frame rect.
pub fn panel(list: &mut DrawList, _aspect: Aspect, w: i16, y: i16, h: i16) -> Rect {
    let r = Rect::new(CX - w / 2, y, w, h);
    list.fill(r, palette::WOOD_DARK);
    list.fill(r.inflate(-4), palette::BACKGROUND);
    list.outline(r, 2, palette::GOLD);
    r
}

/// Shadowed text centred on frame x `cx`.
pub fn text_centered(list: &mut DrawList, cx: i16, y: i16, s: &str, c: Rgba, scale: u8) {
    let x = cx - text_width(s, scale) / 2;
    list.text(
        x + scale as i16,
        y + scale as i16,
        s,
        palette::TEXT_SHADOW,
        scale,
    );
    list.text(x, y, s, c, scale);
}

/// A column of selectable rows, centred, in frame pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rows {
    /// The picture shape (rows are placed in frame pixels whatever it is).
    pub aspect: Aspect,
    pub y: i16,
    pub w: i16,
    pub h: i16,
    pub step: i16,
}

impl Rows {
    /// Frame rect of row `i`.
    pub fn rect(&self, i: usize) -> Rect {
        Rect::new(
            CX - self.w / 2,
            self.y + i as i16 * self.step,
            self.w,
            self.h,
        )
    }
    /// The row under frame pixel (x, y) among `count`.
    pub fn at(&self, count: usize, x: i16, y: i16) -> Option<usize> {
        (0..count).find(|&i| self.rect(i).contains(x, y))
    }
    /// Draws `labels`, the `framed` ones framed in gold.
    pub fn draw(&self, list: &mut DrawList, labels: &[&str], framed: Framed) {
        for (i, label) in labels.iter().enumerate() {
            let r = self.rect(i);
            let on = framed.contains(i);
            if on {
                list.fill(r, palette::GOLD.with_alpha(70));
                list.outline(r, 3, palette::GOLD);
            } else {
                list.fill(r, Rgba::BLACK.with_alpha(90));
                list.outline(r, 1, palette::TEXT_DIM);
            }
            let color = if on { palette::GOLD } else { palette::TEXT };
            text_centered(list, r.center().0, r.y + (r.h - 20) / 2, label, color, 1);
        }
    }
}

/// Longest notice line, in pixels.
pub const NOTICE_W: i16 = 560;

/// Frame rect of the notice box for `text` with its top at frame `y`.
pub fn notice_rect(y: i16, text: &str) -> Rect {
    let lines = wrap(text, NOTICE_W, 1);
    let longest = lines.iter().map(|l| text_width(l, 1)).max().unwrap_or(0);
    let w = longest + 32;
    let h = lines.len() as i16 * 22 + 14;
    Rect::new(CX - w / 2, y, w, h)
}

/// A notice box: `text` wrapped and centred in a translucent box whose top is at frame `y`.
pub fn notice(list: &mut DrawList, _aspect: Aspect, y: i16, text: &str, color: Rgba) {
    if text.is_empty() {
        return;
    }
    let lines = wrap(text, NOTICE_W, 1);
    let longest = lines.iter().map(|l| text_width(l, 1)).max().unwrap_or(0);
    let w = longest + 32;
    let h = lines.len() as i16 * 22 + 14;
    let r = Rect::new(CX - w / 2, y, w, h);
    list.fill(r, palette::TEXT_SHADOW.with_alpha(215));
    list.outline(r, 2, color);
    for (k, line) in lines.iter().enumerate() {
        text_centered(list, CX, r.y + 8 + 22 * k as i16, line, color, 1);
    }
}

/// Longest line of a notice in the bottom bar, in pixels.
pub const BAR_W: i16 = 600;

/// Frame rect of the bottom-bar notice for `text`: its lines 20 pixels apart, the box's
/// bottom on the frame's bottom edge, so a two-line notice stays below the board.
pub fn bar_notice_rect(text: &str) -> Rect {
    let lines = wrap(text, BAR_W, 1);
    let longest = lines.iter().map(|l| text_width(l, 1)).max().unwrap_or(0);
    let w = longest + 24;
    let h = lines.len() as i16 * 20 + 4;
    Rect::new(CX - w / 2, FRAME_H - h, w, h)
}

/// A notice in the bottom bar (over the controls line, never over the board).
pub fn bar_notice(list: &mut DrawList, text: &str, color: Rgba) {
    if text.is_empty() {
        return;
    }
    let r = bar_notice_rect(text);
    list.fill(r, palette::TEXT_SHADOW.with_alpha(230));
    list.outline(r, 1, color);
    for (k, line) in wrap(text, BAR_W, 1).iter().enumerate() {
        let x = CX - text_width(line, 1) / 2;
        list.text(x, r.y + 2 + 20 * k as i16, line, color, 1);
    }
}

/// Step from one line of `lines` to the next, in frame pixels.
pub const LINE_STEP: i16 = 22;

/// Plain (unshadowed) lines of text from frame (x, y), `LINE_STEP` pixels apart.
pub fn lines(list: &mut DrawList, x: i16, y: i16, text: &[&str], color: Rgba) {
    for (k, line) in text.iter().enumerate() {
        list.text(x, y + LINE_STEP * k as i16, line, color, 1);
    }
}
