//! Expectiminimax over a [`RaceGame`]: the mover's choice, the chance outcome, the next choice.
//! Values are from the root side's view and bounded by `WIN`, so chance nodes prune with Star1
//! windows (optionally Star2 probing at the last chance layer, `search/tree.rs`); choice nodes use
//! alpha-beta. Root turns go through gnubg-style filters: all turns
//! are ranked statically, the best few are searched one chance layer deep, the best of those
//! deeper again. Inner choice nodes keep only their best `inner_width` turns by static value.
//! When the budget runs out during a phase, the best candidate searched in it so far answers.
//! A deterministic step (one chance outcome, as a senas gift part) does not use up depth.
//! Work is bounded by a node budget (one node = one position produced by `apply`), never by
//! time, so a seed gives the same move on every machine. The search can be spread over frames
//! with [`Search::step`], which can stop after any evaluated turn or slice of turn generation
//! (the tree below a root candidate is a resumable machine, `search/tree.rs`); the answer does not depend on how the
//! steps are sized.
//! No heap: turns are generated into the caller's scratch, one list alive at a time.

use heapless::Vec;

use eval::WIN;
use game::RaceGame;

pub mod eval;
pub mod game;
pub mod net;
pub mod net_rows;
mod tree;

use tree::{Progress, Tree};

/// Most root candidates kept after the static ranking.
pub const ROOT_MAX: usize = 16;
/// Most turns an inner choice node searches deeper.
pub const INNER_MAX: usize = 8;
/// Most chance layers below the root turn.
pub const MAX_DEPTH: usize = 4;

/// How much a search may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Node budget (positions produced by `apply`) for the whole decision, static ranking
    /// included. A deeper phase that would exceed it is abandoned and the last complete phase's
    /// ranking answers.
    pub nodes: u64,
    /// Chance layers looked at below each root turn (0 = the static heuristic alone).
    pub depth: u8,
    /// `widths[d]`: root candidates searched at depth `d + 1` (each `<= ROOT_MAX`).
    pub widths: [u8; MAX_DEPTH],
    /// Turns an inner choice node searches deeper (`<= INNER_MAX`).
    pub inner_width: u8,
    /// gnubg-style pruning: root candidates whose static value is more than this below the
    /// best one's are not searched deeper ([`NO_MARGIN`]: keep `widths[0]` whatever their value).
    pub margin: i32,
}

/// A [`Budget::margin`] that prunes nothing.
pub const NO_MARGIN: i32 = i32::MAX;

impl Budget {
    /// The static decision of the heuristic players: rank the turns, take the best.
    pub const STATIC: Budget = Budget {
        nodes: u64::MAX,
        depth: 0,
        widths: [1; MAX_DEPTH],
        inner_width: 1,
        margin: NO_MARGIN,
    };
}

/// Where a decision is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// Nothing done yet (the root turns are generated in the scratch of the first step).
    Start,
    /// Generating the root turns (in slices).
    Generating,
    /// Evaluating the root turns statically, from this index of the list on.
    Ranking(usize),
    /// Searching the candidates deeper.
    Deeper,
}

struct Cand<G: RaceGame> {
    turn: G::Turn,
    pos: G::Pos,
}

impl<G: RaceGame> Clone for Cand<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: RaceGame> Copy for Cand<G> {}

/// One decision in progress: create it with [`Search::new`], call [`Search::step`] until it
/// answers.
pub struct Search<G: RaceGame> {
    budget: Budget,
    /// The search below the root candidate under way (and the decision's node counter).
    tree: Tree<G>,
    /// Whether `tree` holds a candidate's search under way.
    in_progress: bool,
    /// Candidates in the ranking of the last complete phase, best first.
    cands: Vec<Cand<G>, ROOT_MAX>,
    /// Values found so far in the phase under way, by candidate index.
    values: [i32; ROOT_MAX],
    /// Depth of the phase under way (1..=budget.depth).
    phase: u8,
    /// Next candidate to search in the phase under way.
    next: usize,
    answer: Option<G::Turn>,
    /// Depth of the last complete phase (0 = static ranking).
    completed: u8,
    /// Value of the best candidate in the last complete phase.
    best: i32,
    stage: Stage,
    pos: G::Pos,
    chance: G::Chance,
    /// The scratch's stamp while this decision's root list is in it.
    stamp: u32,
    /// Static values of `cands` while ranking.
    keys: Vec<i32, ROOT_MAX>,
    /// Steps spent listing and ranking the root (progress that adds no node).
    root_steps: u64,
    /// `Some(draw)`: answer with the listed turn `draw * n / 2^32` once the root turns are
    /// listed, evaluating none ([`Search::pick_at_random`]).
    random: Option<u32>,
    /// Answer with the turn the evaluator values least once the root is ranked
    /// ([`Search::pick_worst`]).
    worst: bool,
}

