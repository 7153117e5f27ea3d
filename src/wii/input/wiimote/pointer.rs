//! IR dots -> a screen pointer: picks the sensor-bar pair, falls back to one dot using the last
//! bar vector, maps the bar midpoint to the screen through a [`Calibration`], smooths, and
//! reports off-screen and lost states. Simplified from wiiuse `ir.c` (no roll compensation: a
//! board game is played with the remote upright). Output is normalised: (0,0) top-left,
//! (1,1) bottom-right of the screen.

use super::ir::{Dot, Dots};

/// Camera region that maps onto the screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calibration {
    /// Camera x of the bar midpoint when pointing at the screen centre.
    pub centre_x: f32,
    /// Camera y of the bar midpoint when pointing at the screen centre.
    pub centre_y: f32,
    /// Camera pixels the midpoint travels from the left to the right screen edge.
    pub span_x: f32,
    /// Camera pixels from the top to the bottom edge.
    pub span_y: f32,
}

impl Calibration {
    /// Sensor bar above the screen (the console default). Measured in Dolphin 5.0-17995 with
    /// its default IR settings (measured from the recorded runs in `wii/input/bt/testdata`, see `testdata/calib-table.md`): mid_x = 511.5 + 605·(0.5 − sx),
    /// mid_y = 452 + 481·(sy − 0.5), so pipe value (sx, sy) points at screen fraction (sx, sy).
    pub const BAR_ABOVE: Calibration = Calibration {
        centre_x: 511.5,
        centre_y: 452.0,
        span_x: 605.0,
        span_y: 481.0,
    };
    /// Sensor bar below the screen: the vertical offset mirrored about the camera centre (384).
    pub const BAR_BELOW: Calibration = Calibration {
        centre_x: 511.5,
        centre_y: 316.0,
        span_x: 605.0,
        span_y: 481.0,
    };

    /// Screen fraction for a camera midpoint (x mirrored: the dots move against the pointer).
    pub fn to_screen(&self, mx: f32, my: f32) -> (f32, f32) {
        (
            (self.centre_x - mx) / self.span_x + 0.5,
            (my - self.centre_y) / self.span_y + 0.5,
        )
    }
}

/// Where the remote points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Aim {
    /// No sensor bar seen (recently).
    Lost,
    /// On the screen, at normalised (x, y) in [0, 1).
    OnScreen { x: f32, y: f32 },
    /// The bar is seen but the pointer is off the screen edge, at normalised (x, y).
    OffScreen { x: f32, y: f32 },
}

/// Largest |dy/dx| of a sensor-bar pair (wiiuse `MAX_SB_SLOPE`).
const MAX_SLOPE: f32 = 0.7;
/// Narrowest pair accepted as the bar, camera pixels (wiiuse `MIN_SB_WIDTH` 0.1 × 512).
const MIN_WIDTH: f32 = 51.0;
/// Reports without any dot before the pointer is declared lost (wiiuse: 8 failures).
const LOST_AFTER: u8 = 8;
/// Smoothing: fraction of the remaining distance covered per report (≈188 reports/s).
const ALPHA: f32 = 0.5;
/// Samples this close to the current target (screen fraction, ≈1 px at 640) are hand tremor.
const DEAD_ZONE: f32 = 0.0015;
/// The smoothed pointer snaps to its target when this close.
const SNAP: f32 = 0.0002;
/// A jump further than this is believed only if it persists (wiiuse ignores 150 px jumps).
const JUMP: f32 = 0.3;
/// Reports a jump must persist.
const JUMP_HOLD: u8 = 3;

fn abs(v: f32) -> f32 {
    if v < 0.0 {
        -v
    } else {
        v
    }
}

/// Per-remote pointer state.
#[derive(Clone, Copy, Debug)]
pub struct PointerTracker {
    cal: Calibration,
    /// Half the bar vector (right dot minus left dot, halved), from the last two-dot report.
    half_bar: Option<(f32, f32)>,
    last_mid: Option<(f32, f32)>,
    smoothed: Option<(f32, f32)>,
    /// Where the smoothed pointer is heading (the last sample outside the dead zone).
    target: Option<(f32, f32)>,
    missing: u8,
    jumps: u8,
}

