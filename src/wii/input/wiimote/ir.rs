//! IR camera dots from the camera's two report formats. Extended (mode 3, report 0x33): four
//! 3-byte entries, `x = b0 | (b2 & 0x30) << 4`, `y = b1 | (b2 & 0xC0) << 2`, `size = b2 &
//! 0x0F`, all-0xFF = no dot (libogc `wiiuse/ir.c` `calculate_extended_ir`). Basic (mode 1,
//! report 0x37, the one that leaves room for extension bytes): two 5-byte pairs, `x1 lo, y1
//! lo, (y1 hi << 6 | x1 hi << 4 | y2 hi << 2 | x2 hi), x2 lo, y2 lo`, no size (WiiBrew
//! "Wiimote", IR Camera, Basic Mode; wiiuse `calculate_basic_ir`). Both give the same 10-bit
//! x and y of all four dots; only the size is lost, which the pointer never reads. Camera
//! space is 1024×768, y down. Pure decoding.

/// One camera dot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dot {
    pub x: u16,
    pub y: u16,
    pub size: u8,
}

/// Up to four dots, `None` where the camera saw nothing.
pub type Dots = [Option<Dot>; 4];

/// Decodes the 12 IR bytes of a 0x33 report.
pub fn decode_extended(ir: &[u8; 12]) -> Dots {
    let mut dots = [None; 4];
    for (k, d) in dots.iter_mut().enumerate() {
        let b = &ir[3 * k..3 * k + 3];
        let x = u16::from(b[0]) | (u16::from(b[2] & 0x30) << 4);
        let y = u16::from(b[1]) | (u16::from(b[2] & 0xC0) << 2);
        // y = 1023 is the "no dot" marker; x beyond the sensor is garbage.
        if y < 768 && x < 1024 {
            *d = Some(Dot {
                x,
                y,
                size: b[2] & 0x0F,
            });
        }
    }
    dots
}

fn dot(x: u16, y: u16, size: u8) -> Option<Dot> {
    // y = 1023 is the "no dot" marker; x beyond the sensor is garbage.
    (y < 768 && x < 1024).then_some(Dot { x, y, size })
}

/// Decodes the 10 IR bytes of a 0x37 report (basic mode: no dot sizes, reported as 0).
pub fn decode_basic(ir: &[u8; 10]) -> Dots {
    let mut dots = [None; 4];
    for pair in 0..2 {
        let b = &ir[5 * pair..5 * pair + 5];
        let hi = u16::from(b[2]);
        let x1 = u16::from(b[0]) | (hi & 0x30) << 4;
        let y1 = u16::from(b[1]) | (hi & 0xC0) << 2;
        let x2 = u16::from(b[3]) | (hi & 0x03) << 8;
        let y2 = u16::from(b[4]) | (hi & 0x0C) << 6;
        dots[2 * pair] = dot(x1, y1, 0);
        dots[2 * pair + 1] = dot(x2, y2, 0);
    }
    dots
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basic_mode_carries_the_same_ten_bit_positions_as_extended_mode_without_sizes() {
        // The first recorded 0x33 report's two dots (580,452) and (443,452), re-packed in the
        // basic layout: 580 = 0x244, 443 = 0x1BB, 452 = 0x1C4.
        let ir = [0x44, 0xc4, 0x65, 0xbb, 0xc4, 0xff, 0xff, 0xff, 0xff, 0xff];
        let d = decode_basic(&ir);
        assert_eq!(
            d[0],
            Some(Dot {
                x: 580,
                y: 452,
                size: 0
            })
        );
        assert_eq!(
            d[1],
            Some(Dot {
                x: 443,
                y: 452,
                size: 0
            })
        );
        assert_eq!(d[2..], [None, None], "all ones: no dot");
        let ext = decode_extended(&[
            0x44, 0xc4, 0x61, 0xbb, 0xc4, 0x51, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        ]);
        for k in 0..2 {
            let (b, e) = (d[k].expect("dot"), ext[k].expect("dot"));
            assert_eq!((b.x, b.y), (e.x, e.y), "dot {k}: same precision");
        }
    }

    #[test]
    fn the_first_recorded_report_holds_two_dots_at_the_camera_centre_row() {
        let ir = [
            0x44, 0xc4, 0x61, 0xbb, 0xc4, 0x51, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        ];
        let d = decode_extended(&ir);
        assert_eq!(
            d[0],
            Some(Dot {
                x: 580,
                y: 452,
                size: 1
            })
        );
        assert_eq!(
            d[1],
            Some(Dot {
                x: 443,
                y: 452,
                size: 1
            })
        );
        assert_eq!(d[2..], [None, None]);
    }
}
