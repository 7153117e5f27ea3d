//! The guest search on scripted HCI events (a remote held on 1+2 answering the inquiry, as
//! WiiBrew "Wiimote" describes and Dolphin's `BTEmu.cpp` answers), and a remote connected by
//! 1+2 beside one woken by a button, both set up by the Wiimote layer.

use crate::wii::input::bt::discovery::{self, op};
use crate::wii::input::bt::hci;
use crate::wii::input::bt::l2cap::{self, parse_frame, signals, Signal};
use crate::wii::input::bt::replay::acl;
use crate::wii::input::bt::{Host, HostEvent, LinkId, Search, SEARCH_MS};
use crate::wii::input::wiimote::{Calibration, Wiimotes};
use std::vec::Vec;

/// A remote held on 1+2 (display form 00:1E:35:3B:7E:6D; HCI order, last byte first).
const GUEST: [u8; 6] = [0x6D, 0x7E, 0x3B, 0x35, 0x1E, 0x00];
/// A paired remote that a button press wakes.
const PAIRED: [u8; 6] = [0x11, 0x02, 0x19, 0x79, 0x00, 0x00];
const HOST_BD: [u8; 6] = [0x11, 0x02, 0x19, 0x79, 0x00, 0xff];

fn up_host() -> Host {
    let mut host = Host::new();
    host.start();
    while !host.is_up() {
        let c = host.pop_command(0).expect("init command");
        let [lo, hi] = c.opcode().to_le_bytes();
        let mut ev = std::vec![0x0e, 4, 1, lo, hi, 0];
        match c.opcode() {
            hci::op::READ_BUFFER_SIZE => ev.extend_from_slice(&[0x53, 0x01, 0x40, 0x0a, 0, 0, 0]),
            hci::op::READ_BD_ADDR => ev.extend_from_slice(&HOST_BD),
            _ => {}
        }
        ev[1] = (ev.len() - 2) as u8;
        host.on_event(&ev, 0);
    }
    while host.pop_event().is_some() {}
    host
}

fn status_ok(host: &mut Host, opcode: u16, now: u32) {
    let [lo, hi] = opcode.to_le_bytes();
    host.on_event(&[0x0f, 4, 0, 1, lo, hi], now);
}

fn inquiry_result(bd: &[u8; 6]) -> Vec<u8> {
    // Without RSSI: bd, psrm 1, period mode, reserved, class 04 25 00, clock offset 0x1234.
    let mut v = std::vec![0x02, 15, 1];
    v.extend_from_slice(bd);
    v.extend_from_slice(&[0x01, 0, 0, 0x04, 0x25, 0x00, 0x34, 0x12]);
    v
}

fn name_complete(bd: &[u8; 6], name: &[u8]) -> Vec<u8> {
    let mut v = std::vec![0x07, 255, 0];
    v.extend_from_slice(bd);
    let mut n = [0u8; 248];
    n[..name.len()].copy_from_slice(name);
    v.extend_from_slice(&n);
    v
}

fn connection_complete(status: u8, handle: u16, bd: &[u8; 6]) -> Vec<u8> {
    let [a, b] = handle.to_le_bytes();
    let mut v = std::vec![0x03, 11, status, a, b];
    v.extend_from_slice(bd);
    v.extend_from_slice(&[1, 0]);
    v
}

/// Runs the search to the guest's Connection Complete on handle 0x0101; returns the
/// commands sent.
fn search_to_connection(host: &mut Host) -> Vec<hci::Command> {
    let mut sent = Vec::new();
    host.start_search(10);
    assert_eq!(host.search(), Search::Searching);
    let inq = host.pop_command(10).expect("inquiry");
    status_ok(host, op::INQUIRY, 10);
    host.on_event(&inquiry_result(&GUEST), 20);
    host.on_event(&[0x01, 1, 0], 30);
    let name = host.pop_command(30).expect("name request");
    status_ok(host, op::REMOTE_NAME_REQUEST, 30);
    host.on_event(&name_complete(&GUEST, b"Nintendo RVL-CNT-01-TR"), 40);
    let page = host.pop_command(40).expect("create connection");
    status_ok(host, op::CREATE_CONNECTION, 40);
    host.on_event(&connection_complete(0, 0x0101, &GUEST), 50);
    sent.extend([inq, name, page]);
    sent
}