impl PointerTracker {
    pub const fn new(cal: Calibration) -> Self {
        PointerTracker {
            cal,
            half_bar: None,
            last_mid: None,
            smoothed: None,
            target: None,
            missing: 0,
            jumps: 0,
        }
    }

    /// Forgets everything (remote disconnected).
    pub fn reset(&mut self) {
        *self = Self::new(self.cal);
    }

    fn pair(dots: &[Dot]) -> Option<(Dot, Dot)> {
        let mut best: Option<(f32, Dot, Dot)> = None;
        for (i, a) in dots.iter().enumerate() {
            for b in &dots[i + 1..] {
                let (l, r) = if a.x <= b.x { (*a, *b) } else { (*b, *a) };
                let dx = f32::from(r.x) - f32::from(l.x);
                let dy = f32::from(r.y) - f32::from(l.y);
                if dx < MIN_WIDTH || abs(dy) > MAX_SLOPE * dx {
                    continue;
                }
                if best.is_none_or(|(w, _, _)| dx < w) {
                    best = Some((dx, l, r));
                }
            }
        }
        best.map(|(_, l, r)| (l, r))
    }

    fn midpoint(&mut self, dots: &Dots) -> Option<(f32, f32)> {
        let mut seen = [Dot {
            x: 0,
            y: 0,
            size: 0,
        }; 4];
        let mut n = 0;
        for d in dots.iter().flatten() {
            seen[n] = *d;
            n += 1;
        }
        if let Some((l, r)) = Self::pair(&seen[..n]) {
            let half = (
                (f32::from(r.x) - f32::from(l.x)) / 2.0,
                (f32::from(r.y) - f32::from(l.y)) / 2.0,
            );
            self.half_bar = Some(half);
            return Some((f32::from(l.x) + half.0, f32::from(l.y) + half.1));
        }
        // One usable dot: it is one end of the last bar; take the end nearer the last midpoint.
        let (half, last) = (self.half_bar?, self.last_mid?);
        let d = seen[..n].first()?;
        let (x, y) = (f32::from(d.x), f32::from(d.y));
        let a = (x + half.0, y + half.1);
        let b = (x - half.0, y - half.1);
        let dist =
            |p: (f32, f32)| (p.0 - last.0) * (p.0 - last.0) + (p.1 - last.1) * (p.1 - last.1);
        Some(if dist(a) <= dist(b) { a } else { b })
    }

    /// Feeds one report's dots; returns where the remote points now.
    pub fn update(&mut self, dots: &Dots) -> Aim {
        let Some(mid) = self.midpoint(dots) else {
            self.missing = self.missing.saturating_add(1);
            if self.missing > LOST_AFTER {
                self.smoothed = None;
                self.target = None;
                self.last_mid = None;
            }
            return self.aim();
        };
        self.missing = 0;
        self.last_mid = Some(mid);
        let new = self.cal.to_screen(mid.0, mid.1);
        let Some(s) = self.smoothed else {
            self.target = Some(new);
            self.smoothed = Some(new);
            return self.aim();
        };
        let t = self.target.unwrap_or(s);
        let tremor = abs(new.0 - t.0) < DEAD_ZONE && abs(new.1 - t.1) < DEAD_ZONE;
        let jump = abs(new.0 - s.0) > JUMP || abs(new.1 - s.1) > JUMP;
        if jump && self.jumps < JUMP_HOLD {
            self.jumps += 1;
        } else if !tremor {
            self.jumps = 0;
            self.target = Some(new);
        }
        let t = self.target.unwrap_or(s);
        let (dx, dy) = (t.0 - s.0, t.1 - s.1);
        self.smoothed = Some(if abs(dx) < SNAP && abs(dy) < SNAP {
            t
        } else {
            (s.0 + dx * ALPHA, s.1 + dy * ALPHA)
        });
        self.aim()
    }

    /// The current aim without new data.
    pub fn aim(&self) -> Aim {
        match self.smoothed {
            None => Aim::Lost,
            Some((x, y)) if (0.0..1.0).contains(&x) && (0.0..1.0).contains(&y) => {
                Aim::OnScreen { x, y }
            }
            Some((x, y)) => Aim::OffScreen { x, y },
        }
    }
}

#[cfg(test)]
mod tests;
