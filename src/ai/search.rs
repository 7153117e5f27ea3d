//! Expectiminimax over a [`RaceGame`]: the mover's choice, the chance outcome, the next choice.
//! Values are from the root side's view and bounded by `WIN`, so chance nodes prune with Star1
//! windows; choice nodes use alpha-beta. Root turns go through gnubg-style filters: all turns
//! are ranked statically, the best few are searched one chance layer deep, the best of those
//! deeper again. Inner choice nodes keep only their best `inner_width` turns by static value.
//! When the budget runs out during a phase, the best candidate searched in it so far answers.
//! A deterministic step (one chance outcome, as a senas gift part) does not use up depth.
//! Work is bounded by a node budget (one node = one position produced by `apply`), never by
//! time, so a seed gives the same move on every machine. The search can be spread over frames
//! with [`Search::step`]; its answer does not depend on how the steps are sized.
//! No heap: turns are generated into the caller's scratch, one list alive at a time.

use heapless::Vec;

use super::eval::{Weights, WIN};
use super::game::RaceGame;

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
}

impl Budget {
    /// The static decision of the heuristic players: rank the turns, take the best.
    pub const STATIC: Budget = Budget {
        nodes: u64::MAX,
        depth: 0,
        widths: [1; MAX_DEPTH],
        inner_width: 1,
    };
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
    weights: Weights,
    budget: Budget,
    root: G::Side,
    /// Candidates in the ranking of the last complete phase, best first.
    cands: Vec<Cand<G>, ROOT_MAX>,
    /// Values found so far in the phase under way, by candidate index.
    values: [i32; ROOT_MAX],
    /// Depth of the phase under way (1..=budget.depth).
    phase: u8,
    /// Next candidate to search in the phase under way.
    next: usize,
    nodes: u64,
    aborted: bool,
    answer: Option<G::Turn>,
    /// Depth of the last complete phase (0 = static ranking).
    completed: u8,
    /// Value of the best candidate in the last complete phase.
    best: i32,
}

impl<G: RaceGame> Search<G> {
    /// Starts a decision for the side to move in `pos` after `chance`: generates and ranks the
    /// root turns statically (this part always completes, whatever the budget).
    pub fn new(
        scratch: &mut G::Scratch,
        pos: &G::Pos,
        chance: &G::Chance,
        weights: Weights,
        budget: Budget,
    ) -> Self {
        let root = G::to_move(pos);
        let mut s = Search {
            weights,
            budget,
            root,
            cands: Vec::new(),
            values: [0; ROOT_MAX],
            phase: 1,
            next: 0,
            nodes: 0,
            aborted: false,
            answer: None,
            completed: 0,
            best: -WIN - 1,
        };
        s.rank_root(scratch, pos, chance);
        let width = usize::from(budget.widths[0]).clamp(1, ROOT_MAX);
        s.cands.truncate(width);
        if budget.depth == 0 || s.cands.len() <= 1 {
            s.answer = s.cands.first().map(|c| c.turn);
        }
        s
    }

    #[inline(never)]
    fn rank_root(&mut self, scratch: &mut G::Scratch, pos: &G::Pos, chance: &G::Chance) {
        let turns = G::turns(scratch, pos, chance);
        let mut keys: Vec<i32, ROOT_MAX> = Vec::new();
        for t in turns.iter() {
            let p = G::apply(pos, t);
            self.nodes += 1;
            let v = self.weights.eval::<G>(&p, self.root);
            insert_top(&mut keys, &mut self.cands, v, Cand { turn: *t, pos: p });
        }
        self.best = keys.first().copied().unwrap_or(-WIN - 1);
    }

    /// Runs the search for about `nodes` more nodes (whole root candidates at a time, so one call
    /// may overshoot by one candidate's subtree) and returns the turn once decided.
    pub fn step(&mut self, scratch: &mut G::Scratch, nodes: u64) -> Option<G::Turn> {
        let start = self.nodes;
        while self.answer.is_none() {
            let i = self.next;
            let Some(cand) = self.cands.get(i).copied() else {
                self.answer = None;
                break;
            };
            let alpha = self.phase_alpha();
            let plies = deeper::<G>(&cand.pos, self.phase);
            let v = self.chance(scratch, &cand.pos, plies, alpha, WIN + 1);
            if self.aborted {
                self.answer = Some(self.partial_answer());
                break;
            }
            self.values[i] = v;
            self.next += 1;
            if self.next == self.cands.len() {
                self.finish_phase();
            }
            if self.nodes - start >= nodes {
                break;
            }
        }
        self.answer
    }

