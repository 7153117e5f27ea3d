//! The game's folder on a FAT card: the folder of the launched `boot.dol` (`place.rs`; by
//! default `apps/senas-senet/`, the Homebrew Channel's layout), found level by level by
//! iterating each directory for the long name since the FAT layer (`embedded-sdmmc`) opens
//! 8.3 names only; a missing level is created under its 8.3 name (`apps/SENASSEN`). Whole
//! files are read and written by 8.3 name (`SET_A.BIN`, `MATCH_B.BIN`, ...), and finished
//! matches go to `matches/` as `Mnnnnnnn.TXT`, the oldest removed beyond [`MAX_RECORDS`].
//!
//! Generic over any `BlockDevice` (the SD card on the Wii, memory in tests); owns the open
//! volume and directories for one session of reads/writes, closed by [`GameFolder::close`].

use super::argv::ArgvError;
use super::place::{SavePlace, Why};
use super::superfloppy::Shifted;
pub(super) use super::volume::Vm;
pub use super::volume::{FixedTime, FsError, LABEL_MAX};
use super::walk::walk;
use embedded_sdmmc::{
    BlockDevice, Error, Mode, RawDirectory, RawVolume, ShortFileName, VolumeIdx, VolumeManager,
};

/// The default folder's long name, and the 8.3 name used when the game creates it
/// (`place::short_name` of the long name).
pub const LONG_NAME: &str = "senas-senet";
pub const SHORT_NAME: &str = "SENASSEN";
/// Sub-folder of match records.
pub const MATCHES: &str = "MATCHES";
/// Match records kept; older ones are deleted.
pub const MAX_RECORDS: usize = 20;

/// The open game folder.
pub struct GameFolder<D: BlockDevice> {
    pub(super) vm: Vm<D>,
    volume: RawVolume,
    pub(super) root: RawDirectory,
    pub(super) dir: RawDirectory,
    label: heapless::String<LABEL_MAX>,
}

fn record_number(name: &ShortFileName) -> Option<u32> {
    let base = name.base_name();
    let ext = name.extension();
    if ext != b"TXT" || base.len() != 8 || base[0] != b'M' {
        return None;
    }
    let mut n = 0u32;
    for &c in &base[1..] {
        if !c.is_ascii_digit() {
            return None;
        }
        n = n * 10 + u32::from(c - b'0');
    }
    Some(n)
}

pub(super) fn record_name(n: u32) -> heapless::String<12> {
    let mut s = heapless::String::new();
    let _ = core::fmt::write(&mut s, format_args!("M{:07}.TXT", n % 10_000_000));
    s
}

impl<D: BlockDevice> GameFolder<D> {
    /// Opens the first partition and the default folder `apps/senas-senet/` (creating what is
    /// missing). A card without a partition table (a "superfloppy", as Dolphin's own image) is
    /// read through a virtual MBR (`superfloppy.rs`).
    pub fn open(device: D) -> Result<Self, FsError<D::Error>> {
        Self::open_at(
            device,
            &SavePlace::default_for(Why::NoArgv(ArgvError::NoArgv)),
        )
    }

    /// Opens the first partition and the folder of `place`, walking it from the root: each
    /// level is found by its long name (ASCII case ignored, as FAT does), else by its 8.3
    /// name, else by the 8.3 name the game gives it ([`short_name`](super::short_name)), else
    /// created under that name.
    pub fn open_at(device: D, place: &SavePlace) -> Result<Self, FsError<D::Error>> {
        let device = Shifted::new(device).map_err(Error::DeviceError)?;
        let vm = VolumeManager::new_with_limits(device, FixedTime, 0);
        let volume = vm.open_raw_volume(VolumeIdx(0))?;
        let root = vm.open_root_dir(volume)?;
        let mut label = heapless::String::new();
        let dir = match walk(&vm, root, place, true, &mut label) {
            Ok(Some(d)) => d,
            Ok(None) => return Err(Error::NotFound),
            Err(e) => {
                let _ = vm.close_dir(root);
                let _ = vm.close_volume(volume);
                return Err(e);
            }
        };
        Ok(GameFolder {
            vm,
            volume,
            root,
            dir,
            label,
        })
    }

    /// The folder as opened, from the root, with the names found or made
    /// (`apps/senas-other`, `apps/SENASSEN`).
    pub fn label(&self) -> &str {
        &self.label
    }

    fn read_in(
        &self,
        dir: RawDirectory,
        name: &str,
        buf: &mut [u8],
    ) -> Result<Option<usize>, FsError<D::Error>> {
        let file = match self.vm.open_file_in_dir(dir, name, Mode::ReadOnly) {
            Ok(f) => f,
            Err(Error::NotFound) => return Ok(None),
            Err(e) => return Err(e),
        };
        let mut n = 0;
        let r = loop {
            if n == buf.len() {
                // Longer than any file of ours: report it as filling the buffer plus one byte,
                // so the format sees trailing bytes and refuses it.
                break match self.vm.file_eof(file) {
                    Ok(true) => Ok(Some(n)),
                    Ok(false) => Ok(Some(n + 1)),
                    Err(e) => Err(e),
                };
            }
            match self.vm.read(file, &mut buf[n..]) {
                Ok(0) => break Ok(Some(n)),
                Ok(k) => n += k,
                Err(Error::EndOfFile) => break Ok(Some(n)),
                Err(e) => break Err(e),
            }
        };
        self.vm.close_file(file)?;
        r.map(|o| o.map(|n| n.min(buf.len())))
    }

