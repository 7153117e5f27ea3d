//! The match in progress, as saved at a turn boundary: enough to resume exactly. Game, opponent
//! (and so the seats), the senet rule set, the side that won the throw-off, the position (with
//! the senas gift pending, Kendall's piece bound to move after the water), what the side to
//! move does next, the match's random generator (seed,
//! stream and how many 32-bit draws were made: the same dice follow), the computers' seeds, the
//! turn count and the match log so far (for the record and the screen).
//!
//! Decoding rebuilds positions through the rules engines' own constructors, so an impossible
//! board is refused here and can never reach the game. Format version 1 wrote the rule set as
//! 0 whatever it was and no `bound` flag: its senas matches still load, its senet matches are
//! refused as [`Corrupt::Outdated`] (they cannot be told apart from WiiBrew 2009 ones), never
//! misread (docs/saving.md).

use super::bytes::{Reader, Writer};
use super::envelope::{Corrupt, Envelope, HEADER};
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

    /// The senet rule set (`None` for senas, which has one).
    pub fn variant(&self) -> Option<senet::Variant> {
        match self.position {
            SavedPosition::Senas(_) => None,
            SavedPosition::Senet(p) => Some(p.variant()),
        }
    }

    /// The rule set's name as match records and logs give it (`rules=`).
    pub fn rules_name(&self) -> &'static str {
        match self.variant() {
            None => super::record::SENAS_RULES,
            Some(v) => v.name(),
        }
    }

    /// Writes the payload in the current format ([`super::VERSION`]).
    pub fn write(&self, w: &mut Writer) {
        w.u8(self.game());
        w.u8(self.opponent);
        w.u8(self.variant().map_or(0, |v| v.index() as u8));
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
                w.u8(u8::from(p.bound(senet::Side::A)) | u8::from(p.bound(senet::Side::B)) << 1);
            }
        }
        let log = &self.log.as_bytes()[..self.log.len().min(SAVED_LOG_BYTES)];
        w.u32(log.len() as u32);
        w.bytes(log);
    }

    /// Decodes the payload of a checked match record of any version this build reads.
    pub fn decode(env: &Envelope<'a>) -> Result<SavedMatch<'a>, Corrupt> {
        let mut r = Reader::new(env.payload);
        let m = if env.version < 2 {
            let m = Self::read_v1(&mut r).ok_or(Corrupt::Payload)?;
            if m.game() != 0 {
                return Err(Corrupt::Outdated(env.version));
            }
            m
        } else {
            Self::read(&mut r).ok_or(Corrupt::Payload)?
        };
        Ok(m)
    }

    /// Reads a payload of the current format (the whole of it: `None` if anything is left).
    pub fn read(r: &mut Reader<'a>) -> Option<SavedMatch<'a>> {
        Self::read_as(r, 2)
    }

    /// Reads a version 1 payload: rule set byte 0, no `bound` byte. A senet position is read
    /// as WiiBrew 2009, which is why [`SavedMatch::decode`] refuses one.
    fn read_v1(r: &mut Reader<'a>) -> Option<SavedMatch<'a>> {
        Self::read_as(r, 1)
    }

    fn read_as(r: &mut Reader<'a>, version: u16) -> Option<SavedMatch<'a>> {
        let game = r.below(2)?;
        let opponent = r.below(super::stats::OPPONENTS as u8)?;
        let count = if version < 2 {
            1
        } else {
            senet::Variant::COUNT
        };
        let variant = senet::Variant::from_index(usize::from(r.below(count as u8)?))?;
        if game == 0 && variant.index() != 0 {
            return None;
        }
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
            let mut p = senet::Position::new(variant, a, b, side).ok()?;
            let bound = if version < 2 { 0 } else { r.below(4)? };
            for s in [senet::Side::A, senet::Side::B] {
                if bound & (1 << s.index()) != 0 {
                    p = p.with_bound(s);
                    // The rules mark a side bound only with a piece on the rescue square.
                    if !p.bound(s) {
                        return None;
                    }
                }
            }
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
