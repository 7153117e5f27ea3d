//! The external framebuffer (XFB): 640x480 YUV 4:2:2 in MEM1 that the VI scans out. Owns the
//! two static XFBs and drawing into them on the CPU: solid rectangles, whole RGB/RGBA frames
//! (the soft fallback presenter) and embedded-graphics primitives. Flushing is explicit
//! (`flush`) because the VI reads RAM, not the cache.

use super::yuv;
use crate::wii::ios::ipc::CacheOps;
use crate::wii::runtime::cache;
use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::{DrawTarget, OriginDimensions, Pixel, Size};
use embedded_graphics::primitives::Rectangle;

/// XFB width in pixels.
pub const WIDTH: usize = 640;
/// XFB height in pixels.
pub const HEIGHT: usize = 480;
/// 32-bit words per line (two pixels per word).
pub const WORDS_PER_LINE: usize = WIDTH / 2;
const WORDS: usize = WORDS_PER_LINE * HEIGHT;

/// The source frame had the wrong number of bytes for 640x480.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrongFrameSize {
    pub expected: usize,
    pub got: usize,
}

/// One 640x480 YUV 4:2:2 framebuffer (614,400 bytes, 512-byte aligned).
#[repr(C, align(512))]
pub struct Xfb {
    words: [u32; WORDS],
}

impl Xfb {
    /// An all-zero buffer (for statics; zero is not black in YUV: call `fill`).
    pub const fn zeroed() -> Self {
        Xfb { words: [0; WORDS] }
    }

    /// The raw words, line by line.
    pub fn words(&self) -> &[u32] {
        &self.words
    }

    /// One raw word to write (the self-test's cache probe, `wii::selftest`).
    pub fn word_mut(&mut self, index: usize) -> Option<&mut u32> {
        self.words.get_mut(index)
    }

    /// Makes this buffer a copy of `other` (a screenshot keeps the frame shown).
    pub fn copy_from(&mut self, other: &Xfb) {
        self.words.copy_from_slice(&other.words);
    }

    /// Physical address of the buffer (for the VI).
    pub fn phys_addr(&self) -> u32 {
        (self.words.as_ptr() as usize & 0x3FFF_FFFF) as u32
    }

    /// Fills the whole buffer with one colour.
    pub fn fill(&mut self, c: Rgb888) {
        self.words.fill(yuv::solid(c.r(), c.g(), c.b()));
    }

    /// Fills a rectangle (clipped to the screen). Even edges are exact; an odd edge shares its
    /// word's chroma with the neighbouring pixel.
    pub fn fill_rect(&mut self, x: i32, y: i32, w: u32, h: u32, c: Rgb888) {
        let x0 = x.clamp(0, WIDTH as i32) as usize;
        let y0 = y.clamp(0, HEIGHT as i32) as usize;
        let x1 = (x.saturating_add(w as i32)).clamp(0, WIDTH as i32) as usize;
        let y1 = (y.saturating_add(h as i32)).clamp(0, HEIGHT as i32) as usize;
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let word = yuv::solid(c.r(), c.g(), c.b());
        let inner0 = x0.next_multiple_of(2);
        let inner1 = x1 & !1;
        for row in y0..y1 {
            if !x0.is_multiple_of(2) {
                self.set_pixel(x0, row, c);
            }
            if inner0 < inner1 {
                let base = row * WORDS_PER_LINE;
                self.words[base + inner0 / 2..base + inner1 / 2].fill(word);
            }
            if !x1.is_multiple_of(2) {
                self.set_pixel(x1 - 1, row, c);
            }
        }
    }

    /// Sets one pixel: its luma exactly, the word's chroma averaged with the old one.
    pub fn set_pixel(&mut self, x: usize, y: usize, c: Rgb888) {
        if x >= WIDTH || y >= HEIGHT {
            return;
        }
        let p = yuv::from_rgb(c.r(), c.g(), c.b());
        let w = &mut self.words[y * WORDS_PER_LINE + x / 2];
        let old = *w;
        let cb = ((old >> 16 & 0xFF) + u32::from(p.cb)) / 2;
        let cr = ((old & 0xFF) + u32::from(p.cr)) / 2;
        let (y0, y1) = if x.is_multiple_of(2) {
            (u32::from(p.y), old >> 8 & 0xFF)
        } else {
            (old >> 24, u32::from(p.y))
        };
        *w = y0 << 24 | cb << 16 | y1 << 8 | cr;
    }

