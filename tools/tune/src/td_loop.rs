//! The one TD(lambda) loop both network trainers run (`td.rs` for senas, `senet_td.rs` for a
//! senet rule set): both sides play greedily by the `f32` network (0-ply), or at random for
//! `--explore` per mille of turns, or the caller's fixed players play ([`Fixed`]: policy
//! evaluation); the dice come from the seed, and after every turn each side's eligibility trace
//! moves the network toward the next value (1 or 0 once the game is won; `--cap-value` for both
//! once it is abandoned at `--max-turns`). A run is a function of its arguments. Knows no game:
//! positions arrive through `Playable`, inputs through the game's encoder; what is checked and
//! written is the caller's.

use rand_core::RngCore;
use rand_pcg::Pcg32;
use senas_senet::ai::selfplay::{sample_chance, Playable};
use senas_senet::ai::RaceGame;

use crate::net_f32::Net;

/// The options every trainer shares.
pub(crate) struct Run {
    /// Self-play games.
    pub(crate) games: u32,
    /// Learning rate at the start.
    pub(crate) alpha: f32,
    /// Learning rate at the end, decayed linearly (negative: constant `alpha`).
    pub(crate) alpha_end: f32,
    /// Trace decay.
    pub(crate) lambda: f32,
    /// The seed of the dice, the initial weights and the exploring turns.
    pub(crate) seed: u64,
    /// Games between two checks (the last game is always checked).
    pub(crate) check: u32,
    /// Per mille of self-play turns played at random instead of greedily.
    pub(crate) explore: u32,
    /// Turns after which a game is abandoned (self-play: none reaches it; `--max-turns`).
    pub(crate) max_turns: u32,
    /// The value both sides' traces move toward when a game is abandoned at `max_turns`
    /// (`--cap-value`: 0 scores it as lost by both); negative: no update, as before.
    pub(crate) cap_value: f32,
}

impl Run {
    /// The shared options ([`Run::set`]).
    pub(crate) const OPTIONS: [&'static str; 9] = [
        "games",
        "alpha",
        "alpha-end",
        "lambda",
        "seed",
        "check",
        "explore",
        "max-turns",
        "cap-value",
    ];

    /// Sets the shared option `--name` (one of [`Run::OPTIONS`]) to `value`.
    pub(crate) fn set(
        &mut self,
        name: &str,
        value: std::ffi::OsString,
    ) -> Result<(), lexopt::Error> {
        use lexopt::prelude::*;
        match name {
            "games" => self.games = value.parse()?,
            "alpha" => self.alpha = value.parse()?,
            "alpha-end" => self.alpha_end = value.parse()?,
            "lambda" => self.lambda = value.parse()?,
            "seed" => self.seed = value.parse()?,
            "check" => self.check = value.parse::<u32>()?.max(1),
            "explore" => self.explore = value.parse::<u32>()?.min(1000),
            "max-turns" => self.max_turns = value.parse::<u32>()?.max(1),
            "cap-value" => self.cap_value = value.parse::<f32>()?.min(1.0),
            _ => return Err(lexopt::Error::UnexpectedOption(format!("--{name}"))),
        }
        Ok(())
    }
}

/// The greedy turn of the side to move by `value(after, mover)` (a win beats everything), and
/// the position it reaches.
pub(crate) fn greedy<G: RaceGame>(
    scratch: &mut G::Scratch,
    pos: &G::Pos,
    chance: &G::Chance,
    mut value: impl FnMut(&G::Pos, G::Side) -> f32,
) -> Option<(G::Turn, G::Pos)> {
    let mover = G::to_move(pos);
    let mut best: Option<(f32, G::Turn, G::Pos)> = None;
    for t in G::turns(scratch, pos, chance).iter() {
        let p = G::apply(pos, t);
        let v = match G::winner(&p) {
            Some(w) if w == mover => 2.0,
            Some(_) => -1.0,
            None => value(&p, mover),
        };
        if best.as_ref().is_none_or(|b| v > b.0) {
            best = Some((v, *t, p));
        }
    }
    best.map(|(_, t, p)| (t, p))
}

