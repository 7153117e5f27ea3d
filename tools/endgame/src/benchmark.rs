//! Benchmark sets (issue 27 part 2): decisions drawn from seeded games between the levels (all
//! of a game: openings, contact, bear-off), each with its candidates' true values, and every
//! level's choice at each. A candidate's value is exact where the game is over or a table holds
//! the position it leads to; elsewhere it is the mean of seeded truncated rollouts
//! ([`crate::rollout`]) split in two halves: the first half says which candidate is best, the
//! second values them, so the noise of the rollouts does not inflate the losses (the maximum of
//! noisy means would). A set is rebuilt by a command from its seed, never stored. Generic over
//! the game; reads the rules and the players, never changes them.

use rand_core::RngCore;
use rand_pcg::Pcg32;
use senas_senet::ai::selfplay::{play_with, Playable};
use senas_senet::ai::{Kind, Level, Player, Profile, RaceGame, Row};

use crate::rollout::{dice, trial, value, Exact, Plan};

/// The levels measured, weakest first.
pub const LEVELS: [Level; 4] = [Level::Beginner, Level::Easy, Level::Normal, Level::Hard];

/// Decisions within this many turns of a game's start are its opening, within this many of
/// its end its end.
pub const PHASE_TURNS: u32 = 20;

/// Where in its game a decision falls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The first [`PHASE_TURNS`] turns.
    Opening,
    /// Between.
    Middle,
    /// The last [`PHASE_TURNS`] turns.
    End,
}

/// One candidate turn of a decision.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// Exact (game over or in a table): `a == b`, no trials.
    pub exact: bool,
    /// Mean of the first half of the trials (the exact value when exact).
    pub a: f64,
    /// The second half's trials (empty when exact).
    pub b: Vec<f64>,
    /// The exact value, or the mean of `b`.
    pub value: f64,
}

/// One decision of a set.
#[derive(Clone, Debug)]
pub struct Decision<P, C> {
    /// The position, its side to move to choose.
    pub pos: P,
    /// The dice or throw.
    pub chance: C,
    /// Where in its game.
    pub phase: Phase,
    /// Legal distinct turns.
    pub turns: usize,
    /// The candidates valued: every turn, or the best few by the rollout player's evaluator
    /// and every level's choice.
    pub cands: Vec<Candidate>,
    /// Each level's choice, an index into `cands` (`LEVELS` order).
    pub chosen: [usize; LEVELS.len()],
}

impl<P, C> Decision<P, C> {
    /// The best candidate by the first half of the trials (ties: the first).
    pub fn best(&self) -> usize {
        let mut best = 0;
        for (i, c) in self.cands.iter().enumerate() {
            if c.a > self.cands[best].a {
                best = i;
            }
        }
        best
    }

    /// The loss of candidate `i` against the best, by the second half, and its variance.
    pub fn loss(&self, i: usize) -> (f64, f64) {
        let b = &self.cands[self.best()];
        let c = &self.cands[i];
        if std::ptr::eq(b, c) {
            return (0.0, 0.0);
        }
        let n = b.b.len().max(c.b.len());
        if n == 0 {
            return (b.value - c.value, 0.0);
        }
        let at = |x: &Candidate, k: usize| if x.exact { x.value } else { x.b[k] };
        let d: Vec<f64> = (0..n).map(|k| at(b, k) - at(c, k)).collect();
        let mean = d.iter().sum::<f64>() / n as f64;
        let var = if n > 1 {
            d.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64 / n as f64
        } else {
            0.0
        };
        (mean, var)
    }
}

/// How a set is drawn and valued.
#[derive(Clone, Copy, Debug)]
pub struct Recipe {
    /// Decisions wanted.
    pub decisions: usize,
    /// A decision with a choice is kept with probability 1 / `every`.
    pub every: u32,
    /// Candidates valued beyond the levels' choices (the best by the rollout player's
    /// evaluator); 0: every turn.
    pub keep: usize,
    /// The rollouts.
    pub plan: Plan,
    /// The seed of the games, the levels' draws and the rollouts' dice.
    pub seed: u64,
}

/// The pairings of the games the decisions come from (the endgame measure's too).
pub const PAIRS: [(Level, Level); 6] = [
    (Level::Easy, Level::Easy),
    (Level::Normal, Level::Normal),
    (Level::Hard, Level::Hard),
    (Level::Easy, Level::Normal),
    (Level::Normal, Level::Hard),
    (Level::Easy, Level::Hard),
];

