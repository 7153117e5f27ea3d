//! Host-test doubles for the IPC seam: a fake IOS behind [`IpcRegs`] and a non-coherent data
//! cache model behind [`CacheOps`], sharing one [`Model`].
//!
//! The model keeps two views of memory: the CPU's (the real host bytes) and the device's
//! (`ram`). `flush` copies CPU -> ram, `invalidate` copies ram -> CPU (bytes never flushed come
//! back as garbage, as stale memory would), IOS reads and DMA-writes only `ram`. So a missing
//! flush makes IOS read stale bytes and a missing invalidate makes the CPU read stale replies:
//! both are recorded as violations or show up as wrong data in the tests.

use super::cache::CacheOps;
use super::regs::{IpcRegs, CTRL_X1, CTRL_X2, CTRL_Y1, CTRL_Y2};
use super::slot::phys;
use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;
use std::vec::Vec;

/// One cache or mailbox operation, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    Flush(usize, usize),
    Invalidate(usize, usize),
    Send(u32),
}

/// A request as IOS decoded it from device memory.
#[derive(Clone, Debug, Default)]
pub struct Request {
    pub phys: u32,
    pub cmd: u32,
    pub fd: i32,
    pub args: [u32; 5],
    /// ioctlv vectors (in, then io): physical pointer and the bytes IOS saw there.
    pub vecs: Vec<(u32, Vec<u8>)>,
    /// open: the path.
    pub path: Vec<u8>,
    /// write / ioctl: the input bytes.
    pub input: Vec<u8>,
}

/// The shared state of the fake IOS and the cache model.
#[derive(Default)]
pub struct Model {
    pub ram: HashMap<usize, u8>,
    pub ops: Vec<Op>,
    /// Bytes IOS read that the CPU had not flushed, and mailbox protocol breaches.
    pub violations: Vec<std::string::String>,
    pub ctrl: u32,
    pub ppcmsg: u32,
    pub armmsg: u32,
    pub irq: bool,
    /// Requests IOS received and has not answered yet.
    pub inbox: Vec<Request>,
    /// Every value the PPC wrote to PPCCTRL, in order.
    pub ctrl_writes: Vec<u32>,
    acks: VecDeque<()>,
    replies: VecDeque<u32>,
    unacked: bool,
    /// A reply was posted and the PPC has not written X2 ("relaunch") since: IOS posts no
    /// further reply until it does (libogc `ipc.c` ends every reply with X2).
    awaiting_x2: bool,
    regions: Vec<(usize, usize)>,
}

impl Model {
    pub fn shared() -> Rc<RefCell<Model>> {
        Rc::new(RefCell::new(Model::default()))
    }

    /// Declares host memory IOS may address (the slot pool).
    pub fn map(&mut self, base: usize, len: usize) {
        self.regions.push((base, len));
    }

    fn host(&self, p: u32) -> Option<usize> {
        self.regions.iter().find_map(|&(base, len)| {
            let off = p.wrapping_sub(phys(base)) as usize;
            (off < len).then_some(base + off)
        })
    }

    fn dev_read(&mut self, p: u32, len: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(len);
        for k in 0..len {
            let b = self
                .host(p.wrapping_add(k as u32))
                .and_then(|h| self.ram.get(&h).copied());
            match b {
                Some(b) => out.push(b),
                None => {
                    self.violations.push(std::format!(
                        "IOS read unflushed byte at phys {:#x}",
                        p as usize + k
                    ));
                    out.push(0xDB);
                }
            }
        }
        out
    }

    fn dev_u32(&mut self, p: u32) -> u32 {
        let b = self.dev_read(p, 4);
        u32::from_ne_bytes([b[0], b[1], b[2], b[3]])
    }

    /// DMA-writes `data` at physical `p` (device view only).
    pub fn dma_write(&mut self, p: u32, data: &[u8]) {
        for (k, &b) in data.iter().enumerate() {
            if let Some(h) = self.host(p.wrapping_add(k as u32)) {
                self.ram.insert(h, b);
            }
        }
    }

    fn receive(&mut self, p: u32) {
        let cmd = self.dev_u32(p);
        let fd = self.dev_u32(p + 8) as i32;
        let mut args = [0u32; 5];
        for (k, a) in args.iter_mut().enumerate() {
            *a = self.dev_u32(p + 12 + 4 * k as u32);
        }
        let mut r = Request {
            phys: p,
            cmd,
            fd,
            args,
            ..Request::default()
        };
        match cmd {
            1 => {
                for k in 0..64 {
                    match self.dev_read(args[0] + k, 1)[0] {
                        0 => break,
                        b => r.path.push(b),
                    }
                }
            }
            4 => r.input = self.dev_read(args[0], args[1] as usize),
            6 => r.input = self.dev_read(args[1], args[2] as usize),
            7 => {
                let n = (args[1] + args[2]) as usize;
                for k in 0..n {
                    let ptr = self.dev_u32(args[3] + 8 * k as u32);
                    let len = self.dev_u32(args[3] + 8 * k as u32 + 4) as usize;
                    let data = self.dev_read(ptr, len);
                    r.vecs.push((ptr, data));
                }
            }
            _ => {}
        }
        self.inbox.push(r);
    }

