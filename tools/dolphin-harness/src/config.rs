//! Dolphin's configuration for one run: the INI files written into the private user folder
//! (no dialogs, frame dumps as PNG, USB Gecko in slot B, no audio, single CPU thread) plus any
//! overrides a test adds. Owns INI rendering only; controllers add their files via `pipes.rs`.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::Path;

/// INI files by name (`Dolphin.ini`), sections by name, keys in insertion order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    files: BTreeMap<String, BTreeMap<String, Vec<(String, String)>>>,
}

impl Config {
    /// The harness defaults (docs/testing.md lists them).
    pub fn defaults() -> Config {
        let mut c = Config::default();
        for (s, k, v) in [
            ("Interface", "ConfirmStop", "False"),
            ("Interface", "UsePanicHandlers", "False"),
            ("Interface", "OnScreenDisplayMessages", "False"),
            ("Core", "SlotA", "255"),
            ("Core", "SlotB", "7"),
            ("Core", "SerialPort1", "255"),
            ("Core", "CPUThread", "False"),
            ("Core", "EnableCheats", "False"),
            ("DSP", "Backend", "No Audio Output"),
            ("DSP", "DSPThread", "False"),
            ("Movie", "DumpFrames", "True"),
            ("Movie", "DumpFramesSilent", "True"),
            ("Analytics", "PermissionAsked", "True"),
            ("Analytics", "Enabled", "False"),
            ("AutoUpdate", "UpdateTrack", ""),
        ] {
            c.set("Dolphin.ini", s, k, v);
        }
        for (s, k, v) in [
            ("Settings", "DumpFramesAsImages", "True"),
            ("Settings", "ShowFPS", "False"),
            ("Settings", "InternalResolution", "1"),
        ] {
            c.set("GFX.ini", s, k, v);
        }
        for (s, k, v) in [
            ("Options", "Verbosity", "4"),
            ("Options", "WriteToFile", "True"),
            ("Options", "WriteToConsole", "True"),
            ("Logs", "BOOT", "True"),
            ("Logs", "EXI", "True"),
            ("Logs", "VI", "True"),
            ("Logs", "CORE", "True"),
            ("Logs", "MASTER", "True"),
        ] {
            c.set("Logger.ini", s, k, v);
        }
        // Strict mode: the channels that carry Dolphin's assertions and invalid accesses.
        for (s, k, v) in crate::strict::log_channels() {
            c.set("Logger.ini", s, k, v);
        }
        c
    }

    /// Sets `key = value` in `[section]` of `file`, replacing an earlier value.
    pub fn set(&mut self, file: &str, section: &str, key: &str, value: &str) {
        let keys = self
            .files
            .entry(file.into())
            .or_default()
            .entry(section.into())
            .or_default();
        match keys.iter_mut().find(|(k, _)| k == key) {
            Some(kv) => kv.1 = value.into(),
            None => keys.push((key.into(), value.into())),
        }
    }

    /// A value, if set.
    pub fn get(&self, file: &str, section: &str, key: &str) -> Option<&str> {
        let keys = self.files.get(file)?.get(section)?;
        keys.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The text of one file.
    pub fn render(&self, file: &str) -> String {
        let mut out = String::new();
        for (section, keys) in self.files.get(file).into_iter().flatten() {
            out.push_str(&format!("[{section}]\n"));
            for (k, v) in keys {
                out.push_str(&format!("{k} = {v}\n"));
            }
        }
        out
    }

    /// Writes every file into `dir` (the user folder's `Config/`).
    pub fn write_to(&self, dir: &Path) -> io::Result<()> {
        fs::create_dir_all(dir)?;
        for file in self.files.keys() {
            fs::write(dir.join(file), self.render(file))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_put_the_usb_gecko_in_slot_b_and_dump_frames() {
        let c = Config::defaults();
        assert_eq!(c.get("Dolphin.ini", "Core", "SlotB"), Some("7"));
        assert_eq!(c.get("Dolphin.ini", "Movie", "DumpFrames"), Some("True"));
        assert_eq!(
            c.get("GFX.ini", "Settings", "DumpFramesAsImages"),
            Some("True")
        );
        assert_eq!(c.get("Dolphin.ini", "Core", "CPUThread"), Some("False"));
    }

    #[test]
    fn setting_a_key_twice_keeps_one_line_with_the_last_value() {
        let mut c = Config::default();
        c.set("A.ini", "S", "k", "1");
        c.set("A.ini", "S", "k", "2");
        c.set("A.ini", "S", "j", "3");
        assert_eq!(c.render("A.ini"), "[S]\nk = 2\nj = 3\n");
    }
}
