//! Reading NAND files through IOS (ISFS): `IOS_Open(path, read)`, `IOS_Read` in slot-sized
//! chunks, `IOS_Close`, over the shared IPC client. Blocking calls with a timeout each, for
//! boot-time reads (SYSCONF). The DMA buffers are the client's 32-byte aligned slot buffers,
//! flushed and invalidated by its cache seam; the caller's buffer only receives copies, so it
//! needs no alignment. Owns no device state beyond an open fd; never writes to the NAND.

use crate::wii::ios::ipc::{CacheOps, IosError, Ipc, IpcError, IpcRegs, SLOT_BUF};
use core::fmt;

/// `IOS_Open` mode: read only (libogc `ISFS_OPEN_READ`).
pub const MODE_READ: u32 = 1;
/// Each IOS call gives up after this long (a 1 KiB NAND read takes well under a millisecond
/// in Dolphin; real NAND reads are a few milliseconds).
pub const CALL_TIMEOUT_MS: u32 = 1000;

/// Why a NAND file could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IsfsError {
    /// No such file (ISFS -106, IOS -6).
    NotFound,
    /// The running IOS does not let this program read it (ISFS -102, IOS -1).
    AccessDenied,
    /// The IPC request failed (no slot, timeout, another IOS code).
    Ipc(IpcError),
}

impl IsfsError {
    fn from_ipc(e: IpcError) -> IsfsError {
        match e {
            IpcError::Ios(IosError::NotFound | IosError::Other(-106)) => IsfsError::NotFound,
            IpcError::Ios(IosError::AccessDenied | IosError::Other(-102)) => {
                IsfsError::AccessDenied
            }
            e => IsfsError::Ipc(e),
        }
    }
}

impl fmt::Display for IsfsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IsfsError::NotFound => f.write_str("ISFS: file not found"),
            IsfsError::AccessDenied => f.write_str("ISFS: access denied"),
            IsfsError::Ipc(e) => e.fmt(f),
        }
    }
}

/// An open NAND file. Close it with [`File::close`] (dropping it leaks the IOS fd).
#[derive(Debug, PartialEq, Eq)]
pub struct File {
    fd: i32,
}

impl File {
    /// Opens `path` (an absolute NAND path, at most 63 bytes) for reading.
    pub fn open<R: IpcRegs, C: CacheOps>(
        ipc: &mut Ipc<R, C>,
        path: &str,
        clock: &mut impl FnMut() -> u32,
    ) -> Result<File, IsfsError> {
        let id = ipc
            .open(path, MODE_READ, clock(), Some(CALL_TIMEOUT_MS))
            .map_err(IsfsError::from_ipc)?;
        let done = ipc.wait(id, &mut *clock).map_err(IsfsError::from_ipc)?;
        Ok(File {
            fd: done.value as i32,
        })
    }

    /// Reads from the current position into `buf` until it is full or the file ends; returns
    /// the bytes read. Each IOS read moves at most one slot buffer (`SLOT_BUF` bytes).
    pub fn read<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        buf: &mut [u8],
        clock: &mut impl FnMut() -> u32,
    ) -> Result<usize, IsfsError> {
        let mut filled = 0;
        while filled < buf.len() {
            let want = (buf.len() - filled).min(SLOT_BUF);
            let id = ipc
                .read(self.fd, want, clock(), Some(CALL_TIMEOUT_MS))
                .map_err(IsfsError::from_ipc)?;
            let done = ipc.wait(id, &mut *clock).map_err(IsfsError::from_ipc)?;
            // IOS never reports more than asked; clamp anyway so a bad reply cannot overrun.
            let got = (done.value as usize).min(want).min(done.out.len());
            if let (Some(dest), Some(src)) =
                (buf.get_mut(filled..filled + got), done.out.get(..got))
            {
                dest.copy_from_slice(src);
            }
            filled += got;
            if got < want {
                break;
            }
        }
        Ok(filled)
    }

    /// Closes the file.
    pub fn close<R: IpcRegs, C: CacheOps>(
        self,
        ipc: &mut Ipc<R, C>,
        clock: &mut impl FnMut() -> u32,
    ) -> Result<(), IsfsError> {
        let id = ipc
            .close(self.fd, clock(), Some(CALL_TIMEOUT_MS))
            .map_err(IsfsError::from_ipc)?;
        ipc.wait(id, &mut *clock)
            .map(|_| ())
            .map_err(IsfsError::from_ipc)
    }
}

