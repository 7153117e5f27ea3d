//! A senas position as a small `Copy` value: both armies (by path index), the side to move, the
//! gift it must play before rolling, and the unused sub-moves it is collecting for the opponent
//! during a tute chain. Converts to and from the physical board (signed counts by hole) and
//! checks that a board is possible. Does not generate or apply turns.

use super::army::{Army, PIECES};
use super::bag::Bag;
use super::side::{Side, HOLES};

/// Everything the rules need to continue the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) armies: [Army; 2],
    pub(crate) to_move: Side,
    /// Sub-moves the side to move received and must play before rolling (decision 6).
    pub(crate) gift: Bag,
    /// Unused sub-moves the side to move has collected this turn for the opponent (decision 7).
    pub(crate) outgoing: Bag,
}

/// Why a board cannot be a senas position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// A side does not have fifteen pieces on the board and borne off together.
    PieceCount {
        /// The side with the wrong count.
        side: Side,
        /// Its pieces on the board and borne off together.
        found: u32,
    },
    /// Pieces of both sides on one physical hole.
    BothColours {
        /// The physical hole, 0..24.
        hole: usize,
    },
}

impl core::fmt::Display for BoardError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            BoardError::PieceCount { side, found } => {
                write!(
                    f,
                    "{side} has {found} pieces (on the board plus borne off), needs {PIECES}"
                )
            }
            BoardError::BothColours { hole } => {
                write!(f, "hole {hole} holds pieces of both colours")
            }
        }
    }
}

impl Position {
    /// The opening position (S1): fifteen pieces on each start hole, `first` to roll.
    pub const fn start(first: Side) -> Position {
        Position {
            armies: [Army::START, Army::START],
            to_move: first,
            gift: Bag::EMPTY,
            outgoing: Bag::EMPTY,
        }
    }

    /// A position from both armies; fails when both sides share a physical hole.
    pub fn from_armies(white: Army, black: Army, to_move: Side) -> Result<Position, BoardError> {
        let w = white.occupancy();
        let b = Side::Black.mask_to_other(black.occupancy());
        let shared = w & b;
        if shared != 0 {
            return Err(BoardError::BothColours {
                hole: shared.trailing_zeros() as usize,
            });
        }
        Ok(Position {
            armies: [white, black],
            to_move,
            gift: Bag::EMPTY,
            outgoing: Bag::EMPTY,
        })
    }

    /// A position from signed counts by physical hole (positive White, negative Black) and the
    /// borne-off counts.
    pub fn from_board(
        board: &[i8; HOLES],
        off_white: u8,
        off_black: u8,
        to_move: Side,
    ) -> Result<Position, BoardError> {
        let mut counts = [[0u8; HOLES]; 2];
        let mut totals = [u32::from(off_white), u32::from(off_black)];
        for (hole, &c) in board.iter().enumerate() {
            let side = if c >= 0 { Side::White } else { Side::Black };
            let n = c.unsigned_abs();
            totals[side.index()] += u32::from(n);
            counts[side.index()][side.path(hole)] = n.min(PIECES);
        }
        for side in [Side::White, Side::Black] {
            if totals[side.index()] != u32::from(PIECES) {
                return Err(BoardError::PieceCount {
                    side,
                    found: totals[side.index()],
                });
            }
        }
        let white = Army::from_counts(&counts[0], off_white);
        let black = Army::from_counts(&counts[1], off_black);
        match (white, black) {
            (Some(w), Some(b)) => Position::from_armies(w, b, to_move),
            _ => Err(BoardError::PieceCount {
                side: Side::White,
                found: totals[0],
            }),
        }
    }

    /// The same position with `gift` pending for the side to move (for tools and tests).
    pub const fn with_gift(mut self, gift: Bag) -> Position {
        self.gift = gift;
        self
    }

    /// The same position with `outgoing` collected for the opponent (for saved matches).
    pub const fn with_outgoing(mut self, outgoing: Bag) -> Position {
        self.outgoing = outgoing;
        self
    }

    /// Signed counts by physical hole: positive White, negative Black.
    pub fn board(&self) -> [i8; HOLES] {
        let mut out = [0i8; HOLES];
        for side in [Side::White, Side::Black] {
            let army = self.armies[side.index()];
            for path in army.occupied() {
                let n = army.count(path) as i8;
                out[side.hole(path)] = if side == Side::White { n } else { -n };
            }
        }
        out
    }

    /// One side's pieces.
    pub const fn army(&self, side: Side) -> Army {
        self.armies[side.index()]
    }

    /// Pieces `side` has borne off.
    pub const fn off(&self, side: Side) -> u8 {
        self.armies[side.index()].off()
    }

    /// The side whose turn it is.
    pub const fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// Sub-moves the side to move must play before rolling (empty: it rolls now).
    pub const fn gift(&self) -> Bag {
        self.gift
    }

    /// Unused sub-moves collected this turn for the opponent (non-empty only during a tute chain).
    pub const fn outgoing(&self) -> Bag {
        self.outgoing
    }

    /// The side that has borne off all fifteen pieces, if any (decision 9).
    pub const fn winner(&self) -> Option<Side> {
        if self.armies[0].off() == PIECES {
            Some(Side::White)
        } else if self.armies[1].off() == PIECES {
            Some(Side::Black)
        } else {
            None
        }
    }

    /// True when the side to move must roll next (no gift pending, game not over).
    pub const fn needs_roll(&self) -> bool {
        self.gift.is_empty() && self.winner().is_none()
    }

    /// The mover's path indices held by the opponent (bit p = path p).
    pub fn blocked(&self) -> u32 {
        let opp = self.to_move.other();
        opp.mask_to_other(self.armies[opp.index()].occupancy())
    }
}

impl core::fmt::Display for Position {
    /// The `arena` board format: 24 signed counts by physical hole, then `/offW/offB`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for (i, c) in self.board().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{c}")?;
        }
        write!(f, "/{}/{}", self.off(Side::White), self.off(Side::Black))
    }
}
