//! The Wiimote's core buttons as a [`ButtonSet`] in the remote's own layout: the big-endian
//! u16 of report bytes 1-2 (WiiBrew "Wiimote", Buttons; libogc `wiiuse.h`
//! `WIIMOTE_BUTTON_*`); the other bits of those bytes are accelerometer low bits and never get
//! in. Each controller keeps its own layout; `src/controls_map.rs` maps them all to the game's
//! buttons.

use crate::wii::input::button_set::{ButtonSet, Layout};

/// The Wii Remote's core button layout.
#[derive(Debug)]
pub enum CoreButtons {}

/// A set of Wii Remote buttons.
pub type Buttons = ButtonSet<CoreButtons>;

impl ButtonSet<CoreButtons> {
    pub const TWO: Self = Self::mask(0x0001);
    pub const ONE: Self = Self::mask(0x0002);
    pub const B: Self = Self::mask(0x0004);
    pub const A: Self = Self::mask(0x0008);
    pub const MINUS: Self = Self::mask(0x0010);
    pub const HOME: Self = Self::mask(0x0080);
    pub const LEFT: Self = Self::mask(0x0100);
    pub const RIGHT: Self = Self::mask(0x0200);
    pub const DOWN: Self = Self::mask(0x0400);
    pub const UP: Self = Self::mask(0x0800);
    pub const PLUS: Self = Self::mask(0x1000);

    /// Buttons from report bytes 1-2 (accelerometer bits dropped).
    pub const fn from_report(hi: u8, lo: u8) -> Self {
        Self::from_bits(u16::from_be_bytes([hi, lo]) as u32)
    }
}

impl Layout for CoreButtons {
    const TYPE_NAME: &'static str = "Buttons";
    const BUTTONS: &'static [(Buttons, &'static str)] = &[
        (Buttons::A, "A"),
        (Buttons::B, "B"),
        (Buttons::ONE, "1"),
        (Buttons::TWO, "2"),
        (Buttons::MINUS, "-"),
        (Buttons::PLUS, "+"),
        (Buttons::HOME, "HOME"),
        (Buttons::UP, "UP"),
        (Buttons::DOWN, "DOWN"),
        (Buttons::LEFT, "LEFT"),
        (Buttons::RIGHT, "RIGHT"),
    ];
}
