//! The console's Power and Reset buttons, and turning the console off.
//!
//! Power is only visible through the IOS STM event hook: an ioctl 0x1000 on
//! `/dev/stm/eventhook` that IOS answers when a button event happens (0x800 Power, 0x20000
//! Reset), re-armed after each event. Reset is also the PI_INTSR bit 16 level, read by `wii::pi`
//! and turned into one press per push by [`ResetSwitch`].
//! Power-off is STM ioctl 0x2003 (standby) on `/dev/stm/immediate`, or the idle LED mode
//! (0x6002) then 0x2004 (idle) when the console is set to idle (`stm/power.rs`), after
//! releasing the hook (0x3002) so IOS is not left answering into our memory; a hot reset (reboot to the System Menu, the
//! way out when no loader stub is there) is ioctl 0x2001 on the same device.
//! An event-hook open that IOS refuses while still starting (-6, -4, timeout) is retried
//! ([`OpenRetry`]). Sources: libogc `stm.c`/`system.c`, WiiBrew "/dev/stm/immediate" and
//! "/dev/stm/eventhook" (docs/hardware.md, "STM"). `wii::system` owns the one [`Stm`];
//! returning to the loader is `wii::exit`'s job, not this file's.

use crate::wii::ios::ipc::{CacheOps, Ipc, IpcError, IpcRegs, OpenRetry, SlotId};

mod power;

const EVENTHOOK: &str = "/dev/stm/eventhook";
const IMMEDIATE: &str = "/dev/stm/immediate";
const IOCTL_EVENTHOOK: u32 = 0x1000;
const IOCTL_RELEASE_EVENTHOOK: u32 = 0x3002;
const IOCTL_HOTRESET: u32 = 0x2001;
const IOCTL_SHUTDOWN: u32 = 0x2003;
const IOCTL_IDLE: u32 = 0x2004;
const IOCTL_LEDMODE: u32 = 0x6002;
const EVENT_POWER: u32 = 0x800;
const EVENT_RESET: u32 = 0x2_0000;
/// Blocking STM calls give up after this long.
const CALL_TIMEOUT_MS: u32 = 500;

/// A console button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SystemButton {
    Power,
    Reset,
}

/// Turns the reset-switch level (`wii::pi::reset_button_pressed`) into one event per press.
#[derive(Clone, Copy, Debug, Default)]
pub struct ResetSwitch {
    down: bool,
}

impl ResetSwitch {
    /// Feeds the level; true on the frame the button goes down.
    pub fn update(&mut self, down: bool) -> bool {
        let edge = down && !self.down;
        self.down = down;
        edge
    }
}

/// The STM event hook.
#[derive(Debug, Default)]
pub struct Stm {
    fd: Option<i32>,
    opening: Option<SlotId>,
    hook: Option<SlotId>,
    failed: Option<IpcError>,
    retry: OpenRetry,
}

impl Stm {
    pub const fn new() -> Self {
        Stm {
            fd: None,
            opening: None,
            hook: None,
            failed: None,
            retry: OpenRetry::new(),
        }
    }

    /// Opens the event hook; it is armed by [`Stm::poll`].
    pub fn start<R: IpcRegs, C: CacheOps>(&mut self, ipc: &mut Ipc<R, C>, now: u32) {
        match ipc.open(EVENTHOOK, 0, now, Some(CALL_TIMEOUT_MS)) {
            Ok(id) => self.opening = Some(id),
            Err(e) => self.failed = Some(e),
        }
    }

    /// Why the hook is not working, if it is not.
    pub fn failure(&self) -> Option<IpcError> {
        self.failed
    }