/// Who plays the turns of a training game: `fixed(game, net, scratch, pos, chance)` answers
/// `Some(next position)` when fixed players of the caller's choice play game `game` (TD(lambda)
/// then evaluates their play: policy evaluation, `senet-td --play`), `None` for self-play by
/// the network being trained (`net`, which a fixed player may also search with).
pub(crate) type Fixed<'a, G, const IN: usize, const H: usize> = dyn FnMut(
        u32,
        &Net<IN, H>,
        &mut <G as RaceGame>::Scratch,
        &<G as RaceGame>::Pos,
        &<G as RaceGame>::Chance,
    ) -> Option<Option<<G as RaceGame>::Pos>>
    + 'a;

/// Trains `net` by `run.games` games of `rules`, self-play unless `fixed` plays them (see
/// [`Fixed`]). `encode` fills the inputs of a position seen from a side;
/// `checked(games_done, net, scratch)` is called every `run.check` games and after the last.
pub(crate) fn train<G: Playable, const IN: usize, const H: usize>(
    run: &Run,
    rules: G::Rules,
    scratch: &mut G::Scratch,
    net: &mut Net<IN, H>,
    fixed: &mut Fixed<'_, G, IN, H>,
    mut encode: impl FnMut(&G::Pos, G::Side, &mut Vec<(u16, i16)>),
    mut checked: impl FnMut(u32, &Net<IN, H>, &mut G::Scratch),
) {
    let params = Net::<IN, H>::PARAMS;
    let mut e = [vec![0.0f32; params], vec![0.0f32; params]];
    let mut x: Vec<(u16, i16)> = Vec::new();
    let sides = G::SIDES;
    // Exploring turns draw from their own stream, so `--explore 0` plays the games it always did.
    let mut explorer = Pcg32::new(run.seed, 0x6578_706c);
    for g in 0..run.games {
        // Linear decay from --alpha to --alpha-end (constant when no end is given).
        let end = if run.alpha_end < 0.0 {
            run.alpha
        } else {
            run.alpha_end
        };
        let alpha = run.alpha + (end - run.alpha) * g as f32 / run.games.max(1) as f32;
        let mut dice = Pcg32::new(run.seed.wrapping_mul(7_919) + u64::from(g), 0x5851_f42d);
        let first = sides[(dice.next_u32() & 1) as usize];
        let mut pos = G::start(rules, first);
        let mut y = [0.0f32; 2];
        for k in 0..2 {
            e[k].iter_mut().for_each(|v| *v = 0.0);
            encode(&pos, sides[k], &mut x);
            y[k] = net.grad_into(&x, &mut e[k]);
        }
        let (mut over, mut played) = (false, 0u32);
        for _ in 0..run.max_turns {
            let Some(chance) = sample_chance::<G>(&pos, &mut dice) else {
                break;
            };
            let explore = run.explore > 0 && explorer.next_u32() % 1000 < run.explore;
            let next = if let Some(next) = fixed(g, net, scratch, &pos, &chance) {
                next
            } else if explore {
                let turns = G::turns(scratch, &pos, &chance);
                let k = explorer.next_u32() as usize % turns.len().max(1);
                turns.get(k).map(|t| G::apply(&pos, t))
            } else {
                greedy::<G>(scratch, &pos, &chance, |p, s| {
                    encode(p, s, &mut x);
                    net.prob(&x)
                })
                .map(|(_, p)| p)
            };
            let Some(next) = next else {
                break;
            };
            pos = next;
            played += 1;
            let won = G::winner(&pos);
            over = won.is_some();
            for k in 0..2 {
                let target = match won {
                    Some(w) if w == sides[k] => 1.0,
                    Some(_) => 0.0,
                    None => {
                        encode(&pos, sides[k], &mut x);
                        net.prob(&x)
                    }
                };
                let delta = target - y[k];
                net.add(&e[k], alpha * delta);
                if won.is_none() {
                    e[k].iter_mut().for_each(|v| *v *= run.lambda);
                    encode(&pos, sides[k], &mut x);
                    y[k] = net.grad_into(&x, &mut e[k]);
                }
            }
            if over {
                break;
            }
        }
        if !over && played == run.max_turns && run.cap_value >= 0.0 {
            // Abandoned at the cap: a stall, scored as the cap value for both sides.
            for k in 0..2 {
                net.add(&e[k], alpha * (run.cap_value - y[k]));
            }
        }
        if (g + 1) % run.check.max(1) == 0 || g + 1 == run.games {
            checked(g + 1, net, scratch);
        }
    }
}
