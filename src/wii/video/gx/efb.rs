//! CPU reads of the embedded framebuffer (EFB peeks), for the console self-test. The address
//! follows libogc `GX_PeekARGB` (gx.c): 0xC8000000 | x << 2 (10 bits) | y << 12 (10 bits),
//! one 32-bit ARGB word a pixel; reached through DBAT1 (0xC0000000, cache-inhibited,
//! `wii::start`). Owns the address and the read; what the colour should be is the self-test's
//! (`selftest::facts`).

/// EFB peek base (libogc `GX_PeekARGB`).
pub const PEEK_BASE: usize = 0xC800_0000;

/// The peek address of pixel (`x`, `y`); `None` outside the 640x528 EFB.
pub const fn peek_address(x: u16, y: u16) -> Option<usize> {
    if x >= 640 || y >= 528 {
        return None;
    }
    Some(PEEK_BASE | ((x as usize & 0x3FF) << 2) | ((y as usize & 0x3FF) << 12))
}

/// The EFB's colour at (`x`, `y`) as ARGB; `None` off the EFB or on the host.
pub fn peek_argb(x: u16, y: u16) -> Option<u32> {
    let addr = peek_address(x, y)?;
    #[cfg(target_arch = "powerpc")]
    {
        // SAFETY: `addr` is inside the EFB peek window that DBAT1 maps uncached; a volatile
        // 32-bit read is how libogc `GX_PeekARGB` reads it, and it has no side effect.
        Some(unsafe { core::ptr::read_volatile(addr as *const u32) })
    }
    #[cfg(not(target_arch = "powerpc"))]
    {
        let _ = addr;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_follow_gx_peek_argb() {
        assert_eq!(peek_address(0, 0), Some(0xC800_0000));
        assert_eq!(peek_address(2, 2), Some(0xC800_2008));
        assert_eq!(
            peek_address(639, 527),
            Some(0xC800_0000 | 639 << 2 | 527 << 12)
        );
        assert_eq!(peek_address(640, 0), None);
        assert_eq!(peek_address(0, 528), None);
        assert_eq!(peek_argb(2, 2), None, "no EFB on the host");
    }
}
