//! The input stack's shutdown before the game leaves (audit 2 N5): the remotes' motors off,
//! every link disconnected for power off, the controller reset, the sensor bar off and the
//! device closed, each wait bounded. Part of [`InputSystem`]; the host's side of it is
//! `wii::bt::Host::shut_down`. Reference: libogc `wiiuse/wpad.c` `WPAD_Shutdown`,
//! `lwbt/bte.c` `BTE_Shutdown`.

use super::InputSystem;
use crate::log;
use crate::wii::input::bt::transport::State;
use crate::wii::input::bt::Closing;
use crate::wii::input::si::SiRegs;
use crate::wii::ios::ipc::{CacheOps, Ipc, IpcRegs};

/// At exit, the longest wait for the remotes' motor-off reports to leave.
pub const RUMBLE_OFF_MS: u32 = 50;
/// At exit, the longest wait for the controller's answer to HCI Reset (libogc's
/// `__bte_waitcmdfinish` waits without a limit).
pub const BT_RESET_MS: u32 = 100;

impl<S: SiRegs> InputSystem<S> {
    /// Shuts Bluetooth down before the game leaves, as libogc `wiiuse/wpad.c` `WPAD_Shutdown`
    /// (sensor bar off, `BTE_Shutdown`: HCI Reset and a wait) with the remotes told first:
    /// the motors off (the motor-off reports sent, at most [`RUMBLE_OFF_MS`]), every link
    /// disconnected with reason 0x15 and the controller reset (at most [`BT_RESET_MS`] for its
    /// answer), then the sensor bar off and the device closed (IOS then answers the reads still
    /// posted). Logs `event=bt_shutdown reset=1|0 ms=N`. Without a running transport it only
    /// closes. Audit 2 N5: the remotes stayed linked, LEDs lit and a running motor on, until
    /// the next program reset the controller.
    pub fn shutdown<R: IpcRegs, C: CacheOps>(
        &mut self,
        ios: &mut Ipc<R, C>,
        clock: &mut dyn FnMut() -> u32,
    ) {
        let start = clock();
        if self.transport.state() == State::Running {
            self.remotes.stop_rumble();
            let mut now = start;
            loop {
                self.step(ios, now);
                now = clock();
                let sent = self.remotes.pending_outputs() == 0 && self.host.acl_pending() == 0;
                if sent || now.wrapping_sub(start) >= RUMBLE_OFF_MS {
                    break;
                }
            }
            self.host.shut_down();
            let reset_from = now;
            while self.host.closing() != Closing::Done && now.wrapping_sub(reset_from) < BT_RESET_MS
            {
                self.step(ios, now);
                now = clock();
            }
            log!(
                "event=bt_shutdown reset={} ms={}",
                u8::from(self.host.closing() == Closing::Done),
                now.wrapping_sub(start)
            );
        }
        #[cfg(target_arch = "powerpc")]
        crate::wii::input::sensorbar::power(false);
        self.transport.close(ios, clock);
    }
}
