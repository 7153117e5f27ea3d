//! Video modes for a 640x480 picture and their VI register values, plus the rule that picks
//! the console's mode from what the loader left in the VI. Pure data and logic (host-tested);
//! the registers are written by `vi.rs`. Values: computed from libogc video.c's timing table
//! for the TVNtsc480IntDf, TVNtsc480Prog and PAL 576i letterbox modes (`__setHorizontalRegs`,
//! `__setVerticalRegs`); the register facts are in docs/hardware.md "VI".

use super::vi_regs::{
    BurstBlanking, Clock, Dcr, DisplayInterrupt, FieldBlanking, Format, Htr0, Htr1, PictureConfig,
    Vtr,
};
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

/// VI register values of one mode, each built from its named fields (`vi_regs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// VTR: equalisation pulse and active lines per field.
    pub vtr: Vtr,
    /// DCR with ENB set: FMT, NIN, ENB.
    pub dcr: Dcr,
    pub htr0: Htr0,
    pub htr1: Htr1,
    pub vto: FieldBlanking,
    pub vte: FieldBlanking,
    pub bboi: BurstBlanking,
    pub bbei: BurstBlanking,
    /// Display interrupt 0 (mid-frame) and 1 (line 1), mask bit on.
    pub di0: DisplayInterrupt,
    pub di1: DisplayInterrupt,
    /// HSW: words per line and stride (units of 16 pixels).
    pub hsw: PictureConfig,
    /// VICLK: 27 MHz (interlaced) or 54 MHz (progressive).
    pub viclk: Clock,
}

impl Timing {
    /// The 20 halves `Vi::init` writes from this table, in register address order (VTR, DCR,
    /// HTR0 hi/lo, HTR1, VTO, VTE, BBOI, BBEI, DI0, DI1, then HSW and VICLK).
    pub const fn words(&self) -> [u16; 20] {
        let h = [
            self.htr0.halves(),
            self.htr1.halves(),
            self.vto.halves(),
            self.vte.halves(),
            self.bboi.halves(),
            self.bbei.halves(),
            self.di0.halves(),
            self.di1.halves(),
        ];
        [
            self.vtr.bits(),
            self.dcr.bits(),
            h[0][0],
            h[0][1],
            h[1][0],
            h[1][1],
            h[2][0],
            h[2][1],
            h[3][0],
            h[3][1],
            h[4][0],
            h[4][1],
            h[5][0],
            h[5][1],
            h[6][0],
            h[6][1],
            h[7][0],
            h[7][1],
            self.hsw.bits(),
            self.viclk.bits(),
        ]
    }
}

/// 525-line horizontal timings at 27 MHz samples (libogc video.c timing table, shared by
/// TVNtsc480IntDf and TVNtsc480Prog; Dolphin's VI preset holds the same HLW/HCE/HCS/HSY/HBE/HBS).
const HTR0_525: Htr0 = Htr0::new().hlw(429).hce(105).hcs(71);
const HTR1_525: Htr1 = Htr1::new().hsy(64).hbe(162).hbs(373);
/// Display interrupt 1 at line 1 (the vsync the frame loop waits for), mask on.
const DI_LINE1: DisplayInterrupt = DisplayInterrupt::new().hct(1).vct(1).enable(true);
/// 640-pixel lines: 40 words of 16 pixels.
const WPL_640: u16 = 40;

const NTSC_480I: Timing = Timing {
    vtr: Vtr::new().equ(6).acv(240),
    dcr: Dcr::new().enable(true).format(Format::Ntsc),
    htr0: HTR0_525,
    htr1: HTR1_525,
    vto: FieldBlanking::new().prb(24).psb(3),
    vte: FieldBlanking::new().prb(25).psb(2),
    bboi: BurstBlanking::new().bs1(12).be1(520).bs3(12).be3(520),
    bbei: BurstBlanking::new().bs1(13).be1(519).bs3(13).be3(519),
    di0: DisplayInterrupt::new().hct(430).vct(263).enable(true),
    di1: DI_LINE1,
    // Interlaced: each field skips every other line, so the stride is two lines.
    hsw: PictureConfig::new().wpl(WPL_640).stride(2 * WPL_640),
    viclk: Clock::new().mhz54(false),
};

const PROGRESSIVE_480P: Timing = Timing {
    vtr: Vtr::new().equ(12).acv(480),
    dcr: Dcr::new()
        .enable(true)
        .non_interlaced(true)
        .format(Format::Ntsc),
    htr0: HTR0_525,
    htr1: HTR1_525,
    vto: FieldBlanking::new().prb(48).psb(6),
    vte: FieldBlanking::new().prb(48).psb(6),
    bboi: BurstBlanking::new().bs1(24).be1(1038).bs3(24).be3(1038),
    bbei: BurstBlanking::new().bs1(24).be1(1038).bs3(24).be3(1038),
    di0: DisplayInterrupt::new().hct(1).vct(526).enable(true),
    di1: DI_LINE1,
    hsw: PictureConfig::new().wpl(WPL_640).stride(WPL_640),
    viclk: Clock::new().mhz54(true),
};

