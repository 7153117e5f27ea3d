//! The review's figures as text (`walk.rs` works them out): a person's [`Summary`] with the
//! worst decisions in the log's notation, and [`MatchReview::report`], the lines `arena
//! analyze` prints and the host tests compare with the app's. Owns that wording; must not
//! touch the walk, the screen or the record.

use core::fmt::Write;

use crate::ai::coach::review::Figures;
use crate::ai::game::RaceGame;
use crate::games::senet;

use super::walk::{senas_text, MatchReview, Notation, Walk};

/// One worst decision as text: turn, win chance lost (per mille), the move played, the best.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorstLine {
    pub turn: u32,
    pub loss: u16,
    pub played: heapless::String<64>,
    pub best: heapless::String<64>,
}

/// One side's figures as the review shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Tenths of a percent.
    pub accuracy: u16,
    pub mean_loss: u16,
    pub choices: u32,
    pub mistakes: u32,
    pub blunders: u32,
    /// Summed luck of the throws (per mille) and the throws counted.
    pub luck: i32,
    pub throws: u32,
    /// The luck is measured (the review's second pass is over).
    pub luck_ready: bool,
    pub worst: heapless::Vec<WorstLine, 3>,
}

impl Summary {
    fn of<G: RaceGame>(f: &Figures<G>, text: impl Fn(&G::Pos, &G::Turn) -> Notation) -> Self {
        let mut worst = heapless::Vec::new();
        for w in f.worst.iter().flatten() {
            let _ = worst.push(WorstLine {
                turn: w.turn,
                loss: w.loss,
                played: text(&w.pos, &w.played),
                best: text(&w.pos, &w.best),
            });
        }
        Summary {
            accuracy: f.accuracy(),
            mean_loss: f.mean_loss(),
            choices: f.choices,
            mistakes: f.mistakes,
            blunders: f.blunders,
            luck: f.luck,
            throws: f.throws,
            luck_ready: false,
            worst,
        }
    }
}

fn senet_text(_: &senet::Position, t: &senet::Move) -> Notation {
    let mut s = Notation::new();
    let _ = write!(s, "{t}");
    s
}

impl MatchReview {
    /// Side `i`'s figures (the luck's only once the second pass is over: `Summary::luck_ready`).
    pub fn summary(&self, i: usize) -> Summary {
        let mut s = match self.shown() {
            Walk::Senas(w) => Summary::of(w.an.figures(i), senas_text),
            Walk::Senet(w) => Summary::of(w.an.figures(i), senet_text),
        };
        s.luck_ready = self.luck_ready();
        s
    }

    /// The figures as `arena analyze` prints them (and the host tests compare), a line per
    /// figure of each person, then their worst three.
    pub fn report(&self, out: &mut impl Write) -> core::fmt::Result {
        for (i, person) in self.people().into_iter().enumerate() {
            if !person {
                continue;
            }
            let s = self.summary(i);
            writeln!(
                out,
                "review side {i}: accuracy {}.{}% mean loss {} over {} choices, mistakes {}, blunders {}, luck {} over {} throws",
                s.accuracy / 10,
                s.accuracy % 10,
                s.mean_loss,
                s.choices,
                s.mistakes,
                s.blunders,
                Signed(s.luck),
                s.throws
            )?;
            for (k, w) in s.worst.iter().enumerate() {
                writeln!(
                    out,
                    "review side {i} worst {}: turn {} played {} best {} loss {}",
                    k + 1,
                    w.turn,
                    w.played,
                    w.best,
                    w.loss
                )?;
            }
        }
        Ok(())
    }
}

/// A per-mille figure with its sign (`+12`, `-3`, `0`).
pub struct Signed(pub i32);

impl core::fmt::Display for Signed {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.0 > 0 {
            write!(f, "+{}", self.0)
        } else {
            write!(f, "{}", self.0)
        }
    }
}