    /// IOS answers request `p`: optional DMA writes, then the reply words, then the mailbox.
    pub fn reply(&mut self, p: u32, result: i32, writes: &[(u32, &[u8])]) {
        for (addr, data) in writes {
            self.dma_write(*addr, data);
        }
        let Some(i) = self.inbox.iter().position(|r| r.phys == p) else {
            self.violations
                .push(std::format!("reply to unknown request {p:#x}"));
            return;
        };
        let req = self.inbox.remove(i);
        self.dma_write(p, &8u32.to_ne_bytes());
        self.dma_write(p + 4, &result.to_ne_bytes());
        self.dma_write(p + 8, &req.cmd.to_ne_bytes());
        self.replies.push_back(p);
        self.update();
    }

    /// A reply the previous program left posted: ARMMSG = `p`, Y1 set, X2 still owed.
    pub fn leave_stale_reply(&mut self, p: u32) {
        self.armmsg = p;
        self.ctrl |= CTRL_Y1;
        self.irq = true;
        self.awaiting_x2 = true;
    }

    /// Takes the oldest received request matching `pred` out of the inbox view (still pending).
    pub fn find(&self, pred: impl Fn(&Request) -> bool) -> Option<Request> {
        self.inbox.iter().find(|r| pred(r)).cloned()
    }

    /// Dolphin `IsReady()`: post the next ack or reply only when Y1, Y2 and the IRQ are clear.
    fn update(&mut self) {
        if self.ctrl & (CTRL_Y1 | CTRL_Y2) != 0 || self.irq {
            return;
        }
        if self.acks.pop_front().is_some() {
            self.ctrl |= CTRL_Y2;
            self.irq = true;
            self.unacked = false;
        } else if self.awaiting_x2 {
            // No reply until the PPC says it consumed the last one.
        } else if let Some(p) = self.replies.pop_front() {
            self.armmsg = p;
            self.ctrl |= CTRL_Y1;
            self.irq = true;
            self.awaiting_x2 = true;
        }
    }
}

/// [`IpcRegs`] over the model.
pub struct FakeRegs(pub Rc<RefCell<Model>>);

impl IpcRegs for FakeRegs {
    fn ctrl(&mut self) -> u32 {
        let mut m = self.0.borrow_mut();
        m.update();
        m.ctrl
    }
    fn set_ctrl(&mut self, value: u32) {
        let mut m = self.0.borrow_mut();
        m.ctrl_writes.push(value);
        if value & CTRL_X2 != 0 {
            m.awaiting_x2 = false;
        }
        m.ctrl = (m.ctrl & !(value & (CTRL_Y1 | CTRL_Y2))) & !(CTRL_X1 | CTRL_X2) | (value & 0x30);
        if value & CTRL_X1 != 0 {
            if m.unacked {
                m.violations
                    .push("X1 while the previous request was not acked".into());
            }
            let p = m.ppcmsg;
            m.ops.push(Op::Send(p));
            m.unacked = true;
            m.receive(p);
            m.acks.push_back(());
        }
        m.update();
    }
    fn set_ppcmsg(&mut self, phys: u32) {
        self.0.borrow_mut().ppcmsg = phys;
    }
    fn armmsg(&mut self) -> u32 {
        self.0.borrow().armmsg
    }
    fn clear_irq(&mut self) {
        let mut m = self.0.borrow_mut();
        m.irq = false;
        m.update();
    }
}

fn lines(addr: usize, len: usize) -> core::ops::Range<usize> {
    let start = addr & !31;
    let end = (addr + len + 31) & !31;
    start..end
}

/// [`CacheOps`] over the model: a write-back cache that never evicts on its own.
pub struct FakeCache(pub Rc<RefCell<Model>>);

impl CacheOps for FakeCache {
    fn flush(&mut self, addr: usize, len: usize) {
        let mut m = self.0.borrow_mut();
        m.ops.push(Op::Flush(addr, len));
        for a in lines(addr, len) {
            // SAFETY: tests only flush ranges inside the slot pool they mapped and own.
            let b = unsafe { core::ptr::read_volatile(a as *const u8) };
            m.ram.insert(a, b);
        }
    }
    fn invalidate(&mut self, addr: usize, len: usize) {
        let mut m = self.0.borrow_mut();
        m.ops.push(Op::Invalidate(addr, len));
        for a in lines(addr, len) {
            let b = m.ram.get(&a).copied().unwrap_or(0xDB);
            // SAFETY: as above; the CPU view of a line is replaced by memory, as `dcbi` does.
            unsafe { core::ptr::write_volatile(a as *mut u8, b) };
        }
    }
}

/// A cache that does nothing: used to show the model catches a missing flush.
pub struct NoCache;

impl CacheOps for NoCache {
    fn flush(&mut self, _: usize, _: usize) {}
    fn invalidate(&mut self, _: usize, _: usize) {}
}
