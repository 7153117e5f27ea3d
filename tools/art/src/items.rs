//! The drawings themselves: one function per image, named as the asset file (and as the game's
//! `AssetId`). Colours here are the art's own; the game may tint white parts (cursor).

use crate::canvas::*;

pub fn all() -> Vec<(&'static str, Canvas)> {
    let mut v = vec![
        (
            "piece_light",
            piece(
                Paint::rgb(238, 230, 212),
                Paint::rgb(150, 130, 100),
                Paint::rgb(214, 202, 178),
            ),
        ),
        (
            "piece_dark",
            piece(
                Paint::rgb(58, 44, 48),
                Paint::rgb(150, 128, 120),
                Paint::rgb(88, 70, 74),
            ),
        ),
        (
            "point_light",
            point(Paint::rgb(226, 200, 150), Paint::rgb(200, 172, 120)),
        ),
        (
            "point_dark",
            point(Paint::rgb(170, 74, 50), Paint::rgb(140, 56, 38)),
        ),
        ("stick_light", stick(true)),
        ("stick_dark", stick(false)),
        ("cone", cone()),
        ("spool", spool()),
        ("sq_rebirth", ankh()),
        ("sq_beauty", nefer()),
        ("sq_water", water()),
        ("sq_three", strokes(3)),
        ("sq_two", strokes(2)),
        ("sq_ra", ra()),
        ("cursor", cursor()),
    ];
    for n in 1..=6 {
        v.push((DIE_NAMES[n - 1], die(n)));
    }
    v
}

const DIE_NAMES: [&str; 6] = ["die_1", "die_2", "die_3", "die_4", "die_5", "die_6"];

/// A senas piece seen from above: rim, body, a turned groove and a soft highlight. 36x36.
fn piece(body: Paint, rim: Paint, groove: Paint) -> Canvas {
    let mut c = Canvas::new(36, 36);
    c.fill(Paint::rgb(20, 16, 14).alpha(0.35), circle(18.6, 19.2, 17.2));
    c.fill(rim, circle(18.0, 18.0, 17.0));
    c.fill(body, circle(18.0, 18.0, 15.0));
    c.fill(groove, ring(18.0, 18.0, 9.5, 11.0));
    c.fill(Paint(1.0, 1.0, 1.0, 0.18), ellipse(13.0, 12.0, 6.0, 4.0));
    c
}

/// A die face with `n` pips: ivory rounded square with a dark border. 36x36.
fn die(n: usize) -> Canvas {
    let mut c = Canvas::new(36, 36);
    c.fill(
        Paint::rgb(40, 30, 24),
        rounded_rect(0.5, 0.5, 35.5, 35.5, 7.0),
    );
    c.fill(
        Paint::rgb(248, 242, 230),
        rounded_rect(2.5, 2.5, 33.5, 33.5, 5.5),
    );
    let (l, m, r) = (10.0, 18.0, 26.0);
    let pips: &[(f32, f32)] = match n {
        1 => &[(m, m)],
        2 => &[(l, l), (r, r)],
        3 => &[(l, l), (m, m), (r, r)],
        4 => &[(l, l), (r, l), (l, r), (r, r)],
        5 => &[(l, l), (r, l), (m, m), (l, r), (r, r)],
        _ => &[(l, l), (r, l), (l, m), (r, m), (l, r), (r, r)],
    };
    let ink = if n == 1 {
        Paint::rgb(170, 30, 30)
    } else {
        Paint::rgb(30, 24, 20)
    };
    for &(x, y) in pips {
        c.fill(ink, circle(x, y, 3.6));
    }
    c
}

/// A senas hole drawn as a long point (base at the top, apex at the bottom). 40x168.
/// The game flips it vertically for the bottom row.
fn point(fill: Paint, inner: Paint) -> Canvas {
    let mut c = Canvas::new(40, 168);
    c.fill(fill, polygon(vec![(1.0, 0.0), (39.0, 0.0), (20.0, 166.0)]));
    c.fill(
        inner,
        polygon(vec![(13.0, 0.0), (27.0, 0.0), (20.0, 120.0)]),
    );
    c
}

/// A throwing stick seen from above, light (painted) face or dark (bare wood) face. 20x100.
fn stick(light: bool) -> Canvas {
    let mut c = Canvas::new(20, 100);
    c.fill(
        Paint::rgb(46, 30, 20),
        rounded_rect(1.0, 1.0, 19.0, 99.0, 8.0),
    );
    if light {
        c.fill(
            Paint::rgb(244, 238, 222),
            rounded_rect(3.0, 3.0, 17.0, 97.0, 6.5),
        );
        c.fill(
            Paint::rgb(60, 90, 150),
            rounded_rect(4.0, 44.0, 16.0, 48.0, 1.0),
        );
        c.fill(
            Paint::rgb(60, 90, 150),
            rounded_rect(4.0, 52.0, 16.0, 56.0, 1.0),
        );
    } else {
        c.fill(
            Paint::rgb(122, 78, 44),
            rounded_rect(3.0, 3.0, 17.0, 97.0, 6.5),
        );
        for y in [20.0, 38.0, 62.0, 80.0] {
            c.fill(Paint::rgb(98, 60, 32), capsule(6.0, y, 14.0, y + 3.0, 0.8));
        }
    }
    c
}