    /// Reads a whole file of the game folder into `buf`; `None` if it does not exist. A file
    /// longer than `buf` is cut (the record format then refuses it).
    pub fn read(&self, name: &str, buf: &mut [u8]) -> Result<Option<usize>, FsError<D::Error>> {
        self.read_in(self.dir, name, buf)
    }

    /// Replaces (or creates) a file of the game folder with `data`.
    pub fn write(&self, name: &str, data: &[u8]) -> Result<(), FsError<D::Error>> {
        self.write_in(self.dir, name, data)
    }

    fn write_in(
        &self,
        dir: RawDirectory,
        name: &str,
        data: &[u8],
    ) -> Result<(), FsError<D::Error>> {
        let file = self
            .vm
            .open_file_in_dir(dir, name, Mode::ReadWriteCreateOrTruncate)?;
        let r = self.vm.write(file, data);
        let c = self.vm.close_file(file);
        r.and(c)
    }

    /// Adds `data` to the end of a file of the game folder (which must exist): the later
    /// pieces of a write spread over several frames (`wii::saves`).
    pub fn append(&self, name: &str, data: &[u8]) -> Result<(), FsError<D::Error>> {
        self.append_in(self.dir, name, data)
    }

    fn append_in(
        &self,
        dir: RawDirectory,
        name: &str,
        data: &[u8],
    ) -> Result<(), FsError<D::Error>> {
        let file = self.vm.open_file_in_dir(dir, name, Mode::ReadWriteAppend)?;
        let r = self.vm.write(file, data);
        let c = self.vm.close_file(file);
        r.and(c)
    }

    /// Deletes a file of the game folder; a missing file is not an error.
    pub fn delete(&self, name: &str) -> Result<(), FsError<D::Error>> {
        match self.vm.delete_file_in_dir(self.dir, name) {
            Ok(()) | Err(Error::NotFound) => Ok(()),
            Err(e) => Err(e),
        }
    }

    pub(super) fn matches_dir(&self) -> Result<RawDirectory, FsError<D::Error>> {
        match self.vm.open_dir(self.dir, MATCHES) {
            Ok(d) => Ok(d),
            Err(Error::NotFound) => {
                self.vm.make_dir_in_dir(self.dir, MATCHES)?;
                self.vm.open_dir(self.dir, MATCHES)
            }
            Err(e) => Err(e),
        }
    }

    pub(super) fn record_numbers(
        &self,
        dir: RawDirectory,
    ) -> Result<heapless::Vec<u32, 64>, FsError<D::Error>> {
        let mut numbers = heapless::Vec::new();
        self.vm.iterate_dir(dir, |e| {
            if let Some(n) = record_number(&e.name) {
                let _ = numbers.push(n);
            }
        })?;
        numbers.sort_unstable();
        Ok(numbers)
    }

    /// Writes a finished match's record as the next `matches/Mnnnnnnn.TXT` and deletes the
    /// oldest beyond `MAX_RECORDS`; returns the new file's name.
    pub fn add_record(&self, text: &[u8]) -> Result<heapless::String<12>, FsError<D::Error>> {
        let name = self.next_record_name()?;
        self.write_record_piece(&name, text, true)?;
        self.prune_records()?;
        Ok(name)
    }

    /// The name the next match record gets (one past the highest number in `matches/`).
    pub fn next_record_name(&self) -> Result<heapless::String<12>, FsError<D::Error>> {
        let dir = self.matches_dir()?;
        let r = self.record_numbers(dir);
        self.vm.close_dir(dir)?;
        Ok(record_name(r?.last().map_or(1, |n| n + 1)))
    }

    /// Writes a piece of record `name`: the first piece creates (or truncates) it, the later
    /// ones are appended.
    pub fn write_record_piece(
        &self,
        name: &str,
        data: &[u8],
        first: bool,
    ) -> Result<(), FsError<D::Error>> {
        let dir = self.matches_dir()?;
        let r = if first {
            self.write_in(dir, name, data)
        } else {
            self.append_in(dir, name, data)
        };
        let c = self.vm.close_dir(dir);
        r.and(c)
    }

    /// Deletes the oldest records beyond `MAX_RECORDS`.
    pub fn prune_records(&self) -> Result<(), FsError<D::Error>> {
        let dir = self.matches_dir()?;
        let r: Result<(), FsError<D::Error>> = (|| {
            let numbers = self.record_numbers(dir)?;
            let extra = numbers.len().saturating_sub(MAX_RECORDS);
            for &old in &numbers[..extra] {
                self.vm.delete_file_in_dir(dir, record_name(old).as_str())?;
            }
            Ok(())
        })();
        let c = self.vm.close_dir(dir);
        r.and(c)
    }

    /// The record names in `matches/`, oldest first.
    pub fn records(&self) -> Result<heapless::Vec<u32, 64>, FsError<D::Error>> {
        let dir = match self.vm.open_dir(self.dir, MATCHES) {
            Ok(d) => d,
            Err(Error::NotFound) => return Ok(heapless::Vec::new()),
            Err(e) => return Err(e),
        };
        let r = self.record_numbers(dir);
        self.vm.close_dir(dir)?;
        r
    }

    /// Reads record number `n` of `matches/`.
    pub fn read_record(&self, n: u32, buf: &mut [u8]) -> Result<Option<usize>, FsError<D::Error>> {
        let dir = self.matches_dir()?;
        let r = self.read_in(dir, &record_name(n), buf);
        self.vm.close_dir(dir)?;
        r
    }

    /// Closes everything and gives the device back.
    pub fn close(self) -> Result<D, FsError<D::Error>> {
        self.vm.close_dir(self.dir)?;
        self.vm.close_dir(self.root)?;
        self.vm.close_volume(self.volume)?;
        Ok(self.vm.free().0.into_inner())
    }
}
