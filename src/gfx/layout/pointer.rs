//! Pointer cursors: one arrow per player, tinted in the player's colour (blue for player 1,
//! orange for player 2) with the player's number beside it. Pointer positions are frame pixels
//! (what the Wiimote IR code produces); the arrow's tip is at the position. The number sits
//! below-right of the arrow and flips to the other side near the right or bottom edge, so it
//! always stays inside the frame.

use crate::gfx::assets::AssetId;
use crate::gfx::color::palette;
use crate::gfx::draw_list::DrawList;
use crate::gfx::font::LINE_H;
use crate::gfx::rect::Rect;
use crate::gfx::soft::{HEIGHT, WIDTH};
use crate::gfx::view::Aspect;

/// Where a player points, in frame pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pointer {
    pub x: i16,
    pub y: i16,
    /// 0 for player 1, 1 for player 2 (2 and 3 get their own colours too).
    pub player: u8,
}

/// The arrow tip's offset inside the cursor art (tools/art `cursor`).
const TIP: i16 = 2;
const NUMBERS: [&str; 4] = ["1", "2", "3", "4"];
/// The label's offset below the tip (it starts at the arrow's right edge minus this).
const LABEL_DY: i16 = 14;
const LABEL_INSET: i16 = 4;
/// The box a player number takes: a digit's advance at scale 1 (DejaVu Sans 17 px: 11 px,
/// `numbers_fit_the_label_box` checks) by a line.
const GLYPH_W: i16 = 11;
const GLYPH_H: i16 = LINE_H;

/// Top-left of the player number for a cursor of frame width `w` whose tip is at (x, y):
/// below-right of the arrow; mirrored to the left of the tip when it would leave the frame on
/// the right, above the tip when it would leave at the bottom; then clamped into the frame
/// (pointers may lie slightly off-screen). The label and its 1-pixel shadow stay inside.
pub fn label_position(x: i16, y: i16, w: i16) -> (i16, i16) {
    let (max_x, max_y) = (WIDTH as i16 - GLYPH_W - 1, HEIGHT as i16 - GLYPH_H - 1);
    let mut lx = x + w - LABEL_INSET;
    if lx > max_x {
        lx = x - (w - LABEL_INSET) - GLYPH_W;
    }
    let mut ly = y + LABEL_DY;
    if ly > max_y {
        ly = y - LABEL_DY - GLYPH_H;
    }
    (lx.clamp(0, max_x), ly.clamp(0, max_y))
}

/// Draws the pointers last (on top of everything). Call after the scene's layout.
pub fn draw_pointers(list: &mut DrawList, aspect: Aspect, pointers: &[Pointer]) {
    let tex = AssetId::Cursor.texture();
    for p in pointers {
        let i = (p.player as usize).min(palette::POINTERS.len() - 1);
        let color = palette::POINTERS[i];
        let w = aspect.x(aspect.unmap_x(p.x) + tex.width as i16) - p.x;
        let rect = Rect::new(p.x - aspect.x(TIP).max(1), p.y - TIP, w, tex.height as i16);
        list.sprite(AssetId::Cursor, rect, color, false);
        let (lx, ly) = label_position(p.x, p.y, w);
        list.text(lx + 1, ly + 1, NUMBERS[i], palette::TEXT_SHADOW, 1);
        list.text(lx, ly, NUMBERS[i], color, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gfx::draw_list::Item;
    use crate::gfx::soft::{pixel, SoftRenderer, FRAME_BYTES};

    /// The label run (not its shadow) drawn for a pointer at (x, y).
    fn label(x: i16, y: i16, aspect: Aspect) -> (i16, i16, DrawList) {
        let mut list = DrawList::new(palette::BACKGROUND);
        draw_pointers(&mut list, aspect, &[Pointer { x, y, player: 1 }]);
        let (lx, ly) = list
            .items()
            .filter_map(|i| match i {
                Item::Text { x, y, color, .. } if color == palette::POINTERS[1] => Some((x, y)),
                _ => None,
            })
            .last()
            .expect("label drawn");
        (lx, ly, list)
    }

    fn inside(lx: i16, ly: i16) -> bool {
        lx >= 0 && ly >= 0 && lx + GLYPH_W < WIDTH as i16 && ly + GLYPH_H < HEIGHT as i16
    }

    #[test]
    fn numbers_fit_the_label_box() {
        for n in NUMBERS {
            assert!(crate::gfx::font::text_width(n, 1) <= GLYPH_W, "{n}");
        }
    }

    #[test]
    fn the_player_number_sits_below_right_of_the_arrow_away_from_the_edges() {
        let (lx, ly, _) = label(300, 200, Aspect::Standard);
        assert_eq!((lx, ly), (300 + 28, 200 + 14));
    }

    #[test]
    fn near_the_right_or_bottom_edge_the_number_flips_to_the_other_side_of_the_cursor() {
        let (lx, ly, _) = label(630, 200, Aspect::Standard);
        assert!(lx < 630 && inside(lx, ly), "right edge: ({lx}, {ly})");
        assert_eq!(
            (lx, ly),
            (630 - 28 - GLYPH_W, 214),
            "mirrored about the tip"
        );
        let (lx, ly, _) = label(300, 470, Aspect::Standard);
        assert!(ly < 470 && inside(lx, ly), "bottom edge: ({lx}, {ly})");
        assert_eq!((lx, ly), (328, 470 - 14 - GLYPH_H));
        let (lx, ly, list) = label(639, 479, Aspect::Standard);
        assert_eq!((lx, ly), (639 - 28 - GLYPH_W, 479 - 14 - GLYPH_H), "corner");
        // The soft-rendered frame shows the orange digit there, not beyond the edge.
        let mut frame = std::vec![0u8; FRAME_BYTES];
        SoftRenderer::new().render(&list, &mut frame);
        let c = palette::POINTERS[1];
        let lit = (ly..ly + GLYPH_H)
            .flat_map(|y| (lx..lx + GLYPH_W).map(move |x| (x, y)))
            .filter(|&(x, y)| pixel(&frame, x as usize, y as usize) == [c.r, c.g, c.b])
            .count();
        assert!(lit > 10, "digit visible: {lit} pixels");
    }

    #[test]
    fn every_pointer_position_keeps_its_number_inside_the_frame_in_both_shapes() {
        for aspect in [Aspect::Standard, Aspect::Wide] {
            for y in (-10..=490).step_by(7) {
                for x in (-10..=650).step_by(7) {
                    let (lx, ly, _) = label(x, y, aspect);
                    assert!(inside(lx, ly), "{aspect:?} ({x}, {y}) -> ({lx}, {ly})");
                }
            }
        }
    }
}
