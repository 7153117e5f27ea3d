//! The Video Interface (VI, 0xCC002000): the only writer of VI registers. Sets a 640x480 mode,
//! points the VI at an XFB, and paces frames by polling the display-interrupt status flags
//! (interrupts stay off). Register map: libogc video.c / Dolphin VideoInterface.h (docs/hardware.md
//! "VI"); sequence: libogc `__VIInit`.

use super::video_mode::{Timing, ViSnapshot, VideoMode, FILTER_COEFFICIENTS};
use crate::wii::runtime::clock;
use crate::wii::runtime::mmio::Reg16;
use core::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use core::time::Duration;

/// VI registers, in address order (16-bit halves; 32-bit registers are two halves).
mod reg {
    use super::Reg16;
    // SAFETY (all): VI registers at 0xCC002000 (libogc video.c `_viReg`, docs/hardware.md "VI").
    const fn r(off: usize) -> Reg16 {
        // SAFETY: `off` is one of the VI register offsets below, inside the VI block.
        unsafe { Reg16::new(0xCC00_2000 + off) }
    }
    /// VI_VTR: vertical timing (EQU, ACV).
    pub const VTR: Reg16 = r(0x00);
    /// VI_DCR: display configuration (ENB, RST, NIN, FMT).
    pub const DCR: Reg16 = r(0x02);
    /// VI_HTR0 / VI_HTR1: horizontal timing.
    pub const HTR0: [Reg16; 2] = [r(0x04), r(0x06)];
    pub const HTR1: [Reg16; 2] = [r(0x08), r(0x0A)];
    /// VI_VTO / VI_VTE: odd/even field vertical blanking.
    pub const VTO: [Reg16; 2] = [r(0x0C), r(0x0E)];
    pub const VTE: [Reg16; 2] = [r(0x10), r(0x12)];
    /// VI_BBOI / VI_BBEI: burst blanking.
    pub const BBOI: [Reg16; 2] = [r(0x14), r(0x16)];
    pub const BBEI: [Reg16; 2] = [r(0x18), r(0x1A)];
    /// VI_TFBL: top field base (POFF bit 28 => address >> 5).
    pub const TFBL: [Reg16; 2] = [r(0x1C), r(0x1E)];
    /// VI_BFBL: bottom field base.
    pub const BFBL: [Reg16; 2] = [r(0x24), r(0x26)];
    /// VI_DPV: current vertical beam position (1-based line).
    pub const DPV: Reg16 = r(0x2C);
    /// VI_DI0 / VI_DI1: display interrupts (hi half: status bit 15, mask bit 12, VCT).
    pub const DI0: [Reg16; 2] = [r(0x30), r(0x32)];
    pub const DI1: [Reg16; 2] = [r(0x34), r(0x36)];
    /// VI_HSW: picture configuration (words per line, stride).
    pub const HSW: Reg16 = r(0x48);
    /// VI_HSR: horizontal scaling (0x0100 = off).
    pub const HSR: Reg16 = r(0x4A);
    /// VI_FCT0: first of the filter coefficient halves.
    pub const FCT0: usize = 0x4C;
    pub const fn fct(i: usize) -> Reg16 {
        r(FCT0 + 2 * i)
    }
    /// VI_VICLK: 27/54 MHz clock select.
    pub const VICLK: Reg16 = r(0x6C);
    /// VI_DTV: bit 0 set while a component (YPbPr) cable is plugged in (libogc video.c
    /// `VIDEO_HaveComponentCable`; Dolphin reports its progressive-scan setting here). Read only.
    pub const DTV: Reg16 = r(0x6E);
    /// VI_FBWIDTH: framebuffer width in pixels.
    pub const FBWIDTH: Reg16 = r(0x70);
}

/// Display-interrupt status bit in the high half of DI0..DI3.
const DI_STATUS: u16 = 0x8000;
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
    reg::DTV.read() & 1 != 0
}

/// Reads what the loader left in the VI (for `video_mode::detect`).
pub fn snapshot() -> ViSnapshot {
    // SAFETY: 0x800000CC is a RAM word of the low-memory globals, always mapped (BAT0).
    let tv = unsafe { crate::wii::runtime::mmio::Reg32::new(TV_FORMAT_ADDR) };
    ViSnapshot {
        vtr: reg::VTR.read(),
        dcr: reg::DCR.read(),
        viclk: reg::VICLK.read(),
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
    reg::DCR.write(0);
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
        reg::DCR.write(0x0002); // RST
        clock::delay(Duration::from_micros(20));
        reg::DCR.write(0x0000);
        write_pair(reg::HTR0, t.htr0);
        write_pair(reg::HTR1, t.htr1);
        reg::VTR.write(t.vtr);
        write_pair(reg::VTO, t.vto);
        write_pair(reg::VTE, t.vte);
        write_pair(reg::BBOI, t.bboi);
        write_pair(reg::BBEI, t.bbei);
        write_pair(reg::DI0, t.di0);
        write_pair(reg::DI1, t.di1);
        reg::HSW.write(t.hsw);
        reg::HSR.write(0x0100);
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
        write_pair(reg::TFBL, [(top >> 16) as u16, top as u16]);
        write_pair(reg::BFBL, [(bottom >> 16) as u16, bottom as u16]);
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

/// TFBL/BFBL register values for an XFB at `phys` (POFF=1 form: address >> 5).
pub const fn field_bases(mode: VideoMode, phys: u32) -> (u32, u32) {
    const POFF: u32 = 1 << 28;
    let bottom = if mode.interlaced() {
        phys + LINE_BYTES
    } else {
        phys
    };
    (POFF | (phys >> 5), bottom >> 5)
}

fn clear_status() {
    for di in [reg::DI0[0], reg::DI1[0]] {
        let v = di.read();
        if v & DI_STATUS != 0 {
            di.write(v & !DI_STATUS);
        }
    }
}

fn write_pair(r: [Reg16; 2], v: [u16; 2]) {
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
    let s = super::video_mode::hbc_blanked(VideoMode::Progressive480p);
    reg::VICLK.write(s.viclk);
    reg::VTR.write(s.vtr);
    reg::DCR.write(s.dcr);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interlaced_bottom_field_starts_one_line_below_the_top() {
        let (top, bottom) = field_bases(VideoMode::Ntsc480i, 0x0160_0000);
        assert_eq!(top, 0x100B_0000);
        assert_eq!(bottom, 0x000B_0028);
    }

    #[test]
    fn progressive_fields_share_the_same_base() {
        let (top, bottom) = field_bases(VideoMode::Progressive480p, 0x0160_0000);
        assert_eq!(top & 0x00FF_FFFF, bottom);
    }

    #[test]
    fn vi_dtv_sits_in_the_vi_table_between_viclk_and_fbwidth() {
        // libogc video.c `VIDEO_HaveComponentCable` reads `_viReg[55]` (0xCC00206E).
        assert_eq!(reg::DTV.addr(), 0xCC00_206E);
        assert!(reg::VICLK.addr() < reg::DTV.addr() && reg::DTV.addr() < reg::FBWIDTH.addr());
    }
}
