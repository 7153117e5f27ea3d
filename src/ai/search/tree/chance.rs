//! A chance node of the resumable search: its frame and its step. Star1 (Ballard): each
//! outcome's choice is searched with a window derived from the outcomes already seen and
//! bounds on the unseen ones; a fail-low / fail-high returns a bound. Star2 probing (optional,
//! last layer only): the first turn of every outcome is evaluated first, which bounds each
//! choice on the chooser's side (both sides when it is the only turn); the node is cut if those
//! bounds already decide the window, else the Star1 pass uses them for the unseen outcomes and
//! reuses each probe. Exact integer windows (floor/ceil), so the value equals plain
//! expectiminimax. Must not generate turns or count nodes (the tree does).

use super::Action;
use crate::ai::search::eval::WIN;
use crate::ai::search::game::RaceGame;

/// Most chance outcomes a Star2 probe keeps bounds for (senas has 56, senet 5); a node with
/// more outcomes is searched with Star1 alone.
pub(super) const PROBE_MAX: usize = 64;

/// A chance node: outcomes seen so far and the Star1 window of the one being searched.
pub(super) struct ChanceFrame<G: RaceGame> {
    pub(super) pos: G::Pos,
    pub(super) list: &'static [(G::Chance, u32)],
    pub(super) plies: u8,
    pub(super) alpha: i64,
    pub(super) beta: i64,
    pub(super) total: i64,
    pub(super) sum: i64,
    pub(super) idx: usize,
    /// Weight and fail-low / fail-high thresholds of the outcome under search.
    pub(super) w: i64,
    pub(super) a: i64,
    pub(super) b: i64,
    /// Star2: whether this node probes (last layer, several outcomes), and whether it is still
    /// in the probing pass.
    pub(super) star2: bool,
    pub(super) probing: bool,
    /// Whether the choices below are the root side's (probes bound them from below).
    pub(super) maximizing: bool,
    /// Weighted sums of the lower and upper bounds of the outcomes probed so far (probing
    /// pass) or not yet searched (Star1 pass): a probe bounds its choice on the chooser's
    /// side (both sides when the turn was the only one), `[-WIN, WIN]` bounds the rest.
    pub(super) lo: i64,
    pub(super) hi: i64,
    /// Weight of the outcomes probed so far.
    pub(super) pw: i64,
}

/// A Star2 probe: the first turn's static value, and whether it was the only turn.
#[derive(Clone, Copy)]
pub(super) struct Probe {
    pub(super) value: i32,
    pub(super) only: bool,
}

/// Lower and upper bounds of a choice's value from its probe (`None`: not probed).
pub(super) fn probe_bounds(p: Option<Probe>, maximizing: bool) -> (i64, i64) {
    let win = i64::from(WIN);
    match p {
        None => (-win, win),
        Some(Probe { value, only: true }) => (i64::from(value), i64::from(value)),
        Some(Probe { value, .. }) if maximizing => (i64::from(value), win),
        Some(Probe { value, .. }) => (-win, i64::from(value)),
    }
}

pub(super) fn floor_div(x: i64, d: i64) -> i64 {
    x.div_euclid(d)
}

pub(super) fn ceil_div(x: i64, d: i64) -> i64 {
    -((-x).div_euclid(d))
}

/// One step of a chance node. Probing pass (Star2): take the probe of the outcome just probed
/// (a bound on its choice from the chooser's side), cut if the bounds so far already decide
/// the window, else probe the next outcome; then the Star1 pass: take the value of the outcome
/// just searched and fail low or high on the bounds of the unseen outcomes (`[-WIN, WIN]`, or
/// their probes on the chooser's side), then return or open the next outcome.
pub(super) fn chance_step<G: RaceGame>(
    c: &mut ChanceFrame<G>,
    probes: &[Probe; PROBE_MAX],
    ret: Option<i32>,
) -> Action<G> {
    let win = i64::from(WIN);
    if c.probing {
        if ret.is_some() {
            let (lo, hi) = probe_bounds(probes.get(c.idx - 1).copied(), c.maximizing);
            c.lo += c.w * lo;
            c.hi += c.w * hi;
            c.pw += c.w;
            let unseen = (c.total - c.pw) * win;
            if c.lo - unseen >= c.beta * c.total {
                return Action::Return(floor_div(c.lo - unseen, c.total) as i32);
            }
            if c.hi + unseen <= c.alpha * c.total {
                return Action::Return(floor_div(c.hi + unseen, c.total) as i32);
            }
        }
        if let Some(&(chance, w)) = c.list.get(c.idx) {
            c.idx += 1;
            c.w = i64::from(w).max(1);
            return Action::Probe { pos: c.pos, chance };
        }
        c.probing = false;
        c.idx = 0;
        return chance_step::<G>(c, probes, None);
    }
    if let Some(v) = ret {
        let v = i64::from(v);
        c.sum += c.w * v;
        if v <= c.a {
            return Action::Return(floor_div(c.sum + c.hi, c.total) as i32);
        }
        if v >= c.b {
            return Action::Return(floor_div(c.sum + c.lo, c.total) as i32);
        }
    }
    let Some(&(chance, w)) = c.list.get(c.idx) else {
        return Action::Return(floor_div(c.sum, c.total) as i32);
    };
    let probe = if c.star2 {
        probes.get(c.idx).copied()
    } else {
        None
    };
    c.idx += 1;
    c.w = i64::from(w).max(1);
    let (lo, hi) = probe_bounds(probe, c.maximizing);
    c.lo -= c.w * lo;
    c.hi -= c.w * hi;
    c.a = floor_div(c.alpha * c.total - c.sum - c.hi, c.w);
    c.b = ceil_div(c.beta * c.total - c.sum - c.lo, c.w);
    Action::SearchChoice {
        pos: c.pos,
        chance,
        plies: c.plies,
        alpha: c.a.clamp(-win - 1, win + 1) as i32,
        beta: c.b.clamp(-win - 1, win + 1) as i32,
        seed: probe.map(|p| p.value),
    }
}
