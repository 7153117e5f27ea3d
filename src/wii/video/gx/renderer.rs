//! `GxRenderer`: the game's GPU presenter. Owns the FIFO, the type's atlases' addresses and the per-frame
//! sequence: encode a `DrawList`, copy the EFB into the caller's XFB (clearing it for the next
//! frame), draw-done, wait; and the self-test's draw into the EFB alone (no copy).
//! Presentation (the vsync flip) stays with `wii::Screen`.

use super::fifo::{phys, Fifo, WgPipe};
use super::render::{encode_into_efb, encode_list, TextureMemory};
use super::setup;
use super::stream::Encoder;
use crate::gfx::assets::AssetId;
use crate::gfx::color::Rgba;
use crate::gfx::draw_list::DrawList;
// What only `new` (the Wii build) uses: the FIFO static and the one-off set-up.
#[cfg(target_arch = "powerpc")]
use super::defaults;
#[cfg(target_arch = "powerpc")]
use super::fifo::{FifoMemory, FIFO_SIZE};
use crate::gfx::font;
#[cfg(any(target_arch = "powerpc", test))]
use crate::wii::ios::ipc::CacheOps;
use crate::wii::runtime::{cache, clock};
use crate::wii::video::video_mode::VideoMode;

/// Longest wait for draw-done before the frame is reported as timed out (250 ms).
const DRAW_DONE_TIMEOUT: u64 = clock::TICKS_PER_SECOND / 4;

/// Timings of one frame, in timebase ticks (60.75 MHz).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrameStats {
    /// Encoding the list and the copy into the FIFO.
    pub submit_ticks: u64,
    /// From the end of submission until the GP reported draw-done.
    pub wait_ticks: u64,
    /// Whether draw-done never came (the GP is stuck or the stream is broken).
    pub timed_out: bool,
    /// Token the GP reported (the frame counter's low 16 bits when all is well).
    pub token: u16,
}

/// The art and the type live in the program's read-only data, where the GP reads them.
struct Textures;

impl TextureMemory for Textures {
    fn asset_phys(&self, id: AssetId) -> u32 {
        phys(id.texture().gx_rgba8.as_ptr())
    }
    fn font_phys(&self, scale: u8) -> u32 {
        phys(font::face(scale).atlas.as_ptr())
    }
}

/// Writes every texture the GP reads (the art, the type's atlases) back to RAM. The loader
/// wrote them with the CPU, and the GP reads RAM, never the CPU's cache (docs/hardware.md
/// "Every DMA path's flush, removed"); `store` keeps the lines valid, since nothing writes
/// them again.
#[cfg(any(target_arch = "powerpc", test))]
fn publish_textures(cache: &mut impl CacheOps) {
    for id in AssetId::ALL {
        let t = id.texture().gx_rgba8;
        cache.store(t.as_ptr() as usize, t.len());
    }
    for atlas in font::atlases() {
        cache.store(atlas.as_ptr() as usize, atlas.len());
    }
}

/// Draws `DrawList`s with GX. One exists at a time (`new` hands it out once).
pub struct GxRenderer {
    fifo: Fifo,
    token: u16,
    efb_cleared_to: Option<Rgba>,
}

#[cfg(target_arch = "powerpc")]
static mut FIFO_MEM: FifoMemory = FifoMemory([0; FIFO_SIZE]);

impl GxRenderer {
    /// Sets up the FIFO, the 2D pipeline and the textures.
    ///
    /// # Safety
    /// Once only (`Wii::take` hands the GPU out): the FIFO and font statics and the CP/PE/PI
    /// FIFO registers then belong to this renderer.
    #[cfg(target_arch = "powerpc")]
    pub(in crate::wii) unsafe fn new() -> GxRenderer {
        // SAFETY: called once (caller's contract), so these statics are borrowed once, for ever.
        let fifo_mem = unsafe { &mut *core::ptr::addr_of_mut!(FIFO_MEM) };
        // SAFETY: first and only GX initialisation (caller's contract).
        let fifo = unsafe { Fifo::init(fifo_mem) };
        publish_textures(&mut crate::wii::ios::ipc::WiiCache);
        let mut r = GxRenderer {
            fifo,
            token: 0,
            efb_cleared_to: None,
        };
        let mut e = r.encoder();
        setup::init_2d(&mut e, Rgba::BLACK);
        defaults::write_defaults(&mut e);
        setup::invalidate_tmem(&mut e);
        e.pad_burst();
        cache::sync();
        r
    }

    fn encoder(&mut self) -> Encoder<WgPipe> {
        // SAFETY: the FIFO is initialised (we own it) and this renderer is the only user.
        Encoder::new(unsafe { WgPipe::new() })
    }

