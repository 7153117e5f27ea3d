//! Which Dolphin a run uses, chosen by `$SENAS_DOLPHIN` (docs/testing.md, "Two Dolphins"):
//!
//! - `5.0` (the default): Debian bookworm's `dolphin-emu` 5.0-17995 at
//!   `/usr/games/dolphin-emu-nogui` (or `$DOLPHIN_EMU_NOGUI`). No data-cache emulation: a
//!   missing cache flush or invalidate before DMA cannot fail a test there.
//! - `2503`: Debian trixie's `dolphin-emu` 2503 in the chroot `make setup` builds
//!   (`$SENAS_DOLPHIN2503_ROOT`, default `/var/cache/senas-dolphin2503`; chroot.rs starts it),
//!   run with `[Core] AccurateCPUCache = True` ("Enable Write-Back Cache": the emulated CPU's
//!   data cache is real, so DMA sees memory the game did not flush) and `[Core] MMU = True`.
//!
//! Owns the choice and each version's config differences; `dolphin.rs` applies them.

use crate::config::Config;
use crate::Error;
use std::path::PathBuf;

/// The environment variable that picks the Dolphin.
pub const SELECT_VAR: &str = "SENAS_DOLPHIN";
/// The environment variable that moves the 2503 chroot.
pub const ROOT_VAR: &str = "SENAS_DOLPHIN2503_ROOT";
/// Where `make setup` builds the 2503 chroot by default.
pub const DEFAULT_ROOT: &str = "/var/cache/senas-dolphin2503";
/// The environment variable that scales the emulated CPU clock (`0.5`: a Dolphin that runs
/// the CPU about twice a real Wii's speed comes closer to a console; docs/testing.md).
pub const CPU_CLOCK_VAR: &str = "SENAS_DOLPHIN_CPU_CLOCK";
/// The binary inside the chroot.
pub const CHROOT_BINARY: &str = "/usr/games/dolphin-emu-nogui";

/// One of the two Dolphins the harness knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DolphinVersion {
    /// Debian bookworm's 5.0-17995, installed on the host.
    V5_0,
    /// Debian trixie's 2503, in a chroot.
    V2503,
}

impl DolphinVersion {
    /// The version `$SENAS_DOLPHIN` names (unset or empty: 5.0).
    pub fn from_env() -> Result<DolphinVersion, Error> {
        Self::parse(std::env::var(SELECT_VAR).ok().as_deref())
    }

    /// `None` or `""` is 5.0; `5.0`/`5`/`bookworm` and `2503`/`trixie` name the two.
    pub fn parse(value: Option<&str>) -> Result<DolphinVersion, Error> {
        match value.map(str::trim) {
            None | Some("") | Some("5.0") | Some("5") | Some("bookworm") => Ok(Self::V5_0),
            Some("2503") | Some("trixie") => Ok(Self::V2503),
            Some(other) => Err(Error::Io(format!(
                "{SELECT_VAR}={other:?} is not a Dolphin the harness knows: use 5.0 (Debian \
                 bookworm's, the default) or 2503 (Debian trixie's, in the chroot `make setup` \
                 builds)"
            ))),
        }
    }

    /// Short name for messages and run notes.
    pub fn label(self) -> &'static str {
        match self {
            Self::V5_0 => "5.0",
            Self::V2503 => "2503",
        }
    }

    /// The size of a frame dump of the game's 4:3 640x480 picture (GFX.ini's defaults, native
    /// internal resolution), as measured with the same config and game: 776x480 from
    /// 5.0-17995, 780x480 from 2503. `Frame::to_game_size` takes either back to 640x480.
    pub fn frame_dump_size(self) -> (u32, u32) {
        match self {
            Self::V5_0 => (776, 480),
            Self::V2503 => (780, 480),
        }
    }

    /// The 2503 chroot's root folder.
    pub fn chroot_root() -> PathBuf {
        match std::env::var_os(ROOT_VAR) {
            Some(p) if !p.is_empty() => PathBuf::from(p),
            _ => PathBuf::from(DEFAULT_ROOT),
        }
    }

    /// Sets what differs from the 5.0 defaults of `Config::defaults()`.
    ///
    /// 2503: the write-back cache and the MMU on; and the console pinned to what 5.0 boots
    /// (docs/testing.md, "Two Dolphins"): 2503 direct-boots homebrew with its own defaults
    /// (a newer SYSCONF and `[Core] FallbackRegion`), so the region, the 60 Hz setting and
    /// progressive scan are written out for both versions alike.
    /// A value a test set itself (`Dolphin::ini`) is kept.
    pub fn apply(self, config: &mut Config) {
        let values: &[(&str, &str, &str)] = match self {
            Self::V5_0 => &[],
            Self::V2503 => &SETTINGS_2503,
        };
        for (file, section, key, value) in
            values.iter().map(|(s, k, v)| ("Dolphin.ini", *s, *k, *v))
        {
            if config.get(file, section, key).is_none() {
                config.set(file, section, key, value);
            }
        }
    }
}

