//! GameCube pads on the four SI ports, polled once per frame without interrupts: the SI is set
//! to poll every channel in analog mode 3 (libogc `pad.c`), each frame's responses are decoded
//! into [`PadState`]s, and a missing controller (NOREP) reads as disconnected. A sample with
//! the get-origin bit (0x2000) is dropped and answered with the read-origin command 0x41 on
//! that channel, as libogc `pad.c` `PAD_Read` does through `si.c` `__si_transfer`; the pad
//! clears the bit once it has been asked (docs/hardware.md, "SI"). Pads report their own
//! [`PadButtons`]. The SI registers are reached only through [`SiRegs`].

mod pad;
mod regs;

pub use pad::{decode, GcPad, PadButtons, PadState, GET_ORIGIN};
#[cfg(target_arch = "powerpc")]
pub use regs::MmioSi;
pub use regs::SiRegs;

use regs::{
    chan_in_hi, chan_in_lo, chan_out, sr_errors, COMCSR_TCINT, COMCSR_TSTART, SIBUF, SICOMCSR,
    SIPOLL, SISR, SR_NOREP, SR_RDST, SR_WR,
};

/// GameCube ports.
pub const PORTS: usize = 4;
/// Poll command: 0x40 = read status, analog mode 3, rumble off (libogc `__pad_analogmode`).
const POLL_COMMAND: u32 = 0x0040_0300;
/// SIPOLL: X = 0xF7 lines, Y = 2 polls per frame, all four channels enabled (what the
/// experiments ran in Dolphin; libogc uses X = 0xF6 for NTSC).
const POLL_SETTINGS: u32 = (0xF7 << 16) | (2 << 8) | 0xF0;
/// Read-origin command (libogc `pad.c` `__pad_cmdreadorigin`), as the first byte of the word.
pub const CMD_READ_ORIGIN: u32 = 0x4100_0000;
/// Bytes the pad answers to 0x41 (libogc reads 10 into `__pad_origin`).
const ORIGIN_REPLY_LEN: u32 = 10;

/// SICOMCSR value that starts a transfer of `out` bytes, expecting `inp`, on channel `ch`.
pub const fn transfer_csr(ch: usize, out: u32, inp: u32) -> u32 {
    COMCSR_TCINT
        | ((out & 0x7F) << 16)
        | ((inp & 0x7F) << 8)
        | (((ch as u32) & 3) << 1)
        | COMCSR_TSTART
}

/// The four ports.
pub struct GcPads<R: SiRegs> {
    regs: R,
    pads: [PadState; PORTS],
    /// Read-origin commands sent so far (diagnostics, tests).
    origin_requests: u32,
}

impl<R: SiRegs> GcPads<R> {
    /// Programs the poll commands and starts polling all ports.
    pub fn new(mut regs: R) -> Self {
        for ch in 0..PORTS {
            regs.write(chan_out(ch), POLL_COMMAND);
        }
        regs.write(SIPOLL, POLL_SETTINGS);
        regs.write(SISR, SR_WR);
        GcPads {
            regs,
            pads: [PadState::DISCONNECTED; PORTS],
            origin_requests: 0,
        }
    }

    /// Read-origin commands sent so far.
    pub fn origin_requests(&self) -> u32 {
        self.origin_requests
    }

    /// Sends the read-origin command on channel `ch` unless a transfer is still running (the
    /// pad keeps asking, so the next sample tries again).
    fn request_origin(&mut self, ch: usize) {
        if self.regs.read(SICOMCSR) & COMCSR_TSTART != 0 {
            return;
        }
        self.regs.write(SISR, sr_errors(ch));
        self.regs.write(SIBUF, CMD_READ_ORIGIN);
        self.regs
            .write(SICOMCSR, transfer_csr(ch, 1, ORIGIN_REPLY_LEN));
        self.origin_requests += 1;
    }

    /// Reads whatever the SI received since the last call.
    pub fn poll(&mut self) {
        let sr = self.regs.read(SISR);
        for ch in 0..PORTS {
            let s = sr >> (8 * (3 - ch));
            if s & SR_NOREP != 0 {
                self.pads[ch] = PadState::DISCONNECTED;
            } else if s & SR_RDST != 0 {
                let hi = self.regs.read(chan_in_hi(ch));
                let lo = self.regs.read(chan_in_lo(ch));
                if hi & 0x8000_0000 == 0 && (hi >> 16) as u16 & GET_ORIGIN != 0 {
                    self.request_origin(ch);
                } else if let Some(p) = decode(hi, lo) {
                    self.pads[ch] = p;
                }
            }
        }
    }

    pub fn state(&self, port: usize) -> PadState {
        self.pads
            .get(port)
            .copied()
            .unwrap_or(PadState::DISCONNECTED)
    }
}

#[cfg(test)]
mod tests;
