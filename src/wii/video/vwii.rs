//! Which machine the game runs on, and the Wii U's 16:9 scaler. A Wii U in Wii mode (vWii)
//! answers `0xCAFE` in the upper half of `LT_CHIPREVID` (0x0D8005A0, Latte's chip revision);
//! on a Wii that address is a mirror of a Hollywood clock register (0x0D8001A0) that never
//! reads so (libogc-based homebrew: GRRLIB PR #6, vbagx, MinimaLauncher
//! `(*(u32*)0xCD8005A0 >> 16) == 0xCAFE`; WiiUBrew "Hardware/Latte registers"; Wiimmfi's
//! notes on the same read). On a Wii U set to 16:9 the picture is pillar-boxed unless the
//! vWii scaler is told so: `0x0D8006A0 = 0x30000004` and bit value 2 set in `0x0D8006A8`
//! (tueidj's "vWii widescreen patch" as GRRLIB, vbagx and MinimaLauncher write it, after
//! `CONF_GetAspectRatio() == CONF_ASPECT_16_9`). Both are reached through the uncached
//! mirror (0xCD8xxxxx, DBAT1, `wii::start`), as libogc's `read32`/`write32` do.
//!
//! Dolphin maps neither register (Dolphin `Source/Core/Core/HW/WII_IPC.cpp` registers the
//! IPC, GPIO, RESETS and a few stubs only, so any other read logs "invalid MMIO", which the
//! e2e tests' strict mode fails on); so when IOS has `/dev/dolphin` (Dolphin's own device,
//! `Source/Core/Core/IOS/DolphinDevice.cpp`, absent on every console) the game takes the
//! machine for a Wii and touches neither. Dolphin emulates no Wii U, so the vWii path is
//! host-tested only (docs/hardware.md, "vWii and Wii mini").

use crate::gfx::Aspect;
use crate::wii::ios::ipc::{CacheOps, Ipc, IpcRegs};
#[cfg(target_arch = "powerpc")]
use crate::wii::runtime::mmio::{Ro, Rw};

// The Latte registers, in address order. `LT_CHIPREVID` is a chip revision (WiiUBrew
// "Hardware/Latte registers"), only ever read: read-only here. The scaler's two words are
// written by the homebrew above, the control word read-modify-written: read-write.
/// `LT_CHIPREVID` through the uncached mirror (WiiUBrew; the homebrew above read it there).
pub const LT_CHIPREVID: usize = 0xCD80_05A0;
/// The vWii scaler's mode word (0x0D8006A0).
pub const VWII_SCALER: usize = 0xCD80_06A0;
/// The vWii scaler's control word (0x0D8006A8), whose bit value 2 is set after the mode.
pub const VWII_SCALER_CTRL: usize = 0xCD80_06A8;
/// The upper half of `LT_CHIPREVID` on a Wii U.
pub const LATTE_MARK: u32 = 0xCAFE;
/// The scaler mode for a 16:9 picture, full width (the homebrew above).
pub const SCALER_16_9: u32 = 0x3000_0004;
/// The bits set in the control word after the mode (`mask32(0x0d8006a8, 0, 2)`).
pub const SCALER_CTRL_SET: u32 = 0x2;
/// Dolphin's IOS device, present in Dolphin only.
pub const DOLPHIN_DEVICE: &str = "/dev/dolphin";
/// How long the open of [`DOLPHIN_DEVICE`] may take.
pub const OPEN_TIMEOUT_MS: u32 = 500;

/// The machine under the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Machine {
    Wii,
    /// A Wii U in Wii mode.
    WiiU,
    /// Dolphin (which emulates a Wii; `LT_CHIPREVID` is not read there).
    Dolphin,
}

impl Machine {
    /// The word the log uses (`machine=`).
    pub fn key(self) -> &'static str {
        match self {
            Machine::Wii => "wii",
            Machine::WiiU => "vwii",
            Machine::Dolphin => "dolphin",
        }
    }

    /// The machine a console's `LT_CHIPREVID` word says.
    pub fn from_chip_revision(word: u32) -> Machine {
        if word >> 16 == LATTE_MARK {
            Machine::WiiU
        } else {
            Machine::Wii
        }
    }
}

/// What the scaler gets: the mode word and the bits set in the control word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScalerWrite {
    pub mode: u32,
    pub ctrl_set: u32,
}

/// The scaler writes for `machine` with the console set to `aspect`: only a Wii U set to
/// 16:9 gets any (a 4:3 Wii U is left as the System Menu set it, as the homebrew above do).
pub fn scaler_for(machine: Machine, aspect: Aspect) -> Option<ScalerWrite> {
    (machine == Machine::WiiU && aspect == Aspect::Wide).then_some(ScalerWrite {
        mode: SCALER_16_9,
        ctrl_set: SCALER_CTRL_SET,
    })
}

