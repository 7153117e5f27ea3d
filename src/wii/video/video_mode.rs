//! Video modes for a 640x480 picture and their VI register values, plus the rule that picks
//! the console's mode from what the loader left in the VI. Pure data and logic (host-tested);
//! the registers are written by `vi.rs`. Values: computed from libogc video.c's timing table
//! for the TVNtsc480IntDf, TVNtsc480Prog and PAL 576i letterbox modes (`__setHorizontalRegs`,
//! `__setVerticalRegs`); the register facts are in docs/hardware.md "VI".

use core::fmt;

/// The video modes the game can drive at 640x480.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VideoMode {
    /// NTSC 480i, 59.94 Hz.
    Ntsc480i,
    /// PAL console in EURGB60 (PAL60): NTSC timings, FMT 0; colour encoding is the AVE's job.
    Pal60,
    /// PAL 576i, 50 Hz, the 480-line picture letterboxed (48 black lines top and bottom).
    Pal576i,
    /// 480p progressive (component cable), 59.94 Hz.
    Progressive480p,
}

impl VideoMode {
    /// The short name used in logs (`video=ntsc480i`).
    pub const fn name(self) -> &'static str {
        match self {
            VideoMode::Ntsc480i => "ntsc480i",
            VideoMode::Pal60 => "pal60",
            VideoMode::Pal576i => "pal576i",
            VideoMode::Progressive480p => "480p",
        }
    }

    /// True for interlaced modes (two fields per frame, bottom field one line below the top).
    pub const fn interlaced(self) -> bool {
        !matches!(self, VideoMode::Progressive480p)
    }

    /// The VI register values for this mode.
    pub const fn timing(self) -> &'static Timing {
        match self {
            VideoMode::Ntsc480i | VideoMode::Pal60 => &NTSC_480I,
            VideoMode::Pal576i => &PAL_576I,
            VideoMode::Progressive480p => &PROGRESSIVE_480P,
        }
    }
}

impl fmt::Display for VideoMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// VI register values of one mode (16-bit halves; `_hi` is the lower address).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// VTR: equalisation pulse | active lines per field << 4.
    pub vtr: u16,
    /// DCR with ENB set: FMT << 8 | NIN << 2 | ENB.
    pub dcr: u16,
    pub htr0: [u16; 2],
    pub htr1: [u16; 2],
    pub vto: [u16; 2],
    pub vte: [u16; 2],
    pub bboi: [u16; 2],
    pub bbei: [u16; 2],
    /// Display interrupt 0 (mid-frame) and 1 (line 1), mask bit on.
    pub di0: [u16; 2],
    pub di1: [u16; 2],
    /// HSW: words per line << 8 | stride (units of 16 pixels).
    pub hsw: u16,
    /// VICLK: 0 = 27 MHz (interlaced), 1 = 54 MHz (progressive).
    pub viclk: u16,
}

const NTSC_480I: Timing = Timing {
    vtr: 0x0F06,
    dcr: 0x0001,
    htr0: [0x4769, 0x01AD],
    htr1: [0x02EA, 0x5140],
    vto: [0x0003, 0x0018],
    vte: [0x0002, 0x0019],
    bboi: [0x410C, 0x410C],
    bbei: [0x40ED, 0x40ED],
    di0: [0x1107, 0x01AE],
    di1: [0x1001, 0x0001],
    hsw: 0x2850,
    viclk: 0,
};

const PROGRESSIVE_480P: Timing = Timing {
    vtr: 0x1E0C,
    dcr: 0x0005,
    htr0: [0x4769, 0x01AD],
    htr1: [0x02EA, 0x5140],
    vto: [0x0006, 0x0030],
    vte: [0x0006, 0x0030],
    bboi: [0x81D8, 0x81D8],
    bbei: [0x81D8, 0x81D8],
    di0: [0x120E, 0x0001],
    di1: [0x1001, 0x0001],
    hsw: 0x2828,
    viclk: 1,
};

