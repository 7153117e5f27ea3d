//! The data-cache seam for DMA shared with IOS.
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
}