impl<G: RaceGame> Search<G> {
    /// Starts a decision for the side to move in `pos` after `chance`; [`Search::step`]
    /// generates and ranks the root turns in slices (in the scratch it is given), then searches
    /// deeper. The static ranking always completes, whatever the node budget.
    pub fn new(
        scratch: &mut G::Scratch,
        pos: &G::Pos,
        chance: &G::Chance,
        eval: impl Into<G::Eval>,
        budget: Budget,
    ) -> Self {
        let root = G::to_move(pos);
        let weights = eval.into();
        Search {
            budget,
            tree: Tree::new(weights, root, budget.inner_width, budget.nodes),
            in_progress: false,
            cands: Vec::new(),
            values: [0; ROOT_MAX],
            phase: 1,
            next: 0,
            answer: None,
            completed: 0,
            best: -WIN - 1,
            stage: Stage::Start,
            pos: *pos,
            chance: *chance,
            stamp: G::stamp(scratch),
            keys: Vec::new(),
            root_steps: 0,
            random: None,
            worst: false,
        }
    }

    /// Makes this decision a uniformly random one (the Beginner's, `ai::beginner`): the root
    /// turns are listed in slices as usual, then the one at `draw * n / 2^32` of the `n`
    /// distinct turns answers, with no turn evaluated (no node). Call before the first step.
    pub fn pick_at_random(&mut self, draw: u32) {
        self.random = Some(draw);
    }

    /// Makes this decision the Beginner's worst turn (`ai::beginner`): the root turns are
    /// listed and ranked as usual, by the negated values, and the lowest-valued turn answers
    /// with no deeper search (as many nodes as a 0-ply decision). Call before the first step.
    pub fn pick_worst(&mut self) {
        self.worst = true;
    }

    /// Work done so far: work units plus the steps spent listing the root turns (grows with every
    /// step until the answer; for telling a stalled decision from a slow one).
    pub fn progress(&self) -> u64 {
        self.tree.work + self.root_steps
    }

    /// Generates and ranks the root turns until the work counter reaches `pause_at` (a game
    /// whose generation is not sliced does it all at once); true once the ranking is complete.
    /// If the scratch was used meanwhile, lists the turns again at once (restarting a sliced
    /// listing could starve if that happened every few steps) and carries on.
    fn root(&mut self, scratch: &mut G::Scratch, pause_at: u64) -> bool {
        let pause_at = if G::SLICED { pause_at } else { u64::MAX };
        if self.stage == Stage::Start {
            G::begin_turns(scratch, &self.pos, &self.chance);
            self.stamp = G::stamp(scratch);
            self.stage = Stage::Generating;
        } else if G::stamp(scratch) != self.stamp {
            let _ = G::turns(scratch, &self.pos, &self.chance);
            self.stamp = G::stamp(scratch);
            if self.stage == Stage::Generating {
                self.stage = Stage::Ranking(0);
            }
        }
        if self.stage == Stage::Generating {
            let units = pause_at
                .saturating_sub(self.tree.work)
                .clamp(1, u64::from(u32::MAX));
            match G::resume_turns(scratch, units as u32) {
                None => {
                    self.tree.work += units;
                    return false;
                }
                Some(used) => self.tree.work += u64::from(used),
            }
            self.stage = Stage::Ranking(0);
        }
        let Stage::Ranking(from) = self.stage else {
            return true;
        };
        let turns = G::listed(scratch);
        if let Some(draw) = self.random {
            // Multiply-shift maps the draw onto 0..n, as `random_turn` does.
            let i = (u64::from(draw) * turns.len() as u64) >> 32;
            self.answer = turns.get(i as usize).copied();
            self.stage = Stage::Deeper;
            return true;
        }
        if turns.len() == 1 {
            // A forced turn: nothing to weigh.
            self.tree.nodes += 1;
            let _ = self.cands.push(Cand {
                turn: turns[0],
                pos: G::apply(&self.pos, &turns[0]),
            });
            self.answer = Some(turns[0]);
            self.stage = Stage::Deeper;
            return true;
        }
        let room = pause_at
            .saturating_sub(self.tree.work)
            .min(usize::MAX as u64) as usize;
        let to = turns.len().min(from.saturating_add(room));
        for t in turns.get(from..to).unwrap_or(&[]) {
            let p = G::apply(&self.pos, t);
            self.tree.nodes += 1;
            self.tree.work += 1;
            let v = self.tree.eval(&p);
            let v = if self.worst { -v } else { v };
            insert_top(
                &mut self.keys,
                &mut self.cands,
                v,
                Cand { turn: *t, pos: p },
            );
        }
        if to < turns.len() {
            self.stage = Stage::Ranking(to);
            return false;
        }
        self.stage = Stage::Deeper;
        self.best = self.keys.first().copied().unwrap_or(-WIN - 1);
        let width = usize::from(self.budget.widths[0]).clamp(1, ROOT_MAX);
        // gnubg-style: candidates too far below the best are not worth a deeper look.
        let floor = self.best.saturating_sub(self.budget.margin);
        let keep = self
            .keys
            .iter()
            .take(width)
            .filter(|&&k| k >= floor)
            .count();
        self.cands.truncate(keep.max(1));
        // A winning turn needs no search either.
        if self.budget.depth == 0 || self.cands.len() <= 1 || self.best >= WIN || self.worst {
            self.answer = self.cands.first().map(|c| c.turn);
        }
        true
    }

