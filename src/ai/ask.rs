//! A question put as text, the way the game's log writes it: "which turn does this player pick
//! for this position and this roll?" (`event=decision_position ... pos=CODE roll=R`, see
//! `app::context::DecisionLog`). Reads the position code and the roll, asks a [`Player`] of the
//! named kind through [`Player::choose`] (the library path the game's `Thinker` steps, all at
//! once) and writes the answer in the notation of the log's `event=decision` / `event=turn`
//! lines. Used by `arena decide` and the e2e test `ai_same.rs`, so the host answers with the
//! same code the Wii ran. Bad input is an [`AskError`], never a panic.

use core::fmt;

use crate::games::{senas, senet};

use super::player::{Kind, Player};
use super::senas::adapter::{Senas, SenasChance, SenasScratch};
use super::senet::adapter::Senet;

/// Why a question could not be asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AskError {
    /// Not `senas` or `senet`.
    Game,
    /// Not a player's name (`Kind::parse`).
    Level,
    /// Not a senas position code.
    SenasPosition(senas::CodeError),
    /// Not a senet position code.
    SenetPosition(senet::CodeError),
    /// Not a roll this position can be asked with: senas `a,b,c` (dice 1..6) when it must roll,
    /// `gift` when a gift is pending; senet a distance its rule set's sticks can give.
    Roll,
    /// The game is already won.
    Over,
    /// The player gave no turn (the rules left none).
    NoTurn,
}

impl fmt::Display for AskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AskError::Game => f.write_str("the game must be senas or senet"),
            AskError::Level => {
                f.write_str("unknown level or player (easy, normal, hard, or a tournament player)")
            }
            AskError::SenasPosition(e) => e.fmt(f),
            AskError::SenetPosition(e) => e.fmt(f),
            AskError::Roll => f.write_str(
                "bad roll: senas takes three dice a,b,c (1..6) when the side rolls, `gift` when a gift is pending; senet a throw its rule set can give",
            ),
            AskError::Over => f.write_str("the game in this position is already won"),
            AskError::NoTurn => f.write_str("the player found no turn"),
        }
    }
}

/// The senas chance of `roll` at `pos`: the dice, or the pending gift.
fn senas_chance(pos: &senas::Position, roll: &str) -> Result<SenasChance, AskError> {
    if roll == "gift" {
        return if pos.needs_roll() {
            Err(AskError::Roll)
        } else {
            Ok(SenasChance::Gift)
        };
    }
    if !pos.needs_roll() {
        return Err(AskError::Roll);
    }
    let mut dice = [0u8; 3];
    let mut n = 0;
    for word in roll.split(',') {
        let d = match word.as_bytes() {
            [d @ b'1'..=b'6'] => d - b'0',
            _ => return Err(AskError::Roll),
        };
        *dice.get_mut(n).ok_or(AskError::Roll)? = d;
        n += 1;
    }
    if n != 3 {
        return Err(AskError::Roll);
    }
    let r = senas::Roll::new(dice[0], dice[1], dice[2]).ok_or(AskError::Roll)?;
    Ok(SenasChance::from_roll(r))
}

/// Writes the turn `level` picks for `game` at `position` (a position code) after `roll`:
/// senas `moves=1-4,1-6 unused=3`, senet `move=9-11` (the log's notation).
pub fn ask(
    scratch: &mut SenasScratch,
    game: &str,
    level: &str,
    position: &str,
    roll: &str,
    out: &mut dyn fmt::Write,
) -> Result<(), AskError> {
    let kind = Kind::parse(level).ok_or(AskError::Level)?;
    // The levels use no randomness; the seed only feeds the random player.
    let mut player = Player::new(kind, 0);
    match game {
        "senas" => {
            let pos = senas::Position::from_code(position).map_err(AskError::SenasPosition)?;
            if pos.winner().is_some() {
                return Err(AskError::Over);
            }
            let chance = senas_chance(&pos, roll)?;
            let turn = player
                .choose::<Senas>(scratch, &pos, &chance)
                .ok_or(AskError::NoTurn)?;
            let side = pos.side_to_move();
            let moves = senas::TurnMoves { side, turn: &turn };
            let _ = write!(out, "moves={moves} unused={}", turn.unused());
        }
        "senet" => {
            let pos = senet::Position::from_code(position).map_err(AskError::SenetPosition)?;
            if pos.winner().is_some() {
                return Err(AskError::Over);
            }
            let throw = match roll.as_bytes() {
                [d @ b'0'..=b'9'] => pos.variant().rules().throw(d - b'0'),
                _ => None,
            }
            .ok_or(AskError::Roll)?;
            let mut list = senet::MoveList::new();
            let mv = player
                .choose::<Senet>(&mut list, &pos, &throw)
                .ok_or(AskError::NoTurn)?;
            let _ = write!(out, "move={mv}");
        }
        _ => return Err(AskError::Game),
    }
    Ok(())
}