    /// Returns a button event if IOS reported one; keeps the hook armed.
    pub fn poll<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        now: u32,
    ) -> Option<SystemButton> {
        if self.retry.due(now) {
            self.start(ipc, now);
        }
        if let Some(id) = self.opening {
            match ipc.take(id)? {
                Ok(c) => self.fd = Some(c.value as i32),
                Err(e) if self.retry.failed(e, now) => {
                    crate::log!(
                        "event=ios_open_retry device={} error=\"{}\" attempt={}",
                        EVENTHOOK,
                        e,
                        self.retry.retries + 1
                    );
                }
                Err(e) => self.failed = Some(e),
            }
            self.opening = None;
        }
        let fd = self.fd?;
        let mut event = None;
        if let Some(id) = self.hook {
            match ipc.take(id) {
                None => return None,
                Some(Ok(c)) => {
                    let word = u32::from_be_bytes([c.out[0], c.out[1], c.out[2], c.out[3]]);
                    event = match word {
                        EVENT_POWER => Some(SystemButton::Power),
                        EVENT_RESET => Some(SystemButton::Reset),
                        _ => None,
                    };
                }
                Some(Err(e)) => {
                    self.failed = Some(e);
                    self.fd = None;
                    return None;
                }
            }
            self.hook = None;
        }
        match ipc.ioctl(fd, IOCTL_EVENTHOOK, &[0; 32], 32, now, None) {
            Ok(id) => self.hook = Some(id),
            Err(e) => self.failed = Some(e),
        }
        event
    }

    /// Releases the hook (IOS answers it), so nothing stays pending before leaving the game.
    /// The hook's answer is awaited at most [`RELEASE_WAIT_MS`]: the hook was posted with no
    /// deadline, and if the release ioctl failed (no free slot, a timeout) IOS never answers
    /// it, so an unbounded wait would hang the exit (audit 2, N4; libogc `stm.c`
    /// `__STM_ReleaseEventHook` does not block on the hook either). A late answer is drained
    /// by the loader's stub.
    pub fn release<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: &mut dyn FnMut() -> u32,
    ) {
        if self.hook.is_some() {
            let _ = immediate(ipc, IOCTL_RELEASE_EVENTHOOK, clock);
            if let Some(id) = self.hook.take() {
                let start = clock();
                loop {
                    let now = clock();
                    ipc.poll(now);
                    if ipc.take(id).is_some() || now.wrapping_sub(start) >= RELEASE_WAIT_MS {
                        break;
                    }
                }
            }
        }
    }

    /// Releases the hook and puts the console into standby (red LED), calling `blank` (the
    /// display off) right before the shutdown request, as libogc stm.c `STM_ShutdownToStandby`
    /// writes `_viReg[1] = 0` first. Returns only on failure.
    pub fn power_off<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: &mut dyn FnMut() -> u32,
        blank: &mut dyn FnMut(),
    ) -> IpcError {
        self.power_off_to(
            ipc,
            crate::wii::ios::sysconf::PowerOff::Standby,
            clock,
            blank,
        )
    }
}

/// Longest wait for the event hook's answer when releasing it.
pub const RELEASE_WAIT_MS: u32 = 300;

impl Stm {
    /// Releases the hook and reboots the console (as the Reset button does on the System
    /// Menu), calling `blank` right before the request (libogc stm.c `STM_RebootSystem`).
    /// Returns only on failure: IOS never answers a reset that works.
    pub fn hot_reset<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: &mut dyn FnMut() -> u32,
        blank: &mut dyn FnMut(),
    ) -> IpcError {
        self.release(ipc, clock);
        blank();
        match immediate(ipc, IOCTL_HOTRESET, clock) {
            Ok(()) => IpcError::Timeout,
            Err(e) => e,
        }
    }
}

/// One ioctl on `/dev/stm/immediate` with a zero 32-byte input, waited for with a timeout.
fn immediate<R: IpcRegs, C: CacheOps>(
    ipc: &mut Ipc<R, C>,
    ioctl: u32,
    clock: &mut dyn FnMut() -> u32,
) -> Result<(), IpcError> {
    immediate_word(ipc, ioctl, 0, clock)
}

