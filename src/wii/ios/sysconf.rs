//! The console's own settings (SYSCONF, `/shared2/sys/SYSCONF` on the NAND): read once at boot
//! through ISFS, parsed by a pure, validating reader, decoded into [`Settings`] (aspect,
//! progressive scan, PAL60, language, sensor bar position and IR sensitivity), and turned into a video mode by [`preferred_mode`].
//! Never writes the NAND. A missing or corrupt file is an [`Error`]; callers then use
//! [`Settings::DEFAULT`]. Format facts: Dolphin `SysConf.cpp`, libogc `conf.c`.

mod format;
mod mode;
mod power;
mod settings;

#[cfg(test)]
mod tests;

pub use format::{FormatError, Item, SysConf, Value, MAGIC, SIZE};
#[cfg(target_arch = "powerpc")]
pub use mode::{boot_mode, component_cable};
pub use mode::{choose_mode, preferred_mode, Region};
pub use power::PowerOff;
pub use settings::{Defaulted, Key, Language, SensorBar, Settings};

use crate::wii::ios::ipc::{CacheOps, Ipc, IpcRegs};
use crate::wii::ios::isfs::{self, IsfsError};
use core::fmt;

/// Where IOS keeps the file.
pub const PATH: &str = "/shared2/sys/SYSCONF";

/// Why the settings could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    /// The file could not be opened or read.
    Read(IsfsError),
    /// The file was read but is not a valid SYSCONF.
    Format(FormatError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Read(e) => e.fmt(f),
            Error::Format(e) => e.fmt(f),
        }
    }
}

impl From<IsfsError> for Error {
    fn from(e: IsfsError) -> Self {
        Error::Read(e)
    }
}

impl From<FormatError> for Error {
    fn from(e: FormatError) -> Self {
        Error::Format(e)
    }
}

/// Decodes the settings from a SYSCONF image.
pub fn parse(bytes: &[u8]) -> Result<Settings, Error> {
    Ok(Settings::from_sysconf(&SysConf::parse(bytes)?))
}

/// Reads and decodes the SYSCONF through `ipc` (open, 16 reads of 1 KiB, close; blocking, each
/// call with `isfs::CALL_TIMEOUT_MS`). `clock` is the millisecond clock. Uses 16 KiB of stack.
pub fn read_settings<R: IpcRegs, C: CacheOps>(
    ipc: &mut Ipc<R, C>,
    clock: &mut impl FnMut() -> u32,
) -> Result<Settings, Error> {
    let mut image = [0u8; SIZE];
    // As libogc: the first 16 KiB must be there; a short file is a size error.
    let n = isfs::read_file(ipc, PATH, &mut image, clock)?;
    parse(image.get(..n).unwrap_or(&image))
}

/// The game's boot step: [`read_settings`] over the borrowed IOS port, timed, logged as one
/// line (`event=settings aspect=16:9 progressive=0 pal60=1 lang=es ticks=194544`, or with
/// `error="..."` and the defaults when the file could not be used). Returns the settings read,
/// `None` when the file could not be used (callers follow [`Settings::DEFAULT`] then, and the
/// video mode stays the loader's).
#[cfg(target_arch = "powerpc")]
pub fn boot_settings<R: IpcRegs, C: CacheOps>(
    ios: &mut Ipc<R, C>,
    clock: &mut impl FnMut() -> u32,
) -> Option<Settings> {
    let t0 = crate::wii::runtime::clock::ticks();
    let read = read_settings(ios, clock);
    let ticks = crate::wii::runtime::clock::ticks().saturating_sub(t0);
    match read {
        Ok(s) => {
            crate::log!("event=settings {} ticks={}", s, ticks);
            Some(s)
        }
        Err(e) => {
            let s = Settings::DEFAULT;
            crate::log!("event=settings error=\"{}\" {} ticks={}", e, s, ticks);
            None
        }
    }
}
