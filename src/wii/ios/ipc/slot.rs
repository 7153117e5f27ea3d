//! One IPC request in memory: the 32-byte IOS request, its argument vector, scalar cells and a
//! data buffer, all in one 32-byte-aligned [`Slot`] so that no cache line is shared with other
//! data. Builders fill a slot for each IOS command and say which byte ranges IOS will read
//! (to flush) and write (to invalidate). Layout from libogc `ipc.c` / Dolphin `IOS.cpp`.

use super::error::IpcError;
use heapless::Vec;

/// Bytes of the data buffer in every slot (paths, ioctl buffers, HCI/ACL packets).
pub const SLOT_BUF: usize = 1024;
/// Scalar cells per slot; each gets its own cache line (as libogc `usb.c` does).
pub const SLOT_CELLS: usize = 8;
/// Vectors in the argv array (8 pairs of {phys, len}).
const ARGV_MAX: usize = 8;

/// IOS command numbers (word 0 of a request).
pub(crate) mod cmd {
    pub const OPEN: u32 = 1;
    pub const CLOSE: u32 = 2;
    pub const READ: u32 = 3;
    pub const WRITE: u32 = 4;
    pub const IOCTL: u32 = 6;
    pub const IOCTLV: u32 = 7;
    /// IOS rewrites word 0 with this when it replies.
    pub const REPLY: u32 = 8;
}

/// A request and everything it points at.
#[repr(C, align(32))]
pub struct Slot {
    /// cmd, result, fd, args[5]: the 32 bytes IOS reads and rewrites.
    pub(crate) req: [u32; 8],
    /// {phys, len} pairs for ioctlv.
    pub(crate) argv: [u32; 2 * ARGV_MAX],
    /// Scalar arguments, one cache line each.
    pub(crate) cells: [[u8; 32]; SLOT_CELLS],
    /// Path / data buffer.
    pub(crate) buf: [u8; SLOT_BUF],
}

impl Slot {
    /// An all-zero slot, usable in a `static`.
    pub const fn new() -> Self {
        Slot {
            req: [0; 8],
            argv: [0; 2 * ARGV_MAX],
            cells: [[0; 32]; SLOT_CELLS],
            buf: [0; SLOT_BUF],
        }
    }
}

impl Default for Slot {
    fn default() -> Self {
        Self::new()
    }
}

/// Physical address IOS uses for a PPC virtual address (cached 0x8…/0x9… or uncached 0xC…/0xD…).
pub fn phys(addr: usize) -> u32 {
    (addr as u32) & 0x3FFF_FFFF
}

/// A byte range inside a slot, as (offset from slot start, length).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub off: usize,
    pub len: usize,
}

/// What the client must flush before sending and invalidate after the reply.
#[derive(Clone, Debug, Default)]
pub(crate) struct Dma {
    pub flush: Vec<Span, 12>,
    pub invalidate: Vec<Span, 12>,
    /// Where reply data starts in `buf` and how long it may be.
    pub out: Option<Span>,
    /// A caller's DMA buffer outside the slot (absolute address, length): flushed before the
    /// send and invalidated after the reply (`ioctlv_dma`).
    pub ext: Option<Span>,
}

const REQ_OFF: usize = core::mem::offset_of!(Slot, req);
const ARGV_OFF: usize = core::mem::offset_of!(Slot, argv);
const CELLS_OFF: usize = core::mem::offset_of!(Slot, cells);
const BUF_OFF: usize = core::mem::offset_of!(Slot, buf);
/// Offset in `buf` where ioctl output goes (input starts at 0).
const IOCTL_OUT: usize = SLOT_BUF / 2;

fn span(off: usize, len: usize) -> Span {
    Span { off, len }
}

fn push(v: &mut Vec<Span, 12>, s: Span) -> Result<(), IpcError> {
    v.push(s).map_err(|_| IpcError::TooLarge)
}

