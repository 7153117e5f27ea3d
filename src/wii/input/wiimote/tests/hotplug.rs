//! Issue 25: an extension plugged into a reporting remote and pulled out again, report by
//! report through `Wiimotes` (the bytes a remote sends, the output reports we answer with):
//! the order of the unencrypted start-up, the identifier and calibration reads and the mode
//! switches, and that no press of the remote or of the extension is lost or invented.

use super::*;
use super::{hid_in, reporting, sent};
use crate::wii::input::bt::Host;
use std::vec::Vec;

/// `0xa1 0x22`: the acknowledgement of a register write, core buttons `b`.
fn write_ack(b: [u8; 2]) -> Vec<u8> {
    std::vec![0xa1, 0x22, b[0], b[1], 0x16, 0x00]
}

/// `0xa1 0x21`: `data` read from `offset`, core buttons `b`.
fn read_reply(b: [u8; 2], offset: u16, data: &[u8]) -> Vec<u8> {
    let mut v = std::vec![0xa1, 0x21, b[0], b[1], ((data.len() as u8 - 1) << 4)];
    v.extend_from_slice(&offset.to_be_bytes());
    v.extend_from_slice(data);
    v.resize(23, 0);
    v
}

/// `0xa1 0x33` with core buttons `b` and two dots at the centre.
fn core_report(b: [u8; 2]) -> Vec<u8> {
    let mut v = std::vec![0xa1, 0x33, b[0], b[1], 0x80, 0x80, 0x9a];
    v.extend_from_slice(&[
        0x44, 0xc4, 0x61, 0xbb, 0xc4, 0x51, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    ]);
    v
}

/// `0xa1 0x37` with core buttons `b`, the same dots in basic format, extension bytes `ext`.
fn ext_report(b: [u8; 2], ext: [u8; 6]) -> Vec<u8> {
    let mut v = std::vec![0xa1, 0x37, b[0], b[1], 0x80, 0x80, 0x9a];
    v.extend_from_slice(&[0x44, 0xc4, 0x65, 0xbb, 0xc4, 0xff, 0xff, 0xff, 0xff, 0xff]);
    v.extend_from_slice(&ext);
    v
}

const CORE_A: [u8; 2] = [0x00, 0x08];
const CORE_B: [u8; 2] = [0x00, 0x04];
const CORE_TWO: [u8; 2] = [0x00, 0x01];
const CORE_NONE: [u8; 2] = [0x00, 0x00];
/// A Classic Controller at rest, and with its A (byte 5 bit 4) held.
const CLASSIC_REST: [u8; 6] = [0xa0, 0x20, 0x10, 0x00, 0xff, 0xff];
const CLASSIC_A: [u8; 6] = [0xa0, 0x20, 0x10, 0x00, 0xff, 0xef];
/// Dolphin's `classic_calibration` (Extension/Classic.cpp).
const CLASSIC_CAL: [u8; 16] = [
    0xff, 0x00, 0x80, 0xff, 0x00, 0x80, 0xff, 0x00, 0x80, 0xff, 0x00, 0x80, 0x00, 0x00, 0x51, 0xa6,
];

