//! Outcome regression ("Texel tuning"): self-play games of the current weights (with a share of
//! random turns for variety) give positions labelled with who went on to win; the weights of
//! each phase are then fitted so that the squashed evaluation predicts the result (mean squared
//! error plus `prior` times the squared distance to the starting weights, Adam, full batch). Deterministic for a seed: the games are seeded and the fit is a
//! fixed sequence of floating-point steps on one thread.

use rand_core::RngCore;
use rand_pcg::Pcg32;
use senas_senet::ai::game::{FeatureVec, MAX_FEATURES, PHASES};
use senas_senet::ai::random::random_turn;
use senas_senet::ai::selfplay::{sample_chance, Playable};
use senas_senet::ai::{Budget, Row, Search, Weights, WIN};

/// One labelled sample: phase, features from one side's view, 1.0 if that side won.
struct Sample {
    phase: usize,
    f: FeatureVec,
    won: f64,
}

/// The squash half-point the fitted weights are expressed against.
pub const SQUASH: i32 = 1000;

fn collect<G: Playable<Eval: From<Weights>>>(
    rules: G::Rules,
    start: Weights,
    games: u32,
    seed: u64,
    explore_permille: u32,
    learned: bool,
) -> Vec<Sample> {
    let mut scratch = Box::<G::Scratch>::default();
    let mut out = Vec::new();
    let mut rng = Pcg32::new(seed, 0x7465_7865);
    // The game's learned evaluator: the `net` row of its level table.
    let (net, _) = G::level(Row::Net, rules);
    for g in 0..games {
        let mut dice = Pcg32::new(seed.wrapping_add(u64::from(g)), 0x6469_6365);
        let first = G::SIDES[(dice.next_u32() & 1) as usize];
        let mut pos = G::start(rules, first);
        let mut seen: Vec<(usize, FeatureVec, usize, Option<f64>)> = Vec::new();
        let mut turns = 0;
        let winner = loop {
            if let Some(w) = G::winner(&pos) {
                break G::SIDES.iter().position(|&s| s == w);
            }
            if turns > 20_000 {
                break None;
            }
            let Some(chance) = sample_chance::<G>(&pos, &mut dice) else {
                break None;
            };
            let turn = if rng.next_u32() % 1000 < explore_permille {
                random_turn::<G>(&mut scratch, &pos, &chance, &mut rng)
            } else {
                Search::<G>::new(&mut scratch, &pos, &chance, start, Budget::STATIC)
                    .run(&mut scratch)
            };
            let Some(turn) = turn else { break None };
            pos = G::apply(&pos, &turn);
            turns += 1;
            if G::winner(&pos).is_none() {
                for (i, &side) in G::SIDES.iter().enumerate() {
                    let mut f = [0; MAX_FEATURES];
                    let phase = G::features(&pos, side, &mut f).min(PHASES - 1);
                    // Distillation: the game's learned value as the label, when asked for.
                    let v = learned
                        .then(|| G::evaluate(&net, &pos, side))
                        .map(|v| 0.5 + 0.5 * f64::from(v) / f64::from(WIN));
                    seen.push((phase, f, i, v));
                }
            }
        };
        if let Some(w) = winner {
            out.extend(seen.into_iter().map(|(phase, f, i, v)| Sample {
                phase,
                f,
                won: v.unwrap_or(if i == w { 1.0 } else { 0.0 }),
            }));
        }
    }
    out
}

fn predict(w: &[[f64; MAX_FEATURES]; PHASES], s: &Sample) -> (f64, f64) {
    let raw: f64 = w[s.phase]
        .iter()
        .zip(s.f.iter())
        .map(|(a, &x)| a * f64::from(x))
        .sum();
    let k = f64::from(SQUASH);
    let p = 0.5 + 0.5 * raw / (raw.abs() + k);
    let dp = 0.5 * k / ((raw.abs() + k) * (raw.abs() + k));
    (p, dp)
}

/// How a fit is run.
pub struct Fit {
    /// Self-play games to collect.
    pub games: u32,
    /// Full-batch Adam steps.
    pub epochs: u32,
    /// Share of random turns in the self-play games, per mille.
    pub explore: u32,
    /// Weight of the pull towards the starting weights (per squared weight unit).
    pub prior: f64,
    /// Keep every weight at zero or above (each feature is oriented so that more is better).
    pub nonneg: bool,
    /// Label each position with the game's learned evaluation (the `net` row of
    /// `Profile::level`) instead of the game's outcome: the linear weights are then fitted to
    /// imitate the network (distillation).
    pub learned: bool,
}

/// Collects self-play games with `start` and fits new weights; prints the loss.
pub fn fit<G: Playable<Eval: From<Weights>>>(
    rules: G::Rules,
    start: Weights,
    used: usize,
    seed: u64,
    cfg: &Fit,
) -> Weights {
    let data = collect::<G>(rules, start, cfg.games, seed, cfg.explore, cfg.learned);
    println!(
        "texel: {} labelled positions from {} games",
        data.len(),
        cfg.games
    );
    let scale = f64::from(SQUASH) / f64::from(start.squash.max(1));
    let mut w = [[0f64; MAX_FEATURES]; PHASES];
    for (row, start_row) in w.iter_mut().zip(start.phase.iter()) {
        for (x, &s) in row.iter_mut().zip(start_row.iter()).take(used) {
            *x = f64::from(s) * scale;
        }
    }
    let w0 = w;
    let (mut m, mut v) = (
        [[0f64; MAX_FEATURES]; PHASES],
        [[0f64; MAX_FEATURES]; PHASES],
    );
    let (b1, b2, lr, eps) = (0.9f64, 0.999f64, 0.5f64, 1e-8f64);
    let n = data.len().max(1) as f64;
    for epoch in 0..cfg.epochs {
        let mut grad = [[0f64; MAX_FEATURES]; PHASES];
        let mut loss = 0.0;
        for s in &data {
            let (p, dp) = predict(&w, s);
            let e = p - s.won;
            loss += e * e;
            for (g, &x) in grad[s.phase].iter_mut().zip(s.f.iter()).take(used) {
                *g += 2.0 * e * dp * f64::from(x) / n;
            }
        }
        if epoch % 50 == 0 || epoch + 1 == cfg.epochs {
            println!("texel: epoch {epoch:4} mse {:.5}", loss / n);
        }
        let t = f64::from(epoch + 1);
        for p in 0..PHASES {
            for i in 0..used {
                let g = grad[p][i] + 2.0 * cfg.prior * (w[p][i] - w0[p][i]);
                m[p][i] = b1 * m[p][i] + (1.0 - b1) * g;
                v[p][i] = b2 * v[p][i] + (1.0 - b2) * g * g;
                let mh = m[p][i] / (1.0 - b1.powf(t));
                let vh = v[p][i] / (1.0 - b2.powf(t));
                w[p][i] -= lr * mh / (vh.sqrt() + eps);
                if cfg.nonneg && w[p][i] < 0.0 {
                    w[p][i] = 0.0;
                }
            }
        }
    }
    let mut out = Weights {
        phase: [[0; MAX_FEATURES]; PHASES],
        squash: SQUASH,
    };
    for (row, fitted) in out.phase.iter_mut().zip(w.iter()) {
        for (x, &f) in row.iter_mut().zip(fitted.iter()).take(used) {
            *x = f.round() as i32;
        }
    }
    out
}
