//! The game's saves on the SD card: the three records (settings, statistics, the match in
//! progress), each in two slot files of the game folder (`SET_A.BIN`/`SET_B.BIN`,
//! `STAT_A.BIN`/`STAT_B.BIN`, `MATCH_A.BIN`/`MATCH_B.BIN`) written alternately, and the match
//! records in `matches/`, and the screenshots (`SHOT-nnn.BMP`, `save::shot_name`). Glue only: the card is `wii::sd`, the folder and the format are
//! `crate::save`. Every failure becomes a [`Problem`] the game shows as a note; the game never
//! stops for the card.
//!
//! The big writes (the match in progress, whose log grows to tens of kilobytes, and the match
//! record) are spread over frames: [`Saves::begin_match`] / [`Saves::begin_record`] frame the
//! bytes, and [`Saves::step`] writes at most a piece of them per frame (the first piece creates
//! or truncates the file, the later ones append), so no frame waits for a whole file. A write
//! cut off half-way leaves a slot file the format refuses (its CRC is at the end), and the
//! other slot still holds the previous save.

use crate::save::{
    self, encode_with, pick, GameFolder, Kind, SavePlace, SaveStore, SlotName, Writer, MATCH_BYTES,
};
pub use crate::save::{Found, Problem, Written};
use crate::wii::ios::ipc::{CacheOps, Ipc, IpcRegs};
use crate::wii::ios::sd::{DmaBuf, SdBlocks, SdCard, SdError};

mod boot;
mod files;
pub use boot::BootFolder;

fn classify(e: &save::FsError<SdError>) -> Problem {
    use embedded_sdmmc::Error as E;
    match e {
        E::DeviceError(SdError::WriteLost) => Problem::Locked,
        E::DeviceError(SdError::NoCard) => Problem::NoCard,
        E::NotEnoughSpace | E::DiskFull => Problem::Full,
        // No MBR signature, no FAT partition, no valid boot sector (embedded-sdmmc
        // `VolumeManager::open_raw_volume` and `fat::parse_volume`).
        E::FormatError(_) | E::NoSuchVolume | E::BadBlockSize(_) => Problem::Unformatted,
        _ => Problem::Failed,
    }
}

const NAMES: [[&str; 2]; 3] = [
    ["SET_A.BIN", "SET_B.BIN"],
    ["STAT_A.BIN", "STAT_B.BIN"],
    ["MATCH_A.BIN", "MATCH_B.BIN"],
];

fn index(kind: Kind) -> usize {
    match kind {
        Kind::Settings => 0,
        Kind::Stats => 1,
        Kind::Match => 2,
    }
}

fn slot_index(s: SlotName) -> usize {
    match s {
        SlotName::A => 0,
        SlotName::B => 1,
    }
}

/// Where a write spread over frames goes.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Target {
    /// A slot file of the match in progress.
    Match { slot: SlotName, seq: u32 },
    /// A match record (its name is found by the first piece).
    Record(Option<heapless::String<12>>),
}

/// A write in progress: the first `len` bytes of the caller's buffer, `done` of them written.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Pending {
    target: Target,
    len: usize,
    done: usize,
}

/// The SD card as save storage.
pub struct Saves {
    card: Option<SdCard<'static>>,
    /// The game's folder on the card (`save::SavePlace`, from the loader's argv).
    place: SavePlace,
    problem: Option<Problem>,
    /// Where each record's next write goes.
    next: [(SlotName, u32); 3],
    pending: Option<Pending>,
}

type Clock<'c> = &'c mut dyn FnMut() -> u32;

impl Saves {
    /// Starts the card for saves in `place`; without a card the saves stay off and
    /// [`Saves::problem`] says why.
    pub fn open<R: IpcRegs, C: CacheOps>(
        ipc: &mut Ipc<R, C>,
        clock: Clock,
        buf: &'static mut DmaBuf,
        place: SavePlace,
    ) -> (Saves, Result<(), SdError>) {
        let (card, problem, r) = match SdCard::open(ipc, buf, clock) {
            Ok(c) => (Some(c), None, Ok(())),
            Err(e @ SdError::NoCard) | Err(e @ SdError::Open(_)) => {
                (None, Some(Problem::NoCard), Err(e))
            }
            Err(e) => (None, Some(Problem::Failed), Err(e)),
        };
        let s = Saves {
            card,
            place,
            problem,
            next: [(SlotName::A, 1); 3],
            pending: None,
        };
        (s, r)
    }

    /// Whether the open card is SDHC (block-addressed), if a card is open (the boot log).
    pub fn sdhc(&self) -> Option<bool> {
        self.card.as_ref().map(SdCard::sdhc)
    }

    /// Why saving is off (or failed last), if it is.
    pub fn problem(&self) -> Option<Problem> {
        self.problem
    }

    /// The folder the saves go to, as chosen.
    pub fn place(&self) -> &SavePlace {
        &self.place
    }

