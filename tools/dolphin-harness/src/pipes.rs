//! Controller input through Dolphin's Pipes backend: one FIFO per controller under
//! `USERDIR/Pipes/NAME`, mapped in `WiimoteNew.ini` / `GCPadNew.ini`, written with lines such as
//! `PRESS A`, `RELEASE A`, `SET MAIN 0.5 0.5` (wiimote.md §5d). Owns FIFO creation, the
//! mappings and the long-lived writers; the session decides when to write.

use crate::config::Config;
use crate::Error;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Linux `O_NONBLOCK` (open the writer without waiting for Dolphin's reader).
const O_NONBLOCK: i32 = 0o4000;
/// Linux `ENXIO`: no reader on the FIFO yet.
const ENXIO: i32 = 6;
/// How long to wait for Dolphin to open a FIFO's read end.
const OPEN_TIMEOUT: Duration = Duration::from_secs(20);

/// An extension plugged into an emulated Wii Remote (`WiimoteNew.ini` `Extension`, read by
/// Dolphin when it starts: the Pipes backend has no command to change it during a run).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extension {
    /// The Nunchuk: its C and Z ride on pipe buttons Z and L (so the remote's "-" is not
    /// mapped), its stick on the pipe's `C` axis (`SET C x y`); the remote is mapped as usual.
    Nunchuk,
    /// The Classic Controller, alone: the remote's own buttons are not mapped, its pointer rides
    /// on the pipe's `C` axis with the Classic's right stick (the game ignores that stick), so a
    /// test can park it where it points at nothing (`SET C 0.5 0.0`: the top edge; left
    /// unmapped, Dolphin would aim it at the screen's centre, over the board); pipe buttons
    /// A B X Y are its A B X Y, Z is ZL, START is HOME, L and R are its L and R triggers
    /// (digital), the D-pad is its D-pad, `SET MAIN` its left stick and `SET C` its right.
    Classic,
}

impl Extension {
    fn ini_name(self) -> &'static str {
        match self {
            Extension::Nunchuk => "Nunchuk",
            Extension::Classic => "Classic",
        }
    }
}

/// An emulated controller driven by a pipe.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Controller {
    /// Emulated Wii Remote in slot 1..=4.
    Wiimote { slot: u8, pipe: String },
    /// Emulated Wii Remote in slot 1..=4 with `extension` plugged in from the start.
    WiimoteWith {
        slot: u8,
        pipe: String,
        extension: Extension,
    },
    /// GameCube standard controller in port 1..=4.
    GcPad { port: u8, pipe: String },
}

impl Controller {
    /// The FIFO's name under `USERDIR/Pipes/`.
    pub fn pipe(&self) -> &str {
        match self {
            Controller::Wiimote { pipe, .. }
            | Controller::WiimoteWith { pipe, .. }
            | Controller::GcPad { pipe, .. } => pipe,
        }
    }
}

/// The pipe device's 12 buttons, by the names `PRESS` and `RELEASE` take. Dolphin ignores any
/// other name without a word, so a test that taps `RIGHT` for `D_RIGHT` would press nothing.
pub const BUTTONS: [&str; 12] = [
    "A", "B", "X", "Y", "Z", "START", "L", "R", "D_UP", "D_DOWN", "D_LEFT", "D_RIGHT",
];

/// `button` if the pipe device has it, else [`Error::NoSuchButton`].
pub fn check_button(button: &str) -> Result<&str, Error> {
    if BUTTONS.contains(&button) {
        Ok(button)
    } else {
        Err(Error::NoSuchButton(button.to_string()))
    }
}

/// Wiimote button mapping onto the pipe device's 12 buttons (wiimote.md §5d): 1/2/-/+/Home
/// ride on X/Y/L/R/START. Pipe button names to use: A B X(=1) Y(=2) L(=-) R(=+) START(=Home)
/// D_UP D_DOWN D_LEFT D_RIGHT; `SET MAIN x y` points the IR cursor (0.5 0.5 = centre).
const WIIMOTE_MAP: [(&str, &str); 15] = [
    ("Buttons/A", "`Button A`"),
    ("Buttons/B", "`Button B`"),
    ("Buttons/1", "`Button X`"),
    ("Buttons/2", "`Button Y`"),
    ("Buttons/-", "`Button L`"),
    ("Buttons/+", "`Button R`"),
    ("Buttons/Home", "`Button START`"),
    ("D-Pad/Up", "`Button D_UP`"),
    ("D-Pad/Down", "`Button D_DOWN`"),
    ("D-Pad/Left", "`Button D_LEFT`"),
    ("D-Pad/Right", "`Button D_RIGHT`"),
    ("IR/Up", "`Axis MAIN Y -`"),
    ("IR/Down", "`Axis MAIN Y +`"),
    ("IR/Left", "`Axis MAIN X -`"),
    ("IR/Right", "`Axis MAIN X +`"),
];

