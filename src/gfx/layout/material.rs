//! Material and light for the boards, shared by both layouts: the wood of the frames and the
//! senas bar (the `WoodH` / `WoodV` textures, grain along their length, drawn by
//! `tools/art`), the shadow a board casts on the table, the bevel where a frame meets the
//! playing field, and raised tiles. The lamp is above to the upper left, as in the art
//! (`tools/art/src/light.rs`): faces towards it are lit, edges away from it in shade.
//! Only `Painter` calls in virtual pixels; knows no game and owns no state.

use super::painter::Painter;
use crate::gfx::assets::AssetId;
use crate::gfx::color::{palette, Rgba};
use crate::gfx::rect::Rect;

/// A lit edge's colour (white, translucent).
pub const LIT: Rgba = Rgba::rgb(255, 244, 220).with_alpha(70);
/// A shaded edge's colour (black, translucent).
pub const SHADE: Rgba = Rgba::rgb(0, 0, 0).with_alpha(90);
/// How far a board's shadow falls down and to the right of it, in pixels.
pub const SHADOW_OFFSET: i16 = 6;

/// The shadow `r` casts on the table: three translucent layers, each a little wider, down and
/// to the right, so its edge is soft.
pub fn cast_shadow(p: &mut Painter, r: Rect) {
    for k in 0..3i16 {
        let grow = 2 - k;
        p.fill(
            Rect::new(
                r.x + SHADOW_OFFSET - grow,
                r.y + SHADOW_OFFSET - grow,
                r.w + 2 * grow,
                r.h + 2 * grow,
            ),
            Rgba::rgb(0, 0, 0).with_alpha(40),
        );
    }
}

/// A length of wood over `r`, its grain along the longer side.
pub fn wood(p: &mut Painter, r: Rect) {
    let art = if r.w >= r.h {
        AssetId::WoodH
    } else {
        AssetId::WoodV
    };
    p.sprite_rect(art, r);
}

/// A raised edge round `r`, `t` pixels wide: lit along the top and left, shaded along the
/// bottom and right.
pub fn raised(p: &mut Painter, r: Rect, t: i16) {
    p.fill(Rect::new(r.x, r.y, r.w, t), LIT);
    p.fill(Rect::new(r.x, r.y + t, t, r.h - t), LIT);
    p.fill(Rect::new(r.x + t, r.bottom() - t, r.w - t, t), SHADE);
    p.fill(Rect::new(r.right() - t, r.y + t, t, r.h - 2 * t), SHADE);
}

/// A tile or slab `r` catching the lamp: a lit line along its top and a shaded one along its
/// bottom, `t` pixels each (two fills: the senet board's thirty squares and the trays'
/// slabs are many).
pub fn tile(p: &mut Painter, r: Rect, t: i16) {
    p.fill(Rect::new(r.x, r.y, r.w, t), LIT);
    p.fill(Rect::new(r.x, r.bottom() - t, r.w, t), SHADE);
}

/// A sunk field `r` (the part of a board inside its frame): the frame's lip shades its top
/// and left edges, a thin lit line runs along its bottom and right.
pub fn sunk(p: &mut Painter, r: Rect) {
    p.fill(Rect::new(r.x, r.y, r.w, 4), SHADE);
    p.fill(Rect::new(r.x, r.y + 4, 4, r.h - 4), SHADE);
    p.fill(Rect::new(r.x, r.y, r.w, 2), SHADE);
    p.fill(Rect::new(r.x, r.y + 2, 2, r.h - 2), SHADE);
    p.fill(Rect::new(r.x + 4, r.bottom() - 1, r.w - 4, 1), LIT);
    p.fill(Rect::new(r.right() - 1, r.y + 4, 1, r.h - 5), LIT);
}

