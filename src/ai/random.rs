//! The random player: uniform over the distinct legal turns, drawn from the caller's seeded
//! generator (so a seed replays the same choices).

use rand_core::RngCore;

use super::search::game::RaceGame;

/// A turn drawn uniformly from the distinct legal turns (`None` only if there are none, which
/// the [`RaceGame`] contract forbids).
pub fn random_turn<G: RaceGame>(
    scratch: &mut G::Scratch,
    pos: &G::Pos,
    chance: &G::Chance,
    rng: &mut impl RngCore,
) -> Option<G::Turn> {
    let turns = G::turns(scratch, pos, chance);
    let n = turns.len() as u64;
    if n == 0 {
        return None;
    }
    // Multiply-shift maps a 32-bit draw onto 0..n (bias below 2^-20 for any list we generate).
    let i = (u64::from(rng.next_u32()) * n) >> 32;
    turns.get(i as usize).copied()
}
