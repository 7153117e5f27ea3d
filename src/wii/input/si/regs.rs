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
/// SICOMCSR: the one-off transfer ("communication") control register (libogc `si.c`
/// `_siReg[13]`): TCINT bit 31 (write 1 to clear), OUTLNGTH bits 22-16, INLNGTH bits 14-8,
/// CHANNEL bits 2-1, TSTART bit 0 (set to start, reads 1 while running).
pub const SICOMCSR: usize = 0x34;
pub const COMCSR_TCINT: u32 = 0x8000_0000;
pub const COMCSR_TSTART: u32 = 0x0000_0001;
/// The SI I/O buffer a transfer sends from and receives into (libogc `_siReg[32]`, 0xCD006480).
pub const SIBUF: usize = 0x80;
/// SISR error bits of channel `ch` (libogc `SISR_ERRORMASK`), write 1 to clear.
pub const fn sr_errors(ch: usize) -> u32 {
    0x0F00_0000 >> (8 * ch)
}
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
    /// Only one `MmioSi` may exist: `Wii::take` builds it once.
    pub(in crate::wii) unsafe fn new() -> Self {
        MmioSi { _private: () }
    }
}

#[cfg(target_arch = "powerpc")]
impl SiRegs for MmioSi {
    fn read(&mut self, offset: usize) -> u32 {
        // SAFETY: offsets used are the SI registers above, inside the always-mapped SI block;
        // every one the driver uses is readable (Dolphin SI.cpp maps each with a read handler).
        let reg: crate::wii::runtime::mmio::Ro<u32> =
            unsafe { crate::wii::runtime::mmio::Ro::new(Self::BASE + offset) };
        reg.read()
    }
    fn write(&mut self, offset: usize, value: u32) {
        // SAFETY: as above; the driver writes only OUTBUF, SIPOLL, SICOMCSR, SISR and the
        // buffer, all with a write handler in Dolphin SI.cpp; it is the SI block's only user.
        let reg: crate::wii::runtime::mmio::Wo<u32> =
            unsafe { crate::wii::runtime::mmio::Wo::new(Self::BASE + offset) };
        reg.write(value)
    }
}
