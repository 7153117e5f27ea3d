//! The 6 extension bytes of report 0x37 as buttons and sticks, for an extension already
//! identified and set up unencrypted (so no decryption). Layouts from WiiBrew "Wiimote/
//! Extension Controllers/Nunchuk" and ".../Classic Controller" (data format, buttons active
//! low) and Dolphin `Extension/Classic.h` (`BUTTON_*` masks of bytes 4-5): Classic byte 0 =
//! RX[4:3] LX[5:0], byte 1 = RX[2:1] LY[5:0], byte 2 = RX[0] LT[4:3] RY[4:0], byte 3 = LT[2:0]
//! RT[4:0]; Nunchuk bytes 0-1 = stick, byte 5 bit 0 = Z, bit 1 = C. The left stick past
//! `wii::input::stick::EXTENSION` (the pad's dead zone, with a little hysteresis) also counts
//! as directions. Pure decoding.

use super::calibration::StickCalibration;
use super::kind::ExtensionKind;
use crate::wii::input::button_set::{ButtonSet, Layout};
use crate::wii::input::stick::{self, Directions};

/// The extensions' button layout: ours, not a wire layout (the Nunchuk's and the Classic
/// Controller's bits differ and both are translated into it: `CLASSIC_BITS`, the Nunchuk's
/// byte 5), with the Classic's button names (WiiBrew) and the (left) stick's directions.
#[derive(Debug)]
pub enum Extension {}

/// The extension's buttons (Classic names; the Nunchuk has C and Z) and its stick's
/// directions.
pub type ExtButtons = ButtonSet<Extension>;

impl ButtonSet<Extension> {
    pub const A: Self = Self::mask(1 << 0);
    pub const B: Self = Self::mask(1 << 1);
    pub const X: Self = Self::mask(1 << 2);
    pub const Y: Self = Self::mask(1 << 3);
    pub const L: Self = Self::mask(1 << 4);
    pub const R: Self = Self::mask(1 << 5);
    pub const ZL: Self = Self::mask(1 << 6);
    pub const ZR: Self = Self::mask(1 << 7);
    pub const PLUS: Self = Self::mask(1 << 8);
    pub const MINUS: Self = Self::mask(1 << 9);
    pub const HOME: Self = Self::mask(1 << 10);
    pub const UP: Self = Self::mask(1 << 11);
    pub const DOWN: Self = Self::mask(1 << 12);
    pub const LEFT: Self = Self::mask(1 << 13);
    pub const RIGHT: Self = Self::mask(1 << 14);
    /// Nunchuk.
    pub const C: Self = Self::mask(1 << 15);
    pub const Z: Self = Self::mask(1 << 16);
    /// The (left) stick past its dead zone.
    pub const STICK_UP: Self = Self::mask(1 << 17);
    pub const STICK_DOWN: Self = Self::mask(1 << 18);
    pub const STICK_LEFT: Self = Self::mask(1 << 19);
    pub const STICK_RIGHT: Self = Self::mask(1 << 20);
}

impl Layout for Extension {
    const TYPE_NAME: &'static str = "ExtButtons";
    const BUTTONS: &'static [(ExtButtons, &'static str)] = &[
        (ExtButtons::A, "A"),
        (ExtButtons::B, "B"),
        (ExtButtons::X, "X"),
        (ExtButtons::Y, "Y"),
        (ExtButtons::L, "L"),
        (ExtButtons::R, "R"),
        (ExtButtons::ZL, "ZL"),
        (ExtButtons::ZR, "ZR"),
        (ExtButtons::PLUS, "+"),
        (ExtButtons::MINUS, "-"),
        (ExtButtons::HOME, "HOME"),
        (ExtButtons::UP, "UP"),
        (ExtButtons::DOWN, "DOWN"),
        (ExtButtons::LEFT, "LEFT"),
        (ExtButtons::RIGHT, "RIGHT"),
        (ExtButtons::C, "C"),
        (ExtButtons::Z, "Z"),
        (ExtButtons::STICK_UP, "STICK_UP"),
        (ExtButtons::STICK_DOWN, "STICK_DOWN"),
        (ExtButtons::STICK_LEFT, "STICK_LEFT"),
        (ExtButtons::STICK_RIGHT, "STICK_RIGHT"),
    ];
}

/// One report's extension state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExtInput {
    /// Buttons held, with the stick's directions.
    pub buttons: ExtButtons,
    /// The (left) stick, ±[`FULL`] at its calibrated ends, up positive.
    pub stick: (i16, i16),
    /// The Classic Controller's right stick (centred for the Nunchuk).
    pub right: (i16, i16),
}

impl ExtInput {
    /// Nothing held, sticks centred.
    pub const NONE: ExtInput = ExtInput {
        buttons: ExtButtons::NONE,
        stick: (0, 0),
        right: (0, 0),
    };
}

