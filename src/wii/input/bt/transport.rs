//! The Bluetooth transport: IOS device `/dev/usb/oh1/57e/305` driven through the IPC client.
//!
//! Keeps one interrupt-IN (HCI events, endpoint 0x81) and one bulk-IN (ACL, 0x82) read always
//! posted, sends HCI commands as USB control messages (ioctlv 0) and ACL as bulk-OUT on 0x02
//! (ioctlv 1), and moves bytes between IOS and the sans-I/O [`Host`]. Message shapes from libogc
//! `usb.c` / Dolphin `BTEmu.cpp` (docs/hardware.md, "Bluetooth"). An open that IOS refuses
//! while it is still starting (-6, -4, timeout) is retried ([`OpenRetry`]). Never blocks.

use super::host::Host;
use crate::wii::ios::ipc::{CacheOps, Ipc, IpcError, IpcRegs, OpenRetry, SlotId};

/// The Bluetooth controller's device node.
pub const DEVICE: &str = "/dev/usb/oh1/57e/305";
const IOCTLV_CTRL: u32 = 0;
const IOCTLV_BULK: u32 = 1;
const IOCTLV_INTR: u32 = 2;
const EP_EVENTS: u8 = 0x81;
const EP_ACL_IN: u8 = 0x82;
const EP_ACL_OUT: u8 = 0x02;
/// Read buffer size for both IN endpoints (events ≤ 257 bytes, ACL ≤ MTU 339 + 4).
const READ_LEN: u16 = 1024;
/// Outgoing messages must be answered within this time or are given up.
const SEND_TIMEOUT_MS: u32 = 1000;
/// Passes over the mailbox per `pump`, enough for a frame's worth of reports from 4 remotes.
const MAX_ROUNDS: usize = 48;

/// Where the transport is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    Closed,
    Opening,
    /// The open failed while IOS may still be starting; it is tried again soon.
    Retrying,
    Running,
    Failed(IpcError),
}

/// Counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub events_read: u32,
    pub acl_read: u32,
    pub commands_sent: u32,
    pub acl_sent: u32,
    pub errors: u32,
}

/// The transport's requests in flight.
pub struct Transport {
    state: State,
    fd: i32,
    open: Option<SlotId>,
    intr: Option<SlotId>,
    bulk: Option<SlotId>,
    ctrl: Option<SlotId>,
    acl: Option<SlotId>,
    retry: OpenRetry,
    stats: Stats,
}

impl Default for Transport {
    fn default() -> Self {
        Self::new()
    }
}

impl Transport {
    pub const fn new() -> Self {
        Transport {
            state: State::Closed,
            fd: -1,
            open: None,
            intr: None,
            bulk: None,
            ctrl: None,
            acl: None,
            retry: OpenRetry::new(),
            stats: Stats {
                events_read: 0,
                acl_read: 0,
                commands_sent: 0,
                acl_sent: 0,
                errors: 0,
            },
        }
    }

    pub fn state(&self) -> State {
        self.state
    }
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Opens the device; the host starts once the open succeeds (see [`Transport::pump`]).
    pub fn start<R: IpcRegs, C: CacheOps>(&mut self, ipc: &mut Ipc<R, C>, now: u32) {
        match ipc.open(DEVICE, 0, now, Some(SEND_TIMEOUT_MS)) {
            Ok(id) => {
                self.open = Some(id);
                self.state = State::Opening;
            }
            Err(e) => self.state = State::Failed(e),
        }
    }

    /// The open failed with `e`: schedule another attempt or fail for good.
    fn open_failed(&mut self, e: IpcError, now: u32) {
        if self.retry.failed(e, now) {
            crate::log!(
                "event=ios_open_retry device={} error=\"{}\" attempt={}",
                DEVICE,
                e,
                self.retry.retries + 1
            );
            self.state = State::Retrying;
        } else {
            self.state = State::Failed(e);
        }
    }

    /// Open attempts after the first, so far.
    pub fn open_retries(&self) -> u32 {
        self.retry.retries
    }

