//! `DrawList`: everything a scene draws in one frame, in draw order (painter's algorithm: later
//! commands cover earlier ones). Scenes build it; backends (soft, GX) only read it. Fixed
//! capacity, no heap: a full list drops further commands and counts them instead of panicking.

use super::assets::AssetId;
use super::color::Rgba;
use super::rect::Rect;
use heapless::Vec;

/// Commands per frame. The busiest scene (an over-full senas stress position: every hole stacked
/// and lit, both trays full, long texts, four pointers) measured 296 commands, 417 once the
/// boards had their material and light (wood strips, bevels, shadows: `layout/material.rs`);
/// `busiest_scene_fits_in_the_draw_list` in gfx/layout/tests.rs keeps 25 % headroom over it.
/// A FIFO-backed GX frame of 768 quads stays far inside the 256 KiB FIFO.
pub const CAPACITY: usize = 768;
/// Bytes of text per frame (all text runs together). The busiest is the Statistics screen
/// with a storage note and the save folder's two lines: about 1 100 bytes (ten 57-byte table
/// rows, shadows drawn twice); 2048 keeps the headroom (issue 26 raised it from 1024).
pub const TEXT_BYTES: usize = 2048;

/// One stored command. Text runs point into the list's text pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cmd {
    Fill {
        rect: Rect,
        color: Rgba,
    },
    Sprite {
        asset: AssetId,
        rect: Rect,
        tint: Rgba,
        flip_y: bool,
    },
    Text {
        x: i16,
        y: i16,
        scale: u8,
        color: Rgba,
        start: u16,
        len: u16,
    },
    Clip(Rect),
}

/// One command as backends see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item<'a> {
    /// A solid quad; `color.a < 255` blends over what is below.
    Fill { rect: Rect, color: Rgba },
    /// A texture stretched over `rect`, each texel multiplied by `tint` (alpha too), optionally
    /// upside down.
    Sprite {
        asset: AssetId,
        rect: Rect,
        tint: Rgba,
        flip_y: bool,
    },
    /// A run of glyphs of the real type (`gfx::font`: DejaVu Sans, 17 px at scale 1, bold for
    /// scales 2-4), placed by `font::layout`'s pen rule; its line box is `font::LINE_H * scale`
    /// pixels tall, top-left at (x, y).
    Text {
        x: i16,
        y: i16,
        scale: u8,
        color: Rgba,
        text: &'a str,
    },
    /// From here on, draw only inside this rect (the whole screen to switch clipping off).
    Clip(Rect),
}

/// What one frame draws, in order, with the colour the frame is cleared to.
#[derive(Clone, Debug)]
pub struct DrawList {
    clear: Rgba,
    cmds: Vec<Cmd, CAPACITY>,
    text: Vec<u8, TEXT_BYTES>,
    dropped: u16,
}

impl DrawList {
    /// An empty list; the frame starts cleared to `clear` (its alpha is ignored).
    pub const fn new(clear: Rgba) -> Self {
        DrawList {
            clear,
            cmds: Vec::new(),
            text: Vec::new(),
            dropped: 0,
        }
    }

    /// Empties the list for the next frame, keeping the buffers.
    pub fn reset(&mut self, clear: Rgba) {
        self.clear = clear;
        self.cmds.clear();
        self.text.clear();
        self.dropped = 0;
    }

    pub fn clear_color(&self) -> Rgba {
        self.clear
    }
    /// Number of commands stored.
    pub fn len(&self) -> usize {
        self.cmds.len()
    }
    pub fn is_empty(&self) -> bool {
        self.cmds.is_empty()
    }
    /// Bytes of text stored.
    pub fn text_len(&self) -> usize {
        self.text.len()
    }
    /// Commands that did not fit (0 in a correct program; logged by the app when not).
    pub fn dropped(&self) -> u16 {
        self.dropped
    }

    fn push(&mut self, cmd: Cmd) {
        if self.cmds.push(cmd).is_err() {
            self.dropped = self.dropped.saturating_add(1);
        }
    }

    /// A solid (or translucent) rectangle.
    pub fn fill(&mut self, rect: Rect, color: Rgba) {
        if !rect.is_empty() && color.a != 0 {
            self.push(Cmd::Fill { rect, color });
        }
    }

    /// A 1-colour frame of `t` pixels inside `rect`'s edges.
    pub fn outline(&mut self, rect: Rect, t: i16, color: Rgba) {
        self.fill(Rect::new(rect.x, rect.y, rect.w, t), color);
        self.fill(Rect::new(rect.x, rect.bottom() - t, rect.w, t), color);
        self.fill(Rect::new(rect.x, rect.y + t, t, rect.h - 2 * t), color);
        self.fill(
            Rect::new(rect.right() - t, rect.y + t, t, rect.h - 2 * t),
            color,
        );
    }

