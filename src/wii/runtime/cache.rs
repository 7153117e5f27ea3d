//! Data/instruction cache maintenance (Broadway: 32-byte lines). Call these next to the DMA
//! they protect: `flush` before a device reads memory the CPU wrote (XFB, FIFOs, IPC requests),
//! `invalidate` before the CPU reads memory a device wrote. On the host they do nothing.

/// Cache line size of the Broadway L1/L2 caches.
pub const LINE: usize = 32;

/// Writes back and invalidates every cache line covering `[start, start + len)`, then `sync`.
pub fn flush_range(start: usize, len: usize) {
    for_each_line(start, len, |_line| {
        #[cfg(target_arch = "powerpc")]
        // SAFETY: dcbf only writes back/discards a cache line of mapped memory; no aliasing.
        unsafe {
            core::arch::asm!("dcbf 0, {0}", in(reg_nonzero) _line, options(nostack))
        };
    });
    sync();
}

/// Writes back (keeps valid) every cache line covering the range, then `sync`.
pub fn store_range(start: usize, len: usize) {
    for_each_line(start, len, |_line| {
        #[cfg(target_arch = "powerpc")]
        // SAFETY: dcbst only writes a cache line back to memory.
        unsafe {
            core::arch::asm!("dcbst 0, {0}", in(reg_nonzero) _line, options(nostack))
        };
    });
    sync();
}

/// Discards every cache line covering the range, so the next reads come from memory.
///
/// # Safety
/// Dirty CPU data in those lines is lost: the caller must own the whole range, 32-byte aligned
/// at both ends (or accept losing neighbours' unflushed writes).
pub unsafe fn invalidate_range(start: usize, len: usize) {
    for_each_line(start, len, |_line| {
        #[cfg(target_arch = "powerpc")]
        // SAFETY: the caller owns the lines (function contract).
        unsafe {
            core::arch::asm!("dcbi 0, {0}", in(reg_nonzero) _line, options(nostack))
        };
    });
    sync();
}

/// Makes freshly written instructions in the range visible to instruction fetch.
pub fn sync_instructions(start: usize, len: usize) {
    store_range(start, len);
    for_each_line(start, len, |_line| {
        #[cfg(target_arch = "powerpc")]
        // SAFETY: icbi only invalidates an instruction cache line.
        unsafe {
            core::arch::asm!("icbi 0, {0}", in(reg_nonzero) _line, options(nostack))
        };
    });
    sync();
    #[cfg(target_arch = "powerpc")]
    // SAFETY: isync only serialises instruction fetch.
    unsafe {
        core::arch::asm!("isync", options(nostack))
    };
}

/// Flushes the memory of `value` (any buffer a device is about to read).
pub fn flush<T: ?Sized>(value: &T) {
    flush_range(
        value as *const T as *const u8 as usize,
        core::mem::size_of_val(value),
    );
}

/// `sync`: waits until all earlier memory accesses are done.
#[inline(always)]
pub fn sync() {
    #[cfg(target_arch = "powerpc")]
    // SAFETY: a barrier instruction; no memory is touched.
    unsafe {
        core::arch::asm!("sync", options(nostack))
    };
}

/// Calls `f` with the address of each 32-byte line that overlaps `[start, start + len)`.
fn for_each_line(start: usize, len: usize, mut f: impl FnMut(usize)) {
    if len == 0 {
        return;
    }
    let mut line = start & !(LINE - 1);
    let end = start.saturating_add(len);
    while line < end {
        f(line);
        line += LINE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    fn lines(start: usize, len: usize) -> Vec<usize> {
        let mut v = Vec::new();
        for_each_line(start, len, |l| v.push(l));
        v
    }

    #[test]
    fn a_range_touches_every_line_it_overlaps_once() {
        assert_eq!(lines(0x1010, 0x30), [0x1000, 0x1020]);
        assert_eq!(lines(0x1010, 0x31), [0x1000, 0x1020, 0x1040]);
        assert_eq!(lines(0x1000, 0x20), [0x1000]);
        assert_eq!(lines(0x101F, 2), [0x1000, 0x1020]);
    }

    #[test]
    fn an_empty_range_touches_nothing() {
        assert!(lines(0x1234, 0).is_empty());
    }
}
