//! Animation arithmetic: frame counters and rect interpolation for pieces flying between holes
//! or squares. Integer only; the app counts frames, so animations replay exactly.

use crate::gfx::Rect;

/// A countdown of frames with its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Timer {
    pub left: u16,
    pub len: u16,
}

impl Timer {
    pub const fn new(len: u16) -> Self {
        let len = if len == 0 { 1 } else { len };
        Timer { left: len, len }
    }
    /// Advances one frame; true when the timer has just run out (or was out).
    pub fn tick(&mut self) -> bool {
        self.left = self.left.saturating_sub(1);
        self.left == 0
    }
    /// Progress 0..=256.
    pub const fn progress(&self) -> i32 {
        ((self.len - self.left) as i32 * 256) / self.len as i32
    }
    /// Progress 0..=256 eased in and out (`ease`).
    pub const fn eased(&self) -> i32 {
        ease(self.progress())
    }
    /// Eased progress over the frames a glide is drawn, what every piece's glide follows: 0 on
    /// its first frame (`left == len`, the frame the move starts) and 256 on its last
    /// (`left == 1`: the timer runs out in the next update, before the next draw), so the glide
    /// starts and ends exactly where the board draws the piece at rest. A one-frame glide is
    /// drawn landed.
    pub const fn glide(&self) -> i32 {
        if self.len <= 1 {
            return 256;
        }
        let left = if self.left == 0 { 1 } else { self.left };
        ease((self.len - left) as i32 * 256 / (self.len as i32 - 1))
    }
}

/// Smoothstep easing of `t`/256 (3t^2 - 2t^3): starts and lands gently, fastest midway;
/// 0 stays 0 and 256 stays 256.
pub const fn ease(t: i32) -> i32 {
    let t = if t < 0 {
        0
    } else if t > 256 {
        256
    } else {
        t
    };
    t * t * (768 - 2 * t) / (256 * 256)
}

/// The rect `t`/256 of the way from `a` to `b`, lifted in an arc (peak `lift` pixels).
pub fn lerp_rect(a: Rect, b: Rect, t: i32, lift: i16) -> Rect {
    let t = t.clamp(0, 256);
    let l = |x: i16, y: i16| (x as i32 + ((y as i32 - x as i32) * t) / 256) as i16;
    let arc = ((lift as i32) * 4 * t * (256 - t) / (256 * 256)) as i16;
    Rect::new(l(a.x, b.x), l(a.y, b.y) - arc, l(a.w, b.w), l(a.h, b.h))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lerp_starts_at_a_and_ends_at_b() {
        let a = Rect::new(0, 0, 10, 10);
        let b = Rect::new(100, 50, 10, 10);
        assert_eq!(lerp_rect(a, b, 0, 30), a);
        assert_eq!(lerp_rect(a, b, 256, 30), b);
        assert!(lerp_rect(a, b, 128, 30).y < 25, "lifted in the middle");
    }

    #[test]
    fn easing_starts_and_lands_slowly_and_never_goes_back() {
        assert_eq!((ease(0), ease(128), ease(256)), (0, 128, 256));
        let v: [i32; 257] = core::array::from_fn(|i| ease(i as i32));
        assert!(v.windows(2).all(|w| w[1] >= w[0]), "monotonic");
        // Slow at the ends, fast in the middle.
        assert!(ease(32) < 32 && ease(224) > 224);
        assert!(ease(144) - ease(112) > 32);
    }

    #[test]
    fn a_glide_is_drawn_from_its_start_to_its_end() {
        let mut t = Timer::new(4);
        let mut drawn = std::vec::Vec::new();
        loop {
            drawn.push(t.glide());
            if t.tick() {
                break;
            }
        }
        assert_eq!(drawn.first(), Some(&0));
        assert_eq!(drawn.last(), Some(&256));
        assert!(drawn.windows(2).all(|w| w[1] > w[0]), "{drawn:?}");
        assert_eq!(Timer::new(1).glide(), 256);
    }

    #[test]
    fn a_timer_runs_out_after_its_length() {
        let mut t = Timer::new(3);
        assert!(!t.tick());
        assert!(!t.tick());
        assert!(t.tick());
        assert_eq!(t.progress(), 256);
    }
}
