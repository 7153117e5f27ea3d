//! SI polling against a fake register block.

use super::*;
use std::collections::HashMap;
use std::vec::Vec;

#[derive(Default)]
struct FakeSi {
    regs: HashMap<usize, u32>,
    writes: Vec<(usize, u32)>,
}

impl SiRegs for &mut FakeSi {
    fn read(&mut self, offset: usize) -> u32 {
        self.regs.get(&offset).copied().unwrap_or(0)
    }
    fn write(&mut self, offset: usize, value: u32) {
        self.writes.push((offset, value));
    }
}

#[test]
fn start_up_programs_poll_commands_timing_and_the_transfer() {
    let mut si = FakeSi::default();
    let _pads = GcPads::new(&mut si);
    assert_eq!(
        si.writes[..4],
        [
            (0x00, 0x0040_0300),
            (0x0C, 0x0040_0300),
            (0x18, 0x0040_0300),
            (0x24, 0x0040_0300)
        ]
    );
    assert_eq!(si.writes[4..], [(0x30, 0x00F7_02F0), (0x38, 0x8000_0000)]);
}

#[test]
fn a_pressed_a_on_port_one_reads_as_a_and_empty_ports_as_disconnected() {
    let mut si = FakeSi::default();
    // Port 1 has data, ports 2-4 report no response.
    si.regs.insert(0x38, 0x2008_0808);
    si.regs.insert(0x04, 0x0180_8080); // A + use-origin bit, stick centred
    si.regs.insert(0x08, 0x8080_0000);
    let mut pads = GcPads::new(&mut si);
    pads.poll();
    let p = pads.state(0);
    assert!(p.connected);
    assert_eq!(p.buttons(), PadButtons::A);
    assert!(!pads.state(1).connected && !pads.state(3).connected);
}

#[test]
fn the_stick_past_its_dead_zone_acts_as_the_d_pad() {
    let p = decode(0x0080_FF80, 0x8080_0000).expect("valid");
    assert_eq!(p.stick, (127, 0));
    assert_eq!(p.buttons(), PadButtons::RIGHT);
    let p = decode(0x0080_8010, 0).expect("valid");
    assert_eq!(p.buttons(), PadButtons::DOWN);
    let small = decode(0x0080_A0A0, 0).expect("valid");
    assert_eq!(small.buttons(), PadButtons::NONE);
}

#[test]
fn error_and_recalibration_samples_are_ignored() {
    assert_eq!(decode(0x8000_0000, 0), None);
    assert_eq!(decode(0x2000_0000 | 0x0080_8080, 0), None);
}

#[test]
fn a_pad_reports_its_own_buttons() {
    let p = decode((0x1000 | 0x0400 | 0x0008) << 16 | 0x8080, 0).expect("valid");
    assert_eq!(
        p.buttons(),
        PadButtons::START | PadButtons::X | PadButtons::UP
    );
    assert_eq!(std::format!("{}", p.buttons()), "X+START+UP");
}

/// A pad on port 2 that raises the get-origin bit in every sample until it receives the
/// read-origin command 0x41 (libogc `pad.c`: "if(status[chan].button&0x00002000) ...
/// SI_Transfer(chan,&__pad_cmdreadorigin,1,...)"), then reports A.
struct OriginPad {
    got_origin: bool,
    buf: u32,
    csr_writes: Vec<u32>,
}

impl SiRegs for &mut OriginPad {
    fn read(&mut self, offset: usize) -> u32 {
        match offset {
            // Port 2 has data, the others are empty.
            0x38 => 0x0820_0808,
            0x10 if self.got_origin => 0x0180_8080,
            0x10 => 0x2080_8080,
            _ => 0,
        }
    }
    fn write(&mut self, offset: usize, value: u32) {
        match offset {
            0x80 => self.buf = value,
            0x34 => {
                self.csr_writes.push(value);
                let ch = (value >> 1) & 3;
                if value & 1 != 0 && ch == 1 && self.buf >> 24 == 0x41 && (value >> 16) & 0x7F == 1
                {
                    self.got_origin = true;
                }
            }
            _ => {}
        }
    }
}

#[test]
fn a_pad_asking_for_its_origin_gets_command_0x41_on_its_channel_and_then_reads() {
    let mut si = OriginPad {
        got_origin: false,
        buf: 0,
        csr_writes: Vec::new(),
    };
    let mut pads = GcPads::new(&mut si);
    pads.poll();
    assert!(
        !pads.state(1).connected,
        "the origin sample is not a reading"
    );
    pads.poll();
    let p = pads.state(1);
    assert!(p.connected, "the pad answers once it was asked");
    assert_eq!(p.buttons(), PadButtons::A);
    assert_eq!(pads.origin_requests(), 1);
    assert_eq!(si.csr_writes, [transfer_csr(1, 1, 10)]);
    assert_eq!(transfer_csr(1, 1, 10), 0x8001_0A03);
}

/// The typed table is in address order, one word apart from SIC0OUTBUF at 0xCD006400 to
/// SIEXILK at 0xCD00643C, and every offset the driver names is its own register there.
#[test]
fn the_register_table_is_in_address_order_and_every_driver_offset_is_in_it() {
    use regs::{register, BASE, SIBUF_BYTES, SIEXILK, TABLE};
    assert_eq!(BASE, 0xCD00_6400);
    for (i, r) in TABLE.iter().enumerate() {
        assert_eq!(r.addr(), BASE + 4 * i, "entry {i}");
    }
    assert_eq!(TABLE[TABLE.len() - 1].addr(), BASE + SIEXILK);
    let mut driver = std::vec![SIPOLL, SICOMCSR, SISR, SIBUF, SIBUF + SIBUF_BYTES - 4];
    for ch in 0..PORTS {
        driver.extend([chan_out(ch), chan_in_hi(ch), chan_in_lo(ch)]);
    }
    for off in driver {
        assert_eq!(
            register(off).map(|r| r.addr()),
            Some(BASE + off),
            "offset {off:#x}"
        );
    }
}

/// Offsets outside the block's registers have no register (MmioSi then reads 0, writes nothing).
#[test]
fn offsets_outside_the_table_and_the_buffer_have_no_register() {
    use regs::{register, SIBUF_BYTES};
    for off in [
        0x02,
        0x31,
        0x40,
        0x7C,
        SIBUF + 1,
        SIBUF + SIBUF_BYTES,
        0x1000,
    ] {
        assert_eq!(register(off), None, "offset {off:#x}");
    }
}
