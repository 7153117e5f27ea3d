//! The FAT volume a game folder is opened on, as types: the volume manager with its limits,
//! the fixed file date, the file-system error and the longest folder label. Owns only these
//! types, so that the folder (`folder.rs`) and the walk to it (`walk.rs`) share them without
//! importing each other.

use super::place::FOLDER_MAX;
use super::superfloppy::Shifted;
use embedded_sdmmc::{Error, TimeSource, Timestamp, VolumeManager};

/// Longest game-folder label (`GameFolder::label`) in bytes.
pub const LABEL_MAX: usize = FOLDER_MAX + 16;

/// The volume manager of a game folder: at most 6 directories open at once (the root, the
/// folder, a level being walked, `matches/`, and the default folder and its `matches/` while
/// older saves are copied, `adopt.rs`), 2 files, 1 volume.
pub(super) type Vm<D> = VolumeManager<Shifted<D>, FixedTime, 6, 2, 1>;

/// The files' dates: the program has no calendar, so every file is dated 2026-01-01.
pub struct FixedTime;

impl TimeSource for FixedTime {
    fn get_timestamp(&self) -> Timestamp {
        Timestamp {
            year_since_1970: 56,
            zero_indexed_month: 0,
            zero_indexed_day: 0,
            hours: 0,
            minutes: 0,
            seconds: 0,
        }
    }
}

/// An error of the card or of the file system.
pub type FsError<E> = Error<E>;
