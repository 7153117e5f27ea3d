//! Light for the art: one lamp above the board to the upper left, so every drawing is shaded
//! the same way (a dome's upper-left lit, its lower-right in shade, a groove the other way
//! round), plus the wood grain's pattern. Pure functions of a point; no canvas.

/// Unit vector towards the lamp: left, up (towards the top of the picture) and out of it.
const LIGHT: (f32, f32, f32) = (-0.45, -0.6, 0.66);

/// Brightness factor (for `Paint::lit`) of a surface with normal `n` (need not be unit):
/// 1.0 for a surface facing the viewer, up to about 1.3 facing the lamp, down to 0.45 facing
/// away. Ambient 0.45 plus diffuse scaled so that a flat face is unchanged.
pub fn lambert(n: (f32, f32, f32)) -> f32 {
    let len = (n.0 * n.0 + n.1 * n.1 + n.2 * n.2).sqrt().max(1e-6);
    let d = (n.0 * LIGHT.0 + n.1 * LIGHT.1 + n.2 * LIGHT.2) / len;
    0.45 + 0.55 * d.max(0.0) / LIGHT.2
}

/// A dome of radius `r` at (cx, cy) whose surface tilts by `tilt` (0 flat .. 1 a half
/// sphere) towards its edge: the brightness factor at (x, y).
pub fn dome(cx: f32, cy: f32, r: f32, tilt: f32, x: f32, y: f32) -> f32 {
    let nx = (tilt * (x - cx) / r).clamp(-0.99, 0.99);
    let ny = (tilt * (y - cy) / r).clamp(-0.99, 0.99);
    let nz = (1.0 - nx * nx - ny * ny).max(0.01).sqrt();
    lambert((nx, ny, nz))
}

/// An upright cylinder (axis along y) centred on x = `cx` with half width `hw`, leaning its
/// top back by `lean` (a cone's side): the brightness factor at x.
pub fn upright(cx: f32, hw: f32, lean: f32, x: f32) -> f32 {
    let nx = ((x - cx) / hw.max(0.5)).clamp(-0.99, 0.99);
    let nz = (1.0 - nx * nx).sqrt();
    lambert((nx, -lean, nz))
}

/// A hash of a lattice point to 0.0..1.0 (no table, the same on every run).
fn hash(i: i32, j: i32, seed: u32) -> f32 {
    let mut h = (i as u32).wrapping_mul(0x9E37_79B1)
        ^ (j as u32).wrapping_mul(0x85EB_CA77)
        ^ seed.wrapping_mul(0xC2B2_AE3D);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    (h & 0xFFFF) as f32 / 65535.0
}

/// Smooth value noise at (x, y) in lattice units, 0.0..1.0.
pub fn noise(x: f32, y: f32, seed: u32) -> f32 {
    let (i, j) = (x.floor() as i32, y.floor() as i32);
    let (fx, fy) = (x - x.floor(), y - y.floor());
    let s = |t: f32| t * t * (3.0 - 2.0 * t);
    let (u, v) = (s(fx), s(fy));
    let a = hash(i, j, seed) + (hash(i + 1, j, seed) - hash(i, j, seed)) * u;
    let b = hash(i, j + 1, seed) + (hash(i + 1, j + 1, seed) - hash(i, j + 1, seed)) * u;
    a + (b - a) * v
}

/// Wood grain's brightness factor at a point `along` the grain and `across` it (pixels):
/// long wavy streaks and the darker late-wood lines of the growth rings, 0.8..1.15.
pub fn grain(along: f32, across: f32, seed: u32) -> f32 {
    let wobble = 2.4 * noise(along / 60.0, across / 9.0, seed);
    let rings = (across * 0.55 + wobble * 3.0).sin();
    let late = if rings > 0.82 { 0.86 } else { 1.0 };
    let streak = 0.93 + 0.14 * noise(along / 24.0, across / 1.6, seed ^ 0x55);
    (streak * late).clamp(0.8, 1.15)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_face_is_unchanged_and_the_lamp_side_is_brighter() {
        assert!((lambert((0.0, 0.0, 1.0)) - 1.0).abs() < 1e-5);
        assert!(
            dome(18.0, 18.0, 16.0, 0.8, 8.0, 8.0) > 1.05,
            "upper left lit"
        );
        assert!(
            dome(18.0, 18.0, 16.0, 0.8, 28.0, 28.0) < 0.8,
            "lower right shaded"
        );
        assert!(upright(18.0, 10.0, 0.0, 10.0) > upright(18.0, 10.0, 0.0, 26.0));
    }

    #[test]
    fn noise_and_grain_stay_in_range_and_repeat() {
        for k in 0..500 {
            let (x, y) = (k as f32 * 1.37, k as f32 * 0.71);
            let n = noise(x, y, 3);
            assert!((0.0..=1.0).contains(&n));
            assert_eq!(n, noise(x, y, 3));
            let g = grain(x * 5.0, y, 7);
            assert!((0.8..=1.15).contains(&g));
        }
    }
}
