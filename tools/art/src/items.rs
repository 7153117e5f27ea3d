//! The drawings themselves: one function per image, named as the asset file (and as the game's
//! `AssetId`). Colours here are the art's own; the game may tint white parts (cursor).

use crate::canvas::*;
use crate::light;
use crate::signs;

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
        ("sq_rebirth", signs::ankh()),
        ("sq_beauty", signs::nefer()),
        ("sq_water", signs::water()),
        ("sq_three", signs::strokes(3)),
        ("sq_two", signs::strokes(2)),
        ("sq_ra", signs::ra()),
        ("wood_h", wood(256, 16, 21)),
        ("wood_v", wood(16, 256, 22)),
        ("cursor", cursor()),
    ];
    for n in 1..=6 {
        v.push((DIE_NAMES[n - 1], die(n)));
    }
    v
}

const DIE_NAMES: [&str; 6] = ["die_1", "die_2", "die_3", "die_4", "die_5", "die_6"];

/// A senas piece seen from above, a turned disc lit from the upper left: a soft shadow
/// below right, a rounded rim, a slightly domed face with a turned groove (lit on its
/// lower-right wall) and a soft sheen. 36x36.
fn piece(body: Paint, rim: Paint, groove: Paint) -> Canvas {
    let mut c = Canvas::new(36, 36);
    c.soft_shadow(0.5, 2.5, 5, |g| circle(19.4, 20.2, 15.6 + g));
    // The rim: its surface turns from facing the viewer (inside) to facing out (the edge).
    c.fill_with(
        |x, y| {
            let d = ((x - 18.0).powi(2) + (y - 18.0).powi(2)).sqrt().max(0.1);
            let t = ((d - 14.0) / 3.0).clamp(0.0, 1.0);
            let (nx, ny) = ((x - 18.0) / d * t, (y - 18.0) / d * t);
            rim.mix(body, 0.35)
                .lit(light::lambert((nx, ny, (1.0 - t * t).max(0.05).sqrt())))
        },
        circle(18.0, 18.0, 17.0),
    );
    c.fill_with(
        |x, y| body.lit(light::dome(18.0, 18.0, 15.0, 0.35, x, y)),
        circle(18.0, 18.0, 14.6),
    );
    // The groove: its upper-left wall faces down-right, in shade; the other wall is lit.
    c.fill_with(
        |x, y| {
            let d = ((x - 18.0).powi(2) + (y - 18.0).powi(2)).sqrt().max(0.1);
            let t = (d - 10.25) / 0.9;
            let (nx, ny) = (-(x - 18.0) / d * t, -(y - 18.0) / d * t);
            groove.lit(light::lambert((nx, ny, 1.0)))
        },
        ring(18.0, 18.0, 9.3, 11.2),
    );
    for k in 0..4 {
        let r = 5.5 - k as f32 * 1.2;
        c.fill(Paint(1.0, 1.0, 1.0, 0.07), ellipse(12.5, 11.5, r, r * 0.7));
    }
    c
}

/// A die seen from above, an ivory cube with rounded edges: the top face brighter to the
/// upper left, the bevelled edges lit or shaded by the side they face, the pips drilled
/// (a dark hollow whose lower-right wall catches the lamp). 36x36.
fn die(n: usize) -> Canvas {
    let mut c = Canvas::new(36, 36);
    let ivory = Paint::rgb(246, 240, 226);
    c.fill(
        Paint::rgb(40, 30, 24),
        rounded_rect(0.5, 0.5, 35.5, 35.5, 7.0),
    );
    c.fill_with(
        |x, y| {
            // The edge's normal: towards the nearer side, steeper near the border.
            let (dx, dy) = ((x - 18.0) / 16.5, (y - 18.0) / 16.5);
            let (nx, ny) = (dx.powi(5), dy.powi(5));
            ivory.lit(light::lambert((nx * 1.6, ny * 1.6, 1.0)) * 0.93)
        },
        rounded_rect(1.5, 1.5, 34.5, 34.5, 6.5),
    );
    c.fill_with(
        |x, y| ivory.lit(light::dome(18.0, 18.0, 20.0, 0.25, x, y)),
        rounded_rect(4.5, 4.5, 31.5, 31.5, 4.5),
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
        c.fill(Paint(1.0, 1.0, 1.0, 0.5), circle(x + 0.6, y + 0.6, 3.8));
        c.fill(ink, circle(x, y, 3.6));
        c.fill(ink.lit(1.35), circle(x + 1.0, y + 1.0, 2.2));
        c.fill(ink.lit(0.7), circle(x - 0.5, y - 0.5, 2.3));
    }
    c
}

/// A senas hole drawn as a long inlaid point (base at the top, apex at the bottom), a little
/// darker towards its apex, with faint grain along its length. 40x168.
/// The game flips it vertically for the bottom row.
fn point(fill: Paint, inner: Paint) -> Canvas {
    let mut c = Canvas::new(40, 168);
    c.fill_with(
        |x, y| fill.lit((1.04 - 0.14 * y / 168.0) * light::grain(y, x * 0.8, 11).sqrt()),
        polygon(vec![(1.0, 0.0), (39.0, 0.0), (20.0, 166.0)]),
    );
    c.fill_with(
        |x, y| inner.lit((1.02 - 0.14 * y / 168.0) * light::grain(y, x * 0.8, 12).sqrt()),
        polygon(vec![(13.0, 0.0), (27.0, 0.0), (20.0, 120.0)]),
    );
    c
}

