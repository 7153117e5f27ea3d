//! The low-battery icon: a small battery outline in the player's colour, nearly empty and
//! red, in that player's corner of the frame (player 1 top left, 2 top right, 3 bottom left,
//! 4 bottom right), drawn over every scene and overlay while the player's controller says its
//! battery is below one bar (`PlayerInput::battery_low`). Draws only; never touches the
//! remote's LEDs or any other state.

use super::input::Input;
use crate::gfx::{palette, DrawList, Rect, Rgba};

/// The icon's body (without the nub), frame pixels.
pub const W: i16 = 30;
pub const H: i16 = 16;
/// Inset from the frame's left and right edges (inside the 3.5 % a TV may crop)…
pub const INSET_X: i16 = 24;
/// …and from the top and bottom: the top icons sit under the match's 36-pixel turn line
/// and beside the title's logo.
pub const INSET_Y: i16 = 42;
/// The charge left, drawn inside the body.
pub const EMPTY: Rgba = Rgba::rgb(230, 40, 40);

/// Where player `n`'s icon body goes.
pub fn rect(n: usize) -> Rect {
    let x = if n.is_multiple_of(2) {
        INSET_X
    } else {
        640 - INSET_X - W - 4
    };
    let y = if n < 2 { INSET_Y } else { 480 - INSET_Y - H };
    Rect::new(x, y, W, H)
}

/// Draws the icon of every connected player whose battery is low.
pub fn draw(list: &mut DrawList, input: &Input) {
    for (n, p) in input.players.iter().enumerate() {
        if !(p.connected && p.battery_low) {
            continue;
        }
        let body = rect(n);
        let colour = palette::POINTERS[n.min(palette::POINTERS.len() - 1)];
        list.fill(body.inflate(2), palette::TEXT_SHADOW);
        list.fill(body, palette::BACKGROUND);
        list.outline(body, 2, colour);
        list.fill(Rect::new(body.x + W, body.y + H / 4, 4, H / 2), colour);
        list.fill(Rect::new(body.x + 4, body.y + 4, 5, H - 8), EMPTY);
    }
}
