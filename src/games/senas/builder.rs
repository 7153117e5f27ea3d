//! The step-by-step turn builder for the UI: play one sub-move at a time, ask which sub-moves
//! keep the part completable (maximum use, first-sena limit), undo, finish. A forbidden
//! sub-move returns the [`Illegal`] rule that forbids it. Uses a caller's `TurnGen` as scratch;
//! never changes a `Position` (the finished [`Turn`] goes to `apply`).

use super::army::{Army, PIECES};
use super::bag::Bag;
use super::dice::Roll;
use super::generate::{Turn, TurnGen, TurnSource, MAX_SUB_MOVES};
use super::position::Position;
use super::submove::{first_sena_ok, try_sub_move, Illegal, SubMove};
use heapless::Vec;

/// Most distinct sub-moves offered at one step: six values times fifteen occupied holes.
pub const MAX_CHOICES: usize = 90;

/// One part of a turn (a roll or a gift) being built sub-move by sub-move.
#[derive(Clone, Debug)]
pub struct TurnBuilder {
    start: Army,
    army: Army,
    blocked: u32,
    start_bag: Bag,
    bag: Bag,
    target: u8,
    playable: bool,
    played: Vec<SubMove, MAX_SUB_MOVES>,
    source: TurnSource,
}

impl TurnBuilder {
    /// A builder for `roll` played by the side to move of `pos`.
    pub fn for_roll(gen: &mut TurnGen, pos: &Position, roll: &Roll) -> TurnBuilder {
        let source = TurnSource::Roll {
            reroll: roll.is_tute(),
        };
        TurnBuilder::new(gen, pos, roll.sub_moves(), source)
    }

    /// A builder for the gift pending for the side to move of `pos`.
    pub fn for_gift(gen: &mut TurnGen, pos: &Position) -> TurnBuilder {
        TurnBuilder::new(gen, pos, pos.gift, TurnSource::Gift)
    }

    fn new(gen: &mut TurnGen, pos: &Position, bag: Bag, source: TurnSource) -> TurnBuilder {
        let army = pos.army(pos.to_move);
        let blocked = pos.blocked();
        let best = if pos.winner().is_some() {
            None
        } else {
            gen.max_use(army, bag, blocked)
        };
        TurnBuilder {
            start: army,
            army,
            blocked,
            start_bag: bag,
            bag,
            target: best.unwrap_or(0),
            playable: best.is_some(),
            played: Vec::new(),
            source,
        }
    }

    /// The mover's pieces now.
    pub const fn army(&self) -> Army {
        self.army
    }

    /// Sub-moves not yet played.
    pub const fn remaining(&self) -> Bag {
        self.bag
    }

    /// Sub-moves played so far, in order.
    pub fn played(&self) -> &[SubMove] {
        &self.played
    }

    /// How many sub-moves this part must use (decision 5; a win ends it earlier).
    pub const fn target(&self) -> u8 {
        self.target
    }

    fn depth(&self) -> u8 {
        // At most MAX_SUB_MOVES (12) entries.
        self.played.len() as u8
    }

    /// The army after `sm`, or the rule that forbids it now.
    pub fn check(&self, gen: &mut TurnGen, sm: SubMove) -> Result<Army, Illegal> {
        if !self.playable || self.army.off() == PIECES {
            return Err(Illegal::GameOver);
        }
        if !(1..=6).contains(&sm.die) || self.bag.count(sm.die) == 0 {
            return Err(Illegal::NoSuchDie);
        }
        let next = try_sub_move(self.army, self.blocked, sm)?;
        let rest = self.bag.without(sm.die);
        let depth = self.depth() + 1;
        if gen.completable(next, rest, self.blocked, depth, self.target, true) {
            Ok(next)
        } else if gen.completable(next, rest, self.blocked, depth, self.target, false) {
            Err(Illegal::FirstSenaFull)
        } else {
            Err(Illegal::MustUseMore)
        }
    }

    /// Plays `sm` if the rules allow it and the part can still end legally.
    pub fn play(&mut self, gen: &mut TurnGen, sm: SubMove) -> Result<(), Illegal> {
        let next = self.check(gen, sm)?;
        self.army = next;
        self.bag = self.bag.without(sm.die);
        // `check` accepts at most `target` (<= MAX_SUB_MOVES) sub-moves.
        let _ = self.played.push(sm);
        Ok(())
    }

    /// Every sub-move [`TurnBuilder::play`] would accept now, by die then hole.
    pub fn legal_sub_moves(&self, gen: &mut TurnGen, out: &mut Vec<SubMove, MAX_CHOICES>) {
        out.clear();
        for die in 1..=6u8 {
            if self.bag.count(die) == 0 {
                continue;
            }
            for from in self.army.occupied() {
                let sm = SubMove {
                    from: from as u8,
                    die,
                };
                if self.check(gen, sm).is_ok() {
                    let _ = out.push(sm);
                }
            }
        }
    }

    /// Takes back the last sub-move played.
    pub fn undo(&mut self) -> Option<SubMove> {
        let sm = self.played.pop()?;
        let mut army = self.start;
        for s in &self.played {
            army = try_sub_move(army, self.blocked, *s).unwrap_or(army);
        }
        self.army = army;
        self.bag = self.bag.with(sm.die);
        Some(sm)
    }

    /// True when the part may end now.
    pub fn can_finish(&self) -> bool {
        self.finish().is_ok()
    }

    /// The finished part, or why it may not end yet.
    pub fn finish(&self) -> Result<Turn, Illegal> {
        if !self.playable {
            return Err(Illegal::GameOver);
        }
        let won = self.army.off() == PIECES && self.start.off() < PIECES;
        if !won {
            if self.depth() < self.target {
                return Err(Illegal::MustUseMore);
            }
            if !first_sena_ok(self.army) {
                return Err(Illegal::FirstSenaFull);
            }
        }
        let mut path = [0u8; MAX_SUB_MOVES];
        for (slot, sm) in path.iter_mut().zip(self.played.iter()) {
            *slot = sm.pack();
        }
        Ok(Turn {
            army: self.army,
            path,
            len: self.depth(),
            left: if won { Bag::EMPTY } else { self.bag },
            source: self.source,
        })
    }

    /// Plays the first offered sub-move (lowest die, then rearmost hole) until none is left and
    /// finishes: one legal turn without listing them all (the fallback after
    /// [`Overflow::States`](super::generate::Overflow::States), and an "auto-complete" for the UI).
    pub fn complete_greedily(&mut self, gen: &mut TurnGen) -> Result<Turn, Illegal> {
        let mut offered = Vec::<SubMove, MAX_CHOICES>::new();
        loop {
            self.legal_sub_moves(gen, &mut offered);
            let Some(&sm) = offered.first() else {
                return self.finish();
            };
            self.play(gen, sm)?;
        }
    }

    /// The sub-moves this part started with.
    pub const fn sub_moves(&self) -> Bag {
        self.start_bag
    }
}
