//! GameCube pads on the four SI ports, polled once per frame without interrupts: the SI is set
//! to poll every channel in analog mode 3 (libogc `pad.c`), each frame's responses are decoded
//! into [`PadState`]s, and a missing controller (NOREP) reads as disconnected. Buttons are
//! translated into the Wiimote's [`Buttons`](crate::wii::wiimote::Buttons) so the game sees
//! one kind of button set. The SI registers are reached only through [`SiRegs`].

mod pad;
mod regs;

pub use pad::{decode, PadState, STICK_DEAD_ZONE};
#[cfg(target_arch = "powerpc")]
pub use regs::MmioSi;
pub use regs::SiRegs;

use regs::{chan_in_hi, chan_in_lo, chan_out, SIPOLL, SISR, SR_NOREP, SR_RDST, SR_WR};

/// GameCube ports.
pub const PORTS: usize = 4;
/// Poll command: 0x40 = read status, analog mode 3, rumble off (libogc `__pad_analogmode`).
const POLL_COMMAND: u32 = 0x0040_0300;
/// SIPOLL: X = 0xF7 lines, Y = 2 polls per frame, all four channels enabled (what the
/// experiments ran in Dolphin; libogc uses X = 0xF6 for NTSC).
const POLL_SETTINGS: u32 = (0xF7 << 16) | (2 << 8) | 0xF0;

/// The four ports.
pub struct GcPads<R: SiRegs> {
    regs: R,
    pads: [PadState; PORTS],
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
        }
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
                if let Some(p) = decode(hi, lo) {
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