impl Slot {
    fn base(&self) -> usize {
        self as *const Slot as usize
    }
    fn phys_at(&self, off: usize) -> u32 {
        phys(self.base() + off)
    }
    fn begin(&mut self, command: u32, fd: i32) {
        self.req = [command, 0, fd as u32, 0, 0, 0, 0, 0];
    }

    /// `IOS_Open(path, mode)`: the path is copied NUL-terminated into the buffer.
    pub(crate) fn open(&mut self, path: &str, mode: u32) -> Result<Dma, IpcError> {
        let p = path.as_bytes();
        if p.len() + 1 > 64 || p.contains(&0) {
            return Err(IpcError::TooLarge);
        }
        self.begin(cmd::OPEN, 0);
        self.buf[..p.len()].copy_from_slice(p);
        self.buf[p.len()] = 0;
        self.req[3] = self.phys_at(BUF_OFF);
        self.req[4] = mode;
        let mut dma = Dma::default();
        push(&mut dma.flush, span(REQ_OFF, 32))?;
        push(&mut dma.flush, span(BUF_OFF, p.len() + 1))?;
        push(&mut dma.invalidate, span(REQ_OFF, 32))?;
        Ok(dma)
    }

    /// `IOS_Close(fd)`.
    pub(crate) fn close(&mut self, fd: i32) -> Result<Dma, IpcError> {
        self.begin(cmd::CLOSE, fd);
        let mut dma = Dma::default();
        push(&mut dma.flush, span(REQ_OFF, 32))?;
        push(&mut dma.invalidate, span(REQ_OFF, 32))?;
        Ok(dma)
    }

    /// `IOS_Read(fd, len)` into the buffer.
    pub(crate) fn read(&mut self, fd: i32, len: usize) -> Result<Dma, IpcError> {
        if len > SLOT_BUF {
            return Err(IpcError::TooLarge);
        }
        self.begin(cmd::READ, fd);
        self.req[3] = self.phys_at(BUF_OFF);
        self.req[4] = len as u32;
        let mut dma = Dma::default();
        push(&mut dma.flush, span(REQ_OFF, 32))?;
        // Flushed too, so that no dirty line can later be written back over what IOS wrote.
        push(&mut dma.flush, span(BUF_OFF, len))?;
        push(&mut dma.invalidate, span(REQ_OFF, 32))?;
        push(&mut dma.invalidate, span(BUF_OFF, len))?;
        dma.out = Some(span(0, len));
        Ok(dma)
    }

    /// `IOS_Write(fd, data)`.
    pub(crate) fn write(&mut self, fd: i32, data: &[u8]) -> Result<Dma, IpcError> {
        if data.len() > SLOT_BUF {
            return Err(IpcError::TooLarge);
        }
        self.begin(cmd::WRITE, fd);
        self.buf[..data.len()].copy_from_slice(data);
        self.req[3] = self.phys_at(BUF_OFF);
        self.req[4] = data.len() as u32;
        let mut dma = Dma::default();
        push(&mut dma.flush, span(REQ_OFF, 32))?;
        push(&mut dma.flush, span(BUF_OFF, data.len()))?;
        push(&mut dma.invalidate, span(REQ_OFF, 32))?;
        Ok(dma)
    }

    /// `IOS_Ioctl(fd, num, input, out_len)`: input at buf[0..], output at buf[512..].
    pub(crate) fn ioctl(
        &mut self,
        fd: i32,
        num: u32,
        input: &[u8],
        out_len: usize,
    ) -> Result<Dma, IpcError> {
        if input.len() > IOCTL_OUT || out_len > SLOT_BUF - IOCTL_OUT {
            return Err(IpcError::TooLarge);
        }
        self.begin(cmd::IOCTL, fd);
        self.buf[..input.len()].copy_from_slice(input);
        self.req[3] = num;
        self.req[4] = self.phys_at(BUF_OFF);
        self.req[5] = input.len() as u32;
        self.req[6] = self.phys_at(BUF_OFF + IOCTL_OUT);
        self.req[7] = out_len as u32;
        let mut dma = Dma::default();
        push(&mut dma.flush, span(REQ_OFF, 32))?;
        push(&mut dma.flush, span(BUF_OFF, input.len()))?;
        push(&mut dma.flush, span(BUF_OFF + IOCTL_OUT, out_len))?;
        push(&mut dma.invalidate, span(REQ_OFF, 32))?;
        push(&mut dma.invalidate, span(BUF_OFF + IOCTL_OUT, out_len))?;
        dma.out = Some(span(IOCTL_OUT, out_len));
        Ok(dma)
    }

