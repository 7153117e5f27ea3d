//! Statistics per game and opponent (computer Easy / Normal / Hard, second remote, the same
//! remote passed, computer Beginner): matches played, won and lost by player 1, the current streak, the best
//! winning streak and the fastest win in turns. Pure counting; the app decides when a match
//! counts (a finished match, not an abandoned one).

use super::bytes::{Reader, Writer};

/// Opponent kinds, by the app's saved index (`Opponent::saved_index`): format version 3 added
/// the sixth, the Beginner.
pub const OPPONENTS: usize = 6;
/// Opponent kinds the statistics of format versions 1 and 2 hold (no Beginner).
pub const OPPONENTS_V2: usize = 5;
const GAMES: usize = 2;

/// One game against one kind of opponent, from player 1's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub played: u32,
    pub won: u32,
    pub lost: u32,
    /// Positive: wins in a row; negative: losses in a row.
    pub streak: i32,
    pub best_streak: u32,
    /// Fewest turns of a won match (0: no win yet).
    pub fastest_win: u32,
}

impl Record {
    /// Counts one finished match.
    pub fn add(&mut self, won: bool, turns: u32) {
        self.played = self.played.saturating_add(1);
        if won {
            self.won = self.won.saturating_add(1);
            self.streak = if self.streak > 0 {
                self.streak.saturating_add(1)
            } else {
                1
            };
            self.best_streak = self.best_streak.max(self.streak as u32);
            if self.fastest_win == 0 || turns < self.fastest_win {
                self.fastest_win = turns.max(1);
            }
        } else {
            self.lost = self.lost.saturating_add(1);
            self.streak = if self.streak < 0 {
                self.streak.saturating_sub(1)
            } else {
                -1
            };
        }
    }

    fn write(&self, w: &mut Writer) {
        w.u32(self.played);
        w.u32(self.won);
        w.u32(self.lost);
        w.u32(self.streak as u32);
        w.u32(self.best_streak);
        w.u32(self.fastest_win);
    }

    fn read(r: &mut Reader) -> Option<Record> {
        let rec = Record {
            played: r.u32()?,
            won: r.u32()?,
            lost: r.u32()?,
            streak: r.u32()? as i32,
            best_streak: r.u32()?,
            fastest_win: r.u32()?,
        };
        // A record that cannot come from counting is refused rather than shown.
        let consistent = u64::from(rec.won) + u64::from(rec.lost) == u64::from(rec.played)
            && rec.best_streak <= rec.won
            && rec.streak.unsigned_abs() <= rec.played
            && (rec.won == 0) == (rec.fastest_win == 0);
        consistent.then_some(rec)
    }
}

/// Every record: `[game][opponent]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub records: [[Record; OPPONENTS]; GAMES],
}

/// Payload bytes.
pub const STATS_BYTES: usize = GAMES * OPPONENTS * 24;

impl Stats {
    /// The record of `game` (0 senas, 1 senet) against opponent `opponent`, if in range.
    pub fn get(&self, game: u8, opponent: u8) -> Option<&Record> {
        self.records
            .get(usize::from(game))?
            .get(usize::from(opponent))
    }
    pub fn get_mut(&mut self, game: u8, opponent: u8) -> Option<&mut Record> {
        self.records
            .get_mut(usize::from(game))?
            .get_mut(usize::from(opponent))
    }

    pub fn write(&self, w: &mut Writer) {
        for game in &self.records {
            for rec in game {
                rec.write(w);
            }
        }
    }

    /// Reads the current payload ([`STATS_BYTES`]) or, by its length, one of format versions 1
    /// and 2 (five opponents a game, no Beginner: its records start at zero).
    pub fn read(r: &mut Reader) -> Option<Stats> {
        let per_game = if r.remaining() == GAMES * OPPONENTS_V2 * 24 {
            OPPONENTS_V2
        } else {
            OPPONENTS
        };
        let mut s = Stats::default();
        for game in s.records.iter_mut() {
            for rec in game.iter_mut().take(per_game) {
                *rec = Record::read(r)?;
            }
        }
        Some(s)
    }
}
