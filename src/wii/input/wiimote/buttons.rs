//! The Wiimote's core buttons as a typed bit set, in the remote's own layout (the big-endian
//! u16 of report bytes 1-2, libogc `WIIMOTE_BUTTON_*`). GameCube pads are translated into the
//! same set by `wii::si`, so the rest of the input path speaks one language.

use core::fmt;

/// A set of buttons.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Buttons(u16);

impl Buttons {
    pub const TWO: Buttons = Buttons(0x0001);
    pub const ONE: Buttons = Buttons(0x0002);
    pub const B: Buttons = Buttons(0x0004);
    pub const A: Buttons = Buttons(0x0008);
    pub const MINUS: Buttons = Buttons(0x0010);
    pub const HOME: Buttons = Buttons(0x0080);
    pub const LEFT: Buttons = Buttons(0x0100);
    pub const RIGHT: Buttons = Buttons(0x0200);
    pub const DOWN: Buttons = Buttons(0x0400);
    pub const UP: Buttons = Buttons(0x0800);
    pub const PLUS: Buttons = Buttons(0x1000);
    /// Every button bit; the others carry accelerometer low bits.
    pub const ALL: Buttons = Buttons(0x1F9F);
    pub const NONE: Buttons = Buttons(0);

    /// Buttons from report bytes 1-2 (accelerometer bits dropped).
    pub const fn from_report(hi: u8, lo: u8) -> Self {
        Buttons(u16::from_be_bytes([hi, lo]) & Self::ALL.0)
    }
    pub const fn from_bits(bits: u16) -> Self {
        Buttons(bits & Self::ALL.0)
    }
    pub const fn bits(self) -> u16 {
        self.0
    }
    pub const fn contains(self, other: Buttons) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub const fn union(self, other: Buttons) -> Buttons {
        Buttons(self.0 | other.0)
    }
    pub const fn difference(self, other: Buttons) -> Buttons {
        Buttons(self.0 & !other.0)
    }

    const NAMES: [(Buttons, &'static str); 11] = [
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

impl core::ops::BitOr for Buttons {
    type Output = Buttons;
    fn bitor(self, rhs: Buttons) -> Buttons {
        self.union(rhs)
    }
}

/// `A+B`-style names, `-` for none: the form the log uses.
impl fmt::Display for Buttons {
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

impl fmt::Debug for Buttons {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Buttons({self})")
    }
}