/// Classic Controller mapping (Dolphin's `Classic` groups: Buttons, Triggers, D-Pad, Left
/// Stick, Right Stick).
const CLASSIC_MAP: [(&str, &str); 24] = [
    ("Classic/Buttons/A", "`Button A`"),
    ("Classic/Buttons/B", "`Button B`"),
    ("Classic/Buttons/X", "`Button X`"),
    ("Classic/Buttons/Y", "`Button Y`"),
    ("Classic/Buttons/ZL", "`Button Z`"),
    ("Classic/Buttons/Home", "`Button START`"),
    ("Classic/Triggers/L", "`Button L`"),
    ("Classic/Triggers/R", "`Button R`"),
    ("Classic/D-Pad/Up", "`Button D_UP`"),
    ("Classic/D-Pad/Down", "`Button D_DOWN`"),
    ("Classic/D-Pad/Left", "`Button D_LEFT`"),
    ("Classic/D-Pad/Right", "`Button D_RIGHT`"),
    ("Classic/Left Stick/Up", "`Axis MAIN Y -`"),
    ("Classic/Left Stick/Down", "`Axis MAIN Y +`"),
    ("Classic/Left Stick/Left", "`Axis MAIN X -`"),
    ("Classic/Left Stick/Right", "`Axis MAIN X +`"),
    ("Classic/Right Stick/Up", "`Axis C Y -`"),
    ("Classic/Right Stick/Down", "`Axis C Y +`"),
    ("Classic/Right Stick/Left", "`Axis C X -`"),
    ("Classic/Right Stick/Right", "`Axis C X +`"),
    ("IR/Up", "`Axis C Y -`"),
    ("IR/Down", "`Axis C Y +`"),
    ("IR/Left", "`Axis C X -`"),
    ("IR/Right", "`Axis C X +`"),
];

/// Nunchuk mapping (Dolphin's `Nunchuk` groups: Buttons, Stick), over [`WIIMOTE_MAP`] with the
/// remote's "-" freed for Z.
const NUNCHUK_MAP: [(&str, &str); 7] = [
    ("Buttons/-", ""),
    ("Nunchuk/Buttons/C", "`Button Z`"),
    ("Nunchuk/Buttons/Z", "`Button L`"),
    ("Nunchuk/Stick/Up", "`Axis C Y -`"),
    ("Nunchuk/Stick/Down", "`Axis C Y +`"),
    ("Nunchuk/Stick/Left", "`Axis C X -`"),
    ("Nunchuk/Stick/Right", "`Axis C X +`"),
];

/// GameCube pad mapping (wiimote.md §6): buttons by name, `SET MAIN x y` is the stick.
const GCPAD_MAP: [(&str, &str); 20] = [
    ("Buttons/A", "`Button A`"),
    ("Buttons/B", "`Button B`"),
    ("Buttons/X", "`Button X`"),
    ("Buttons/Y", "`Button Y`"),
    ("Buttons/Z", "`Button Z`"),
    ("Buttons/Start", "`Button START`"),
    ("D-Pad/Up", "`Button D_UP`"),
    ("D-Pad/Down", "`Button D_DOWN`"),
    ("D-Pad/Left", "`Button D_LEFT`"),
    ("D-Pad/Right", "`Button D_RIGHT`"),
    ("Main Stick/Up", "`Axis MAIN Y -`"),
    ("Main Stick/Down", "`Axis MAIN Y +`"),
    ("Main Stick/Left", "`Axis MAIN X -`"),
    ("Main Stick/Right", "`Axis MAIN X +`"),
    ("C-Stick/Up", "`Axis C Y -`"),
    ("C-Stick/Down", "`Axis C Y +`"),
    ("C-Stick/Left", "`Axis C X -`"),
    ("C-Stick/Right", "`Axis C X +`"),
    ("Triggers/L", "`Button L`"),
    ("Triggers/R", "`Button R`"),
];

