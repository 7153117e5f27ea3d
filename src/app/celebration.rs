//! The winner's celebration as pure arithmetic over a frame count: the panel dropping in
//! (`DROP_FRAMES` frames, eased out from `DROP_PX` pixels above its place), the heading's
//! pulse and the confetti falling over the dimmed board (`PIECES` pieces, each one's path a
//! function of the seed, its index and the age: no state per piece, no heap, no floats).
//! It draws nothing and knows no scene: `winner.rs` places what it computes.

use crate::gfx::{Rect, Rgba};

/// Frames the panel takes to drop into place (half a second at 59.94 Hz).
pub const DROP_FRAMES: u16 = 30;
/// Pixels above its place the panel starts: small enough that a panel whose top is at
/// `DROP_PX` or lower keeps its heading inside the frame on every frame of the drop.
pub const DROP_PX: i16 = 84;
/// Frames of one pulse of the heading (bright, dim, bright).
pub const PULSE_FRAMES: u16 = 48;
/// Confetti pieces on screen.
pub const PIECES: usize = 36;

/// The confetti's colours: gold, the players' blue and orange, a red and a white.
const COLOURS: [Rgba; 5] = [
    Rgba::rgb(250, 200, 70),
    Rgba::rgb(80, 170, 255),
    Rgba::rgb(255, 150, 40),
    Rgba::rgb(230, 70, 80),
    Rgba::rgb(245, 245, 235),
];

/// The confetti's fall wraps over this many rows: the frame's 480 and 20 above it.
const FALL_SPAN: i32 = 500;

/// One celebration, from the frame the winner is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Celebration {
    seed: u32,
    age: u16,
}

impl Celebration {
    /// A celebration at its first frame; `seed` places the confetti.
    pub const fn new(seed: u32) -> Self {
        Celebration { seed, age: 0 }
    }

    /// Advances one frame.
    pub fn tick(&mut self) {
        self.age = self.age.saturating_add(1);
    }

    /// Frames since it began.
    pub fn age(&self) -> u16 {
        self.age
    }

    /// The panel is in place (its rows take input from now on).
    pub fn landed(&self) -> bool {
        self.age >= DROP_FRAMES
    }

    /// Pixels the panel is still above its place: `DROP_PX` at the first frame, 0 from
    /// `DROP_FRAMES` on, eased out (a cubic: fast at first, settling gently).
    pub fn drop_offset(&self) -> i16 {
        let n = i32::from(DROP_FRAMES);
        let left = n - i32::from(self.age.min(DROP_FRAMES));
        (i32::from(DROP_PX) * left * left * left / (n * n * n)) as i16
    }

    /// The heading's brightness, 0 (dim) ..= 256 (bright): a smoothed triangle with period
    /// `PULSE_FRAMES`, bright at the first frame.
    pub fn pulse(&self) -> i32 {
        let period = i32::from(PULSE_FRAMES);
        let half = period / 2;
        let p = i32::from(self.age) % period;
        // The triangle falls from 256 to 0 and rises back; smoothstep rounds its corners.
        let tri = if p < half {
            256 - p * 256 / half
        } else {
            (p - half) * 256 / half
        };
        tri * tri * (768 - 2 * tri) / 65_536
    }

    /// The confetti pieces this frame: each piece's rectangle (clipped to the frame; pieces
    /// above it are left out) and colour.
    pub fn confetti(&self) -> impl Iterator<Item = (Rect, Rgba)> + '_ {
        (0..PIECES).filter_map(move |i| self.piece(i))
    }

    fn piece(&self, i: usize) -> Option<(Rect, Rgba)> {
        let h = mix(self.seed ^ mix(i as u32 + 1));
        let h2 = mix(h);
        let age = i32::from(self.age);
        let x0 = (h % 640) as i32;
        let y0 = ((h >> 10) % FALL_SPAN as u32) as i32;
        // 1.5 to 3.4 pixels a frame, in sixteenths.
        let speed = 24 + ((h >> 20) % 31) as i32;
        let sway = 4 + (h2 % 12) as i32;
        let sway_period = 40 + ((h2 >> 4) % 60) as i32;
        let colour = COLOURS[((h2 >> 12) as usize) % COLOURS.len()];
        let (w, ht) = (4 + ((h2 >> 16) % 4) as i16, 6 + ((h2 >> 20) % 5) as i16);
        let y = (y0 + age * speed / 16) % FALL_SPAN - 20;
        // A triangle wave across: -sway ..= sway over `sway_period` frames.
        let p = (age + (h2 >> 24) as i32) % sway_period;
        let tri = (4 * sway * p / sway_period - 2 * sway).abs() - sway;
        let x = (x0 + tri).rem_euclid(640);
        let r = Rect::new(x as i16, y as i16, w, ht).intersect(Rect::SCREEN);
        (!r.is_empty()).then_some((r, colour))
    }
}