/// Classic Controller bytes 4-5 as a little-endian u16 after inversion (Dolphin
/// `Classic::BUTTON_*`) -> our buttons.
const CLASSIC_BITS: [(u16, ExtButtons); 15] = [
    (0x0002, ExtButtons::R),
    (0x0004, ExtButtons::PLUS),
    (0x0008, ExtButtons::HOME),
    (0x0010, ExtButtons::MINUS),
    (0x0020, ExtButtons::L),
    (0x0040, ExtButtons::DOWN),
    (0x0080, ExtButtons::RIGHT),
    (0x0100, ExtButtons::UP),
    (0x0200, ExtButtons::LEFT),
    (0x0400, ExtButtons::ZR),
    (0x0800, ExtButtons::X),
    (0x1000, ExtButtons::A),
    (0x2000, ExtButtons::Y),
    (0x4000, ExtButtons::B),
    (0x8000, ExtButtons::ZL),
];

/// The stick's directions after this report ([`stick::EXTENSION`]), given those held after
/// the last one.
fn directions(prev: ExtButtons, at: (i16, i16)) -> ExtButtons {
    let dirs = [
        ExtButtons::STICK_UP,
        ExtButtons::STICK_DOWN,
        ExtButtons::STICK_LEFT,
        ExtButtons::STICK_RIGHT,
    ];
    let [up, down, left, right] = dirs.map(|b| prev.contains(b));
    let d = stick::EXTENSION.directions(
        Directions {
            up,
            down,
            left,
            right,
        },
        at,
    );
    [d.up, d.down, d.left, d.right]
        .into_iter()
        .zip(dirs)
        .filter(|&(on, _)| on)
        .fold(ExtButtons::NONE, |out, (_, b)| out | b)
}

/// Decodes the 6 bytes of `kind` with its calibration (`cal[0]` the left or only stick,
/// `cal[1]` the Classic's right stick); `prev` is the last decoded state (for the stick's
/// hysteresis). `None` for an extension that is not read, or bytes that are all 0x00 or all
/// 0xFF (a plug being pulled, an extension not started): such a report holds nothing.
pub fn decode(
    kind: ExtensionKind,
    cal: &[StickCalibration; 2],
    prev: ExtButtons,
    b: &[u8; 6],
) -> Option<ExtInput> {
    if b.iter().all(|&x| x == 0xFF) || b.iter().all(|&x| x == 0) {
        return None;
    }
    let (buttons, stick, right) = match kind {
        ExtensionKind::Nunchuk => {
            let mut buttons = ExtButtons::NONE;
            if b[5] & 0x01 == 0 {
                buttons = buttons.union(ExtButtons::Z);
            }
            if b[5] & 0x02 == 0 {
                buttons = buttons.union(ExtButtons::C);
            }
            let stick = (cal[0].x.scale(b[0], 8), cal[0].y.scale(b[1], 8));
            (buttons, stick, (0, 0))
        }
        k if k.is_classic() => {
            let lx = b[0] & 0x3F;
            let ly = b[1] & 0x3F;
            let rx = (b[0] & 0xC0) >> 3 | (b[1] & 0xC0) >> 5 | (b[2] & 0x80) >> 7;
            let ry = b[2] & 0x1F;
            let bits = !u16::from_le_bytes([b[4], b[5]]);
            let buttons = CLASSIC_BITS
                .iter()
                .filter(|(m, _)| bits & m != 0)
                .fold(ExtButtons::NONE, |a, (_, e)| a.union(*e));
            let stick = (cal[0].x.scale(lx, 6), cal[0].y.scale(ly, 6));
            let right = (cal[1].x.scale(rx, 5), cal[1].y.scale(ry, 5));
            (buttons, stick, right)
        }
        _ => return None,
    };
    Some(ExtInput {
        buttons: buttons.union(directions(prev, stick)),
        stick,
        right,
    })
}

#[cfg(test)]
mod tests {
    use super::super::calibration::FULL;
    use super::*;

    const CAL: [StickCalibration; 2] = [StickCalibration::DEFAULT; 2];

    /// A Classic Controller at rest: sticks centred (left 0x20 of 6 bits, right 0x10 of 5
    /// bits), triggers 0, no button (bytes 4-5 all ones).
    fn classic_rest() -> [u8; 6] {
        // lx=0x20, ly=0x20, rx=0x10 (bits 4:3 = 10, 2:1 = 00, 0 = 0), ry=0x10.
        [0x80 | 0x20, 0x20, 0x10, 0x00, 0xFF, 0xFF]
    }