/// A wooden frame: `outer` minus `inner` in wood, on its shadow, raised at its outer edge,
/// with `inner` (drawn by the caller afterwards) to be sunk into it by [`sunk`].
pub fn frame(p: &mut Painter, outer: Rect, inner: Rect) {
    cast_shadow(p, outer);
    // Behind the wood strips, so no seam shows the table through.
    p.fill(outer, palette::WOOD_DARK);
    let top = inner.y - outer.y;
    let bottom = outer.bottom() - inner.bottom();
    let left = inner.x - outer.x;
    let right = outer.right() - inner.right();
    wood(p, Rect::new(outer.x, outer.y, outer.w, top));
    wood(p, Rect::new(outer.x, inner.bottom(), outer.w, bottom));
    wood(p, Rect::new(outer.x, inner.y, left, inner.h));
    wood(p, Rect::new(inner.right(), inner.y, right, inner.h));
    raised(p, outer, 2);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gfx::draw_list::{DrawList, Item};
    use crate::gfx::view::Aspect;
    use std::boxed::Box;
    use std::vec::Vec;

    fn drawn(f: impl Fn(&mut Painter)) -> Vec<(Rect, Option<AssetId>, Rgba)> {
        let mut list = Box::new(DrawList::new(Rgba::BLACK));
        f(&mut Painter::new(&mut list, Aspect::Standard));
        list.items()
            .filter_map(|it| match it {
                Item::Fill { rect, color } => Some((rect, None, color)),
                Item::Sprite { asset, rect, .. } => Some((rect, Some(asset), Rgba::WHITE)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_frame_is_wood_on_every_side_and_leaves_the_field_to_the_caller() {
        let (outer, inner) = (Rect::new(100, 100, 300, 200), Rect::new(108, 108, 284, 184));
        let items = drawn(|p| frame(p, outer, inner));
        let woods: Vec<Rect> = items
            .iter()
            .filter(|(_, a, _)| matches!(a, Some(AssetId::WoodH | AssetId::WoodV)))
            .map(|(r, _, _)| *r)
            .collect();
        assert_eq!(woods.len(), 4);
        for &(x, y) in &[(150, 103), (150, 296), (103, 150), (396, 150)] {
            assert!(woods.iter().any(|r| r.contains(x, y)), "wood at ({x}, {y})");
        }
        assert!(woods.iter().all(|r| r.intersect(inner).is_empty()));
        // Wider strips carry the grain along x, taller ones along y.
        for (r, a, _) in &items {
            match a {
                Some(AssetId::WoodH) => assert!(r.w >= r.h),
                Some(AssetId::WoodV) => assert!(r.h > r.w),
                _ => {}
            }
        }
    }

    #[test]
    fn the_shadow_falls_down_and_right_of_the_board_never_up_or_left() {
        let r = Rect::new(100, 100, 300, 200);
        let items = drawn(|p| cast_shadow(p, r));
        assert_eq!(items.len(), 3);
        for (s, _, c) in items {
            assert!(c.a < 255, "translucent");
            assert!(s.x >= r.x && s.y >= r.y, "{s:?} starts inside the board");
            assert!(
                s.right() > r.right() && s.bottom() > r.bottom(),
                "{s:?} sticks out"
            );
        }
    }

    #[test]
    fn raised_edges_are_lit_towards_the_lamp_and_shaded_away_from_it() {
        let r = Rect::new(10, 10, 50, 40);
        let items = drawn(|p| raised(p, r, 2));
        let colour_at = |x: i16, y: i16| {
            items
                .iter()
                .find(|(s, _, _)| s.contains(x, y))
                .map(|(_, _, c)| *c)
        };
        assert_eq!(colour_at(30, 10), Some(LIT), "top");
        assert_eq!(colour_at(10, 30), Some(LIT), "left");
        assert_eq!(colour_at(30, 49), Some(SHADE), "bottom");
        assert_eq!(colour_at(59, 30), Some(SHADE), "right");
        assert_eq!(colour_at(30, 30), None, "the face is left alone");
    }
}
