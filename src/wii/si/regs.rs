//! Serial Interface registers (0xCD006400 on the Wii; Dolphin maps it too), their offsets and
//! status bits (libogc `si.c`, YAGCD), behind the [`SiRegs`] trait. [`MmioSi`] is the only
//! volatile access to the block.

/// SICnOUTBUF: poll command of channel `ch`.
pub const fn chan_out(ch: usize) -> usize {
    0x0C * ch
}
/// SICnINBUFH: buttons and main stick.
pub const fn chan_in_hi(ch: usize) -> usize {
    0x0C * ch + 0x04
}
/// SICnINBUFL: C stick and triggers.
pub const fn chan_in_lo(ch: usize) -> usize {
    0x0C * ch + 0x08
}
/// SIPOLL: poll timing and channel enables.
pub const SIPOLL: usize = 0x30;
/// SISR: per-channel status bytes (channel 0 in the top byte); bit 31 WR copies the OUTBUFs.
pub const SISR: usize = 0x38;
pub const SR_WR: u32 = 0x8000_0000;
/// In a channel's status byte: no response (nothing plugged in).
pub const SR_NOREP: u32 = 0x08;
/// In a channel's status byte: new input data.
pub const SR_RDST: u32 = 0x20;

/// 32-bit access to the SI block by byte offset.
pub trait SiRegs {
    fn read(&mut self, offset: usize) -> u32;
    fn write(&mut self, offset: usize, value: u32);
}

/// The real SI registers.
#[cfg(target_arch = "powerpc")]
pub struct MmioSi {
    _private: (),
}

#[cfg(target_arch = "powerpc")]
impl MmioSi {
    /// Base of the SI block (uncached).
    const BASE: usize = 0xCD00_6400;

    /// # Safety
    /// Only one `MmioSi` may exist (handed out once at start-up).
    pub unsafe fn steal() -> Self {
        MmioSi { _private: () }
    }
}

#[cfg(target_arch = "powerpc")]
impl SiRegs for MmioSi {
    fn read(&mut self, offset: usize) -> u32 {
        // SAFETY: offsets used are the SI registers above, inside the always-mapped SI block.
        unsafe { core::ptr::read_volatile((Self::BASE + offset) as *const u32) }
    }
    fn write(&mut self, offset: usize, value: u32) {
        // SAFETY: as above; this driver is the SI block's only user.
        unsafe { core::ptr::write_volatile((Self::BASE + offset) as *mut u32, value) }
    }
}
