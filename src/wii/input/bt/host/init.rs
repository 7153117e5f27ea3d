//! The controller's start-up sequence ([`init_step`]) and the parameters it writes, in
//! libogc's order. Part of [`Host`](super::Host): the host walks it one Command Complete at
//! a time (`events.rs`); nothing else here.

use crate::wii::input::bt::hci::Command;

/// Page timeouts written at start-up (slots of 0.625 ms): libogc `bte.c`'s core pass writes
/// 0x2000, its `BTE_InitSub` 0x8000, which stays.
const PAGE_TIMEOUT_CORE: u16 = 0x2000;
const PAGE_TIMEOUT: u16 = 0x8000;

/// Start-up commands, in order; each waits for its Command Complete (a failing status does
/// not stop the sequence). libogc's order (docs/hardware.md, "Bluetooth"): `BTE_InitCore`
/// (`lwbt/bte.c` `bte_hci_initcore_complete` then `_complete2`), `BTE_ReadStoredLinkKey`,
/// `BTE_InitSub` (`bte_hci_initsub_complete`), then `wiiuse/wpad.c`'s
/// `BTE_SetEvtFilter(0x01, 0x00)`. libogc's `BTE_ApplyPatch` (Broadcom vendor commands 0xFC4F
/// and 0xFC4C with a firmware blob, then a second reset) sits between the link keys and
/// `InitSub`; it is not sent, see docs/hardware.md for why.
pub(super) fn init_step(k: usize) -> Option<Command> {
    Some(match k {
        // BTE_InitCore
        0 => Command::reset(),
        1 => Command::read_buffer_size(),
        2 => Command::write_class_of_device([0x00, 0x1F, 0x00]),
        3 => Command::write_local_name(b""),
        4 => Command::write_pin_type(0x00),
        5 => Command::host_buffer_size(HOST_ACL_LEN, 255, HOST_ACL_NUM, 1),
        6 => Command::read_local_version(),
        7 => Command::read_bd_addr(),
        8 => Command::read_local_features(),
        9 => Command::write_inquiry_mode(0x01),
        10 => Command::write_page_scan_type(0x01),
        11 => Command::write_inquiry_scan_type(0x01),
        12 => Command::write_class_of_device([0x04, 0x02, 0x40]),
        13 => Command::write_page_timeout(PAGE_TIMEOUT_CORE),
        // BTE_ReadStoredLinkKey
        14 => Command::read_stored_link_keys(),
        // BTE_InitSub
        15 => Command::write_inquiry_mode(0x01),
        16 => Command::write_page_scan_type(0x01),
        17 => Command::write_inquiry_scan_type(0x01),
        18 => Command::write_class_of_device([0x00, 0x04, 0x48]),
        19 => Command::write_page_timeout(PAGE_TIMEOUT),
        20 => Command::write_local_name(b"Wii"),
        21 => Command::write_scan_enable(0x02),
        // wpad.c __wpad_init_finished
        22 => Command::set_event_filter(0x01, 0x00),
        _ => return None,
    })
}

/// Commands in the start-up sequence.
#[cfg(test)]
pub const INIT_STEPS: usize = 23;

/// Host_Buffer_Size's ACL packet length: what one posted bulk read holds (1024 bytes) less
/// the 4-byte ACL header (libogc asks for 1691 with bigger buffers).
pub(super) const HOST_ACL_LEN: u16 = 1020;
/// Host_Buffer_Size's ACL packet count (libogc `lwbt/btopt.h` `HCI_HOST_MAX_NUM_ACL`).
pub(super) const HOST_ACL_NUM: u16 = 20;
