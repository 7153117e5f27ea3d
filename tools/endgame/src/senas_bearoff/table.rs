//! The one-sided senas bear-off table (the one-sided bear-off database of GNU Backgammon, for
//! senas' rules): for every placement of at most N pieces on sena 4 (the rest borne off), the
//! distribution of the number of the side's turns to bear them all off, under the policy that
//! minimises the expected number of turns. A turn is a roll of three dice (the 56 distinct rolls,
//! weights out of 216) played with maximum use over the finals the game's own generator lists
//! (`TurnGen::legal_turns`); a tute (6-6-6) continues the same turn with another roll. Built from
//! the game's rules only; knows nothing of the opponent (see `truth.rs` for the two-sided value).

use heapless::Vec as Turns;
use senas_senet::games::senas::{Army, Position, Roll, Side, Turn, TurnGen, HOLES, MAX_TURNS};

use super::index::{self, Placement};

/// Turn counts the distributions hold (0..TURNS); the build fails if a placement could need more.
pub const TURNS: usize = 40;

/// One placement's distribution: `p[t]` = probability of bearing every piece off in exactly `t`
/// turns.
pub type Dist = [f64; TURNS];

/// The table: a distribution per rank of [`index`], for placements of at most `n` pieces.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// Most pieces on the board.
    pub n: usize,
    /// By rank.
    pub dist: Vec<Dist>,
}

/// The opponent the generator is given: all 15 pieces on its path 18 (the mover's path 5), out
/// of the way of every bear-off move.
fn bystander() -> Army {
    let mut counts = [0u8; HOLES];
    counts[index::FIRST] = index::MAX as u8;
    Army::from_counts(&counts, 0).expect("15 pieces on one hole")
}

/// The mean of a distribution.
pub fn mean(d: &Dist) -> f64 {
    d.iter().enumerate().map(|(t, p)| t as f64 * p).sum()
}

/// Every final the game lists for `p` after `roll`, as placements (`[0; 6]` once all are off).
pub struct Finals {
    gen: Box<TurnGen>,
    turns: Box<Turns<Turn, MAX_TURNS>>,
    other: Army,
}

impl Default for Finals {
    fn default() -> Self {
        Finals {
            gen: Box::new(TurnGen::new()),
            turns: Box::new(Turns::new()),
            other: bystander(),
        }
    }
}

impl Finals {
    /// The distinct placements White may reach from `p` with `roll` (the game's generator, the
    /// opponent out of the way).
    pub fn after(&mut self, p: &Placement, roll: &Roll) -> Result<Vec<Placement>, String> {
        let pos = Position::from_armies(index::army(p), self.other, Side::White)
            .map_err(|e| format!("{p:?}: {e}"))?;
        self.gen
            .legal_turns(&pos, roll, &mut self.turns)
            .map_err(|e| format!("{p:?} {roll}: {e:?}"))?;
        let mut out: Vec<Placement> = Vec::with_capacity(self.turns.len());
        for t in self.turns.iter() {
            let q = index::placement(t.army()).ok_or(format!("{p:?} {roll}: left sena 4"))?;
            if !out.contains(&q) {
                out.push(q);
            }
        }
        Ok(out)
    }
}

/// What a build reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Placements solved (the empty one included).
    pub placements: usize,
    /// Generator calls (placements x 56 rolls).
    pub generations: usize,
    /// Most turns any placement may need (probability > 0).
    pub longest: usize,
}

