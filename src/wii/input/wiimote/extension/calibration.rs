//! Stick calibration from the extension's 16-byte block at register 0xA40020: per axis
//! `max, min, centre` in 8-bit units, then two checksum bytes `sum(bytes 0..14) + 0x55` and
//! `sum + 0xAA` (WiiBrew "Wiimote/Extension Controllers", Nunchuk and Classic Controller
//! calibration data; Dolphin's `nunchuk_calibration` / `classic_calibration` blocks satisfy
//! it). A block with a wrong checksum or an axis whose centre is not well inside its range
//! (blank 0x00/0xFF flash, a clone that never filled it) is replaced by [`Axis::DEFAULT`].
//! Pure arithmetic; no I/O.

/// Size of the calibration block.
pub const BLOCK_LEN: usize = 16;
/// An axis is believed only when its centre is at least this far from both ends.
const MIN_HALF_RANGE: u8 = 0x20;

/// One stick axis in 8-bit units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Axis {
    pub min: u8,
    pub centre: u8,
    pub max: u8,
}

/// Full deflection of a calibrated axis, the scale of the GameCube pad's stick
/// (`wii::si::pad`, whose dead zone the extensions share).
pub const FULL: i16 = 100;

impl Axis {
    /// A typical first-party stick (WiiBrew: about 0x20..0xE0 around 0x80), used when the
    /// block cannot be believed.
    pub const DEFAULT: Axis = Axis {
        min: 0x20,
        centre: 0x80,
        max: 0xE0,
    };

    fn from_block(b: &[u8]) -> Axis {
        Axis {
            max: b[0],
            min: b[1],
            centre: b[2],
        }
    }

    fn is_plausible(self) -> bool {
        let (min, c, max) = (
            u16::from(self.min),
            u16::from(self.centre),
            u16::from(self.max),
        );
        let half = u16::from(MIN_HALF_RANGE);
        c >= min + half && max >= c + half
    }

    /// `raw`, read with `bits` significant bits (8 Nunchuk, 6 Classic left, 5 Classic right),
    /// as -127..=127 around the centre, [`FULL`] at the calibrated ends.
    pub fn scale(self, raw: u8, bits: u32) -> i16 {
        let v = i32::from(raw) << (8 - bits);
        let c = i32::from(self.centre);
        let span = if v >= c {
            i32::from(self.max) - c
        } else {
            c - i32::from(self.min)
        };
        let span = span.max(1);
        ((v - c) * i32::from(FULL) / span).clamp(-127, 127) as i16
    }
}

/// The axes of one stick (x, y; y up).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StickCalibration {
    pub x: Axis,
    pub y: Axis,
}

impl StickCalibration {
    pub const DEFAULT: StickCalibration = StickCalibration {
        x: Axis::DEFAULT,
        y: Axis::DEFAULT,
    };
}

fn checksum_ok(block: &[u8; BLOCK_LEN]) -> bool {
    let sum = block[..14].iter().fold(0u8, |a, b| a.wrapping_add(*b));
    block[14] == sum.wrapping_add(0x55) && block[15] == sum.wrapping_add(0xAA)
}

/// The sticks a block describes, starting at byte `first` (8 for the Nunchuk, 0 for the
/// Classic Controller), `n` sticks of two axes; each stick falls back to
/// [`StickCalibration::DEFAULT`] when the block or one of its axes cannot be believed.
fn sticks<const N: usize>(block: &[u8; BLOCK_LEN], first: usize) -> [StickCalibration; N] {
    let valid = checksum_ok(block);
    core::array::from_fn(|k| {
        let at = first + 6 * k;
        let s = StickCalibration {
            x: Axis::from_block(&block[at..at + 3]),
            y: Axis::from_block(&block[at + 3..at + 6]),
        };
        if valid && s.x.is_plausible() && s.y.is_plausible() {
            s
        } else {
            StickCalibration::DEFAULT
        }
    })
}

/// The Nunchuk's stick (bytes 8..14 of its block).
pub fn nunchuk(block: &[u8; BLOCK_LEN]) -> StickCalibration {
    let [s] = sticks::<1>(block, 8);
    s
}

