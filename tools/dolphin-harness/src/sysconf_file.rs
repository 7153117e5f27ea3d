//! The NAND's SYSCONF (`<user dir>/Wii/shared2/sys/SYSCONF`) written before a Dolphin 2503 run,
//! carrying the console settings a test pins with `-C SYSCONF.<item>=<value>`.
//!
//! Dolphin 5.0-17995 applies those `-C` overrides to the SYSCONF it gives the game; 2503 does
//! not (docs/testing.md, "Two Dolphins"). At boot Dolphin loads its SYSCONF settings from the
//! NAND's file into its base config layer and writes them back into the file
//! (`ConfigLoaders::SaveToSYSCONF` in Dolphin's Source/Core/Core/BootManager.cpp and
//! Core/ConfigLoaders/BaseConfigLoader.cpp), so a file that is already there with the pinned
//! values keeps them. The file written is 5.0-17995's own default SYSCONF (recorded in the
//! game's tree, src/wii/ios/sysconf/) with the pinned items' values replaced in place.
//!
//! Format facts (WiiBrew "/shared2/sys/SYSCONF", Dolphin Source/Core/Core/SysConf.cpp): 0x4000
//! bytes, `SCv0`, a big-endian item count, one offset per item, items of a head byte
//! (type << 5 | name length - 1), the name and the data (3 byte, 4 short, 5 long, 6 long long,
//! 7 bool), `SCed` at the end. Owns this file only; never touches the 5.0 runs or Dolphin's
//! INI files.

use crate::Error;
use std::path::{Path, PathBuf};

/// Dolphin 5.0-17995's SYSCONF as it creates it on a fresh NAND.
const BASE: &[u8] = include_bytes!("../../../src/wii/ios/sysconf/dolphin-5.0-17995.SYSCONF");
/// A SYSCONF file's size.
const SIZE: usize = 0x4000;

/// The `SYSCONF.` items a command line pins: each `-C SYSCONF.IPL.LNG=4` as
/// (`IPL.LNG`, `4`), in order. Other arguments are ignored.
pub(crate) fn pinned(args: &[String]) -> Vec<(String, String)> {
    args.windows(2)
        .filter(|w| w[0] == "-C")
        .filter_map(|w| {
            let (key, value) = w[1].strip_prefix("SYSCONF.")?.split_once('=')?;
            Some((key.trim().to_string(), value.trim().to_string()))
        })
        .collect()
}

/// Where Dolphin keeps the NAND's SYSCONF in the user folder `user`.
pub(crate) fn path_in(user: &Path) -> PathBuf {
    user.join("Wii").join("shared2").join("sys").join("SYSCONF")
}

/// The offset of the data of the item called `name` in `image`, and its size in bytes (only
/// the fixed-size types: byte, short, long, long long, bool).
fn data_of(image: &[u8], name: &str) -> Result<(usize, usize), Error> {
    let bad = |what: &str| Error::Io(format!("SYSCONF image: {what}"));
    if image.len() != SIZE || &image[..4] != b"SCv0" || &image[SIZE - 4..] != b"SCed" {
        return Err(bad("not a 0x4000-byte SCv0 ... SCed file"));
    }
    let count = usize::from(u16::from_be_bytes([image[4], image[5]]));
    for index in 0..count {
        let at = 6 + 2 * index;
        let offset = image
            .get(at..at + 2)
            .map(|b| usize::from(u16::from_be_bytes([b[0], b[1]])))
            .ok_or_else(|| bad("offset table runs past the end"))?;
        let head = *image
            .get(offset)
            .ok_or_else(|| bad("offset past the end"))?;
        let name_len = usize::from(head & 0x1F) + 1;
        let item_name = image
            .get(offset + 1..offset + 1 + name_len)
            .ok_or_else(|| bad("name past the end"))?;
        if item_name != name.as_bytes() {
            continue;
        }
        let size = match head >> 5 {
            3 | 7 => 1,
            4 => 2,
            5 => 4,
            6 => 8,
            t => return Err(bad(&format!("{name} is of type {t}, not a number"))),
        };
        let data = offset + 1 + name_len;
        if data + size > SIZE - 4 {
            return Err(bad(&format!("{name}'s data runs past the end")));
        }
        return Ok((data, size));
    }
    Err(bad(&format!("no item {name}")))
}

/// A `-C` value as Dolphin takes it: `True`/`False` or a decimal number.
fn number(value: &str) -> Option<u64> {
    match value {
        v if v.eq_ignore_ascii_case("true") => Some(1),
        v if v.eq_ignore_ascii_case("false") => Some(0),
        v => v.parse().ok(),
    }
}

/// `base` with each pinned item's value replaced (big-endian, at the item's own size).
pub(crate) fn with_settings(base: &[u8], settings: &[(String, String)]) -> Result<Vec<u8>, Error> {
    let mut image = base.to_vec();
    for (name, value) in settings {
        let (at, size) = data_of(&image, name)?;
        let n = number(value)
            .filter(|&n| size == 8 || n < 1u64 << (8 * size))
            .ok_or_else(|| {
                Error::Io(format!(
                    "SYSCONF.{name}={value}: not a value for a {size}-byte item"
                ))
            })?;
        image[at..at + size].copy_from_slice(&n.to_be_bytes()[8 - size..]);
    }
    Ok(image)
}

