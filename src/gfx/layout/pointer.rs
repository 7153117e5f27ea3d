//! Pointer cursors: one arrow per player, tinted in the player's colour (blue for player 1,
//! orange for player 2) with the player's number beside it. Pointer positions are frame pixels
//! (what the Wiimote IR code produces); the arrow's tip is at the position.

use crate::gfx::assets::AssetId;
use crate::gfx::color::palette;
use crate::gfx::draw_list::DrawList;
use crate::gfx::rect::Rect;
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

/// Draws the pointers last (on top of everything). Call after the scene's layout.
pub fn draw_pointers(list: &mut DrawList, aspect: Aspect, pointers: &[Pointer]) {
    let tex = AssetId::Cursor.texture();
    for p in pointers {
        let i = (p.player as usize).min(palette::POINTERS.len() - 1);
        let color = palette::POINTERS[i];
        let w = aspect.x(aspect.unmap_x(p.x) + tex.width as i16) - p.x;
        let rect = Rect::new(p.x - aspect.x(TIP).max(1), p.y - TIP, w, tex.height as i16);
        list.sprite(AssetId::Cursor, rect, color, false);
        let (lx, ly) = (p.x + w - 4, p.y + 14);
        list.text(lx + 1, ly + 1, NUMBERS[i], palette::TEXT_SHADOW, 1);
        list.text(lx, ly, NUMBERS[i], color, 1);
    }
}
