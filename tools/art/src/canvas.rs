//! A tiny vector painter: shapes given as inside-tests, filled with 4x4 supersampled coverage
//! and composited "over" a straight-alpha RGBA canvas. Owns only pixels in memory; writing the
//! PNG is `main.rs`'s job.

/// A colour with straight (not premultiplied) alpha, each channel 0.0..=1.0.
#[derive(Clone, Copy, Debug)]
pub struct Paint(pub f32, pub f32, pub f32, pub f32);

impl Paint {
    pub fn rgb(r: u8, g: u8, b: u8) -> Self {
        Paint(r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0, 1.0)
    }
    pub fn alpha(self, a: f32) -> Self {
        Paint(self.0, self.1, self.2, a)
    }
    /// The colour lit by `k`: 1.0 unchanged, below darker (towards black), above lighter
    /// (towards white, `k` = 2.0 is white).
    pub fn lit(self, k: f32) -> Self {
        let f = |c: f32| {
            if k <= 1.0 {
                c * k.max(0.0)
            } else {
                c + (1.0 - c) * (k - 1.0).min(1.0)
            }
        };
        Paint(f(self.0), f(self.1), f(self.2), self.3)
    }
    /// `self` mixed with `o` by `t` (0.0 = self, 1.0 = o).
    pub fn mix(self, o: Paint, t: f32) -> Self {
        let m = |a: f32, b: f32| a + (b - a) * t;
        Paint(
            m(self.0, o.0),
            m(self.1, o.1),
            m(self.2, o.2),
            m(self.3, o.3),
        )
    }
}

/// An RGBA canvas in float, composited with "source over".
pub struct Canvas {
    pub w: usize,
    pub h: usize,
    px: Vec<[f32; 4]>,
}

/// Supersampling grid per pixel edge (4x4 = 16 samples).
const SS: usize = 4;

impl Canvas {
    pub fn new(w: usize, h: usize) -> Self {
        Canvas {
            w,
            h,
            px: vec![[0.0; 4]; w * h],
        }
    }

    /// Fills every point where `inside(x, y)` holds (pixel centres at +0.5) with `paint`.
    pub fn fill(&mut self, paint: Paint, inside: impl Fn(f32, f32) -> bool) {
        self.fill_with(|_, _| paint, inside);
    }

    /// Fills like [`Canvas::fill`], each pixel's colour from `paint(x, y)` at its centre:
    /// shading, gradients, grain.
    pub fn fill_with(
        &mut self,
        paint: impl Fn(f32, f32) -> Paint,
        inside: impl Fn(f32, f32) -> bool,
    ) {
        for y in 0..self.h {
            for x in 0..self.w {
                let mut hits = 0;
                for sy in 0..SS {
                    for sx in 0..SS {
                        let fx = x as f32 + (sx as f32 + 0.5) / SS as f32;
                        let fy = y as f32 + (sy as f32 + 0.5) / SS as f32;
                        if inside(fx, fy) {
                            hits += 1;
                        }
                    }
                }
                if hits > 0 {
                    let cov = hits as f32 / (SS * SS) as f32;
                    let c = paint(x as f32 + 0.5, y as f32 + 0.5);
                    self.over(x, y, c, cov);
                }
            }
        }
    }

    /// A soft shadow: `layers` concentric copies of `shape(grow)` for `grow` from `spread`
    /// down to 0, each adding a little of `alpha`, so the edge fades out over `spread` pixels.
    pub fn soft_shadow<F: Fn(f32, f32) -> bool>(
        &mut self,
        alpha: f32,
        spread: f32,
        layers: usize,
        shape: impl Fn(f32) -> F,
    ) {
        let step = alpha / layers as f32;
        for k in 0..layers {
            let grow = spread * (layers - k) as f32 / layers as f32;
            self.fill(Paint(0.06, 0.04, 0.03, step), shape(grow));
        }
    }

    fn over(&mut self, x: usize, y: usize, p: Paint, cov: f32) {
        let d = &mut self.px[y * self.w + x];
        let sa = p.3 * cov;
        let da = d[3];
        let oa = sa + da * (1.0 - sa);
        if oa <= 0.0 {
            return;
        }
        let src = [p.0, p.1, p.2];
        for c in 0..3 {
            d[c] = (src[c] * sa + d[c] * da * (1.0 - sa)) / oa;
        }
        d[3] = oa;
    }

    /// The canvas as 8-bit RGBA rows.
    pub fn to_rgba8(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.w * self.h * 4);
        for p in &self.px {
            for c in p {
                out.push((c.clamp(0.0, 1.0) * 255.0 + 0.5) as u8);
            }
        }
        out
    }
}

// ----- shapes as inside-tests -----

pub fn circle(cx: f32, cy: f32, r: f32) -> impl Fn(f32, f32) -> bool {
    move |x, y| (x - cx).powi(2) + (y - cy).powi(2) <= r * r
}

pub fn ring(cx: f32, cy: f32, r0: f32, r1: f32) -> impl Fn(f32, f32) -> bool {
    move |x, y| {
        let d2 = (x - cx).powi(2) + (y - cy).powi(2);
        d2 >= r0 * r0 && d2 <= r1 * r1
    }
}

pub fn ellipse(cx: f32, cy: f32, rx: f32, ry: f32) -> impl Fn(f32, f32) -> bool {
    move |x, y| ((x - cx) / rx).powi(2) + ((y - cy) / ry).powi(2) <= 1.0
}

pub fn rounded_rect(x0: f32, y0: f32, x1: f32, y1: f32, r: f32) -> impl Fn(f32, f32) -> bool {
    move |x, y| {
        if x < x0 || x > x1 || y < y0 || y > y1 {
            return false;
        }
        let qx = (x0 + r - x).max(x - (x1 - r)).max(0.0);
        let qy = (y0 + r - y).max(y - (y1 - r)).max(0.0);
        qx * qx + qy * qy <= r * r
    }
}

/// Even-odd polygon test.
pub fn polygon(pts: Vec<(f32, f32)>) -> impl Fn(f32, f32) -> bool {
    move |x, y| {
        let mut inside = false;
        let n = pts.len();
        let mut j = n - 1;
        for i in 0..n {
            let (xi, yi) = pts[i];
            let (xj, yj) = pts[j];
            if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
                inside = !inside;
            }
            j = i;
        }
        inside
    }
}

/// A thick line segment with round caps.
pub fn capsule(ax: f32, ay: f32, bx: f32, by: f32, r: f32) -> impl Fn(f32, f32) -> bool {
    move |x, y| {
        let (dx, dy) = (bx - ax, by - ay);
        let len2 = dx * dx + dy * dy;
        let t = if len2 == 0.0 {
            0.0
        } else {
            (((x - ax) * dx + (y - ay) * dy) / len2).clamp(0.0, 1.0)
        };
        let (px, py) = (ax + t * dx - x, ay + t * dy - y);
        px * px + py * py <= r * r
    }
}
