//! The Video Interface (VI, 0xCC002000): the only writer of VI registers. Sets a 640x480 mode,
//! points the VI at an XFB, and paces frames by polling the display-interrupt status flags
//! (interrupts stay off). Register map: libogc video.c / Dolphin VideoInterface.h (docs/hardware.md
//! "VI"); sequence: libogc `__VIInit`.

use super::vi_regs::{Dcr, DisplayInterrupt, FieldBase, HorizontalScale};
use super::video_mode::{Timing, ViSnapshot, VideoMode, FILTER_COEFFICIENTS};
use crate::wii::runtime::clock;
use crate::wii::runtime::mmio::{Ro, Rw};
use core::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use core::time::Duration;

/// The VI register table, in address order (16-bit registers; a 32-bit register is two
/// halves, high half first). Access rights from Dolphin `VideoInterface.cpp`
/// (`RegisterMMIO`): every register it maps is read-write (direct or with side effects on
/// write) except the beam position DPV, whose writes it drops as "not documented or
/// implemented"; DTV is a status register libogc video.c only reads
/// (`VIDEO_HaveComponentCable`), so it is read-only here although Dolphin stores writes.
mod reg {
    use super::super::vi_regs::{Clock, Dcr, DtvStatus, HorizontalScale, PictureConfig, Vtr};
    use super::{Ro, Rw};
    // SAFETY (all): VI registers at 0xCC002000 (libogc video.c `_viReg`, docs/hardware.md "VI"),
    // 16-bit, with the access rights above; the value types are transparent u16 words.
    const fn rw<T: Copy>(off: usize) -> Rw<T> {
        // SAFETY: `off` is one of the VI register offsets below, inside the VI block.
        unsafe { Rw::new(0xCC00_2000 + off) }
    }
    const fn ro<T: Copy>(off: usize) -> Ro<T> {
        // SAFETY: as in `rw`; used only for the read-only registers named above.
        unsafe { Ro::new(0xCC00_2000 + off) }
    }
    /// VI_VTR: vertical timing (EQU, ACV).
    pub const VTR: Rw<Vtr> = rw(0x00);
    /// VI_DCR: display configuration (ENB, RST, NIN, FMT).
    pub const DCR: Rw<Dcr> = rw(0x02);
    /// VI_HTR0 / VI_HTR1: horizontal timing.
    pub const HTR0: [Rw<u16>; 2] = [rw(0x04), rw(0x06)];
    pub const HTR1: [Rw<u16>; 2] = [rw(0x08), rw(0x0A)];
    /// VI_VTO / VI_VTE: odd/even field vertical blanking.
    pub const VTO: [Rw<u16>; 2] = [rw(0x0C), rw(0x0E)];
    pub const VTE: [Rw<u16>; 2] = [rw(0x10), rw(0x12)];
    /// VI_BBOI / VI_BBEI: burst blanking.
    pub const BBOI: [Rw<u16>; 2] = [rw(0x14), rw(0x16)];
    pub const BBEI: [Rw<u16>; 2] = [rw(0x18), rw(0x1A)];
    /// VI_TFBL: top field base (POFF bit 28 => address >> 5).
    pub const TFBL: [Rw<u16>; 2] = [rw(0x1C), rw(0x1E)];
    /// VI_BFBL: bottom field base.
    pub const BFBL: [Rw<u16>; 2] = [rw(0x24), rw(0x26)];
    /// VI_DPV: current vertical beam position (1-based line). Read only.
    pub const DPV: Ro<u16> = ro(0x2C);
    /// VI_DI0 / VI_DI1: display interrupts (hi half: status bit 15, mask bit 12, VCT).
    pub const DI0: [Rw<u16>; 2] = [rw(0x30), rw(0x32)];
    pub const DI1: [Rw<u16>; 2] = [rw(0x34), rw(0x36)];
    /// VI_HSW: picture configuration (words per line, stride).
    pub const HSW: Rw<PictureConfig> = rw(0x48);
    /// VI_HSR: horizontal scaling.
    pub const HSR: Rw<HorizontalScale> = rw(0x4A);
    /// VI_FCT0: first of the filter coefficient halves.
    pub const FCT0: usize = 0x4C;
    pub const fn fct(i: usize) -> Rw<u16> {
        rw(FCT0 + 2 * i)
    }
    /// VI_VICLK: 27/54 MHz clock select.
    pub const VICLK: Rw<Clock> = rw(0x6C);
    /// VI_DTV: bit 0 set while a component (YPbPr) cable is plugged in (libogc video.c
    /// `VIDEO_HaveComponentCable`; Dolphin reports its progressive-scan setting here). Read only.
    pub const DTV: Ro<DtvStatus> = ro(0x6E);
    /// VI_FBWIDTH: framebuffer width in pixels.
    pub const FBWIDTH: Rw<u16> = rw(0x70);
}

