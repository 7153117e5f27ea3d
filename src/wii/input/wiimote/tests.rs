//! The Wiimote layer over the Bluetooth host, replaying the recorded Dolphin runs: the setup
//! reports must be the bytes Dolphin accepted, players must be assigned as in the runs, and
//! the state must follow the recorded buttons and dots.

use super::*;
use crate::wii::input::bt::replay::{self, Line};
use crate::wii::input::bt::{Host, HostEvent, LinkId};
use std::vec::Vec;

mod hotplug;

const BASIC: &str = include_str!("../bt/testdata/basic.log");
const TWO: &str = include_str!("../bt/testdata/two.log");
const DISC: &str = include_str!("../bt/testdata/disc.log");

struct Run {
    wm: Wiimotes,
    out: replay::Outcome,
    events: Vec<WiimoteEvent>,
}

fn run(log: &str, disconnect_on_two: bool) -> Run {
    let mut host = Host::new();
    let mut wm = Wiimotes::new(Calibration::BAR_ABOVE);
    let mut events = Vec::new();
    let mut dropped = false;
    let out = replay::run(log, &mut host, |h, e, now| {
        wm.on_host_event(e, now);
        if disconnect_on_two && !dropped && wm.state(1).buttons.contains(Buttons::TWO) {
            dropped = true;
            wm.disconnect(1, h);
        }
        wm.send(h, now);
        while let Some(e) = wm.pop_event() {
            events.push(e);
        }
    });
    Run { wm, out, events }
}

/// (handle, bytes) of every HID report sent, and of every one the recorded run logged.
type Reports = Vec<(u16, Vec<u8>)>;

fn hid(r: &Run) -> (Reports, Reports) {
    let ours = r
        .out
        .frames
        .iter()
        .filter(|f| f.1 != 1)
        .map(|(h, _, p)| (*h, p.clone()))
        .collect();
    let log = r
        .out
        .expected
        .iter()
        .filter_map(|l| match l {
            Line::TxHid { handle, bytes } => Some((*handle, bytes.clone())),
            _ => None,
        })
        .collect();
    (ours, log)
}

fn per_handle(v: &[(u16, Vec<u8>)], h: u16) -> Vec<Vec<u8>> {
    v.iter().filter(|x| x.0 == h).map(|x| x.1.clone()).collect()
}

fn aim_xy(a: Aim) -> (f32, f32) {
    match a {
        Aim::OnScreen { x, y } | Aim::OffScreen { x, y } => (x, y),
        Aim::Lost => (f32::NAN, f32::NAN),
    }
}

#[test]
fn one_remote_gets_the_exact_setup_reports_dolphin_accepted_and_reports_buttons_and_pointer() {
    let r = run(BASIC, false);
    let (ours, log) = hid(&r);
    assert_eq!(ours, log);
    assert_eq!(
        r.events[0],
        WiimoteEvent::Connected {
            player: 0,
            bd: [0x11, 0x02, 0x19, 0x79, 0, 0],
            handle: 0x100
        }
    );
    assert_eq!(r.events[1], WiimoteEvent::Reporting { player: 0 });
    let s = r.wm.state(0);
    assert!(s.connected && s.reporting);
    assert_eq!(s.battery_bars, 4, "battery 0x64");
    assert_eq!(s.bad_reports, 0);
    let (x, y) = aim_xy(s.aim);
    assert!(
        (x - 0.5).abs() < 0.02 && (y - 0.5).abs() < 0.05,
        "({x}, {y})"
    );
    assert_eq!(r.wm.state(1), RemoteState::DISCONNECTED);
}

#[test]
fn two_remotes_become_players_one_and_two_with_their_own_leds() {
    let r = run(TWO, false);
    let (ours, log) = hid(&r);
    assert_eq!(per_handle(&ours, 0x100), per_handle(&log, 0x100));
    assert_eq!(per_handle(&ours, 0x101), per_handle(&log, 0x101));
    assert_eq!(per_handle(&ours, 0x100)[0], [0xa2, 0x11, 0x12]);
    assert_eq!(per_handle(&ours, 0x101)[0], [0xa2, 0x11, 0x22]);
    assert!(r.wm.state(0).reporting && r.wm.state(1).reporting);
    // Remote 0 ended pointing up and to the right (pipe about (0.8, 0.2)).
    let (x, y) = aim_xy(r.wm.state(0).aim);
    assert!(
        (x - 0.79).abs() < 0.05 && (y - 0.2).abs() < 0.06,
        "({x}, {y})"
    );
}

