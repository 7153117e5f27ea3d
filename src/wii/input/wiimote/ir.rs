//! IR camera dots from the extended (mode 3) format of report 0x33: four 3-byte entries,
//! `x = b0 | (b2 & 0x30) << 4`, `y = b1 | (b2 & 0xC0) << 2`, `size = b2 & 0x0F`, all-0xFF =
//! no dot (libogc `wiiuse/ir.c` `calculate_extended_ir`). Camera space is 1024×768, y down.

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

#[cfg(test)]
mod tests {
    use super::*;

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
