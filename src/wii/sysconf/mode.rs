//! Which video mode the console's settings ask for, after libogc's `VIDEO_GetPreferredMode`
//! (wii-platform.md §3.3): 480p when progressive scan is on *and* a component cable is in,
//! PAL60 on a PAL console set to EURGB60, else the region's interlaced mode. Pure logic; the
//! only hardware read is the cable bit (`VI_DTV`, PowerPC only). Switching the VI is `vi.rs`'s job.

use super::settings::Settings;
use crate::wii::video_mode::VideoMode;

/// The console's TV family, as the loader's VI state and the boot hint say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region {
    Ntsc,
    Pal,
}

impl Region {
    /// PAL when the loader left a PAL mode (576i or PAL60) or the boot TV-format word at
    /// 0x800000CC says PAL (`pal_hint`); NTSC otherwise.
    pub const fn of(detected: VideoMode, pal_hint: bool) -> Region {
        match detected {
            VideoMode::Pal60 | VideoMode::Pal576i => Region::Pal,
            VideoMode::Ntsc480i | VideoMode::Progressive480p if pal_hint => Region::Pal,
            _ => Region::Ntsc,
        }
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

/// True when a component (YPbPr) cable is plugged in: `VI_DTV` (0xCC00206E) bit 0, libogc
/// `VIDEO_HaveComponentCable`. Dolphin reports its progressive-scan setting here.
#[cfg(target_arch = "powerpc")]
pub fn component_cable() -> bool {
    // SAFETY: VI_DTV is the 16-bit VI register at 0xCC00206E (wii-platform.md §3.1 lists
    // 0x6E bit 0 as the component-cable status); it is only read here.
    let dtv = unsafe { crate::wii::mmio::Reg16::new(0xCC00_206E) };
    dtv.read() & 1 != 0
}

/// The mode to drive at boot: [`preferred_mode`] for the region seen in the VI and the boot
/// hint, and the cable bit.
#[cfg(target_arch = "powerpc")]
pub fn boot_mode(settings: &Settings, detected: VideoMode) -> VideoMode {
    let pal_hint = crate::wii::vi::snapshot().tv_format == 1;
    preferred_mode(settings, Region::of(detected, pal_hint), component_cable())
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
    fn the_region_comes_from_the_loader_mode_or_the_boot_hint() {
        assert_eq!(Region::of(VideoMode::Pal576i, false), Region::Pal);
        assert_eq!(Region::of(VideoMode::Pal60, false), Region::Pal);
        assert_eq!(Region::of(VideoMode::Ntsc480i, false), Region::Ntsc);
        assert_eq!(Region::of(VideoMode::Progressive480p, true), Region::Pal);
        assert_eq!(Region::of(VideoMode::Progressive480p, false), Region::Ntsc);
    }
}
