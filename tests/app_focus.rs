//! "A acts on what the player sees" on every list (title, main menu, HOME menu, pause,
//! confirmations, the winner's screen): a pointer drawn over a row frames that row and A acts
//! on it; a pointer that has not moved since the list opened (or since its player's last
//! D-pad press) is not drawn and A acts on the framed row; a drawn pointer off every row frames
//! nothing and its A does nothing. Checked on the soft-rendered frame (gold frames) and the
//! draw list (where each player's cursor sprite is), with scripted remotes and pads.

mod app_support;

use app_support::Harness;
use senas_senet::app::{Buttons, Config, Pointer, SceneKind};
use senas_senet::gfx::draw_list::Item;
use senas_senet::gfx::soft::pixel;
use senas_senet::gfx::{palette, AssetId, Rect};

/// Where player `n`'s cursor arrow is drawn this frame (its tip), if it is drawn.
fn drawn_pointer(h: &Harness, n: usize) -> Option<(i16, i16)> {
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
fn framed(h: &Harness) -> Vec<usize> {
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
fn row_under(h: &Harness, p: (i16, i16)) -> Option<usize> {
    h.item_boxes().iter().position(|r| r.contains(p.0, p.1))
}

/// The invariant on this frame: every drawn pointer over a row has that row framed.
fn assert_pointers_frame_their_rows(h: &Harness, what: &str) {
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

fn centre(r: Rect) -> Pointer {
    let (x, y) = r.center();
    Pointer::new(x, y)
}

/// From the title, player 1 points at "Play" (moving onto it) and presses A without moving.
fn play_with_the_pointer(h: &mut Harness) -> Pointer {
    let play = h.item_boxes()[0];
    h.pointers[0] = Some(Pointer::new(320, 440));
    h.idle(1);
    h.pointers[0] = Some(centre(play));
    h.idle(1);
    assert_pointers_frame_their_rows(h, "title, pointer on Play");
    assert_eq!(framed(h), vec![0]);
    h.press(0, Buttons::A);
    assert_eq!(h.app.scene(), SceneKind::Menu);
    centre(play)
}

#[test]
fn main_menu_a_pointer_resting_from_the_title_is_hidden_and_a_starts_the_framed_row() {
    let mut h = Harness::new(Config::new(1));
    let resting = play_with_the_pointer(&mut h);
    h.idle(3);
    // The pointer lies where "Play" was: over "Statistics" on the main menu.
    let stats = h.item_boxes()[3];
    assert!(stats.contains(resting.x, resting.y), "the bug's layout");
    assert_pointers_frame_their_rows(&h, "main menu, pointer resting");
    assert_eq!(drawn_pointer(&h, 0), None, "a resting pointer is not drawn");
    assert_eq!(framed(&h), vec![2], "\"Start\" framed");
    h.press(0, Buttons::A);
    assert_eq!(h.app.scene(), SceneKind::ThrowOff, "A acts on the framed \"Start\"");
}
