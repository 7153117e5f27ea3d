//! The transport over the fake IOS and its non-coherent cache model: a recorded start-up and a
//! remote's first L2CAP request travel through real IPC requests, with every byte IOS reads
//! flushed and every byte it writes invalidated before the host sees it.

use super::*;
use crate::wii::input::bt::replay::acl;
use crate::wii::input::bt::HostEvent;
use crate::wii::ios::ipc::fake::{FakeCache, FakeRegs, Model, Request};
use crate::wii::ios::ipc::Slot;
use core::ptr::NonNull;
use std::boxed::Box;
use std::cell::RefCell;
use std::rc::Rc;
use std::vec::Vec;

type Fake = Rc<RefCell<Model>>;

fn setup() -> (Ipc<FakeRegs, FakeCache>, Fake) {
    let m = Model::shared();
    let v: Vec<Slot> = (0..8).map(|_| Slot::new()).collect();
    let p = Box::leak(v.into_boxed_slice());
    m.borrow_mut()
        .map(p.as_ptr() as usize, 8 * core::mem::size_of::<Slot>());
    let ptr = NonNull::new(p.as_mut_ptr()).expect("non-null");
    // SAFETY: the pool was leaked for this client alone.
    (
        unsafe { Ipc::new(FakeRegs(m.clone()), FakeCache(m.clone()), ptr, 8) },
        m,
    )
}

fn pending(m: &Fake, pred: impl Fn(&Request) -> bool) -> Option<Request> {
    m.borrow().find(pred)
}

/// Answers a posted read on `ep` (0x81 events, 0x82 ACL) with `data`.
fn deliver(m: &Fake, ep: u8, data: &[u8]) {
    let r = pending(m, |r| {
        r.cmd == 7 && r.vecs.first().is_some_and(|v| v.1 == [ep])
    })
    .expect("read posted");
    assert_eq!(
        r.vecs[1].1,
        1024u16.to_be_bytes(),
        "length cell is big-endian"
    );
    m.borrow_mut()
        .reply(r.phys, data.len() as i32, &[(r.vecs[2].0, data)]);
}

/// Takes the HCI command IOS received, answering the control message.
fn command(m: &Fake) -> Option<Vec<u8>> {
    let r = pending(m, |r| r.cmd == 7 && r.args[0] == IOCTLV_CTRL)?;
    let cmd = r.vecs[6].1.clone();
    assert_eq!(r.vecs[0].1, [0x20]);
    assert_eq!(
        r.vecs[4].1,
        (cmd.len() as u16).to_le_bytes(),
        "wLength is little-endian"
    );
    m.borrow_mut().reply(r.phys, cmd.len() as i32, &[]);
    Some(cmd)
}