    fn with_folder<R: IpcRegs, C: CacheOps, T>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
        f: impl FnOnce(&GameFolder<SdBlocks<'_, 'static, R, C>>) -> Result<T, save::FsError<SdError>>,
    ) -> Result<T, Problem> {
        let Some(card) = self.card.as_mut() else {
            return Err(self.problem.unwrap_or(Problem::NoCard));
        };
        // The FAT layer reads block 0 first and writes nothing until a volume opened, so a
        // card without one is only ever read.
        let dev = SdBlocks::new(ipc, card, clock);
        let r = GameFolder::open_at(dev, &self.place).and_then(|folder| {
            let r = f(&folder);
            let c = folder.close().map(|_| ());
            r.and_then(|v| c.map(|_| v))
        });
        match r {
            Ok(v) => {
                self.problem = None;
                Ok(v)
            }
            Err(e) => {
                let p = classify(&e);
                self.problem = Some(p);
                if p == Problem::Unformatted {
                    // Never touch a card that is not ours to format again this session.
                    self.card = None;
                }
                Err(p)
            }
        }
    }

    /// Reads both slots of `kind` into `bufs` and picks the newest valid one; remembers where
    /// the next write goes.
    pub fn load<'a, R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
        kind: Kind,
        bufs: &'a mut [[u8; MATCH_BYTES]; 2],
    ) -> Result<Found<'a>, Problem> {
        let names = NAMES[index(kind)];
        let [a, b] = bufs;
        let (na, nb) = self.with_folder(ipc, clock, |f| {
            Ok((f.read(names[0], a)?, f.read(names[1], b)?))
        })?;
        let p = pick(na.map(|n| &a[..n]), nb.map(|n| &b[..n]), kind);
        self.next[index(kind)] = p.next_write();
        Ok(Found {
            record: p.newest.map(|(_, e)| e),
            refused: p.refused,
        })
    }

    /// Frames the payload `fill` writes and stores it in the older slot of `kind`; returns the
    /// bytes written.
    pub fn save<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
        kind: Kind,
        out: &mut [u8],
        fill: impl FnOnce(&mut Writer),
    ) -> Result<usize, Problem> {
        let (slot, seq) = self.next[index(kind)];
        let n = encode_with(kind, seq, out, fill).ok_or(Problem::Failed)?;
        let name = NAMES[index(kind)][slot_index(slot)];
        self.with_folder(ipc, clock, |f| f.write(name, &out[..n]))?;
        self.next[index(kind)] = (slot.other(), seq.wrapping_add(1));
        Ok(n)
    }

    /// Frames the match payload `fill` writes into `out` for [`Saves::step`] to write into the
    /// older match slot; replaces a match write still in progress (same slot, same sequence).
    /// Refused while a match record is being written (the next boundary saves again).
    pub fn begin_match(
        &mut self,
        out: &mut [u8],
        fill: impl FnOnce(&mut Writer),
    ) -> Result<usize, Problem> {
        if self.card.is_none() {
            return Err(self.problem.unwrap_or(Problem::NoCard));
        }
        if matches!(
            self.pending,
            Some(Pending {
                target: Target::Record(_),
                ..
            })
        ) {
            return Err(Problem::Busy);
        }
        let (slot, seq) = self.next[index(Kind::Match)];
        let len = encode_with(Kind::Match, seq, out, fill).ok_or(Problem::Failed)?;
        self.pending = Some(Pending {
            target: Target::Match { slot, seq },
            len,
            done: 0,
        });
        Ok(len)
    }

    /// Takes the first `len` bytes of the caller's buffer as the next match record, for
    /// [`Saves::step`] to write (replacing any write in progress).
    pub fn begin_record(&mut self, len: usize) -> Result<(), Problem> {
        if self.card.is_none() {
            return Err(self.problem.unwrap_or(Problem::NoCard));
        }
        self.pending = Some(Pending {
            target: Target::Record(None),
            len,
            done: 0,
        });
        Ok(())
    }

    /// A spread write is in progress.
    pub fn busy(&self) -> bool {
        self.pending.is_some()
    }

    /// Writes the next piece (at most `piece` bytes) of the write in progress from `buf` (the
    /// buffer it was framed in). `None`: nothing to do, or more pieces to come; else the write
    /// finished or failed (and was dropped).
    pub fn step<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
        buf: &[u8],
        piece: usize,
    ) -> Option<Result<Written, Problem>> {
        let mut p = self.pending.take()?;
        let end = p.len.min(buf.len()).min(p.done + piece.max(1));
        let data = &buf[p.done.min(end)..end];
        let first = p.done == 0;
        // A record takes a step of its own to find its name and one to remove the oldest
        // records after its last piece, so no step does more than one piece's work.
        let done = match &mut p.target {
            Target::Match { slot, .. } => {
                let name = NAMES[index(Kind::Match)][slot_index(*slot)];
                let r = self.with_folder(ipc, clock, |f| {
                    if first {
                        f.write(name, data)
                    } else {
                        f.append(name, data)
                    }
                });
                if let Err(e) = r {
                    return Some(Err(e));
                }
                p.done = end;
                end >= p.len
            }
            Target::Record(None) => match self.with_folder(ipc, clock, |f| f.next_record_name()) {
                Ok(n) => {
                    p.target = Target::Record(Some(n));
                    false
                }
                Err(e) => return Some(Err(e)),
            },
            Target::Record(Some(name)) if p.done < p.len => {
                let r = self.with_folder(ipc, clock, |f| f.write_record_piece(name, data, first));
                if let Err(e) = r {
                    return Some(Err(e));
                }
                p.done = end;
                false
            }
            Target::Record(Some(_)) => {
                if let Err(e) = self.with_folder(ipc, clock, |f| f.prune_records()) {
                    return Some(Err(e));
                }
                true
            }
        };
        if !done {
            self.pending = Some(p);
            return None;
        }
        Some(Ok(match p.target {
            Target::Match { slot, seq } => {
                self.next[index(Kind::Match)] = (slot.other(), seq.wrapping_add(1));
                Written::Match(p.len)
            }
            Target::Record(_) => Written::Record(p.len),
        }))
    }

    /// Deletes both slots of the match in progress (it ended), and drops a match write still
    /// in progress.
    pub fn delete_match<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
    ) -> Result<(), Problem> {
        if matches!(
            self.pending,
            Some(Pending {
                target: Target::Match { .. },
                ..
            })
        ) {
            self.pending = None;
        }
        let names = NAMES[index(Kind::Match)];
        self.with_folder(ipc, clock, |f| {
            f.delete(names[0])?;
            f.delete(names[1])
        })
    }

    /// The number the next screenshot gets (`save::next_free`); `Full` when all are taken.
    pub fn next_shot<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
    ) -> Result<u16, Problem> {
        if self.card.is_none() {
            return Err(self.problem.unwrap_or(Problem::NoCard));
        }
        self.with_folder(ipc, clock, |f| f.next_shot())?
            .ok_or(Problem::Full)
    }

    /// Writes one piece of screenshot `n` (one FAT session, like a piece of a spread save).
    pub fn write_shot<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
        n: u16,
        data: &[u8],
        first: bool,
    ) -> Result<(), Problem> {
        if self.card.is_none() {
            return Err(self.problem.unwrap_or(Problem::NoCard));
        }
        self.with_folder(ipc, clock, |f| f.write_shot_piece(n, data, first))
    }

    /// Writes a finished match's record into `matches/`; returns its number.
    pub fn add_record<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
        text: &[u8],
    ) -> Result<heapless::String<12>, Problem> {
        self.with_folder(ipc, clock, |f| f.add_record(text))
    }
}