    /// Works for about `work` more units and returns the turn once decided. A unit is a node
    /// (a position produced and evaluated) or `RaceGame::resume_turns`' unit of turn
    /// generation; the root's generation and ranking and the look-ahead's generations and
    /// evaluations all pause once the allowance is spent (a game whose generation is not sliced
    /// pauses only between turn lists), and resume there on the next call. The answer does not
    /// depend on the allowances.
    pub fn step(&mut self, scratch: &mut G::Scratch, work: u64) -> Option<G::Turn> {
        let pause_at = self.tree.work.saturating_add(work.max(1));
        if self.stage != Stage::Deeper {
            self.root_steps += 1;
            if !self.root(scratch, pause_at) {
                return None;
            }
        }
        if self.answer.is_none() && self.cands.is_empty() {
            return None;
        }
        while self.answer.is_none() {
            if self.tree.work >= pause_at {
                break;
            }
            if !self.in_progress {
                let Some(cand) = self.cands.get(self.next).copied() else {
                    break;
                };
                let alpha = self.phase_alpha();
                let plies = deeper::<G>(&cand.pos, self.phase);
                self.tree.start(&cand.pos, plies, alpha, WIN + 1);
                self.in_progress = true;
            }
            match self.tree.resume(scratch, pause_at) {
                Progress::Paused => return None,
                Progress::Aborted => {
                    self.in_progress = false;
                    self.answer = Some(self.partial_answer());
                }
                Progress::Done(v) => {
                    self.in_progress = false;
                    self.values[self.next] = v;
                    self.next += 1;
                    if self.next == self.cands.len() {
                        self.finish_phase();
                    }
                }
            }
        }
        self.answer
    }

    /// Runs the search to its end and returns the turn (`None` only if the rules engine gave no
    /// turn at all, which the [`RaceGame`] contract forbids).
    pub fn run(&mut self, scratch: &mut G::Scratch) -> Option<G::Turn> {
        while self.stage != Stage::Deeper {
            self.root(scratch, u64::MAX);
        }
        if self.answer.is_none() && self.cands.is_empty() {
            return None;
        }
        loop {
            if let Some(t) = self.step(scratch, u64::MAX) {
                return Some(t);
            }
        }
    }

    /// Turns Star2 probing at the last chance layer on or off (off by default: it saves 10-28%
    /// of the nodes but costs a second turn generation per probed outcome, which turn generation
    /// costs more than the saved nodes in both games; docs/ai.md). The value is the same either
    /// way. Call before the first [`Search::step`].
    pub fn set_star2(&mut self, on: bool) {
        self.tree.star2 = on;
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.tree.nodes
    }

    /// Value (root side's view) of the best candidate of the last complete phase.
    pub fn best_value(&self) -> i32 {
        self.best
    }

    /// Depth of the deepest phase that completed (0 = static heuristic only).
    pub fn completed_depth(&self) -> u8 {
        self.completed
    }

