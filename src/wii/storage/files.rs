//! Plain files of the game folder beside the saves: the console self-test's report, and its
//! write / read-back probe of the card. Glue only, like the rest of `wii::saves`: the FAT
//! layer is `save::GameFolder`, failures become a [`Problem`].

use super::{Clock, Problem, Saves};
use crate::wii::ios::ipc::{CacheOps, Ipc, IpcRegs};

impl Saves {
    /// Replaces (or creates) `name` in the game folder with `data`.
    pub fn write_file<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
        name: &str,
        data: &[u8],
    ) -> Result<(), Problem> {
        self.with_folder(ipc, clock, |f| f.write(name, data))
    }

    /// Reads `name` of the game folder into `buf`: its length (cut to `buf`), `None` if absent.
    pub fn read_file<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
        name: &str,
        buf: &mut [u8],
    ) -> Result<Option<usize>, Problem> {
        self.with_folder(ipc, clock, |f| f.read(name, buf))
    }

    /// Removes `name` from the game folder (absent is fine).
    pub fn delete_file<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
        name: &str,
    ) -> Result<(), Problem> {
        self.with_folder(ipc, clock, |f| f.delete(name))
    }
}