    /// The colour of a pixel (approximate: chroma is shared by the pair).
    pub fn pixel(&self, x: usize, y: usize) -> Rgb888 {
        let w = self.words[y * WORDS_PER_LINE + x / 2];
        let luma = if x.is_multiple_of(2) { w >> 24 } else { w >> 8 } as u8;
        let (r, g, b) = yuv::to_rgb(yuv::Ycbcr {
            y: luma,
            cb: (w >> 16) as u8,
            cr: w as u8,
        });
        Rgb888::new(r, g, b)
    }

    /// Converts a whole 640x480 frame of RGBA8 (alpha ignored) into the buffer.
    pub fn blit_rgba8(&mut self, rgba: &[u8]) -> Result<(), WrongFrameSize> {
        self.blit(rgba, 4)
    }

    /// Converts a whole 640x480 frame of RGB8 into the buffer.
    pub fn blit_rgb8(&mut self, rgb: &[u8]) -> Result<(), WrongFrameSize> {
        self.blit(rgb, 3)
    }

    fn blit(&mut self, src: &[u8], bpp: usize) -> Result<(), WrongFrameSize> {
        let expected = WIDTH * HEIGHT * bpp;
        if src.len() != expected {
            return Err(WrongFrameSize {
                expected,
                got: src.len(),
            });
        }
        for (word, px) in self.words.iter_mut().zip(src.chunks_exact(2 * bpp)) {
            let a = yuv::from_rgb(px[0], px[1], px[2]);
            let b = yuv::from_rgb(px[bpp], px[bpp + 1], px[bpp + 2]);
            *word = yuv::pack_pair(a, b);
        }
        Ok(())
    }

    /// Writes the buffer back from the cache so the VI sees it.
    pub fn flush(&self) {
        cache::flush(&self.words);
    }

    /// `flush` through a given cache (the screen's seam; the host tests' model).
    pub fn flush_with(&self, cache: &mut impl CacheOps) {
        cache.flush(
            self.words.as_ptr() as usize,
            core::mem::size_of_val(&self.words),
        );
    }

    /// Writes back only lines `[y0, y1)`.
    pub fn flush_lines(&self, y0: usize, y1: usize) {
        let y1 = y1.min(HEIGHT);
        if y0 < y1 {
            let rows = &self.words[y0 * WORDS_PER_LINE..y1 * WORDS_PER_LINE];
            cache::flush(rows);
        }
    }
}

impl OriginDimensions for Xfb {
    fn size(&self) -> Size {
        Size::new(WIDTH as u32, HEIGHT as u32)
    }
}

impl DrawTarget for Xfb {
    type Color = Rgb888;
    type Error = core::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Rgb888>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Self::Error> {
        for Pixel(p, c) in pixels {
            if p.x >= 0 && p.y >= 0 {
                self.set_pixel(p.x as usize, p.y as usize, c);
            }
        }
        Ok(())
    }

    fn fill_solid(&mut self, area: &Rectangle, c: Rgb888) -> Result<(), Self::Error> {
        self.fill_rect(
            area.top_left.x,
            area.top_left.y,
            area.size.width,
            area.size.height,
            c,
        );
        Ok(())
    }
}

#[cfg(target_arch = "powerpc")]
static mut STORAGE: [Xfb; 2] = [Xfb::zeroed(), Xfb::zeroed()];

/// The third XFB: no GPU copy ever targets it. The game keeps a screenshot's frame in it
/// (`console::shot`); the error screen is painted into it (`runtime::panic`), so a GPU copy
/// still in flight when the panic struck cannot land over the page, and an emulator that keeps
/// its own picture of every address the GPU copied to (Dolphin 2503's texture cache looks an
/// XFB address up among its EFB copies before it reads RAM: `TextureCacheBase::GetXFBTexture`,
/// "Do we currently have a mutable version of this XFB copy in VRAM?") shows RAM.
#[cfg(target_arch = "powerpc")]
static mut SPARE: Xfb = Xfb::zeroed();

