//! Decoding one GameCube pad response (analog mode 3) into a [`PadState`] and the pad's own
//! button set, [`PadButtons`] (a [`ButtonSet`]; the main stick past its dead zone counts as the D-pad). Bits
//! from libogc `pad.c` (`PAD_BUTTON_*`) and Dolphin `SI_DeviceGCController.cpp`
//! (docs/hardware.md, "SI"). What the buttons mean in the game is `src/controls_map.rs`'s.

use crate::wii::input::button_set::{ButtonSet, Layout};
use crate::wii::input::stick::{self, Directions};

/// The pad asks for its origin (after power-up, plug-in or X+Y+Start): libogc `pad.c` drops
/// such a sample and sends the read-origin command 0x41 on that channel.
pub const GET_ORIGIN: u16 = 0x2000;

/// The GameCube pad's button layout: libogc `pad.h` `PAD_BUTTON_*` / `PAD_TRIGGER_*` (the
/// high half of the first response word, Dolphin `SI_DeviceGCController.cpp`).
#[derive(Debug)]
pub enum GcPad {}

/// A GameCube pad's buttons, in the pad's own layout (`PAD_BUTTON_*`).
pub type PadButtons = ButtonSet<GcPad>;

impl ButtonSet<GcPad> {
    pub const LEFT: Self = Self::mask(0x0001);
    pub const RIGHT: Self = Self::mask(0x0002);
    pub const DOWN: Self = Self::mask(0x0004);
    pub const UP: Self = Self::mask(0x0008);
    pub const Z: Self = Self::mask(0x0010);
    pub const R: Self = Self::mask(0x0020);
    pub const L: Self = Self::mask(0x0040);
    pub const A: Self = Self::mask(0x0100);
    pub const B: Self = Self::mask(0x0200);
    pub const X: Self = Self::mask(0x0400);
    pub const Y: Self = Self::mask(0x0800);
    pub const START: Self = Self::mask(0x1000);
}

impl Layout for GcPad {
    const TYPE_NAME: &'static str = "PadButtons";
    const BUTTONS: &'static [(PadButtons, &'static str)] = &[
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

    /// The buttons held, with the main stick past [`stick::PAD`] as the D-pad.
    pub fn buttons(&self) -> PadButtons {
        let d = stick::PAD.directions(Directions::default(), self.stick);
        [
            (d.left, PadButtons::LEFT),
            (d.right, PadButtons::RIGHT),
            (d.up, PadButtons::UP),
            (d.down, PadButtons::DOWN),
        ]
        .into_iter()
        .filter(|&(on, _)| on)
        .fold(PadButtons::from_bits(u32::from(self.raw)), |b, (_, dir)| {
            b | dir
        })
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
