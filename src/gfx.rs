//! What to draw: scenes build a `DrawList` (quads, sprites by asset id, text runs, clip rects,
//! in draw order) through the board layouts; backends turn it into pixels: `soft` here (host
//! tests, screenshots, Wii fallback) and GX in `wii::gx`; the XFB's YUV 4:2:2 colours (`yuv`)
//! and the shown frame as a BMP file (`bmp`, the screenshot button). Platform-free and
//! rules-free: layouts take plain views (`SenasView`, `SenetView`, ...) that the app fills;
//! never imports `games`.

pub mod assets;
pub mod bmp;
pub mod color;
pub mod draw_list;
pub mod font;
pub mod framed;
pub mod i4;
pub mod layout;
pub mod rect;
pub mod samples;
pub mod soft;
pub mod tiling;
pub mod view;
pub mod yuv;

pub use assets::{AssetId, Texture};
pub use color::{palette, Rgba};
pub use draw_list::{DrawList, Item};
pub use framed::Framed;
pub use layout::{
    Pointer, SenasLayout, SenasView, SenetCell, SenetLayout, SenetView, TitleLayout, TitleView,
};
pub use rect::Rect;
pub use soft::SoftRenderer;
pub use view::Aspect;
