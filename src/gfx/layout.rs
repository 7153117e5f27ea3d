//! Layouts: where each scene's things go on the screen and how they look (title screen, senas
//! board, senet board, pointers), built into a `DrawList` from plain views filled by the app.
//! Also the inverse, for input: which hole, square or menu item a pointer is over.
//! Knows no rules: a view says what is where; the layout only draws it.

mod painter;
mod pointer;
mod senas;
mod senet;
mod title;

#[cfg(test)]
mod tests;

pub use painter::Painter;
pub use pointer::{draw_pointers, Pointer};
pub use senas::{SenasLayout, SenasView, SENAS_HOLES};
pub use senet::{SenetCell, SenetLayout, SenetView, SENET_SQUARES};
pub use title::{TitleLayout, TitleView};