#[test]
fn a_search_inquires_names_and_pages_a_remote_and_pairs_it_with_its_own_address_as_pin() {
    let mut host = up_host();
    let sent = search_to_connection(&mut host);
    // Inquiry with the LIAC (00 8B 9E), 3 x 1.28 s, up to 8 answers (libogc BTE_Inquiry).
    assert_eq!(sent[0].as_bytes(), [0x01, 0x04, 5, 0x00, 0x8B, 0x9E, 3, 8]);
    // Name and page with the inquiry's repetition mode and clock offset.
    assert_eq!(sent[1].opcode(), op::REMOTE_NAME_REQUEST);
    assert_eq!(
        sent[1].params(),
        [GUEST[..].to_vec(), std::vec![1, 0, 0x34, 0x12]].concat()
    );
    assert_eq!(sent[2].opcode(), op::CREATE_CONNECTION);
    assert_eq!(
        sent[2].params(),
        [
            GUEST[..].to_vec(),
            std::vec![0x18, 0xCC, 1, 0, 0x34, 0x12, 0]
        ]
        .concat()
    );
    assert_eq!(host.search(), Search::Found(LinkId(0)));
    let g = host.search_progress();
    assert_eq!((g.rounds, g.answers, g.named, g.paged), (1, 1, 1, 1));
    assert_eq!(
        host.pop_event(),
        Some(HostEvent::Connected {
            link: LinkId(0),
            bd: GUEST,
            handle: 0x0101
        })
    );
    let auth = host.pop_command(50).expect("authentication");
    assert_eq!(auth.opcode(), hci::op::AUTHENTICATION_REQUESTED);
    status_ok(&mut host, hci::op::AUTHENTICATION_REQUESTED, 50);
    let mut lkr = std::vec![0x17, 6];
    lkr.extend_from_slice(&GUEST);
    host.on_event(&lkr, 51);
    let neg = host.pop_command(51).expect("no key for a guest");
    assert_eq!(neg.opcode(), hci::op::LINK_KEY_REQUEST_NEGATIVE_REPLY);
    host.on_event(
        &[
            0x0e, 10, 1, 0x0c, 0x04, 0, 0x6D, 0x7E, 0x3B, 0x35, 0x1E, 0x00,
        ],
        52,
    );
    let mut pin = std::vec![0x16, 6];
    pin.extend_from_slice(&GUEST);
    host.on_event(&pin, 53);
    let reply = host.pop_command(53).expect("pin reply");
    assert_eq!(reply.opcode(), hci::op::PIN_CODE_REQUEST_REPLY);
    assert_eq!(
        &reply.params()[..7],
        &[GUEST[..].to_vec(), std::vec![6]].concat()[..]
    );
    assert_eq!(
        &reply.params()[7..13],
        &GUEST,
        "1+2: the remote's own address"
    );
    host.on_event(
        &[
            0x0e, 10, 1, 0x0d, 0x04, 0, 0x6D, 0x7E, 0x3B, 0x35, 0x1E, 0x00,
        ],
        54,
    );
    let mut note = std::vec![0x18, 23];
    note.extend_from_slice(&GUEST);
    note.extend_from_slice(&[0x42; 16]);
    note.push(0);
    host.on_event(&note, 55);
    assert_eq!(host.link_keys().get(&GUEST), Some(&[0x42; 16]));
    host.on_event(&[0x06, 3, 0, 0x01, 0x01], 56);
    let next = host.pop_command(56).expect("link policy");
    assert_eq!(
        next.opcode(),
        hci::op::WRITE_LINK_POLICY_SETTINGS,
        "a guest's key is not written to the controller's list"
    );
    // The host opens the HID control channel at once: the remote will not.
    host.tick(57);
    let p = host.pop_acl().expect("connection request");
    let (_, sig) = parse_frame(&p[4..]).expect("frame");
    assert!(matches!(
        signals(sig).next(),
        Some(Ok(Signal::ConnectionRequest { psm: 0x11, .. }))
    ));
}

