//! The game-level API the AI and the app use: legal turns for a roll or for the pending gift,
//! and `apply`, which also hands unused sub-moves over as a gift (decision 6) and keeps the tute
//! re-roll (decision 7). Turn order lives here; sub-move rules live in `submove.rs`.

use super::bag::Bag;
use super::builder::TurnBuilder;
use super::dice::Roll;
use super::generate::{Turn, TurnGen, TurnSource};
use super::position::Position;
use heapless::Vec;

pub use super::generate::Overflow;

impl TurnGen {
    /// Legal turns for `roll` played by the side to move (ignores any pending gift: the caller
    /// plays the gift first, see [`Position::needs_roll`]). No turns once the game is won.
    /// On `Err(Overflow::Turns)` the list is full of legal turns (not all of them); on
    /// `Err(Overflow::States)` it holds the one legal turn `TurnBuilder::complete_greedily`
    /// finds. Either way every listed turn is legal.
    pub fn legal_turns<const N: usize>(
        &mut self,
        pos: &Position,
        roll: &Roll,
        out: &mut Vec<Turn, N>,
    ) -> Result<(), Overflow> {
        if pos.winner().is_some() {
            out.clear();
            return Ok(());
        }
        let source = TurnSource::Roll {
            reroll: roll.is_tute(),
        };
        let result = self.generate(
            pos.army(pos.to_move),
            roll.sub_moves(),
            pos.blocked(),
            source,
            out,
        );
        if result == Err(Overflow::States) {
            let builder = TurnBuilder::for_roll(self, pos, roll);
            self.push_greedy(builder, out);
        }
        result
    }

    /// After [`Overflow::States`]: lists the one legal turn the builder completes greedily.
    fn push_greedy<const N: usize>(&mut self, mut builder: TurnBuilder, out: &mut Vec<Turn, N>) {
        if let Ok(turn) = builder.complete_greedily(self) {
            let _ = out.push(turn);
        }
    }

    /// Legal turns for the gift pending for the side to move (decision 6). A position without a
    /// gift yields the single empty turn.
    pub fn legal_gift_turns<const N: usize>(
        &mut self,
        pos: &Position,
        out: &mut Vec<Turn, N>,
    ) -> Result<(), Overflow> {
        if pos.winner().is_some() {
            out.clear();
            return Ok(());
        }
        let result = self.generate(
            pos.army(pos.to_move),
            pos.gift,
            pos.blocked(),
            TurnSource::Gift,
            out,
        );
        if result == Err(Overflow::States) {
            let builder = TurnBuilder::for_gift(self, pos);
            self.push_greedy(builder, out);
        }
        result
    }
}

impl TurnGen {
    /// Starts generating, in slices, the legal turns of the next part of the side to move:
    /// the pending gift if there is one, else `roll`. [`TurnGen::resume_part`] completes it
    /// with exactly the list [`TurnGen::legal_gift_turns`] / [`TurnGen::legal_turns`] give.
    pub fn begin_part<const N: usize>(
        &mut self,
        pos: &Position,
        roll: Option<&Roll>,
        out: &mut Vec<Turn, N>,
    ) {
        let (bag, source) = match roll {
            Some(r) if pos.needs_roll() => (
                r.sub_moves(),
                TurnSource::Roll {
                    reroll: r.is_tute(),
                },
            ),
            _ => (pos.gift, TurnSource::Gift),
        };
        let roll = roll.copied().filter(|_| pos.needs_roll());
        self.begin(pos.army(pos.to_move), bag, pos.blocked(), source, out);
        if pos.winner().is_some() {
            self.stack.clear();
            out.clear();
        }
        self.origin = Some((*pos, roll));
    }

    /// Explores about `work` more states of the part begun with [`TurnGen::begin_part`];
    /// `Some` with the result (as `legal_turns`') once complete, `None` when paused. `Some(Ok)`
    /// with an empty list if no part was begun.
    pub fn resume_part<const N: usize>(
        &mut self,
        out: &mut Vec<Turn, N>,
        work: u32,
    ) -> Option<Result<(), Overflow>> {
        let result = self.resume(out, work)?;
        if result == Err(Overflow::States) {
            if let Some((pos, roll)) = self.origin {
                let builder = match roll {
                    Some(r) => TurnBuilder::for_roll(self, &pos, &r),
                    None => TurnBuilder::for_gift(self, &pos),
                };
                self.push_greedy(builder, out);
            }
        }
        Some(result)
    }
}

/// The position after the side to move plays `turn` (one of the turns generated for `pos`).
/// After a gift the same side rolls; after a tute it rolls again and its unused sub-moves wait
/// in `outgoing`; after any other roll the unused sub-moves (with those collected) become the
/// opponent's gift, capped at `GIFT_CAPACITY`. A winning turn ends the game.
pub fn apply(pos: &Position, turn: &Turn) -> Position {
    let mut next = *pos;
    next.armies[pos.to_move.index()] = turn.army;
    if turn.wins() {
        next.gift = Bag::EMPTY;
        next.outgoing = Bag::EMPTY;
        return next;
    }
    match turn.source {
        TurnSource::Gift => next.gift = Bag::EMPTY,
        TurnSource::Roll { reroll: true } => next.outgoing.join(turn.left),
        TurnSource::Roll { reroll: false } => {
            let mut gift = next.outgoing;
            gift.join(turn.left);
            next.outgoing = Bag::EMPTY;
            next.gift = gift;
            next.to_move = pos.to_move.other();
        }
    }
    next
}