/// Adds the controller files to `config`: every slot/port not driven by a pipe is off, so a
/// run only has the controllers the test asked for.
pub fn configure(config: &mut Config, controllers: &[Controller]) {
    for slot in 1..=4u8 {
        let section = format!("Wiimote{slot}");
        let driven = controllers.iter().find_map(|c| match c {
            Controller::Wiimote { slot: s, pipe } if *s == slot => Some((pipe, None)),
            Controller::WiimoteWith {
                slot: s,
                pipe,
                extension,
            } if *s == slot => Some((pipe, Some(*extension))),
            _ => None,
        });
        match driven {
            Some((pipe, extension)) => {
                config.set("WiimoteNew.ini", &section, "Source", "1");
                config.set(
                    "WiimoteNew.ini",
                    &section,
                    "Device",
                    &format!("Pipe/0/{pipe}"),
                );
                for (k, v) in WIIMOTE_MAP {
                    config.set("WiimoteNew.ini", &section, k, v);
                }
                if let Some(e) = extension {
                    config.set("WiimoteNew.ini", &section, "Extension", e.ini_name());
                    let extra: &[(&str, &str)] = match e {
                        Extension::Classic => &CLASSIC_MAP,
                        Extension::Nunchuk => &NUNCHUK_MAP,
                    };
                    if e == Extension::Classic {
                        // The Classic Controller alone: nothing of the remote's own.
                        for (k, _) in WIIMOTE_MAP {
                            config.set("WiimoteNew.ini", &section, k, "");
                        }
                    }
                    for (k, v) in extra {
                        config.set("WiimoteNew.ini", &section, k, v);
                    }
                }
            }
            None => config.set("WiimoteNew.ini", &section, "Source", "0"),
        }
    }
    config.set("WiimoteNew.ini", "BalanceBoard", "Source", "0");
    for port in 1..=4u8 {
        let driven = controllers.iter().find_map(|c| match c {
            Controller::GcPad { port: p, pipe } if *p == port => Some(pipe),
            _ => None,
        });
        let si_key = format!("SIDevice{}", port - 1);
        match driven {
            Some(pipe) => {
                let section = format!("GCPad{port}");
                config.set("Dolphin.ini", "Core", &si_key, "6");
                config.set(
                    "GCPadNew.ini",
                    &section,
                    "Device",
                    &format!("Pipe/0/{pipe}"),
                );
                for (k, v) in GCPAD_MAP {
                    config.set("GCPadNew.ini", &section, k, v);
                }
            }
            None => config.set("Dolphin.ini", "Core", &si_key, "0"),
        }
    }
}

/// Creates the FIFOs under `user/Pipes/` (before Dolphin starts: it scans them at start-up).
pub fn create_fifos(user: &Path, controllers: &[Controller]) -> Result<(), Error> {
    let dir = user.join("Pipes");
    std::fs::create_dir_all(&dir)
        .map_err(|e| Error::Io(format!("create {}: {e}", dir.display())))?;
    for c in controllers {
        let path = dir.join(c.pipe());
        let status = Command::new("mkfifo")
            .arg(&path)
            .status()
            .map_err(|e| Error::Io(format!("mkfifo {}: {e}", path.display())))?;
        if !status.success() {
            return Err(Error::Io(format!(
                "mkfifo {} failed: {status}",
                path.display()
            )));
        }
    }
    Ok(())
}

/// The long-lived writers, one per FIFO (one writer per FIFO avoids open/close races).
pub struct PipeWriters {
    writers: Vec<(String, File)>,
    log: Vec<(Duration, String, String)>,
}

impl PipeWriters {
    /// Opens every FIFO for writing once Dolphin has opened its read end.
    pub fn open(user: &Path, controllers: &[Controller]) -> Result<PipeWriters, Error> {
        let mut writers = Vec::new();
        for c in controllers {
            let path: PathBuf = user.join("Pipes").join(c.pipe());
            let start = Instant::now();
            let file = loop {
                match OpenOptions::new()
                    .write(true)
                    .custom_flags(O_NONBLOCK)
                    .open(&path)
                {
                    Ok(f) => break f,
                    Err(e) if e.raw_os_error() == Some(ENXIO) && start.elapsed() < OPEN_TIMEOUT => {
                        std::thread::sleep(Duration::from_millis(20));
                    }
                    Err(e) => return Err(Error::Io(format!("open pipe {}: {e}", path.display()))),
                }
            };
            writers.push((c.pipe().to_string(), file));
        }
        Ok(PipeWriters {
            writers,
            log: Vec::new(),
        })
    }

