//! The match in progress, as saved at a turn boundary: enough to resume exactly. Game, opponent
//! (and so the seats), senet rules, the side that won the throw-off, the position (with the
//! senas gift pending), what the side to move does next, the match's random generator (seed,
//! stream and how many 32-bit draws were made: the same dice follow), the computers' seeds, the
//! turn count and the match log so far (for the record and the screen).
//!
//! Decoding rebuilds positions through the rules engines' own constructors, so an impossible
//! board is refused here (`None`) and can never reach the game.

use super::bytes::{Reader, Writer};
use super::envelope::HEADER;
use crate::games::{senas, senet};

/// Longest match log kept in a save (the app's in-memory log is the same size).
pub const SAVED_LOG_BYTES: usize = 48 * 1024;
/// Largest match record, framing included.
pub const MATCH_BYTES: usize = HEADER + 160 + SAVED_LOG_BYTES + 4;

/// A PCG-32 generator's starting point and how far it has run (`Pcg32::new(state, stream)`
/// then `advance(draws)` gives it back exactly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RngState {
    pub state: u64,
    pub stream: u64,
    /// 32-bit outputs drawn so far.
    pub draws: u64,
}

/// The position of either game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavedPosition {
    Senas(senas::Position),
    Senet(senet::Position),
}

/// What the side to move does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavedPhase {
    /// Senas: roll the dice (no gift pending).
    Roll,
    /// Senas: play the gift received before rolling.
    Gift,
    /// Senet: throw the sticks.
    Throw,
}

/// A match at a turn boundary. `log` borrows the payload when decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SavedMatch<'a> {
    /// Index in the app's `Opponent::ALL`.
    pub opponent: u8,
    /// Senet rules index (0: WiiBrew 2009).
    pub variant: u8,
    /// Side that won the throw-off (0 White/A, 1 Black/B).
    pub first: u8,
    pub position: SavedPosition,
    pub phase: SavedPhase,
    pub rng: RngState,
    /// Seeds the computer players were given at the start of the match.
    pub cpu_seeds: [u64; 2],
    /// Turns (senas parts, senet moves) played so far.
    pub turns: u32,
    /// The match log so far, one `event=...` line per roll and turn.
    pub log: &'a str,
}

fn write_bag(w: &mut Writer, bag: senas::Bag) {
    w.u8(bag.len());
    for v in bag.values() {
        w.u8(v);
    }
}

fn read_bag(r: &mut Reader) -> Option<senas::Bag> {
    let n = r.below(senas::GIFT_CAPACITY + 1)?;
    let values = r.bytes(usize::from(n))?;
    senas::Bag::from_values(values)
}

impl<'a> SavedMatch<'a> {
    /// 0 senas, 1 senet.
    pub fn game(&self) -> u8 {
        match self.position {
            SavedPosition::Senas(_) => 0,
            SavedPosition::Senet(_) => 1,
        }
    }

    pub fn write(&self, w: &mut Writer) {
        w.u8(self.game());
        w.u8(self.opponent);
        w.u8(self.variant);
        w.u8(self.first);
        w.u8(match self.phase {
            SavedPhase::Roll => 0,
            SavedPhase::Gift => 1,
            SavedPhase::Throw => 2,
        });
        w.u64(self.rng.state);
        w.u64(self.rng.stream);
        w.u64(self.rng.draws);
        w.u64(self.cpu_seeds[0]);
        w.u64(self.cpu_seeds[1]);
        w.u32(self.turns);
        match self.position {
            SavedPosition::Senas(p) => {
                for c in p.board() {
                    w.u8(c as u8);
                }
                w.u8(p.off(senas::Side::White));
                w.u8(p.off(senas::Side::Black));
                w.u8(p.side_to_move().index() as u8);
                write_bag(w, p.gift());
                write_bag(w, p.outgoing());
            }
            SavedPosition::Senet(p) => {
                w.u32(p.board(senet::Side::A));
                w.u32(p.board(senet::Side::B));
                w.u8(p.side_to_move().index() as u8);
            }
        }
        let log = &self.log.as_bytes()[..self.log.len().min(SAVED_LOG_BYTES)];
        w.u32(log.len() as u32);
        w.bytes(log);
    }

    pub fn read(r: &mut Reader<'a>) -> Option<SavedMatch<'a>> {
        let game = r.below(2)?;
        let opponent = r.below(super::stats::OPPONENTS as u8)?;
        let variant = r.below(1)?;
        let first = r.below(2)?;
        let phase = match r.below(3)? {
            0 => SavedPhase::Roll,
            1 => SavedPhase::Gift,
            _ => SavedPhase::Throw,
        };
        let rng = RngState {
            state: r.u64()?,
            stream: r.u64()?,
            draws: r.u64()?,
        };
        let cpu_seeds = [r.u64()?, r.u64()?];
        let turns = r.u32()?;
        let position = if game == 0 {
            let mut board = [0i8; senas::HOLES];
            for c in board.iter_mut() {
                *c = r.u8()? as i8;
            }
            let (ow, ob) = (r.u8()?, r.u8()?);
            let side = [senas::Side::White, senas::Side::Black][usize::from(r.below(2)?)];
            let gift = read_bag(r)?;
            let outgoing = read_bag(r)?;
            let p = senas::Position::from_board(&board, ow, ob, side).ok()?;
            let p = p.with_gift(gift).with_outgoing(outgoing);
            let ok = match phase {
                SavedPhase::Roll => gift.is_empty(),
                SavedPhase::Gift => !gift.is_empty(),
                SavedPhase::Throw => false,
            };
            if !ok || p.winner().is_some() {
                return None;
            }
            SavedPosition::Senas(p)
        } else {
            let (a, b) = (r.u32()?, r.u32()?);
            let side = [senet::Side::A, senet::Side::B][usize::from(r.below(2)?)];
            let p = senet::Position::new(senet::Variant::Wiibrew2009, a, b, side).ok()?;
            if phase != SavedPhase::Throw || p.winner().is_some() {
                return None;
            }
            SavedPosition::Senet(p)
        };
        let n = r.u32()? as usize;
        if n > SAVED_LOG_BYTES {
            return None;
        }
        let log = core::str::from_utf8(r.bytes(n)?).ok()?;
        (r.remaining() == 0).then_some(SavedMatch {
            opponent,
            variant,
            first,
            position,
            phase,
            rng,
            cpu_seeds,
            turns,
            log,
        })
    }
}
