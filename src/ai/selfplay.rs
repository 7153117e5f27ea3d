//! Whole games between two computer players, for tournaments, tuning and tests: draws the
//! chance outcomes from a seeded generator with their exact weights, asks the side to move's
//! player for a turn, applies it, until someone wins. Deterministic for a seed. No heap.

use rand_core::RngCore;
use rand_pcg::Pcg32;

use super::player::{Kind, Player, Profile};
use super::search::game::RaceGame;

/// What a game needs beyond [`RaceGame`] to be played from the start.
pub trait Playable: Profile {
    /// The two sides, first-listed side first.
    const SIDES: [Self::Side; 2];
    /// The starting position of `rules` with `first` to move.
    fn start(rules: Self::Rules, first: Self::Side) -> Self::Pos;
}

/// Draws a chance outcome of `pos` with its weight (exact for any total below 2^32).
pub fn sample_chance<G: RaceGame>(pos: &G::Pos, rng: &mut impl RngCore) -> Option<G::Chance> {
    let list = G::chances(pos);
    let total: u64 = list.iter().map(|c| u64::from(c.1)).sum();
    if total == 0 {
        return None;
    }
    // Rejection sampling keeps the draw exactly proportional to the weights.
    let zone = u64::from(u32::MAX) + 1 - (u64::from(u32::MAX) + 1) % total;
    let mut r = u64::from(rng.next_u32());
    while r >= zone {
        r = u64::from(rng.next_u32());
    }
    let mut x = r % total;
    for (c, w) in list {
        if x < u64::from(*w) {
            return Some(*c);
        }
        x -= u64::from(*w);
    }
    None
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Index (0 or 1) into the players array of the winner; `None` if the turn limit was hit.
    pub winner: Option<usize>,
    /// Turns played (chance outcome plus choice).
    pub turns: u32,
    /// Index of the player who moved first.
    pub first: usize,
}

/// Turn limit after which a game is abandoned without a winner (counted as unfinished). Under
/// the senet readings of issue 30 no measured game comes near it; `arena lengths` and `arena
/// tournament` report how far games stay from it (median, p90, p99, max, games at the limit).
pub const TURN_LIMIT: u32 = 20_000;

/// Plays one game: `players[0]` plays side `G::SIDES[0]`, `players[1]` the other side. The side
/// that starts is drawn from `seed` (fair coin), as are all dice.
pub fn play_game<G: Playable>(
    rules: G::Rules,
    scratch: &mut G::Scratch,
    players: &mut [Player; 2],
    seed: u64,
) -> Outcome {
    play_with::<G>(rules, scratch, seed, |mover, scratch, pos, chance| {
        players[mover].choose::<G>(scratch, pos, chance)
    })
}

/// Plays one game where `choose(mover, scratch, pos, chance)` picks the turn of player `mover`
/// (0 plays `G::SIDES[0]`). The starting side and all dice come from `seed`.
pub fn play_with<G: Playable>(
    rules: G::Rules,
    scratch: &mut G::Scratch,
    seed: u64,
    mut choose: impl FnMut(usize, &mut G::Scratch, &G::Pos, &G::Chance) -> Option<G::Turn>,
) -> Outcome {
    let mut dice = Pcg32::new(seed, 0x5851_f42d_4c95_7f2d);
    let first = (dice.next_u32() & 1) as usize;
    let mut pos = G::start(rules, G::SIDES[first]);
    let mut turns = 0;
    while turns < TURN_LIMIT {
        if let Some(w) = G::winner(&pos) {
            let winner = G::SIDES.iter().position(|&s| s == w);
            return Outcome {
                winner,
                turns,
                first,
            };
        }
        let Some(chance) = sample_chance::<G>(&pos, &mut dice) else {
            break;
        };
        let mover = if G::to_move(&pos) == G::SIDES[0] {
            0
        } else {
            1
        };
        let Some(turn) = choose(mover, scratch, &pos, &chance) else {
            break;
        };
        pos = G::apply(&pos, &turn);
        turns += 1;
    }
    Outcome {
        winner: None,
        turns,
        first,
    }
}

/// Result of a series of games of `a` against `b`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games won by `a`.
    pub a_wins: u32,
    /// Games played.
    pub games: u32,
    /// Games abandoned at the turn limit (counted as not won by `a`).
    pub unfinished: u32,
}

/// Plays `games` games of `a` against `b`, alternating sides: game `i` uses dice seed
/// `seed + i / 2` (so each pair replays the same dice with the sides swapped) and `a` plays
/// `G::SIDES[i % 2]`. Calls `each(i, game_seed, a_side_index, outcome)` after every game.
pub fn tournament<G: Playable>(
    rules: G::Rules,
    scratch: &mut G::Scratch,
    a: Kind,
    b: Kind,
    games: u32,
    seed: u64,
    mut each: impl FnMut(u32, u64, usize, &Outcome),
) -> Score {
    let mut score = Score::default();
    for i in 0..games {
        let game_seed = seed.wrapping_add(u64::from(i / 2));
        let a_side = (i % 2) as usize;
        let pa = Player::new(a, game_seed ^ 0xa);
        let pb = Player::new(b, game_seed ^ 0xb);
        let mut players = if a_side == 0 { [pa, pb] } else { [pb, pa] };
        let out = play_game::<G>(rules, scratch, &mut players, game_seed);
        score.games += 1;
        match out.winner {
            Some(w) if w == a_side => score.a_wins += 1,
            Some(_) => {}
            None => score.unfinished += 1,
        }
        each(i, game_seed, a_side, &out);
    }
    score
}

/// Wilson score interval (95%) of a win rate, in per-mille (lower, upper). Integer-only except
/// for one square root done with `libm`.
pub fn wilson_95(wins: u32, games: u32) -> (u32, u32) {
    if games == 0 {
        return (0, 1000);
    }
    let n = f64::from(games);
    let p = f64::from(wins) / n;
    let z = 1.959_963_984_540_054_f64;
    let z2 = z * z;
    let centre = p + z2 / (2.0 * n);
    let half = z * libm::sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n));
    let denom = 1.0 + z2 / n;
    let lo = ((centre - half) / denom * 1000.0).max(0.0);
    let hi = ((centre + half) / denom * 1000.0).min(1000.0);
    (libm::round(lo) as u32, libm::round(hi) as u32)
}