    /// Writes one command line (`PRESS A`) to the named pipe; `at` is logged with it.
    pub fn send(&mut self, pipe: &str, command: &str, at: Duration) -> Result<(), Error> {
        let Some((_, file)) = self.writers.iter_mut().find(|(n, _)| n == pipe) else {
            return Err(Error::NoSuchPipe(pipe.to_string()));
        };
        file.write_all(format!("{command}\n").as_bytes())
            .map_err(|e| Error::Io(format!("write pipe {pipe}: {e}")))?;
        self.log.push((at, pipe.to_string(), command.to_string()));
        Ok(())
    }

    /// Every command sent so far: (time since launch, pipe, command).
    pub fn sent(&self) -> &[(Duration, String, String)] {
        &self.log
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mapped_button_is_a_pipe_button_and_other_names_are_refused() {
        let maps = WIIMOTE_MAP
            .iter()
            .chain(&CLASSIC_MAP)
            .chain(&NUNCHUK_MAP)
            .chain(&GCPAD_MAP);
        for (_, expr) in maps {
            if let Some(name) = expr
                .strip_prefix("`Button ")
                .and_then(|e| e.strip_suffix('`'))
            {
                assert!(check_button(name).is_ok(), "{expr}");
            }
        }
        for name in ["RIGHT", "HOME", "1", "a", ""] {
            assert!(
                matches!(check_button(name), Err(Error::NoSuchButton(ref b)) if b == name),
                "{name:?} accepted"
            );
        }
        assert_eq!(check_button("D_RIGHT").ok(), Some("D_RIGHT"));
    }

    #[test]
    fn a_piped_wiimote_is_emulated_and_the_other_slots_are_off() {
        let mut c = Config::default();
        configure(
            &mut c,
            &[Controller::Wiimote {
                slot: 1,
                pipe: "wm1".into(),
            }],
        );
        assert_eq!(c.get("WiimoteNew.ini", "Wiimote1", "Source"), Some("1"));
        assert_eq!(
            c.get("WiimoteNew.ini", "Wiimote1", "Device"),
            Some("Pipe/0/wm1")
        );
        assert_eq!(
            c.get("WiimoteNew.ini", "Wiimote1", "IR/Up"),
            Some("`Axis MAIN Y -`")
        );
        assert_eq!(c.get("WiimoteNew.ini", "Wiimote2", "Source"), Some("0"));
        assert_eq!(c.get("Dolphin.ini", "Core", "SIDevice0"), Some("0"));
    }

    #[test]
    fn an_extension_is_named_in_the_ini_and_the_classic_controller_plays_alone() {
        let mut c = Config::default();
        let with = |slot, extension| Controller::WiimoteWith {
            slot,
            pipe: format!("wm{slot}"),
            extension,
        };
        configure(
            &mut c,
            &[with(1, Extension::Classic), with(2, Extension::Nunchuk)],
        );
        let get = |slot: &str, k: &str| c.get("WiimoteNew.ini", slot, k);
        assert_eq!(get("Wiimote1", "Extension"), Some("Classic"));
        assert_eq!(get("Wiimote1", "Classic/Buttons/A"), Some("`Button A`"));
        assert_eq!(
            get("Wiimote1", "Classic/Left Stick/Right"),
            Some("`Axis MAIN X +`")
        );
        assert_eq!(
            get("Wiimote1", "Buttons/A"),
            Some(""),
            "the remote's A is free"
        );
        assert_eq!(
            get("Wiimote1", "IR/Up"),
            Some("`Axis C Y -`"),
            "its pointer on C"
        );
        assert_eq!(get("Wiimote2", "Extension"), Some("Nunchuk"));
        assert_eq!(get("Wiimote2", "Buttons/A"), Some("`Button A`"));
        assert_eq!(get("Wiimote2", "Buttons/-"), Some(""));
        assert_eq!(get("Wiimote2", "Nunchuk/Buttons/Z"), Some("`Button L`"));
        assert_eq!(get("Wiimote2", "Nunchuk/Stick/Up"), Some("`Axis C Y -`"));
    }

    #[test]
    fn a_piped_gamecube_pad_gets_a_standard_controller_in_its_port() {
        let mut c = Config::default();
        configure(
            &mut c,
            &[Controller::GcPad {
                port: 2,
                pipe: "gc2".into(),
            }],
        );
        assert_eq!(c.get("Dolphin.ini", "Core", "SIDevice1"), Some("6"));
        assert_eq!(
            c.get("GCPadNew.ini", "GCPad2", "Device"),
            Some("Pipe/0/gc2")
        );
        assert_eq!(
            c.get("GCPadNew.ini", "GCPad2", "Main Stick/Left"),
            Some("`Axis MAIN X -`")
        );
    }
}
