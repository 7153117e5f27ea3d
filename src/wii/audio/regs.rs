//! The audio registers: the audio interface's control register (AICR) and the DSP interface's
//! audio DMA registers, as a typed table, bit values and the pure functions that compute what to
//! write. Addresses and bits: devkitPro/libogc `libogc/audio.c` (`AI_REG_BASE` 0xCD006C00 on
//! Wii, `DSP_REG_BASE` 0xCC005000 with u16 registers 5 = DSPCR, 24/25 = DMA start high/low,
//! 27 = DMA control/length, 29 = blocks left; `AUDIO_InitDMA`, `AUDIO_StartDMA`,
//! `AUDIO_StopDMA`, `AUDIO_SetDSPSampleRate`) and Dolphin `Source/Core/Core/HW/DSP.cpp`
//! (`AUDIO_DMA_CONTROL_LEN` handler, `UpdateAudioDMA`), summarised in docs/hardware.md
//! ("Audio"). The registers are typed by access (`wii::runtime::mmio`). Owns no state and
//! touches no hardware: `Mmio` below does, `FakeRegs` (tests) records by address.

use crate::wii::runtime::mmio::{Readable, Reg, Ro, Rw, Writable};

// The register table, in address order per block. Access rights from Dolphin: AudioInterface.cpp
// maps AICR read-write; DSP.cpp maps DSPCR and the DMA start/control registers read-write and
// AUDIO_DMA_BLOCKS_LEFT with `InvalidWrite` ("invalid to write to"), so read-only.

// The table's safety: 2-byte aligned u16 DSP-interface registers at 0xCC005000 (libogc audio.c
// `DSP_REG_BASE`, Dolphin DSP.cpp) and the 4-byte AICR at 0xCD006C00 (libogc `AI_REG_BASE` on
// Wii), with the access rights above. Touched only through `Mmio` (whose `new` is the Wii-only
// promise) or recorded by `FakeRegs` by address.

/// DSP control/status (u16); only read here, never written (bit 0 would reset the DMA).
// SAFETY: see the table above.
pub const DSPCR: Rw<u16> = unsafe { Rw::new(0xCC00_500A) };
/// DMA start address, bits 16..28 of the physical address (u16, mask 0x1FFF).
// SAFETY: see the table above.
pub const DMA_START_HI: Rw<u16> = unsafe { Rw::new(0xCC00_5030) };
/// DMA start address, bits 5..15 (u16, mask 0xFFE0: 32-byte aligned).
// SAFETY: see the table above.
pub const DMA_START_LO: Rw<u16> = unsafe { Rw::new(0xCC00_5032) };
/// DMA control: bits 0..14 the length in 32-byte blocks, bit 15 enable (u16).
// SAFETY: see the table above.
pub const DMA_CONTROL: Rw<u16> = unsafe { Rw::new(0xCC00_5036) };
/// Blocks left in the current pass (u16, read-only).
// SAFETY: see the table above.
pub const DMA_BLOCKS_LEFT: Ro<u16> = unsafe { Ro::new(0xCC00_503A) };
/// AI control register (u32). Bit 6 selects the DMA sample rate.
// SAFETY: see the table above.
pub const AICR: Rw<u32> = unsafe { Rw::new(0xCD00_6C00) };
/// AICR bit 6 (libogc "AIDFR"): 1 = 32 kHz DMA, 0 = 48 kHz.
pub const AICR_DMA_32KHZ: u32 = 0x40;
/// DMA_CONTROL bit 15.
pub const DMA_ENABLE: u16 = 0x8000;
/// Longest DMA in blocks (15 bits).
pub const MAX_BLOCKS: u16 = 0x7FFF;
/// Bytes per DMA block; one block holds 8 stereo 16-bit frames.
pub const BLOCK_BYTES: u32 = 32;

/// DMA_START_HI for a buffer at physical address `phys` (libogc `_SHIFTR(addr,16,13)`).
pub const fn start_hi(phys: u32) -> u16 {
    ((phys >> 16) & 0x1FFF) as u16
}

