//! The polling IPC client: a pool of slots, a FIFO of requests waiting for the mailbox, and the
//! ack/reply state machine of libogc `ipc.c` without interrupts (Dolphin `WII_IPC.cpp` rules:
//! clear Y2, Y1 and the IRQ cause, or IOS posts nothing more).
//!
//! Invariants: at most one request is in the mailbox (sent, not yet acked); a slot's memory is
//! not touched by the CPU between its flush and its reply; a timed-out slot stays reserved until
//! IOS answers it, so IOS never writes into a reused buffer.

use super::cache::CacheOps;
use super::error::{IosError, IpcError};
use super::regs::{IpcRegs, CTRL_IRQ_ENABLES, CTRL_X1, CTRL_X2, CTRL_Y1, CTRL_Y2};
use super::slot::{cmd, phys, Dma, Slot};
use core::ptr::{addr_of, NonNull};
use core::sync::atomic::{compiler_fence, Ordering};
use heapless::Deque;

mod handover;

/// Most slots a client manages.
const MAX_SLOTS: usize = 16;

/// Handle of a submitted request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotId(pub u8);

/// A finished request: the reply value and the bytes IOS may have written.
#[derive(Debug)]
pub struct Completion<'a> {
    /// Non-negative reply value (fd, byte count, ioctl status).
    pub value: u32,
    /// The whole output area of the request (reads, ioctl out, ioctlv io vector).
    pub out: &'a [u8],
}

/// Counters, for the diagnostic screen and the tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub sent: u32,
    pub acks: u32,
    pub replies: u32,
    /// Replies whose ARMMSG matched no slot.
    pub unknown_replies: u32,
    /// Replies whose word 0 was not IPC_REPLY (8).
    pub bad_replies: u32,
    pub timeouts: u32,
    /// Replies that arrived after their request had timed out.
    pub late_replies: u32,
    /// A reply left posted by whoever used the mailbox before, drained at start-up.
    pub stale_replies: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Free,
    Queued,
    InMailbox,
    Waiting,
    Done(i32),
    TimedOut,
    /// Timed out while IOS owned it: reserved until its reply arrives.
    Abandoned,
}

struct Entry {
    state: State,
    deadline: Option<u32>,
    dma: Dma,
    /// An abandoned request's timeout was already returned by `take`.
    reported: bool,
}

/// The IPC client over registers `R` and cache seam `C`.
pub struct Ipc<R: IpcRegs, C: CacheOps> {
    regs: R,
    cache: C,
    pool: NonNull<Slot>,
    entries: heapless::Vec<Entry, MAX_SLOTS>,
    queue: Deque<u8, MAX_SLOTS>,
    mailbox_busy: bool,
    stats: Stats,
}

fn expired(now: u32, deadline: Option<u32>) -> bool {
    // Wrapping comparison: the clock is a free-running millisecond counter.
    deadline.is_some_and(|d| now.wrapping_sub(d) < u32::MAX / 2)
}

