//! Host tests of the IPC client against the fake IOS and the non-coherent cache model.

use super::fake::{FakeCache, FakeRegs, Model, NoCache, Op};
use super::*;
use core::ptr::NonNull;
use std::boxed::Box;
use std::cell::RefCell;
use std::rc::Rc;
use std::vec::Vec;

mod loader;

fn pool(n: usize) -> (NonNull<Slot>, usize) {
    let v: Vec<Slot> = (0..n).map(|_| Slot::new()).collect();
    let p = Box::leak(v.into_boxed_slice());
    (
        NonNull::new(p.as_mut_ptr()).expect("leaked box is non-null"),
        n,
    )
}

fn client(n: usize) -> (Ipc<FakeRegs, FakeCache>, Rc<RefCell<Model>>) {
    let m = Model::shared();
    let (p, n) = pool(n);
    m.borrow_mut()
        .map(p.as_ptr() as usize, n * core::mem::size_of::<Slot>());
    // SAFETY: the pool was leaked for this client alone.
    let ipc = unsafe { Ipc::new(FakeRegs(m.clone()), FakeCache(m.clone()), p, n) };
    (ipc, m)
}

#[test]
fn open_sends_the_path_and_returns_the_fd_from_the_reply() {
    let (mut ipc, m) = client(4);
    let id = ipc
        .open("/dev/usb/oh1/57e/305", 0, 0, Some(100))
        .expect("slot");
    let req = m.borrow().find(|r| r.cmd == 1).expect("IOS got the open");
    assert_eq!(req.path, b"/dev/usb/oh1/57e/305");
    m.borrow_mut().reply(req.phys, 3, &[]);
    ipc.poll(1);
    let c = ipc.take(id).expect("finished").expect("success");
    assert_eq!(c.value, 3);
    assert!(
        m.borrow().violations.is_empty(),
        "{:?}",
        m.borrow().violations
    );
}

#[test]
fn ios_error_codes_come_back_typed() {
    let (mut ipc, m) = client(2);
    let id = ipc.open("/dev/nothing", 0, 0, Some(100)).expect("slot");
    let p = m.borrow().find(|r| r.cmd == 1).expect("open").phys;
    m.borrow_mut().reply(p, -6, &[]);
    ipc.poll(1);
    assert_eq!(
        ipc.take(id).expect("done").err(),
        Some(IpcError::Ios(IosError::NotFound))
    );
}

#[test]
fn every_byte_ios_reads_was_flushed_and_every_reply_byte_is_invalidated_before_use() {
    let (mut ipc, m) = client(4);
    // An HCI command as a USB control message: six scalar cells and one io vector.
    let cmd = [0x03, 0x0c, 0x00];
    let id = ipc
        .ioctlv(
            0,
            0,
            &[&[0x20], &[0], &[0, 0], &[0, 0], &[3, 0], &[0]],
            &cmd,
            3,
            0,
            None,
        )
        .expect("slot");
    let req = m.borrow().find(|r| r.cmd == 7).expect("ioctlv");
    assert_eq!(req.args[1..3], [6, 1]);
    let seen: Vec<Vec<u8>> = req.vecs.iter().map(|v| v.1.clone()).collect();
    assert_eq!(
        seen,
        [&[0x20][..], &[0], &[0, 0], &[0, 0], &[3, 0], &[0], &cmd].map(|s| s.to_vec())
    );
    m.borrow_mut().reply(req.phys, 3, &[]);
    ipc.poll(0);
    // A bulk-IN read whose data IOS writes by DMA: the CPU must see it only after invalidating.
    let rd = ipc
        .ioctlv(0, 1, &[&[0x82], &[0x04, 0x00]], &[], 1024, 0, None)
        .expect("slot");
    ipc.poll(0);
    let rq = m
        .borrow()
        .find(|r| r.cmd == 7 && r.args[0] == 1)
        .expect("bulk read");
    let io = rq.vecs[2].0;
    let acl = [
        0x00, 0x21, 0x0b, 0x00, 0x07, 0x00, 0x71, 0x00, 0xa1, 0x30, 0x00, 0x08,
    ];
    m.borrow_mut()
        .reply(rq.phys, acl.len() as i32, &[(io, &acl)]);
    ipc.poll(1);
    assert_eq!(ipc.take(id).expect("done").expect("ok").value, 3);
    let c = ipc.take(rd).expect("done").expect("ok");
    assert_eq!(c.value as usize, acl.len());
    assert_eq!(&c.out[..acl.len()], &acl);
    assert!(
        m.borrow().violations.is_empty(),
        "{:?}",
        m.borrow().violations
    );
    // Every flush of a request happened before its Send, and invalidates only after sends.
    let ops = m.borrow().ops.clone();
    let first_send = ops
        .iter()
        .position(|o| matches!(o, Op::Send(_)))
        .expect("sent");
    assert!(ops[..first_send].iter().all(|o| matches!(o, Op::Flush(..))));
    assert!(
        ops.iter()
            .filter(|o| matches!(o, Op::Invalidate(..)))
            .count()
            >= 6
    );
}