    /// Runs the search to its end and returns the turn (`None` only if the rules engine gave no
    /// turn at all, which the [`RaceGame`] contract forbids).
    pub fn run(&mut self, scratch: &mut G::Scratch) -> Option<G::Turn> {
        if self.answer.is_none() && self.cands.is_empty() {
            return None;
        }
        loop {
            if let Some(t) = self.step(scratch, u64::MAX) {
                return Some(t);
            }
        }
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Value (root side's view) of the best candidate of the last complete phase.
    pub fn best_value(&self) -> i32 {
        self.best
    }

    /// Depth of the deepest phase that completed (0 = static heuristic only).
    pub fn completed_depth(&self) -> u8 {
        self.completed
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

    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.budget.nodes {
            self.aborted = true;
        }
    }

    /// Value of `pos` before its chance outcome, with `plies` more choice layers that look
    /// deeper. Star1: the bound on the unseen outcomes decides early fail-low / fail-high.
    fn chance(
        &mut self,
        scratch: &mut G::Scratch,
        pos: &G::Pos,
        plies: u8,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if let Some(w) = G::winner(pos) {
            return if w == self.root { WIN } else { -WIN };
        }
        let list = G::chances(pos);
        let total: i64 = list.iter().map(|c| i64::from(c.1)).sum();
        let (alpha, beta, win) = (i64::from(alpha), i64::from(beta), i64::from(WIN));
        let mut sum: i64 = 0;
        let mut rest = total;
        for (c, w) in list {
            let w = i64::from(*w);
            rest -= w;
            let a = (alpha * total - sum - rest * win).div_euclid(w);
            let b = -((-(beta * total - sum + rest * win)).div_euclid(w));
            let ca = a.clamp(-win - 1, win + 1) as i32;
            let cb = b.clamp(-win - 1, win + 1) as i32;
            let v = i64::from(self.choice(scratch, pos, c, plies, ca, cb));
            if self.aborted {
                return 0;
            }
            sum += w * v;
            if v <= a {
                return (sum + rest * win).div_euclid(total) as i32;
            }
            if v >= b {
                return -((-(sum - rest * win)).div_euclid(total)) as i32;
            }
        }
        sum.div_euclid(total) as i32
    }

    /// Value of the best turn for the side to move in `pos` after `chance`.
    fn choice(
        &mut self,
        scratch: &mut G::Scratch,
        pos: &G::Pos,
        chance: &G::Chance,
        plies: u8,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let maximizing = G::to_move(pos) == self.root;
        if plies == 0 {
            return self.leaf_choice(scratch, pos, chance, maximizing, alpha, beta);
        }
        let (mut alpha, mut beta) = (alpha, beta);
        let top = self.top_turns(scratch, pos, chance, maximizing);
        let mut best = if maximizing { -WIN - 1 } else { WIN + 1 };
        for p in top.iter() {
            if self.aborted {
                return 0;
            }
            let v = self.chance(scratch, p, deeper::<G>(p, plies), alpha, beta);
            if maximizing {
                best = best.max(v);
                if best >= beta {
                    return best;
                }
                alpha = alpha.max(best);
            } else {
                best = best.min(v);
                if best <= alpha {
                    return best;
                }
                beta = beta.min(best);
            }
        }
        best
    }

    /// The static choice: every turn evaluated, alpha-beta cut as soon as one is good enough.
    #[inline(never)]
    fn leaf_choice(
        &mut self,
        scratch: &mut G::Scratch,
        pos: &G::Pos,
        chance: &G::Chance,
        max: bool,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let turns = G::turns(scratch, pos, chance);
        let mut best = if max { -WIN - 1 } else { WIN + 1 };
        for t in turns.iter() {
            let p = G::apply(pos, t);
            self.count_node();
            if self.aborted {
                return 0;
            }
            let v = self.weights.eval::<G>(&p, self.root);
            if max {
                best = best.max(v);
                if best >= beta {
                    break;
                }
            } else {
                best = best.min(v);
                if best <= alpha {
                    break;
                }
            }
        }
        best
    }

    /// The mover's best `inner_width` positions after `chance` by static value, best first.
    #[inline(never)]
    fn top_turns(
        &mut self,
        scratch: &mut G::Scratch,
        pos: &G::Pos,
        chance: &G::Chance,
        max: bool,
    ) -> Vec<G::Pos, INNER_MAX> {
        let width = usize::from(self.budget.inner_width).clamp(1, INNER_MAX);
        let turns = G::turns(scratch, pos, chance);
        let mut keys: Vec<i32, INNER_MAX> = Vec::new();
        let mut out: Vec<G::Pos, INNER_MAX> = Vec::new();
        for t in turns.iter() {
            let p = G::apply(pos, t);
            self.count_node();
            if self.aborted {
                break;
            }
            let v = self.weights.eval::<G>(&p, self.root);
            let key = if max { v } else { -v };
            insert_top(&mut keys, &mut out, key, p);
            keys.truncate(width);
            out.truncate(width);
        }
        out
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