    /// What this decision makes of a position `after` that one of the root side's turns
    /// reaches (the analysis of a person's turn, `arena analyze`): its value from the root
    /// side's view, looked at as deep as the last complete phase looked at its candidates, with
    /// a full window and no node budget, so two turns compare on the same footing (the same
    /// position gives the same value). Call once the decision has answered; uses `scratch`.
    pub fn value_after(&self, scratch: &mut G::Scratch, after: &G::Pos) -> i32 {
        if self.completed == 0 {
            return G::evaluate(&self.tree.weights, after, self.tree.root);
        }
        let mut tree: Tree<G> = Tree::new(
            self.tree.weights,
            self.tree.root,
            self.budget.inner_width,
            u64::MAX,
        );
        tree.start(after, deeper::<G>(after, self.completed), -WIN - 1, WIN + 1);
        loop {
            match tree.resume(scratch, u64::MAX) {
                Progress::Done(v) => return v,
                Progress::Paused => {}
                // Cannot happen without a budget; the static value is the honest fallback.
                Progress::Aborted => return G::evaluate(&self.tree.weights, after, self.tree.root),
            }
        }
    }

    /// Lower window bound at the root: once as many exact values as the next phase keeps are
    /// known, a candidate only matters if it beats the weakest of them.
    fn phase_alpha(&self) -> i32 {
        let keep = if self.phase >= self.budget.depth {
            1
        } else {
            usize::from(self.budget.widths[usize::from(self.phase)]).max(1)
        };
        if self.next < keep {
            return -WIN - 1;
        }
        let mut best: Vec<i32, ROOT_MAX> = Vec::new();
        for &v in &self.values[..self.next] {
            let at = best.iter().position(|&b| v > b).unwrap_or(best.len());
            if at < keep {
                let _ = best.insert(at, v);
                best.truncate(keep);
            }
        }
        best.last().copied().unwrap_or(-WIN - 1)
    }

    /// The answer when the budget runs out during a phase: the best candidate searched so far in
    /// it (they are the best-ranked of the previous phase, and a candidate that could not beat
    /// the best so far failed low, below it), or the previous phase's best if none was searched.
    fn partial_answer(&mut self) -> G::Turn {
        let mut best = 0;
        for i in 1..self.next {
            if self.values[i] > self.values[best] {
                best = i;
            }
        }
        if self.next > 0 {
            self.best = self.values[best];
        }
        self.cands[best].turn
    }

    fn finish_phase(&mut self) {
        // Stable insertion sort by value, best first; ties keep the earlier ranking.
        let n = self.cands.len();
        for i in 1..n {
            let mut j = i;
            while j > 0 && self.values[j] > self.values[j - 1] {
                self.values.swap(j, j - 1);
                self.cands.swap(j, j - 1);
                j -= 1;
            }
        }
        self.completed = self.phase;
        self.best = self.values[0];
        let keep = if self.phase >= self.budget.depth {
            1
        } else {
            usize::from(self.budget.widths[usize::from(self.phase)]).clamp(1, ROOT_MAX)
        };
        self.cands.truncate(keep);
        self.phase += 1;
        self.next = 0;
        if self.phase > self.budget.depth || self.cands.len() <= 1 {
            self.answer = Some(self.cands[0].turn);
        }
    }
}

/// Choice layers left below the chance node of `pos` when the choice above had `plies`: one
/// fewer, except across a deterministic step (a single outcome, as a senas gift part), which
/// costs no branching and so no depth.
fn deeper<G: RaceGame>(pos: &G::Pos, plies: u8) -> u8 {
    if G::chances(pos).len() == 1 && G::winner(pos).is_none() {
        plies
    } else {
        plies - 1
    }
}

/// Inserts `item` into the lists kept sorted by descending key, after equal keys, dropping the
/// last item when full.
fn insert_top<T, const N: usize>(keys: &mut Vec<i32, N>, items: &mut Vec<T, N>, key: i32, item: T) {
    let at = keys.iter().position(|&k| key > k).unwrap_or(keys.len());
    if at >= N {
        return;
    }
    if keys.is_full() {
        keys.pop();
        items.pop();
    }
    // Cannot fail: one slot was freed above when the lists were full.
    let _ = keys.insert(at, key);
    let _ = items.insert(at, item);
}

#[cfg(test)]
mod tests;
