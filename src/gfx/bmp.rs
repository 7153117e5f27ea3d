//! The screenshot file: a frame as the VI shows it (the XFB's YUV 4:2:2 words, two pixels a
//! word, `yuv.rs`) encoded as an uncompressed 24-bit BMP, read out in pieces at any offset so a
//! caller streams it through a fixed buffer (no heap, no whole-file copy). Owns the BMP layout
//! only (the 14-byte file header, the 40-byte BITMAPINFOHEADER, rows bottom-up in B, G, R
//! order, each padded to four bytes); it must not touch the card, the XFB's memory or the
//! hardware: the caller lends the words.
//!
//! Layout as documented for the Windows bitmap format (Microsoft, "Bitmap Storage" /
//! BITMAPFILEHEADER, BITMAPINFOHEADER): a positive height means bottom-up rows.

use super::yuv;

/// Bytes before the pixels: the file header (14) and the info header (40).
pub const HEADER: usize = 54;
/// Pixels per metre written in the header (72 dpi), as most tools write.
const PELS_PER_METRE: u32 = 2835;

/// Why a frame cannot be encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameError {
    /// A width or height of zero, or one whose file would not fit a BMP's 32-bit size.
    BadSize,
    /// YUV 4:2:2 holds pixels in pairs: the width must be even.
    OddWidth,
    /// The words do not cover `width / 2 * height`.
    WrongLength { expected: usize, got: usize },
}

/// A frame of XFB words, line by line (`width / 2` words a line), lent for the encode.
#[derive(Clone, Copy, Debug)]
pub struct YuvFrame<'a> {
    words: &'a [u32],
    width: usize,
    height: usize,
}

impl<'a> YuvFrame<'a> {
    /// Checks the frame's shape.
    pub fn new(words: &'a [u32], width: usize, height: usize) -> Result<Self, FrameError> {
        if width == 0 || height == 0 || width > 0x8000 || height > 0x8000 {
            return Err(FrameError::BadSize);
        }
        if !width.is_multiple_of(2) {
            return Err(FrameError::OddWidth);
        }
        let expected = width / 2 * height;
        if words.len() != expected {
            return Err(FrameError::WrongLength {
                expected,
                got: words.len(),
            });
        }
        Ok(YuvFrame {
            words,
            width,
            height,
        })
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// The colour of pixel (`x`, `y`) as 8-bit RGB (chroma shared by the word's pair).
    pub fn rgb(&self, x: usize, y: usize) -> (u8, u8, u8) {
        let word = self.words[y * (self.width / 2) + x / 2];
        yuv::to_rgb(yuv::unpack_pair(word)[x % 2])
    }
}

/// Bytes of one BMP row of `width` 24-bit pixels, padded to a multiple of four.
pub const fn stride(width: usize) -> usize {
    (width * 3 + 3) & !3
}

/// A frame as a BMP file.
#[derive(Clone, Copy, Debug)]
pub struct Bmp<'a> {
    frame: YuvFrame<'a>,
}

impl<'a> Bmp<'a> {
    pub fn new(frame: YuvFrame<'a>) -> Self {
        Bmp { frame }
    }

    /// Bytes of pixel rows.
    fn image_len(&self) -> usize {
        stride(self.frame.width) * self.frame.height
    }

    /// The whole file's length in bytes.
    pub fn len(&self) -> usize {
        HEADER + self.image_len()
    }

    /// Never: a frame has at least one pixel.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The 54 header bytes (all fields little-endian).
    pub fn header(&self) -> [u8; HEADER] {
        let mut h = [0u8; HEADER];
        let mut put = |at: usize, v: u32| h[at..at + 4].copy_from_slice(&v.to_le_bytes());
        // BITMAPFILEHEADER: type, file size, two reserved words, offset of the pixels.
        put(2, self.len() as u32);
        put(10, HEADER as u32);
        // BITMAPINFOHEADER: its size, width, height (positive: bottom-up), planes and bits per
        // pixel, compression (BI_RGB), image size, resolution, colours used / important.
        put(14, 40);
        put(18, self.frame.width as u32);
        put(22, self.frame.height as u32);
        put(26, 1 | 24 << 16);
        put(30, 0);
        put(34, self.image_len() as u32);
        put(38, PELS_PER_METRE);
        put(42, PELS_PER_METRE);
        h[0] = b'B';
        h[1] = b'M';
        h
    }

