//! The console itself, as one handle from `Wii::take`: its Power and Reset buttons (STM event
//! hook plus the PI reset-switch level) and the ways out of the game (back to the loader,
//! standby, reboot). Borrows the IOS port for each call; consumes it on the way out, handing
//! the mailbox back the way a loader expects (PPCCTRL = 0x38, libogc `__IPC_Reinitialize`).
//! Input devices are `wii::input`'s; the jump itself is `wii::exit`'s.

use crate::log;
use crate::wii::ios::ipc::{CacheOps, Ipc, IpcRegs};
use crate::wii::ios::stm::{ResetSwitch, Stm, SystemButton};
use crate::wii::ios::sysconf::PowerOff;
use crate::wii::runtime::exit::{self, ExitPath};

/// How long the way out waits for IOS to answer the requests it still owes.
pub const HANDBACK_BUDGET_MS: u32 = 200;

/// The console's buttons and power.
pub struct System {
    stm: Stm,
    reset: ResetSwitch,
}

impl System {
    /// Opens the STM event hook through `ios` (armed by `poll`).
    pub fn new<R: IpcRegs, C: CacheOps>(ios: &mut Ipc<R, C>, now: u32) -> Self {
        let mut stm = Stm::new();
        stm.start(ios, now);
        System {
            stm,
            reset: ResetSwitch::default(),
        }
    }

    /// A console button pressed since the last call (logged as `event=system_button`):
    /// Power from the STM hook, Reset from the hook or `reset_down`, the reset-switch level
    /// (`wii::pi::reset_button_pressed()` on the console).
    pub fn poll<R: IpcRegs, C: CacheOps>(
        &mut self,
        ios: &mut Ipc<R, C>,
        now: u32,
        reset_down: bool,
    ) -> Option<SystemButton> {
        ios.poll(now);
        let mut button = self.stm.poll(ios, now);
        if self.reset.update(reset_down) {
            button = Some(SystemButton::Reset);
        }
        if let Some(b) = button {
            log!(
                "event=system_button button={}",
                match b {
                    SystemButton::Power => "power",
                    SystemButton::Reset => "reset",
                }
            );
        }
        button
    }

    /// Leaves the game: back to the loader's stub when there is one (hook released, the
    /// mailbox handed back), else a reboot through STM; never returns.
    pub fn leave<R: IpcRegs, C: CacheOps>(
        mut self,
        mut ios: Ipc<R, C>,
        clock: &mut dyn FnMut() -> u32,
    ) -> ! {
        if exit::planned_path() == ExitPath::Loader {
            self.stm.release(&mut ios, clock);
        } else {
            log!("event=hot_reset");
            let e = self
                .stm
                .hot_reset(&mut ios, clock, &mut crate::wii::video::vi::blank);
            log!("event=hot_reset_unanswered error={}", e);
        }
        let owed = ios.in_flight();
        let mut regs = ios.hand_back(clock, HANDBACK_BUDGET_MS);
        log!(
            "event=ios_handback owed={} irq_enables={:#04x}",
            owed,
            regs.ctrl() & crate::wii::ios::ipc::CTRL_IRQ_ENABLES
        );
        exit::exit()
    }

    /// Turns the console off as its settings say (`IPL.IDL`: standby, or idle with its LED
    /// mode; `stm/power.rs`). IOS never answers a shutdown that works; if it refuses or stays
    /// silent, the game leaves as [`System::leave`] does.
    pub fn power_off<R: IpcRegs, C: CacheOps>(
        mut self,
        mut ios: Ipc<R, C>,
        to: PowerOff,
        clock: &mut dyn FnMut() -> u32,
    ) -> ! {
        log!("event=power_off to={}", to.key());
        let e = self
            .stm
            .power_off_to(&mut ios, to, clock, &mut crate::wii::video::vi::blank);
        log!("event=power_off_unanswered error={}", e);
        self.leave(ios, clock)
    }
}
