//! One chance outcome's static pass, resumable: the turn list after the outcome is generated in
//! slices (`RaceGame::begin_turns` / `resume_turns`) and its turns are evaluated a few at a
//! time, so that no video frame waits for a whole generation and evaluation (a senas roll of
//! five sub-moves, a gift part). The pass is one of: a Star2 probe (the first turn's value), a
//! last-layer static choice (every turn, alpha-beta cut), or an inner choice's best few turns.
//! Its result is exactly what the pass done in one go gives: only where it may pause depends on
//! the allowance, never what it computes. Owns the job's state and its work loop; the tree's
//! frames and windows are `tree.rs`'s and `chance.rs`'s.

use heapless::Vec;

use super::super::{insert_top, INNER_MAX};
use super::chance::Probe;
use super::Tree;
use crate::ai::search::eval::WIN;
use crate::ai::search::game::RaceGame;

/// What the pass is for.
#[derive(Clone, Copy)]
pub(super) enum Want {
    /// Star2: the first turn's static value, and whether it is the only turn.
    Probe,
    /// The static choice of the mover (`max`: the root side), cut by the window; `seed` is the
    /// first turn's value when a probe already evaluated it.
    Leaf {
        max: bool,
        alpha: i32,
        beta: i32,
        seed: Option<i32>,
    },
    /// An inner choice node: its best `inner_width` positions by static value, for a choice
    /// frame with these layers and window.
    Top {
        max: bool,
        plies: u8,
        alpha: i32,
        beta: i32,
    },
}

/// A pass in progress.
pub(super) struct Job<G: RaceGame> {
    pos: G::Pos,
    chance: G::Chance,
    pub(super) want: Want,
    /// Whether the generation has begun in the scratch.
    begun: bool,
    /// Index of the next turn to evaluate once the list is complete (`None`: still listing).
    next: Option<usize>,
    /// The scratch's stamp while this pass's list is in it.
    stamp: u32,
    /// Best value so far (leaf).
    best: i32,
    /// Best positions so far and their keys (inner choice).
    keys: Vec<i32, INNER_MAX>,
    top: Vec<G::Pos, INNER_MAX>,
}

/// How a pass ended.
pub(super) enum JobEnd<G: RaceGame> {
    Probe(Probe),
    Value(i32),
    /// An inner choice's best positions, for a choice frame with this window.
    Top {
        top: Vec<G::Pos, INNER_MAX>,
        max: bool,
        plies: u8,
        alpha: i32,
        beta: i32,
    },
}

impl<G: RaceGame> Job<G> {
    pub(super) fn new(pos: G::Pos, chance: G::Chance, want: Want) -> Self {
        let best = match want {
            Want::Leaf { max: true, .. } => -WIN - 1,
            Want::Leaf { .. } => WIN + 1,
            _ => 0,
        };
        Job {
            pos,
            chance,
            want,
            begun: false,
            next: None,
            stamp: 0,
            best,
            keys: Vec::new(),
            top: Vec::new(),
        }
    }
}

impl<G: RaceGame> Tree<G> {
    /// Works on the pass under way until it ends (`Some`) or the work counter reaches
    /// `pause_at` (`None`; games whose generation is not sliced never pause inside a pass, as
    /// their scratch is not guarded by a stamp). Always makes some progress.
    pub(super) fn run_job(&mut self, scratch: &mut G::Scratch, pause_at: u64) -> Option<JobEnd<G>> {
        let mut job = self.job.take()?;
        let end = self.work_on(&mut job, scratch, pause_at);
        if end.is_none() {
            self.job = Some(job);
        }
        end
    }

