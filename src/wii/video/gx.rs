//! GX, the Wii's GPU, driven for 2D: a command FIFO fed through the write-gather pipe, a
//! 640x480 orthographic pipeline with flat and texture x colour quads (alpha blended), RGBA8
//! tiled textures, EFB -> XFB copy with clear, and draw-done. Register values come from typed
//! builders in one table per register group (`bp`, `cp`, `xf`; the MMIO of CP/PE/PI/MI in
//! `fifo`, the abort's order in `abort`). Everything but `fifo`'s MMIO and the WG pipe is pure and host-tested.
//!
//! Use: `GxRenderer::new(clear)` once, then per frame `renderer.draw(&list, xfb_phys)`
//! (encodes the list, copies to the XFB, waits for draw-done) and the screen's vsync flip.

pub mod abort;
pub mod bp;
pub mod cp;
pub mod defaults;
pub mod efb;
pub mod fifo;
pub mod guard;
pub mod render;
pub mod renderer;
pub mod setup;
pub mod stream;
pub mod xf;

pub use guard::{GpuGuard, Renderer, Verdict};
pub use renderer::{FrameStats, GxRenderer};

#[cfg(test)]
mod tests;