/// The decision points: positions and chances with at least two turns, from seeded games.
pub fn draw<G: Playable>(rules: G::Rules, r: &Recipe) -> Vec<(G::Pos, G::Chance, Phase)> {
    let mut scratch = Box::<G::Scratch>::default();
    let mut keep = Pcg32::new(r.seed, 0x6b65_6570);
    let mut out = Vec::new();
    let mut g = 0u64;
    while out.len() < r.decisions {
        let (x, y) = PAIRS[g as usize % PAIRS.len()];
        let gseed = r.seed.wrapping_mul(1_000_003).wrapping_add(g);
        let mut players = [
            Player::new(Kind::Level(x), gseed),
            Player::new(Kind::Level(y), gseed ^ 1),
        ];
        let mut game: Vec<(G::Pos, G::Chance, u32)> = Vec::new();
        let mut turn = 0u32;
        let o = play_with::<G>(rules, &mut scratch, gseed, |mover, s, pos, chance| {
            if G::turns(s, pos, chance).len() >= 2 && keep.next_u32().is_multiple_of(r.every) {
                game.push((*pos, *chance, turn));
            }
            turn += 1;
            players[mover].choose::<G>(s, pos, chance)
        });
        for (pos, chance, t) in game {
            let phase = if t < PHASE_TURNS {
                Phase::Opening
            } else if t + PHASE_TURNS >= o.turns {
                Phase::End
            } else {
                Phase::Middle
            };
            if out.len() < r.decisions {
                out.push((pos, chance, phase));
            }
        }
        g += 1;
    }
    out
}

/// Values decision `d` (its index `n` in the set seeds its levels' draws and rollouts).
pub fn value_decision<G: Profile, T: Exact<G>>(
    truth: &T,
    scratch: &mut G::Scratch,
    point: &(G::Pos, G::Chance, Phase),
    n: u64,
    r: &Recipe,
) -> Option<Decision<G::Pos, G::Chance>>
where
    G::Pos: PartialEq,
{
    let (pos, chance, phase) = point;
    let eval = G::level(Row::Level(Level::Hard), G::rules(pos)).0;
    let me = G::to_move(pos);
    let turns: Vec<G::Turn> = G::turns(scratch, pos, chance).to_vec();
    let afters: Vec<G::Pos> = turns.iter().map(|t| G::apply(pos, t)).collect();
    let mut picks = [0usize; LEVELS.len()];
    for (p, &level) in picks.iter_mut().zip(LEVELS.iter()) {
        let mut player = Player::new(Kind::Level(level), r.seed ^ n.wrapping_mul(31));
        let t = player.choose::<G>(scratch, pos, chance)?;
        let after = G::apply(pos, &t);
        *p = afters.iter().position(|a| *a == after)?;
    }
    // The candidates: every turn, or the `keep` best by the evaluator and the levels' choices.
    let mut order: Vec<usize> = (0..turns.len()).collect();
    if r.keep > 0 && turns.len() > r.keep {
        let v: Vec<f64> = afters
            .iter()
            .map(|a| value::<G, T>(truth, &eval, a, me))
            .collect();
        order.sort_by(|&i, &j| v[j].total_cmp(&v[i]));
        order.truncate(r.keep);
        for &p in &picks {
            if !order.contains(&p) {
                order.push(p);
            }
        }
    }
    let half = r.plan.trials / 2;
    let cands = order
        .iter()
        .map(|&i| {
            let after = &afters[i];
            if G::winner(after).is_some() || truth.exact(after).is_some() {
                let v = value::<G, T>(truth, &eval, after, me);
                return Candidate {
                    exact: true,
                    a: v,
                    b: Vec::new(),
                    value: v,
                };
            }
            let runs: Vec<f64> = (0..half * 2)
                .map(|k| {
                    let mut d = dice(r.seed, n, k);
                    trial::<G, T>(truth, &eval, scratch, after, me, &r.plan, &mut d)
                })
                .collect();
            let (a, b) = runs.split_at(half as usize);
            let mean = |x: &[f64]| x.iter().sum::<f64>() / x.len().max(1) as f64;
            Candidate {
                exact: false,
                a: mean(a),
                value: mean(b),
                b: b.to_vec(),
            }
        })
        .collect();
    let chosen = picks.map(|p| order.iter().position(|&i| i == p).unwrap_or(0));
    Some(Decision {
        pos: *pos,
        chance: *chance,
        phase: *phase,
        turns: turns.len(),
        cands,
        chosen,
    })
}

/// A decision of game `G`'s set with its index in the set.
type Numbered<G> = (
    usize,
    Decision<<G as RaceGame>::Pos, <G as RaceGame>::Chance>,
);

/// Draws and values a whole set on `threads` threads (the result does not depend on them).
pub fn build<G: Playable, T: Exact<G> + Sync>(
    rules: G::Rules,
    truth: &T,
    r: &Recipe,
    threads: usize,
) -> Vec<Decision<G::Pos, G::Chance>>
where
    G::Pos: PartialEq + Send + Sync,
    G::Chance: Send + Sync,
{
    let points = draw::<G>(rules, r);
    let threads = threads.max(1);
    let mut parts: Vec<Vec<Numbered<G>>> = Vec::new();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let points = &points;
                s.spawn(move || {
                    let mut scratch = Box::<G::Scratch>::default();
                    let mut out = Vec::new();
                    for (n, p) in points.iter().enumerate().skip(t).step_by(threads) {
                        if let Some(d) = value_decision::<G, T>(truth, &mut scratch, p, n as u64, r)
                        {
                            out.push((n, d));
                        }
                    }
                    out
                })
            })
            .collect();
        for h in handles {
            if let Ok(part) = h.join() {
                parts.push(part);
            }
        }
    });
    let mut all: Vec<Numbered<G>> = parts.into_iter().flatten().collect();
    all.sort_by_key(|(n, _)| *n);
    all.into_iter().map(|(_, d)| d).collect()
}