#[test]
fn a_device_that_is_not_a_wii_remote_is_not_paged_and_the_search_goes_on() {
    let mut host = up_host();
    host.start_search(0);
    host.pop_command(0).expect("inquiry");
    status_ok(&mut host, op::INQUIRY, 0);
    host.on_event(&inquiry_result(&GUEST), 1);
    host.on_event(&[0x01, 1, 0], 2);
    host.pop_command(2).expect("name request");
    status_ok(&mut host, op::REMOTE_NAME_REQUEST, 2);
    host.on_event(&name_complete(&GUEST, b"Nintendo RVL-WBC-01"), 3);
    let again = host.pop_command(3).expect("another round");
    assert_eq!(again.opcode(), op::INQUIRY);
    assert_eq!(host.search(), Search::Searching);
}

#[test]
fn a_search_with_no_answer_retries_then_times_out_and_cancels_its_inquiry() {
    let mut host = up_host();
    host.start_search(0);
    let mut rounds = 0;
    let mut now = 0;
    while now < SEARCH_MS + 1000 {
        host.tick(now);
        while let Some(c) = host.pop_command(now) {
            if c.opcode() == op::INQUIRY {
                rounds += 1;
                status_ok(&mut host, op::INQUIRY, now);
                if now < SEARCH_MS - 1000 {
                    host.on_event(&[0x01, 1, 0], now);
                }
            } else {
                assert_eq!(c.opcode(), op::INQUIRY_CANCEL);
                assert_eq!(host.search(), Search::TimedOut);
                host.on_event(&[0x0e, 4, 1, 0x02, 0x04, 0], now);
            }
        }
        now += 100;
    }
    assert_eq!(host.search(), Search::TimedOut);
    let g = host.search_progress();
    assert_eq!(
        (g.rounds as usize, g.answers, g.named, g.paged),
        (rounds, 0, 0, 0)
    );
    // One round every 500 ms at most while the controller answers at once (Dolphin).
    assert!((50..=60).contains(&rounds), "{rounds} rounds");
    assert!(host.pop_event().is_none(), "nothing connected");
}

#[test]
fn no_search_runs_before_bluetooth_is_up_and_a_failed_page_searches_again() {
    let mut host = Host::new();
    host.start_search(0);
    assert_eq!(host.search(), Search::Failed);
    let mut host = up_host();
    host.start_search(0);
    host.pop_command(0).expect("inquiry");
    status_ok(&mut host, op::INQUIRY, 0);
    host.on_event(&inquiry_result(&GUEST), 1);
    host.on_event(&[0x01, 1, 0], 2);
    host.pop_command(2).expect("name");
    status_ok(&mut host, op::REMOTE_NAME_REQUEST, 2);
    host.on_event(&name_complete(&GUEST, b"Nintendo RVL-CNT-01"), 3);
    host.pop_command(3).expect("page");
    status_ok(&mut host, op::CREATE_CONNECTION, 3);
    // Page timeout (0x04): the remote stopped listening.
    host.on_event(&connection_complete(0x04, 0, &GUEST), 4);
    assert_eq!(host.pop_command(4).map(|c| c.opcode()), Some(op::INQUIRY));
    status_ok(&mut host, op::INQUIRY, 4);
    assert_eq!(host.search(), Search::Searching);
    host.stop_search();
    assert_eq!(host.search(), Search::Off);
    assert_eq!(
        host.pop_command(5).map(|c| c.opcode()),
        Some(op::INQUIRY_CANCEL)
    );
}

