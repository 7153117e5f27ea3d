//! The coach's numbers (issue 27 part 5): a side's win chance in per-mille, the exact one where
//! the game knows it (`Profile::exact`: senet's endgame tables in the program), else read from
//! the evaluator the hint plays by (the Normal level's of the game and rule set, a learned
//! network trained so that `0.5 + 0.5 v / WIN` is the chance of winning; `docs/ai.md`), and
//! the tutor's policy: warn before a turn that loses at least [`BLUNDER_PERMILLE`] against the
//! best turn by the same evaluation. Pure: no I/O, no heap, no floats; the host and the Wii
//! agree.

use super::player::{Level, Profile, Row};
use super::search::eval::WIN;

/// A turn that loses at least this much win chance (per mille: 5%) against the best turn is a
/// blunder, the tutor's threshold (issue 27's "loses more than 5% win chance").
pub const BLUNDER_PERMILLE: u16 = 50;

/// The win chance in per mille (0..=1000, rounded) of an evaluation `value` in
/// `-WIN..=WIN` (clamped): `500 + 500 value / WIN`.
pub fn permille(value: i32) -> u16 {
    let win = i64::from(WIN);
    let v = i64::from(value.clamp(-WIN, WIN));
    // (win + v) / (2 win) x 1000, rounded half up; 0..=1000 by the clamp.
    (((win + v) * 1000 + win) / (2 * win)) as u16
}

/// The evaluator the coach reads: the Normal level's (the hint's, a 0-ply search) under the
/// rule set of `pos`.
fn judge<G: Profile>(pos: &G::Pos) -> G::Eval {
    G::level(Row::Level(Level::Normal), G::rules(pos)).0
}

/// The win chance (per mille) of the side to move in `pos`, before its roll or throw: 1000
/// once it has won, 0 once it has lost; the exact chance where the game has one.
pub fn win_chance<G: Profile>(pos: &G::Pos) -> u16 {
    G::exact(pos).unwrap_or_else(|| permille(G::evaluate(&judge::<G>(pos), pos, G::to_move(pos))))
}

/// The win chance (per mille) of the side to move in `before` once one of its turns has led
/// to `after` (whoever moves next there: senet's extra throws keep the same side); the exact
/// chance where the game has one for `after`.
pub fn chance_after<G: Profile>(before: &G::Pos, after: &G::Pos) -> u16 {
    let me = G::to_move(before);
    match G::exact(after) {
        Some(c) if G::to_move(after) == me => c,
        Some(c) => 1000 - c.min(1000),
        None => permille(G::evaluate(&judge::<G>(before), after, me)),
    }
}

/// The best turn's win chance for the side to move in `pos` after `chance`, over every legal
/// turn (generated at once in `scratch`: senet and tools; the app's senas part asks the hint's
/// sliced search instead, whose answer is the same turn). `None` if the rules gave no turn.
pub fn best_chance<G: Profile>(
    scratch: &mut G::Scratch,
    pos: &G::Pos,
    chance: &G::Chance,
) -> Option<u16> {
    G::turns(scratch, pos, chance)
        .iter()
        .map(|t| chance_after::<G>(pos, &G::apply(pos, t)))
        .max()
}

/// The win chance a turn of win chance `chosen` gives away against the best turn's `best`
/// (0 when it is as good or better).
pub fn loss(best: u16, chosen: u16) -> u16 {
    best.saturating_sub(chosen)
}

/// The tutor's decision: with the tutor `on`, a person's turn worth `chosen` per mille against
/// the best turn's `best` is questioned before it is committed when it loses at least
/// [`BLUNDER_PERMILLE`].
pub fn tutor_warns(on: bool, best: u16, chosen: u16) -> bool {
    on && loss(best, chosen) >= BLUNDER_PERMILLE
}

pub mod review;

#[cfg(test)]
mod tests;