const PAL_576I: Timing = Timing {
    vtr: 0x0F05,
    dcr: 0x0101,
    htr0: [0x4B6A, 0x01B0],
    htr1: [0x02F8, 0x5640],
    vto: [0x0031, 0x0051],
    vte: [0x0030, 0x0052],
    bboi: [0x4D2B, 0x4D6D],
    bbei: [0x4D8A, 0x4D4C],
    di0: [0x1139, 0x01B1],
    di1: [0x1001, 0x0001],
    hsw: 0x2850,
    viclk: 0,
};

/// Filter coefficient tables FCT0..FCT6 (same for every mode), 14 halves from 0xCC00204C.
pub const FILTER_COEFFICIENTS: [u16; 14] = [
    0x1AE7, 0x71F0, 0x0DB4, 0xA574, 0x00C1, 0x188E, 0xC4C0, 0xCBE2, 0xFCEC, 0xDECF, 0x1313, 0x0F08,
    0x0108, 0x0C0F,
];

/// What the loader left in the VI, plus the boot TV-format hint at 0x800000CC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ViSnapshot {
    /// VTR (0xCC002000).
    pub vtr: u16,
    /// DCR (0xCC002002).
    pub dcr: u16,
    /// VICLK (0xCC00206C).
    pub viclk: u16,
    /// 0x800000CC: 0 NTSC, 1 PAL, 2 MPAL (Dolphin writes it from its region; a hint only).
    pub tv_format: u32,
}

impl ViSnapshot {
    /// Active lines per field (VTR.ACV).
    pub const fn active_lines(&self) -> u16 {
        (self.vtr >> 4) & 0x3FF
    }

    /// DCR.FMT: 0 NTSC, 1 PAL, 2 MPAL, 3 debug.
    pub const fn format(&self) -> u16 {
        (self.dcr >> 8) & 3
    }

    /// DCR.ENB.
    pub const fn enabled(&self) -> bool {
        self.dcr & 1 != 0
    }
}

/// DCR.NIN: non-interlaced (progressive or double-strike).
pub const DCR_NIN: u16 = 1 << 2;
/// VICLK bit 0: the 54 MHz clock of progressive modes.
pub const VICLK_54MHZ: u16 = 1;

/// Picks the mode to drive from the loader's VI state, reading only registers that survive the
/// Homebrew Channel's `VIDEO_SetBlack` before it jumps (libogc video.c `__setVerticalRegs`
/// with black set commits VTR.ACV = 0, so ACV says nothing; DCR and VICLK keep the mode):
/// - progressive (480p) when VICLK is 54 MHz *and* DCR.NIN is set (libogc video.c writes
///   VICLK = 1 and NIN for progressive modes). Dolphin's VI preset has VICLK = 1 with NIN = 0,
///   so a direct boot stays interlaced;
/// - 576i when DCR.FMT is 1 (PAL 50 Hz): libogc writes EURGB60 as FMT 0
///   (`if(vi_mode>=VI_DEBUG_PAL) vi_mode = VI_NTSC`), so FMT 1 only means 50 Hz;
/// - else 480i timings: PAL60 when the boot TV-format word says PAL (a PAL console in
///   EURGB60), NTSC otherwise (FMT 0 or MPAL's FMT 2, both 525 lines at 60 Hz).
///
/// The console's SYSCONF settings, where readable, decide over this (`sysconf::choose_mode`).
pub const fn detect(s: &ViSnapshot) -> VideoMode {
    if s.viclk & VICLK_54MHZ != 0 && s.dcr & DCR_NIN != 0 {
        VideoMode::Progressive480p
    } else if s.format() == 1 {
        VideoMode::Pal576i
    } else if s.tv_format == 1 {
        VideoMode::Pal60
    } else {
        VideoMode::Ntsc480i
    }
}

