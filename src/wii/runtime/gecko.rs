//! USB Gecko on EXI channel 1 (memory card slot B), device 0: a byte pipe to the host.
//! Owns the EXI channel 1 registers and nothing else; what to do with refused bytes is
//! `log_sink.rs`'s business. Protocol (Dolphin `Source/Core/Core/HW/EXI/EXI_DeviceGecko.h/.cpp`
//! `CEXIGecko::ImmReadWrite`, and libogc `libogc/usbgecko.c`): each command is one 2-byte
//! immediate read/write whose top nibble is the command: 0x9 identify answers 0x04700000;
//! 0xB send `byte << 20` answers bit 0x04000000 when the byte was taken; 0xC "can I send"
//! answers 0x04000000 while the Gecko's transmit FIFO has room. Without a Gecko every call
//! returns quickly (identify fails).

use super::mmio::Rw;

/// EXI channel 1 registers, in address order (Hollywood EXI at 0xCD006800, 0x14 bytes per
/// channel). All read-write: Dolphin EXI_Channel.cpp `RegisterMMIO` maps CSR, CR and the
/// immediate data register with both a read and a write handler.
mod reg {
    use super::Rw;
    // SAFETY (all): EXI channel 1 registers, at 0xCD006814 (libogc exi.c `_exiReg`, Dolphin EXI.cpp; toolchain.md "Log channel").
    /// EXI1_CSR: chip select, clock, interrupt status.
    // SAFETY: EXI channel 1 CSR, a 32-bit read-write MMIO register (see above).
    pub const CSR: Rw<u32> = unsafe { Rw::new(0xCD00_6814) };
    /// EXI1_CR: transfer control (length, direction, start).
    // SAFETY: EXI channel 1 CR, a 32-bit read-write MMIO register (see above).
    pub const CR: Rw<u32> = unsafe { Rw::new(0xCD00_6820) };
    /// EXI1_DATA: immediate data in and out.
    // SAFETY: EXI channel 1 DATA, a 32-bit read-write MMIO register (see above).
    pub const DATA: Rw<u32> = unsafe { Rw::new(0xCD00_6824) };
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
const CMD_CHECK_TX: u32 = 0xC000_0000;
const TX_HAS_ROOM: u32 = 0x0400_0000;

/// What the log needs from a byte pipe to a host; the EXI Gecko below, a fake in tests.
pub trait Link {
    /// True when a USB Gecko answers the identify command.
    fn identify(&mut self) -> bool;
    /// True when the Gecko's transmit FIFO has room (the host is reading).
    fn tx_ready(&mut self) -> bool;
    /// Offers one byte; true when the Gecko took it.
    fn send_byte(&mut self, byte: u8) -> bool;
    /// Microseconds on a free-running clock (how long a refused byte has been offered).
    fn micros(&mut self) -> u64;
}

/// The real USB Gecko in slot B (only touched on the Wii).
pub struct ExiGecko;

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

impl Link for ExiGecko {
    fn identify(&mut self) -> bool {
        exchange(CMD_IDENTIFY) == ID_USB_GECKO
    }

    fn tx_ready(&mut self) -> bool {
        exchange(CMD_CHECK_TX) & TX_HAS_ROOM != 0
    }

    fn send_byte(&mut self, byte: u8) -> bool {
        exchange(CMD_SEND | (u32::from(byte) << 20)) & SEND_ACCEPTED != 0
    }

    fn micros(&mut self) -> u64 {
        super::clock::micros()
    }
}
