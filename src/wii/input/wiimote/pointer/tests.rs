//! Pointer maths against the dot positions Dolphin produced for known `SET MAIN` values.

use super::*;
use std::string::ToString;
use std::vec::Vec;

const TABLE: &str = include_str!("../testdata/calib-table.md");

/// (set x, set y, dot0, dot1) rows of the calibration table.
fn rows() -> Vec<(f32, f32, Dot, Dot)> {
    let num = |s: &str| s.trim().trim_matches(|c| c == '(' || c == ')').to_string();
    TABLE
        .lines()
        .filter(|l| l.starts_with("| 0") || l.starts_with("| 1"))
        .map(|l| {
            let c: Vec<&str> = l.split('|').map(str::trim).collect();
            let dot = |s: &str| {
                let v: Vec<u16> = num(s)
                    .split(',')
                    .map(|t| t.parse().expect("table number"))
                    .collect();
                Dot {
                    x: v[0],
                    y: v[1],
                    size: 1,
                }
            };
            (
                c[1].parse().expect("x"),
                c[2].parse().expect("y"),
                dot(c[3]),
                dot(c[4]),
            )
        })
        .collect()
}

fn settle(t: &mut PointerTracker, dots: Dots) -> Aim {
    let mut a = Aim::Lost;
    for _ in 0..40 {
        a = t.update(&dots);
    }
    a
}

fn xy(a: Aim) -> (f32, f32) {
    match a {
        Aim::OnScreen { x, y } | Aim::OffScreen { x, y } => (x, y),
        Aim::Lost => panic!("lost"),
    }
}

#[test]
fn every_calibration_point_maps_to_the_screen_fraction_the_pipe_asked_for() {
    let rows = rows();
    assert!(rows.len() >= 31, "{} rows", rows.len());
    for (sx, sy, d0, d1) in rows {
        let mut t = PointerTracker::new(Calibration::BAR_ABOVE);
        let (x, y) = xy(settle(&mut t, [Some(d0), Some(d1), None, None]));
        assert!((x - sx).abs() < 0.01, "x {x} for SET MAIN {sx} {sy}");
        assert!((y - sy).abs() < 0.025, "y {y} for SET MAIN {sx} {sy}");
    }
}

#[test]
fn the_order_of_the_dots_in_the_report_does_not_matter() {
    let d0 = Dot {
        x: 730,
        y: 574,
        size: 1,
    };
    let d1 = Dot {
        x: 592,
        y: 572,
        size: 1,
    };
    let mut a = PointerTracker::new(Calibration::BAR_ABOVE);
    let mut b = PointerTracker::new(Calibration::BAR_ABOVE);
    assert_eq!(
        settle(&mut a, [Some(d0), Some(d1), None, None]),
        settle(&mut b, [None, Some(d1), None, Some(d0)])
    );
}

#[test]
fn with_one_dot_left_the_pointer_continues_from_the_last_bar() {
    let mut t = PointerTracker::new(Calibration::BAR_ABOVE);
    let centre = [
        Some(Dot {
            x: 580,
            y: 452,
            size: 1,
        }),
        Some(Dot {
            x: 443,
            y: 452,
            size: 1,
        }),
        None,
        None,
    ];
    let (x0, y0) = xy(settle(&mut t, centre));
    // The right-hand dot leaves the camera: same place.
    let (x1, y1) = xy(settle(
        &mut t,
        [
            None,
            Some(Dot {
                x: 443,
                y: 452,
                size: 1,
            }),
            None,
            None,
        ],
    ));
    assert!((x1 - x0).abs() < 0.002 && (y1 - y0).abs() < 0.002);
    // The single dot moves 60 camera px left: the pointer moves right by 60/605 of the screen.
    let (x2, _) = xy(settle(
        &mut t,
        [
            Some(Dot {
                x: 383,
                y: 452,
                size: 1,
            }),
            None,
            None,
            None,
        ],
    ));
    assert!((x2 - (x0 + 60.0 / 605.0)).abs() < 0.003, "{x2}");
}