#[test]
fn a_dropped_remote_comes_back_as_the_same_player_and_the_other_is_untouched() {
    let r = run(DISC, true);
    let gone = r
        .events
        .iter()
        .position(|e| {
            *e == WiimoteEvent::Disconnected {
                player: 1,
                reason: 0x13,
            }
        })
        .expect("dropped");
    let back = r.events[gone..]
        .iter()
        .position(|e| matches!(e, WiimoteEvent::Connected { player: 1, .. }));
    assert!(back.is_some(), "{:?}", r.events);
    assert!(r.events[gone..].contains(&WiimoteEvent::Reporting { player: 1 }));
    assert!(!r
        .events
        .iter()
        .any(|e| matches!(e, WiimoteEvent::Disconnected { player: 0, .. })));
    let (ours, log) = hid(&r);
    assert_eq!(
        per_handle(&ours, 0x101),
        per_handle(&log, 0x101),
        "setup replayed after reconnecting"
    );
    assert!(r.wm.state(0).reporting && r.wm.state(1).reporting);
}

/// A host with one ready link, and the remote set up to reporting.
pub(super) fn reporting() -> (Host, Wiimotes) {
    let mut host = Host::new();
    let mut wm = Wiimotes::new(Calibration::BAR_ABOVE);
    let _ = replay::run(BASIC, &mut host, |h, e, now| {
        wm.on_host_event(e, now);
        wm.send(h, now);
    });
    while host.pop_acl().is_some() {}
    (host, wm)
}

pub(super) fn hid_in(wm: &mut Wiimotes, data: &[u8], now: u32) {
    let mut v = heapless::Vec::new();
    let _ = v.extend_from_slice(data);
    wm.on_host_event(
        HostEvent::Hid {
            link: LinkId(0),
            control: false,
            data: v,
        },
        now,
    );
}

pub(super) fn sent(host: &mut Host) -> Vec<Vec<u8>> {
    let mut v = Vec::new();
    while let Some(p) = host.pop_acl() {
        v.push(p[8..].to_vec());
        host.on_event(&[0x13, 5, 1, 0, 1, 1, 0], 0);
    }
    v
}

#[test]
fn an_unsolicited_status_report_makes_the_host_set_the_reporting_mode_again() {
    let (mut host, mut wm) = reporting();
    hid_in(&mut wm, &[0xa1, 0x20, 0, 0, 0x10, 0, 0, 0x30], 8000);
    wm.send(&mut host, 8000);
    assert_eq!(sent(&mut host), [std::vec![0xa2, 0x12, 0x06, 0x33]]);
    assert_eq!(wm.state(0).battery_bars, 3);
}

#[test]
fn a_rumble_pulse_turns_the_motor_on_and_off_again() {
    let (mut host, mut wm) = reporting();
    wm.rumble(0, 200, 8000);
    wm.send(&mut host, 8000);
    assert_eq!(sent(&mut host), [std::vec![0xa2, 0x10, 0x01]]);
    assert!(wm.state(0).rumbling);
    wm.send(&mut host, 8100);
    assert!(sent(&mut host).is_empty());
    wm.send(&mut host, 8200);
    assert_eq!(sent(&mut host), [std::vec![0xa2, 0x10, 0x00]]);
    assert!(!wm.state(0).rumbling);
}

/// Audit 2 N5: at exit the motor was left as it was (a 150 ms pulse running at HOME -> exit
/// kept going through the IOS reload); `stop_rumble` ends the pulse now.
#[test]
fn stopping_the_rumble_at_exit_sends_the_motor_off_at_once_and_nothing_else() {
    let (mut host, mut wm) = reporting();
    wm.rumble(0, 150, 8000);
    wm.send(&mut host, 8000);
    assert_eq!(sent(&mut host), [std::vec![0xa2, 0x10, 0x01]]);
    wm.stop_rumble();
    assert_eq!(wm.pending_outputs(), 0, "queued by the next send");
    wm.send(&mut host, 8001);
    assert_eq!(sent(&mut host), [std::vec![0xa2, 0x10, 0x00]]);
    assert!(!wm.state(0).rumbling);
    assert_eq!(wm.pending_outputs(), 0);
    // A motor that was off stays quiet.
    wm.stop_rumble();
    wm.send(&mut host, 8002);
    assert!(sent(&mut host).is_empty());
}

#[test]
fn garbage_reports_are_counted_and_change_nothing() {
    let (_host, mut wm) = reporting();
    let before = wm.state(0);
    for g in [
        &[][..],
        &[0xa1],
        &[0xa1, 0x33, 0],
        &[0x00, 0x30, 0, 8],
        &[0xa1, 0x7f, 0, 8],
    ] {
        hid_in(&mut wm, g, 9000);
    }
    let after = wm.state(0);
    assert_eq!(after.bad_reports, 5);
    assert_eq!(after.buttons, before.buttons);
}