impl<R: IpcRegs, C: CacheOps> Ipc<R, C> {
    /// Creates the client over `len` slots at `pool` and clears stale mailbox state the way
    /// libogc `__IPC_ClntInit` (`ipc.c`) and the Homebrew Channel stub's `ipc_cleanup_reply`
    /// (hbc `channel/channelapp/stub/ios.c`) do: a reply still posted (Y1) is read from ARMMSG,
    /// cleared and acknowledged with X2 (IOS posts nothing more until it sees X2); then
    /// `IY1|IY2|X2|Y2` is written. The interrupt enables stay set from here on (see
    /// [`CTRL_IRQ_ENABLES`]).
    ///
    /// # Safety
    /// `pool..pool+len` must be valid `Slot`s used by nothing else (except IOS through this
    /// client) for the client's whole life.
    pub unsafe fn new(mut regs: R, cache: C, pool: NonNull<Slot>, len: usize) -> Self {
        let mut entries = heapless::Vec::new();
        for _ in 0..len.min(MAX_SLOTS) {
            let _ = entries.push(Entry {
                state: State::Free,
                deadline: None,
                dma: Dma::default(),
                reported: false,
            });
        }
        let mut stale_replies = 0;
        if regs.ctrl() & CTRL_Y1 != 0 {
            // A reply to a request of whoever ran before (a loader, a timed-out client).
            let _ = regs.armmsg();
            regs.set_ctrl(CTRL_IRQ_ENABLES | CTRL_Y1);
            regs.clear_irq();
            regs.set_ctrl(CTRL_IRQ_ENABLES | CTRL_X2);
            stale_replies = 1;
        }
        regs.set_ctrl(CTRL_IRQ_ENABLES | CTRL_X2 | CTRL_Y2);
        regs.clear_irq();
        Ipc {
            regs,
            cache,
            pool,
            entries,
            queue: Deque::new(),
            mailbox_busy: false,
            stats: Stats {
                stale_replies,
                ..Stats::default()
            },
        }
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Slots not in use (free for a new request).
    pub fn free_slots(&self) -> usize {
        self.entries
            .iter()
            .filter(|e| e.state == State::Free)
            .count()
    }

    fn slot_ptr(&self, i: usize) -> *mut Slot {
        // SAFETY: pointer arithmetic only: i < entries.len() <= pool length, per `new`.
        unsafe { self.pool.as_ptr().add(i) }
    }

    fn submit(
        &mut self,
        now: u32,
        timeout_ms: Option<u32>,
        fill: impl FnOnce(&mut Slot) -> Result<Dma, IpcError>,
    ) -> Result<SlotId, IpcError> {
        let i = self
            .entries
            .iter()
            .position(|e| e.state == State::Free)
            .ok_or(IpcError::NoFreeSlot)?;
        // SAFETY: the slot is Free, so neither IOS nor a live borrow uses it (invariant of `new`).
        let dma = fill(unsafe { &mut *self.slot_ptr(i) })?;
        let base = self.slot_ptr(i) as usize;
        for s in &dma.flush {
            self.cache.flush(base + s.off, s.len);
        }
        if let Some(x) = dma.ext {
            self.cache.flush(x.off, x.len);
        }
        let e = &mut self.entries[i];
        e.dma = dma;
        e.reported = false;
        e.state = State::Queued;
        e.deadline = timeout_ms.map(|t| now.wrapping_add(t));
        if self.queue.push_back(i as u8).is_err() {
            self.entries[i].state = State::Free;
            return Err(IpcError::NoFreeSlot);
        }
        self.pump();
        Ok(SlotId(i as u8))
    }

    /// Sends the next queued request if the mailbox is free.
    fn pump(&mut self) {
        if self.mailbox_busy {
            return;
        }
        while let Some(i) = self.queue.pop_front() {
            let i = i as usize;
            if self.entries[i].state != State::Queued {
                continue;
            }
            let p = phys(self.slot_ptr(i) as usize);
            self.entries[i].state = State::InMailbox;
            self.mailbox_busy = true;
            self.stats.sent += 1;
            self.regs.set_ppcmsg(p);
            let c = self.regs.ctrl();
            self.regs.set_ctrl((c & CTRL_IRQ_ENABLES) | CTRL_X1);
            return;
        }
    }

    /// Handles any ack and reply the hardware shows, sends the next queued request and expires
    /// deadlines. Call often (every frame at least); never blocks.
    pub fn poll(&mut self, now: u32) {
        for _ in 0..4 {
            let c = self.regs.ctrl();
            if c & (CTRL_Y1 | CTRL_Y2) == 0 {
                break;
            }
            if c & CTRL_Y2 != 0 {
                self.regs.set_ctrl((c & CTRL_IRQ_ENABLES) | CTRL_Y2);
                self.regs.clear_irq();
                self.on_ack();
                self.pump();
            }
            let c = self.regs.ctrl();
            if c & CTRL_Y1 != 0 {
                let addr = self.regs.armmsg();
                self.regs.set_ctrl((c & CTRL_IRQ_ENABLES) | CTRL_Y1);
                self.regs.clear_irq();
                self.on_reply(addr);
                let c = self.regs.ctrl();
                self.regs.set_ctrl((c & CTRL_IRQ_ENABLES) | CTRL_X2);
            }
        }
        self.expire(now);
        self.pump();
    }

    fn on_ack(&mut self) {
        self.stats.acks += 1;
        self.mailbox_busy = false;
        if let Some(e) = self
            .entries
            .iter_mut()
            .find(|e| e.state == State::InMailbox)
        {
            e.state = State::Waiting;
        }
    }

    fn on_reply(&mut self, addr: u32) {
        self.stats.replies += 1;
        let Some(i) = (0..self.entries.len()).find(|&i| phys(self.slot_ptr(i) as usize) == addr)
        else {
            self.stats.unknown_replies += 1;
            return;
        };
        let base = self.slot_ptr(i) as usize;
        for s in &self.entries[i].dma.invalidate {
            self.cache.invalidate(base + s.off, s.len);
        }
        if let Some(x) = self.entries[i].dma.ext {
            self.cache.invalidate(x.off, x.len);
        }
        compiler_fence(Ordering::SeqCst);
        let slot = self.slot_ptr(i);
        // SAFETY: the slot is valid (`new`); IOS finished with it and the range was invalidated.
        let (word0, result) = unsafe {
            (
                core::ptr::read_volatile(addr_of!((*slot).req[0])),
                core::ptr::read_volatile(addr_of!((*slot).req[1])),
            )
        };
        if word0 != cmd::REPLY {
            self.stats.bad_replies += 1;
        }
        let e = &mut self.entries[i];
        match e.state {
            State::Abandoned => {
                self.stats.late_replies += 1;
                e.state = State::Free;
            }
            State::InMailbox | State::Waiting => {
                if e.state == State::InMailbox {
                    // A reply implies the ack happened; do not wait for a Y2 that was folded in.
                    self.mailbox_busy = false;
                }
                e.state = State::Done(result as i32);
            }
            _ => self.stats.unknown_replies += 1,
        }
    }

    fn expire(&mut self, now: u32) {
        for e in self.entries.iter_mut() {
            if !expired(now, e.deadline) {
                continue;
            }
            e.deadline = None;
            match e.state {
                State::Queued => {
                    self.stats.timeouts += 1;
                    e.state = State::TimedOut;
                }
                State::InMailbox | State::Waiting => {
                    self.stats.timeouts += 1;
                    e.state = State::Abandoned;
                }
                _ => {}
            }
        }
    }

    /// Takes the outcome of request `id` if it has finished: the slot becomes free again.
    /// `None` while it is still in flight.
    pub fn take(&mut self, id: SlotId) -> Option<Result<Completion<'_>, IpcError>> {
        let i = id.0 as usize;
        let e = self.entries.get_mut(i)?;
        match e.state {
            State::Done(r) => {
                e.state = State::Free;
                let out = e.dma.out;
                Some(IosError::check(r).map_err(IpcError::Ios).map(|value| {
                    let slot = self.slot_ptr(i);
                    // SAFETY: the reply was invalidated; the slot is free but untouched until the
                    // next submit, which needs `&mut self` and so ends this borrow first.
                    let buf: &[u8] = unsafe { &*addr_of!((*slot).buf) };
                    let out = out.map_or(&buf[..0], |s| &buf[s.off..s.off + s.len]);
                    Completion { value, out }
                }))
            }
            State::TimedOut => {
                e.state = State::Free;
                Some(Err(IpcError::Timeout))
            }
            // Report the timeout once; the slot stays reserved until IOS replies.
            State::Abandoned if !e.reported => {
                e.reported = true;
                Some(Err(IpcError::Timeout))
            }
            _ => None,
        }
    }

