//! The SD card driver: opening `/dev/sdio/slot0`, the start-up sequence for a card IOS has
//! already initialised, and block reads/writes through one 32-byte-aligned DMA buffer.
//!
//! Reference: libogc `libogc/wiisd.c` (`__sd0_initio`, `sdio_ReadSectors`,
//! `sdio_WriteSectors`, `__sdio_sendcommand`) for the order and bytes; Dolphin
//! `Source/Core/Core/IOS/SDIO/SDIOSlot0.cpp` for what the emulator answers (GET_STATUS reports
//! SDHC for images over 2 GiB; only READ/WRITE_MULTIPLE_BLOCK move data). Blocking calls, each
//! with a timeout, over the shared IPC client; the card is used at turn boundaries and at boot,
//! never inside a frame's drawing.
//!
//! DMA: the data buffer is flushed before each command and invalidated after its reply by the
//! IPC client (`Ipc::ioctlv_dma`); the CPU never touches it while IOS owns it. A timed-out data
//! command leaves the buffer to IOS for good: the card is then [`SdError::Broken`].

use core::fmt;

use super::protocol::{
    cmd, hcr_query, ioctl, Command, Status, BLOCK, DEVICE, HCR_HOST_CONTROL, HOST_CONTROL_4BIT,
    OPEN_MODE, RESPONSE_BYTES, RESP_R1, RESP_R1B,
};
use crate::wii::ios::ipc::{CacheOps, IosError, Ipc, IpcError, IpcRegs};

/// Blocks moved per command (the DMA buffer's size).
pub const DMA_BLOCKS: usize = 8;
/// Each IOS call gives up after this long.
pub const CALL_TIMEOUT_MS: u32 = 2000;

/// The DMA buffer: whole cache lines, aligned to 32 bytes.
#[repr(C, align(32))]
pub struct DmaBuf(pub [u8; DMA_BLOCKS * BLOCK]);

impl DmaBuf {
    pub const fn new() -> Self {
        DmaBuf([0; DMA_BLOCKS * BLOCK])
    }
}

impl Default for DmaBuf {
    fn default() -> Self {
        Self::new()
    }
}

/// Why the card could not be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SdError {
    /// `IOS_Open("/dev/sdio/slot0")` failed.
    Open(IpcError),
    /// No card in the slot.
    NoCard,
    /// IOS did not initialise the card (status word); the manual SD start-up is not done here.
    NotInitialized(u32),
    /// An ioctl (RESET_CARD, GET_STATUS, SET_CLK, host register) failed.
    Ioctl { num: u32, err: IpcError },
    /// An SD command failed.
    Command { cmd: u32, err: IpcError },
    /// A block beyond what the card's addressing reaches (SDSC byte addresses end at 4 GiB).
    OutOfRange,
    /// A buffer that is not a whole number of 512-byte blocks.
    BadLength,
    /// A written block read back different: the card is locked (write-protected) or failing.
    WriteLost,
    /// A data command timed out; IOS may still write the DMA buffer, so the card is not used
    /// again until the program restarts.
    Broken,
}

impl fmt::Display for SdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SdError::Open(e) => write!(f, "SD: open failed ({e})"),
            SdError::NoCard => f.write_str("SD: no card"),
            SdError::NotInitialized(s) => write!(f, "SD: card not initialised (status {s:#x})"),
            SdError::Ioctl { num, err } => write!(f, "SD: ioctl {num:#x} failed ({err})"),
            SdError::Command { cmd, err } => write!(f, "SD: command {cmd:#x} failed ({err})"),
            SdError::OutOfRange => f.write_str("SD: block out of range"),
            SdError::BadLength => f.write_str("SD: not whole blocks"),
            SdError::WriteLost => f.write_str("SD: write did not stick (card locked?)"),
            SdError::Broken => f.write_str("SD: card abandoned after a timeout"),
        }
    }
}

/// An open, started card.
pub struct SdCard<'b> {
    fd: i32,
    rca: u16,
    status: Status,
    buf: &'b mut DmaBuf,
    broken: bool,
}

type Clock<'c> = &'c mut dyn FnMut() -> u32;