/// Builds the table of placements with at most `n` pieces (1..=15), calling `progress` with
/// the placements done after each pips level. Placements of equal pips never reach one another
/// (every part moves a piece forward or off), so each level is solved on every core at once
/// (each placement alone, in the same order of sums: the bytes do not depend on the threads).
pub fn build(n: usize, mut progress: impl FnMut(usize)) -> Result<(Table, Stats), String> {
    if !(1..=index::MAX).contains(&n) {
        return Err(format!("pieces {n} out of 1..=15"));
    }
    let every = index::all(n);
    let mut order: Vec<usize> = (1..every.len()).collect();
    order.sort_by_key(|&r| (index::pips(&every[r]), r));
    let mut dist = vec![[0.0; TURNS]; every.len()];
    let mut expect = vec![0.0f64; every.len()];
    dist[0][0] = 1.0;
    let mut stats = Stats {
        placements: 1,
        ..Stats::default()
    };
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    let mut finals: Vec<Finals> = (0..threads).map(|_| Finals::default()).collect();
    for level in order.chunk_by(|&a, &b| index::pips(&every[a]) == index::pips(&every[b])) {
        let share = level.len().div_ceil(threads);
        let solved: Vec<Result<Vec<Dist>, String>> = std::thread::scope(|scope| {
            let (dist, every) = (&dist, &every);
            let expect = &expect;
            let jobs: Vec<_> = level
                .chunks(share)
                .zip(finals.iter_mut())
                .map(|(part, f)| {
                    scope.spawn(move || {
                        part.iter()
                            .map(|&r| solve_one(&every[r], dist, expect, f))
                            .collect::<Result<Vec<Dist>, String>>()
                    })
                })
                .collect();
            jobs.into_iter()
                .map(|j| {
                    j.join()
                        .unwrap_or_else(|_| Err("a build thread failed".into()))
                })
                .collect()
        });
        let mut ranks = level.iter();
        for part in solved {
            for d in part? {
                let r = *ranks.next().ok_or("more results than placements")?;
                expect[r] = mean(&d);
                if let Some(last) = d.iter().rposition(|&x| x > 0.0) {
                    stats.longest = stats.longest.max(last);
                }
                dist[r] = d;
                stats.placements += 1;
                stats.generations += Roll::outcomes().len();
            }
        }
        progress(stats.placements);
    }
    Ok((Table { n, dist }, stats))
}

/// The distribution of placement `p`, every placement of fewer pips already in `dist` (with
/// its mean in `expect`): each roll played to the final of fewest expected turns.
fn solve_one(
    p: &Placement,
    dist: &[Dist],
    expect: &[f64],
    finals: &mut Finals,
) -> Result<Dist, String> {
    let mut d = [0.0; TURNS];
    for (roll, w) in Roll::outcomes() {
        let list = finals.after(p, &roll)?;
        let mut best: Option<(f64, usize)> = None;
        for q in &list {
            if index::pips(q) >= index::pips(p) {
                return Err(format!("{p:?} {roll}: {q:?} does not move forward"));
            }
            let s = index::rank(q);
            if best.is_none_or(|(e, _)| expect[s] < e) {
                best = Some((expect[s], s));
            }
        }
        let (_, s) = best.ok_or(format!("{p:?} {roll}: no legal turn"))?;
        let pr = f64::from(w) / 216.0;
        if roll.is_tute() && s != 0 {
            // The same turn goes on from the final: its turns are this one's.
            for t in 0..TURNS {
                d[t] += pr * dist[s][t];
            }
        } else {
            if dist[s][TURNS - 1] > 0.0 {
                return Err(format!("{p:?} may need more than {TURNS} turns"));
            }
            for t in 0..TURNS - 1 {
                d[t + 1] += pr * dist[s][t];
            }
        }
    }
    Ok(d)
}

impl Table {
    /// The distribution of `p`, if the table holds it.
    pub fn get(&self, p: &Placement) -> Option<&Dist> {
        if index::pieces(p) > self.n {
            return None;
        }
        self.dist.get(index::rank(p))
    }

    /// P(the mover's turns <= the other's): the mover, to roll with no gift pending, bears off
    /// first (it finishes first on equal counts, since it rolls first). `None` outside the table.
    pub fn win(&self, mover: &Placement, other: &Placement) -> Option<f64> {
        let (m, o) = (self.get(mover)?, self.get(other)?);
        let mut later = 1.0; // P(other's turns >= t)
        let mut v = 0.0;
        for t in 0..TURNS {
            v += m[t] * later;
            later -= o[t];
        }
        Some(v.clamp(0.0, 1.0))
    }
}