    /// Draws `list` and copies the picture into the XFB at `xfb_phys` (640x480 YUV, e.g.
    /// `screen.back().phys_addr()`), then waits for the GP. Show it with `screen.present()`.
    pub fn draw(&mut self, list: &DrawList, xfb_phys: u32) -> FrameStats {
        let t0 = clock::ticks();
        self.token = self.token.wrapping_add(1);
        let token = self.token;
        let textures = Textures;
        let cleared = self.efb_cleared_to;
        let mut e = self.encoder();
        encode_list(&mut e, list, &textures, cleared);
        // The copy clears the EFB for the next frame, most likely drawn on the same colour.
        let clear = list.clear_color().with_alpha(255);
        setup::set_clear_color(&mut e, clear);
        setup::copy_to_xfb(&mut e, xfb_phys, true);
        setup::draw_done(&mut e, token);
        cache::sync();
        self.efb_cleared_to = Some(clear);
        let t1 = clock::ticks();
        let reached = self.fifo.wait_draw_done(DRAW_DONE_TIMEOUT);
        let t2 = clock::ticks();
        if reached.is_none() {
            // Unknown EFB state after a stuck frame: repaint the background next time.
            self.efb_cleared_to = None;
        }
        FrameStats {
            submit_ticks: t1 - t0,
            wait_ticks: t2 - t1,
            timed_out: reached.is_none(),
            token: reached.unwrap_or(0),
        }
    }

    /// Draws `list` into the EFB and waits for the GP, without a copy: the EFB keeps the
    /// picture for CPU peeks (`super::efb`, the console self-test) and the screen keeps the
    /// last copied frame. The next `draw` repaints its background first, so the player never
    /// sees `list`. Returns whether draw-done came.
    pub fn draw_into_efb(&mut self, list: &DrawList) -> bool {
        self.token = self.token.wrapping_add(1);
        let token = self.token;
        let textures = Textures;
        let cleared = self.efb_cleared_to;
        let mut e = self.encoder();
        encode_into_efb(&mut e, list, &textures, cleared, token);
        cache::sync();
        // The EFB now holds `list`, not the colour the last copy cleared it to.
        self.efb_cleared_to = None;
        self.fifo.wait_draw_done(DRAW_DONE_TIMEOUT).is_some()
    }

    /// Turns the interlace deflicker filter of the EFB -> XFB copy on or off (off after `new`:
    /// sharp pixels, right for 480p; on suits 480i TVs, where one-pixel lines flicker).
    pub fn set_deflicker(&mut self, on: bool) {
        let mut e = self.encoder();
        setup::set_deflicker(&mut e, on);
    }

    /// Sets the copy filter for `mode`: libogc's deflicker in interlaced modes, sharp in 480p
    /// (`setup::deflicker_for`).
    pub fn set_video_mode(&mut self, mode: VideoMode) {
        self.set_deflicker(setup::deflicker_for(mode));
    }

    /// The GP is hung (`GpuGuard` said so): abort it and stop its FIFO reads. `draw` must not
    /// be called afterwards; the caller draws with the soft renderer.
    pub fn abandon(&mut self) {
        self.fifo.abandon();
    }

    /// CP status and control registers and the FIFO base (for a boot log line).
    pub fn fifo_info(&self) -> (u16, u16, u32) {
        let (sr, cr) = self.fifo.status();
        (sr, cr, self.fifo.base())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wii::ios::ipc::fake::{FakeCache, Model, NoCache};

    /// Every texture the GP can be pointed at, as (host address, bytes).
    fn textures() -> std::vec::Vec<&'static [u8]> {
        AssetId::ALL
            .iter()
            .map(|id| id.texture().gx_rgba8)
            .chain(font::atlases())
            .collect()
    }

    /// The first byte of `t` that RAM (the model's `ram`, what the GP reads) does not hold.
    fn first_unseen(model: &Model, t: &[u8]) -> Option<usize> {
        let base = t.as_ptr() as usize;
        (0..t.len()).find(|&k| model.ram.get(&(base + k)) != Some(&t[k]))
    }

    #[test]
    fn the_gp_reads_every_byte_of_the_art_and_of_every_type_atlas_from_ram() {
        let model = Model::shared();
        publish_textures(&mut FakeCache(model.clone()));
        let m = model.borrow();
        let all = textures();
        assert!(
            all.len() > AssetId::ALL.len(),
            "the type's atlases are there too"
        );
        for (i, t) in all.iter().enumerate() {
            assert!(!t.is_empty());
            assert_eq!(first_unseen(&m, t), None, "texture {i}");
        }
    }

    #[test]
    fn without_the_write_back_the_model_shows_the_gp_reading_stale_memory() {
        let model = Model::shared();
        publish_textures(&mut NoCache);
        let m = model.borrow();
        assert!(textures().iter().all(|t| first_unseen(&m, t) == Some(0)));
    }
}
