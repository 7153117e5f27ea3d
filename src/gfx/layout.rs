//! Layouts: where each scene's things go on the screen and how they look (title screen, senas
//! board, senet board, pointers), built into a `DrawList` from plain views filled by the app.
//! Also the inverse, for input: which hole, square or menu item a pointer is over.
//! Knows no rules: a view says what is where; the layout only draws it. Motion on the boards
//! (breathing targets, a raised piece's shadow) is `lift.rs`, a function of the view's frame
//! count, so the same frame draws the same pixels on every renderer.

mod banner;
pub mod lift;
pub mod material;
mod painter;
mod pointer;
pub mod senas;
pub mod senet;
mod title;

#[cfg(test)]
mod tests;

pub use banner::{banner_rect, draw_banner, Banner};
pub use painter::Painter;
pub use pointer::{draw_pointers, Pointer};
pub use senas::{SenasLayout, SenasView, SENAS_HOLES};
pub use senet::{SenetCell, SenetLayout, SenetView, SENET_SQUARES};
pub use title::{TitleLayout, TitleView};

/// A piece drawn off its hole or square: top-left in frame pixels (use the layouts'
/// `piece_rect` at both ends of a move and interpolate), `side` 0 = player 1, 1 = player 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovingPiece {
    pub side: u8,
    pub x: i16,
    pub y: i16,
}