/// Display-interrupt status bit in the high half of DI0..DI3.
const DI_STATUS: u16 = DisplayInterrupt::new().status(true).halves()[0];
/// HSR with scaling off (step 1:1), as libogc `__VIInit` leaves it for a 640-pixel XFB.
const NO_SCALING: HorizontalScale = HorizontalScale::new().step(256);
/// Bytes per XFB line at 640 pixels (YUV 4:2:2).
const LINE_BYTES: u32 = 640 * 2;
/// Longest wait for a vsync before giving up (two 50 Hz fields).
const VSYNC_TIMEOUT: Duration = Duration::from_millis(45);
/// Address of the boot TV-format word (0 NTSC, 1 PAL, 2 MPAL).
const TV_FORMAT_ADDR: usize = 0x8000_00CC;

static READY: AtomicBool = AtomicBool::new(false);
static MODE: AtomicU8 = AtomicU8::new(0);
const MODES: [VideoMode; 4] = [
    VideoMode::Ntsc480i,
    VideoMode::Pal60,
    VideoMode::Pal576i,
    VideoMode::Progressive480p,
];

/// The VI never signalled a vsync within `VSYNC_TIMEOUT` (VI off or misprogrammed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VsyncTimeout;

/// The VI, handed out once by `Wii::take`.
pub struct Vi {
    mode: VideoMode,
}

/// True when a component (YPbPr) cable is plugged in: `VI_DTV` bit 0 (libogc
/// `VIDEO_HaveComponentCable`). `sysconf::boot_mode` reads it to allow 480p.
pub fn component_cable() -> bool {
    reg::DTV.read().is_component()
}

/// Reads what the loader left in the VI (for `video_mode::detect`).
pub fn snapshot() -> ViSnapshot {
    // SAFETY: 0x800000CC is a RAM word of the low-memory globals, always mapped (BAT0); the
    // game only reads it.
    let tv: Ro<u32> = unsafe { Ro::new(TV_FORMAT_ADDR) };
    ViSnapshot {
        vtr: reg::VTR.read().bits(),
        dcr: reg::DCR.read().bits(),
        viclk: reg::VICLK.read().bits(),
        tv_format: tv.read(),
    }
}

/// Turns the display off (VI_DCR = 0: ENB clear), as libogc stm.c does first in
/// `STM_ShutdownToStandby`, `STM_ShutdownToIdle` and `STM_RebootSystem` (`_viReg[1] = 0`), so
/// the last picture does not scan out while IOS reloads or the console goes to standby
/// (audit 2 N15). Dolphin keeps outputting the XFB whatever ENB says (VideoInterface.cpp
/// `OutputField`). A no-op on the host.
pub fn blank() {
    #[cfg(target_arch = "powerpc")]
    reg::DCR.write(Dcr::new().enable(false));
}

/// True once a mode has been programmed (the panic screen checks it).
pub fn is_ready() -> bool {
    READY.load(Ordering::Relaxed)
}

impl Vi {
    /// Programs `mode` (VI reset, timings, filter, then enable) showing the XFB at `xfb_phys`.
    ///
    /// # Safety
    /// Only one `Vi` may exist (the VI registers are global); `Wii::take` and the panic
    /// handler (which runs after everything else stopped) are the only callers.
    pub unsafe fn init(mode: VideoMode, xfb_phys: u32) -> Vi {
        let t: &Timing = mode.timing();
        reg::DCR.write(Dcr::new().reset(true));
        clock::delay(Duration::from_micros(20));
        reg::DCR.write(Dcr::new().reset(false));
        write_pair(reg::HTR0, t.htr0.halves());
        write_pair(reg::HTR1, t.htr1.halves());
        reg::VTR.write(t.vtr);
        write_pair(reg::VTO, t.vto.halves());
        write_pair(reg::VTE, t.vte.halves());
        write_pair(reg::BBOI, t.bboi.halves());
        write_pair(reg::BBEI, t.bbei.halves());
        write_pair(reg::DI0, t.di0.halves());
        write_pair(reg::DI1, t.di1.halves());
        reg::HSW.write(t.hsw);
        reg::HSR.write(NO_SCALING);
        for (i, &c) in FILTER_COEFFICIENTS.iter().enumerate() {
            reg::fct(i).write(c);
        }
        reg::FBWIDTH.write(640);
        reg::VICLK.write(t.viclk);
        let vi = Vi { mode };
        vi.set_framebuffer(xfb_phys);
        reg::DCR.write(t.dcr);
        let index = MODES.iter().position(|&m| m == mode).unwrap_or(0);
        MODE.store(index as u8, Ordering::Relaxed);
        READY.store(true, Ordering::Relaxed);
        vi
    }