/// Plays the remotes' side of L2CAP: answers the host's requests, configures every channel
/// both ways, and gives the packet credits back. HID output reports are kept per handle.
fn play_remotes(host: &mut Host, wm: &mut Wiimotes, now: u32, hid: &mut Vec<(u16, Vec<u8>)>) {
    for _ in 0..200 {
        while let Some(e) = host.pop_event() {
            wm.on_host_event(e, now);
        }
        wm.send(host, now);
        host.tick(now);
        while let Some(c) = host.pop_command(now) {
            let [lo, hi] = c.opcode().to_le_bytes();
            host.on_event(&[0x0e, 4, 1, lo, hi, 0], now);
        }
        let Some(p) = host.pop_acl() else { continue };
        let handle = u16::from_le_bytes([p[0], p[1]]) & 0x0fff;
        let [a, b] = handle.to_le_bytes();
        host.on_event(&[0x13, 5, 1, a, b, 1, 0], now);
        let Ok((cid, payload)) = parse_frame(&p[4..]) else {
            continue;
        };
        if cid != 1 {
            hid.push((handle, payload.to_vec()));
            continue;
        }
        for s in signals(payload).flatten() {
            let mut out: Vec<l2cap::SignalBytes> = Vec::new();
            match s {
                Signal::ConnectionRequest { ident, psm, scid } => {
                    let mine = 0x40 + (psm == 0x13) as u16;
                    out.push(l2cap::connection_response(ident, mine, scid, 0));
                    out.push(l2cap::configure_request(0x60, scid));
                }
                Signal::ConnectionResponse { dcid, .. } => {
                    out.push(l2cap::configure_request(0x61, dcid));
                }
                Signal::ConfigureRequest {
                    ident,
                    dcid,
                    options,
                    ..
                } => {
                    // dcid is ours (0x40/0x41); answer to the host's CID for that channel.
                    let theirs = 0x70 + (dcid == 0x41) as u16;
                    out.push(l2cap::configure_response(ident, theirs, options));
                }
                _ => {}
            }
            for sig in out {
                host.on_acl(&acl(handle, 1, &sig), now);
            }
        }
    }
}

#[test]
fn a_remote_connected_by_1_2_and_one_woken_by_a_button_both_become_players_and_are_set_up() {
    let mut host = up_host();
    let mut wm = Wiimotes::new(Calibration::BAR_ABOVE);
    let mut hid = Vec::new();
    // Player 1 presses a button: the remote pages the console (Connection Request) and
    // opens both HID channels itself (WiiBrew "Wiimote", Bluetooth Communication).
    let mut req = std::vec![0x04, 10];
    req.extend_from_slice(&PAIRED);
    req.extend_from_slice(&[0x04, 0x25, 0x00, 0x01]);
    host.on_event(&req, 0);
    assert_eq!(
        host.pop_command(0).map(|c| c.opcode()),
        Some(hci::op::ACCEPT_CONNECTION_REQUEST)
    );
    status_ok(&mut host, hci::op::ACCEPT_CONNECTION_REQUEST, 0);
    host.on_event(&connection_complete(0, 0x0100, &PAIRED), 1);
    for (psm, scid) in [(0x11u16, 0x40u16), (0x13, 0x41)] {
        let [p0, p1] = psm.to_le_bytes();
        host.on_acl(
            &acl(0x100, 1, &[0x02, 0x30, 4, 0, p0, p1, scid as u8, 0]),
            2,
        );
    }
    play_remotes(&mut host, &mut wm, 3, &mut hid);
    assert!(
        host.is_ready(LinkId(0)),
        "the woken remote's channels are open"
    );
    // Meanwhile a guest on 1+2 is found by the search and paged; the host opens its channels.
    search_to_connection(&mut host);
    play_remotes(&mut host, &mut wm, 60, &mut hid);
    assert!(host.is_ready(LinkId(1)), "the guest's channels are open");
    assert!(wm.state(0).connected && wm.state(1).connected);
    // Each got its player LED report (0xA2 0x11, LED 1 = 0x10, LED 2 = 0x20) on the
    // interrupt channel, the first step of the same setup.
    let leds = |h: u16| {
        hid.iter()
            .filter(|(hh, r)| *hh == h && r.get(..2) == Some(&[0xa2, 0x11][..]))
            .map(|(_, r)| r[2] & 0xf0)
            .next()
    };
    assert_eq!(leds(0x100), Some(0x10));
    assert_eq!(leds(0x101), Some(0x20));
}

#[test]
fn discovery_events_that_do_not_hold_their_count_are_counted_as_malformed() {
    let mut host = up_host();
    host.start_search(0);
    let before = host.stats().malformed;
    host.on_event(&[0x02, 3, 2, 0x11, 0x22], 1);
    host.on_event(&[0x22, 1, 1], 1);
    host.on_event(&[0x07, 3, 0, 1, 2], 1);
    assert_eq!(host.stats().malformed, before + 3);
    assert!(discovery::inquiry_results(&[1], false).is_err());
    assert_eq!(host.search(), Search::Searching);
}
