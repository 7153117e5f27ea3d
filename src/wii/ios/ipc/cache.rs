//! The data-cache seam for DMA shared with IOS (and the audio ring, `wii::audio`, which only
//! flushes).
//!
//! Every byte the client hands to IOS is flushed (`dcbf`) through a [`CacheOps`] before the
//! mailbox write, and every byte IOS writes is invalidated (`dcbi`) before the CPU reads it.
//! This file only defines the seam; the PowerPC implementation lives in `wii::cache` and host
//! tests use the non-coherent cache model in `ipc::fake`.

/// Data-cache maintenance over an address range (virtual addresses, any alignment: the
/// implementation widens the range to whole 32-byte lines).
pub trait CacheOps {
    /// Write dirty lines covering `addr..addr+len` back to memory (`dcbf`), then `sync`.
    fn flush(&mut self, addr: usize, len: usize);
    /// Drop the lines covering `addr..addr+len` so the next read comes from memory (`dcbi`).
    fn invalidate(&mut self, addr: usize, len: usize);
    /// Write dirty lines covering the range back and keep them valid (`dcbst`), then `sync`:
    /// for data the CPU reads again (the textures). A model may treat it as `flush`.
    fn store(&mut self, addr: usize, len: usize) {
        self.flush(addr, len);
    }
}

/// The Broadway data cache (`wii::cache`: `dcbf`/`dcbi` + `sync`; no-ops on the host).
pub struct WiiCache;

impl CacheOps for WiiCache {
    fn flush(&mut self, addr: usize, len: usize) {
        crate::wii::runtime::cache::flush_range(addr, len);
    }
    fn store(&mut self, addr: usize, len: usize) {
        crate::wii::runtime::cache::store_range(addr, len);
    }
    fn invalidate(&mut self, addr: usize, len: usize) {
        // SAFETY: the IPC client only invalidates spans of its own slots, which are 32-byte
        // aligned and made of whole lines (request, argv array, cells, buffer), and the
        // external DMA buffers of `Ipc::ioctlv_dma`, which must be whole lines the caller owns
        // (checked in `Slot::ioctlv_dma`, required by its safety contract); so no line holds
        // anyone else's data, and the CPU has not written them since they were flushed. The
        // audio ring (`wii::audio`), the other user of this type, only flushes.
        unsafe { crate::wii::runtime::cache::invalidate_range(addr, len) }
    }
}