impl<'b> SdCard<'b> {
    /// Opens the slot and starts the card as libogc `__sd0_initio` does for a card IOS has
    /// initialised: RESET_CARD (RCA), GET_STATUS, 4-bit host bus, SET_CLK 1, SELECT,
    /// SET_BLOCKLEN 512, APP_CMD + ACMD 6 (4-bit card bus), DESELECT. On failure the fd is
    /// closed again. An open that fails as a still-starting IOS fails (-6, -4, a timeout) is
    /// tried again every 150 ms for 3 s (`ipc::retry::OpenRetry`, as Bluetooth and STM are):
    /// the game opens the slot within about 100 ms of entry, before IOS may have registered it.
    pub fn open<R: IpcRegs, C: CacheOps>(
        ipc: &mut Ipc<R, C>,
        buf: &'b mut DmaBuf,
        clock: Clock,
    ) -> Result<SdCard<'b>, SdError> {
        let fd = Self::open_slot(ipc, clock)?;
        let mut card = SdCard {
            fd,
            rca: 0,
            status: Status(0),
            buf,
            broken: false,
        };
        match card.start(ipc, clock) {
            Ok(()) => Ok(card),
            Err(e) => {
                card.close(ipc, clock);
                Err(e)
            }
        }
    }

    /// `IOS_Open` of the slot, tried again while IOS may still be starting.
    fn open_slot<R: IpcRegs, C: CacheOps>(
        ipc: &mut Ipc<R, C>,
        clock: Clock,
    ) -> Result<i32, SdError> {
        let mut retry = crate::wii::ios::ipc::OpenRetry::new();
        loop {
            let r = ipc
                .open(DEVICE, OPEN_MODE, clock(), Some(CALL_TIMEOUT_MS))
                .and_then(|id| ipc.wait(id, &mut *clock));
            match r {
                Ok(reply) => return Ok(reply.value as i32),
                Err(e) if retry.failed(e, clock()) => while !retry.due(clock()) {},
                Err(e) => return Err(SdError::Open(e)),
            }
        }
    }

    fn start<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
    ) -> Result<(), SdError> {
        let reset = self.ioctl_u32(ipc, clock, ioctl::RESET_CARD, &[])?;
        self.rca = (reset >> 16) as u16;
        self.status = Status(self.ioctl_u32(ipc, clock, ioctl::GET_STATUS, &[])?);
        if !self.status.inserted() {
            return Err(SdError::NoCard);
        }
        if !self.status.initialized() && !self.status.sdhc() {
            return Err(SdError::NotInitialized(self.status.0));
        }
        // Host side 4-bit bus: read-modify-write of the host control register.
        let hc = self.ioctl_u32(
            ipc,
            clock,
            ioctl::READ_HCR,
            &hcr_query(HCR_HOST_CONTROL, 1, 0),
        )?;
        let hc = (hc & 0xFF & !HOST_CONTROL_4BIT) | HOST_CONTROL_4BIT;
        self.ioctl_u32(
            ipc,
            clock,
            ioctl::WRITE_HCR,
            &hcr_query(HCR_HOST_CONTROL, 1, hc),
        )?;
        self.ioctl_u32(ipc, clock, ioctl::SET_CLK, &1u32.to_be_bytes())?;
        self.select(ipc, clock)?;
        let rca = u32::from(self.rca) << 16;
        let r = self
            .plain(
                ipc,
                clock,
                Command::plain(cmd::SET_BLOCKLEN, RESP_R1, BLOCK as u32),
            )
            .and_then(|_| self.plain(ipc, clock, Command::plain(cmd::APP_CMD, RESP_R1, rca)))
            .and_then(|_| {
                self.plain(
                    ipc,
                    clock,
                    Command::plain(cmd::ACMD_SET_BUS_WIDTH, RESP_R1, 2),
                )
            });
        let d = self.deselect(ipc, clock);
        r.and(d)
    }

    /// The card's status word at start-up.
    pub fn status(&self) -> Status {
        self.status
    }
    /// SDHC: block addressing.
    pub fn sdhc(&self) -> bool {
        self.status.sdhc()
    }

    /// `IOS_Close` (errors ignored: there is nothing left to do with the card).
    pub fn close<R: IpcRegs, C: CacheOps>(&mut self, ipc: &mut Ipc<R, C>, clock: Clock) {
        if let Ok(id) = ipc.close(self.fd, clock(), Some(CALL_TIMEOUT_MS)) {
            let _ = ipc.wait(id, &mut *clock);
        }
    }

    fn ioctl_u32<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
        num: u32,
        input: &[u8],
    ) -> Result<u32, SdError> {
        let err = |err| SdError::Ioctl { num, err };
        let id = ipc
            .ioctl(self.fd, num, input, 4, clock(), Some(CALL_TIMEOUT_MS))
            .map_err(err)?;
        let done = ipc.wait(id, &mut *clock).map_err(err)?;
        let o = done.out;
        Ok(u32::from_be_bytes([o[0], o[1], o[2], o[3]]))
    }

    /// A command without data: plain ioctl on SDSC, ioctlv with an empty data vector on SDHC
    /// (libogc `__sdio_sendcommand`).
    fn plain<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
        c: Command,
    ) -> Result<[u8; RESPONSE_BYTES], SdError> {
        let err = |err| SdError::Command { cmd: c.cmd, err };
        let id = if self.sdhc() {
            // SAFETY: an empty external vector: IOS is given no memory of ours beyond the slot.
            unsafe {
                ipc.ioctlv_dma(
                    self.fd,
                    ioctl::SEND_CMD,
                    &c.bytes(),
                    0,
                    0,
                    RESPONSE_BYTES,
                    clock(),
                    Some(CALL_TIMEOUT_MS),
                )
            }
        } else {
            ipc.ioctl(
                self.fd,
                ioctl::SEND_CMD,
                &c.bytes(),
                RESPONSE_BYTES,
                clock(),
                Some(CALL_TIMEOUT_MS),
            )
        }
        .map_err(err)?;
        let done = ipc.wait(id, &mut *clock).map_err(err)?;
        let mut r = [0u8; RESPONSE_BYTES];
        r.copy_from_slice(&done.out[..RESPONSE_BYTES]);
        Ok(r)
    }

    fn select<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
    ) -> Result<(), SdError> {
        let arg = u32::from(self.rca) << 16;
        self.plain(ipc, clock, Command::plain(cmd::SELECT, RESP_R1B, arg))
            .map(|_| ())
    }

    fn deselect<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
    ) -> Result<(), SdError> {
        self.plain(ipc, clock, Command::plain(cmd::SELECT, RESP_R1B, 0))
            .map(|_| ())
    }

    /// The command argument for block `lba`: a byte address on SDSC, the block on SDHC.
    fn address(&self, lba: u32) -> Result<u32, SdError> {
        if self.sdhc() {
            Ok(lba)
        } else {
            lba.checked_mul(BLOCK as u32).ok_or(SdError::OutOfRange)
        }
    }

    /// One multiple-block command over the first `n` blocks of the DMA buffer.
    fn transfer<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
        command: u32,
        lba: u32,
        n: usize,
    ) -> Result<(), SdError> {
        let addr = self.buf.0.as_ptr() as usize;
        let c = Command {
            cmd: command,
            cmd_type: super::protocol::TYPE_AC,
            rsp_type: RESP_R1,
            arg: self.address(lba)?,
            blocks: n as u32,
            block_size: BLOCK as u32,
            dma_addr: addr as u32,
        };
        let err = |err| SdError::Command { cmd: command, err };
        // SAFETY: the buffer is ours (`&mut DmaBuf`, whole aligned lines) and is not touched
        // until `wait` returns; on a timeout the card is marked broken and never touches it again.
        let id = unsafe {
            ipc.ioctlv_dma(
                self.fd,
                ioctl::SEND_CMD,
                &c.bytes(),
                addr,
                n * BLOCK,
                RESPONSE_BYTES,
                clock(),
                Some(CALL_TIMEOUT_MS),
            )
        }
        .map_err(err)?;
        match ipc.wait(id, &mut *clock) {
            // Dolphin answers a failed image read/write with 1 (its RET_FAIL); real IOS with
            // a negative code. Success is 0 either way.
            Ok(done) if done.value != 0 => {
                Err(err(IpcError::Ios(IosError::Other(done.value as i32))))
            }
            Ok(_) => Ok(()),
            Err(IpcError::Timeout) => {
                self.broken = true;
                Err(SdError::Broken)
            }
            Err(e) => Err(err(e)),
        }
    }

    fn blocks_op<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
        lba: u32,
        len: usize,
        mut each: impl FnMut(&mut Self, &mut Ipc<R, C>, Clock, u32, usize, usize) -> Result<(), SdError>,
    ) -> Result<(), SdError> {
        if self.broken {
            return Err(SdError::Broken);
        }
        if !len.is_multiple_of(BLOCK) {
            return Err(SdError::BadLength);
        }
        let total = len / BLOCK;
        lba.checked_add(total as u32).ok_or(SdError::OutOfRange)?;
        self.select(ipc, clock)?;
        let mut done = 0;
        let mut r = Ok(());
        while done < total && r.is_ok() {
            let n = (total - done).min(DMA_BLOCKS);
            r = each(self, ipc, clock, lba + done as u32, done * BLOCK, n);
            done += n;
        }
        if self.broken {
            return r;
        }
        let d = self.deselect(ipc, clock);
        r.and(d)
    }

    /// Reads `out.len() / 512` blocks from block `lba` (READ_MULTIPLE_BLOCK, up to
    /// `DMA_BLOCKS` per command).
    pub fn read<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
        lba: u32,
        out: &mut [u8],
    ) -> Result<(), SdError> {
        self.blocks_op(
            ipc,
            clock,
            lba,
            out.len(),
            |card, ipc, clock, at, off, n| {
                card.transfer(ipc, clock, cmd::READ_MULTIPLE_BLOCK, at, n)?;
                out[off..off + n * BLOCK].copy_from_slice(&card.buf.0[..n * BLOCK]);
                Ok(())
            },
        )
    }

    /// Writes `data.len() / 512` blocks at block `lba` (WRITE_MULTIPLE_BLOCK).
    pub fn write<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
        lba: u32,
        data: &[u8],
    ) -> Result<(), SdError> {
        self.blocks_op(
            ipc,
            clock,
            lba,
            data.len(),
            |card, ipc, clock, at, off, n| {
                card.buf.0[..n * BLOCK].copy_from_slice(&data[off..off + n * BLOCK]);
                card.transfer(ipc, clock, cmd::WRITE_MULTIPLE_BLOCK, at, n)
            },
        )
    }
}