    /// Closes the device (blocking, with a timeout): IOS then answers the reads still posted.
    pub fn close<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: &mut dyn FnMut() -> u32,
    ) {
        if self.state == State::Running {
            if let Ok(id) = ipc.close(self.fd, clock(), Some(SEND_TIMEOUT_MS)) {
                let _ = ipc.wait(id, &mut *clock);
            }
        }
        self.state = State::Closed;
        self.fd = -1;
    }

    fn post<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        ioctl: u32,
        ep: u8,
        now: u32,
    ) -> Option<SlotId> {
        match ipc.ioctlv(
            self.fd,
            ioctl,
            &[&[ep], &READ_LEN.to_be_bytes()],
            &[],
            READ_LEN as usize,
            now,
            None,
        ) {
            Ok(id) => Some(id),
            Err(_) => {
                self.stats.errors += 1;
                None
            }
        }
    }

    /// Moves everything that is ready between IOS and the host; true if anything moved.
    /// Call every frame (or more).
    pub fn pump<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        host: &mut Host,
        now: u32,
    ) -> bool {
        let mut moved = false;
        for _ in 0..MAX_ROUNDS {
            ipc.poll(now);
            if !self.round(ipc, host, now) {
                break;
            }
            moved = true;
        }
        host.tick(now);
        moved
    }

    /// One pass; true if anything moved.
    fn round<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        host: &mut Host,
        now: u32,
    ) -> bool {
        let mut moved = false;
        if self.state == State::Retrying && self.retry.due(now) {
            self.start(ipc, now);
        }
        if let Some(id) = self.open {
            match ipc.take(id) {
                None => return false,
                Some(Ok(c)) => {
                    self.open = None;
                    self.fd = c.value as i32;
                    self.state = State::Running;
                    host.start();
                    moved = true;
                }
                Some(Err(e)) => {
                    self.open = None;
                    self.open_failed(e, now);
                    return false;
                }
            }
        }
        if self.state != State::Running {
            return false;
        }
        if let Some(id) = self.intr {
            if let Some(r) = ipc.take(id) {
                self.intr = None;
                moved = true;
                match r {
                    Ok(c) => {
                        self.stats.events_read += 1;
                        host.on_event(&c.out[..(c.value as usize).min(c.out.len())], now);
                    }
                    Err(_) => self.stats.errors += 1,
                }
            }
        }
        if self.intr.is_none() {
            self.intr = self.post(ipc, IOCTLV_INTR, EP_EVENTS, now);
        }
        if let Some(id) = self.bulk {
            if let Some(r) = ipc.take(id) {
                self.bulk = None;
                moved = true;
                match r {
                    Ok(c) => {
                        self.stats.acl_read += 1;
                        host.on_acl(&c.out[..(c.value as usize).min(c.out.len())], now);
                    }
                    Err(_) => self.stats.errors += 1,
                }
            }
        }
        if self.bulk.is_none() {
            self.bulk = self.post(ipc, IOCTLV_BULK, EP_ACL_IN, now);
        }
        for slot in [&mut self.ctrl, &mut self.acl] {
            if let Some(id) = *slot {
                if let Some(r) = ipc.take(id) {
                    *slot = None;
                    moved = true;
                    if r.is_err() {
                        self.stats.errors += 1;
                    }
                }
            }
        }
        if self.ctrl.is_none() {
            if let Some(cmd) = host.pop_command(now) {
                let b = cmd.as_bytes();
                let len = (b.len() as u16).to_le_bytes();
                let cells: [&[u8]; 6] = [&[0x20], &[0], &[0, 0], &[0, 0], &len, &[0]];
                match ipc.ioctlv(
                    self.fd,
                    IOCTLV_CTRL,
                    &cells,
                    b,
                    b.len(),
                    now,
                    Some(SEND_TIMEOUT_MS),
                ) {
                    Ok(id) => {
                        self.ctrl = Some(id);
                        self.stats.commands_sent += 1;
                        moved = true;
                    }
                    Err(_) => self.stats.errors += 1,
                }
            }
        }
        if self.acl.is_none() {
            if let Some(p) = host.pop_acl() {
                let len = (p.len() as u16).to_be_bytes();
                match ipc.ioctlv(
                    self.fd,
                    IOCTLV_BULK,
                    &[&[EP_ACL_OUT], &len],
                    &p,
                    p.len(),
                    now,
                    Some(SEND_TIMEOUT_MS),
                ) {
                    Ok(id) => {
                        self.acl = Some(id);
                        self.stats.acl_sent += 1;
                        moved = true;
                    }
                    Err(_) => self.stats.errors += 1,
                }
            }
        }
        moved
    }
}

#[cfg(test)]
mod tests;
