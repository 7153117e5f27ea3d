//! The host's shutdown before the game leaves (audit 2 N5; libogc `lwbt/bte.c` `BTE_Shutdown`
//! ends with HCI Reset and waits for it): every connected remote is disconnected with reason
//! 0x15 first, then the controller is reset, and nothing else is sent in between.

use crate::wii::input::bt::hci::{self, op};
use crate::wii::input::bt::replay;
use crate::wii::input::bt::{Closing, Host, LinkId};
use std::vec::Vec;

const TWO: &str = include_str!("../testdata/two.log");
const LATER: u32 = 1_000_000;

fn command_status(opcode: u16) -> [u8; 6] {
    let [a, b] = opcode.to_le_bytes();
    [0x0f, 4, 0x00, 1, a, b]
}

fn command_complete(opcode: u16) -> [u8; 6] {
    let [a, b] = opcode.to_le_bytes();
    [0x0e, 4, 1, a, b, 0x00]
}

#[test]
fn shutting_down_disconnects_every_remote_for_power_off_then_resets_the_controller() {
    let mut host = Host::new();
    replay::run(TWO, &mut host, |_, _, _| {});
    let handles: Vec<u16> = (0..2)
        .map(|i| host.handle(LinkId(i)).expect("two remotes connected"))
        .collect();
    assert_eq!(host.closing(), Closing::No);
    host.shut_down();
    assert_eq!(host.closing(), Closing::Started);
    let mut sent = Vec::new();
    let mut now = LATER;
    while let Some(c) = {
        // Timers (link quality polls, channel fallbacks) queue nothing while closing.
        host.tick(now);
        host.pop_command(now)
    } {
        sent.push((c.opcode(), c.params().to_vec()));
        if c.opcode() == op::DISCONNECT {
            host.on_event(&command_status(op::DISCONNECT), now);
        }
        now += 1;
    }
    let mut want: Vec<(u16, Vec<u8>)> = handles
        .iter()
        .map(|h| {
            let [a, b] = h.to_le_bytes();
            (op::DISCONNECT, std::vec![a, b, hci::REASON_POWER_OFF])
        })
        .collect();
    want.push((op::RESET, Vec::new()));
    assert_eq!(sent, want);
    assert_eq!(hci::REASON_POWER_OFF, 0x15);
    assert_eq!(host.closing(), Closing::Started, "the Reset is unanswered");
    host.on_event(&command_complete(op::RESET), now);
    assert_eq!(host.closing(), Closing::Done);
    assert_eq!(host.pop_command(now), None);
}

#[test]
fn a_host_that_never_came_up_still_resets_the_controller() {
    let mut host = Host::new();
    host.shut_down();
    let c = host.pop_command(0).expect("a command");
    assert_eq!(c.opcode(), op::RESET);
    host.on_event(&command_complete(op::RESET), 1);
    assert_eq!(host.closing(), Closing::Done);
}
