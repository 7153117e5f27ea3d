//! The title screen: the game's name large, a subtitle, a row of the games' pieces, dice and
//! sticks, a menu of up to four items (the `Framed` ones in gold) and a footer line.

use super::painter::Painter;
use crate::gfx::assets::AssetId;
use crate::gfx::color::{palette, Rgba};
use crate::gfx::draw_list::DrawList;
use crate::gfx::framed::Framed;
use crate::gfx::rect::Rect;
use crate::gfx::view::Aspect;

/// Menu items shown at most.
pub const MAX_ITEMS: usize = 4;

/// What the title screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TitleView<'a> {
    pub items: &'a [&'a str],
    /// The items framed in gold (`app::list_nav` decides).
    pub framed: Framed,
    pub subtitle: &'a str,
    pub footer: &'a str,
}

const TITLE: &str = "Senas & Senet";
const ITEM_Y: i16 = 222;
const ITEM_STEP: i16 = 54;
const ITEM_W: i16 = 380;
const ITEM_H: i16 = 46;

/// The title screen placed for one aspect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TitleLayout {
    pub aspect: Aspect,
}

impl TitleLayout {
    pub const fn new(aspect: Aspect) -> Self {
        TitleLayout { aspect }
    }

    fn v_item(&self, i: usize) -> Rect {
        let cx = self.aspect.virtual_width() / 2;
        Rect::new(
            cx - ITEM_W / 2,
            ITEM_Y + i as i16 * ITEM_STEP,
            ITEM_W,
            ITEM_H,
        )
    }

    /// Frame rect of menu item `i`.
    pub fn item_rect(&self, i: usize) -> Rect {
        self.aspect.rect(self.v_item(i))
    }
    /// The menu item under frame pixel (x, y), among `count` items.
    pub fn item_at(&self, count: usize, x: i16, y: i16) -> Option<usize> {
        (0..count.min(MAX_ITEMS)).find(|&i| self.item_rect(i).contains(x, y))
    }

    pub fn draw(&self, list: &mut DrawList, view: &TitleView) {
        let mut p = Painter::new(list, self.aspect);
        let vw = self.aspect.virtual_width();
        let cx = vw / 2;
        // Background bands, darker towards the bottom.
        for k in 0..6i16 {
            let shade = Rgba::rgb(34 - 2 * k as u8, 58 - 4 * k as u8, 80 - 5 * k as u8);
            p.fill(Rect::new(0, k * 80, vw, 80), shade);
        }
        p.fill(Rect::new(0, 132, vw, 2), palette::GOLD.with_alpha(160));
        p.text_centered(cx, 40, TITLE, palette::GOLD, 4);
        p.text_centered(cx, 140, view.subtitle, palette::TEXT, 1);
        // A row of the games' things: senas pieces and dice, senet pieces and sticks.
        let row: [(AssetId, i16, i16); 8] = [
            (AssetId::PieceLight, 36, 36),
            (AssetId::PieceDark, 36, 36),
            (AssetId::Die6, 36, 36),
            (AssetId::Die3, 36, 36),
            (AssetId::Cone, 36, 36),
            (AssetId::Spool, 36, 36),
            (AssetId::StickLight, 10, 36),
            (AssetId::StickDark, 10, 36),
        ];
        let gap = 14;
        let total: i16 = row.iter().map(|r| r.1).sum::<i16>() + gap * (row.len() as i16 - 1);
        let mut x = cx - total / 2;
        for (art, w, h) in row {
            p.sprite(art, Rect::new(x, 168, w, h), Rgba::WHITE, false);
            x += w + gap;
        }
        for (i, item) in view.items.iter().take(MAX_ITEMS).enumerate() {
            let r = self.v_item(i);
            let on = view.framed.contains(i);
            if on {
                p.fill(r, palette::GOLD.with_alpha(70));
                p.outline(r, 3, palette::GOLD);
            } else {
                p.fill(r, Rgba::BLACK.with_alpha(90));
                p.outline(r, 2, palette::TEXT_DIM);
            }
            let color = if on { palette::GOLD } else { palette::TEXT };
            p.text_centered(cx, r.y + 3, item, color, 2);
        }
        p.text_centered(cx, 448, view.footer, palette::TEXT_DIM, 1);
    }
}