#[test]
fn a_button_press_shows_in_the_state_at_once() {
    let (_host, mut wm) = reporting();
    let mut rep = std::vec![0xa1, 0x33, 0x00, 0x08, 0x80, 0x80, 0x9a];
    rep.extend_from_slice(&[
        0x44, 0xc4, 0x61, 0xbb, 0xc4, 0x51, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    ]);
    hid_in(&mut wm, &rep, 9000);
    assert_eq!(wm.state(0).buttons, Buttons::A);
}

/// Audit 2 (the rumble queue): `Remote::queue` drops the oldest pending report when eight
/// wait, which can be a rumble-off. That loses nothing, because every report carries the
/// rumble bit as it is when queued: whatever is dropped, the last report the remote gets says
/// the motor's current state.
#[test]
fn whatever_a_full_queue_drops_the_last_report_sent_carries_the_current_rumble_state() {
    for extra in [0usize, 3, 8, 12, 20] {
        let (mut host, mut wm) = reporting();
        wm.rumble(0, 200, 8000);
        let mut now = 8000;
        let status = |wm: &mut Wiimotes, now: u32| {
            hid_in(wm, &[0xa1, 0x20, 0, 0, 0x12, 0, 0, 0x30], now);
        };
        // The link stalls: reports pile up (nothing is acknowledged until the end).
        for _ in 0..10 {
            status(&mut wm, now);
            wm.send(&mut host, now);
            now += 10;
        }
        now = 8300; // the pulse is over: the rumble-off is queued
        wm.send(&mut host, now);
        for _ in 0..extra {
            status(&mut wm, now);
            wm.send(&mut host, now);
        }
        let mut all = Vec::new();
        for _ in 0..50 {
            all.extend(sent(&mut host));
            wm.send(&mut host, now);
        }
        let last = all.last().expect("reports were sent");
        assert_eq!(last[0], 0xa2, "{last:x?}");
        assert_eq!(
            last[2] & 1,
            0,
            "extra {extra}: the last report {last:x?} rumbles"
        );
        assert!(!wm.state(0).rumbling);
    }
}

/// Issue 25 part 3 (Wii Remote Plus, RVL-CNT-01-TR): WiiBrew "Wiimote", HID interface: output
/// reports go as DATA (0xA2) on the interrupt channel (PSM 0x13); a -TR remote shuts down on a
/// SET_REPORT (0x52) on the control channel (wiiuse issues #21 and #105). In every recorded
/// run, each output report we send is a 0xA2 frame to the CID the remote opened its interrupt
/// channel with, and nothing goes to its control channel.
#[test]
fn every_output_report_goes_as_data_on_the_interrupt_channel_never_on_control() {
    use crate::wii::input::bt::l2cap::{
        parse_frame, signals, Signal, PSM_HID_CONTROL, PSM_HID_INTERRUPT,
    };
    for (name, log, drop) in [
        ("basic", BASIC, false),
        ("two", TWO, false),
        ("disc", DISC, true),
    ] {
        let r = run(log, drop);
        // The remote's CIDs per (handle, PSM), from the connection requests it sent.
        let mut cids: Vec<(u16, u16, u16)> = Vec::new();
        for (_, line) in replay::parse(log) {
            let Line::Acl(p) = line else { continue };
            let handle = u16::from_le_bytes([p[0], p[1]]) & 0x0FFF;
            let Ok((1, sig)) = parse_frame(&p[4..]) else {
                continue;
            };
            for s in signals(sig).flatten() {
                if let Signal::ConnectionRequest { psm, scid, .. } = s {
                    cids.push((handle, psm, scid));
                }
            }
        }
        let cid_of = |h: u16, psm: u16| {
            cids.iter()
                .rev()
                .find(|(hh, p, _)| *hh == h && *p == psm)
                .map(|c| c.2)
        };
        let mut reports = 0u8;
        for (handle, cid, payload) in &r.out.frames {
            if *cid == 1 {
                continue;
            }
            assert_ne!(
                Some(*cid),
                cid_of(*handle, PSM_HID_CONTROL),
                "{name}: nothing on the control channel: {payload:x?}"
            );
            assert_eq!(payload[0], 0xa2, "{name}: DATA | OUTPUT, never SET_REPORT");
            assert_eq!(Some(*cid), cid_of(*handle, PSM_HID_INTERRUPT), "{name}");
            reports += 1;
        }
        assert!(
            reports >= super::setup::STEPS,
            "{name}: the whole setup checked, {reports} reports"
        );
    }
}
