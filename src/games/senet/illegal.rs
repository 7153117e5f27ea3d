//! Checking one move proposed from outside (a player's pointer, a CLI argument): either the
//! [`Move`] to apply, or the [`Illegal`] reason, with a sentence the UI shows as is.
//!
//! Agrees with `legal_moves` exactly (pinned by a property test): a move is accepted here if
//! and only if `legal_moves` lists it. Reads the position only; no I/O.

use core::fmt;

use super::barrier::barrier;
use super::board::{bit, on_board, LAST, OFF};
use super::moves::{movable, Move};
use super::position::Position;
use super::protection::protected;
use super::throw::Throw;

/// Why the rules forbid a proposed move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// Someone has already borne off all their pieces.
    GameOver,
    /// The square named is not on the board (1..=30, or 31 for bearing off as a target).
    NoSuchSquare {
        /// The square named.
        square: u8,
    },
    /// The side to move has no piece on the starting square.
    NoOwnPiece {
        /// The starting square.
        square: u8,
    },
    /// The target is not the throw's distance away (forward, backward or off the board).
    WrongDistance {
        /// The throw.
        throw: Throw,
    },
    /// The target holds one of the mover's own pieces.
    OwnPiece {
        /// The target square.
        square: u8,
    },
    /// The opposing piece on the target stands on a safe square.
    SafeSquare {
        /// The target square.
        square: u8,
    },
    /// The opposing piece on the target has a piece of its colour beside it.
    Guarded {
        /// The target square.
        square: u8,
    },
    /// The move would pass over an opposing barrier of three or more pieces.
    Barrier {
        /// The first square of the barrier met on the way.
        square: u8,
    },
    /// A backward move while some forward move is legal.
    MustMoveForward,
    /// A pass while some move is legal.
    MustMove,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Illegal::GameOver => write!(f, "The game is over."),
            Illegal::NoSuchSquare { square } => write!(f, "There is no square {square}."),
            Illegal::NoOwnPiece { square } => {
                write!(f, "You have no piece on square {square}.")
            }
            Illegal::WrongDistance { throw } => write!(
                f,
                "A throw of {throw} moves a piece exactly {throw} squares, forward or, when \
                 forced, backward."
            ),
            Illegal::OwnPiece { square } => {
                write!(f, "Square {square} already holds one of your pieces.")
            }
            Illegal::SafeSquare { square } => write!(
                f,
                "The piece on square {square} is on a safe square and cannot be captured."
            ),
            Illegal::Guarded { square } => write!(
                f,
                "The piece on square {square} is protected by a piece of its colour beside it."
            ),
            Illegal::Barrier { square } => write!(
                f,
                "The opposing barrier at square {square} (three or more pieces in a row) cannot \
                 be passed."
            ),
            Illegal::MustMoveForward => {
                write!(
                    f,
                    "You must move forward while any forward move is possible."
                )
            }
            Illegal::MustMove => write!(f, "You have a legal move, so you cannot pass."),
        }
    }
}

/// Checks moving the piece on `from` to `to` (31 = bear off) with `throw` for the side to move.
pub fn check_move(pos: &Position, throw: Throw, from: u8, to: u8) -> Result<Move, Illegal> {
    if pos.winner().is_some() {
        return Err(Illegal::GameOver);
    }
    if !on_board(from) {
        return Err(Illegal::NoSuchSquare { square: from });
    }
    if !(on_board(to) || to == OFF) {
        return Err(Illegal::NoSuchSquare { square: to });
    }
    let rules = pos.variant.rules();
    let me = pos.boards[pos.to_move.index()];
    let opp = pos.boards[pos.to_move.other().index()];
    if me & bit(from) == 0 {
        return Err(Illegal::NoOwnPiece { square: from });
    }
    let d = throw.distance();
    let forward_target = if from + d > LAST { OFF } else { from + d };
    let backward = if to == forward_target {
        false
    } else if from > d && to == from - d {
        true
    } else {
        return Err(Illegal::WrongDistance { throw });
    };
    if to != OFF {
        if me & bit(to) != 0 {
            return Err(Illegal::OwnPiece { square: to });
        }
        if opp & bit(to) != 0 && protected(opp, rules) & bit(to) != 0 {
            return Err(if rules.safe & bit(to) != 0 {
                Illegal::SafeSquare { square: to }
            } else {
                Illegal::Guarded { square: to }
            });
        }
    }
    // Squares travelled: from+1..=to forward (to 30 at most), to..from-1 backward.
    let path = if backward {
        bit(from) - bit(to)
    } else {
        let end = if to == OFF { LAST } else { to };
        (bit(end) << 1) - (bit(from) << 1)
    };
    let crossed = barrier(opp, rules) & path;
    if crossed != 0 {
        let square = if backward {
            31 - crossed.leading_zeros() as u8
        } else {
            crossed.trailing_zeros() as u8
        };
        return Err(Illegal::Barrier { square });
    }
    if backward && !movable(pos, throw).1 {
        return Err(Illegal::MustMoveForward);
    }
    Ok(Move::step(throw, from, to))
}

/// Checks giving up `throw`: allowed only when no move is legal.
pub fn check_pass(pos: &Position, throw: Throw) -> Result<Move, Illegal> {
    if pos.winner().is_some() {
        return Err(Illegal::GameOver);
    }
    if movable(pos, throw).0 != 0 {
        return Err(Illegal::MustMove);
    }
    Ok(Move::pass(throw))
}
