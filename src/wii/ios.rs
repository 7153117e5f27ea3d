//! The IOS port: the program's one IPC client (`wii::ipc::Ipc`) over the mailbox registers and
//! a pool of [`mem2::IOS_SLOTS`] request slots in MEM2 (`wii::mem2::IOS_POOL`). `Wii::take`
//! builds it once. Every driver that talks to IOS borrows it per call (`&mut IosPort`):
//! SYSCONF reading (`wii::sysconf`), the input stack's Bluetooth transport (`wii::input`), the
//! console's STM hook (`wii::system`), and any later device (an SD driver opening
//! `/dev/sdio/slot0` does the same: `ios.open(..)`, keep the `SlotId`, `ios.take(id)` later, or
//! `ios.wait(id, clock)`). Slots are shared first come, first served; each driver only takes
//! its own `SlotId`s, and a reply for one driver waits in its slot while another polls. The
//! way out (`wii::system::System::leave`) consumes the port and hands the mailbox back to the
//! loader (`Ipc::hand_back`).
//!
//! The folder holds the devices behind the port: the IPC client (`ipc`), NAND files (`isfs`),
//! the SD card (`sd`), the STM (`stm`) and the console's settings (`sysconf`). None of them
//! touches video, input or audio registers.

pub mod ipc;
pub mod isfs;
pub mod sd;
pub mod stm;
pub mod sysconf;

use crate::wii::runtime::mem2;

pub use mem2::IOS_SLOTS as SLOTS;

/// PPCCTRL (0xCD000004) as the loader left it, read once by `take` before the client writes
/// it (the self-test reports it).
pub static LOADER_PPCCTRL: core::sync::atomic::AtomicU32 = core::sync::atomic::AtomicU32::new(0);

/// The IOS port of the console.
#[cfg(target_arch = "powerpc")]
pub type IosPort =
    crate::wii::ios::ipc::Ipc<crate::wii::ios::ipc::MmioIpc, crate::wii::ios::ipc::WiiCache>;

/// Builds the port: writes empty slots over the MEM2 pool and starts the client (which drains
/// a reply the loader left and sets PPCCTRL as libogc does).
///
/// # Safety
/// Once only (`Wii::take`): the MEM2 pool and the IPC registers then belong to the port.
#[cfg(target_arch = "powerpc")]
pub(in crate::wii) unsafe fn take() -> IosPort {
    use crate::wii::ios::ipc::{Ipc, MmioIpc, Slot, WiiCache};
    let pool = mem2::IOS_POOL as *mut Slot;
    for i in 0..SLOTS {
        // SAFETY: the pool is inside the MEM2 arena (BAT4-mapped, cached), 32-byte aligned
        // (host-tested in `wii::mem2`), and owned by nobody else (caller's contract).
        unsafe { pool.add(i).write(Slot::new()) };
    }
    use crate::wii::ios::ipc::{IpcRegs, CTRL_IRQ_ENABLES};
    // SAFETY: called once here (caller's contract), so this is the only `MmioIpc`.
    let mut regs = unsafe { MmioIpc::new() };
    // Test builds only: the Homebrew Channel's libogc leaves IY1|IY2 set (libogc ipc.c
    // `__IPC_ClntInit` writes 0x38); Dolphin's direct boot leaves 0.
    #[cfg(feature = "hbc-state")]
    regs.set_ctrl(CTRL_IRQ_ENABLES);
    let loader = regs.ctrl();
    LOADER_PPCCTRL.store(loader, core::sync::atomic::Ordering::Relaxed);
    // SAFETY: as above; the slots are valid and used by this client alone.
    let mut ios = unsafe {
        Ipc::new(
            regs,
            WiiCache,
            core::ptr::NonNull::new_unchecked(pool),
            SLOTS,
        )
    };
    crate::log!(
        "event=ios_port slots={} pool={:#010x} irq_enables_loader={:#04x} irq_enables={:#04x} stale_replies={}",
        SLOTS,
        mem2::IOS_POOL,
        loader & CTRL_IRQ_ENABLES,
        ios.ppcctrl() & CTRL_IRQ_ENABLES,
        ios.stats().stale_replies
    );
    ios
}