/// Whether IOS has Dolphin's device: opens and closes `/dev/dolphin`.
pub fn in_dolphin<R: IpcRegs, C: CacheOps>(
    ipc: &mut Ipc<R, C>,
    clock: &mut dyn FnMut() -> u32,
) -> bool {
    let Ok(id) = ipc.open(DOLPHIN_DEVICE, 0, clock(), Some(OPEN_TIMEOUT_MS)) else {
        return false;
    };
    let fd = match ipc.wait(id, &mut *clock) {
        Ok(c) => c.value as i32,
        Err(_) => return false,
    };
    if fd < 0 {
        return false;
    }
    if let Ok(id) = ipc.close(fd, clock(), Some(OPEN_TIMEOUT_MS)) {
        let _ = ipc.wait(id, &mut *clock);
    }
    true
}

/// The machine: Dolphin if IOS has its device, else what `LT_CHIPREVID` says.
#[cfg(target_arch = "powerpc")]
pub fn detect<R: IpcRegs, C: CacheOps>(
    ipc: &mut Ipc<R, C>,
    clock: &mut dyn FnMut() -> u32,
) -> Machine {
    if in_dolphin(ipc, clock) {
        return Machine::Dolphin;
    }
    // SAFETY: LT_CHIPREVID is a 32-bit Hollywood/Latte register in the uncached mirror
    // (WiiUBrew; read by the homebrew cited above, with or without AHB access).
    let reg: Ro<u32> = unsafe { Ro::new(LT_CHIPREVID) };
    Machine::from_chip_revision(reg.read())
}

/// Writes the scaler as `w` says (a Wii U only: [`scaler_for`]).
#[cfg(target_arch = "powerpc")]
pub fn set_scaler(w: ScalerWrite) {
    // SAFETY: the vWii scaler's two 32-bit registers in the uncached mirror, written as the
    // homebrew cited above write them; reached only when `detect` answered `WiiU`.
    let (mode, ctrl): (Rw<u32>, Rw<u32>) =
        unsafe { (Rw::new(VWII_SCALER), Rw::new(VWII_SCALER_CTRL)) };
    mode.write(w.mode);
    ctrl.write(ctrl.read() | w.ctrl_set);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wii::ios::ipc::fake::{FakeCache, FakeRegs, Model};
    use crate::wii::ios::ipc::Slot;
    use core::ptr::NonNull;
    use std::boxed::Box;
    use std::vec::Vec;

    #[test]
    fn cafe_in_the_upper_half_of_the_chip_revision_is_a_wii_u() {
        assert_eq!(Machine::from_chip_revision(0xCAFE_0000), Machine::WiiU);
        assert_eq!(Machine::from_chip_revision(0xCAFE_1234), Machine::WiiU);
        // A Wii: the mirrored clock register (never 0xCAFE in its upper half).
        assert_eq!(Machine::from_chip_revision(0xFFFF_FFFF), Machine::Wii);
        assert_eq!(Machine::from_chip_revision(0x0000_CAFE), Machine::Wii);
        assert_eq!(Machine::from_chip_revision(0), Machine::Wii);
    }

    #[test]
    fn only_a_wii_u_set_to_16_9_gets_the_scaler_words_the_homebrew_write() {
        assert_eq!(
            scaler_for(Machine::WiiU, Aspect::Wide),
            Some(ScalerWrite {
                mode: 0x3000_0004,
                ctrl_set: 0x2
            })
        );
        assert_eq!(scaler_for(Machine::WiiU, Aspect::Standard), None);
        assert_eq!(scaler_for(Machine::Wii, Aspect::Wide), None);
        assert_eq!(scaler_for(Machine::Dolphin, Aspect::Wide), None);
        // The physical registers behind the uncached mirror.
        assert_eq!(LT_CHIPREVID & 0x3FFF_FFFF, 0x0D80_05A0);
        assert_eq!(VWII_SCALER & 0x3FFF_FFFF, 0x0D80_06A0);
        assert_eq!(VWII_SCALER_CTRL & 0x3FFF_FFFF, 0x0D80_06A8);
    }

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

    /// Runs `in_dolphin` with IOS answering the open with `fd` (and the close with 0).
    fn answer(fd: i32) -> (bool, Vec<Vec<u8>>, bool) {
        let (mut ipc, m) = ipc();
        let mut t = 0;
        let mut opened = Vec::new();
        let mut closed = false;
        let model = m.clone();
        let r = in_dolphin(&mut ipc, &mut || {
            t += 1;
            let open = model.borrow().find(|r| r.cmd == 1);
            if let Some(open) = open {
                opened.push(open.path.clone());
                model.borrow_mut().reply(open.phys, fd, &[]);
            }
            let close = model.borrow().find(|r| r.cmd == 2);
            if let Some(close) = close {
                closed = true;
                model.borrow_mut().reply(close.phys, 0, &[]);
            }
            t
        });
        assert!(m.borrow().violations.is_empty());
        (r, opened, closed)
    }

    #[test]
    fn dolphin_is_known_by_its_ios_device_which_is_closed_again() {
        let (r, opened, closed) = answer(3);
        assert!(r);
        assert_eq!(opened, [DOLPHIN_DEVICE.as_bytes().to_vec()]);
        assert!(closed, "the device is closed again");
        // A console: IOS refuses the path (-6, ENOENT); nothing to close.
        let (r, _, closed) = answer(-6);
        assert!(!r);
        assert!(!closed);
    }
}