/// The SD card as the console layer's [`SaveStore`]: the saves with the IOS port and the
/// millisecond clock their calls need, borrowed for one frame.
pub struct SdStore<'a, R: IpcRegs, C: CacheOps> {
    pub saves: &'a mut Saves,
    pub ipc: &'a mut Ipc<R, C>,
    pub clock: &'a mut dyn FnMut() -> u32,
}

impl<R: IpcRegs, C: CacheOps> SaveStore for SdStore<'_, R, C> {
    fn problem(&self) -> Option<Problem> {
        self.saves.problem()
    }
    fn load<'a>(
        &mut self,
        kind: Kind,
        bufs: &'a mut [[u8; MATCH_BYTES]; 2],
    ) -> Result<Found<'a>, Problem> {
        self.saves.load(self.ipc, self.clock, kind, bufs)
    }
    fn save(
        &mut self,
        kind: Kind,
        out: &mut [u8],
        fill: &mut dyn FnMut(&mut Writer),
    ) -> Result<usize, Problem> {
        self.saves
            .save(self.ipc, self.clock, kind, out, |w| fill(w))
    }
    fn begin_match(
        &mut self,
        out: &mut [u8],
        fill: &mut dyn FnMut(&mut Writer),
    ) -> Result<usize, Problem> {
        self.saves.begin_match(out, |w| fill(w))
    }
    fn begin_record(&mut self, len: usize) -> Result<(), Problem> {
        self.saves.begin_record(len)
    }
    fn busy(&self) -> bool {
        self.saves.busy()
    }
    fn step(&mut self, buf: &[u8], piece: usize) -> Option<Result<Written, Problem>> {
        self.saves.step(self.ipc, self.clock, buf, piece)
    }
    fn delete_match(&mut self) -> Result<(), Problem> {
        self.saves.delete_match(self.ipc, self.clock)
    }
    fn next_shot(&mut self) -> Result<u16, Problem> {
        self.saves.next_shot(self.ipc, self.clock)
    }
    fn write_shot(&mut self, n: u16, data: &[u8], first: bool) -> Result<(), Problem> {
        self.saves.write_shot(self.ipc, self.clock, n, data, first)
    }
}

#[cfg(test)]
mod tests;