/// Reads the start of the file at `path` into `buf` (up to `buf.len()` bytes) and closes it,
/// also when the read fails. Returns the bytes read.
pub fn read_file<R: IpcRegs, C: CacheOps>(
    ipc: &mut Ipc<R, C>,
    path: &str,
    buf: &mut [u8],
    clock: &mut impl FnMut() -> u32,
) -> Result<usize, IsfsError> {
    let mut file = File::open(ipc, path, clock)?;
    let read = file.read(ipc, buf, clock);
    let closed = file.close(ipc, clock);
    let n = read?;
    closed?;
    Ok(n)
}

#[cfg(test)]
pub(crate) mod fake;

#[cfg(test)]
mod tests {
    use super::fake::{client, serving_clock, FakeNand};
    use super::*;
    use core::cell::RefCell;
    use std::vec::Vec;

    #[test]
    fn a_whole_file_is_read_in_slot_sized_chunks_and_closed() {
        let data: Vec<u8> = (0..0x4000u32).map(|i| (i * 7 + i / 251) as u8).collect();
        let (mut ipc, m) = client();
        let nand = RefCell::new(FakeNand::with("/shared2/sys/SYSCONF", &data));
        let mut buf = std::vec![0u8; 0x4000];
        let n = read_file(
            &mut ipc,
            "/shared2/sys/SYSCONF",
            &mut buf,
            &mut serving_clock(&nand, &m),
        )
        .expect("read");
        assert_eq!(n, 0x4000);
        assert!(buf == data, "bytes differ");
        let nand = nand.borrow();
        assert_eq!(nand.opens, [(b"/shared2/sys/SYSCONF".to_vec(), 4)]);
        assert_eq!(nand.reads, std::vec![SLOT_BUF; 0x4000 / SLOT_BUF]);
        assert_eq!(nand.closes, 1);
        assert!(
            m.borrow().violations.is_empty(),
            "{:?}",
            m.borrow().violations
        );
    }

    #[test]
    fn a_short_file_stops_at_its_end() {
        let (mut ipc, m) = client();
        let nand = RefCell::new(FakeNand::with("/f", &[1, 2, 3, 4, 5]));
        let mut buf = [0u8; 3000];
        let n = read_file(&mut ipc, "/f", &mut buf, &mut serving_clock(&nand, &m));
        assert_eq!(n, Ok(5));
        assert_eq!(buf[..6], [1, 2, 3, 4, 5, 0]);
        assert_eq!(nand.borrow().reads, [SLOT_BUF]);
    }

    #[test]
    fn a_missing_file_is_not_found_and_nothing_is_left_open() {
        let (mut ipc, m) = client();
        let nand = RefCell::new(FakeNand::with("/f", &[1]));
        let mut buf = [0u8; 16];
        let e = read_file(&mut ipc, "/g", &mut buf, &mut serving_clock(&nand, &m));
        assert_eq!(e, Err(IsfsError::NotFound));
        assert_eq!(nand.borrow().closes, 0);
        assert_eq!(ipc.free_slots(), 2);
    }

    #[test]
    fn a_silent_ios_gives_a_timeout_instead_of_hanging() {
        let (mut ipc, m) = client();
        let nand = RefCell::new(FakeNand::with("/f", &[1]));
        nand.borrow_mut().silent = true;
        let mut buf = [0u8; 16];
        let e = read_file(&mut ipc, "/f", &mut buf, &mut serving_clock(&nand, &m));
        assert_eq!(e, Err(IsfsError::Ipc(IpcError::Timeout)));
    }

    #[test]
    fn a_too_long_path_is_refused_before_reaching_ios() {
        let (mut ipc, m) = client();
        let nand = RefCell::new(FakeNand::with("/f", &[1]));
        let long = "/x".repeat(40);
        let mut buf = [0u8; 16];
        let e = read_file(&mut ipc, &long, &mut buf, &mut serving_clock(&nand, &m));
        assert_eq!(e, Err(IsfsError::Ipc(IpcError::TooLarge)));
        assert!(nand.borrow().opens.is_empty());
    }
}