/// Writes 5.0's SYSCONF with the items `args` pin into the user folder `user`; writes nothing
/// when `args` pin none (Dolphin then creates its own).
pub(crate) fn prepare(user: &Path, args: &[String]) -> Result<(), Error> {
    let settings = pinned(args);
    if settings.is_empty() {
        return Ok(());
    }
    let image = with_settings(BASE, &settings)?;
    let path = path_in(user);
    let io = |e: std::io::Error| Error::Io(format!("{}: {e}", path.display()));
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    std::fs::write(&path, image).map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;
    use senas_senet::wii::ios::sysconf::{Language, SensorBar, Settings, SysConf, Value};

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn only_sysconf_overrides_after_dash_c_are_pinned() {
        let a = args(&[
            "-C",
            "SYSCONF.IPL.LNG=4",
            "-C",
            "Dolphin.Core.MMU=True",
            "SYSCONF.IPL.AR=False",
            "-C",
            "SYSCONF.BT.SENS=5",
        ]);
        assert_eq!(
            pinned(&a),
            vec![
                ("IPL.LNG".to_string(), "4".to_string()),
                ("BT.SENS".to_string(), "5".to_string())
            ]
        );
    }

    #[test]
    fn the_game_parser_reads_back_the_pinned_values() {
        let settings = pinned(&args(&[
            "-C",
            "SYSCONF.IPL.AR=False",
            "-C",
            "SYSCONF.IPL.LNG=4",
            "-C",
            "SYSCONF.IPL.PGS=True",
            "-C",
            "SYSCONF.IPL.E60=False",
            "-C",
            "SYSCONF.BT.BAR=0",
            "-C",
            "SYSCONF.BT.SENS=5",
            "-C",
            "SYSCONF.BT.MOT=False",
        ]));
        let image = with_settings(BASE, &settings).unwrap();
        let conf = SysConf::parse(&image).unwrap();
        assert_eq!(conf.get("IPL.AR"), Some(Value::Byte(0)));
        assert_eq!(conf.get("IPL.LNG"), Some(Value::Byte(4)));
        assert_eq!(conf.get("IPL.PGS"), Some(Value::Byte(1)));
        assert_eq!(conf.get("IPL.E60"), Some(Value::Byte(0)));
        assert_eq!(conf.get("BT.BAR"), Some(Value::Byte(0)));
        assert_eq!(conf.get("BT.SENS"), Some(Value::Long(5)));
        assert_eq!(conf.get("BT.MOT"), Some(Value::Byte(0)));
        // The rest of 5.0's file is untouched and the game decodes the whole of it.
        let base = SysConf::parse(BASE).unwrap();
        assert_eq!(conf.len(), base.len());
        for (a, b) in conf.items().zip(base.items()) {
            let pinned = settings.iter().any(|(k, _)| k.as_bytes() == a.name);
            assert_eq!(a.name, b.name);
            assert!(pinned || a.value == b.value, "{:?}", a.name);
        }
        let decoded = Settings::from_sysconf(&conf);
        assert_eq!(decoded.language, Language::Spanish);
        assert_eq!(decoded.aspect, senas_senet::gfx::view::Aspect::Standard);
        assert!(decoded.progressive && !decoded.pal60 && !decoded.rumble);
        assert_eq!(decoded.sensor_bar, SensorBar::Below);
        assert_eq!(decoded.ir_sensitivity, 5);
        assert_eq!(decoded.defaulted, Settings::DEFAULT.defaulted);
    }

    #[test]
    fn bad_names_and_values_are_errors_not_silently_dropped() {
        let one = |k: &str, v: &str| vec![(k.to_string(), v.to_string())];
        for (k, v) in [
            ("IPL.XYZ", "1"),
            ("IPL.LNG", "256"),
            ("IPL.LNG", "Spanish"),
            ("IPL.NIK", "1"),
        ] {
            let e = with_settings(BASE, &one(k, v)).unwrap_err().to_string();
            assert!(e.contains(k), "{k}={v}: {e}");
        }
        assert!(with_settings(&BASE[..SIZE - 1], &one("IPL.LNG", "1")).is_err());
    }

    #[test]
    fn the_file_goes_into_the_nand_of_the_user_folder_only_when_pinned() {
        let user = std::env::temp_dir().join(format!("harness-sysconf-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&user);
        prepare(&user, &args(&["-C", "Dolphin.Core.MMU=True"])).unwrap();
        assert!(!path_in(&user).exists());
        prepare(&user, &args(&["-C", "SYSCONF.IPL.LNG=4"])).unwrap();
        let written = std::fs::read(user.join("Wii/shared2/sys/SYSCONF")).unwrap();
        std::fs::remove_dir_all(&user).unwrap();
        let conf = SysConf::parse(&written).unwrap();
        assert_eq!(conf.get("IPL.LNG"), Some(Value::Byte(4)));
    }
}
