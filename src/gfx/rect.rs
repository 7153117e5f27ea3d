//! `Rect`: an axis-aligned rectangle in screen pixels (x right, y down). A rect covers the
//! pixels x..x+w, y..y+h (end exclusive), exactly as GX covers pixel centres of a quad.

/// A rectangle in pixels; `w` and `h` are never negative in rects built with [`Rect::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Rect {
    pub x: i16,
    pub y: i16,
    pub w: i16,
    pub h: i16,
}

impl Rect {
    /// The whole 640x480 screen.
    pub const SCREEN: Rect = Rect::new(0, 0, 640, 480);

    /// A rect; negative sizes become empty.
    pub const fn new(x: i16, y: i16, w: i16, h: i16) -> Self {
        Rect {
            x,
            y,
            w: if w < 0 { 0 } else { w },
            h: if h < 0 { 0 } else { h },
        }
    }
    pub const fn right(self) -> i16 {
        self.x + self.w
    }
    pub const fn bottom(self) -> i16 {
        self.y + self.h
    }
    pub const fn is_empty(self) -> bool {
        self.w <= 0 || self.h <= 0
    }
    /// Whether the pixel (px, py) is inside.
    pub const fn contains(self, px: i16, py: i16) -> bool {
        px >= self.x && py >= self.y && px < self.right() && py < self.bottom()
    }
    /// The overlap of two rects (empty when they do not meet).
    pub fn intersect(self, o: Rect) -> Rect {
        let x0 = self.x.max(o.x);
        let y0 = self.y.max(o.y);
        let x1 = self.right().min(o.right());
        let y1 = self.bottom().min(o.bottom());
        Rect::new(x0, y0, x1 - x0, y1 - y0)
    }
    /// The rect grown by `d` pixels on every side (shrunk when `d` is negative).
    pub const fn inflate(self, d: i16) -> Rect {
        Rect::new(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)
    }
    /// Centre point (rounded down).
    pub const fn center(self) -> (i16, i16) {
        (self.x + self.w / 2, self.y + self.h / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::Rect;

    #[test]
    fn intersection_of_disjoint_rects_is_empty() {
        assert!(Rect::new(0, 0, 10, 10)
            .intersect(Rect::new(20, 0, 5, 5))
            .is_empty());
    }

    #[test]
    fn contains_excludes_the_right_and_bottom_edges() {
        let r = Rect::new(10, 20, 5, 5);
        assert!(r.contains(10, 20) && r.contains(14, 24));
        assert!(!r.contains(15, 24) && !r.contains(14, 25));
    }
}
