//! Host tests of the mailbox state a loader hands over and expects back. The Homebrew
//! Channel's reload stub (hbc `channel/channelapp/stub/ios.c`) is modelled here on the fake
//! IOS: its `ipc_wait_ack` spins on `(ctrl & 0x22) == 0x22`, its `ipc_wait_reply` on
//! `(ctrl & 0x14) == 0x14`, and its `reset_ios` closes fds 0-31 after draining. libogc
//! `ipc.c` writes 0x38 at `__IPC_ClntInit`/`__IPC_Reinitialize` and keeps `& 0x30` on every
//! write; a stale reply is drained with ARMMSG read, Y1, IRQ ack, X2 (hbc `ipc_cleanup_reply`).

use super::fake::{FakeCache, FakeRegs, Model};
use super::regs::{CTRL_X2, CTRL_Y1, CTRL_Y2};
use super::*;
use core::ptr::NonNull;
use std::boxed::Box;
use std::cell::RefCell;
use std::rc::Rc;
use std::vec::Vec;

/// Polls of a wait loop after which the model calls it a hang.
const SPIN_LIMIT: usize = 10_000;

fn client_over(m: &Rc<RefCell<Model>>) -> Ipc<FakeRegs, FakeCache> {
    let v: Vec<Slot> = (0..4).map(|_| Slot::new()).collect();
    let p = Box::leak(v.into_boxed_slice());
    m.borrow_mut()
        .map(p.as_ptr() as usize, 4 * core::mem::size_of::<Slot>());
    let ptr = NonNull::new(p.as_mut_ptr()).expect("non-null");
    // SAFETY: the pool was leaked for this client alone.
    unsafe { Ipc::new(FakeRegs(m.clone()), FakeCache(m.clone()), ptr, 4) }
}

/// The stub's 64-byte request block, in memory the fake IOS can address.
#[repr(C, align(64))]
struct StubIpc([u32; 16]);

#[derive(Debug, PartialEq, Eq)]
enum StubError {
    /// `ipc_wait_ack` would spin for ever.
    AckNeverSeen,
    /// `ipc_wait_reply` would spin for ever.
    ReplyNeverSeen,
}

/// The HBC stub's IPC, register for register, over the fake (IOS answers every request with
/// 0 when it sees it, as closing an unused fd does).
struct Stub {
    regs: FakeRegs,
    cache: FakeCache,
    m: Rc<RefCell<Model>>,
    block: &'static mut StubIpc,
}

impl Stub {
    fn new(regs: FakeRegs, m: &Rc<RefCell<Model>>) -> Stub {
        let block = Box::leak(Box::new(StubIpc([0; 16])));
        m.borrow_mut().map(block as *mut StubIpc as usize, 64);
        Stub {
            regs,
            cache: FakeCache(m.clone()),
            m: m.clone(),
            block,
        }
    }
    fn phys(&self) -> u32 {
        phys(self.block as *const StubIpc as usize)
    }
    fn bell(&mut self, w: u32) {
        let c = self.regs.ctrl();
        self.regs.set_ctrl((c & 0x30) | w);
    }
    fn irq_ack(&mut self) {
        self.regs.clear_irq();
    }
    fn answer_everything(&mut self) {
        let pending: Vec<u32> = self.m.borrow().inbox.iter().map(|r| r.phys).collect();
        for p in pending {
            self.m.borrow_mut().reply(p, 0, &[]);
        }
    }
    fn wait(&mut self, mask: u32, e: StubError) -> Result<(), StubError> {
        for _ in 0..SPIN_LIMIT {
            if self.regs.ctrl() & mask == mask {
                return Ok(());
            }
            self.answer_everything();
        }
        Err(e)
    }
    /// `reset_ios`: ten rounds of `ipc_cleanup_request` + `ipc_cleanup_reply`, then
    /// `ios_close(i)` for i in 0..32 (send, wait ack, bell 2, wait reply, bell 4, ack, bell 8).
    fn reset_ios(&mut self) -> Result<(), StubError> {
        for _ in 0..10 {
            if self.regs.ctrl() & 0x22 == 0x22 {
                self.bell(2);
            }
            if self.regs.ctrl() & 0x14 == 0x14 {
                let _ = self.regs.armmsg();
                self.bell(4);
                self.irq_ack();
                self.bell(8);
            }
            self.irq_ack();
        }
        for fd in 0..32u32 {
            self.block.0 = [0; 16];
            self.block.0[0] = 2; // IOS_Close
            self.block.0[2] = fd;
            let addr = self.block as *const StubIpc as usize;
            self.cache.flush(addr, 64);
            let p = self.phys();
            self.regs.set_ppcmsg(p);
            self.bell(1);
            self.wait(0x22, StubError::AckNeverSeen)?;
            self.bell(2);
            self.irq_ack();
            loop {
                self.wait(0x14, StubError::ReplyNeverSeen)?;
                let reply = self.regs.armmsg();
                self.bell(4);
                self.irq_ack();
                self.bell(8);
                if reply == p {
                    break;
                }
            }
        }
        Ok(())
    }
}