    fn work_on(
        &mut self,
        job: &mut Job<G>,
        scratch: &mut G::Scratch,
        pause_at: u64,
    ) -> Option<JobEnd<G>> {
        // A static choice whose probed first turn already decides the window needs no list.
        if let Want::Leaf {
            max,
            alpha,
            beta,
            seed: Some(v),
        } = job.want
        {
            if (max && v >= beta) || (!max && v <= alpha) {
                return Some(JobEnd::Value(v));
            }
        }
        let paused = |tree: &Self| G::SLICED && tree.work >= pause_at;
        let next = match job.next {
            Some(i) => {
                if G::stamp(scratch) != job.stamp {
                    // The scratch was used meanwhile: list again, at once (no livelock).
                    let _ = G::turns(scratch, &job.pos, &job.chance);
                    job.stamp = G::stamp(scratch);
                }
                i
            }
            None => {
                if !G::SLICED {
                    let _ = G::turns(scratch, &job.pos, &job.chance);
                } else if job.begun && G::stamp(scratch) != job.stamp {
                    // The scratch was used meanwhile: list again, at once (restarting the
                    // slices could starve if that happened every few steps).
                    let _ = G::turns(scratch, &job.pos, &job.chance);
                } else {
                    if !job.begun {
                        G::begin_turns(scratch, &job.pos, &job.chance);
                        job.begun = true;
                        job.stamp = G::stamp(scratch);
                    }
                    let units = pause_at
                        .saturating_sub(self.work)
                        .clamp(1, u64::from(u32::MAX));
                    match G::resume_turns(scratch, units as u32) {
                        None => {
                            self.work += units;
                            return None;
                        }
                        Some(used) => self.work += u64::from(used),
                    }
                }
                job.stamp = G::stamp(scratch);
                job.next = Some(0);
                if paused(self) {
                    return None;
                }
                0
            }
        };
        let turns = G::listed(scratch);
        match job.want {
            Want::Probe => {
                // No turn (which the rules contract forbids) is valued as the static choice
                // values it.
                let probe = match turns.first() {
                    Some(t) => {
                        let p = G::apply(&job.pos, t);
                        self.count_node();
                        Probe {
                            value: self.eval(&p),
                            only: turns.len() == 1,
                        }
                    }
                    None => {
                        let max = G::to_move(&job.pos) == self.root;
                        Probe {
                            value: if max { -WIN - 1 } else { WIN + 1 },
                            only: true,
                        }
                    }
                };
                Some(JobEnd::Probe(probe))
            }
            Want::Leaf {
                max,
                alpha,
                beta,
                seed,
            } => {
                let skip = usize::from(seed.is_some());
                if let (Some(v), 0) = (seed, next) {
                    job.best = v;
                }
                let from = next.max(skip);
                for (i, t) in turns.iter().enumerate().skip(from) {
                    let p = G::apply(&job.pos, t);
                    self.count_node();
                    if self.aborted {
                        return Some(JobEnd::Value(0));
                    }
                    let v = self.eval(&p);
                    if max {
                        job.best = job.best.max(v);
                        if job.best >= beta {
                            break;
                        }
                    } else {
                        job.best = job.best.min(v);
                        if job.best <= alpha {
                            break;
                        }
                    }
                    if paused(self) && i + 1 < turns.len() {
                        job.next = Some(i + 1);
                        return None;
                    }
                }
                Some(JobEnd::Value(job.best))
            }
            Want::Top {
                max,
                plies,
                alpha,
                beta,
            } => {
                let width = usize::from(self.inner_width).clamp(1, INNER_MAX);
                for (i, t) in turns.iter().enumerate().skip(next) {
                    let p = G::apply(&job.pos, t);
                    self.count_node();
                    if self.aborted {
                        break;
                    }
                    let v = self.eval(&p);
                    let key = if max { v } else { -v };
                    insert_top(&mut job.keys, &mut job.top, key, p);
                    job.keys.truncate(width);
                    job.top.truncate(width);
                    if paused(self) && i + 1 < turns.len() {
                        job.next = Some(i + 1);
                        return None;
                    }
                }
                Some(JobEnd::Top {
                    top: core::mem::take(&mut job.top),
                    max,
                    plies,
                    alpha,
                    beta,
                })
            }
        }
    }
}
