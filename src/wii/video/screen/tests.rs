//! `Screen` against a model of the console's memory: the VI scans RAM (the model's `ram`), the
//! CPU draws into its cache (the host bytes), and only a flush moves one to the other
//! (`ipc::fake::FakeCache`, a write-back cache that never evicts on its own). So a CPU-drawn
//! frame presented without its flush reaches the scan-out as stale memory, and a flush of a
//! GPU-written frame would write the CPU's stale view over the GPU's picture.

use super::*;
use crate::wii::ios::ipc::fake::{FakeCache, Model, NoCache};
use core::cell::{Cell, RefCell};
use std::boxed::Box;
use std::rc::Rc;
use std::vec::Vec;

const FRAME_BYTES: usize = super::super::xfb::WIDTH * super::super::xfb::HEIGHT * 3;

/// A VI that remembers where it scans from and reads that frame out of the model's RAM.
struct FakeVi {
    model: Rc<RefCell<Model>>,
    /// (physical address as the screen computes it, host address) of both buffers.
    bufs: [(u32, usize); 2],
    scanned: RefCell<Vec<Option<u8>>>,
    vsyncs: Cell<u32>,
}

impl Scanout for FakeVi {
    fn mode(&self) -> VideoMode {
        VideoMode::Ntsc480i
    }
    fn set_framebuffer(&self, phys: u32) {
        let host = self
            .bufs
            .iter()
            .find(|b| b.0 == phys)
            .map(|b| b.1)
            .expect("the VI is pointed at one of the screen's buffers");
        let m = self.model.borrow();
        let bytes = core::mem::size_of::<Xfb>();
        *self.scanned.borrow_mut() = (0..bytes)
            .map(|k| m.ram.get(&(host + k)).copied())
            .collect();
    }
    fn wait_vsync(&self) -> Result<(), VsyncTimeout> {
        self.vsyncs.set(self.vsyncs.get() + 1);
        Ok(())
    }
}

fn xfb() -> &'static mut Xfb {
    // SAFETY: an `Xfb` is plain words; all zeroes is a valid buffer. Leaked: the screen holds
    // `'static` buffers, as the console's statics are.
    Box::leak(unsafe { Box::new_zeroed().assume_init() })
}

fn screen<C: CacheOps>(model: &Rc<RefCell<Model>>, cache: C) -> Screen<FakeVi, C> {
    let (a, b) = (xfb(), xfb());
    let addr = |x: &Xfb| (x.phys_addr(), x.words().as_ptr() as usize);
    let vi = FakeVi {
        model: model.clone(),
        bufs: [addr(a), addr(b)],
        scanned: RefCell::new(Vec::new()),
        vsyncs: Cell::new(0),
    };
    Screen::with(vi, cache, [a, b])
}

/// A frame no two neighbouring rows of which agree, different for each `seed`.
fn frame(seed: u8) -> Vec<u8> {
    (0..FRAME_BYTES)
        .map(|i| (i / 1931) as u8 ^ (i as u8).wrapping_mul(seed))
        .collect()
}

/// The words the VI scanned, or the first word it read from stale memory.
fn scanned_words(s: &Screen<FakeVi, impl CacheOps>) -> Result<Vec<u32>, usize> {
    let bytes = s.vi.scanned.borrow();
    bytes
        .chunks(4)
        .enumerate()
        .map(|(w, b)| match (b[0], b[1], b[2], b[3]) {
            (Some(a), Some(b), Some(c), Some(d)) => Ok(u32::from_ne_bytes([a, b, c, d])),
            _ => Err(w),
        })
        .collect()
}

#[test]
fn the_vi_scans_every_word_of_a_cpu_drawn_frame_because_present_flushes_it_first() {
    let model = Model::shared();
    let mut s = screen(&model, FakeCache(model.clone()));
    for seed in [3, 7, 11] {
        s.present_rgb8(&frame(seed)).expect("a whole frame");
        let shown = s.front().words().to_vec();
        assert_eq!(
            scanned_words(&s),
            Ok(shown),
            "frame {seed}: the VI reads what the CPU drew"
        );
    }
    assert_eq!(s.frames(), 3);
    assert_eq!(
        s.vi.vsyncs.get(),
        3,
        "one field start waited for per present"
    );
}

#[test]
fn without_the_flush_the_model_shows_the_vi_scanning_stale_memory() {
    // The same present through a cache that does nothing: the check above would fail, so it
    // can catch a `present` that forgets its flush.
    let model = Model::shared();
    let mut s = screen(&model, NoCache);
    s.present_rgb8(&frame(3)).expect("a whole frame");
    assert_eq!(scanned_words(&s), Err(0), "memory never received the frame");
}

#[test]
fn a_gpu_written_frame_is_shown_as_the_gpu_wrote_it_with_no_flush_over_it() {
    // The GPU's EFB -> XFB copy writes RAM; the CPU's view of the buffer is what it drew
    // there long ago. A flush would write that old view over the GPU's picture.
    let model = Model::shared();
    let mut s = screen(&model, FakeCache(model.clone()));
    s.back().blit_rgb8(&frame(5)).expect("the CPU's old frame");
    let back = s.back().words().as_ptr() as usize;
    let gpu: Vec<u8> = frame(9).iter().map(|b| b ^ 0x5A).collect();
    {
        let mut m = model.borrow_mut();
        for (k, &b) in gpu.iter().take(core::mem::size_of::<Xfb>()).enumerate() {
            m.ram.insert(back + k, b);
        }
    }
    s.present_gpu();
    let bytes: Vec<Option<u8>> = s.vi.scanned.borrow().clone();
    let first_wrong = bytes
        .iter()
        .zip(&gpu)
        .position(|(got, want)| *got != Some(*want));
    assert_eq!(first_wrong, None, "the VI shows the GPU's picture");
    assert_eq!(s.vi.vsyncs.get(), 1);
}

#[test]
fn a_screenshot_copies_the_frame_on_screen() {
    let model = Model::shared();
    let mut s = screen(&model, FakeCache(model.clone()));
    s.present_rgb8(&frame(13)).expect("a whole frame");
    let shot = xfb();
    assert_ne!(shot.words(), s.front().words());
    s.copy_front(shot);
    assert_eq!(shot.words(), s.front().words());
}