/// Issue 25: a Classic Controller plugged in and pulled out while the player holds and
/// presses the remote's own buttons. Every report's core buttons count at once, whatever
/// the extension's start-up is doing; the extension's buttons count only once it is
/// identified and calibrated, and vanish the moment the status report says it is out.
#[test]
fn a_classic_controller_plugged_in_and_out_mid_game_loses_and_invents_no_press() {
    use super::extension::{ExtButtons, ExtEvent, ExtensionKind};
    let (mut host, mut wm) = reporting();
    while wm.pop_event().is_some() {}
    let mut now = 8000;
    let mut step = |wm: &mut Wiimotes, host: &mut Host, msg: &[u8]| {
        now += 10;
        hid_in(wm, msg, now);
        wm.send(host, now);
        let s = wm.state(0);
        (sent(host), s.buttons, s.ext.buttons, s.extension)
    };
    let none = ExtButtons::NONE;
    assert_eq!(step(&mut wm, &mut host, &core_report(CORE_A)).1, Buttons::A);
    // Plugged in: the remote says so with a status report (extension bit 0x02).
    let (out, core, ext, kind) = step(
        &mut wm,
        &mut host,
        &[0xa1, 0x20, 0x00, 0x08, 0x12, 0, 0, 0x64],
    );
    assert_eq!(
        out,
        [
            std::vec![0xa2, 0x12, 0x06, 0x33],
            report::write_registers(0xA400F0, &[0x55], false).to_vec()
        ],
        "reporting again first, then the unencrypted start-up"
    );
    assert_eq!((core, ext, kind), (Buttons::A, none, None));
    let (out, core, ..) = step(&mut wm, &mut host, &write_ack(CORE_A));
    assert_eq!(
        out,
        [report::write_registers(0xA400FB, &[0x00], false).to_vec()]
    );
    assert_eq!(core, Buttons::A);
    let (out, core, ..) = step(&mut wm, &mut host, &write_ack(CORE_NONE));
    assert_eq!(out, [report::read_registers(0xA400FA, 6, false).to_vec()]);
    assert_eq!(
        core,
        Buttons::NONE,
        "A released during the start-up: seen at once"
    );
    // A stray 0x37 before the extension is known: its bytes say nothing.
    let (_, core, ext, _) = step(&mut wm, &mut host, &ext_report(CORE_B, CLASSIC_A));
    assert_eq!((core, ext), (Buttons::B, none));
    let id = [0x00, 0x00, 0xA4, 0x20, 0x01, 0x01];
    let (out, core, ext, kind) = step(&mut wm, &mut host, &read_reply(CORE_B, 0x00fa, &id));
    assert_eq!(out, [report::read_registers(0xA40020, 16, false).to_vec()]);
    assert_eq!((core, ext, kind), (Buttons::B, none, None));
    let (out, core, _, kind) = step(
        &mut wm,
        &mut host,
        &read_reply(CORE_NONE, 0x0020, &CLASSIC_CAL),
    );
    assert_eq!(
        out,
        [
            report::write_registers(0xB00033, &[0x01], false).to_vec(),
            std::vec![0xa2, 0x12, 0x06, 0x37]
        ],
        "basic IR, then the report with extension bytes"
    );
    assert_eq!((core, kind), (Buttons::NONE, Some(ExtensionKind::Classic)));
    let (_, core, ext, _) = step(&mut wm, &mut host, &ext_report(CORE_NONE, CLASSIC_REST));
    assert_eq!((core, ext), (Buttons::NONE, none));
    let (_, core, ext, _) = step(&mut wm, &mut host, &ext_report(CORE_TWO, CLASSIC_A));
    assert_eq!((core, ext), (Buttons::TWO, ExtButtons::A));
    assert!(
        wm.state(0).aim != Aim::Lost,
        "the pointer still works in 0x37"
    );
    // Pulled out while its A and the remote's 2 are held: A is gone, 2 stays.
    let (out, core, ext, kind) = step(
        &mut wm,
        &mut host,
        &[0xa1, 0x20, 0x00, 0x01, 0x10, 0, 0, 0x64],
    );
    assert_eq!((core, ext, kind), (Buttons::TWO, none, None));
    assert_eq!(
        out,
        [
            report::write_registers(0xB00033, &[0x03], false).to_vec(),
            std::vec![0xa2, 0x12, 0x06, 0x33]
        ],
        "back to extended IR and 0x33"
    );
    assert_eq!(
        step(&mut wm, &mut host, &core_report(CORE_TWO)).1,
        Buttons::TWO
    );
    let mut events = Vec::new();
    while let Some(e) = wm.pop_event() {
        events.push(e);
    }
    assert_eq!(
        events,
        [
            WiimoteEvent::Extension {
                player: 0,
                event: ExtEvent::Attached(ExtensionKind::Classic)
            },
            WiimoteEvent::Extension {
                player: 0,
                event: ExtEvent::Detached
            }
        ]
    );
}

/// `0xa1 0x37` with one pair of dots centred on camera x = `x` (basic format), no buttons.
fn ext_report_at(x: u16) -> Vec<u8> {
    let (l, r) = (x - 70, x + 70);
    let hi = (0x01 << 6) | (((l >> 8) as u8) << 4) | (0x01 << 2) | (r >> 8) as u8;
    let mut v = std::vec![0xa1, 0x37, 0, 0, 0x80, 0x80, 0x9a];
    v.extend_from_slice(&[
        l as u8, 0xc4, hi, r as u8, 0xc4, 0xff, 0xff, 0xff, 0xff, 0xff,
    ]);
    v.extend_from_slice(&CLASSIC_REST);
    v
}

#[test]
fn after_switching_to_basic_ir_the_pointer_skips_the_reports_in_flight_then_follows_0x37() {
    let (mut host, mut wm) = reporting();
    let t = 8000;
    hid_in(&mut wm, &core_report(CORE_NONE), t);
    let before = wm.state(0).aim;
    assert_ne!(before, Aim::Lost);
    hid_in(&mut wm, &[0xa1, 0x20, 0, 0, 0x12, 0, 0, 0x64], t + 10);
    hid_in(&mut wm, &write_ack(CORE_NONE), t + 20);
    hid_in(&mut wm, &write_ack(CORE_NONE), t + 30);
    let id = [0x00, 0x00, 0xA4, 0x20, 0x01, 0x01];
    hid_in(&mut wm, &read_reply(CORE_NONE, 0x00fa, &id), t + 40);
    hid_in(
        &mut wm,
        &read_reply(CORE_NONE, 0x0020, &CLASSIC_CAL),
        t + 50,
    );
    wm.send(&mut host, t + 50);
    assert!(wm.state(0).extension.is_some());
    // In flight right after the switch (as many as the settled phase gets below): not
    // believed, whatever they say.
    for k in 0..20 {
        hid_in(&mut wm, &ext_report_at(300), t + 55 + 4 * k);
    }
    assert_eq!(wm.state(0).aim, before);
    // Settled: the basic-format dots move the pointer (the tracker smooths over reports).
    for k in 0..20 {
        hid_in(&mut wm, &ext_report_at(300), t + 200 + 5 * k);
    }
    assert_ne!(wm.state(0).aim, before);
    assert_ne!(wm.state(0).aim, Aim::Lost);
}
