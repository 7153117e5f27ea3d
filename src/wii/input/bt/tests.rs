//! Host tests of the Bluetooth layer: parsers on real and broken bytes, the host against the
//! recorded Dolphin runs, the real-console authentication paths, and host-initiated L2CAP.

use super::acl::{fragment, parse_acl, Reassembler, PB_CONTINUE, PB_START};
use super::hci::{self, parse_event, Command, Event};
use super::l2cap::{self, parse_frame, signals, Signal};
use super::replay::{self, Line};
use super::*;
use std::vec::Vec;

const BASIC: &str = include_str!("testdata/basic.log");
const TWO: &str = include_str!("testdata/two.log");
const DISC: &str = include_str!("testdata/disc.log");
const WIIMOTE0: [u8; 6] = [0x11, 0x02, 0x19, 0x79, 0x00, 0x00];

#[test]
fn recorded_events_parse_to_the_fields_dolphin_logged() {
    let ev = [
        0x03, 11, 0x00, 0x00, 0x01, 0x11, 0x02, 0x19, 0x79, 0x00, 0x00, 0x01, 0x00,
    ];
    assert_eq!(
        parse_event(&ev),
        Ok(Event::ConnectionComplete {
            status: 0,
            handle: 0x0100,
            bd: WIIMOTE0,
            link_type: 1,
            encryption: 0
        })
    );
    let cc = [
        0x0e, 0x0b, 0x01, 0x05, 0x10, 0x00, 0x53, 0x01, 0x40, 0x0a, 0x00, 0x00, 0x00,
    ];
    let Ok(Event::CommandComplete { opcode, ret, .. }) = parse_event(&cc) else {
        panic!("not CC")
    };
    assert_eq!(opcode, hci::op::READ_BUFFER_SIZE);
    assert_eq!(hci::parse_buffer_size(ret), Ok((0, 339, 10)));
    let nocp = [
        0x13, 0x15, 5, 0, 1, 2, 0, 1, 1, 0, 0, 2, 1, 0, 0, 3, 1, 0, 0, 4, 1, 0, 0,
    ];
    let Ok(Event::NumberOfCompletedPackets(p)) = parse_event(&nocp) else {
        panic!("not NOCP")
    };
    assert_eq!(
        hci::completed_packets(p).collect::<Vec<_>>(),
        [(0x100, 2), (0x101, 0), (0x102, 0), (0x103, 0), (0x104, 0)]
    );
}

#[test]
fn truncated_events_are_errors_at_every_cut() {
    let ev = [
        0x03, 11, 0x00, 0x00, 0x01, 0x11, 0x02, 0x19, 0x79, 0x00, 0x00, 0x01, 0x00,
    ];
    for cut in 0..ev.len() {
        assert!(parse_event(&ev[..cut]).is_err(), "cut at {cut}");
    }
    // A plen that claims more than the packet holds.
    assert_eq!(
        parse_event(&[0x0e, 200, 1, 2, 3]),
        Err(ParseError::Truncated)
    );
    // Number of completed packets claiming 255 handles.
    assert_eq!(parse_event(&[0x13, 1, 255]), Err(ParseError::Truncated));
}

#[test]
fn commands_encode_opcode_length_and_parameters_as_the_recorded_runs_sent_them() {
    assert_eq!(Command::reset().as_bytes(), [0x03, 0x0c, 0x00]);
    assert_eq!(
        Command::write_scan_enable(2).as_bytes(),
        [0x1a, 0x0c, 0x01, 0x02]
    );
    assert_eq!(
        Command::accept_connection(&WIIMOTE0).as_bytes(),
        [0x09, 0x04, 7, 0x11, 0x02, 0x19, 0x79, 0x00, 0x00, 0x00]
    );
    assert_eq!(
        Command::disconnect(0x0101, 0x13).as_bytes(),
        [0x06, 0x04, 3, 0x01, 0x01, 0x13]
    );
    let k = Command::link_key_reply(&WIIMOTE0, &[0xA0; 16]);
    assert_eq!(k.as_bytes().len(), 3 + 22);
}