/// One ioctl on `/dev/stm/immediate` whose 32-byte input starts with `word` (big-endian, the
/// rest zero: libogc `stm.c` `__stm_immbufin[0] = ...`), waited for with a timeout.
fn immediate_word<R: IpcRegs, C: CacheOps>(
    ipc: &mut Ipc<R, C>,
    ioctl: u32,
    word: u32,
    clock: &mut dyn FnMut() -> u32,
) -> Result<(), IpcError> {
    let mut input = [0u8; 32];
    input[..4].copy_from_slice(&word.to_be_bytes());
    let id = ipc.open(IMMEDIATE, 0, clock(), Some(CALL_TIMEOUT_MS))?;
    let fd = ipc.wait(id, &mut *clock)?.value as i32;
    let id = ipc.ioctl(fd, ioctl, &input, 32, clock(), Some(CALL_TIMEOUT_MS))?;
    ipc.wait(id, &mut *clock)?;
    let id = ipc.close(fd, clock(), Some(CALL_TIMEOUT_MS))?;
    ipc.wait(id, &mut *clock)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wii::ios::ipc::fake::{FakeCache, FakeRegs, Model};
    use crate::wii::ios::ipc::Slot;
    use core::ptr::NonNull;
    use std::boxed::Box;
    use std::vec::Vec;

    fn ipc() -> (
        Ipc<FakeRegs, FakeCache>,
        std::rc::Rc<std::cell::RefCell<Model>>,
    ) {
        let m = Model::shared();
        let v: Vec<Slot> = (0..4).map(|_| Slot::new()).collect();
        let p = Box::leak(v.into_boxed_slice());
        m.borrow_mut()
            .map(p.as_ptr() as usize, 4 * core::mem::size_of::<Slot>());
        let ptr = NonNull::new(p.as_mut_ptr()).expect("non-null");
        // SAFETY: the pool was leaked for this client alone.
        (
            unsafe { Ipc::new(FakeRegs(m.clone()), FakeCache(m.clone()), ptr, 4) },
            m,
        )
    }

    #[test]
    fn the_reset_switch_gives_one_event_per_press() {
        let mut r = ResetSwitch::default();
        assert!(!r.update(false));
        assert!(r.update(true));
        assert!(!r.update(true), "held");
        assert!(!r.update(false));
        assert!(r.update(true), "pressed again");
    }

    #[test]
    fn a_power_event_from_ios_is_reported_once_and_the_hook_is_armed_again() {
        let (mut ipc, m) = ipc();
        let mut stm = Stm::new();
        stm.start(&mut ipc, 0);
        let open = m.borrow().find(|r| r.cmd == 1).expect("open");
        assert_eq!(open.path, EVENTHOOK.as_bytes());
        m.borrow_mut().reply(open.phys, 7, &[]);
        ipc.poll(1);
        assert_eq!(stm.poll(&mut ipc, 1), None);
        let hook = m.borrow().find(|r| r.cmd == 6).expect("eventhook ioctl");
        assert_eq!((hook.fd, hook.args[0]), (7, IOCTL_EVENTHOOK));
        assert_eq!(stm.poll(&mut ipc, 2), None, "nothing happened yet");
        m.borrow_mut()
            .reply(hook.phys, 0, &[(hook.args[3], &EVENT_POWER.to_be_bytes())]);
        ipc.poll(3);
        assert_eq!(stm.poll(&mut ipc, 3), Some(SystemButton::Power));
        assert_eq!(stm.poll(&mut ipc, 4), None);
        assert_eq!(
            m.borrow().inbox.iter().filter(|r| r.cmd == 6).count(),
            1,
            "re-armed"
        );
        assert!(m.borrow().violations.is_empty());
    }

    #[test]
    fn hot_reset_opens_stm_immediate_and_sends_ioctl_0x2001_then_gives_up_if_silent() {
        let (mut ipc, m) = ipc();
        let mut stm = Stm::new();
        let mut t = 0;
        let mut opened: Option<Vec<u8>> = None;
        let mut reset: Option<(i32, u32)> = None;
        // IOS answers the open with fd 5, then stays silent on the reset ioctl (a console that
        // resets never answers).
        let model = m.clone();
        let mut blanked = false;
        let e = stm.hot_reset(
            &mut ipc,
            &mut || {
                t += 1;
                let open = model.borrow().find(|r| r.cmd == 1);
                if let Some(open) = open {
                    opened = Some(open.path.clone());
                    model.borrow_mut().reply(open.phys, 5, &[]);
                }
                if let Some(r) = model.borrow().find(|r| r.cmd == 6) {
                    reset = Some((r.fd, r.args[0]));
                }
                t
            },
            &mut || blanked = true,
        );
        assert!(blanked);
        assert_eq!(e, IpcError::Timeout);
        assert_eq!(opened.as_deref(), Some(IMMEDIATE.as_bytes()));
        assert_eq!(reset, Some((5, IOCTL_HOTRESET)));
        assert!(m.borrow().violations.is_empty());
    }

    /// Audit 2 N4: with the hook armed and IOS silent from then on, the release waited for
    /// ever on the deadline-less hook.
    #[test]
    fn releasing_an_armed_hook_returns_even_when_ios_never_answers() {
        let (mut ipc, m) = ipc();
        let mut stm = Stm::new();
        stm.start(&mut ipc, 0);
        let open = m.borrow().find(|r| r.cmd == 1).expect("open");
        m.borrow_mut().reply(open.phys, 7, &[]);
        ipc.poll(1);
        assert_eq!(stm.poll(&mut ipc, 1), None);
        assert!(
            m.borrow().find(|r| r.cmd == 6).is_some(),
            "the hook is armed"
        );
        let mut t = 10u32;
        stm.release(&mut ipc, &mut || {
            t += 1;
            assert!(t < 100_000, "release never returned");
            t
        });
        assert!(t < 20_000, "gave up after {t} ms");
    }

    #[test]
    fn power_off_gives_up_instead_of_hanging_when_ios_is_silent() {
        let (mut ipc, _m) = ipc();
        let mut stm = Stm::new();
        let mut t = 0;
        let e = stm.power_off(
            &mut ipc,
            &mut || {
                t += 1;
                t
            },
            &mut || {},
        );
        assert_eq!(e, IpcError::Timeout);
    }

    /// Audit 2 N15: libogc stm.c turns the display off (`_viReg[1] = 0`) before it asks for
    /// standby or a reboot; the game left its last picture scanning out.
    #[test]
    fn the_display_goes_off_before_the_standby_and_the_reboot_requests_are_sent() {
        for ioctl in [IOCTL_SHUTDOWN, IOCTL_HOTRESET] {
            let (mut ipc, m) = ipc();
            let mut stm = Stm::new();
            let blanked = core::cell::Cell::new(false);
            let mut sent_blanked: Option<bool> = None;
            let model = m.clone();
            let mut t = 0;
            let mut clock = || {
                t += 1;
                let open = model.borrow().find(|r| r.cmd == 1);
                if let Some(open) = open {
                    model.borrow_mut().reply(open.phys, 5, &[]);
                }
                if sent_blanked.is_none()
                    && model
                        .borrow()
                        .find(|r| r.cmd == 6 && r.args[0] == ioctl)
                        .is_some()
                {
                    sent_blanked = Some(blanked.get());
                }
                t
            };
            let mut blank = || blanked.set(true);
            let _ = if ioctl == IOCTL_SHUTDOWN {
                stm.power_off(&mut ipc, &mut clock, &mut blank)
            } else {
                stm.hot_reset(&mut ipc, &mut clock, &mut blank)
            };
            assert_eq!(sent_blanked, Some(true), "ioctl {ioctl:#x}: off first");
        }
    }
}