/// `[Core] OverclockEnable` / `Overclock` for a `$SENAS_DOLPHIN_CPU_CLOCK` value (a factor
/// of the emulated CPU's clock, 0.1 to 4); nothing for an unset or empty value.
pub fn cpu_clock_settings(value: Option<&str>) -> Result<Vec<(&'static str, String)>, Error> {
    let Some(v) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(Vec::new());
    };
    match v.parse::<f64>() {
        Ok(f) if (0.1..=4.0).contains(&f) => Ok(vec![
            ("OverclockEnable", "True".to_string()),
            ("Overclock", v.to_string()),
        ]),
        _ => Err(Error::Io(format!(
            "{CPU_CLOCK_VAR}={v:?}: give the emulated CPU clock as a factor from 0.1 to 4 (0.5 = half)"
        ))),
    }
}

/// Applies `$SENAS_DOLPHIN_CPU_CLOCK` (both versions), keeping what a test set itself.
pub fn apply_cpu_clock(config: &mut Config) -> Result<(), Error> {
    let value = std::env::var(CPU_CLOCK_VAR).ok();
    for (k, v) in cpu_clock_settings(value.as_deref())? {
        if config.get("Dolphin.ini", "Core", k).is_none() {
            config.set("Dolphin.ini", "Core", k, &v);
        }
    }
    Ok(())
}

/// `Dolphin.ini` values of a 2503 run: the cache and MMU, then 5.0's behaviour written out.
pub const SETTINGS_2503: [(&str, &str, &str); 2] = [
    ("Core", "AccurateCPUCache", "True"),
    ("Core", "MMU", "True"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_selector_names_two_dolphins_and_defaults_to_5_0() {
        assert_eq!(DolphinVersion::parse(None).unwrap(), DolphinVersion::V5_0);
        assert_eq!(
            DolphinVersion::parse(Some("")).unwrap(),
            DolphinVersion::V5_0
        );
        assert_eq!(
            DolphinVersion::parse(Some("5.0")).unwrap(),
            DolphinVersion::V5_0
        );
        assert_eq!(
            DolphinVersion::parse(Some(" 2503\n")).unwrap(),
            DolphinVersion::V2503
        );
        let e = DolphinVersion::parse(Some("2412")).unwrap_err().to_string();
        assert!(e.contains("SENAS_DOLPHIN") && e.contains("2503"), "{e}");
    }

    #[test]
    fn a_cpu_clock_factor_becomes_dolphins_overclock_keys() {
        assert!(cpu_clock_settings(None).unwrap().is_empty());
        assert!(cpu_clock_settings(Some(" ")).unwrap().is_empty());
        assert_eq!(
            cpu_clock_settings(Some("0.5")).unwrap(),
            vec![
                ("OverclockEnable", "True".to_string()),
                ("Overclock", "0.5".to_string())
            ]
        );
        for bad in ["half", "0", "9", "-1"] {
            let e = cpu_clock_settings(Some(bad)).unwrap_err().to_string();
            assert!(e.contains(CPU_CLOCK_VAR), "{e}");
        }
    }

    #[test]
    fn only_2503_gets_the_write_back_cache_and_the_mmu() {
        let mut five = Config::defaults();
        DolphinVersion::V5_0.apply(&mut five);
        assert_eq!(five, Config::defaults());

        let mut c = Config::defaults();
        DolphinVersion::V2503.apply(&mut c);
        assert_eq!(
            c.get("Dolphin.ini", "Core", "AccurateCPUCache"),
            Some("True")
        );
        assert_eq!(c.get("Dolphin.ini", "Core", "MMU"), Some("True"));
        let mut own = Config::defaults();
        own.set("Dolphin.ini", "Core", "MMU", "False");
        DolphinVersion::V2503.apply(&mut own);
        assert_eq!(own.get("Dolphin.ini", "Core", "MMU"), Some("False"));
        let text = c.render("Dolphin.ini");
        assert!(text.contains("AccurateCPUCache = True\n"), "{text}");
        assert!(text.contains("SlotB = 7\n"), "{text}");
    }
}
