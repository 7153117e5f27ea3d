//! The expectiminimax below one root candidate, as a resumable machine: an explicit stack of
//! chance and choice frames instead of recursion, so that [`Tree::resume`] can stop after any
//! evaluated turn or slice of turn generation (`tree/job.rs`) and continue later with exactly
//! the same result (a frame's whole state is in the frame, a static pass's in its job). Chance nodes use Star1 windows over the bound `[-WIN, WIN]`, choice nodes
//! alpha-beta; inner choice nodes search their best `inner_width` turns by static value, the
//! last layer evaluates every turn statically. Chance nodes of the last layer (whose choices are
//! static) may first probe (Star2, off by default, see `Search::set_star2`): the first turn
//! of every outcome is evaluated, which bounds each choice from one side (below for the root side, above for the opponent); the node is cut if
//! those bounds already fail high (low), else the Star1 pass uses them for the unseen outcomes
//! and reuses each probe instead of evaluating that turn again. Counts nodes against the budget;
//! no heap.

use heapless::Vec;

use super::{deeper, INNER_MAX, MAX_DEPTH};
use crate::ai::search::eval::WIN;
use crate::ai::search::game::RaceGame;

mod chance;
mod job;

use chance::{chance_step, ChanceFrame, Probe, PROBE_MAX};
use job::{Job, JobEnd, Want};

/// Most frames alive: per choice layer a chance frame, a choice frame and possibly a
/// deterministic step's pair (senas gift part), plus the root's chance frame.
const STACK_MAX: usize = 4 * MAX_DEPTH + 4;

/// A choice node with its candidate positions (best first by static value).
struct ChoiceFrame<G: RaceGame> {
    top: Vec<G::Pos, INNER_MAX>,
    idx: usize,
    plies: u8,
    maximizing: bool,
    alpha: i32,
    beta: i32,
    best: i32,
}

enum Frame<G: RaceGame> {
    Chance(ChanceFrame<G>),
    Choice(ChoiceFrame<G>),
}

/// How far [`Tree::resume`] got.
pub(super) enum Progress {
    /// The value of the root chance node (root side's view).
    Done(i32),
    /// Stopped at the pause point; call `resume` again.
    Paused,
    /// The node budget ran out; the value is unknown.
    Aborted,
}

/// What to do after reading the top frame (so the frame is no longer borrowed).
enum Action<G: RaceGame> {
    Return(i32),
    SearchChoice {
        pos: G::Pos,
        chance: G::Chance,
        plies: u8,
        alpha: i32,
        beta: i32,
        /// Star2: the value of the first turn, already evaluated by the probe.
        seed: Option<i32>,
    },
    EnterChance {
        pos: G::Pos,
        plies: u8,
        alpha: i32,
        beta: i32,
    },
    /// Star2 probe: evaluate the first turn after `chance` (the frame's pending outcome).
    Probe {
        pos: G::Pos,
        chance: G::Chance,
    },
}

/// The search state below a root candidate, plus the node counter of the whole decision.
pub(super) struct Tree<G: RaceGame> {
    pub(super) weights: G::Eval,
    pub(super) root: G::Side,
    pub(super) inner_width: u8,
    pub(super) limit: u64,
    pub(super) nodes: u64,
    /// Work done (nodes plus turn-generation units), for pausing: never decides anything.
    pub(super) work: u64,
    pub(super) aborted: bool,
    stack: Vec<Frame<G>, STACK_MAX>,
    ret: Option<i32>,
    /// Whether last-layer chance nodes probe first (Star2); otherwise Star1 alone.
    pub(super) star2: bool,
    /// Probe values of the last-layer chance node under search, by outcome index. Only one
    /// such node is alive at a time: its choices are static, so it is always the top frame.
    probes: [Probe; PROBE_MAX],
    /// The static pass (turn list generated and evaluated) under way, if any.
    job: Option<Job<G>>,
    /// The evaluator's memo of the last position valued (speed only).
    memo: G::Memo,
}

impl<G: RaceGame> Tree<G> {
    pub(super) fn new(weights: G::Eval, root: G::Side, inner_width: u8, limit: u64) -> Self {
        Tree {
            weights,
            root,
            inner_width,
            limit,
            nodes: 0,
            work: 0,
            aborted: false,
            stack: Vec::new(),
            ret: None,
            star2: false,
            probes: [Probe {
                value: 0,
                only: false,
            }; PROBE_MAX],
            job: None,
            memo: G::Memo::default(),
        }
    }

    /// The static value of `pos` for the root side (the evaluator's, through the memo).
    #[inline]
    pub(super) fn eval(&mut self, pos: &G::Pos) -> i32 {
        G::evaluate_memo(&self.weights, &mut self.memo, pos, self.root)
    }

    /// Starts computing the value of the chance node `pos` with `plies` deeper choice layers
    /// and the window `(alpha, beta)`.
    pub(super) fn start(&mut self, pos: &G::Pos, plies: u8, alpha: i32, beta: i32) {
        self.stack.clear();
        self.ret = None;
        self.job = None;
        self.enter_chance(pos, plies, alpha, beta);
    }

