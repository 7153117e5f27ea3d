//! Double-buffered presentation: two XFBs, vsync-paced flips. Owns which XFB the VI shows;
//! drawing goes to `back()` and `present()` flips at the next field. Also the soft fallback
//! presenter: `present_rgba8`/`present_rgb8` take a whole 640x480 frame (from gfx's soft
//! backend) and show it. It must not program VI timings (vi.rs does).
//!
//! The VI and the cache come in through two seams, [`Scanout`] and [`CacheOps`], so the host
//! tests (`screen/tests.rs`) run `present` against a scan-out that reads a model of memory
//! through the IPC tests' write-back cache model (`ipc::fake::FakeCache`).

use super::vi::{Vi, VsyncTimeout};
use super::video_mode::VideoMode;
use super::xfb::{WrongFrameSize, Xfb};
use crate::wii::ios::ipc::{CacheOps, WiiCache};

/// What the screen needs of the VI: its mode, where it scans from, and the field start.
pub trait Scanout {
    /// The video mode being driven.
    fn mode(&self) -> VideoMode;
    /// Scans the XFB at physical `phys` from the next field on.
    fn set_framebuffer(&self, phys: u32);
    /// Waits for the next field start.
    fn wait_vsync(&self) -> Result<(), VsyncTimeout>;
}

impl Scanout for Vi {
    fn mode(&self) -> VideoMode {
        Vi::mode(self)
    }
    fn set_framebuffer(&self, phys: u32) {
        Vi::set_framebuffer(self, phys)
    }
    fn wait_vsync(&self) -> Result<(), VsyncTimeout> {
        Vi::wait_vsync(self)
    }
}

/// The screen: the VI plus two framebuffers.
pub struct Screen<V: Scanout = Vi, C: CacheOps = WiiCache> {
    vi: V,
    cache: C,
    bufs: [&'static mut Xfb; 2],
    front: usize,
    frames: u32,
    missed_vsyncs: u32,
}

impl Screen {
    /// Takes over the VI and two XFBs; `bufs[0]` is the one the VI shows now.
    pub fn new(vi: Vi, bufs: [&'static mut Xfb; 2]) -> Self {
        Screen::with(vi, WiiCache, bufs)
    }

    /// Re-programs the VI for `mode` (a VI re-init is cheap: reset, timings, enable), showing
    /// the front buffer. Used once SYSCONF says which mode the console wants.
    pub fn set_mode(&mut self, mode: VideoMode) {
        if mode == self.vi.mode() {
            return;
        }
        let front = self.bufs[self.front].phys_addr();
        // SAFETY: the screen owns the only `Vi`; the old handle is replaced by the new one, so
        // one handle exists afterwards, as `Vi::init` requires.
        self.vi = unsafe { Vi::init(mode, front) };
    }
}

impl<V: Scanout, C: CacheOps> Screen<V, C> {
    /// A screen on any scan-out and cache (the host tests' models; `new` for the console).
    pub fn with(vi: V, cache: C, bufs: [&'static mut Xfb; 2]) -> Self {
        Screen {
            vi,
            cache,
            bufs,
            front: 0,
            frames: 0,
            missed_vsyncs: 0,
        }
    }

    /// The video mode being driven.
    pub fn mode(&self) -> VideoMode {
        self.vi.mode()
    }

    /// The buffer to draw the next frame into (not shown until `present`).
    pub fn back(&mut self) -> &mut Xfb {
        &mut *self.bufs[1 - self.front]
    }

    /// The buffer on screen.
    pub fn front(&self) -> &Xfb {
        &*self.bufs[self.front]
    }

    /// Copies the buffer on screen into `out` (a screenshot, `console::shot`). The GPU's
    /// EFB-to-XFB copy writes memory, not the CPU's cache, and an earlier read may have left
    /// old lines of this buffer cached; so its range is flushed first: as libogc documents
    /// `DCFlushRange` (`gc/ogc/cache.h`), a block of the range found in the d-cache is
    /// written to main memory and invalidated (`present` leaves no dirty XFB lines, so
    /// nothing is written over the GPU's picture), and the copy then reads what the VI scans.
    pub fn copy_front(&mut self, out: &mut Xfb) {
        let front = &*self.bufs[self.front];
        front.flush_with(&mut self.cache);
        out.copy_from(front);
    }

    /// Both buffers, to draw content that stays the same on every frame.
    pub fn both(&mut self) -> [&mut Xfb; 2] {
        let [a, b] = &mut self.bufs;
        [&mut **a, &mut **b]
    }

    /// Shows the back buffer: flushes it, points the VI at it, waits for the field start so
    /// the old front buffer is free to draw into, then swaps. The VI reads RAM, not the
    /// cache (libogc's `VIDEO_SetNextFramebuffer` callers flush with `DCFlushRange` first), so
    /// a CPU-drawn frame left in dirty lines would show its older rows on a console.
    pub fn present(&mut self) {
        self.bufs[1 - self.front].flush_with(&mut self.cache);
        self.flip();
    }

    /// Shows the back buffer when the GPU wrote it (EFB -> XFB copy) and the CPU did not:
    /// like `present` without the 614 KB cache flush (every present leaves no dirty XFB lines
    /// behind, so there is nothing to write back over the GPU's picture).
    pub fn present_gpu(&mut self) {
        self.flip();
    }

    fn flip(&mut self) {
        let back = 1 - self.front;
        self.vi.set_framebuffer(self.bufs[back].phys_addr());
        if self.vi.wait_vsync().is_err() {
            self.missed_vsyncs = self.missed_vsyncs.wrapping_add(1);
        }
        self.front = back;
        self.frames = self.frames.wrapping_add(1);
    }

    /// Converts a 640x480 RGBA8 frame into the back buffer and presents it.
    pub fn present_rgba8(&mut self, rgba: &[u8]) -> Result<(), WrongFrameSize> {
        self.back().blit_rgba8(rgba)?;
        self.present();
        Ok(())
    }

    /// Converts a 640x480 RGB8 frame into the back buffer and presents it.
    pub fn present_rgb8(&mut self, rgb: &[u8]) -> Result<(), WrongFrameSize> {
        self.back().blit_rgb8(rgb)?;
        self.present();
        Ok(())
    }

    /// Frames presented so far.
    pub fn frames(&self) -> u32 {
        self.frames
    }

    /// Presents whose vsync wait timed out (0 when the VI runs).
    pub fn missed_vsyncs(&self) -> u32 {
        self.missed_vsyncs
    }

    /// Waits for the next field start without flipping.
    pub fn wait_vsync(&self) {
        let _ = self.vi.wait_vsync();
    }
}

#[cfg(test)]
mod tests;