    /// Copies the file's bytes from `offset` into `out`; returns how many (fewer than
    /// `out.len()` only at the end of the file, 0 past it).
    pub fn read(&self, offset: usize, out: &mut [u8]) -> usize {
        let total = self.len();
        let stride = stride(self.frame.width);
        let row_bytes = self.frame.width * 3;
        let mut pos = offset;
        let mut n = 0;
        while n < out.len() && pos < total {
            if pos < HEADER {
                let h = self.header();
                let k = (HEADER - pos).min(out.len() - n);
                out[n..n + k].copy_from_slice(&h[pos..pos + k]);
                n += k;
                pos += k;
                continue;
            }
            let rel = pos - HEADER;
            let (row, col) = (rel / stride, rel % stride);
            // Bottom-up: the file's first row is the frame's last line.
            let y = self.frame.height - 1 - row;
            let take = (stride - col).min(out.len() - n);
            let mut px = usize::MAX;
            let mut bgr = [0u8; 3];
            for (i, b) in out[n..n + take].iter_mut().enumerate() {
                let c = col + i;
                *b = if c >= row_bytes {
                    0
                } else {
                    if c / 3 != px {
                        px = c / 3;
                        let (r, g, bl) = self.frame.rgb(px, y);
                        bgr = [bl, g, r];
                    }
                    bgr[c % 3]
                };
            }
            n += take;
            pos += take;
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec;
    use std::vec::Vec;

    fn le32(b: &[u8], at: usize) -> u32 {
        u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
    }

    fn le16(b: &[u8], at: usize) -> u16 {
        u16::from_le_bytes([b[at], b[at + 1]])
    }

    fn whole(bmp: &Bmp) -> Vec<u8> {
        let mut v = vec![0u8; bmp.len()];
        assert_eq!(bmp.read(0, &mut v), bmp.len());
        v
    }

    #[test]
    fn the_header_names_a_bottom_up_24_bit_file_of_the_frame() {
        let words = vec![yuv::solid(0, 0, 0); 320 * 480];
        let bmp = Bmp::new(YuvFrame::new(&words, 640, 480).unwrap());
        let h = bmp.header();
        assert_eq!(&h[..2], b"BM");
        assert_eq!(le32(&h, 2), 54 + 1920 * 480);
        assert_eq!(bmp.len(), 921_654);
        assert_eq!(le32(&h, 6), 0);
        assert_eq!(le32(&h, 10), 54);
        assert_eq!(le32(&h, 14), 40);
        assert_eq!(le32(&h, 18), 640);
        assert_eq!(le32(&h, 22) as i32, 480, "positive height: rows bottom-up");
        assert_eq!(le16(&h, 26), 1);
        assert_eq!(le16(&h, 28), 24);
        assert_eq!(le32(&h, 30), 0, "BI_RGB");
        assert_eq!(le32(&h, 34), 1920 * 480);
        assert_eq!(le32(&h, 38), 2835);
        assert_eq!(le32(&h, 46), 0);
    }

    #[test]
    fn the_first_row_in_the_file_is_the_bottom_line_of_the_frame() {
        // 2x2: top line red, bottom line blue.
        let words = [yuv::solid(255, 0, 0), yuv::solid(0, 0, 255)];
        let bmp = Bmp::new(YuvFrame::new(&words, 2, 2).unwrap());
        let f = whole(&bmp);
        let first = &f[HEADER..HEADER + 3];
        let second = &f[HEADER + 8..HEADER + 11];
        assert!(
            first[0] > 240 && first[1] < 15 && first[2] < 15,
            "{first:?}"
        );
        assert!(
            second[2] > 240 && second[0] < 15 && second[1] < 15,
            "{second:?}"
        );
    }

    #[test]
    fn rows_are_padded_with_zeroes_to_four_bytes() {
        assert_eq!(stride(2), 8);
        assert_eq!(stride(4), 12);
        assert_eq!(stride(6), 20);
        assert_eq!(stride(640), 1920);
        let words = vec![yuv::solid(255, 255, 255); 3 * 3];
        let bmp = Bmp::new(YuvFrame::new(&words, 6, 3).unwrap());
        let f = whole(&bmp);
        assert_eq!(f.len(), 54 + 20 * 3);
        assert_eq!(le32(&f, 2) as usize, f.len());
        for row in 0..3 {
            let r = &f[HEADER + row * 20..HEADER + (row + 1) * 20];
            assert!(r[..18].iter().all(|&b| b > 250), "row {row}: {r:?}");
            assert_eq!(&r[18..], &[0, 0]);
        }
    }

    #[test]
    fn known_xfb_colours_come_back_as_their_rgb_within_a_few_steps() {
        // libogc's COLOR_* words (gccore.h / video_types.h) and what they stand for.
        let cases: [(u32, [u8; 3]); 5] = [
            (0x1080_1080, [0, 0, 0]),
            (0xEB80_EB80, [255, 255, 255]),
            (0x515A_51F0, [255, 0, 0]),
            (0x515B_5151, [0, 128, 0]),
            (0x29F0_296E, [0, 0, 255]),
        ];
        let words: Vec<u32> = cases.iter().map(|c| c.0).collect();
        let bmp = Bmp::new(YuvFrame::new(&words, 10, 1).unwrap());
        let f = whole(&bmp);
        for (i, (_, rgb)) in cases.iter().enumerate() {
            for px in [2 * i, 2 * i + 1] {
                let b = &f[HEADER + px * 3..HEADER + px * 3 + 3];
                let got = [b[2], b[1], b[0]];
                for ch in 0..3 {
                    assert!(
                        got[ch].abs_diff(rgb[ch]) <= 4,
                        "pixel {px}: {got:?} vs {rgb:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn two_pixels_of_a_word_keep_their_own_luma() {
        let w = yuv::pack_pair(yuv::from_rgb(255, 255, 255), yuv::from_rgb(0, 0, 0));
        let words = [w];
        let bmp = Bmp::new(YuvFrame::new(&words, 2, 1).unwrap());
        let f = whole(&bmp);
        assert!(f[HEADER..HEADER + 3].iter().all(|&b| b > 200));
        assert!(f[HEADER + 3..HEADER + 6].iter().all(|&b| b < 50));
    }

    #[test]
    fn reading_in_pieces_of_any_size_gives_the_same_file() {
        let words: Vec<u32> = (0..5 * 4u32)
            .map(|i| yuv::solid((i * 13) as u8, (i * 29) as u8, (i * 7) as u8))
            .collect();
        let bmp = Bmp::new(YuvFrame::new(&words, 10, 4).unwrap());
        let all = whole(&bmp);
        for piece in [1usize, 5, 7, 31, 54, 55, 1000] {
            let mut got = Vec::new();
            let mut buf = vec![0u8; piece];
            loop {
                let n = bmp.read(got.len(), &mut buf);
                if n == 0 {
                    break;
                }
                got.extend_from_slice(&buf[..n]);
            }
            assert_eq!(got, all, "piece {piece}");
        }
        assert_eq!(bmp.read(bmp.len(), &mut [0u8; 4]), 0);
        assert_eq!(bmp.read(bmp.len() + 100, &mut [0u8; 4]), 0);
    }

    #[test]
    fn frames_of_the_wrong_shape_are_refused() {
        assert_eq!(
            YuvFrame::new(&[0; 3], 3, 2).unwrap_err(),
            FrameError::OddWidth
        );
        assert_eq!(YuvFrame::new(&[], 0, 2).unwrap_err(), FrameError::BadSize);
        assert_eq!(
            YuvFrame::new(&[0; 3], 4, 2).unwrap_err(),
            FrameError::WrongLength {
                expected: 4,
                got: 3
            }
        );
    }
}
