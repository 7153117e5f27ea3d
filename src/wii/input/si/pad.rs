//! Decoding one GameCube pad response (analog mode 3) into a [`PadState`] and the pad's own
//! button set, [`PadButtons`] (the main stick past its dead zone counts as the D-pad). Bits
//! from libogc `pad.c` (`PAD_BUTTON_*`) and Dolphin `SI_DeviceGCController.cpp`
//! (docs/hardware.md, "SI"). What the buttons mean in the game is `src/controls_map.rs`'s.

use core::fmt;

/// Stick offsets from centre smaller than this are ignored (the stick then acts as a D-pad).
pub const STICK_DEAD_ZONE: i16 = 40;

const LEFT: u16 = 0x0001;
const RIGHT: u16 = 0x0002;
const DOWN: u16 = 0x0004;
const UP: u16 = 0x0008;
const Z: u16 = 0x0010;
const R: u16 = 0x0020;
const L: u16 = 0x0040;
const A: u16 = 0x0100;
const B: u16 = 0x0200;
const X: u16 = 0x0400;
const Y: u16 = 0x0800;
const START: u16 = 0x1000;
/// The pad asks for its origin (after power-up, plug-in or X+Y+Start): libogc `pad.c` drops
/// such a sample and sends the read-origin command 0x41 on that channel.
pub const GET_ORIGIN: u16 = 0x2000;

/// A GameCube pad's buttons, in the pad's own layout (`PAD_BUTTON_*`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PadButtons(u16);

impl PadButtons {
    pub const LEFT: PadButtons = PadButtons(LEFT);
    pub const RIGHT: PadButtons = PadButtons(RIGHT);
    pub const DOWN: PadButtons = PadButtons(DOWN);
    pub const UP: PadButtons = PadButtons(UP);
    pub const Z: PadButtons = PadButtons(Z);
    pub const R: PadButtons = PadButtons(R);
    pub const L: PadButtons = PadButtons(L);
    pub const A: PadButtons = PadButtons(A);
    pub const B: PadButtons = PadButtons(B);
    pub const X: PadButtons = PadButtons(X);
    pub const Y: PadButtons = PadButtons(Y);
    pub const START: PadButtons = PadButtons(START);
    pub const NONE: PadButtons = PadButtons(0);
    const ALL: u16 = 0x1F7F;

    pub const fn from_bits(bits: u16) -> Self {
        PadButtons(bits & Self::ALL)
    }
    pub const fn bits(self) -> u16 {
        self.0
    }
    pub const fn contains(self, other: PadButtons) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }
    pub const fn union(self, other: PadButtons) -> PadButtons {
        PadButtons(self.0 | other.0)
    }
    pub const fn difference(self, other: PadButtons) -> PadButtons {
        PadButtons(self.0 & !other.0)
    }

    const NAMES: [(PadButtons, &'static str); 12] = [
        (PadButtons::A, "A"),
        (PadButtons::B, "B"),
        (PadButtons::X, "X"),
        (PadButtons::Y, "Y"),
        (PadButtons::START, "START"),
        (PadButtons::Z, "Z"),
        (PadButtons::L, "L"),
        (PadButtons::R, "R"),
        (PadButtons::UP, "UP"),
        (PadButtons::DOWN, "DOWN"),
        (PadButtons::LEFT, "LEFT"),
        (PadButtons::RIGHT, "RIGHT"),
    ];
}

impl core::ops::BitOr for PadButtons {
    type Output = PadButtons;
    fn bitor(self, rhs: PadButtons) -> PadButtons {
        self.union(rhs)
    }
}

/// `A+B`-style names, `none` for none: the form the log uses.
impl fmt::Display for PadButtons {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (b, name) in Self::NAMES {
            if self.contains(b) {
                if !first {
                    f.write_str("+")?;
                }
                f.write_str(name)?;
                first = false;
            }
        }
        if first {
            f.write_str("none")?;
        }
        Ok(())
    }
}

impl fmt::Debug for PadButtons {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PadButtons({self})")
    }
}

/// One pad.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PadState {
    pub connected: bool,
    /// Raw GameCube button bits (`PAD_BUTTON_*`).
    pub raw: u16,
    /// Main stick, centred on 0, up positive.
    pub stick: (i16, i16),
    pub c_stick: (i16, i16),
    pub triggers: (u8, u8),
}

impl PadState {
    pub const DISCONNECTED: PadState = PadState {
        connected: false,
        raw: 0,
        stick: (0, 0),
        c_stick: (0, 0),
        triggers: (0, 0),
    };

    /// The buttons held, with the main stick past [`STICK_DEAD_ZONE`] as the D-pad.
    pub fn buttons(&self) -> PadButtons {
        let mut b = PadButtons::from_bits(self.raw);
        let (x, y) = self.stick;
        if x <= -STICK_DEAD_ZONE {
            b = b | PadButtons::LEFT;
        }
        if x >= STICK_DEAD_ZONE {
            b = b | PadButtons::RIGHT;
        }
        if y >= STICK_DEAD_ZONE {
            b = b | PadButtons::UP;
        }
        if y <= -STICK_DEAD_ZONE {
            b = b | PadButtons::DOWN;
        }
        b
    }
}

fn centred(v: u32) -> i16 {
    (v & 0xFF) as i16 - 128
}

/// Decodes INBUFH/INBUFL; `None` for an error or a recalibration sample.
pub fn decode(hi: u32, lo: u32) -> Option<PadState> {
    if hi & 0x8000_0000 != 0 {
        return None;
    }
    let raw = ((hi >> 16) & 0x3FFF) as u16;
    if raw & GET_ORIGIN != 0 {
        return None;
    }
    Some(PadState {
        connected: true,
        raw: raw & !0x0080,
        stick: (centred(hi >> 8), centred(hi)),
        c_stick: (centred(lo >> 24), centred(lo >> 16)),
        triggers: ((lo >> 8) as u8, lo as u8),
    })
}