/// DMA_START_LO for `phys` (the low 5 bits are dropped: buffers are 32-byte aligned).
pub const fn start_lo(phys: u32) -> u16 {
    (phys & 0xFFE0) as u16
}

/// DMA_CONTROL for `blocks` blocks (clamped to 15 bits), enabled or not.
pub const fn control(blocks: u16, enable: bool) -> u16 {
    let len = if blocks > MAX_BLOCKS {
        MAX_BLOCKS
    } else {
        blocks
    };
    if enable {
        len | DMA_ENABLE
    } else {
        len
    }
}

/// AICR with the DMA rate set to 32 kHz, every other bit kept.
pub const fn aicr_32khz(aicr: u32) -> u32 {
    aicr | AICR_DMA_32KHZ
}

/// Register access as the driver needs it: 16-bit DSP registers, the 32-bit AICR, each only
/// with the access its type in the table above allows. Writing the read-only blocks-left
/// counter does not compile:
///
/// ```compile_fail,E0277
/// use senas_senet::wii::audio::regs::{AudioRegs, DMA_BLOCKS_LEFT};
/// fn stop(regs: &mut impl AudioRegs) {
///     regs.write16(DMA_BLOCKS_LEFT, 0);
/// }
/// ```
///
/// while reading it does:
///
/// ```
/// use senas_senet::wii::audio::regs::{AudioRegs, DMA_BLOCKS_LEFT};
/// fn left(regs: &mut impl AudioRegs) -> u16 {
///     regs.read16(DMA_BLOCKS_LEFT)
/// }
/// ```
pub trait AudioRegs {
    fn read16<A: Readable>(&mut self, reg: Reg<u16, A>) -> u16;
    fn write16<A: Writable>(&mut self, reg: Reg<u16, A>, value: u16);
    fn read32<A: Readable>(&mut self, reg: Reg<u32, A>) -> u32;
    fn write32<A: Writable>(&mut self, reg: Reg<u32, A>, value: u32);
}

/// The console's registers.
#[derive(Debug)]
pub struct Mmio(());

impl Mmio {
    /// # Safety
    /// Only on the Wii, by the single owner of the audio DMA (or on the way out, to stop it).
    pub const unsafe fn new() -> Mmio {
        Mmio(())
    }
}

impl AudioRegs for Mmio {
    fn read16<A: Readable>(&mut self, reg: Reg<u16, A>) -> u16 {
        reg.read()
    }
    fn write16<A: Writable>(&mut self, reg: Reg<u16, A>, value: u16) {
        reg.write(value)
    }
    fn read32<A: Readable>(&mut self, reg: Reg<u32, A>) -> u32 {
        reg.read()
    }
    fn write32<A: Writable>(&mut self, reg: Reg<u32, A>, value: u32) {
        reg.write(value)
    }
}

/// Recording fake for host tests: every write in order (by register address), reads from a
/// register map.
#[cfg(test)]
#[derive(Debug, Default)]
pub struct FakeRegs {
    pub writes: std::vec::Vec<(usize, u32)>,
    pub values: std::collections::BTreeMap<usize, u32>,
}

#[cfg(test)]
impl AudioRegs for FakeRegs {
    fn read16<A: Readable>(&mut self, reg: Reg<u16, A>) -> u16 {
        self.values.get(&reg.addr()).copied().unwrap_or(0) as u16
    }
    fn write16<A: Writable>(&mut self, reg: Reg<u16, A>, value: u16) {
        self.writes.push((reg.addr(), u32::from(value)));
        self.values.insert(reg.addr(), u32::from(value));
    }
    fn read32<A: Readable>(&mut self, reg: Reg<u32, A>) -> u32 {
        self.values.get(&reg.addr()).copied().unwrap_or(0)
    }
    fn write32<A: Writable>(&mut self, reg: Reg<u32, A>, value: u32) {
        self.writes.push((reg.addr(), value));
        self.values.insert(reg.addr(), value);
    }
}