#[test]
fn a_recorded_start_up_and_a_remote_connection_travel_through_ios_with_the_cache_rules_kept() {
    let (mut ipc, m) = setup();
    let mut host = Host::new();
    let mut t = Transport::new();
    t.start(&mut ipc, 0);
    let open = pending(&m, |r| r.cmd == 1).expect("open");
    assert_eq!(open.path, DEVICE.as_bytes());
    m.borrow_mut().reply(open.phys, 0, &[]);
    for k in 0..crate::wii::input::bt::host::INIT_STEPS {
        t.pump(&mut ipc, &mut host, k as u32);
        let cmd = command(&m).expect("a start-up command");
        let ret: &[u8] = match u16::from_le_bytes([cmd[0], cmd[1]]) {
            0x1005 => &[0x00, 0x53, 0x01, 0x40, 0x0a, 0x00, 0x00, 0x00],
            0x1009 => &[0x00, 0x11, 0x02, 0x19, 0x79, 0x00, 0xff],
            0x0C0D => &[0x00, 0x04, 0x00, 0x00, 0x00],
            _ => &[0x00],
        };
        let mut ev = std::vec![0x0e, (3 + ret.len()) as u8, 1, cmd[0], cmd[1]];
        ev.extend_from_slice(ret);
        t.pump(&mut ipc, &mut host, k as u32);
        deliver(&m, 0x81, &ev);
    }
    t.pump(&mut ipc, &mut host, 10);
    assert!(host.is_up());
    assert_eq!(host.bd_addr(), [0x11, 0x02, 0x19, 0x79, 0x00, 0xff]);
    // A remote pages us: Accept goes out as the next control message.
    deliver(
        &m,
        0x81,
        &[
            0x04, 10, 0x11, 0x02, 0x19, 0x79, 0x00, 0x00, 0x00, 0x04, 0x48, 0x01,
        ],
    );
    t.pump(&mut ipc, &mut host, 11);
    assert_eq!(command(&m).expect("accept")[..2], [0x09, 0x04]);
    t.pump(&mut ipc, &mut host, 12);
    deliver(
        &m,
        0x81,
        &[
            0x03, 11, 0x00, 0x00, 0x01, 0x11, 0x02, 0x19, 0x79, 0x00, 0x00, 0x01, 0x00,
        ],
    );
    t.pump(&mut ipc, &mut host, 13);
    // Its L2CAP connection request arrives by bulk-IN; the response leaves by bulk-OUT on 0x02.
    deliver(
        &m,
        0x82,
        &acl(0x100, 1, &[0x02, 0x02, 4, 0, 0x11, 0, 0x40, 0]),
    );
    t.pump(&mut ipc, &mut host, 14);
    let out = pending(&m, |r| {
        r.cmd == 7 && r.vecs.first().is_some_and(|v| v.1 == [0x02])
    })
    .expect("ACL out");
    let data = &out.vecs[2].1;
    assert_eq!(out.vecs[1].1, (data.len() as u16).to_be_bytes());
    assert_eq!(data[..2], [0x00, 0x21], "handle 0x100, packet start");
    assert_eq!(
        data[8..16],
        [0x03, 0x02, 8, 0, 0x70, 0, 0x40, 0],
        "connection response"
    );
    let mut events = Vec::new();
    while let Some(e) = host.pop_event() {
        events.push(e);
    }
    assert!(events
        .iter()
        .any(|e| matches!(e, HostEvent::Connected { handle: 0x100, .. })));
    assert!(
        m.borrow().violations.is_empty(),
        "{:?}",
        m.borrow().violations
    );
    assert_eq!(t.stats().errors, 0);
    assert_eq!(host.stats().malformed, 0);
}

/// A fake IOS still starting its modules: the first `refusals` opens of the device answer -6
/// (libogc ios.c `__IOS_LaunchNewIOS`: modules keep starting after the reload returns).
fn open_with_refusals(refusals: usize) -> (Transport, Host, Vec<u32>, Fake) {
    let (mut ipc, m) = setup();
    let mut t = Transport::new();
    let mut host = Host::new();
    t.start(&mut ipc, 0);
    let mut opens_at = Vec::new();
    let mut answered = 0;
    for now in (0..4000).step_by(10) {
        if let Some(open) = pending(&m, |r| r.cmd == 1) {
            assert_eq!(open.path, DEVICE.as_bytes());
            opens_at.push(now);
            let result = if answered < refusals { -6 } else { 9 };
            answered += 1;
            m.borrow_mut().reply(open.phys, result, &[]);
        }
        t.pump(&mut ipc, &mut host, now);
        if matches!(t.state(), State::Running | State::Failed(_)) {
            break;
        }
    }
    (t, host, opens_at, m)
}

#[test]
fn an_open_refused_with_not_found_while_ios_starts_is_retried_until_it_works() {
    let (t, _host, opens_at, m) = open_with_refusals(3);
    assert_eq!(t.state(), State::Running);
    assert_eq!(
        opens_at.len(),
        4,
        "three refusals, then the open that works"
    );
    assert_eq!(t.open_retries(), 3);
    for w in opens_at.windows(2) {
        let gap = w[1] - w[0];
        assert!(
            (100..=200).contains(&gap),
            "retried every 100-200 ms: {opens_at:?}"
        );
    }
    assert!(m.borrow().violations.is_empty());
}

#[test]
fn an_open_still_refused_after_three_seconds_fails_for_good() {
    let (t, _host, opens_at, _m) = open_with_refusals(usize::MAX);
    assert_eq!(
        t.state(),
        State::Failed(IpcError::Ios(crate::wii::ios::ipc::IosError::NotFound))
    );
    let span = opens_at.last().copied().unwrap_or(0) - opens_at[0];
    assert!(
        (2800..=3200).contains(&span),
        "gave up after about 3 s: {span} ms"
    );
}
