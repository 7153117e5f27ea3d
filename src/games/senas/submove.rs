//! Legality of one sub-move (S4, S7, decisions 2, 3, 8) and the end-of-turn first-sena limit
//! (decision 4), with the typed [`Illegal`] error the UI shows as is. Works on one army and the
//! opponent's holes seen along the mover's path; never looks at dice bookkeeping or turns.

use super::army::{Army, PIECES};
use super::side::{HOLES, SENA};

/// One sub-move: the piece on the mover's path index `from` moves `die` holes forward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SubMove {
    /// Mover's path index (0..23) of the piece that moves.
    pub from: u8,
    /// Holes moved (1..6).
    pub die: u8,
}

impl SubMove {
    /// Packs into one byte (`from * 6 + die - 1`, below 144).
    pub(crate) const fn pack(self) -> u8 {
        self.from * 6 + self.die - 1
    }

    /// Inverse of [`SubMove::pack`].
    pub(crate) const fn unpack(b: u8) -> SubMove {
        SubMove {
            from: b / 6,
            die: b % 6 + 1,
        }
    }

    /// Mover's path index where the piece lands; 24 means borne off.
    pub const fn to(self) -> u8 {
        let t = self.from + self.die;
        if t as usize > HOLES {
            HOLES as u8
        } else {
            t
        }
    }
}

/// Why the rules forbid a sub-move or the end of a turn. `Display` is the sentence the UI shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// No piece of the mover on that hole.
    NoPiece,
    /// No unused sub-move of that value.
    NoSuchDie,
    /// S4: the landing hole is held by the opponent.
    HeldByOpponent,
    /// Decision 3: the first piece must reach the fourth sena before another leaves the start.
    RunnerAlone,
    /// Decision 8: bearing off needs every piece in the fourth sena.
    NotAllInFourthSena,
    /// Decision 8: a number larger than needed bears off only the rearmost piece.
    NotRearmost,
    /// Decision 4: at most two holes of the first sena at the end of the turn.
    FirstSenaFull,
    /// Decision 5: as many sub-moves as possible must be played.
    MustUseMore,
    /// Decision 9: the game is already won.
    GameOver,
}

impl core::fmt::Display for Illegal {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Illegal::NoPiece => "you have no piece on that hole",
            Illegal::NoSuchDie => "no unused die shows that number",
            Illegal::HeldByOpponent => "that hole is held by the opponent",
            Illegal::RunnerAlone => {
                "the first piece must reach the fourth sena alone before another piece may enter"
            }
            Illegal::NotAllInFourthSena => {
                "you may bear off only when all your pieces are in the fourth sena"
            }
            Illegal::NotRearmost => {
                "a number larger than needed bears off only your rearmost piece"
            }
            Illegal::FirstSenaFull => {
                "the first sena may hold only two of your holes at the end of the turn"
            }
            Illegal::MustUseMore => "you must play as many of the dice as can be played",
            Illegal::GameOver => "the game is already won",
        })
    }
}

/// Plays one sub-move for `army` when the opponent holds the mover's path indices in `blocked`
/// (bit p = path p). Returns the army after it, or the rule that forbids it. Checks, in order:
/// a piece is there, the game is not over, the runner rule (decision 3, before the sub-move),
/// bearing off (decision 8) or blocking (S4).
#[inline]
pub fn try_sub_move(army: Army, blocked: u32, sm: SubMove) -> Result<Army, Illegal> {
    let from = usize::from(sm.from);
    if army.off() == PIECES {
        return Err(Illegal::GameOver);
    }
    if from >= HOLES || army.count(from) == 0 {
        return Err(Illegal::NoPiece);
    }
    if from == 0 && army.count(0) < PIECES && army.off() == 0 && !army.any_in_fourth_sena() {
        return Err(Illegal::RunnerAlone);
    }
    let to = from + usize::from(sm.die);
    if to < HOLES {
        if blocked & (1 << to) != 0 {
            return Err(Illegal::HeldByOpponent);
        }
        return Ok(army.moved(from, to));
    }
    if army.any_below(3 * SENA) {
        return Err(Illegal::NotAllInFourthSena);
    }
    if to > HOLES && army.any_below(from) {
        return Err(Illegal::NotRearmost);
    }
    Ok(army.moved(from, HOLES))
}

/// Decision 4: true when the army occupies at most two holes of its first sena.
#[inline]
pub const fn first_sena_ok(army: Army) -> bool {
    army.first_sena_holes() <= 2
}
