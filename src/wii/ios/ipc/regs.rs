//! The IPC mailbox registers (Hollywood, PPC view at 0xCD000000) behind a small trait.
//!
//! [`IpcRegs`] is all the client needs; [`MmioIpc`] is the only volatile access to the block
//! (PowerPC only). Bits and addresses are from Dolphin `WII_IPC.cpp` and libogc `ipc.c`
//! (docs/hardware.md, "IPC").

/// `HW_IPC_PPCCTRL` bit X1: a new request address is in PPCMSG (PPC sets).
pub const CTRL_X1: u32 = 0x01;
/// Y2: IOS acknowledged the request in the mailbox (write 1 to clear).
pub const CTRL_Y2: u32 = 0x02;
/// Y1: a reply address is in ARMMSG (write 1 to clear).
pub const CTRL_Y1: u32 = 0x04;
/// X2: the PPC has consumed the reply ("relaunch").
pub const CTRL_X2: u32 = 0x08;
/// IY1 | IY2: interrupt enables. Set at start-up and kept on every write, as libogc `ipc.c`
/// does (every write is `(ctrl & 0x30) | bit`): the Homebrew Channel's reload stub waits on
/// `(ctrl & 0x22) == 0x22` and `(ctrl & 0x14) == 0x14` (hbc `channel/channelapp/stub/ios.c`
/// `ipc_wait_ack`/`ipc_wait_reply`), so with them clear it spins for ever. MSR[EE] stays 0,
/// so they never raise an interrupt here.
pub const CTRL_IRQ_ENABLES: u32 = 0x30;
/// What libogc `__IPC_ClntInit` and `__IPC_Reinitialize` (`ipc.c`) write: X2 | IY1 | IY2.
/// The value handed back to a loader before the jump to its stub.
pub const CTRL_HANDBACK: u32 = CTRL_X2 | CTRL_IRQ_ENABLES;
/// `HW_PPCIRQFLAG` cause bit of the IPC interrupt (write 1 to clear).
#[cfg_attr(not(target_arch = "powerpc"), allow(dead_code))]
pub const IRQ_IPC: u32 = 0x4000_0000;

/// Access to the four IPC registers the client uses.
pub trait IpcRegs {
    /// Reads `HW_IPC_PPCCTRL`.
    fn ctrl(&mut self) -> u32;
    /// Writes `HW_IPC_PPCCTRL`.
    fn set_ctrl(&mut self, value: u32);
    /// Writes `HW_IPC_PPCMSG` (physical address of a request).
    fn set_ppcmsg(&mut self, phys: u32);
    /// Reads `HW_IPC_ARMMSG` (physical address of the request IOS answered).
    fn armmsg(&mut self) -> u32;
    /// Clears the IPC cause in `HW_PPCIRQFLAG` (Dolphin waits for it before the next message).
    fn clear_irq(&mut self);
}

/// The real registers at 0xCD000000 (uncached mirror of physical 0x0D000000).
#[cfg(target_arch = "powerpc")]
pub struct MmioIpc {
    _private: (),
}

/// The Hollywood registers at 0xCD000000 the client uses, in address order. Access rights
/// from Dolphin `Source/Core/Core/HW/WII_IPC.cpp` `RegisterMMIO`: `HW_IPC_PPCMSG` is
/// `InvalidRead` + write (write-only), `HW_IPC_PPCCTRL` read-write, `HW_IPC_ARMMSG` read +
/// `InvalidWrite` (read-only), `HW_PPCIRQFLAG` `InvalidRead` + write-1-to-clear (write-only).
#[cfg(target_arch = "powerpc")]
mod table {
    use crate::wii::runtime::mmio::{Ro, Rw, Wo};
    // SAFETY (all): 32-bit Hollywood registers in the uncached mirror of 0x0D000000, always
    // mapped on the Wii, with the access rights above (`MmioIpc::new` is the one-owner promise).
    /// `HW_IPC_PPCMSG`: physical address of the request for IOS.
    // SAFETY: see above.
    pub const PPCMSG: Wo<u32> = unsafe { Wo::new(0xCD00_0000) };
    /// `HW_IPC_PPCCTRL`: X1/Y2/Y1/X2/IY1/IY2 flags.
    // SAFETY: see above.
    pub const PPCCTRL: Rw<u32> = unsafe { Rw::new(0xCD00_0004) };
    /// `HW_IPC_ARMMSG`: physical address of the answered request.
    // SAFETY: see above.
    pub const ARMMSG: Ro<u32> = unsafe { Ro::new(0xCD00_0008) };
    /// `HW_PPCIRQFLAG`: interrupt causes, write 1 to clear.
    // SAFETY: see above.
    pub const PPCIRQFLAG: Wo<u32> = unsafe { Wo::new(0xCD00_0030) };
}

#[cfg(target_arch = "powerpc")]
mod mmio {
    use super::table::{ARMMSG, PPCCTRL, PPCIRQFLAG, PPCMSG};
    use super::{IpcRegs, MmioIpc, IRQ_IPC};

    impl MmioIpc {
        /// The IPC registers.
        ///
        /// # Safety
        /// Only one `MmioIpc` may exist: `Wii::take` builds the one IOS port from it, and the
        /// panic handler (`wii::panic`) builds a second only once nothing else runs.
        pub(in crate::wii) unsafe fn new() -> Self {
            MmioIpc { _private: () }
        }
    }

    impl IpcRegs for MmioIpc {
        fn ctrl(&mut self) -> u32 {
            PPCCTRL.read()
        }
        fn set_ctrl(&mut self, value: u32) {
            PPCCTRL.write(value)
        }
        fn set_ppcmsg(&mut self, phys: u32) {
            PPCMSG.write(phys)
        }
        fn armmsg(&mut self) -> u32 {
            ARMMSG.read()
        }
        fn clear_irq(&mut self) {
            PPCIRQFLAG.write(IRQ_IPC)
        }
    }
}