/// The Classic Controller's left and right sticks (bytes 0..12 of its block).
pub fn classic(block: &[u8; BLOCK_LEN]) -> [StickCalibration; 2] {
    sticks::<2>(block, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dolphin's `nunchuck_calibration` (Extension/Nunchuk.h) and `classic_calibration`.
    const DOLPHIN_NUNCHUK: [u8; 16] = [
        0x80, 0x80, 0x80, 0x00, 0x9a, 0x9a, 0x9a, 0x00, 0xff, 0x00, 0x80, 0xff, 0x00, 0x80, 0xa1,
        0xf6,
    ];
    const DOLPHIN_CLASSIC: [u8; 16] = [
        0xff, 0x00, 0x80, 0xff, 0x00, 0x80, 0xff, 0x00, 0x80, 0xff, 0x00, 0x80, 0x00, 0x00, 0x51,
        0xa6,
    ];
    /// A Nunchuk block with an off-centre stick (x 0x1E..0x7D..0xE1, y 0x20..0x7E..0xDF),
    /// its checksum computed by the WiiBrew rule.
    fn off_centre() -> [u8; 16] {
        let mut b = [
            0x80, 0x80, 0x80, 0x00, 0xb3, 0xb3, 0xb3, 0x00, 0xe1, 0x1e, 0x7d, 0xdf, 0x20, 0x7e, 0,
            0,
        ];
        let sum = b[..14].iter().fold(0u8, |a, x| a.wrapping_add(*x));
        b[14] = sum.wrapping_add(0x55);
        b[15] = sum.wrapping_add(0xAA);
        b
    }

    #[test]
    fn dolphins_blocks_pass_the_checksum_and_are_used_as_they_are() {
        let full = Axis {
            min: 0,
            centre: 0x80,
            max: 0xff,
        };
        assert_eq!(
            nunchuk(&DOLPHIN_NUNCHUK),
            StickCalibration { x: full, y: full }
        );
        assert_eq!(
            classic(&DOLPHIN_CLASSIC),
            [StickCalibration { x: full, y: full }; 2]
        );
        let w = nunchuk(&off_centre());
        assert_eq!((w.x.centre, w.y.centre), (0x7d, 0x7e));
        assert_eq!(w.x.scale(0x7d, 8), 0, "its own centre reads as centred");
        assert_eq!(w.x.scale(0xe1, 8), FULL);
        assert_eq!(w.y.scale(0x20, 8), -FULL);
    }

    #[test]
    fn a_blank_or_garbage_block_falls_back_to_a_typical_stick() {
        assert_eq!(nunchuk(&[0xff; 16]), StickCalibration::DEFAULT);
        assert_eq!(nunchuk(&[0x00; 16]), StickCalibration::DEFAULT);
        assert_eq!(classic(&[0xff; 16]), [StickCalibration::DEFAULT; 2]);
        // One flipped byte breaks the checksum.
        let mut bad = DOLPHIN_CLASSIC;
        bad[2] = 0x81;
        assert_eq!(classic(&bad), [StickCalibration::DEFAULT; 2]);
        // A valid checksum over a centre at one end is still refused.
        let mut squashed = [0u8; 16];
        squashed[..3].copy_from_slice(&[0xff, 0x00, 0xf0]);
        squashed[3..6].copy_from_slice(&[0xff, 0x00, 0x80]);
        let sum = squashed[..14].iter().fold(0u8, |a, b| a.wrapping_add(*b));
        squashed[14] = sum.wrapping_add(0x55);
        squashed[15] = sum.wrapping_add(0xAA);
        assert_eq!(classic(&squashed)[0], StickCalibration::DEFAULT);
    }

    #[test]
    fn scaling_reaches_full_at_the_calibrated_ends_for_each_bit_width() {
        let a = Axis::DEFAULT;
        assert_eq!(a.scale(0x80, 8), 0);
        assert_eq!(a.scale(0xE0, 8), FULL);
        assert_eq!(a.scale(0x20, 8), -FULL);
        assert_eq!(a.scale(0xff, 8), 127, "beyond the end: clamped");
        // Classic left stick: 6 bits (0x38 << 2 = 0xE0), right stick: 5 bits (0x1C << 3).
        assert_eq!(a.scale(0x38, 6), FULL);
        assert_eq!(a.scale(0x20, 6), 0);
        assert_eq!(a.scale(0x1C, 5), FULL);
        assert_eq!(a.scale(0x04, 5), -FULL);
    }
}
