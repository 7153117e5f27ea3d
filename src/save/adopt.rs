//! Saves left in the default folder `apps/senas-senet/` by earlier versions (which saved
//! there whatever folder they were launched from) when the game now lives in another folder:
//! copied, once, into the game's folder, when that folder holds none of the six slot files
//! and the default folder holds at least one. Copied, not moved: the default folder may be
//! an install of its own (a second copy of the game, with its own `boot.dol`), whose saves
//! are its own; and a power cut during the copy loses nothing, since the originals stay (a
//! slot file cut half-way is refused by its CRC, `slots.rs`, and the other slot is used).
//!
//! Only copies whole files between two folders of one open card; decides nothing about what
//! the files hold.

use super::folder::{record_name, FsError, GameFolder};
use super::place::{SavePlace, Why, DEFAULT_FOLDER};
use super::MATCHES;
use embedded_sdmmc::{BlockDevice, Error, Mode, RawDirectory};

/// The slot files of the three records (`wii::saves` writes them; its test checks the list).
pub const SLOT_FILES: [&str; 6] = [
    "SET_A.BIN",
    "SET_B.BIN",
    "STAT_A.BIN",
    "STAT_B.BIN",
    "MATCH_A.BIN",
    "MATCH_B.BIN",
];

/// What was copied from the default folder.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adopted {
    /// Slot files copied.
    pub files: u16,
    /// Match records copied into `matches/`.
    pub records: u16,
}

impl<D: BlockDevice> GameFolder<D> {
    fn exists(&self, dir: RawDirectory, name: &str) -> Result<bool, FsError<D::Error>> {
        match self.vm.open_file_in_dir(dir, name, Mode::ReadOnly) {
            Ok(f) => self.vm.close_file(f).map(|_| true),
            Err(Error::NotFound) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Copies file `name` of `from` into `to` (replacing it) in 512-byte pieces; `false` if
    /// `from` has no such file.
    fn copy_file(
        &self,
        from: RawDirectory,
        to: RawDirectory,
        name: &str,
    ) -> Result<bool, FsError<D::Error>> {
        let src = match self.vm.open_file_in_dir(from, name, Mode::ReadOnly) {
            Ok(f) => f,
            Err(Error::NotFound) => return Ok(false),
            Err(e) => return Err(e),
        };
        let copied = (|| {
            let dst = self
                .vm
                .open_file_in_dir(to, name, Mode::ReadWriteCreateOrTruncate)?;
            let mut buf = [0u8; 512];
            let r = loop {
                match self.vm.read(src, &mut buf) {
                    Ok(0) | Err(Error::EndOfFile) => break Ok(()),
                    Ok(n) => {
                        if let Err(e) = self.vm.write(dst, &buf[..n]) {
                            break Err(e);
                        }
                    }
                    Err(e) => break Err(e),
                }
            };
            let c = self.vm.close_file(dst);
            r.and(c)
        })();
        let c = self.vm.close_file(src);
        copied.and(c).map(|_| true)
    }

    /// Copies the default folder's saves and match records into this folder (opened for
    /// `place`) if this folder has no slot file and the default one has some; otherwise
    /// copies nothing. The default folder itself is never written.
    pub fn adopt_default(&self, place: &SavePlace) -> Result<Adopted, FsError<D::Error>> {
        let mut done = Adopted::default();
        if place.is_default() {
            return Ok(done);
        }
        for name in SLOT_FILES {
            if self.exists(self.dir, name)? {
                return Ok(done);
            }
        }
        let mut label = heapless::String::new();
        let default = SavePlace::default_for(Why::Beside);
        debug_assert_eq!(default.folder(), DEFAULT_FOLDER);
        let Some(old) = super::walk::walk(&self.vm, self.root, &default, false, &mut label)? else {
            return Ok(done);
        };
        let r = (|| {
            let mut any = false;
            for name in SLOT_FILES {
                any |= self.exists(old, name)?;
            }
            if !any {
                return Ok(());
            }
            // The records first: the slot files are what marks the copy as done.
            if let Ok(old_matches) = self.vm.open_dir(old, MATCHES) {
                let r = (|| {
                    let numbers = self.record_numbers(old_matches)?;
                    let ours = self.matches_dir()?;
                    let r = (|| {
                        for n in numbers {
                            if self.copy_file(old_matches, ours, &record_name(n))? {
                                done.records += 1;
                            }
                        }
                        Ok(())
                    })();
                    let c = self.vm.close_dir(ours);
                    r.and(c)
                })();
                let c = self.vm.close_dir(old_matches);
                r.and(c)?;
            }
            for name in SLOT_FILES {
                if self.copy_file(old, self.dir, name)? {
                    done.files += 1;
                }
            }
            Ok(())
        })();
        let c = self.vm.close_dir(old);
        r.and(c).map(|_| done)
    }
}
