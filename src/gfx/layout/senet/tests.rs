//! The senet layout's own tests: square numbers against the outlines and the pieces.

use super::*;
use crate::gfx::font::{face, layout};

/// A square both picked up and hinted, in both picture shapes: its number is drawn after
/// every outline inside the square, so no selection or hint line crosses the digits.
#[test]
fn square_numbers_are_drawn_over_the_selection_and_hint_outlines() {
    use crate::gfx::{Aspect, DrawList, Item};
    for aspect in [Aspect::Standard, Aspect::Wide] {
        let layout = SenetLayout::new(aspect);
        for i in [0usize, 4, 17, 29] {
            let mut view = SenetView::start();
            view.numbers = true;
            view.selected = Some(i as u8);
            view.hinted = 1 << i;
            let mut list = std::boxed::Box::new(DrawList::new(Rgba::BLACK));
            layout.draw(&mut list, &view);
            let items: std::vec::Vec<Item> = list.items().collect();
            let sq = layout.square_rect(i);
            let number = items
                .iter()
                .position(|it| matches!(it, Item::Text { text, .. } if *text == NUMBERS_30[i + 1]))
                .expect("number drawn");
            let outlines: std::vec::Vec<usize> = items
                .iter()
                .enumerate()
                .filter(|(_, it)| {
                    matches!(it, Item::Fill { rect, color }
                        if (*color == palette::HINT || *color == palette::SELECTED)
                            && !rect.intersect(sq).is_empty())
                })
                .map(|(k, _)| k)
                .collect();
            assert_eq!(
                outlines.len(),
                8,
                "selection and hint outlines of square {}",
                i + 1
            );
            assert!(
                outlines.iter().all(|&k| k < number),
                "{aspect:?}: an outline of square {} is drawn over its number",
                i + 1
            );
        }
    }
}

#[test]
fn square_numbers_never_touch_the_pieces() {
    let f = face(1);
    for n in &NUMBERS_30[1..] {
        // The number's inked pixels, square-local, grown by one pixel all round.
        let mut near = std::vec::Vec::new();
        for p in layout(n, 1, NUMBER_AT.0, NUMBER_AT.1) {
            let g = p.glyph;
            for y in 0..i16::from(g.h) {
                for x in 0..i16::from(g.w) {
                    let v = f.coverage((g.x as i16 + x) as usize, (g.y as i16 + y) as usize);
                    if v > 0 {
                        near.push((p.x + x, p.y + y));
                    }
                }
            }
        }
        assert!(!near.is_empty(), "{n} is drawn");
        assert!(
            near.iter().all(|&(_, y)| y >= 1),
            "{n} stays off the grout line"
        );
        for art in [AssetId::Cone, AssetId::Spool] {
            let t = art.texture();
            for &(x, y) in &near {
                for (dx, dy) in [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1)] {
                    let (u, v) = (x + dx - PIECE_AT.0, y + dy - PIECE_AT.1);
                    if (0..t.width as i16).contains(&u) && (0..t.height as i16).contains(&v) {
                        let a = t.texel(u as usize, v as usize)[3];
                        assert_eq!(a, 0, "{n} touches the {} at ({x},{y})", t.name);
                    }
                }
            }
        }
    }
    // The piece stays inside its square's inner area (52 px with a 1-pixel grout).
    assert!(PIECE_AT.1 + PIECE <= 51);
}