/// Senet piece of player 1: a cone (side view). 36x36.
fn cone() -> Canvas {
    let mut c = Canvas::new(36, 36);
    let outline = Paint::rgb(90, 70, 50);
    c.fill(outline, ellipse(18.0, 29.0, 14.0, 5.5));
    c.fill(
        outline,
        polygon(vec![(18.0, 1.0), (32.6, 29.0), (3.4, 29.0)]),
    );
    c.fill(outline, circle(18.0, 5.0, 4.5));
    let body = Paint::rgb(240, 232, 214);
    c.fill(body, ellipse(18.0, 29.0, 12.5, 4.0));
    c.fill(body, polygon(vec![(18.0, 4.0), (30.6, 29.0), (5.4, 29.0)]));
    c.fill(body, circle(18.0, 5.0, 3.0));
    c.fill(
        Paint::rgb(210, 196, 170),
        polygon(vec![(18.0, 6.0), (30.0, 28.0), (24.0, 29.0)]),
    );
    c
}

/// Senet piece of player 2: a spool (side view). 36x36.
fn spool() -> Canvas {
    let mut c = Canvas::new(36, 36);
    let outline = Paint::rgb(180, 160, 150);
    let body = Paint::rgb(58, 44, 48);
    c.fill(outline, rounded_rect(3.0, 2.0, 33.0, 11.0, 4.0));
    c.fill(outline, rounded_rect(3.0, 25.0, 33.0, 34.0, 4.0));
    c.fill(outline, rounded_rect(10.0, 8.0, 26.0, 28.0, 2.0));
    c.fill(body, rounded_rect(4.5, 3.5, 31.5, 9.5, 3.0));
    c.fill(body, rounded_rect(4.5, 26.5, 31.5, 32.5, 3.0));
    c.fill(body, rounded_rect(11.5, 9.5, 24.5, 26.5, 1.5));
    c
}

const INK: (u8, u8, u8) = (30, 60, 110);

fn ink() -> Paint {
    Paint::rgb(INK.0, INK.1, INK.2)
}

/// Square 15, the house of rebirth: an ankh. 40x40.
fn ankh() -> Canvas {
    let mut c = Canvas::new(40, 40);
    c.fill(ink(), ring(20.0, 11.0, 4.0, 7.0));
    c.fill(ink(), capsule(10.0, 20.0, 30.0, 20.0, 2.0));
    c.fill(ink(), capsule(20.0, 17.0, 20.0, 37.0, 2.2));
    c
}

/// Square 26, the house of beauty: the nefer sign (a heart with a windpipe). 40x40.
fn nefer() -> Canvas {
    let mut c = Canvas::new(40, 40);
    c.fill(ink(), ellipse(20.0, 28.0, 9.0, 9.0));
    c.fill(ink(), capsule(20.0, 3.0, 20.0, 22.0, 2.0));
    c.fill(ink(), capsule(14.0, 9.0, 26.0, 9.0, 1.8));
    c.fill(ink(), capsule(15.0, 14.0, 25.0, 14.0, 1.8));
    c
}

/// Square 27, the house of water: three wave lines. 40x40.
fn water() -> Canvas {
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
            c.fill(ink(), capsule(x0, ya, x0 + 5.5, yb, 1.5));
        }
    }
    c
}

/// Squares 28 and 29: three or two strokes. 40x40.
fn strokes(n: usize) -> Canvas {
    let mut c = Canvas::new(40, 40);
    let gap = 9.0;
    let x0 = 20.0 - gap * (n as f32 - 1.0) / 2.0;
    for i in 0..n {
        let x = x0 + gap * i as f32;
        c.fill(ink(), capsule(x, 8.0, x, 32.0, 2.5));
    }
    c
}

/// Square 30, the house of Re-Horakhty: a sun disc with rays. 40x40.
fn ra() -> Canvas {
    let mut c = Canvas::new(40, 40);
    let sun = Paint::rgb(196, 70, 36);
    for k in 0..12 {
        let a = k as f32 * std::f32::consts::PI / 6.0;
        let (s, co) = a.sin_cos();
        c.fill(
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
    c.fill(sun, circle(20.0, 20.0, 8.5));
    c
}

/// The pointer: a white arrow with a dark outline; the game tints the white per player. 32x32.
fn cursor() -> Canvas {
    let mut c = Canvas::new(32, 32);
    let pts = vec![
        (2.0, 2.0),
        (2.0, 25.0),
        (8.0, 19.5),
        (12.5, 29.0),
        (17.0, 27.0),
        (12.5, 17.5),
        (20.5, 17.5),
    ];
    c.fill(
        Paint::rgb(0, 0, 0).alpha(0.3),
        polygon(pts.iter().map(|&(x, y)| (x + 1.5, y + 1.5)).collect()),
    );
    c.fill(Paint::rgb(255, 255, 255), polygon(pts.clone()));
    let n = pts.len();
    for i in 0..n {
        let (a, b) = (pts[i], pts[(i + 1) % n]);
        c.fill(Paint::rgb(16, 16, 20), capsule(a.0, a.1, b.0, b.1, 1.1));
    }
    c
}
