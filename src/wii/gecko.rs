//! USB Gecko on EXI channel 1 (memory card slot B), device 0: a byte pipe to the host.
//! Owns the EXI channel 1 registers and nothing else. Protocol (docs/toolchain.md): identify
//! 0x90000000 answers 0x04700000; send 0xB0000000 | byte << 20, accepted when bit 0x04000000
//! comes back. Without a Gecko every call returns quickly (probe fails, sends are skipped).

use super::mmio::Reg32;

/// EXI channel 1 registers (Hollywood EXI at 0xCD006800, 0x14 bytes per channel).
mod reg {
    use super::Reg32;
    // SAFETY (all): EXI channel 1 registers, at 0xCD006814 (libogc exi.c `_exiReg`, Dolphin EXI.cpp; toolchain.md "Log channel").
    /// EXI1_CSR: chip select, clock, interrupt status.
    // SAFETY: EXI channel 1 CSR, a 32-bit MMIO register (see the module comment above).
    pub const CSR: Reg32 = unsafe { Reg32::new(0xCD00_6814) };
    /// EXI1_CR: transfer control (length, direction, start).
    // SAFETY: EXI channel 1 CR, a 32-bit MMIO register (see the module comment above).
    pub const CR: Reg32 = unsafe { Reg32::new(0xCD00_6820) };
    /// EXI1_DATA: immediate data in and out.
    // SAFETY: EXI channel 1 DATA, a 32-bit MMIO register (see the module comment above).
    pub const DATA: Reg32 = unsafe { Reg32::new(0xCD00_6824) };
}

/// CSR value: device 0 selected (bit 7), 32 MHz clock (5 << 4).
const CSR_SELECT_DEVICE0_32MHZ: u32 = 0x80 | (5 << 4);
/// CR value: 2-byte immediate transfer (1 << 4), read+write (2 << 2), start (1).
const CR_IMM_2BYTES_RW_START: u32 = (1 << 4) | (2 << 2) | 1;
/// Gecko commands and answers.
const CMD_IDENTIFY: u32 = 0x9000_0000;
const ID_USB_GECKO: u32 = 0x0470_0000;
const CMD_SEND: u32 = 0xB000_0000;
const SEND_ACCEPTED: u32 = 0x0400_0000;
/// Retries for one byte while the Gecko's FIFO is full, before the byte is dropped.
const SEND_RETRIES: u32 = 10_000;

/// One 2-byte immediate EXI exchange with the device in slot B.
fn exchange(command: u32) -> u32 {
    reg::CSR.write(CSR_SELECT_DEVICE0_32MHZ);
    reg::DATA.write(command);
    reg::CR.write(CR_IMM_2BYTES_RW_START);
    while reg::CR.read() & 1 != 0 {
        core::hint::spin_loop();
    }
    let answer = reg::DATA.read();
    reg::CSR.write(0);
    answer
}

/// True when a USB Gecko answers in slot B.
pub fn probe() -> bool {
    exchange(CMD_IDENTIFY) == ID_USB_GECKO
}

/// Sends one byte; false when the Gecko kept refusing it.
pub fn send_byte(byte: u8) -> bool {
    for _ in 0..SEND_RETRIES {
        if exchange(CMD_SEND | (u32::from(byte) << 20)) & SEND_ACCEPTED != 0 {
            return true;
        }
    }
    false
}

/// Sends bytes, stopping at the first refused one (the host is gone or stalled).
pub fn send(bytes: &[u8]) -> bool {
    bytes.iter().all(|&b| send_byte(b))
}
