//! What a finished match's record says about it (`save::RecordHeader`): game, rule set, who
//! played each side, seed, who threw first, turns, winner. Owns the naming of players in
//! records; the record's bytes are `save::record`'s.

use crate::ai::Level;
use crate::app::{Controller, Finished};
use crate::save::RecordHeader;

/// A side's player as records name it: `person`, `person2`, `cpu_beginner` / `cpu_easy` /
/// `cpu_normal` / `cpu_hard`.
pub fn player(c: Controller, side: u8) -> &'static str {
    match c {
        Controller::Human(0) if side == 0 => "person",
        Controller::Human(_) => "person2",
        Controller::Computer(Level::Beginner) => "cpu_beginner",
        Controller::Computer(Level::Easy) => "cpu_easy",
        Controller::Computer(Level::Normal) => "cpu_normal",
        Controller::Computer(Level::Hard) => "cpu_hard",
    }
}

/// The header of `f`'s record.
pub fn header(
    f: &Finished,
    controllers: [Controller; 2],
    seed: u64,
    first: u8,
) -> RecordHeader<'static> {
    RecordHeader {
        game: f.game.name(),
        rules: f.rules,
        players: [player(controllers[0], 0), player(controllers[1], 1)],
        seed,
        first,
        turns: f.turns,
        winner: u8::from(!f.player1_won),
    }
}