/// What the Homebrew Channel leaves in PPCCTRL: its libogc set IY1|IY2.
const HBC_CTRL: u32 = 0x30;

#[test]
fn ppcctrl_keeps_the_loaders_irq_enables_through_init_and_every_request() {
    let m = Model::shared();
    m.borrow_mut().ctrl = HBC_CTRL;
    let mut ipc = client_over(&m);
    assert_eq!(m.borrow().ctrl & 0x30, 0x30, "after init");
    let id = ipc
        .open("/dev/stm/immediate", 0, 0, Some(100))
        .expect("slot");
    let p = m.borrow().find(|r| r.cmd == 1).expect("open").phys;
    m.borrow_mut().reply(p, 3, &[]);
    ipc.poll(1);
    assert_eq!(ipc.take(id).expect("done").expect("ok").value, 3);
    let writes = m.borrow().ctrl_writes.clone();
    assert!(
        writes.iter().all(|w| w & 0x30 == 0x30),
        "every PPCCTRL write keeps IY1|IY2: {writes:x?}"
    );
}

#[test]
fn ppcctrl_is_0x38_before_the_jump_and_the_hbc_stub_then_closes_every_fd() {
    let m = Model::shared();
    m.borrow_mut().ctrl = HBC_CTRL;
    let mut ipc = client_over(&m);
    // A request IOS answers late, as a released STM hook does.
    let id = ipc.open("/dev/stm/eventhook", 0, 0, None).expect("slot");
    let p = m.borrow().find(|r| r.cmd == 1).expect("open").phys;
    let mut t = 0;
    let model = m.clone();
    let regs = ipc.hand_back(
        &mut || {
            t += 1;
            if t == 5 {
                model.borrow_mut().reply(p, 1, &[]);
            }
            t
        },
        200,
    );
    let _ = id;
    assert!(
        m.borrow().inbox.is_empty(),
        "the owed reply was taken first"
    );
    assert_eq!(
        m.borrow().ctrl_writes.last(),
        Some(&0x38),
        "libogc __IPC_Reinitialize"
    );
    let mut stub = Stub::new(regs, &m);
    assert_eq!(stub.reset_ios(), Ok(()));
    assert_eq!(
        m.borrow()
            .ops
            .iter()
            .filter(|o| matches!(o, super::fake::Op::Send(_)))
            .count(),
        1 + 32,
        "the game's open, then the stub's 32 closes"
    );
    assert!(
        m.borrow().violations.is_empty(),
        "{:?}",
        m.borrow().violations
    );
}

#[test]
fn with_the_enables_cleared_the_hbc_stub_model_would_spin() {
    // The model itself: the stub hangs on a mailbox with IY2 clear (what the game left
    // before this fix: PPCCTRL written as 0x06 at init and `& 0x30` ever after).
    let m = Model::shared();
    let mut stub = Stub::new(FakeRegs(m.clone()), &m);
    assert_eq!(stub.reset_ios(), Err(StubError::AckNeverSeen));
}

#[test]
fn a_stale_reply_is_drained_with_x2_at_start_so_ios_replies_again() {
    let m = Model::shared();
    m.borrow_mut().ctrl = HBC_CTRL;
    m.borrow_mut().leave_stale_reply(0x0123_4560);
    let mut ipc = client_over(&m);
    assert_eq!(ipc.stats().stale_replies, 1);
    assert_eq!(
        m.borrow().ctrl_writes[..3],
        [0x30 | CTRL_Y1, 0x30 | CTRL_X2, 0x30 | CTRL_X2 | CTRL_Y2],
        "ARMMSG read, Y1 cleared, X2, then 0x30|X2|Y2 (libogc ipc.c, hbc ipc_cleanup_reply)"
    );
    let id = ipc
        .open("/dev/usb/oh1/57e/305", 0, 0, Some(100))
        .expect("slot");
    let p = m.borrow().find(|r| r.cmd == 1).expect("open").phys;
    m.borrow_mut().reply(p, 4, &[]);
    ipc.poll(1);
    assert_eq!(
        ipc.take(id)
            .expect("IOS posted the reply")
            .expect("ok")
            .value,
        4
    );
}
