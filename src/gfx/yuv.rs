//! RGB to the XFB's YUV 4:2:2 (BT.601 studio range, the range GX copies produce) and back (the
//! screenshot encoder, `bmp.rs`). Pure maths, host-tested against libogc's colour constants; no
//! buffers, no hardware. Word layout: `Y0 << 24 | Cb << 16 | Y1 << 8 | Cr`
//! for two neighbouring pixels (libogc video.c / Dolphin VideoCommon's XFB decode: Y Cb Y Cr).

/// One pixel in Y'CbCr.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ycbcr {
    pub y: u8,
    pub cb: u8,
    pub cr: u8,
}

/// The two pixels of one XFB word, each with the word's shared chroma.
pub const fn unpack_pair(word: u32) -> [Ycbcr; 2] {
    let cb = (word >> 16) as u8;
    let cr = word as u8;
    [
        Ycbcr {
            y: (word >> 24) as u8,
            cb,
            cr,
        },
        Ycbcr {
            y: (word >> 8) as u8,
            cb,
            cr,
        },
    ]
}

/// Converts 8-bit RGB to studio-range Y'CbCr (integer BT.601).
pub const fn from_rgb(r: u8, g: u8, b: u8) -> Ycbcr {
    let (r, g, b) = (r as i32, g as i32, b as i32);
    let y = ((66 * r + 129 * g + 25 * b + 128) >> 8) + 16;
    let cb = ((-38 * r - 74 * g + 112 * b + 128) >> 8) + 128;
    let cr = ((112 * r - 94 * g - 18 * b + 128) >> 8) + 128;
    Ycbcr {
        y: y as u8,
        cb: cb as u8,
        cr: cr as u8,
    }
}

/// Packs two pixels into one XFB word (chroma averaged).
pub const fn pack_pair(left: Ycbcr, right: Ycbcr) -> u32 {
    let cb = (left.cb as u32 + right.cb as u32) / 2;
    let cr = (left.cr as u32 + right.cr as u32) / 2;
    (left.y as u32) << 24 | cb << 16 | (right.y as u32) << 8 | cr
}

/// The XFB word for two pixels of the same colour.
pub const fn solid(r: u8, g: u8, b: u8) -> u32 {
    let c = from_rgb(r, g, b);
    pack_pair(c, c)
}

/// Approximate inverse (screenshots, tests): studio-range Y'CbCr to 8-bit RGB.
pub fn to_rgb(c: Ycbcr) -> (u8, u8, u8) {
    let y = 298 * (c.y as i32 - 16);
    let d = c.cb as i32 - 128;
    let e = c.cr as i32 - 128;
    let clamp = |v: i32| ((v + 128) >> 8).clamp(0, 255) as u8;
    (
        clamp(y + 409 * e),
        clamp(y - 100 * d - 208 * e),
        clamp(y + 516 * d),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: u32, b: u32) -> bool {
        a.to_be_bytes()
            .iter()
            .zip(b.to_be_bytes())
            .all(|(x, y)| x.abs_diff(y) <= 1)
    }

    #[test]
    fn primary_colours_match_libogc_constants_within_one_step() {
        assert!(close(solid(0, 0, 0), 0x1080_1080));
        assert!(close(solid(255, 255, 255), 0xEB80_EB80));
        assert!(close(solid(255, 0, 0), 0x515A_51F0));
        assert!(close(solid(0, 128, 0), 0x515B_5151));
        assert!(close(solid(0, 0, 255), 0x29F0_296E));
    }

    #[test]
    fn a_pair_averages_chroma_and_keeps_both_lumas() {
        let w = pack_pair(from_rgb(255, 255, 255), from_rgb(0, 0, 0));
        assert_eq!(w >> 24, 235);
        assert_eq!((w >> 8) & 0xFF, 16);
        assert_eq!((w >> 16) & 0xFF, 128);
    }

    #[test]
    fn conversion_round_trips_within_a_few_steps() {
        for &(r, g, b) in &[
            (200u8, 40u8, 30u8),
            (20, 60, 160),
            (240, 200, 90),
            (128, 128, 128),
        ] {
            let (r2, g2, b2) = to_rgb(from_rgb(r, g, b));
            assert!(r.abs_diff(r2) <= 3 && g.abs_diff(g2) <= 3 && b.abs_diff(b2) <= 3);
        }
    }
}
