//! Fuzz target: the first byte picks what the rest is. Even: run every stateless parser on it
//! (HCI event, ACL, L2CAP frame and signalling, Wiimote report, GameCube pad words). Odd: cut
//! it into length-prefixed packets (bit 7 of the length byte = HCI event, else ACL) and feed
//! them to a started Bluetooth host with the Wiimote layer above it, as the game does.
#![no_main]

use libfuzzer_sys::fuzz_target;
use senas_senet::wii::bt::acl::{parse_acl, Reassembler};
use senas_senet::wii::bt::hci::{completed_packets, parse_event, returned_keys, Event};
use senas_senet::wii::bt::l2cap::{mtu_option, parse_frame, signals};
use senas_senet::wii::bt::Host;
use senas_senet::wii::si;
use senas_senet::wii::input::wiimote::report::parse_input;
use senas_senet::wii::input::wiimote::{Calibration, Wiimotes};

fn parsers(b: &[u8]) {
    match parse_event(b) {
        Ok(Event::NumberOfCompletedPackets(p)) => drop(completed_packets(p).count()),
        Ok(Event::ReturnLinkKeys(k)) => drop(returned_keys(k).count()),
        _ => {}
    }
    if let Ok(a) = parse_acl(b) {
        let _ = Reassembler::default().push(a.pb, a.data);
    }
    if let Ok((_, payload)) = parse_frame(b) {
        let _ = signals(payload).count();
    }
    let _ = signals(b).count();
    let _ = mtu_option(b);
    let _ = parse_input(b);
    if b.len() >= 8 {
        let w = |i: usize| u32::from_be_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        let _ = si::decode(w(0), w(4));
    }
}

fn stack(mut b: &[u8]) {
    let mut host = Host::new();
    let mut wm = Wiimotes::new(Calibration::BAR_ABOVE);
    host.start();
    let mut now = 0u32;
    while let Some((&len, rest)) = b.split_first() {
        let n = (len & 0x7F) as usize;
        let (packet, rest) = rest.split_at(n.min(rest.len()));
        b = rest;
        now = now.wrapping_add(5);
        if len & 0x80 != 0 {
            host.on_event(packet, now);
        } else {
            host.on_acl(packet, now);
        }
        while host.pop_command(now).is_some() {}
        wm.pump(&mut host, now);
        while host.pop_acl().is_some() {}
        while wm.pop_event().is_some() {}
    }
}

fuzz_target!(|data: &[u8]| {
    if let Some((&mode, rest)) = data.split_first() {
        if mode & 1 == 0 {
            parsers(rest);
        } else {
            stack(rest);
        }
    }
});
