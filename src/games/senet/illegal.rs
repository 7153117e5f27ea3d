//! Checking one move proposed from outside (a player's pointer, a CLI argument): either the
//! [`Move`] to apply, or the [`Illegal`] reason, with a sentence the UI shows as is.
//!
//! Agrees with `legal_moves` exactly (pinned by a property test): a move is accepted here if
//! and only if `legal_moves` lists it. Reads the position only; no I/O.

use core::fmt;

use super::barrier::barrier;
use super::board::{bit, on_board, LAST, OFF};
use super::moves::{movable, Move, Way};
use super::position::Position;
use super::protection::{guarded, protected};
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
    /// The side has a piece in the water, which must be the piece it moves (Kendall).
    InWater {
        /// The square of water.
        square: u8,
    },
    /// A piece in the water leaves only by bearing off with `off` or back to `rescue`.
    WaterExit {
        /// The throw that bears it off.
        off: u8,
        /// The rescue square.
        rescue: u8,
    },
    /// The rescue square is taken, so the piece in the water cannot go back to it.
    RescueTaken {
        /// The rescue square.
        square: u8,
    },
    /// The piece sent back from the water to `square` must be the next piece moved.
    MustMoveRescued {
        /// The rescue square.
        square: u8,
    },
    /// A piece behind the gate must land on it exactly before going beyond (Kendall 26).
    Gate {
        /// The gate square.
        square: u8,
    },
    /// A piece on `square` leaves only by bearing off with exactly `needs`.
    ExactOff {
        /// The square.
        square: u8,
        /// The throw that bears it off.
        needs: u8,
    },
    /// A piece on `square` never moves backward.
    NoBackward {
        /// The square.
        square: u8,
    },
    /// Bearing off while some own piece is not yet on square `from` or beyond.
    NotHome {
        /// The first square of the home row.
        from: u8,
    },
    /// A piece in the first row waits until the square after it is empty (Jequier).
    Queued {
        /// The waiting piece's square.
        square: u8,
    },
    /// A backward move needs an empty square.
    BackwardOntoPiece {
        /// The target square.
        square: u8,
    },
    /// The piece on a square past the water cannot be captured while the water is occupied.
    WaterTaken {
        /// The target square.
        square: u8,
    },
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
            Illegal::InWater { square } => write!(
                f,
                "Your piece in the water (square {square}) must move before any other."
            ),
            Illegal::WaterExit { off, rescue } => write!(
                f,
                "A piece in the water leaves only with a {off} (borne off) or back to square \
                 {rescue}."
            ),
            Illegal::RescueTaken { square } => write!(
                f,
                "Square {square} is taken: the piece must stay in the water."
            ),
            Illegal::MustMoveRescued { square } => write!(
                f,
                "The piece sent back to square {square} must move before any other."
            ),
            Illegal::Gate { square } => write!(
                f,
                "A piece must stop on square {square} before going beyond it."
            ),
            Illegal::ExactOff { square, needs } => write!(
                f,
                "A piece on square {square} leaves only by bearing off with exactly {needs}."
            ),
            Illegal::NoBackward { square } => {
                write!(f, "A piece on square {square} never moves backward.")
            }
            Illegal::NotHome { from } => write!(
                f,
                "You can bear off only when all your pieces stand on squares {from} to 30."
            ),
            Illegal::Queued { square } => write!(
                f,
                "The piece on square {square} waits until the square in front of it is empty."
            ),
            Illegal::BackwardOntoPiece { square } => write!(
                f,
                "A backward move needs an empty square; square {square} is taken."
            ),
            Illegal::WaterTaken { square } => write!(
                f,
                "The piece on square {square} is safe while the water is occupied."
            ),
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
    let me = pos.boards[pos.to_move.index()];
    if me & bit(from) == 0 {
        return Err(Illegal::NoOwnPiece { square: from });
    }
    let d = throw.distance();
    let forward_target = if from + d > LAST { OFF } else { from + d };
    let (set, way) = movable(pos, throw);
    if set & bit(from) != 0 {
        let expected = match way {
            Way::Forward => forward_target,
            Way::Backward => from - d,
            Way::Rescue(r) => r,
        };
        if expected == to {
            return Ok(Move::step(throw, from, to));
        }
    }
    Err(reason(pos, throw, from, to, way))
}

/// Why a move that `movable` does not offer is refused: the first rule it breaks.
fn reason(pos: &Position, throw: Throw, from: u8, to: u8, way: Way) -> Illegal {
    let rules = pos.variant.rules();
    let side = pos.to_move;
    let me = pos.boards[side.index()];
    let opp = pos.boards[side.other().index()];
    let occupied = me | opp;
    let d = throw.distance();
    if let Some((water, off, rescue, catch_from)) = rules.holding_water() {
        if me & bit(water) != 0 {
            return if from != water {
                Illegal::InWater { square: water }
            } else if d != off && occupied & bit(rescue) != 0 {
                Illegal::RescueTaken { square: rescue }
            } else {
                Illegal::WaterExit { off, rescue }
            };
        }
        if pos.bound(side) && from != rescue {
            return Illegal::MustMoveRescued { square: rescue };
        }
        if to != OFF && opp & bit(to) != 0 && to >= catch_from && occupied & bit(water) != 0 {
            return Illegal::WaterTaken { square: to };
        }
    }
    let forward_target = if from + d > LAST { OFF } else { from + d };
    let backward = if to == forward_target {
        false
    } else if from > d && to == from - d {
        true
    } else {
        return Illegal::WrongDistance { throw };
    };
    if backward && rules.no_backward & bit(from) != 0 {
        return Illegal::NoBackward { square: from };
    }
    if from <= rules.queue && occupied & bit(from + 1) != 0 {
        return Illegal::Queued { square: from };
    }
    if !backward {
        if rules.gate != 0 && from < rules.gate && from + d > rules.gate {
            return Illegal::Gate { square: rules.gate };
        }
        if rules.exact_off & bit(from) != 0 {
            return Illegal::ExactOff {
                square: from,
                needs: OFF - from,
            };
        }
        if to == OFF && me & ((bit(rules.home_from)) - 1) != 0 {
            return Illegal::NotHome {
                from: rules.home_from,
            };
        }
    }
    if to != OFF {
        if me & bit(to) != 0 {
            return Illegal::OwnPiece { square: to };
        }
        if opp & bit(to) != 0 {
            if backward && !rules.backward_capture {
                return Illegal::BackwardOntoPiece { square: to };
            }
            if guarded(pos, side.other()) & bit(to) != 0 {
                return if rules.safe & bit(to) != 0 || protected(opp, rules) & bit(to) == 0 {
                    Illegal::SafeSquare { square: to }
                } else {
                    Illegal::Guarded { square: to }
                };
            }
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
        return Illegal::Barrier { square };
    }
    if backward && way != Way::Backward {
        return Illegal::MustMoveForward;
    }
    // Every rule of `movable` is named above; a move reaching here is one it offers.
    Illegal::WrongDistance { throw }
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
