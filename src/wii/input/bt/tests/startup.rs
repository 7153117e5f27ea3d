//! The controller start-up, command for command, against a fake controller that completes
//! every command: libogc's order (`lwbt/bte.c` `BTE_InitCore` -> `bte_hci_initcore_complete`
//! -> `bte_hci_initcore_complete2`, `BTE_ReadStoredLinkKey`, `BTE_InitSub` ->
//! `bte_hci_initsub_complete`, then `wiiuse/wpad.c` `BTE_SetEvtFilter(0x01,0x00)`), without
//! the Broadcom patch (docs/hardware.md, "Bluetooth").

use crate::wii::input::bt::hci::op;
use crate::wii::input::bt::Host;
use std::vec::Vec;

/// Every start-up command as (opcode, parameters), answering each with success.
fn start_up() -> (Vec<(u16, Vec<u8>)>, Host) {
    let mut host = Host::new();
    host.start();
    let mut sent = Vec::new();
    while !host.is_up() && sent.len() < 64 {
        let c = host.pop_command(0).expect("the next start-up command");
        let [lo, hi] = c.opcode().to_le_bytes();
        let ev: Vec<u8> = match c.opcode() {
            op::READ_BUFFER_SIZE => {
                std::vec![0x0e, 11, 1, lo, hi, 0, 0x53, 0x01, 0x40, 0x0a, 0x00, 0x00, 0x00]
            }
            op::READ_BD_ADDR => std::vec![0x0e, 10, 1, lo, hi, 0, 1, 2, 3, 4, 5, 6],
            // HCI 2, revision 0x1234, LMP 2, manufacturer 15 (Broadcom), subversion 0x4203.
            op::READ_LOCAL_VERSION => {
                std::vec![0x0e, 12, 1, lo, hi, 0, 2, 0x34, 0x12, 2, 15, 0, 0x03, 0x42]
            }
            _ => std::vec![0x0e, 4, 1, lo, hi, 0],
        };
        sent.push((c.opcode(), c.params().to_vec()));
        host.on_event(&ev, 0);
    }
    (sent, host)
}

fn name(s: &[u8]) -> Vec<u8> {
    let mut v = std::vec![0u8; 248];
    v[..s.len()].copy_from_slice(s);
    v
}

#[test]
fn the_controller_is_brought_up_in_libogcs_order_with_its_parameters() {
    let (sent, host) = start_up();
    assert!(host.is_up());
    let expected: Vec<(u16, Vec<u8>)> = std::vec![
        (op::RESET, std::vec![]),
        (op::READ_BUFFER_SIZE, std::vec![]),
        (op::WRITE_CLASS_OF_DEVICE, std::vec![0x00, 0x1F, 0x00]),
        (op::WRITE_LOCAL_NAME, name(b"")),
        (op::WRITE_PIN_TYPE, std::vec![0x00]),
        // ACL 1020 bytes, SCO 255 bytes, 20 ACL packets, 1 SCO packet (little-endian).
        (
            op::HOST_BUFFER_SIZE,
            std::vec![0xFC, 0x03, 0xFF, 20, 0, 1, 0]
        ),
        (op::READ_LOCAL_VERSION, std::vec![]),
        (op::READ_BD_ADDR, std::vec![]),
        (op::READ_LOCAL_FEATURES, std::vec![]),
        (op::WRITE_INQUIRY_MODE, std::vec![0x01]),
        (op::WRITE_PAGE_SCAN_TYPE, std::vec![0x01]),
        (op::WRITE_INQUIRY_SCAN_TYPE, std::vec![0x01]),
        (op::WRITE_CLASS_OF_DEVICE, std::vec![0x04, 0x02, 0x40]),
        (op::WRITE_PAGE_TIMEOUT, std::vec![0x00, 0x20]),
        (op::READ_STORED_LINK_KEY, std::vec![0, 0, 0, 0, 0, 0, 1]),
        (op::WRITE_INQUIRY_MODE, std::vec![0x01]),
        (op::WRITE_PAGE_SCAN_TYPE, std::vec![0x01]),
        (op::WRITE_INQUIRY_SCAN_TYPE, std::vec![0x01]),
        (op::WRITE_CLASS_OF_DEVICE, std::vec![0x00, 0x04, 0x48]),
        (op::WRITE_PAGE_TIMEOUT, std::vec![0x00, 0x80]),
        (op::WRITE_LOCAL_NAME, name(b"Wii")),
        (op::WRITE_SCAN_ENABLE, std::vec![0x02]),
        (op::SET_EVENT_FILTER, std::vec![0x01, 0x00]),
    ];
    for (k, (got, want)) in sent.iter().zip(expected.iter()).enumerate() {
        assert_eq!(got, want, "command {k}");
    }
    assert_eq!(sent.len(), expected.len());
}

#[test]
fn the_controllers_version_is_kept_for_the_self_test() {
    let (_, host) = start_up();
    assert_eq!(
        host.local_version(),
        Some(crate::selftest::BtVersion {
            hci_version: 2,
            hci_revision: 0x1234,
            lmp_version: 2,
            manufacturer: 15,
            lmp_subversion: 0x4203,
        })
    );
    // An empty answer (or a failing status) leaves it unknown.
    let mut host = Host::new();
    host.start();
    for _ in 0..64 {
        let Some(c) = host.pop_command(0) else { break };
        let [lo, hi] = c.opcode().to_le_bytes();
        host.on_event(&[0x0e, 4, 1, lo, hi, 0], 0);
    }
    assert!(host.is_up());
    assert_eq!(host.local_version(), None);
}

#[test]
fn pin_type_and_page_scan_type_come_before_scan_enable_and_scan_enable_after_the_link_keys() {
    let (sent, _) = start_up();
    let at = |o: u16| sent.iter().position(|(c, _)| *c == o).expect("sent");
    let scan = at(op::WRITE_SCAN_ENABLE);
    assert!(at(op::WRITE_PIN_TYPE) < scan);
    assert!(at(op::WRITE_PAGE_SCAN_TYPE) < scan);
    assert!(at(op::READ_STORED_LINK_KEY) < scan);
    assert_eq!(
        sent.iter().filter(|(c, _)| *c == op::RESET).count(),
        1,
        "one reset: the second exists only to load the Broadcom patch, which is not sent"
    );
}

#[test]
fn a_command_the_controller_refuses_does_not_stop_the_start_up() {
    let mut host = Host::new();
    host.start();
    for _ in 0..64 {
        let Some(c) = host.pop_command(0) else { break };
        let [lo, hi] = c.opcode().to_le_bytes();
        // 0x01 unknown HCI command: what a controller without inquiry-mode support says.
        let status = if c.opcode() == op::WRITE_INQUIRY_MODE {
            0x01
        } else {
            0
        };
        host.on_event(&[0x0e, 4, 1, lo, hi, status], 0);
        if host.is_up() {
            break;
        }
    }
    assert!(host.is_up());
}