/// The VI state the Homebrew Channel leaves for each mode, after `VIDEO_SetBlack(TRUE)`:
/// VTR holds only the equalisation width (ACV = 0), DCR and VICLK are the running mode's, and
/// the TV-format word is the console's (libogc video.c `__setVerticalRegs`, `__VIInit`).
pub const fn hbc_blanked(mode: VideoMode) -> ViSnapshot {
    let t = mode.timing();
    ViSnapshot {
        vtr: t.vtr & 0x000F,
        dcr: t.dcr,
        viclk: t.viclk,
        tv_format: match mode {
            VideoMode::Pal60 | VideoMode::Pal576i => 1,
            _ => 0,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn running(mode: VideoMode, tv_format: u32) -> ViSnapshot {
        let t = mode.timing();
        ViSnapshot {
            vtr: t.vtr,
            dcr: t.dcr,
            viclk: t.viclk,
            tv_format,
        }
    }

    #[test]
    fn each_mode_left_running_is_detected_as_itself() {
        for (mode, tv) in [
            (VideoMode::Ntsc480i, 0),
            (VideoMode::Pal60, 1),
            (VideoMode::Pal576i, 1),
            (VideoMode::Progressive480p, 0),
        ] {
            assert_eq!(detect(&running(mode, tv)), mode, "{mode}");
        }
    }

    #[test]
    fn the_homebrew_channels_blanked_vi_still_tells_480i_480p_576i_and_pal60_apart() {
        // HBC gfx_deinit -> VIDEO_SetBlack(TRUE): ACV = 0 (libogc video.c __setVerticalRegs).
        let blanked_480p = ViSnapshot {
            vtr: 0x000C,
            dcr: 0x0005,
            viclk: 1,
            tv_format: 0,
        };
        assert_eq!(blanked_480p.active_lines(), 0);
        assert_eq!(detect(&blanked_480p), VideoMode::Progressive480p);
        let blanked_576i = ViSnapshot {
            vtr: 0x0005,
            dcr: 0x0101,
            viclk: 0,
            tv_format: 1,
        };
        assert_eq!(detect(&blanked_576i), VideoMode::Pal576i);
        let blanked_480i = ViSnapshot {
            vtr: 0x0006,
            dcr: 0x0001,
            viclk: 0,
            tv_format: 0,
        };
        assert_eq!(detect(&blanked_480i), VideoMode::Ntsc480i);
        // EURGB60 is written as FMT 0 (libogc video.c): only the console's TV format says PAL.
        let blanked_pal60 = ViSnapshot {
            tv_format: 1,
            ..blanked_480i
        };
        assert_eq!(detect(&blanked_pal60), VideoMode::Pal60);
        for mode in [
            VideoMode::Ntsc480i,
            VideoMode::Pal60,
            VideoMode::Pal576i,
            VideoMode::Progressive480p,
        ] {
            assert_eq!(hbc_blanked(mode).active_lines(), 0);
            assert_eq!(detect(&hbc_blanked(mode)), mode, "{mode}");
        }
    }

    #[test]
    fn dolphins_vi_preset_with_viclk_set_but_nin_clear_stays_interlaced() {
        // Dolphin VideoInterface.cpp Preset: ENB=1, ACV=0, VICLK=1 even without progressive.
        let ntsc = ViSnapshot {
            vtr: 0,
            dcr: 0x0001,
            viclk: 1,
            tv_format: 0,
        };
        assert_eq!(detect(&ntsc), VideoMode::Ntsc480i);
        let pal = ViSnapshot {
            vtr: 0,
            dcr: 0x0101,
            viclk: 0,
            tv_format: 1,
        };
        assert_eq!(detect(&pal), VideoMode::Pal576i);
    }

    #[test]
    fn mode_tables_hold_the_documented_active_lines() {
        assert_eq!(running(VideoMode::Ntsc480i, 0).active_lines(), 240);
        assert_eq!(running(VideoMode::Progressive480p, 0).active_lines(), 480);
        assert_eq!(running(VideoMode::Pal576i, 0).active_lines(), 240);
        assert!(!VideoMode::Progressive480p.interlaced());
        assert!(VideoMode::Pal60.interlaced());
    }

    #[test]
    fn mode_names_are_the_log_values() {
        assert_eq!(VideoMode::Ntsc480i.name(), "ntsc480i");
        assert_eq!(std::format!("{}", VideoMode::Progressive480p), "480p");
    }
}
