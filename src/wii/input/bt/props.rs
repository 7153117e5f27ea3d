//! Property tests: every parser of outside bytes (HCI events, ACL, L2CAP signalling, Wiimote
//! reports, IR, GameCube pad words) and the host + Wiimote state machines, fed random bytes
//! and randomly damaged recorded traffic, never panic, and damage is counted, not obeyed.
//! (The `fuzz/` target runs the same entry points under libFuzzer when cargo-fuzz exists.)

use super::acl::{parse_acl, Reassembler};
use super::hci::{completed_packets, parse_event, returned_keys};
use super::l2cap::{mtu_option, parse_frame, signals};
use super::replay::{self, Line};
use super::Host;
use crate::wii::input::si;
use crate::wii::input::wiimote::report::parse_input;
use crate::wii::input::wiimote::{Calibration, Wiimotes};
use proptest::prelude::*;
use std::vec::Vec;

const LOGS: [&str; 3] = [
    include_str!("testdata/basic.log"),
    include_str!("testdata/two.log"),
    include_str!("testdata/disc.log"),
];

/// Runs every stateless parser on `bytes`.
pub fn parse_all(bytes: &[u8]) {
    if let Ok(super::hci::Event::NumberOfCompletedPackets(p)) = parse_event(bytes) {
        let _ = completed_packets(p).count();
    }
    if let Ok(super::hci::Event::ReturnLinkKeys(k)) = parse_event(bytes) {
        let _ = returned_keys(k).count();
    }
    if let Ok(a) = parse_acl(bytes) {
        let mut r = Reassembler::default();
        let _ = r.push(a.pb, a.data);
    }
    if let Ok((_, payload)) = parse_frame(bytes) {
        for s in signals(payload) {
            if let Ok(super::l2cap::Signal::ConfigureRequest { options, .. }) = s {
                let _ = mtu_option(options);
            }
        }
    }
    let _ = signals(bytes).count();
    let _ = mtu_option(bytes);
    let _ = parse_input(bytes);
    if bytes.len() >= 8 {
        let w = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let _ = si::decode(w(0), w(4));
    }
}

fn recorded() -> Vec<(bool, Vec<u8>)> {
    LOGS.iter()
        .flat_map(|l| replay::parse(l))
        .filter_map(|(_, l)| match l {
            Line::Event(e) => Some((true, e)),
            Line::Acl(a) => Some((false, a)),
            _ => None,
        })
        .collect()
}

/// Feeds packets to a started host with Wiimotes above it; returns the host for inspection.
pub fn drive(packets: &[(bool, Vec<u8>)]) -> Host {
    let mut host = Host::new();
    let mut wm = Wiimotes::new(Calibration::BAR_ABOVE);
    host.start();
    for (k, (is_event, p)) in packets.iter().enumerate() {
        let now = k as u32 * 3;
        if *is_event {
            host.on_event(p, now);
        } else {
            host.on_acl(p, now);
        }
        while host.pop_command(now).is_some() {}
        wm.pump(&mut host, now);
        while host.pop_acl().is_some() {}
        while wm.pop_event().is_some() {}
        for p in 0..4 {
            let _ = wm.state(p);
        }
    }
    host
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic_any_parser(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        parse_all(&bytes);
    }

    #[test]
    fn damaged_recorded_traffic_never_panics_the_host_or_the_remotes(
        edits in proptest::collection::vec((any::<u16>(), any::<u16>(), any::<u8>(), 0u8..4), 1..40),
    ) {
        let mut packets = recorded();
        let n = packets.len();
        for (which, at, value, kind) in edits {
            let (_, p) = &mut packets[which as usize % n];
            match kind {
                0 if !p.is_empty() => {
                    let i = at as usize % p.len();
                    p[i] = value;
                }
                1 => p.truncate(at as usize % (p.len() + 1)),
                2 => p.extend(std::iter::repeat_n(value, at as usize % 64)),
                _ => {
                    let i = at as usize % n;
                    packets.swap(which as usize % n, i);
                }
            }
        }
        let _host = drive(&packets);
    }
}

#[test]
fn undamaged_recorded_traffic_is_all_accepted() {
    let host = drive(&recorded());
    let s = host.stats();
    assert_eq!((s.malformed, s.unknown_handle), (0, 0), "{s:?}");
}

#[test]
fn a_truncated_event_in_recorded_traffic_is_counted_as_malformed() {
    let mut packets = recorded();
    let i = packets.iter().position(|p| p.0).expect("an event");
    packets[i].1.truncate(1);
    let host = drive(&packets);
    assert!(host.stats().malformed >= 1);
}