/// A throwing stick seen from above, a half-round rod: the light (painted) face or the dark
/// (bare wood, grained) face, shaded across its width. 20x100.
fn stick(light_face: bool) -> Canvas {
    let mut c = Canvas::new(20, 100);
    c.soft_shadow(0.35, 1.5, 3, |g| {
        rounded_rect(2.5 - g, 2.5 - g, 19.5 + g, 99.5 + g, 8.0)
    });
    c.fill(
        Paint::rgb(46, 30, 20),
        rounded_rect(1.0, 1.0, 19.0, 99.0, 8.0),
    );
    let round = |x: f32| light::upright(10.0, 8.0, 0.0, x);
    if light_face {
        let paint = Paint::rgb(244, 238, 222);
        c.fill_with(
            |x, _| paint.lit(round(x)),
            rounded_rect(3.0, 3.0, 17.0, 97.0, 6.5),
        );
        let blue = Paint::rgb(60, 90, 150);
        for y0 in [44.0, 52.0] {
            c.fill_with(
                |x, _| blue.lit(round(x)),
                rounded_rect(4.0, y0, 16.0, y0 + 4.0, 1.0),
            );
        }
    } else {
        let wood = Paint::rgb(122, 78, 44);
        c.fill_with(
            |x, y| wood.lit(round(x) * light::grain(y, x * 1.4, 5)),
            rounded_rect(3.0, 3.0, 17.0, 97.0, 6.5),
        );
    }
    c
}

/// Senet piece of player 1: a turned cone (side view), lit from the left, on its shadow.
/// 36x36.
fn cone() -> Canvas {
    let mut c = Canvas::new(36, 36);
    c.soft_shadow(0.45, 2.0, 4, |g| {
        ellipse(20.0, 30.5, 14.0 + g, 4.5 + g * 0.6)
    });
    let outline = Paint::rgb(90, 70, 50);
    c.fill(outline, ellipse(18.0, 29.0, 14.0, 5.5));
    c.fill(
        outline,
        polygon(vec![(18.0, 1.0), (32.6, 29.0), (3.4, 29.0)]),
    );
    c.fill(outline, circle(18.0, 5.0, 4.5));
    let body = Paint::rgb(240, 232, 214);
    let side = |x: f32, y: f32| {
        let hw = 12.6 * ((y - 4.0) / 25.0).clamp(0.08, 1.0);
        body.lit(light::upright(18.0, hw, 0.45, x))
    };
    c.fill_with(side, ellipse(18.0, 29.0, 12.5, 4.0));
    c.fill_with(side, polygon(vec![(18.0, 4.0), (30.6, 29.0), (5.4, 29.0)]));
    c.fill_with(
        |x, y| body.lit(light::dome(18.0, 5.0, 3.0, 0.8, x, y)),
        circle(18.0, 5.0, 3.0),
    );
    c
}

/// Senet piece of player 2: a turned spool (side view): two flanges and a waist, each shaded
/// as a cylinder lit from the left, the flanges' tops catching the lamp. 36x36.
fn spool() -> Canvas {
    let mut c = Canvas::new(36, 36);
    c.soft_shadow(0.45, 2.0, 4, |g| {
        ellipse(20.0, 33.0, 15.0 + g, 2.6 + g * 0.6)
    });
    let outline = Paint::rgb(180, 160, 150);
    let body = Paint::rgb(70, 54, 58);
    c.fill(outline, rounded_rect(3.0, 2.0, 33.0, 11.0, 4.0));
    c.fill(outline, rounded_rect(3.0, 25.0, 33.0, 34.0, 4.0));
    c.fill(outline, rounded_rect(10.0, 8.0, 26.0, 28.0, 2.0));
    let flange = |x: f32, _| body.lit(light::upright(18.0, 14.0, 0.0, x) * 1.05);
    let waist = |x: f32, _| body.lit(light::upright(18.0, 7.0, 0.0, x));
    c.fill_with(flange, rounded_rect(4.5, 3.5, 31.5, 9.5, 3.0));
    c.fill_with(flange, rounded_rect(4.5, 26.5, 31.5, 32.5, 3.0));
    c.fill_with(waist, rounded_rect(11.5, 9.5, 24.5, 26.5, 1.5));
    for y in [3.6, 26.6] {
        c.fill(
            Paint(1.0, 1.0, 1.0, 0.22),
            rounded_rect(6.0, y, 30.0, y + 1.4, 0.7),
        );
    }
    c
}

/// A length of the boards' wood, the grain running along it: `w` x `h`, along x when wider
/// than tall, else along y. Laid over the frames and the senas bar.
fn wood(w: usize, h: usize, seed: u32) -> Canvas {
    let mut c = Canvas::new(w, h);
    let base = Paint::rgb(122, 76, 42);
    let along_x = w >= h;
    c.fill_with(
        |x, y| {
            let (along, across) = if along_x { (x, y) } else { (y, x) };
            base.lit(light::grain(along, across * 2.2, seed))
        },
        |_, _| true,
    );
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
