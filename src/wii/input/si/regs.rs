//! Serial Interface registers (0xCD006400 on the Wii; Dolphin maps it too): their offsets and
//! status bits in address order (libogc `si.c`, YAGCD), one typed table (`TABLE`, access
//! rights from Dolphin `SI.cpp`), behind the [`SiRegs`] trait. `MmioSi` (Wii build) is the only
//! volatile access to the block, through the table.

#[cfg(any(target_arch = "powerpc", test))]
use crate::wii::runtime::mmio::Rw;

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
/// SISR: per-channel status bytes (channel 0 in the top byte); bit 31 WR copies the OUTBUFs.
pub const SISR: usize = 0x38;
pub const SR_WR: u32 = 0x8000_0000;
/// In a channel's status byte: no response (nothing plugged in).
pub const SR_NOREP: u32 = 0x08;
/// In a channel's status byte: new input data.
pub const SR_RDST: u32 = 0x20;
/// SISR error bits of channel `ch` (libogc `SISR_ERRORMASK`), write 1 to clear.
pub const fn sr_errors(ch: usize) -> u32 {
    0x0F00_0000 >> (8 * ch)
}
/// SIEXILK: the EXI clock lock register (libogc `_siReg[15]`); the driver leaves it alone.
#[cfg(any(target_arch = "powerpc", test))]
pub const SIEXILK: usize = 0x3C;
/// The SI I/O buffer a transfer sends from and receives into (libogc `_siReg[32]`, 0xCD006480).
pub const SIBUF: usize = 0x80;
/// Bytes of the I/O buffer (Dolphin `SI.cpp` maps `m_si_buffer`, 128 bytes, from SIBUF).
#[cfg(any(target_arch = "powerpc", test))]
pub const SIBUF_BYTES: usize = 0x80;

/// Base of the SI block on the Wii (uncached; libogc `si.c` `_siReg` = 0xCD006400).
#[cfg(any(target_arch = "powerpc", test))]
pub const BASE: usize = 0xCD00_6400;

// The register table, in address order: the sixteen words from SIC0OUTBUF to SIEXILK, then the
// I/O buffer. Access rights from Dolphin `Source/Core/Core/HW/SI/SI.cpp`
// (`SerialInterfaceManager::RegisterMMIO`): every SI register there has both a read and a
// write handler (no `InvalidRead` / `InvalidWrite`), so every one is read-write. Dolphin gives
// three of them side effects the driver relies on: reading a channel's INBUFH or INBUFL clears
// that channel's RDST bit in SISR; writing SICOMCSR clears TCINT where 1 is written and starts
// a transfer on TSTART; writing SISR clears the error bits written as 1 and, with WR, sends
// the OUTBUF commands.
//
// SAFETY (all): 4-byte aligned 32-bit SI registers in the uncached mirror of 0x0D006400,
// always mapped on the Wii, read-write per the handlers above. Touched only through `MmioSi`
// (whose `new` is the one-owner promise); on the host the table is only compared by address.

/// One word of the table at `offset` from [`BASE`].
#[cfg(any(target_arch = "powerpc", test))]
const fn word(offset: usize) -> Rw<u32> {
    // SAFETY: see the table above; `offset` is one of the table's own offsets.
    unsafe { Rw::new(BASE + offset) }
}

/// SIC0OUTBUF .. SIEXILK (0x00..=0x3C), one entry per word, in address order.
#[cfg(any(target_arch = "powerpc", test))]
pub const TABLE: [Rw<u32>; 16] = [
    word(chan_out(0)),   // 0x00 SIC0OUTBUF
    word(chan_in_hi(0)), // 0x04 SIC0INBUFH
    word(chan_in_lo(0)), // 0x08 SIC0INBUFL
    word(chan_out(1)),   // 0x0C SIC1OUTBUF
    word(chan_in_hi(1)), // 0x10 SIC1INBUFH
    word(chan_in_lo(1)), // 0x14 SIC1INBUFL
    word(chan_out(2)),   // 0x18 SIC2OUTBUF
    word(chan_in_hi(2)), // 0x1C SIC2INBUFH
    word(chan_in_lo(2)), // 0x20 SIC2INBUFL
    word(chan_out(3)),   // 0x24 SIC3OUTBUF
    word(chan_in_hi(3)), // 0x28 SIC3INBUFH
    word(chan_in_lo(3)), // 0x2C SIC3INBUFL
    word(SIPOLL),        // 0x30
    word(SICOMCSR),      // 0x34
    word(SISR),          // 0x38
    word(SIEXILK),       // 0x3C
];

/// The typed register at byte `offset` of the SI block: an entry of [`TABLE`] or a word of the
/// I/O buffer (SIBUF .. SIBUF + 0x7C); `None` for any other offset (unaligned, or a gap of the
/// block Dolphin does not map).
#[cfg(any(target_arch = "powerpc", test))]
pub const fn register(offset: usize) -> Option<Rw<u32>> {
    if !offset.is_multiple_of(4) {
        None
    } else if offset / 4 < TABLE.len() {
        Some(TABLE[offset / 4])
    } else if offset >= SIBUF && offset < SIBUF + SIBUF_BYTES {
        Some(word(offset))
    } else {
        None
    }
}

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
    /// # Safety
    /// Only one `MmioSi` may exist: `Wii::take` builds it once.
    pub(in crate::wii) unsafe fn new() -> Self {
        MmioSi { _private: () }
    }
}

/// Every access goes through [`register`]: an offset outside the table reads as 0 and its
/// write is dropped (the driver uses only the table's offsets: `si/tests.rs` checks them).
#[cfg(target_arch = "powerpc")]
impl SiRegs for MmioSi {
    fn read(&mut self, offset: usize) -> u32 {
        register(offset).map_or(0, |r| r.read())
    }
    fn write(&mut self, offset: usize, value: u32) {
        if let Some(r) = register(offset) {
            r.write(value)
        }
    }
}