#[test]
fn the_cache_model_catches_a_client_that_never_flushes() {
    let m = Model::shared();
    let (p, n) = pool(2);
    m.borrow_mut()
        .map(p.as_ptr() as usize, n * core::mem::size_of::<Slot>());
    // SAFETY: the pool was leaked for this client alone.
    let mut ipc = unsafe { Ipc::new(FakeRegs(m.clone()), NoCache, p, n) };
    ipc.open("/dev/stm/eventhook", 0, 0, None).expect("slot");
    assert!(!m.borrow().violations.is_empty());
}

#[test]
fn reads_stay_posted_while_other_requests_complete_out_of_order() {
    let (mut ipc, m) = client(4);
    let intr = ipc
        .ioctlv(0, 2, &[&[0x81], &[0x01, 0x00]], &[], 256, 0, None)
        .expect("slot");
    let bulk = ipc
        .ioctlv(0, 1, &[&[0x82], &[0x04, 0x00]], &[], 1024, 0, None)
        .expect("slot");
    ipc.poll(0);
    let w = ipc.write(5, b"hello", 0, Some(50)).expect("slot");
    ipc.poll(0);
    let wp = m.borrow().find(|r| r.cmd == 4).expect("write");
    assert_eq!(wp.input, b"hello");
    assert_eq!(wp.fd, 5);
    m.borrow_mut().reply(wp.phys, 5, &[]);
    ipc.poll(1);
    assert_eq!(ipc.take(w).expect("done").expect("ok").value, 5);
    assert!(ipc.take(intr).is_none() && ipc.take(bulk).is_none());
    let ip = m.borrow().find(|r| r.args[0] == 2).expect("intr");
    let ev = [0x0e, 0x04, 0x01, 0x03, 0x0c, 0x00];
    m.borrow_mut().reply(ip.phys, 6, &[(ip.vecs[2].0, &ev)]);
    ipc.poll(2);
    assert_eq!(&ipc.take(intr).expect("done").expect("ok").out[..6], &ev);
    assert!(ipc.take(bulk).is_none());
    assert!(
        m.borrow().violations.is_empty(),
        "{:?}",
        m.borrow().violations
    );
    assert_eq!(ipc.stats().replies, 2);
}

#[test]
fn only_one_request_is_in_the_mailbox_until_ios_acks_it() {
    let (mut ipc, m) = client(4);
    // Hold the ack back by leaving Y2 set: a client that never clears it must not send again.
    for k in 0..3 {
        ipc.write(1, &[k], 0, None).expect("slot");
    }
    ipc.poll(0);
    ipc.poll(0);
    assert_eq!(m.borrow().inbox.len(), 3);
    assert!(
        m.borrow().violations.is_empty(),
        "{:?}",
        m.borrow().violations
    );
    assert_eq!(ipc.stats().acks, 3);
}

#[test]
fn a_request_ios_never_answers_times_out_and_its_slot_stays_reserved_until_a_late_reply() {
    let (mut ipc, m) = client(2);
    let id = ipc
        .ioctl(0, 0x1000, &[0; 32], 32, 0, Some(10))
        .expect("slot");
    ipc.poll(5);
    assert!(ipc.take(id).is_none());
    ipc.poll(11);
    assert_eq!(
        ipc.take(id).expect("reported").err(),
        Some(IpcError::Timeout)
    );
    assert!(ipc.take(id).is_none(), "a timeout is reported once");
    assert_eq!(
        ipc.free_slots(),
        1,
        "IOS may still write into the abandoned slot"
    );
    let p = m.borrow().find(|r| r.cmd == 6).expect("ioctl").phys;
    m.borrow_mut().reply(p, 0, &[]);
    ipc.poll(20);
    assert_eq!(ipc.free_slots(), 2);
    assert_eq!(ipc.stats().late_replies, 1);
    assert_eq!(ipc.stats().timeouts, 1);
}

#[test]
fn wait_gives_up_after_the_timeout_instead_of_hanging() {
    let (mut ipc, _m) = client(1);
    let id = ipc.open("/dev/silent", 0, 0, Some(30)).expect("slot");
    let mut t = 0;
    let r = ipc.wait(id, || {
        t += 1;
        t
    });
    assert_eq!(r.err(), Some(IpcError::Timeout));
    assert!((30..40).contains(&t));
}

#[test]
fn a_full_pool_refuses_new_requests() {
    let (mut ipc, _m) = client(1);
    ipc.open("/dev/a", 0, 0, None).expect("slot");
    assert_eq!(
        ipc.open("/dev/b", 0, 0, None).err(),
        Some(IpcError::NoFreeSlot)
    );
}

#[test]
fn a_reply_for_an_address_no_slot_owns_is_counted_and_ignored() {
    let (mut ipc, m) = client(1);
    {
        let mut mm = m.borrow_mut();
        mm.armmsg = 0x0123_4560;
        mm.ctrl |= 0x04;
        mm.irq = true;
    }
    ipc.poll(0);
    assert_eq!(ipc.stats().unknown_replies, 1);
    assert_eq!(m.borrow().ctrl & 0x06, 0, "Y1 cleared so IOS can post more");
}
