//! Typed volatile registers: the only place that turns an address into a volatile access.
//! Drivers declare one register table per hardware block, in address order, as [`Ro`], [`Wo`]
//! or [`Rw`] constants, and never use raw pointers themselves. The access right is part of the
//! type, as in rust-console/gba's `mmio.rs` (`VolAddress<T, R, W>`): reading a write-only
//! register or writing a read-only one does not compile. Constructing a register is `unsafe`
//! (the address must be real MMIO, the access right the one its source gives); reading and
//! writing one afterwards is safe. Owns no table and no policy: the tables live with their
//! drivers (`vi.rs`, `pi.rs`, `gx/fifo.rs`, ...).
//!
//! A read-only register cannot be written:
//!
//! ```compile_fail,E0599
//! use senas_senet::wii::runtime::mmio::Ro;
//! // SAFETY: never dereferenced: this must fail to compile.
//! const STATUS: Ro<u16> = unsafe { Ro::new(0xCC00_0000) };
//! STATUS.write(0);
//! ```
//!
//! and a write-only register cannot be read:
//!
//! ```compile_fail,E0599
//! use senas_senet::wii::runtime::mmio::Wo;
//! // SAFETY: never dereferenced: this must fail to compile.
//! const RESET: Wo<u32> = unsafe { Wo::new(0xCC00_3018) };
//! let _ = RESET.read();
//! ```
//!
//! while a read-write register does both (the same shape compiles):
//!
//! ```no_run
//! use senas_senet::wii::runtime::mmio::Rw;
//! // SAFETY: never run (`no_run`): this only shows that it compiles.
//! const CTRL: Rw<u16> = unsafe { Rw::new(0xCC00_0002) };
//! CTRL.write(CTRL.read() | 1);
//! ```

use core::marker::PhantomData;
use core::ptr::{read_volatile, write_volatile};

/// The access right "the CPU may read it" (read-only and read-write registers).
pub trait Readable {}
/// The access right "the CPU may write it" (write-only and read-write registers).
pub trait Writable {}

/// Access marker: read only (writes are ignored or invalid on the hardware).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadOnly {}
/// Access marker: write only (reads are invalid or return nothing meaningful).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteOnly {}
/// Access marker: read and write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadWrite {}

impl Readable for ReadOnly {}
impl Readable for ReadWrite {}
impl Writable for WriteOnly {}
impl Writable for ReadWrite {}

/// A memory-mapped register holding a `T` (`u16`, `u32`, or a `#[repr(transparent)]` value
/// type over one of them, such as `vi_regs::Dcr`), with access right `A`.
pub struct Reg<T, A> {
    addr: usize,
    _value: PhantomData<(T, A)>,
}

/// A read-only register.
pub type Ro<T> = Reg<T, ReadOnly>;
/// A write-only register.
pub type Wo<T> = Reg<T, WriteOnly>;
/// A read-write register.
pub type Rw<T> = Reg<T, ReadWrite>;

// Manual impls: derives would require `T: Clone` etc. of the marker types too.
impl<T, A> Clone for Reg<T, A> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, A> Copy for Reg<T, A> {}
impl<T, A> PartialEq for Reg<T, A> {
    fn eq(&self, other: &Self) -> bool {
        self.addr == other.addr
    }
}
impl<T, A> Eq for Reg<T, A> {}
impl<T, A> core::fmt::Debug for Reg<T, A> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Reg({:#010x})", self.addr)
    }
}

impl<T: Copy, A> Reg<T, A> {
    /// # Safety
    /// `addr` must be a hardware register (or always-mapped RAM word) of the Wii, aligned for
    /// `T` and accepting volatile accesses of `T`'s size with the access right `A` (cite the
    /// table it comes from at the call site). `T` must be a plain integer or a
    /// `#[repr(transparent)]` wrapper of one, valid for every bit pattern.
    pub const unsafe fn new(addr: usize) -> Self {
        Reg {
            addr,
            _value: PhantomData,
        }
    }

    /// The register's address (for logs and tests).
    pub const fn addr(self) -> usize {
        self.addr
    }
}

impl<T: Copy, A: Readable> Reg<T, A> {
    /// Reads the register.
    #[inline(always)]
    pub fn read(self) -> T {
        // SAFETY: `new`'s contract: a real, aligned, readable register of `T`'s size.
        unsafe { read_volatile(self.addr as *const T) }
    }
}

impl<T: Copy, A: Writable> Reg<T, A> {
    /// Writes the register.
    #[inline(always)]
    pub fn write(self, value: T) {
        // SAFETY: `new`'s contract: a real, aligned, writable register of `T`'s size.
        unsafe { write_volatile(self.addr as *mut T, value) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_register_reads_and_writes_through_its_address() {
        let mut cell: u32 = 0x1234_5678;
        let addr = &mut cell as *mut u32 as usize;
        // SAFETY: `addr` is a live, aligned u32 on the test's stack.
        let reg: Rw<u32> = unsafe { Rw::new(addr) };
        assert_eq!(reg.read(), 0x1234_5678);
        reg.write(0xCAFE_F00D);
        assert_eq!(cell, 0xCAFE_F00D);
        assert_eq!(reg.addr(), addr);
    }

    #[test]
    fn read_only_and_write_only_registers_do_their_one_access() {
        let mut cell: u16 = 0x00AA;
        let addr = &mut cell as *mut u16 as usize;
        // SAFETY: as above, a live aligned u16.
        let (ro, wo): (Ro<u16>, Wo<u16>) = unsafe { (Ro::new(addr), Wo::new(addr)) };
        wo.write(0x5500);
        assert_eq!(ro.read(), 0x5500);
    }

    #[test]
    fn a_value_type_is_stored_as_its_word() {
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(transparent)]
        struct Flags(u16);
        let mut cell: u16 = 0;
        let addr = &mut cell as *mut u16 as usize;
        // SAFETY: as above; `Flags` is a transparent u16.
        let reg: Rw<Flags> = unsafe { Rw::new(addr) };
        reg.write(Flags(0x0101));
        assert_eq!(cell, 0x0101);
        assert_eq!(reg.read(), Flags(0x0101));
    }
}
