//! What each computer level is, as the main menu says it under the rows while the opponent row
//! is chosen: "Hard: 98% of its turns are the best one". The figures are measured, not guessed:
//! [`BEST_PERMILLE`] is each level's best-move share against the exact senet endgame tables
//! (`cargo run --release -p endgame -- measure --pieces 2 --games 1500 --seed 27`, the table in
//! docs/ai.md, "Measured against exact endgames"; `tests/level_figures.rs` checks the two
//! agree). Senas has no table: its line gives the WiiBrew 2009 figure and says it is senet's.
//! Owns the figures and the line; draws nothing.

use crate::ai::Level;
use crate::games::senet::Variant;

use super::choices::GameKind;
use super::strings::{fill, Strings};
use super::text::Text;

/// The levels in the menu's order, weakest first (`Level as usize` indexes [`BEST_PERMILLE`]).
pub const LEVELS: [Level; 4] = [Level::Beginner, Level::Easy, Level::Normal, Level::Hard];

/// Per mille of a level's endgame decisions on which it chose a best move, by senet rule set
/// (`Variant::ALL` order) and level ([`LEVELS`] order), from docs/ai.md's table.
pub const BEST_PERMILLE: [[u16; 4]; Variant::COUNT] = [
    // wiibrew2009
    [637, 818, 880, 976],
    // kendall
    [564, 679, 855, 967],
    // jequier
    [600, 736, 754, 950],
];

/// The whole per cent (rounded half up) of `level`'s best moves under `variant`.
pub fn best_percent(variant: Variant, level: Level) -> u16 {
    let pm = BEST_PERMILLE[variant.index()][level as usize];
    (pm + 5) / 10
}

/// The menu's line on `level` in `game` (senet: under `variant`).
pub fn line(t: &Strings, game: GameKind, variant: Variant, level: Level) -> Text<80> {
    let name = t.level_names[level as usize];
    let mut out = Text::new();
    match game {
        GameKind::Senet => fill(
            &mut out,
            t.level_best,
            &[&name, &best_percent(variant, level)],
        ),
        GameKind::Senas => fill(
            &mut out,
            t.level_best_senas,
            &[&name, &best_percent(Variant::Wiibrew2009, level)],
        ),
    }
    out
}
