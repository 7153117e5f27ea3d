//! Handing the mailbox over: what the client still owes IOS and leaving PPCCTRL the way a
//! loader's stub expects it (libogc `ipc.c` `__IPC_Reinitialize`; hbc
//! `channel/channelapp/stub/ios.c`, docs/hardware.md "IPC"). Part of [`Ipc`]; touches only
//! the client's own state and PPCCTRL.

use super::super::cache::CacheOps;
use super::super::regs::{IpcRegs, CTRL_HANDBACK};
use super::{Ipc, State};

impl<R: IpcRegs, C: CacheOps> Ipc<R, C> {
    /// PPCCTRL as it reads now (diagnostics: the interrupt enables must stay set).
    pub fn ppcctrl(&mut self) -> u32 {
        self.regs.ctrl()
    }

    /// Requests IOS still owes a reply (sent or queued, including abandoned ones).
    pub fn in_flight(&self) -> usize {
        self.entries
            .iter()
            .filter(|e| {
                matches!(
                    e.state,
                    State::Queued | State::InMailbox | State::Waiting | State::Abandoned
                )
            })
            .count()
    }

    /// Leaves the mailbox the way a loader expects it before the jump to its stub: polls for
    /// the replies still owed (until none is left or `budget_ms` has passed on `clock`), then
    /// writes PPCCTRL = X2|IY1|IY2 (0x38), as libogc `__IPC_Reinitialize` (`ipc.c`). Consumes
    /// the client: nothing may use the mailbox afterwards.
    pub fn hand_back(mut self, clock: &mut dyn FnMut() -> u32, budget_ms: u32) -> R {
        let start = clock();
        loop {
            let now = clock();
            // Drop the queue: nothing new is sent now.
            while let Some(i) = self.queue.pop_front() {
                if let Some(e) = self.entries.get_mut(usize::from(i)) {
                    if e.state == State::Queued {
                        e.state = State::Free;
                    }
                }
            }
            self.poll(now);
            if self.in_flight() == 0 || now.wrapping_sub(start) >= budget_ms {
                break;
            }
        }
        self.regs.set_ctrl(CTRL_HANDBACK);
        self.regs
    }
}