#[cfg(test)]
mod retry_tests {
    use super::*;
    use crate::wii::ios::ipc::fake::{FakeCache, FakeRegs, Model};
    use crate::wii::ios::ipc::Slot;
    use core::ptr::NonNull;
    use std::boxed::Box;
    use std::vec::Vec;

    #[test]
    fn an_event_hook_open_refused_while_ios_starts_is_retried_and_then_armed() {
        let m = Model::shared();
        let v: Vec<Slot> = (0..4).map(|_| Slot::new()).collect();
        let p = Box::leak(v.into_boxed_slice());
        m.borrow_mut()
            .map(p.as_ptr() as usize, 4 * core::mem::size_of::<Slot>());
        let ptr = NonNull::new(p.as_mut_ptr()).expect("non-null");
        // SAFETY: the pool was leaked for this client alone.
        let mut ipc = unsafe { Ipc::new(FakeRegs(m.clone()), FakeCache(m.clone()), ptr, 4) };
        let mut stm = Stm::new();
        stm.start(&mut ipc, 0);
        let mut opens = 0;
        for now in (0..2000).step_by(10) {
            let open = m.borrow().find(|r| r.cmd == 1);
            if let Some(open) = open {
                opens += 1;
                let result = if opens <= 2 { -6 } else { 7 };
                m.borrow_mut().reply(open.phys, result, &[]);
            }
            ipc.poll(now);
            stm.poll(&mut ipc, now);
        }
        assert_eq!(opens, 3);
        assert_eq!(stm.failure(), None);
        assert!(
            m.borrow().find(|r| r.cmd == 6 && r.fd == 7).is_some(),
            "the hook is armed on the fd of the third open"
        );
    }
}