    /// `IOS_Ioctlv(fd, num, ins, 1 io)`: each scalar input gets its own cell; one in/out vector
    /// over the buffer, pre-filled with `io` and `io_len` bytes long (the USB "v0" shape).
    pub(crate) fn ioctlv(
        &mut self,
        fd: i32,
        num: u32,
        ins: &[&[u8]],
        io: &[u8],
        io_len: usize,
    ) -> Result<Dma, IpcError> {
        if ins.len() > SLOT_CELLS
            || ins.len() + 1 > ARGV_MAX
            || io.len() > io_len
            || io_len > SLOT_BUF
        {
            return Err(IpcError::TooLarge);
        }
        if ins.iter().any(|c| c.len() > 32) {
            return Err(IpcError::TooLarge);
        }
        self.begin(cmd::IOCTLV, fd);
        let mut dma = Dma::default();
        self.argv = [0; 2 * ARGV_MAX];
        for (k, cell) in ins.iter().enumerate() {
            self.cells[k] = [0; 32];
            self.cells[k][..cell.len()].copy_from_slice(cell);
            self.argv[2 * k] = self.phys_at(CELLS_OFF + 32 * k);
            self.argv[2 * k + 1] = cell.len() as u32;
            push(&mut dma.flush, span(CELLS_OFF + 32 * k, cell.len()))?;
        }
        self.buf[..io.len()].copy_from_slice(io);
        let k = ins.len();
        self.argv[2 * k] = self.phys_at(BUF_OFF);
        self.argv[2 * k + 1] = io_len as u32;
        self.req[3] = num;
        self.req[4] = ins.len() as u32;
        self.req[5] = 1;
        self.req[6] = self.phys_at(ARGV_OFF);
        push(&mut dma.flush, span(REQ_OFF, 32))?;
        push(&mut dma.flush, span(ARGV_OFF, 8 * (k + 1)))?;
        push(&mut dma.flush, span(BUF_OFF, io_len))?;
        push(&mut dma.invalidate, span(REQ_OFF, 32))?;
        push(&mut dma.invalidate, span(ARGV_OFF, 8 * (k + 1)))?;
        push(&mut dma.invalidate, span(BUF_OFF, io_len))?;
        dma.out = Some(span(0, io_len));
        Ok(dma)
    }
}

/// Offset in `buf` of the io vector of `ioctlv_dma`.
const DMA_IO: usize = 512;

