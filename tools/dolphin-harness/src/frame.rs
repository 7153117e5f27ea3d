//! A frame Dolphin dumped (PNG, 776x480 for a 4:3 640x480 picture), loaded as RGBA, with
//! sampling in the game's 640x480 coordinates. Owns image decoding and rescaling only.

use crate::Error;
use std::fs::File;
use std::path::Path;

/// The game's framebuffer size.
pub const GAME_WIDTH: u32 = 640;
pub const GAME_HEIGHT: u32 = 480;

/// An RGBA8 image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

impl Frame {
    /// Loads a PNG (RGB or RGBA, 8 bits).
    pub fn load(path: &Path) -> Result<Frame, Error> {
        let bad = |why: String| Error::Frame {
            path: path.to_path_buf(),
            why,
        };
        let file = File::open(path).map_err(|e| bad(e.to_string()))?;
        let mut reader = png::Decoder::new(file)
            .read_info()
            .map_err(|e| bad(e.to_string()))?;
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader
            .next_frame(&mut buf)
            .map_err(|e| bad(e.to_string()))?;
        let pixels = &buf[..info.buffer_size()];
        let rgba = match (info.color_type, info.bit_depth) {
            (png::ColorType::Rgba, png::BitDepth::Eight) => pixels.to_vec(),
            (png::ColorType::Rgb, png::BitDepth::Eight) => pixels
                .chunks_exact(3)
                .flat_map(|p| [p[0], p[1], p[2], 255])
                .collect(),
            other => return Err(bad(format!("unsupported PNG format {other:?}"))),
        };
        Ok(Frame {
            width: info.width,
            height: info.height,
            rgba,
        })
    }

    /// The pixel at image coordinates.
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = ((y.min(self.height - 1) * self.width + x.min(self.width - 1)) * 4) as usize;
        [
            self.rgba[i],
            self.rgba[i + 1],
            self.rgba[i + 2],
            self.rgba[i + 3],
        ]
    }

    /// The colour at the game's 640x480 coordinates (nearest image pixel).
    pub fn game_pixel(&self, x: u32, y: u32) -> [u8; 3] {
        let ix = (u64::from(x) * u64::from(self.width) + u64::from(self.width) / 2)
            / u64::from(GAME_WIDTH);
        let iy = (u64::from(y) * u64::from(self.height) + u64::from(self.height) / 2)
            / u64::from(GAME_HEIGHT);
        let p = self.pixel(ix as u32, iy as u32);
        [p[0], p[1], p[2]]
    }

    /// The image rescaled to 640x480 (nearest neighbour), for comparing with soft renders.
    pub fn to_game_size(&self) -> Frame {
        let mut rgba = Vec::with_capacity((GAME_WIDTH * GAME_HEIGHT * 4) as usize);
        for y in 0..GAME_HEIGHT {
            for x in 0..GAME_WIDTH {
                let [r, g, b] = self.game_pixel(x, y);
                rgba.extend_from_slice(&[r, g, b, 255]);
            }
        }
        Frame {
            width: GAME_WIDTH,
            height: GAME_HEIGHT,
            rgba,
        }
    }

    /// Writes the image as an RGBA PNG.
    pub fn save_png(&self, path: &Path) -> Result<(), Error> {
        let bad = |why: String| Error::Frame {
            path: path.to_path_buf(),
            why,
        };
        let file = File::create(path).map_err(|e| bad(e.to_string()))?;
        let mut enc = png::Encoder::new(std::io::BufWriter::new(file), self.width, self.height);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().map_err(|e| bad(e.to_string()))?;
        w.write_image_data(&self.rgba)
            .map_err(|e| bad(e.to_string()))
    }
}

/// How two same-sized images differ (RGB only).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Diff {
    /// Largest per-channel difference.
    pub max: u8,
    /// Mean per-channel difference.
    pub mean: f64,
    /// Pixels whose worst channel differs by more than the threshold.
    pub pixels_over: usize,
    /// Pixels compared.
    pub pixels: usize,
}

impl Diff {
    /// Share of pixels (0..=1) whose every channel is within the threshold.
    pub fn share_within(&self) -> f64 {
        if self.pixels == 0 {
            return 1.0;
        }
        1.0 - self.pixels_over as f64 / self.pixels as f64
    }
}

impl Frame {
    /// Compares with another image of the same size (e.g. a dump rescaled with
    /// `to_game_size()` against the soft renderer's picture); `None` if the sizes differ.
    pub fn diff(&self, other: &Frame, threshold: u8) -> Option<Diff> {
        if (self.width, self.height) != (other.width, other.height) {
            return None;
        }
        let (mut max, mut sum, mut over) = (0u8, 0u64, 0usize);
        for (a, b) in self.rgba.chunks_exact(4).zip(other.rgba.chunks_exact(4)) {
            let d = color_distance([a[0], a[1], a[2]], [b[0], b[1], b[2]]);
            max = max.max(d);
            sum += (0..3).map(|i| u64::from(a[i].abs_diff(b[i]))).sum::<u64>();
            over += usize::from(d > threshold);
        }
        let channels = (self.width as u64 * self.height as u64 * 3).max(1);
        Some(Diff {
            max,
            mean: sum as f64 / channels as f64,
            pixels_over: over,
            pixels: (self.width * self.height) as usize,
        })
    }
}

/// Largest per-channel difference between two colours.
pub fn color_distance(a: [u8; 3], b: [u8; 3]) -> u8 {
    a.iter()
        .zip(b)
        .map(|(x, y)| x.abs_diff(y))
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(width: u32, height: u32) -> Frame {
        let mut rgba = Vec::new();
        for y in 0..height {
            for x in 0..width {
                rgba.extend_from_slice(&[(x % 256) as u8, (y % 256) as u8, 0, 255]);
            }
        }
        Frame {
            width,
            height,
            rgba,
        }
    }

    #[test]
    fn game_coordinates_map_onto_the_stretched_dump() {
        let f = frame(776, 480);
        assert_eq!(f.game_pixel(0, 0)[0], 0);
        // 320 * 776 / 640 = 388.
        assert_eq!(f.game_pixel(320, 10), [(388 % 256) as u8, 10, 0]);
        assert_eq!(f.to_game_size().width, 640);
    }

    #[test]
    fn a_saved_frame_loads_back_identical() {
        let f = frame(8, 4);
        let path = std::env::temp_dir().join(format!("harness-frame-{}.png", std::process::id()));
        f.save_png(&path).unwrap();
        let back = Frame::load(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(back, f);
    }

    #[test]
    fn diff_counts_pixels_beyond_the_threshold() {
        let a = frame(4, 2);
        let mut b = a.clone();
        b.rgba[0] = b.rgba[0].wrapping_add(20);
        b.rgba[5] = b.rgba[5].wrapping_add(3);
        let d = a.diff(&b, 5).unwrap();
        assert_eq!((d.max, d.pixels_over), (20, 1));
        assert!((d.mean - 23.0 / 24.0).abs() < 1e-9);
        assert!(a.diff(&frame(2, 2), 5).is_none());
    }

    #[test]
    fn colour_distance_is_the_worst_channel() {
        assert_eq!(color_distance([10, 20, 30], [12, 17, 30]), 3);
    }
}
