//! The list rule's checks for the app's host tests (`tests/app_focus*.rs`): where each
//! player's cursor is drawn (the draw list's cursor sprites), which rows are framed in gold
//! (the soft-rendered frame), and frame steps that check "a drawn pointer over a row has that
//! row framed" on every frame they draw.

use senas_senet::app::{Buttons, Pointer};
use senas_senet::gfx::draw_list::Item;
use senas_senet::gfx::soft::pixel;
use senas_senet::gfx::{palette, AssetId, Rect};

use super::Harness;

/// Where player `n`'s cursor arrow is drawn this frame (its tip), if it is drawn.
pub fn drawn_pointer(h: &Harness, n: usize) -> Option<(i16, i16)> {
    h.list.items().find_map(|i| match i {
        Item::Sprite {
            asset: AssetId::Cursor,
            rect,
            tint,
            ..
        } if tint == palette::POINTERS[n] => Some((rect.x + 2, rect.y + 2)),
        _ => None,
    })
}

/// The indices of the current list's rows framed in gold on the rendered frame.
pub fn framed(h: &Harness) -> Vec<usize> {
    let frame = h.render();
    let gold = [palette::GOLD.r, palette::GOLD.g, palette::GOLD.b];
    h.item_boxes()
        .iter()
        .enumerate()
        .filter(|(_, r)| {
            // The middle of the right edge: a framed row's outline is 3 gold pixels wide.
            let (x, y) = (r.right() - 2, r.y + r.h / 2);
            pixel(&frame, x as usize, y as usize) == gold
        })
        .map(|(i, _)| i)
        .collect()
}

/// The row whose box holds frame pixel `p`.
pub fn row_under(h: &Harness, p: (i16, i16)) -> Option<usize> {
    h.item_boxes().iter().position(|r| r.contains(p.0, p.1))
}

/// The invariant on this frame: every drawn pointer over a row has that row framed.
pub fn assert_pointers_frame_their_rows(h: &Harness, what: &str) {
    let rows = framed(h);
    for n in 0..4 {
        if let Some(p) = drawn_pointer(h, n) {
            if let Some(r) = row_under(h, p) {
                assert!(
                    rows.contains(&r),
                    "{what}: player {}'s pointer is drawn over row {r} but the framed rows are {rows:?}",
                    n + 1
                );
            }
        }
    }
}

/// One frame of `player` pressing `buttons`, then the invariant checked on what it drew.
pub fn step(h: &mut Harness, player: usize, buttons: Buttons, what: &str) {
    h.frame_with(player, buttons);
    assert_pointers_frame_their_rows(h, what);
}

/// Presses `buttons` for a frame and releases them for one, checking both frames.
pub fn press(h: &mut Harness, player: usize, buttons: Buttons, what: &str) {
    step(h, player, buttons, what);
    step(h, player, Buttons::NONE, what);
}

/// Moves `player`'s pointer to `to` over a few frames (as a hand does), checking each frame.
pub fn move_to(h: &mut Harness, player: usize, to: Pointer, what: &str) {
    let from = h.pointers[player].unwrap_or(Pointer::new(320, 470));
    for k in 1..=4 {
        let x = from.x + (to.x - from.x) * k / 4;
        let y = from.y + (to.y - from.y) * k / 4;
        h.pointers[player] = Some(Pointer::new(x, y));
        step(h, player, Buttons::NONE, what);
    }
}

/// Moves `player`'s pointer onto the centre of the current list's row `row`.
pub fn move_onto(h: &mut Harness, player: usize, row: usize, what: &str) {
    let to = centre(h.item_boxes()[row]);
    move_to(h, player, to, what);
}

pub fn centre(r: Rect) -> Pointer {
    let (x, y) = r.center();
    Pointer::new(x, y)
}