/// A 32-bit integer hash (xor-shift and multiply rounds): a piece's numbers from its index.
fn mix(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x7feb_352d);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846c_a68b);
    x ^= x >> 16;
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    fn at(seed: u32, age: u16) -> Celebration {
        let mut c = Celebration::new(seed);
        for _ in 0..age {
            c.tick();
        }
        c
    }

    #[test]
    fn the_panel_starts_drop_px_above_and_lands_after_drop_frames() {
        assert_eq!(at(1, 0).drop_offset(), DROP_PX);
        assert!(!at(1, DROP_FRAMES - 1).landed());
        assert!(at(1, DROP_FRAMES - 1).drop_offset() <= 1);
        assert_eq!(at(1, DROP_FRAMES).drop_offset(), 0);
        assert!(at(1, DROP_FRAMES).landed());
        assert_eq!(at(1, 500).drop_offset(), 0);
    }

    #[test]
    fn the_drop_never_rises_and_is_eased_out() {
        let offsets: Vec<i16> = (0..=DROP_FRAMES).map(|a| at(1, a).drop_offset()).collect();
        assert!(offsets.windows(2).all(|w| w[1] <= w[0]), "{offsets:?}");
        // Eased out: the first third of the time covers more than half of the way.
        let third = offsets[usize::from(DROP_FRAMES / 3)];
        assert!(DROP_PX - third > DROP_PX / 2, "{offsets:?}");
        // ... and the last frames move by a pixel or less.
        let n = offsets.len();
        assert!(offsets[n - 3] - offsets[n - 1] <= 1, "{offsets:?}");
    }

    #[test]
    fn the_heading_pulses_between_dim_and_bright_with_its_period() {
        let p: Vec<i32> = (0..PULSE_FRAMES * 2).map(|a| at(3, a).pulse()).collect();
        assert_eq!(p[0], 256);
        assert_eq!(p[usize::from(PULSE_FRAMES / 2)], 0);
        assert!(p.iter().all(|&v| (0..=256).contains(&v)));
        let period = usize::from(PULSE_FRAMES);
        assert_eq!(p[..period], p[period..]);
        // Smooth: no step larger than a triangle's of the same period would make.
        assert!(p.windows(2).all(|w| (w[1] - w[0]).abs() <= 20), "{p:?}");
    }

    #[test]
    fn confetti_is_the_same_for_a_seed_and_differs_for_another() {
        let a: Vec<_> = at(7, 90).confetti().collect();
        let b: Vec<_> = at(7, 90).confetti().collect();
        let c: Vec<_> = at(8, 90).confetti().collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn confetti_falls_inside_the_frame_and_fills_it_across() {
        for age in [0u16, 1, 45, 300, 2000] {
            let pieces: Vec<_> = at(11, age).confetti().collect();
            assert!(
                pieces.len() >= PIECES * 3 / 4,
                "{} pieces at {age}",
                pieces.len()
            );
            for (r, _) in &pieces {
                assert!(!r.is_empty() && Rect::SCREEN.intersect(*r) == *r, "{r:?}");
            }
            let left = pieces.iter().filter(|(r, _)| r.x < 320).count();
            assert!(
                left > 0 && left < pieces.len(),
                "spread across: {left} on the left"
            );
        }
    }

    #[test]
    fn each_piece_moves_down_from_one_frame_to_the_next() {
        let (a, b) = (at(5, 10), at(5, 11));
        let mut fell = 0;
        for i in 0..PIECES {
            if let (Some((ra, _)), Some((rb, _))) = (a.piece(i), b.piece(i)) {
                // A piece wrapping to the top moves up once in its fall; the rest move down.
                if rb.y > ra.y {
                    fell += 1;
                }
            }
        }
        assert!(fell >= PIECES * 3 / 4, "{fell} of {PIECES} fell");
    }
}
