//! The picture: the Video Interface (`vi`, its register values in `vi_regs` and the modes it
//! is programmed with in `video_mode`), the two XFBs and their colour conversion (`xfb`,
//! `yuv`), double-buffered presentation (`screen`), the GPU (`gx`) and the Wii U's scaler
//! (`vwii`). Must not touch IOS devices, input or audio; it takes time and registers from
//! `runtime`.

pub mod gx;
pub mod screen;
pub mod vi;
pub mod vi_regs;
pub mod video_mode;
pub mod vwii;
pub mod xfb;
/// The colour conversion lives in `gfx` (platform-free: the screenshot encoder reads it too).
pub use crate::gfx::yuv;
