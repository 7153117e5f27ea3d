//! The game's saves on the SD card: the three records (settings, statistics, the match in
//! progress), each in two slot files of the game folder (`SET_A.BIN`/`SET_B.BIN`,
//! `STAT_A.BIN`/`STAT_B.BIN`, `MATCH_A.BIN`/`MATCH_B.BIN`) written alternately, and the match
//! records in `matches/`. Glue only: the card is `wii::sd`, the folder and the format are
//! `crate::save`. Every failure becomes a [`Problem`] the game shows as a note; the game never
//! stops for the card.

use crate::save::{
    self, encode_with, pick, Corrupt, GameFolder, Kind, SlotName, Writer, MATCH_BYTES,
};
use crate::wii::ipc::{CacheOps, Ipc, IpcRegs};
use crate::wii::sd::{DmaBuf, SdBlocks, SdCard, SdError};

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
}

impl Problem {
    pub fn key(self) -> &'static str {
        match self {
            Problem::NoCard => "no_card",
            Problem::Locked => "locked",
            Problem::Full => "full",
            Problem::Unformatted => "unformatted",
            Problem::Failed => "failed",
        }
    }
}

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

/// What reading one record found.
pub struct Found<'a> {
    /// The newest valid record's payload.
    pub payload: Option<&'a [u8]>,
    /// Why each slot file was refused (damaged), if it was.
    pub refused: [Option<Corrupt>; 2],
}

/// The SD card as save storage.
pub struct Saves {
    card: Option<SdCard<'static>>,
    problem: Option<Problem>,
    /// Where each record's next write goes.
    next: [(SlotName, u32); 3],
}

type Clock<'c> = &'c mut dyn FnMut() -> u32;

impl Saves {
    /// Starts the card; without one the saves stay off and [`Saves::problem`] says why.
    pub fn open<R: IpcRegs, C: CacheOps>(
        ipc: &mut Ipc<R, C>,
        clock: Clock,
        buf: &'static mut DmaBuf,
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
            problem,
            next: [(SlotName::A, 1); 3],
        };
        (s, r)
    }

    /// Why saving is off (or failed last), if it is.
    pub fn problem(&self) -> Option<Problem> {
        self.problem
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
        let r = GameFolder::open(dev).and_then(|folder| {
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
            payload: p.newest.map(|(_, e)| e.payload),
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

    /// Deletes both slots of the match in progress (it ended).
    pub fn delete_match<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
    ) -> Result<(), Problem> {
        let names = NAMES[index(Kind::Match)];
        self.with_folder(ipc, clock, |f| {
            f.delete(names[0])?;
            f.delete(names[1])
        })
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

#[cfg(test)]
mod tests;
