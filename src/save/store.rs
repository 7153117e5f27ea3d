//! Where saves go, as a trait: the two-slot records (settings, statistics, the match in
//! progress), the match write spread over frames, and the finished-match records. The Wii's SD
//! card implements it (`wii::saves`), the host tests an in-memory card (`MemStore`). Owns the
//! interface and the plain values it speaks in; no bytes are framed or read here
//! (`envelope.rs`, `slots.rs`).

use super::bytes::Writer;
use super::envelope::{Corrupt, Envelope, Kind};
use super::resume::MATCH_BYTES;

/// Why progress is not saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// No card in the slot (or no SD device).
    NoCard,
    /// Writes do not stick: the card's lock switch (or a card that drops writes).
    Locked,
    /// No room on the card.
    Full,
    /// The card holds no FAT volume the game can read (blank, garbage, another file system):
    /// saving stays off and the card is never written.
    Unformatted,
    /// Anything else (an IOS error, a timeout, a broken directory).
    Failed,
    /// A match record is still being written: this match save waits for the next boundary
    /// (never shown: it is not a card problem).
    Busy,
}

impl Problem {
    /// The word the log uses (`reason=`).
    pub fn key(self) -> &'static str {
        match self {
            Problem::NoCard => "no_card",
            Problem::Locked => "locked",
            Problem::Full => "full",
            Problem::Unformatted => "unformatted",
            Problem::Failed => "failed",
            Problem::Busy => "busy",
        }
    }
}

/// What reading one record found.
pub struct Found<'a> {
    /// The newest valid record (its version and payload).
    pub record: Option<Envelope<'a>>,
    /// Why each slot file was refused (damaged), if it was.
    pub refused: [Option<Corrupt>; 2],
}

/// What [`SaveStore::step`] finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// The match in progress, this many bytes.
    Match(usize),
    /// A match record, this many bytes.
    Record(usize),
}

/// A place to keep the game's records.
pub trait SaveStore {
    /// Why saving is off (or failed last), if it is.
    fn problem(&self) -> Option<Problem>;
    /// Reads both slots of `kind` into `bufs` and picks the newest valid one.
    fn load<'a>(
        &mut self,
        kind: Kind,
        bufs: &'a mut [[u8; MATCH_BYTES]; 2],
    ) -> Result<Found<'a>, Problem>;
    /// Frames the payload `fill` writes into `out` and stores it at once in the older slot.
    fn save(
        &mut self,
        kind: Kind,
        out: &mut [u8],
        fill: &mut dyn FnMut(&mut Writer),
    ) -> Result<usize, Problem>;
    /// Frames the match payload into `out` for [`SaveStore::step`] to write piece by piece.
    fn begin_match(
        &mut self,
        out: &mut [u8],
        fill: &mut dyn FnMut(&mut Writer),
    ) -> Result<usize, Problem>;
    /// Takes the first `len` bytes of the caller's buffer as the next match record.
    fn begin_record(&mut self, len: usize) -> Result<(), Problem>;
    /// A spread write is in progress.
    fn busy(&self) -> bool;
    /// Writes the next piece (at most `piece` bytes) of the write in progress from `buf`;
    /// `Some` when it finished or failed.
    fn step(&mut self, buf: &[u8], piece: usize) -> Option<Result<Written, Problem>>;
    /// Removes the match in progress (it was finished).
    fn delete_match(&mut self) -> Result<(), Problem>;
    /// The number the next screenshot (`SHOT-nnn.BMP` in the game folder) gets; `Full` when
    /// all 999 names are taken.
    fn next_shot(&mut self) -> Result<u16, Problem>;
    /// Writes a piece of screenshot `n` now (`first`: creates or truncates the file, else
    /// appends).
    fn write_shot(&mut self, n: u16, data: &[u8], first: bool) -> Result<(), Problem>;
}

/// A borrowed store is a store (a platform lends its own for one call).
impl<S: SaveStore + ?Sized> SaveStore for &mut S {
    fn problem(&self) -> Option<Problem> {
        (**self).problem()
    }
    fn load<'a>(
        &mut self,
        kind: Kind,
        bufs: &'a mut [[u8; MATCH_BYTES]; 2],
    ) -> Result<Found<'a>, Problem> {
        (**self).load(kind, bufs)
    }
    fn save(
        &mut self,
        kind: Kind,
        out: &mut [u8],
        fill: &mut dyn FnMut(&mut Writer),
    ) -> Result<usize, Problem> {
        (**self).save(kind, out, fill)
    }
    fn begin_match(
        &mut self,
        out: &mut [u8],
        fill: &mut dyn FnMut(&mut Writer),
    ) -> Result<usize, Problem> {
        (**self).begin_match(out, fill)
    }
    fn begin_record(&mut self, len: usize) -> Result<(), Problem> {
        (**self).begin_record(len)
    }
    fn busy(&self) -> bool {
        (**self).busy()
    }
    fn step(&mut self, buf: &[u8], piece: usize) -> Option<Result<Written, Problem>> {
        (**self).step(buf, piece)
    }
    fn delete_match(&mut self) -> Result<(), Problem> {
        (**self).delete_match()
    }
    fn next_shot(&mut self) -> Result<u16, Problem> {
        (**self).next_shot()
    }
    fn write_shot(&mut self, n: u16, data: &[u8], first: bool) -> Result<(), Problem> {
        (**self).write_shot(n, data, first)
    }
}
