//! Where the game keeps its files on the SD card, chosen once at boot from the launched file's
//! path (the first argument of the loader's argv block, `argv.rs`): beside the `boot.dol`
//! that was launched from SD (`sd:/apps/<dir>/boot.dol` -> `apps/<dir>/`); launched from USB
//! or another device, which the game does not write, the SD card's `apps/<that dir>/`; with
//! no usable path, the default `apps/senas-senet/`. The reason travels with the choice, so
//! the log and the Statistics screen can say where the game saves and why.
//!
//! Pure: strings in, a folder path out; the FAT walk is `folder.rs`. Never trusts the path:
//! anything odd (not UTF-8, no device, `..`, characters FAT forbids, too deep, too long, cut
//! at the argv limit) falls back to the default folder with its reason.

use super::argv::{first_arg, ArgvError, ARGS_MAX_LEN};

/// The folder of the Homebrew Channel package (`tools/package`) and of every earlier version.
pub const DEFAULT_FOLDER: &str = "apps/senas-senet";
/// Longest folder path kept, in bytes (FAT allows 255 UTF-16 units per name; the channel's
/// whole string is at most 1024 bytes).
pub const FOLDER_MAX: usize = 240;
/// Most folder levels walked from the card's root.
pub const MAX_DEPTH: usize = 4;

/// The device a path names (libfat's mount names, as the Homebrew Channel uses them:
/// hbc `appentry.c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Device {
    Sd,
    Usb,
    /// `carda:`, `cardb:`, `dvd:`, ...: not written by the game.
    Other,
}

/// Why the launched file's path gave no folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathError {
    /// Cut at the 1024-byte limit, with no NUL: the end of the path is unknown.
    Truncated,
    NotUtf8,
    /// No `device:/` in front.
    NoDevice,
    /// The file lies in the card's root.
    NoFolder,
    /// More than [`MAX_DEPTH`] folders.
    TooDeep,
    /// The folder path is longer than [`FOLDER_MAX`].
    TooLong,
    /// A folder named `.` or `..`, or with a character FAT forbids (`"*:<>?\|`, controls).
    BadName,
}

/// Why the place is what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// Beside the `boot.dol` launched from the SD card.
    Beside,
    /// Launched from USB (or another device): the SD card's `apps/<that folder>/`.
    OtherDevice(Device),
    /// No arguments from the loader.
    NoArgv(ArgvError),
    /// Arguments whose path could not be used.
    BadPath(PathError),
}

impl Why {
    /// The word the log uses (`from=`).
    pub fn key(self) -> &'static str {
        match self {
            Why::Beside => "argv",
            Why::OtherDevice(Device::Usb) => "usb",
            Why::OtherDevice(_) => "other_device",
            Why::NoArgv(_) => "no_argv",
            Why::BadPath(_) => "bad_path",
        }
    }
}

/// A launched file's path, split.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launched {
    pub device: Device,
    /// Its folder from the device's root, without leading or trailing `/` (`apps/x`).
    pub folder: heapless::String<FOLDER_MAX>,
}

fn bad_component(c: &str) -> bool {
    c == "."
        || c == ".."
        || c.chars().any(|ch| {
            ch.is_control() || matches!(ch, '"' | '*' | ':' | '<' | '>' | '?' | '\\' | '|')
        })
}

/// Splits `device:/folder/.../file`. `cut`: the argument string filled the limit with no NUL.
pub fn parse_path(arg: &[u8], cut: bool) -> Result<Launched, PathError> {
    if cut {
        return Err(PathError::Truncated);
    }
    let s = core::str::from_utf8(arg).map_err(|_| PathError::NotUtf8)?;
    let (dev, rest) = s.split_once(":/").ok_or(PathError::NoDevice)?;
    if dev.is_empty() || rest.is_empty() {
        return Err(PathError::NoDevice);
    }
    let device = if dev.eq_ignore_ascii_case("sd") {
        Device::Sd
    } else if dev.eq_ignore_ascii_case("usb") {
        Device::Usb
    } else {
        Device::Other
    };
    let mut parts = rest.split('/').filter(|p| !p.is_empty());
    // The last piece is the file itself.
    let n = parts.clone().count();
    if n < 2 {
        return Err(PathError::NoFolder);
    }
    if n - 1 > MAX_DEPTH {
        return Err(PathError::TooDeep);
    }
    let mut folder = heapless::String::new();
    for (i, p) in parts.by_ref().take(n - 1).enumerate() {
        if bad_component(p) {
            return Err(PathError::BadName);
        }
        if i > 0 {
            folder.push('/').map_err(|_| PathError::TooLong)?;
        }
        folder.push_str(p).map_err(|_| PathError::TooLong)?;
    }
    Ok(Launched { device, folder })
}

/// The game's folder on the SD card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavePlace {
    folder: heapless::String<FOLDER_MAX>,
    pub why: Why,
}

impl SavePlace {
    /// The default folder, for `why`.
    pub fn default_for(why: Why) -> SavePlace {
        let mut folder = heapless::String::new();
        let _ = folder.push_str(DEFAULT_FOLDER);
        SavePlace { folder, why }
    }

    /// The place for a loader's argument string (or why there is none).
    pub fn choose(line: Result<&[u8], ArgvError>) -> SavePlace {
        let line = match line {
            Ok(l) => l,
            Err(e) => return SavePlace::default_for(Why::NoArgv(e)),
        };
        let Some((arg, terminated)) = first_arg(line) else {
            return SavePlace::default_for(Why::NoArgv(ArgvError::Empty));
        };
        let cut = !terminated && line.len() >= ARGS_MAX_LEN;
        match parse_path(arg, cut) {
            Err(e) => SavePlace::default_for(Why::BadPath(e)),
            Ok(l) if l.device == Device::Sd => SavePlace {
                folder: l.folder,
                why: Why::Beside,
            },
            Ok(l) => {
                // The same folder name under the SD card's apps/ (the path checked it).
                let name = l.folder.rsplit('/').next().unwrap_or(&l.folder);
                let mut folder = heapless::String::new();
                let fits = folder.push_str("apps/").is_ok() && folder.push_str(name).is_ok();
                if !fits {
                    return SavePlace::default_for(Why::BadPath(PathError::TooLong));
                }
                SavePlace {
                    folder,
                    why: Why::OtherDevice(l.device),
                }
            }
        }
    }

    /// The folder from the card's root (`apps/x`).
    pub fn folder(&self) -> &str {
        &self.folder
    }

    /// Its folders from the root down.
    pub fn components(&self) -> impl Iterator<Item = &str> {
        self.folder.split('/')
    }

    /// Whether this is the default folder (name compared as FAT does, ignoring ASCII case).
    pub fn is_default(&self) -> bool {
        self.folder.eq_ignore_ascii_case(DEFAULT_FOLDER)
    }
}

/// The 8.3 name the game gives a folder it must create (the FAT layer writes no long names):
/// the name's ASCII letters and digits, upper case, at most eight; `SENASSEN` when none is
/// left. `senas-senet` gives `SENASSEN`, the name earlier versions created.
pub fn short_name(long: &str) -> heapless::String<8> {
    let mut s = heapless::String::new();
    for c in long.chars().filter(char::is_ascii_alphanumeric) {
        if s.push(c.to_ascii_uppercase()).is_err() {
            break;
        }
    }
    if s.is_empty() {
        let _ = s.push_str("SENASSEN");
    }
    s
}
