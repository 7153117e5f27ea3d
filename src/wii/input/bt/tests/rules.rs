//! Host rules Dolphin never exercises: link-key and PIN authentication, host-initiated L2CAP,
//! refusals of unknown signals, PSMs and CIDs, the four-remote limit and command timeouts.

use crate::wii::input::bt::hci;
use crate::wii::input::bt::l2cap::{parse_frame, signals, Signal};
use crate::wii::input::bt::replay::acl;
use crate::wii::input::bt::{Host, LinkId};
use std::vec::Vec;

const WIIMOTE0: [u8; 6] = [0x11, 0x02, 0x19, 0x79, 0x00, 0x00];

fn connected_host() -> Host {
    let mut host = Host::new();
    host.start();
    while !host.is_up() {
        let c = host.pop_command(0).expect("init command");
        let [lo, hi] = c.opcode().to_le_bytes();
        let ev: Vec<u8> = match c.opcode() {
            hci::op::READ_BUFFER_SIZE => {
                std::vec![0x0e, 11, 1, lo, hi, 0, 0x53, 0x01, 0x40, 0x0a, 0x00, 0x00, 0x00]
            }
            hci::op::READ_BD_ADDR => {
                std::vec![0x0e, 10, 1, lo, hi, 0, 0x11, 0x02, 0x19, 0x79, 0x00, 0xff]
            }
            _ => std::vec![0x0e, 4, 1, lo, hi, 0],
        };
        host.on_event(&ev, 0);
    }
    assert!(host.is_up());
    let mut req = std::vec![0x04, 10];
    req.extend_from_slice(&WIIMOTE0);
    req.extend_from_slice(&[0x00, 0x04, 0x48, 0x01]);
    host.on_event(&req, 0);
    assert_eq!(
        host.pop_command(0).map(|c| c.opcode()),
        Some(hci::op::ACCEPT_CONNECTION_REQUEST)
    );
    host.on_event(&[0x0f, 4, 0, 1, 0x09, 0x04], 0);
    let mut cc = std::vec![0x03, 11, 0, 0x00, 0x01];
    cc.extend_from_slice(&WIIMOTE0);
    cc.extend_from_slice(&[1, 0]);
    host.on_event(&cc, 0);
    host
}

#[test]
fn a_link_key_request_is_answered_with_the_key_the_controller_returned_at_start_up() {
    let mut host = connected_host();
    let mut rk = std::vec![0x15, 23, 1];
    rk.extend_from_slice(&WIIMOTE0);
    rk.extend_from_slice(&[0x5A; 16]);
    host.on_event(&rk, 0);
    assert_eq!(host.link_keys().len(), 1);
    let auth = host.pop_command(0).expect("auth requested");
    assert_eq!(auth.as_bytes(), [0x11, 0x04, 2, 0x00, 0x01]);
    host.on_event(&[0x0f, 4, 0, 1, 0x11, 0x04], 0);
    let mut lkr = std::vec![0x17, 6];
    lkr.extend_from_slice(&WIIMOTE0);
    host.on_event(&lkr, 0);
    let reply = host.pop_command(0).expect("key reply");
    assert_eq!(reply.opcode(), hci::op::LINK_KEY_REQUEST_REPLY);
    assert_eq!(&reply.params()[..6], &WIIMOTE0);
    assert_eq!(&reply.params()[6..], &[0x5A; 16]);
    host.on_event(
        &[
            0x0e, 10, 1, 0x0b, 0x04, 0, 0x11, 0x02, 0x19, 0x79, 0x00, 0x00,
        ],
        0,
    );
    host.on_event(&[0x06, 3, 0, 0x00, 0x01], 0);
    assert_eq!(
        host.pop_command(0).map(|c| c.opcode()),
        Some(hci::op::WRITE_LINK_POLICY_SETTINGS)
    );
    assert_eq!(host.stats().auth_ok, 1);
}

#[test]
fn an_unknown_remote_gets_a_negative_key_reply_then_pairs_with_the_host_address_as_pin() {
    let mut host = connected_host();
    let _auth = host.pop_command(0);
    host.on_event(&[0x0f, 4, 0, 1, 0x11, 0x04], 0);
    let mut lkr = std::vec![0x17, 6];
    lkr.extend_from_slice(&WIIMOTE0);
    host.on_event(&lkr, 0);
    let neg = host.pop_command(0).expect("negative reply");
    assert_eq!(neg.as_bytes()[..3], [0x0c, 0x04, 6]);
    host.on_event(
        &[
            0x0e, 10, 1, 0x0c, 0x04, 0, 0x11, 0x02, 0x19, 0x79, 0x00, 0x00,
        ],
        0,
    );
    let mut pin = std::vec![0x16, 6];
    pin.extend_from_slice(&WIIMOTE0);
    host.on_event(&pin, 0);
    let pr = host.pop_command(0).expect("pin reply");
    assert_eq!(pr.opcode(), hci::op::PIN_CODE_REQUEST_REPLY);
    assert_eq!(pr.params()[6], 6);
    assert_eq!(&pr.params()[7..13], &[0x11, 0x02, 0x19, 0x79, 0x00, 0xff]);
    host.on_event(
        &[
            0x0e, 10, 1, 0x0d, 0x04, 0, 0x11, 0x02, 0x19, 0x79, 0x00, 0x00,
        ],
        0,
    );
    let mut note = std::vec![0x18, 23];
    note.extend_from_slice(&WIIMOTE0);
    note.extend_from_slice(&[0x77; 16]);
    note.push(0);
    host.on_event(&note, 0);
    assert_eq!(host.link_keys().get(&WIIMOTE0), Some(&[0x77; 16]));
    let store = host.pop_command(0).expect("key stored in the controller");
    assert_eq!(store.opcode(), hci::op::WRITE_STORED_LINK_KEY);
    host.on_event(&[0x06, 3, 0x05, 0x00, 0x01], 0);
    assert_eq!(host.stats().auth_failed, 1);
}

