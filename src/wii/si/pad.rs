//! Decoding one GameCube pad response (analog mode 3) into a [`PadState`], and translating its
//! buttons and stick into the Wiimote button set the game reads. Bits from libogc `pad.c`
//! (`PAD_BUTTON_*`) and the platform notes; checked in Dolphin by the SI experiment.

use crate::wii::wiimote::Buttons;

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
/// The pad asks to be recalibrated: libogc drops such a sample.
const GET_ORIGIN: u16 = 0x2000;

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

    /// The buttons as the game reads them: A, B, X→1, Y→2, Start→HOME, Z→−, R→+, L→−; the
    /// D-pad and the main stick (past the dead zone) are the directions.
    pub fn buttons(&self) -> Buttons {
        let map = [
            (A, Buttons::A),
            (B, Buttons::B),
            (X, Buttons::ONE),
            (Y, Buttons::TWO),
            (START, Buttons::HOME),
            (Z, Buttons::MINUS),
            (L, Buttons::MINUS),
            (R, Buttons::PLUS),
            (UP, Buttons::UP),
            (DOWN, Buttons::DOWN),
            (LEFT, Buttons::LEFT),
            (RIGHT, Buttons::RIGHT),
        ];
        let mut b = Buttons::NONE;
        for (bit, button) in map {
            if self.raw & bit != 0 {
                b = b | button;
            }
        }
        let (x, y) = self.stick;
        if x <= -STICK_DEAD_ZONE {
            b = b | Buttons::LEFT;
        }
        if x >= STICK_DEAD_ZONE {
            b = b | Buttons::RIGHT;
        }
        if y >= STICK_DEAD_ZONE {
            b = b | Buttons::UP;
        }
        if y <= -STICK_DEAD_ZONE {
            b = b | Buttons::DOWN;
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