    fn enter_chance(&mut self, pos: &G::Pos, plies: u8, alpha: i32, beta: i32) {
        if let Some(w) = G::winner(pos) {
            self.ret = Some(if w == self.root { WIN } else { -WIN });
            return;
        }
        let list = G::chances(pos);
        let total: i64 = list.iter().map(|c| i64::from(c.1)).sum();
        let star2 = self.star2 && plies == 0 && list.len() > 1 && list.len() <= PROBE_MAX;
        let frame = ChanceFrame {
            pos: *pos,
            list,
            plies,
            alpha: i64::from(alpha),
            beta: i64::from(beta),
            total: total.max(1),
            sum: 0,
            idx: 0,
            w: 1,
            a: 0,
            b: 0,
            star2,
            probing: star2,
            maximizing: G::to_move(pos) == self.root,
            lo: if star2 { 0 } else { -total * i64::from(WIN) },
            hi: if star2 { 0 } else { total * i64::from(WIN) },
            pw: 0,
        };
        // The stack is sized for the deepest search; a full stack cannot happen.
        let _ = self.stack.push(Frame::Chance(frame));
    }

    /// Works until the root chance node's value is known, the node budget is spent, or the work
    /// counter reaches `pause_at` (checked after each evaluated turn and each slice of turn
    /// generation; a game whose generation is not sliced pauses only between turn lists).
    pub(super) fn resume(&mut self, scratch: &mut G::Scratch, pause_at: u64) -> Progress {
        loop {
            if self.aborted {
                self.stack.clear();
                self.ret = None;
                self.job = None;
                return Progress::Aborted;
            }
            if self.job.is_some() {
                let Some(end) = self.run_job(scratch, pause_at) else {
                    return Progress::Paused;
                };
                self.finish_job(end);
                if self.work >= pause_at && !self.aborted {
                    return Progress::Paused;
                }
                continue;
            }
            let ret = self.ret.take();
            let Some(frame) = self.stack.last_mut() else {
                return match ret {
                    Some(v) => Progress::Done(v),
                    None => Progress::Aborted,
                };
            };
            let action = match frame {
                Frame::Chance(c) => chance_step::<G>(c, &self.probes, ret),
                Frame::Choice(f) => choice_step::<G>(f, ret),
            };
            match action {
                Action::Return(v) => {
                    self.stack.pop();
                    self.ret = Some(v);
                }
                Action::EnterChance {
                    pos,
                    plies,
                    alpha,
                    beta,
                } => {
                    self.enter_chance(&pos, plies, alpha, beta);
                }
                Action::Probe { pos, chance } => {
                    self.job = Some(Job::new(pos, chance, Want::Probe));
                }
                Action::SearchChoice {
                    pos,
                    chance,
                    plies,
                    alpha,
                    beta,
                    seed,
                } => {
                    let max = G::to_move(&pos) == self.root;
                    let want = if plies == 0 || self.stack.len() + 2 > STACK_MAX {
                        Want::Leaf {
                            max,
                            alpha,
                            beta,
                            seed,
                        }
                    } else {
                        Want::Top {
                            max,
                            plies,
                            alpha,
                            beta,
                        }
                    };
                    self.job = Some(Job::new(pos, chance, want));
                }
            }
        }
    }

    /// Hands a finished pass's result to the frame that asked for it.
    fn finish_job(&mut self, end: JobEnd<G>) {
        match end {
            JobEnd::Value(v) => self.ret = Some(v),
            JobEnd::Probe(p) => {
                // The probe is for the top chance frame's pending outcome.
                if let Some(Frame::Chance(c)) = self.stack.last() {
                    if let Some(slot) = self.probes.get_mut(c.idx - 1) {
                        *slot = p;
                    }
                }
                self.ret = Some(p.value);
            }
            JobEnd::Top {
                top,
                max,
                plies,
                alpha,
                beta,
            } => {
                let frame = ChoiceFrame {
                    top,
                    idx: 0,
                    plies,
                    maximizing: max,
                    alpha,
                    beta,
                    best: if max { -WIN - 1 } else { WIN + 1 },
                };
                let _ = self.stack.push(Frame::Choice(frame));
            }
        }
    }

    fn count_node(&mut self) {
        self.nodes += 1;
        self.work += 1;
        if self.nodes >= self.limit {
            self.aborted = true;
        }
    }
}

/// One step of a choice node: take the value of the candidate just searched (alpha-beta), then
/// return or open the next candidate's chance node.
fn choice_step<G: RaceGame>(f: &mut ChoiceFrame<G>, ret: Option<i32>) -> Action<G> {
    if let Some(v) = ret {
        if f.maximizing {
            f.best = f.best.max(v);
            if f.best >= f.beta {
                return Action::Return(f.best);
            }
            f.alpha = f.alpha.max(f.best);
        } else {
            f.best = f.best.min(v);
            if f.best <= f.alpha {
                return Action::Return(f.best);
            }
            f.beta = f.beta.min(f.best);
        }
    }
    let Some(&pos) = f.top.get(f.idx) else {
        return Action::Return(f.best);
    };
    f.idx += 1;
    Action::EnterChance {
        pos,
        plies: deeper::<G>(&pos, f.plies),
        alpha: f.alpha,
        beta: f.beta,
    }
}