#[test]
fn a_remote_that_never_opens_its_channels_gets_them_opened_by_the_host() {
    let mut host = connected_host();
    host.tick(500);
    assert!(host.pop_acl().is_none());
    host.tick(1200);
    let p = host.pop_acl().expect("connection request");
    let (cid, sig) = parse_frame(&p[4..]).expect("frame");
    assert_eq!(cid, 1);
    let Some(Ok(Signal::ConnectionRequest {
        ident,
        psm: 0x11,
        scid: 0x70,
    })) = signals(sig).next()
    else {
        panic!("{sig:?}")
    };
    // Remote: pending, then success with its CID 0x0050, then configuration both ways.
    host.on_acl(
        &acl(0x100, 1, &[0x03, ident, 8, 0, 0x50, 0, 0x70, 0, 1, 0, 0, 0]),
        1201,
    );
    host.on_acl(
        &acl(0x100, 1, &[0x03, ident, 8, 0, 0x50, 0, 0x70, 0, 0, 0, 0, 0]),
        1202,
    );
    host.on_acl(
        &acl(0x100, 1, &[0x04, 0x09, 8, 0, 0x70, 0, 0, 0, 1, 2, 0xb9, 0]),
        1203,
    );
    let mut sent = Vec::new();
    while let Some(p) = host.pop_acl() {
        sent.push(p[8..].to_vec());
        host.on_event(&[0x13, 5, 1, 0, 1, 1, 0], 1203);
    }
    assert_eq!(sent[0][..1], [0x04], "our configuration request");
    assert_eq!(sent[0][4..6], [0x50, 0], "to the remote's CID");
    assert_eq!(
        sent[1],
        [0x05, 0x09, 10, 0, 0x50, 0, 0, 0, 0, 0, 1, 2, 0xb9, 0]
    );
    host.on_acl(
        &acl(0x100, 1, &[0x05, sent[0][1], 6, 0, 0x70, 0, 0, 0, 0, 0]),
        1204,
    );
    host.tick(1300);
    let p = host.pop_acl().expect("interrupt channel request");
    let (_, sig) = parse_frame(&p[4..]).expect("frame");
    assert!(matches!(
        signals(sig).next(),
        Some(Ok(Signal::ConnectionRequest {
            psm: 0x13,
            scid: 0x71,
            ..
        }))
    ));
}

#[test]
fn unknown_signals_psms_and_cids_are_refused_politely() {
    let mut host = connected_host();
    host.on_acl(&acl(0x100, 1, &[0x02, 7, 4, 0, 0x01, 0, 0x40, 0]), 0);
    host.on_acl(&acl(0x100, 1, &[0x04, 8, 4, 0, 0x99, 0, 0, 0]), 0);
    host.on_acl(&acl(0x100, 1, &[0x7e, 9, 0, 0]), 0);
    host.on_acl(&acl(0x100, 1, &[0x08, 10, 2, 0, 0xab, 0xcd]), 0);
    let mut codes = Vec::new();
    while let Some(p) = host.pop_acl() {
        codes.push((p[8], p[9]));
        host.on_event(&[0x13, 5, 1, 0, 1, 1, 0], 0);
    }
    assert_eq!(codes, [(0x03, 7), (0x01, 8), (0x01, 9), (0x09, 10)]);
    assert_eq!(host.stats().l2cap_refused, 3);
    host.on_acl(&acl(0x0bad, 0x71, &[0xa1, 0x30, 0, 0]), 0);
    assert_eq!(host.stats().unknown_handle, 1);
}

#[test]
fn a_connection_request_beyond_four_remotes_is_rejected() {
    let mut host = connected_host();
    for n in 1..5u8 {
        let mut req = std::vec![0x04, 10, 0x11, 0x02, 0x19, 0x79, 0x00, n, 0x00, 0x04, 0x48, 0x01];
        req[7] = n;
        host.on_event(&req, 0);
    }
    let mut ops = Vec::new();
    while let Some(c) = host.pop_command(0) {
        ops.push(c.opcode());
        let [lo, hi] = c.opcode().to_le_bytes();
        host.on_event(&[0x0f, 4, 0, 1, lo, hi], 0);
    }
    assert_eq!(
        ops.iter()
            .filter(|&&o| o == hci::op::ACCEPT_CONNECTION_REQUEST)
            .count(),
        3
    );
    assert_eq!(
        ops.iter()
            .filter(|&&o| o == hci::op::REJECT_CONNECTION_REQUEST)
            .count(),
        1
    );
}

#[test]
fn a_command_the_controller_never_answers_times_out_and_the_queue_moves_on() {
    let mut host = Host::new();
    host.start();
    assert!(host.pop_command(0).is_some());
    host.disconnect(LinkId(0));
    host.tick(500);
    assert!(host.pop_command(500).is_none());
    host.tick(1500);
    assert_eq!(host.stats().command_timeouts, 1);
}