#[test]
fn acl_fragments_reassemble_and_a_stray_continuation_is_rejected() {
    let frame: Vec<u8> = [
        &[10u8, 0, 0x71, 0][..],
        &[0xa1, 0x30, 0, 8, 1, 2, 3, 4, 5, 6],
    ]
    .concat();
    let mut parts = Vec::new();
    fragment(0x100, &frame, 5, |p| parts.push(p));
    assert_eq!(parts.len(), 3);
    let mut r = Reassembler::default();
    let mut whole = None;
    for p in &parts {
        let a = parse_acl(p).expect("well-formed");
        assert_eq!(a.handle, 0x100);
        if let Some(f) = r.push(a.pb, a.data).expect("in order") {
            whole = Some(f.to_vec());
        }
    }
    assert_eq!(whole.as_deref(), Some(&frame[..]));
    assert_eq!(
        Reassembler::default().push(PB_CONTINUE, &[1, 2]),
        Err(ParseError::Unexpected)
    );
    // More data than the L2CAP length announced.
    assert_eq!(
        Reassembler::default().push(PB_START, &[1, 0, 0x71, 0, 9, 9]),
        Err(ParseError::BadLength)
    );
    // An L2CAP length beyond the reassembly buffer.
    assert_eq!(
        Reassembler::default().push(PB_START, &[0xff, 0xff, 0x71, 0]),
        Err(ParseError::BadLength)
    );
}

#[test]
fn signalling_frames_with_several_commands_parse_each_and_stop_at_a_broken_one() {
    let payload = [
        0x02, 0x02, 4, 0, 0x11, 0, 0x40, 0, 0x04, 0x04, 8, 0, 0x70, 0, 0, 0, 1, 2, 0xb9, 0, 0x05,
        9, 99, 0,
    ];
    let v: Vec<_> = signals(&payload).collect();
    assert_eq!(
        v[0],
        Ok(Signal::ConnectionRequest {
            ident: 2,
            psm: 0x11,
            scid: 0x40
        })
    );
    let Ok(Signal::ConfigureRequest { dcid, options, .. }) = v[1] else {
        panic!("config")
    };
    assert_eq!((dcid, l2cap::mtu_option(options)), (0x70, Some(185)));
    assert_eq!(v[2], Err(ParseError::Truncated));
    assert_eq!(v.len(), 3);
    assert_eq!(parse_frame(&[4, 0, 1, 0, 1, 2]), Err(ParseError::Truncated));
    assert_eq!(parse_frame(&[1, 0, 1, 0, 1, 2]), Err(ParseError::BadLength));
}

fn signals_of(o: &replay::Outcome) -> Vec<(u16, u8, u8, Vec<u8>)> {
    o.frames
        .iter()
        .filter(|f| f.1 == 1)
        .map(|(h, _, p)| (*h, p[0], p[1], p[4..].to_vec()))
        .collect()
}

fn expected_signals(o: &replay::Outcome) -> Vec<(u16, u8, u8, Vec<u8>)> {
    o.expected
        .iter()
        .filter_map(|l| match l {
            Line::TxSignal {
                handle,
                code,
                ident,
                data,
            } => Some((*handle, *code, *ident, data.clone())),
            _ => None,
        })
        .collect()
}

/// Our own configuration requests number their idents independently; everything else must
/// match the recorded bytes exactly.
fn same_signals(ours: &[(u16, u8, u8, Vec<u8>)], log: &[(u16, u8, u8, Vec<u8>)]) -> bool {
    let key = |v: &[(u16, u8, u8, Vec<u8>)], h: u16| -> Vec<(u8, u8, Vec<u8>)> {
        v.iter()
            .filter(|s| s.0 == h)
            .map(|s| (s.1, if s.1 == 4 { 0 } else { s.2 }, s.3.clone()))
            .collect()
    };
    [0x100, 0x101].iter().all(|&h| key(ours, h) == key(log, h))
}

