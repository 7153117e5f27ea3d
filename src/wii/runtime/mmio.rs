//! Typed volatile registers: the only place that turns an address into a volatile access.
//! Drivers declare their register tables as `Reg16`/`Reg32` constants and never use raw
//! pointers themselves. Constructing a register is `unsafe` (the address must be real MMIO);
//! reading and writing one afterwards is safe.

use core::ptr::{read_volatile, write_volatile};

/// A 16-bit memory-mapped register (VI, PE, CP, DSP blocks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reg16 {
    addr: usize,
}

impl Reg16 {
    /// # Safety
    /// `addr` must be a 2-byte aligned hardware register of the Wii that accepts 16-bit
    /// volatile reads and writes (cite the table it comes from at the call site).
    pub const unsafe fn new(addr: usize) -> Self {
        Reg16 { addr }
    }

    /// The register's address (for logs and tests).
    pub const fn addr(self) -> usize {
        self.addr
    }

    /// Reads the register.
    #[inline(always)]
    pub fn read(self) -> u16 {
        // SAFETY: `new`'s contract: a real, aligned 16-bit MMIO register.
        unsafe { read_volatile(self.addr as *const u16) }
    }

    /// Writes the register.
    #[inline(always)]
    pub fn write(self, value: u16) {
        // SAFETY: `new`'s contract: a real, aligned 16-bit MMIO register.
        unsafe { write_volatile(self.addr as *mut u16, value) }
    }
}

/// A 32-bit memory-mapped register (PI, EXI, SI blocks; VI pairs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reg32 {
    addr: usize,
}

impl Reg32 {
    /// # Safety
    /// `addr` must be a 4-byte aligned hardware register (or RAM word) of the Wii that accepts
    /// 32-bit volatile reads and writes.
    pub const unsafe fn new(addr: usize) -> Self {
        Reg32 { addr }
    }

    /// The register's address (for logs and tests).
    pub const fn addr(self) -> usize {
        self.addr
    }

    /// Reads the register.
    #[inline(always)]
    pub fn read(self) -> u32 {
        // SAFETY: `new`'s contract: a real, aligned 32-bit MMIO register.
        unsafe { read_volatile(self.addr as *const u32) }
    }

    /// Writes the register.
    #[inline(always)]
    pub fn write(self, value: u32) {
        // SAFETY: `new`'s contract: a real, aligned 32-bit MMIO register.
        unsafe { write_volatile(self.addr as *mut u32, value) }
    }
}