    /// An asset drawn into `rect` (stretched if the sizes differ), multiplied by `tint`.
    pub fn sprite(&mut self, asset: AssetId, rect: Rect, tint: Rgba, flip_y: bool) {
        if !rect.is_empty() && tint.a != 0 {
            self.push(Cmd::Sprite {
                asset,
                rect,
                tint,
                flip_y,
            });
        }
    }

    /// An asset at its own size with its top-left at (x, y), untinted.
    pub fn sprite_at(&mut self, asset: AssetId, x: i16, y: i16) {
        let t = asset.texture();
        self.sprite(
            asset,
            Rect::new(x, y, t.width as i16, t.height as i16),
            Rgba::WHITE,
            false,
        );
    }

    /// A text run. Characters outside ISO 8859-1 show as '?'. Text that does not fit in the
    /// pool is dropped whole (and counted).
    pub fn text(&mut self, x: i16, y: i16, text: &str, color: Rgba, scale: u8) {
        if text.is_empty() || color.a == 0 || scale == 0 {
            return;
        }
        let start = self.text.len();
        if self.text.extend_from_slice(text.as_bytes()).is_err() || self.cmds.is_full() {
            self.text.truncate(start);
            self.dropped = self.dropped.saturating_add(1);
            return;
        }
        self.push(Cmd::Text {
            x,
            y,
            scale,
            color,
            start: start as u16,
            len: text.len() as u16,
        });
    }

    /// Clips the following commands to `rect` (intersected with the screen).
    pub fn clip(&mut self, rect: Rect) {
        self.push(Cmd::Clip(rect.intersect(Rect::SCREEN)));
    }

    /// Ends clipping: the following commands may draw anywhere on the screen.
    pub fn unclip(&mut self) {
        self.push(Cmd::Clip(Rect::SCREEN));
    }

    /// The commands in draw order.
    pub fn items(&self) -> impl Iterator<Item = Item<'_>> + '_ {
        (0..self.cmds.len()).filter_map(move |i| self.item(i))
    }

    /// Command `i` (0 = drawn first), for backends that look ahead to batch.
    pub fn item(&self, i: usize) -> Option<Item<'_>> {
        self.cmds.get(i).map(|c| match *c {
            Cmd::Fill { rect, color } => Item::Fill { rect, color },
            Cmd::Sprite {
                asset,
                rect,
                tint,
                flip_y,
            } => Item::Sprite {
                asset,
                rect,
                tint,
                flip_y,
            },
            Cmd::Text {
                x,
                y,
                scale,
                color,
                start,
                len,
            } => {
                let bytes = &self.text[start as usize..start as usize + len as usize];
                // Only whole `&str`s are stored, so the slice is valid UTF-8.
                let text = core::str::from_utf8(bytes).unwrap_or("?");
                Item::Text {
                    x,
                    y,
                    scale,
                    color,
                    text,
                }
            }
            Cmd::Clip(r) => Item::Clip(r),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_come_back_in_draw_order_with_their_text() {
        let mut l = DrawList::new(Rgba::BLACK);
        l.fill(Rect::new(0, 0, 4, 4), Rgba::WHITE);
        l.text(5, 6, "Año", Rgba::WHITE, 2);
        l.clip(Rect::new(-5, 0, 10, 10));
        let items: std::vec::Vec<_> = l.items().collect();
        assert_eq!(items.len(), 3);
        assert!(matches!(items[0], Item::Fill { .. }));
        assert_eq!(
            items[1],
            Item::Text {
                x: 5,
                y: 6,
                scale: 2,
                color: Rgba::WHITE,
                text: "Año"
            }
        );
        assert_eq!(items[2], Item::Clip(Rect::new(0, 0, 5, 10)));
    }

    #[test]
    fn a_full_list_counts_dropped_commands_instead_of_panicking() {
        let mut l = DrawList::new(Rgba::BLACK);
        for _ in 0..CAPACITY + 3 {
            l.fill(Rect::new(0, 0, 1, 1), Rgba::WHITE);
        }
        l.text(0, 0, "x", Rgba::WHITE, 1);
        assert_eq!(l.len(), CAPACITY);
        assert_eq!(l.dropped(), 4);
        assert_eq!(l.text_len(), 0);
    }

    #[test]
    fn invisible_commands_are_not_stored() {
        let mut l = DrawList::new(Rgba::BLACK);
        l.fill(Rect::new(0, 0, 0, 5), Rgba::WHITE);
        l.fill(Rect::new(0, 0, 5, 5), Rgba::WHITE.with_alpha(0));
        l.text(0, 0, "", Rgba::WHITE, 1);
        assert!(l.is_empty());
    }
}