#[test]
fn replaying_the_one_remote_run_opens_both_channels_with_the_recorded_signalling() {
    let mut host = Host::new();
    let o = replay::run(BASIC, &mut host, |_, _, _| {});
    let log_hci: Vec<u16> = o
        .expected
        .iter()
        .filter_map(|l| match l {
            Line::TxHci { opcode, .. } => Some(*opcode),
            _ => None,
        })
        .collect();
    let ours: Vec<u16> = o
        .commands
        .iter()
        .map(|c| c.opcode())
        .filter(|op| log_hci.contains(op))
        .collect();
    assert_eq!(ours, log_hci);
    assert!(
        o.commands
            .iter()
            .any(|c| c.opcode() == hci::op::AUTHENTICATION_REQUESTED),
        "real-console auth sent"
    );
    assert!(o
        .commands
        .iter()
        .any(|c| c.opcode() == hci::op::READ_STORED_LINK_KEY));
    assert!(
        same_signals(&signals_of(&o), &expected_signals(&o)),
        "ours:\n{:?}\nlog:\n{}",
        signals_of(&o),
        replay::describe(&o.expected)
    );
    assert_eq!(host.bd_addr(), [0x11, 0x02, 0x19, 0x79, 0x00, 0xff]);
    assert!(o.events.contains(&HostEvent::Connected {
        link: LinkId(0),
        bd: WIIMOTE0,
        handle: 0x100
    }));
    assert!(o.events.contains(&HostEvent::Ready { link: LinkId(0) }));
    let hid = o
        .events
        .iter()
        .filter(|e| {
            matches!(
                e,
                HostEvent::Hid {
                    link: LinkId(0),
                    control: false,
                    ..
                }
            )
        })
        .count();
    assert!(hid > 10, "{hid} HID reports");
    let s = host.stats();
    assert_eq!(
        (s.malformed, s.unknown_handle, s.l2cap_refused, s.overflows),
        (0, 0, 0, 0),
        "{s:?}"
    );
    assert_eq!(s.auth_ok, 1);
}

#[test]
fn replaying_the_two_remote_run_gives_two_links_with_their_own_handles() {
    let mut host = Host::new();
    let o = replay::run(TWO, &mut host, |_, _, _| {});
    assert!(same_signals(&signals_of(&o), &expected_signals(&o)));
    assert!(host.is_ready(LinkId(0)) && host.is_ready(LinkId(1)));
    assert_eq!(
        (host.handle(LinkId(0)), host.handle(LinkId(1))),
        (Some(0x100), Some(0x101))
    );
    assert_eq!(host.stats().malformed, 0);
}

#[test]
fn replaying_the_disconnect_run_frees_the_link_and_reconnects_it() {
    let mut host = Host::new();
    // The recorded program's own Disconnect is a scripted command: issue it when the log's "2" press comes.
    let o = replay::run(DISC, &mut host, |h, e, _| {
        if let HostEvent::Hid {
            link: LinkId(1),
            data,
            ..
        } = &e
        {
            if data.len() > 3 && data[1] == 0x33 && data[3] & 0x01 != 0 {
                h.disconnect(LinkId(1));
            }
        }
    });
    let disc = o
        .commands
        .iter()
        .filter(|c| c.opcode() == hci::op::DISCONNECT)
        .count();
    assert_eq!(disc, 1);
    let pos = |pred: &dyn Fn(&HostEvent) -> bool| o.events.iter().position(pred);
    let gone = pos(&|e| {
        *e == HostEvent::Disconnected {
            link: LinkId(1),
            reason: 0x13,
        }
    })
    .expect("disconnected");
    let back = o
        .events
        .iter()
        .skip(gone)
        .position(|e| *e == HostEvent::Ready { link: LinkId(1) })
        .expect("ready again");
    assert!(back > 0);
    assert!(host.is_ready(LinkId(0)) && host.is_ready(LinkId(1)));
    assert_eq!(host.stats().malformed, 0);
}

mod guest;
mod quality;
mod rules;
mod shutdown;
mod startup;