    /// Polls until request `id` finishes or its timeout passes; `now` reads the millisecond clock.
    pub fn wait(
        &mut self,
        id: SlotId,
        mut now: impl FnMut() -> u32,
    ) -> Result<Completion<'_>, IpcError> {
        loop {
            self.poll(now());
            let i = id.0 as usize;
            let finished = matches!(
                self.entries.get(i).map(|e| e.state),
                Some(State::Done(_) | State::TimedOut | State::Abandoned) | None
            );
            if finished {
                return self.take(id).unwrap_or(Err(IpcError::Timeout));
            }
        }
    }

    /// Queues `IOS_Open(path, mode)`.
    pub fn open(
        &mut self,
        path: &str,
        mode: u32,
        now: u32,
        timeout_ms: Option<u32>,
    ) -> Result<SlotId, IpcError> {
        self.submit(now, timeout_ms, |s| s.open(path, mode))
    }
    /// Queues `IOS_Close(fd)`.
    pub fn close(
        &mut self,
        fd: i32,
        now: u32,
        timeout_ms: Option<u32>,
    ) -> Result<SlotId, IpcError> {
        self.submit(now, timeout_ms, |s| s.close(fd))
    }
    /// Queues `IOS_Read(fd, len)`.
    pub fn read(
        &mut self,
        fd: i32,
        len: usize,
        now: u32,
        timeout_ms: Option<u32>,
    ) -> Result<SlotId, IpcError> {
        self.submit(now, timeout_ms, |s| s.read(fd, len))
    }
    /// Queues `IOS_Write(fd, data)`.
    pub fn write(
        &mut self,
        fd: i32,
        data: &[u8],
        now: u32,
        timeout_ms: Option<u32>,
    ) -> Result<SlotId, IpcError> {
        self.submit(now, timeout_ms, |s| s.write(fd, data))
    }
    /// Queues `IOS_Ioctl(fd, num, input, out_len)`.
    pub fn ioctl(
        &mut self,
        fd: i32,
        num: u32,
        input: &[u8],
        out_len: usize,
        now: u32,
        timeout_ms: Option<u32>,
    ) -> Result<SlotId, IpcError> {
        self.submit(now, timeout_ms, |s| s.ioctl(fd, num, input, out_len))
    }
    /// Queues the SDIO-shaped `IOS_Ioctlv(fd, num, [input, external buffer], [reply])`.
    ///
    /// # Safety
    /// `ext_addr..+ext_len` must be memory the caller owns (whole cache lines, nothing else in
    /// them) and does not touch until this request's `take`/`wait` returns, or, after a
    /// timeout, never again: IOS may still DMA into it.
    #[allow(clippy::too_many_arguments)]
    pub unsafe fn ioctlv_dma(
        &mut self,
        fd: i32,
        num: u32,
        input: &[u8],
        ext_addr: usize,
        ext_len: usize,
        io_len: usize,
        now: u32,
        timeout_ms: Option<u32>,
    ) -> Result<SlotId, IpcError> {
        self.submit(now, timeout_ms, |s| {
            s.ioctlv_dma(fd, num, input, ext_addr, ext_len, io_len)
        })
    }
    /// Queues `IOS_Ioctlv(fd, num, scalar ins…, one io vector)`.
    #[allow(clippy::too_many_arguments)]
    pub fn ioctlv(
        &mut self,
        fd: i32,
        num: u32,
        ins: &[&[u8]],
        io: &[u8],
        io_len: usize,
        now: u32,
        timeout_ms: Option<u32>,
    ) -> Result<SlotId, IpcError> {
        self.submit(now, timeout_ms, |s| s.ioctlv(fd, num, ins, io, io_len))
    }
}