    /// A second handle to an already programmed VI, for the panic handler.
    ///
    /// # Safety
    /// Only when nothing else will use the first handle again (the panic handler).
    pub unsafe fn steal() -> Option<Vi> {
        let mode = MODES[usize::from(MODE.load(Ordering::Relaxed)) % MODES.len()];
        is_ready().then_some(Vi { mode })
    }

    /// The mode being driven.
    pub fn mode(&self) -> VideoMode {
        self.mode
    }

    /// Points both fields at the XFB at physical `phys` (32-byte aligned). The VI latches it
    /// at the next field; call `wait_vsync` before touching the old buffer.
    pub fn set_framebuffer(&self, phys: u32) {
        let (top, bottom) = field_bases(self.mode, phys);
        write_pair(reg::TFBL, top.halves());
        write_pair(reg::BFBL, bottom.halves());
    }

    /// Waits for the next field start (DI0 or DI1 status), then clears the flags.
    pub fn wait_vsync(&self) -> Result<(), VsyncTimeout> {
        clear_status();
        let start = clock::Instant::now();
        loop {
            if reg::DI0[0].read() & DI_STATUS != 0 || reg::DI1[0].read() & DI_STATUS != 0 {
                clear_status();
                return Ok(());
            }
            if start.elapsed() > VSYNC_TIMEOUT {
                return Err(VsyncTimeout);
            }
            core::hint::spin_loop();
        }
    }

    /// The beam's current line (1-based, counting both fields).
    pub fn beam_line(&self) -> u16 {
        reg::DPV.read() & 0x7FF
    }
}

/// TFBL/BFBL register values for an XFB at `phys` (POFF=1 form: address >> 5; the bottom
/// field's POFF is the top's, Dolphin `GetXFBAddressBottom`).
pub const fn field_bases(mode: VideoMode, phys: u32) -> (FieldBase, FieldBase) {
    let bottom = if mode.interlaced() {
        phys + LINE_BYTES
    } else {
        phys
    };
    (
        FieldBase::new().page_offset(true).fbb(phys >> 5),
        FieldBase::new().fbb(bottom >> 5),
    )
}

fn clear_status() {
    for di in [reg::DI0[0], reg::DI1[0]] {
        let v = di.read();
        if v & DI_STATUS != 0 {
            di.write(v & !DI_STATUS);
        }
    }
}

fn write_pair(r: [Rw<u16>; 2], v: [u16; 2]) {
    r[0].write(v[0]);
    r[1].write(v[1]);
}

/// The VI state as the loader left it: with the `hbc-state` test feature, the Homebrew
/// Channel's blanked 480p state is written first (`imitate_hbc`), so Dolphin runs the real
/// detection path on it.
pub fn loader_snapshot() -> ViSnapshot {
    #[cfg(feature = "hbc-state")]
    imitate_hbc();
    snapshot()
}

/// Test builds only (`hbc-state`): leaves the VI as the Homebrew Channel does before it jumps
/// to a program on a 480p console: VICLK 54 MHz, DCR 480p (NIN|ENB), VTR with ACV = 0 (libogc
/// video.c `VIDEO_SetBlack` -> `__setVerticalRegs`). Dolphin direct-boots without a loader, so
/// without this the loader path never runs there.
#[cfg(feature = "hbc-state")]
fn imitate_hbc() {
    use super::vi_regs::{Clock, Vtr};
    let s = super::video_mode::hbc_blanked(VideoMode::Progressive480p);
    reg::VICLK.write(Clock::from_bits(s.viclk));
    reg::VTR.write(Vtr::from_bits(s.vtr));
    reg::DCR.write(Dcr::from_bits(s.dcr));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interlaced_bottom_field_starts_one_line_below_the_top() {
        let (top, bottom) = field_bases(VideoMode::Ntsc480i, 0x0160_0000);
        assert_eq!(top.bits(), 0x100B_0000);
        assert_eq!(bottom.bits(), 0x000B_0028);
        assert_eq!(top.halves(), [0x100B, 0x0000]);
    }

    #[test]
    fn progressive_fields_share_the_same_base() {
        let (top, bottom) = field_bases(VideoMode::Progressive480p, 0x0160_0000);
        assert_eq!(top.base(), bottom.base());
        assert!(top.is_page_offset() && !bottom.is_page_offset());
    }

    #[test]
    fn vi_dtv_sits_in_the_vi_table_between_viclk_and_fbwidth() {
        // libogc video.c `VIDEO_HaveComponentCable` reads `_viReg[55]` (0xCC00206E).
        assert_eq!(reg::DTV.addr(), 0xCC00_206E);
        assert!(reg::VICLK.addr() < reg::DTV.addr() && reg::DTV.addr() < reg::FBWIDTH.addr());
    }
}
