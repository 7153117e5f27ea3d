//! What each computer level is, as the main menu says it under the rows while the opponent row
//! is chosen: "Hard: 97% of its turns within 1% of the best". The figures are measured, not
//! guessed: [`NEAR_PERMILLE`] is each level's share of near-best turns (losing less than 1%
//! win chance against the best) on the benchmark sets of whole games, senas and each senet
//! rule set (`arena levels`, the table in docs/ai.md, "Every level's error on the benchmark
//! sets"; `tests/level_figures.rs` checks the two agree). Owns the figures and the line; draws
//! nothing.

use crate::ai::Level;
use crate::games::senet::Variant;

use super::choices::GameKind;
use super::strings::{fill, Strings};
use super::text::Text;

/// The levels in the menu's order, weakest first (`Level as usize` indexes a row of
/// [`NEAR_PERMILLE`]).
pub const LEVELS: [Level; 4] = [Level::Beginner, Level::Easy, Level::Normal, Level::Hard];

/// The benchmark sets in [`NEAR_PERMILLE`]'s order: senas, then the senet rule sets in
/// `Variant::ALL` order (the names docs/ai.md's table uses).
pub const SETS: [&str; 1 + Variant::COUNT] = ["senas", "wiibrew2009", "kendall", "jequier"];

/// Per mille of a level's decisions on which its turn lost less than 1% win chance against
/// the best, by set ([`SETS`] order) and level ([`LEVELS`] order), from docs/ai.md's table.
pub const NEAR_PERMILLE: [[u16; 4]; 1 + Variant::COUNT] = [
    // senas
    [462, 768, 848, 888],
    // wiibrew2009
    [580, 799, 921, 957],
    // kendall
    [797, 915, 961, 983],
    // jequier
    [579, 643, 821, 904],
];

/// The row of [`NEAR_PERMILLE`] of `game` (senet: under `variant`).
pub fn set_index(game: GameKind, variant: Variant) -> usize {
    match game {
        GameKind::Senas => 0,
        GameKind::Senet => 1 + variant.index(),
    }
}

/// The whole per cent (rounded half up) of `level`'s near-best turns in `game` (senet: under
/// `variant`).
pub fn near_percent(game: GameKind, variant: Variant, level: Level) -> u16 {
    let pm = NEAR_PERMILLE[set_index(game, variant)][level as usize];
    (pm + 5) / 10
}

/// The menu's line on `level` in `game` (senet: under `variant`).
pub fn line(t: &Strings, game: GameKind, variant: Variant, level: Level) -> Text<80> {
    let name = t.level_names[level as usize];
    let mut out = Text::new();
    fill(
        &mut out,
        t.level_best,
        &[&name, &near_percent(game, variant, level)],
    );
    out
}
