//! Switching the console off the way its settings say (`sysconf::PowerOff`, from `IPL.IDL`):
//! standby is ioctl 0x2003 with a zero word; idle sets the idle LED mode first (ioctl 0x6002,
//! the mode in the first word) when the settings give a valid one, then ioctl 0x2004 with
//! the wake-up word 0xFCE082C0 (libogc `stm.c` `STM_SetLedMode`, `STM_ShutdownToIdle`: its
//! switch on the Hollywood revision falls through, so every console gets 0xFCE082C0; the
//! constants are Dolphin's too, `Source/Core/Core/IOS/STM/STM.h`). The hook is released
//! first, as for standby. Dolphin stops on either ioctl (`STM.cpp`: "IOCTL_STM_IDLE or
//! IOCTL_STM_SHUTDOWN received, shutting down"), so on Dolphin the two look alike.

use super::{immediate_word, Stm, IOCTL_IDLE, IOCTL_LEDMODE, IOCTL_SHUTDOWN};
use crate::wii::ios::ipc::{CacheOps, Ipc, IpcError, IpcRegs};
use crate::wii::ios::sysconf::PowerOff;

/// The first input word of the idle ioctl (libogc `STM_ShutdownToIdle`).
pub const IDLE_WAKE_WORD: u32 = 0xFCE0_82C0;

impl Stm {
    /// Releases the hook and switches the console off as `to` says, calling `blank` (the
    /// display off) right before the request, as libogc stm.c `STM_ShutdownToStandby` and
    /// `STM_ShutdownToIdle` write `_viReg[1] = 0` first. Returns only on failure (IOS never answers a shutdown
    /// that works).
    pub fn power_off_to<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        to: PowerOff,
        clock: &mut dyn FnMut() -> u32,
        blank: &mut dyn FnMut(),
    ) -> IpcError {
        self.release(ipc, clock);
        blank();
        let r = match to {
            PowerOff::Standby => immediate_word(ipc, IOCTL_SHUTDOWN, 0, clock),
            PowerOff::Idle { led } => {
                if let Some(mode) = led {
                    // A refused LED mode does not stop the shutdown (libogc ignores it too).
                    let _ = immediate_word(ipc, IOCTL_LEDMODE, u32::from(mode), clock);
                }
                immediate_word(ipc, IOCTL_IDLE, IDLE_WAKE_WORD, clock)
            }
        };
        match r {
            Ok(()) => IpcError::Timeout,
            Err(e) => e,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wii::ios::ipc::fake::{FakeCache, FakeRegs, Model};
    use crate::wii::ios::ipc::Slot;
    use core::ptr::NonNull;
    use std::boxed::Box;
    use std::vec::Vec;

    /// Switches off `to` with IOS answering every open (fd 5), ioctl and close at once;
    /// returns the ioctls seen (number, first input word).
    fn ioctls(to: PowerOff) -> Vec<(u32, u32)> {
        let m = Model::shared();
        let v: Vec<Slot> = (0..4).map(|_| Slot::new()).collect();
        let p = Box::leak(v.into_boxed_slice());
        m.borrow_mut()
            .map(p.as_ptr() as usize, 4 * core::mem::size_of::<Slot>());
        let ptr = NonNull::new(p.as_mut_ptr()).expect("non-null");
        // SAFETY: the pool was leaked for this client alone.
        let mut ipc = unsafe { Ipc::new(FakeRegs(m.clone()), FakeCache(m.clone()), ptr, 4) };
        let mut seen = Vec::new();
        let mut t = 0;
        let model = m.clone();
        let e = Stm::new().power_off_to(
            &mut ipc,
            to,
            &mut || {
                t += 1;
                // open 1, close 2, ioctl 6.
                let pending = model.borrow().find(|r| matches!(r.cmd, 1 | 2 | 6));
                if let Some(r) = pending {
                    if r.cmd == 6 {
                        let word =
                            u32::from_be_bytes([r.input[0], r.input[1], r.input[2], r.input[3]]);
                        seen.push((r.args[0], word));
                    }
                    let result = if r.cmd == 1 { 5 } else { 0 };
                    model.borrow_mut().reply(r.phys, result, &[]);
                }
                t
            },
            &mut || {},
        );
        assert_eq!(e, IpcError::Timeout, "an answered shutdown still returns");
        assert!(m.borrow().violations.is_empty());
        seen
    }

    #[test]
    fn standby_is_ioctl_0x2003_with_a_zero_word() {
        assert_eq!(ioctls(PowerOff::Standby), [(0x2003, 0)]);
    }

    #[test]
    fn idle_sets_the_led_mode_then_sends_0x2004_with_libogcs_wake_word() {
        assert_eq!(
            ioctls(PowerOff::Idle { led: Some(1) }),
            [(0x6002, 1), (0x2004, 0xFCE0_82C0)]
        );
        assert_eq!(
            ioctls(PowerOff::Idle { led: None }),
            [(0x2004, 0xFCE0_82C0)],
            "no valid LED mode: none is set"
        );
    }
}
