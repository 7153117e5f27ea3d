//! Saved data, platform-free: the binary record format (magic, version, kind, sequence number,
//! length, payload, CRC-32), the two-slot rule that survives a power cut mid-write, and the
//! three things the game keeps (settings, statistics, the match in progress), and the names of
//! the screenshots written beside them (`shots.rs`).
//!
//! Owns only bytes and plain values: it never touches the SD card (`wii::sd`, `wii::storage`),
//! the app's scenes or the screen. The app turns its state into these values and back; the
//! platform moves the bytes. Everything decoded from a card is validated: a bad file is a typed
//! [`Corrupt`] reason, never a panic and never half-applied state.

mod adopt;
mod argv;
mod bytes;
mod crc32;
mod envelope;
mod folder;
mod place;
mod record;
mod resume;
mod settings;
mod shots;
mod slots;
mod stats;
mod store;
mod superfloppy;
mod volume;
mod walk;

pub use adopt::{Adopted, SLOT_FILES};
pub use argv::{args, first_arg, ArgvError, ArgvHeader, ARGS_MAX_LEN, ARGV_MAGIC, MEM1_CACHED};
pub use bytes::{Reader, Writer};
pub use crc32::crc32;
pub use envelope::{
    decode, encode, encode_with, payload, Corrupt, Envelope, Kind, HEADER, MAGIC, OLDEST_VERSION,
    VERSION,
};
pub use folder::{
    FixedTime, FsError, GameFolder, LABEL_MAX, LONG_NAME, MATCHES, MAX_RECORDS, SHORT_NAME,
};
pub use place::{
    parse_path, short_name, Device, Launched, PathError, SavePlace, Why, DEFAULT_FOLDER,
    FOLDER_MAX, MAX_DEPTH,
};
pub use record::{log_lines, read_header, write_record, RecordHeader, RECORD_MAGIC, SENAS_RULES};
pub use resume::{RngState, SavedMatch, SavedPhase, SavedPosition, MATCH_BYTES, SAVED_LOG_BYTES};
pub use settings::{Settings, SETTINGS_BYTES};
pub use shots::{next_free, shot_name, shot_number, MAX_SHOTS};
pub use slots::{pick, Pick, SlotName};
pub use stats::{Record, Stats, OPPONENTS, STATS_BYTES};
pub use store::{Found, Problem, SaveStore, Written};
pub use superfloppy::{superfloppy_blocks, Shifted};

#[cfg(test)]
pub(crate) mod test_card;
#[cfg(test)]
mod tests;