    #[test]
    fn a_classic_controller_at_rest_holds_nothing_and_its_sticks_are_centred() {
        let d = decode(
            ExtensionKind::Classic,
            &CAL,
            ExtButtons::NONE,
            &classic_rest(),
        );
        assert_eq!(
            d,
            Some(ExtInput {
                buttons: ExtButtons::NONE,
                stick: (0, 0),
                right: (0, 0)
            })
        );
    }

    #[test]
    fn each_classic_button_is_read_from_its_active_low_bit() {
        // byte 4 bit k / byte 5 bit k cleared = pressed (WiiBrew table).
        let cases: [(usize, u8, ExtButtons); 15] = [
            (4, 1, ExtButtons::R),
            (4, 2, ExtButtons::PLUS),
            (4, 3, ExtButtons::HOME),
            (4, 4, ExtButtons::MINUS),
            (4, 5, ExtButtons::L),
            (4, 6, ExtButtons::DOWN),
            (4, 7, ExtButtons::RIGHT),
            (5, 0, ExtButtons::UP),
            (5, 1, ExtButtons::LEFT),
            (5, 2, ExtButtons::ZR),
            (5, 3, ExtButtons::X),
            (5, 4, ExtButtons::A),
            (5, 5, ExtButtons::Y),
            (5, 6, ExtButtons::B),
            (5, 7, ExtButtons::ZL),
        ];
        for (byte, bit, want) in cases {
            let mut b = classic_rest();
            b[byte] &= !(1 << bit);
            let d = decode(ExtensionKind::ClassicPro, &CAL, ExtButtons::NONE, &b);
            assert_eq!(d.map(|d| d.buttons), Some(want), "byte {byte} bit {bit}");
        }
    }

    #[test]
    fn classic_sticks_unpack_their_split_bits_and_past_the_dead_zone_are_directions() {
        let mut b = classic_rest();
        // Left stick full right and down: lx = 0x38 (0xE0 >> 2), ly = 0x08 (0x20 >> 2).
        // Right stick x = 0x1C: bits 4:3 = 11 (byte 0), 2:1 = 10 (byte 1), 0 = 0 (byte 2).
        b[0] = 0xC0 | 0x38;
        b[1] = 0x80 | 0x08;
        b[2] = 0x10;
        let d = decode(ExtensionKind::Classic, &CAL, ExtButtons::NONE, &b).expect("read");
        assert_eq!(d.stick, (FULL, -FULL));
        assert_eq!(d.right, (FULL, 0));
        assert_eq!(d.buttons, ExtButtons::STICK_RIGHT | ExtButtons::STICK_DOWN);
    }

    #[test]
    fn a_nunchuk_reads_c_and_z_active_low_and_its_stick_with_hysteresis() {
        // Dolphin's Nunchuk at rest: stick 0x80,0x80, accel, byte 5 bits 0-1 set.
        let rest = [0x80, 0x80, 0x80, 0x80, 0xB3, 0x03];
        let cal = CAL;
        let d = decode(ExtensionKind::Nunchuk, &cal, ExtButtons::NONE, &rest).expect("read");
        assert_eq!(d.buttons, ExtButtons::NONE);
        let z = [0x80, 0x80, 0x80, 0x80, 0xB3, 0x02];
        let c = [0x80, 0x80, 0x80, 0x80, 0xB3, 0x01];
        let d = |p, b: &[u8; 6]| decode(ExtensionKind::Nunchuk, &cal, p, b).expect("read");
        assert_eq!(d(ExtButtons::NONE, &z).buttons, ExtButtons::Z);
        assert_eq!(d(ExtButtons::NONE, &c).buttons, ExtButtons::C);
        // 0x80 + 0x60*35/100 = 0xA1: inside the entry limit, outside the leave limit.
        let edge = [0xA1, 0x80, 0x80, 0x80, 0xB3, 0x03];
        assert_eq!(
            d(ExtButtons::NONE, &edge).buttons,
            ExtButtons::NONE,
            "not yet"
        );
        assert_eq!(
            d(ExtButtons::STICK_RIGHT, &edge).buttons,
            ExtButtons::STICK_RIGHT,
            "already right: stays right"
        );
        let up = [0x80, 0xE0, 0x80, 0x80, 0xB3, 0x03];
        assert_eq!(d(ExtButtons::NONE, &up).buttons, ExtButtons::STICK_UP);
    }

    #[test]
    fn all_ones_all_zeros_and_unread_extensions_hold_nothing() {
        for kind in [ExtensionKind::Classic, ExtensionKind::Nunchuk] {
            assert_eq!(decode(kind, &CAL, ExtButtons::NONE, &[0xFF; 6]), None);
            assert_eq!(decode(kind, &CAL, ExtButtons::NONE, &[0x00; 6]), None);
        }
        assert_eq!(
            decode(
                ExtensionKind::WiiUPro,
                &CAL,
                ExtButtons::NONE,
                &classic_rest()
            ),
            None
        );
    }
}