impl Slot {
    /// `IOS_Ioctlv(fd, num, 2 in, 1 io)` with an external data buffer, the SDIO `SENDCMD`
    /// shape (libogc `wiisd.c` `__sdio_sendcommand`): in 0 = `input` (copied to buf[0..]),
    /// in 1 = the caller's buffer `ext_addr..+ext_len` (whole 32-byte lines, else
    /// `Unaligned`), io 0 = `io_len` bytes at buf[512..] for the reply.
    pub(crate) fn ioctlv_dma(
        &mut self,
        fd: i32,
        num: u32,
        input: &[u8],
        ext_addr: usize,
        ext_len: usize,
        io_len: usize,
    ) -> Result<Dma, IpcError> {
        if input.len() > DMA_IO || io_len > SLOT_BUF - DMA_IO {
            return Err(IpcError::TooLarge);
        }
        if !ext_addr.is_multiple_of(32) || !ext_len.is_multiple_of(32) {
            return Err(IpcError::Unaligned);
        }
        self.begin(cmd::IOCTLV, fd);
        self.buf[..input.len()].copy_from_slice(input);
        self.buf[DMA_IO..DMA_IO + io_len].fill(0);
        self.argv = [0; 2 * ARGV_MAX];
        self.argv[0] = self.phys_at(BUF_OFF);
        self.argv[1] = input.len() as u32;
        self.argv[2] = phys(ext_addr);
        self.argv[3] = ext_len as u32;
        self.argv[4] = self.phys_at(BUF_OFF + DMA_IO);
        self.argv[5] = io_len as u32;
        self.req[3] = num;
        self.req[4] = 2;
        self.req[5] = 1;
        self.req[6] = self.phys_at(ARGV_OFF);
        let mut dma = Dma::default();
        push(&mut dma.flush, span(REQ_OFF, 32))?;
        push(&mut dma.flush, span(ARGV_OFF, 8 * 3))?;
        push(&mut dma.flush, span(BUF_OFF, input.len()))?;
        push(&mut dma.flush, span(BUF_OFF + DMA_IO, io_len))?;
        push(&mut dma.invalidate, span(REQ_OFF, 32))?;
        push(&mut dma.invalidate, span(BUF_OFF + DMA_IO, io_len))?;
        dma.out = Some(span(DMA_IO, io_len));
        dma.ext = Some(span(ext_addr, ext_len));
        Ok(dma)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::boxed::Box;

    #[test]
    fn slot_is_cache_line_aligned_and_a_whole_number_of_lines() {
        assert_eq!(core::mem::align_of::<Slot>(), 32);
        assert_eq!(core::mem::size_of::<Slot>() % 32, 0);
        assert_eq!(BUF_OFF % 32, 0);
        assert_eq!(CELLS_OFF % 32, 0);
    }

    #[test]
    fn physical_addresses_drop_the_cached_and_uncached_segment_bits() {
        assert_eq!(phys(0x8012_3460), 0x0012_3460);
        assert_eq!(phys(0x9000_0020), 0x1000_0020);
        assert_eq!(phys(0xC000_1000), 0x0000_1000);
    }

    #[test]
    fn usb_bulk_ioctlv_puts_each_scalar_in_its_own_line_and_points_argv_at_them() {
        let mut s = Box::new(Slot::new());
        let dma = s
            .ioctlv(3, 1, &[&[0x82], &[0x04, 0x00]], &[], 1024)
            .expect("fits");
        assert_eq!(
            &s.req[..7],
            &[cmd::IOCTLV, 0, 3, 1, 2, 1, s.phys_at(ARGV_OFF)]
        );
        assert_eq!(s.argv[0], s.phys_at(CELLS_OFF));
        assert_eq!(s.argv[1], 1);
        assert_eq!(s.argv[2], s.phys_at(CELLS_OFF + 32));
        assert_eq!(s.argv[3], 2);
        assert_eq!(s.argv[4], s.phys_at(BUF_OFF));
        assert_eq!(s.argv[5], 1024);
        assert_eq!(s.cells[1][..2], [0x04, 0x00]);
        assert_eq!(dma.out, Some(span(0, 1024)));
    }

    #[test]
    fn oversized_arguments_are_refused_not_truncated() {
        let mut s = Box::new(Slot::new());
        assert_eq!(s.open(&"x".repeat(64), 0).err(), Some(IpcError::TooLarge));
        assert_eq!(
            s.write(0, &[0; SLOT_BUF + 1]).err(),
            Some(IpcError::TooLarge)
        );
        assert_eq!(
            s.ioctlv(0, 0, &[&[0; 33]], &[], 4).err(),
            Some(IpcError::TooLarge)
        );
        assert_eq!(
            s.ioctlv(0, 0, &[], &[1, 2, 3], 2).err(),
            Some(IpcError::TooLarge)
        );
    }
}
