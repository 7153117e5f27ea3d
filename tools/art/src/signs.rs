//! The signs of senet's special squares (15, 26 to 30), cut into the faience: each stroke
//! drawn as a groove, its upper-left wall in shade and its lower-right wall catching the
//! lamp (`light.rs`). 40x40 each, on a transparent ground the game lays on the square.

use crate::canvas::*;

/// Fills `shape` with `paint` as a carved groove: the ink, a shaded rim along its upper-left
/// edge and a lit rim along its lower-right edge.
fn carve(c: &mut Canvas, paint: Paint, shape: impl Fn(f32, f32) -> bool) {
    c.fill(paint, &shape);
    c.fill(Paint(0.0, 0.0, 0.0, 0.35), |x, y| {
        shape(x, y) && !shape(x - 1.3, y - 1.3)
    });
    c.fill(Paint(1.0, 1.0, 1.0, 0.35), |x, y| {
        shape(x, y) && !shape(x + 1.3, y + 1.3)
    });
}

const INK: (u8, u8, u8) = (30, 60, 110);

fn ink() -> Paint {
    Paint::rgb(INK.0, INK.1, INK.2)
}

/// Square 15, the house of rebirth: an ankh. 40x40.
pub fn ankh() -> Canvas {
    let mut c = Canvas::new(40, 40);
    carve(&mut c, ink(), ring(20.0, 11.0, 4.0, 7.0));
    carve(&mut c, ink(), capsule(10.0, 20.0, 30.0, 20.0, 2.0));
    carve(&mut c, ink(), capsule(20.0, 17.0, 20.0, 37.0, 2.2));
    c
}

/// Square 26, the house of beauty: the nefer sign (a heart with a windpipe). 40x40.
pub fn nefer() -> Canvas {
    let mut c = Canvas::new(40, 40);
    carve(&mut c, ink(), ellipse(20.0, 28.0, 9.0, 9.0));
    carve(&mut c, ink(), capsule(20.0, 3.0, 20.0, 22.0, 2.0));
    carve(&mut c, ink(), capsule(14.0, 9.0, 26.0, 9.0, 1.8));
    carve(&mut c, ink(), capsule(15.0, 14.0, 25.0, 14.0, 1.8));
    c
}

/// Square 27, the house of water: three wave lines. 40x40.
pub fn water() -> Canvas {
    let mut c = Canvas::new(40, 40);
    for row in 0..3 {
        let y = 10.0 + row as f32 * 10.0;
        for k in 0..6 {
            let x0 = 4.0 + k as f32 * 5.5;
            let (ya, yb) = if k % 2 == 0 {
                (y + 2.5, y - 2.5)
            } else {
                (y - 2.5, y + 2.5)
            };
            carve(&mut c, ink(), capsule(x0, ya, x0 + 5.5, yb, 1.5));
        }
    }
    c
}

/// Squares 28 and 29: three or two strokes. 40x40.
pub fn strokes(n: usize) -> Canvas {
    let mut c = Canvas::new(40, 40);
    let gap = 9.0;
    let x0 = 20.0 - gap * (n as f32 - 1.0) / 2.0;
    for i in 0..n {
        let x = x0 + gap * i as f32;
        carve(&mut c, ink(), capsule(x, 8.0, x, 32.0, 2.5));
    }
    c
}

/// Square 30, the house of Re-Horakhty: a sun disc with rays. 40x40.
pub fn ra() -> Canvas {
    let mut c = Canvas::new(40, 40);
    let sun = Paint::rgb(196, 70, 36);
    for k in 0..12 {
        let a = k as f32 * std::f32::consts::PI / 6.0;
        let (s, co) = a.sin_cos();
        carve(
            &mut c,
            sun,
            capsule(
                20.0 + 11.0 * co,
                20.0 + 11.0 * s,
                20.0 + 17.0 * co,
                20.0 + 17.0 * s,
                1.3,
            ),
        );
    }
    carve(&mut c, sun, circle(20.0, 20.0, 8.5));
    c
}