/// The two static XFBs, handed out once.
///
/// # Safety
/// Call at most once (from `Wii::take`), or from the panic handler after which nothing else
/// runs: the returned references alias any earlier ones.
#[cfg(target_arch = "powerpc")]
pub(crate) unsafe fn take_storage() -> [&'static mut Xfb; 2] {
    // SAFETY: caller guarantees exclusive use (see above); the statics live forever.
    let both = unsafe { &mut *core::ptr::addr_of_mut!(STORAGE) };
    let [a, b] = both;
    [a, b]
}

/// The spare XFB (see `SPARE`), handed out once.
///
/// # Safety
/// As [`take_storage`]: once from `Wii::take`, or from the panic handler after which nothing
/// else runs.
#[cfg(target_arch = "powerpc")]
pub(crate) unsafe fn take_spare() -> &'static mut Xfb {
    // SAFETY: caller guarantees exclusive use (see above); the static lives forever.
    unsafe { &mut *core::ptr::addr_of_mut!(SPARE) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::boxed::Box;
    use std::vec;

    fn xfb() -> Box<Xfb> {
        // Built on the heap: 600 KB is too much for a test thread's stack in debug builds.
        // SAFETY: an `Xfb` is plain bytes; all zeroes is a valid (black) frame.
        let mut b: Box<Xfb> = unsafe { Box::new_zeroed().assume_init() };
        b.fill(Rgb888::BLACK);
        b
    }

    #[test]
    fn a_filled_rectangle_has_its_colour_inside_and_black_outside() {
        let mut f = xfb();
        f.fill_rect(100, 50, 40, 20, Rgb888::new(200, 30, 30));
        assert_eq!(f.words()[60 * WORDS_PER_LINE + 60], yuv::solid(200, 30, 30));
        assert_eq!(f.words()[60 * WORDS_PER_LINE + 49], yuv::solid(0, 0, 0));
        assert_eq!(f.words()[49 * WORDS_PER_LINE + 60], yuv::solid(0, 0, 0));
        assert_eq!(f.words()[70 * WORDS_PER_LINE + 60], yuv::solid(0, 0, 0));
    }

    #[test]
    fn rectangles_are_clipped_to_the_screen() {
        let mut f = xfb();
        f.fill_rect(-10, -10, 2000, 2000, Rgb888::WHITE);
        assert!(f.words().iter().all(|&w| w == yuv::solid(255, 255, 255)));
    }

    #[test]
    fn odd_edges_set_exactly_the_covered_luma() {
        let mut f = xfb();
        f.fill_rect(3, 0, 3, 1, Rgb888::WHITE);
        let luma = |x: usize| f.pixel(x, 0).g();
        assert!(luma(2) < 10 && luma(6) < 10);
        assert!(luma(3) > 200 && luma(4) > 200 && luma(5) > 200);
    }

    #[test]
    fn an_rgba_frame_converts_pixel_pairs() {
        let mut f = xfb();
        let mut rgba = vec![0u8; WIDTH * HEIGHT * 4];
        for px in rgba.chunks_exact_mut(4).take(2) {
            px.copy_from_slice(&[255, 0, 0, 255]);
        }
        f.blit_rgba8(&rgba).unwrap();
        assert_eq!(f.words()[0], yuv::solid(255, 0, 0));
        assert_eq!(f.words()[1], yuv::solid(0, 0, 0));
    }

    #[test]
    fn a_copy_holds_every_word_of_its_source() {
        let mut a = xfb();
        a.fill_rect(10, 10, 100, 50, Rgb888::new(30, 200, 90));
        a.set_pixel(639, 479, Rgb888::WHITE);
        let mut b = xfb();
        b.copy_from(&a);
        assert!(a.words() == b.words());
    }

    #[test]
    fn a_frame_of_the_wrong_size_is_refused() {
        let mut f = xfb();
        let err = f.blit_rgb8(&[0u8; 12]).unwrap_err();
        assert_eq!(
            err,
            WrongFrameSize {
                expected: WIDTH * HEIGHT * 3,
                got: 12
            }
        );
    }
}