const PAL_576I: Timing = Timing {
    vtr: Vtr::new().equ(5).acv(240),
    dcr: Dcr::new().enable(true).format(Format::Pal),
    htr0: Htr0::new().hlw(432).hce(106).hcs(75),
    htr1: Htr1::new().hsy(64).hbe(172).hbs(380),
    vto: FieldBlanking::new().prb(81).psb(49),
    vte: FieldBlanking::new().prb(82).psb(48),
    bboi: BurstBlanking::new().bs1(13).be1(619).bs3(11).be3(617),
    bbei: BurstBlanking::new().bs1(12).be1(618).bs3(10).be3(620),
    di0: DisplayInterrupt::new().hct(433).vct(313).enable(true),
    di1: DI_LINE1,
    hsw: PictureConfig::new().wpl(WPL_640).stride(2 * WPL_640),
    viclk: Clock::new().mhz54(false),
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
        Vtr::from_bits(self.vtr).active_lines()
    }

    /// DCR.FMT: 0 NTSC, 1 PAL, 2 MPAL, 3 debug.
    pub const fn format(&self) -> u16 {
        Dcr::from_bits(self.dcr).fmt_bits()
    }

    /// DCR.ENB.
    pub const fn enabled(&self) -> bool {
        Dcr::from_bits(self.dcr).is_enabled()
    }
}

/// DCR.NIN: non-interlaced (progressive or double-strike).
pub const DCR_NIN: u16 = Dcr::new().non_interlaced(true).bits();
/// VICLK bit 0: the 54 MHz clock of progressive modes.
pub const VICLK_54MHZ: u16 = Clock::new().mhz54(true).bits();

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
        vtr: Vtr::new().equ(t.vtr.equ_half_lines()).bits(),
        dcr: t.dcr.bits(),
        viclk: t.viclk.bits(),
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
            vtr: t.vtr.bits(),
            dcr: t.dcr.bits(),
            viclk: t.viclk.bits(),
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
    fn every_modes_register_words_are_the_raw_values_the_vi_was_programmed_with() {
        // The raw tables as they stood before the named fields (commit 4caa8d1, video_mode.rs):
        // VTR, DCR, HTR0 hi/lo, HTR1, VTO, VTE, BBOI, BBEI, DI0, DI1, HSW, VICLK.
        let ntsc: [u16; 20] = [
            0x0F06, 0x0001, 0x4769, 0x01AD, 0x02EA, 0x5140, 0x0003, 0x0018, 0x0002, 0x0019, 0x410C,
            0x410C, 0x40ED, 0x40ED, 0x1107, 0x01AE, 0x1001, 0x0001, 0x2850, 0,
        ];
        let progressive: [u16; 20] = [
            0x1E0C, 0x0005, 0x4769, 0x01AD, 0x02EA, 0x5140, 0x0006, 0x0030, 0x0006, 0x0030, 0x81D8,
            0x81D8, 0x81D8, 0x81D8, 0x120E, 0x0001, 0x1001, 0x0001, 0x2828, 1,
        ];
        let pal: [u16; 20] = [
            0x0F05, 0x0101, 0x4B6A, 0x01B0, 0x02F8, 0x5640, 0x0031, 0x0051, 0x0030, 0x0052, 0x4D2B,
            0x4D6D, 0x4D8A, 0x4D4C, 0x1139, 0x01B1, 0x1001, 0x0001, 0x2850, 0,
        ];
        assert_eq!(VideoMode::Ntsc480i.timing().words(), ntsc);
        assert_eq!(VideoMode::Pal60.timing().words(), ntsc);
        assert_eq!(VideoMode::Progressive480p.timing().words(), progressive);
        assert_eq!(VideoMode::Pal576i.timing().words(), pal);
    }

    #[test]
    fn the_named_fields_read_back_the_documented_timings() {
        let t = VideoMode::Pal576i.timing();
        assert_eq!(t.dcr.fmt_bits(), Format::Pal as u16);
        assert_eq!(t.htr0.half_line_width(), 432);
        assert_eq!(t.vto.pre_blanking() + t.vto.post_blanking(), 130);
        let p = VideoMode::Progressive480p.timing();
        assert!(p.dcr.is_non_interlaced() && p.viclk.is_54mhz());
        assert_eq!(p.hsw.words_per_line(), p.hsw.stride_units());
        assert_eq!(
            NTSC_480I.hsw.stride_units(),
            2 * NTSC_480I.hsw.words_per_line()
        );
    }

    #[test]
    fn mode_names_are_the_log_values() {
        assert_eq!(VideoMode::Ntsc480i.name(), "ntsc480i");
        assert_eq!(std::format!("{}", VideoMode::Progressive480p), "480p");
    }
}