#[test]
fn a_single_dot_never_seen_as_a_bar_gives_no_pointer() {
    let mut t = PointerTracker::new(Calibration::BAR_ABOVE);
    assert_eq!(
        settle(
            &mut t,
            [
                Some(Dot {
                    x: 500,
                    y: 400,
                    size: 1
                }),
                None,
                None,
                None
            ]
        ),
        Aim::Lost
    );
}

#[test]
fn dots_that_are_too_close_or_too_steep_are_not_a_sensor_bar() {
    let mut t = PointerTracker::new(Calibration::BAR_ABOVE);
    let close = [
        Some(Dot {
            x: 500,
            y: 400,
            size: 1,
        }),
        Some(Dot {
            x: 530,
            y: 400,
            size: 1,
        }),
        None,
        None,
    ];
    assert_eq!(settle(&mut t, close), Aim::Lost);
    let steep = [
        Some(Dot {
            x: 500,
            y: 300,
            size: 1,
        }),
        Some(Dot {
            x: 600,
            y: 400,
            size: 1,
        }),
        None,
        None,
    ];
    assert_eq!(settle(&mut t, steep), Aim::Lost);
}

#[test]
fn pointing_past_the_edge_is_off_screen_and_losing_the_bar_is_lost_after_eight_reports() {
    let mut t = PointerTracker::new(Calibration::BAR_ABOVE);
    // Midpoint far right in the camera = far left of the screen.
    let a = settle(
        &mut t,
        [
            Some(Dot {
                x: 1000,
                y: 452,
                size: 1,
            }),
            Some(Dot {
                x: 860,
                y: 452,
                size: 1,
            }),
            None,
            None,
        ],
    );
    assert!(matches!(a, Aim::OffScreen { x, .. } if x < 0.0), "{a:?}");
    let none = [None; 4];
    for _ in 0..8 {
        assert_ne!(t.update(&none), Aim::Lost, "held for a few reports");
    }
    assert_eq!(t.update(&none), Aim::Lost);
}

#[test]
fn smoothing_converges_within_a_dozen_reports_and_ignores_tremor() {
    let mut t = PointerTracker::new(Calibration::BAR_ABOVE);
    let at = |x: u16| {
        [
            Some(Dot {
                x: x + 137,
                y: 452,
                size: 1,
            }),
            Some(Dot { x, y: 452, size: 1 }),
            None,
            None,
        ]
    };
    let (x0, _) = xy(settle(&mut t, at(443)));
    let mut n = 0;
    let target = x0 - 100.0 / 605.0;
    while (xy(t.update(&at(543))).0 - target).abs() > 0.002 {
        n += 1;
        assert!(n < 12, "too slow");
    }
    let before = xy(settle(&mut t, at(543)));
    let after = xy(t.update(&[
        Some(Dot {
            x: 680,
            y: 452,
            size: 1,
        }),
        Some(Dot {
            x: 544,
            y: 452,
            size: 1,
        }),
        None,
        None,
    ]));
    assert_eq!(
        before, after,
        "a half-pixel wobble does not move the pointer"
    );
}

#[test]
fn a_one_report_glitch_does_not_throw_the_pointer_across_the_screen() {
    let mut t = PointerTracker::new(Calibration::BAR_ABOVE);
    let centre = [
        Some(Dot {
            x: 580,
            y: 452,
            size: 1,
        }),
        Some(Dot {
            x: 443,
            y: 452,
            size: 1,
        }),
        None,
        None,
    ];
    let c = xy(settle(&mut t, centre));
    let far = [
        Some(Dot {
            x: 900,
            y: 250,
            size: 1,
        }),
        Some(Dot {
            x: 760,
            y: 250,
            size: 1,
        }),
        None,
        None,
    ];
    assert_eq!(xy(t.update(&far)), c);
    assert_eq!(xy(t.update(&centre)), c);
}
