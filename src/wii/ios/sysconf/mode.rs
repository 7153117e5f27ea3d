//! Which video mode the console's settings ask for, after libogc's `VIDEO_GetPreferredMode`
//! (libogc video.c; docs/hardware.md "VI"): 480p when progressive scan is on *and* a component cable is in,
//! PAL60 on a PAL console set to EURGB60, else the region's interlaced mode. Pure logic; the
//! only hardware read is the cable bit (`VI_DTV`, read by `vi.rs`, PowerPC only). Switching the VI is `vi.rs`'s job.

use super::settings::Settings;
use crate::wii::video::video_mode::{self, ViSnapshot, VideoMode};

/// The console's TV family, as the loader's VI state and the boot hint say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region {
    Ntsc,
    Pal,
}

impl Region {
    /// PAL when the loader left the VI in PAL 50 Hz (DCR.FMT 1) or the boot TV-format word at
    /// 0x800000CC says PAL (a PAL console in EURGB60, which libogc writes as FMT 0); NTSC
    /// otherwise (MPAL's 525-line 60 Hz included). Reads only what survives the Homebrew
    /// Channel's `VIDEO_SetBlack`, never VTR.ACV.
    pub const fn of(loader: &ViSnapshot) -> Region {
        if loader.format() == 1 || loader.tv_format == 1 {
            Region::Pal
        } else {
            Region::Ntsc
        }
    }
}

/// The mode to drive: the console's SYSCONF settings where they could be read (libogc
/// `VIDEO_GetPreferredMode`: IPL.PGS with a component cable, IPL.E60), for the region the
/// loader's VI state shows; without settings, what the loader left (`video_mode::detect`).
pub const fn choose_mode(
    loader: &ViSnapshot,
    settings: Option<&Settings>,
    component_cable: bool,
) -> VideoMode {
    match settings {
        Some(s) => preferred_mode(s, Region::of(loader), component_cable),
        None => video_mode::detect(loader),
    }
}

/// The mode the settings pick for `region`. A PAL console with progressive scan but without
/// EURGB60 would get 576p from libogc; the game has no 576p timings, so it gets 576i.
pub const fn preferred_mode(
    settings: &Settings,
    region: Region,
    component_cable: bool,
) -> VideoMode {
    let progressive = settings.progressive && component_cable;
    match region {
        Region::Ntsc if progressive => VideoMode::Progressive480p,
        Region::Ntsc => VideoMode::Ntsc480i,
        Region::Pal if settings.pal60 && progressive => VideoMode::Progressive480p,
        Region::Pal if settings.pal60 => VideoMode::Pal60,
        Region::Pal => VideoMode::Pal576i,
    }
}

/// True when a component (YPbPr) cable is plugged in: the VI's `VI_DTV` bit 0, read by
/// `wii::video::vi::component_cable` (the VI register table's owner).
#[cfg(target_arch = "powerpc")]
pub fn component_cable() -> bool {
    crate::wii::video::vi::component_cable()
}

/// The mode to drive at boot: [`choose_mode`] with the cable bit read now. `loader` is the VI
/// state taken before the game first programmed the VI (`Wii::loader_vi`).
#[cfg(target_arch = "powerpc")]
pub fn boot_mode(settings: Option<&Settings>, loader: &ViSnapshot) -> VideoMode {
    choose_mode(loader, settings, component_cable())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(progressive: bool, pal60: bool) -> Settings {
        Settings {
            progressive,
            pal60,
            ..Settings::DEFAULT
        }
    }

    #[test]
    fn progressive_needs_both_the_setting_and_a_component_cable() {
        let on = with(true, false);
        assert_eq!(
            preferred_mode(&on, Region::Ntsc, true),
            VideoMode::Progressive480p
        );
        assert_eq!(
            preferred_mode(&on, Region::Ntsc, false),
            VideoMode::Ntsc480i
        );
        assert_eq!(
            preferred_mode(&with(false, false), Region::Ntsc, true),
            VideoMode::Ntsc480i
        );
    }

    #[test]
    fn a_pal_console_runs_at_60_hz_only_when_set_to_eurgb60() {
        assert_eq!(
            preferred_mode(&with(false, true), Region::Pal, false),
            VideoMode::Pal60
        );
        assert_eq!(
            preferred_mode(&with(false, false), Region::Pal, false),
            VideoMode::Pal576i
        );
        assert_eq!(
            preferred_mode(&with(true, true), Region::Pal, true),
            VideoMode::Progressive480p
        );
        assert_eq!(
            preferred_mode(&with(true, false), Region::Pal, true),
            VideoMode::Pal576i,
            "no 576p timings: interlaced 576i"
        );
    }

    #[test]
    fn the_region_comes_from_the_loader_format_or_the_boot_hint() {
        use crate::wii::video::video_mode::hbc_blanked;
        assert_eq!(Region::of(&hbc_blanked(VideoMode::Pal576i)), Region::Pal);
        assert_eq!(Region::of(&hbc_blanked(VideoMode::Pal60)), Region::Pal);
        assert_eq!(Region::of(&hbc_blanked(VideoMode::Ntsc480i)), Region::Ntsc);
        assert_eq!(
            Region::of(&hbc_blanked(VideoMode::Progressive480p)),
            Region::Ntsc
        );
        let pal_480p = ViSnapshot {
            tv_format: 1,
            ..hbc_blanked(VideoMode::Progressive480p)
        };
        assert_eq!(Region::of(&pal_480p), Region::Pal);
    }

    #[test]
    fn readable_settings_decide_the_mode_else_the_loaders_vi_state_does() {
        use crate::wii::video::video_mode::hbc_blanked;
        let ntsc_480i = hbc_blanked(VideoMode::Ntsc480i);
        // The player turned on 480p in the System Menu and a component cable is in.
        assert_eq!(
            choose_mode(&ntsc_480i, Some(&with(true, false)), true),
            VideoMode::Progressive480p
        );
        // A PAL console left at 576i by HBC, set to EURGB60 in SYSCONF.
        let pal_576i = hbc_blanked(VideoMode::Pal576i);
        assert_eq!(
            choose_mode(&pal_576i, Some(&with(false, true)), false),
            VideoMode::Pal60
        );
        assert_eq!(
            choose_mode(&pal_576i, Some(&with(false, false)), false),
            VideoMode::Pal576i
        );
        // No SYSCONF: the loader's mode, 480p included.
        for mode in [
            VideoMode::Ntsc480i,
            VideoMode::Pal60,
            VideoMode::Pal576i,
            VideoMode::Progressive480p,
        ] {
            assert_eq!(choose_mode(&hbc_blanked(mode), None, false), mode);
        }
    }
}
