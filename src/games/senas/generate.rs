//! Turn generation (decisions 2-9): every distinct legal final position of one part of a turn
//! (a roll or a gift), each with one sub-move path that reaches it. A depth-first search over
//! (army, sub-moves left) states, memoised so each state is explored once; final positions are
//! de-duplicated in the same table. Owns the capacities; never changes a `Position`.

use super::army::{Army, PIECES};
use super::bag::{Bag, GIFT_CAPACITY};
use super::memo::{Inserted, Memo, LIMIT, SLOTS};
use super::submove::{first_sena_ok, try_sub_move, SubMove};
use heapless::Vec;

/// Most sub-moves one part of a turn can hold: a roll of a triple, or a full gift.
pub const MAX_SUB_MOVES: usize = GIFT_CAPACITY as usize;

/// Capacity callers should give the turn list: twice the largest list seen in random play
/// (5 982 over 1.1 M positions; see `docs/rules.md`, capacity). Constructed positions can
/// exceed it (19 963 found); generation then returns [`Overflow::Turns`] with a legal subset.
pub const MAX_TURNS: usize = 12288;

/// Search states one generation may explore (a table of `MEMO_SLOTS` 64-bit keys, 75% full).
/// Random play needs at most 10 611 (1.1 M positions), the worst constructed roll 30 273;
/// beyond it generation returns [`Overflow::States`].
pub const MEMO_CAPACITY: usize = LIMIT;
/// Slots of the search table (512 KB of `u64`).
pub const MEMO_SLOTS: usize = SLOTS;

/// Bit offset of the remaining sub-moves in a search key (above the army's 39-bit code).
pub(crate) const BAG_SHIFT: u32 = 39;
/// Bit offset of the depth marker that sets final-position keys apart from search keys.
const FINAL_SHIFT: u32 = 60;

/// Where the sub-moves of a part came from; decides what `apply` does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnSource {
    /// A roll; `reroll` is true after a tute (the same side rolls again, decision 7).
    Roll {
        /// The same side rolls again after this part (a tute).
        reroll: bool,
    },
    /// A gift received from the opponent (decision 6); unused gift sub-moves are lost.
    Gift,
}

/// A fixed capacity was too small.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overflow {
    /// The caller's turn list is full: it holds that many legal turns (all using the maximum
    /// number of sub-moves), but not every legal turn.
    Turns,
    /// The search explored more states than the scratch holds: the maximum use is unknown, so
    /// the list holds only the one legal turn [`TurnBuilder::complete_greedily`] finds.
    ///
    /// [`TurnBuilder::complete_greedily`]: super::builder::TurnBuilder::complete_greedily
    States,
}

/// One legal part of a turn: the mover's pieces after it and the sub-moves that get there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    pub(crate) army: Army,
    pub(crate) path: [u8; MAX_SUB_MOVES],
    pub(crate) len: u8,
    pub(crate) left: Bag,
    pub(crate) source: TurnSource,
}

impl Turn {
    /// The mover's pieces after this part.
    pub const fn army(&self) -> Army {
        self.army
    }

    /// The sub-moves, in the order played.
    pub fn sub_moves(&self) -> impl Iterator<Item = SubMove> + '_ {
        self.path[..usize::from(self.len)]
            .iter()
            .map(|&b| SubMove::unpack(b))
    }

    /// Number of sub-moves played.
    pub const fn played(&self) -> u8 {
        self.len
    }

    /// Sub-moves left unused (they become a gift after a roll; empty when the turn wins).
    pub const fn unused(&self) -> Bag {
        self.left
    }

    /// Roll or gift, and whether a re-roll follows.
    pub const fn source(&self) -> TurnSource {
        self.source
    }

    /// True when this part bears off the last piece (decision 9).
    pub const fn wins(&self) -> bool {
        self.army.off() == PIECES
    }
}

/// Reusable search scratch (about 600 KB: keep one in a static or a `Box`, and lend it to every
/// generation and builder call).
pub struct TurnGen {
    pub(crate) memo: Memo,
    pub(crate) blocked: u32,
    pub(crate) total: u8,
    pub(crate) best: i8,
    pub(crate) path: [u8; MAX_SUB_MOVES],
    pub(crate) full: Option<Overflow>,
    pub(crate) source: TurnSource,
    /// The depth-first search's open states (explicit, so a generation can pause).
    pub(crate) stack: Vec<State, { MAX_SUB_MOVES + 1 }>,
    pub(crate) stamp: u32,
    /// States the last [`TurnGen::resume`] call explored (how much of its allowance it used).
    pub(crate) spent: u32,
    /// The part a sliced generation is for (for the greedy fallback on overflow).
    pub(crate) origin: Option<(super::position::Position, Option<super::dice::Roll>)>,
}

/// A search state being explored: the sub-moves still to try are the dice in `dice` (lowest
/// first), for the lowest die the pieces in `froms`. The sliced search (`stepwise.rs`) makes
/// and reads it; it lives here beside the stack that holds it.
#[derive(Clone, Copy)]
pub(crate) struct State {
    pub(crate) army: Army,
    pub(super) code: u64,
    pub(super) bag: Bag,
    pub(super) depth: u8,
    pub(super) dice: u8,
    pub(super) occ: u32,
    pub(super) froms: u32,
}

impl Default for TurnGen {
    fn default() -> Self {
        Self::new()
    }
}

impl TurnGen {
    /// Empty scratch; `const`, so it can initialise a static.
    pub const fn new() -> TurnGen {
        TurnGen {
            memo: Memo::new(),
            blocked: 0,
            total: 0,
            best: -1,
            path: [0; MAX_SUB_MOVES],
            full: None,
            source: TurnSource::Gift,
            stack: Vec::new(),
            stamp: 0,
            spent: 0,
            origin: None,
        }
    }

    /// States explored by the last generation (for capacity measurements).
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// States the scratch can hold.
    pub const fn capacity(&self) -> usize {
        MEMO_CAPACITY
    }

    /// Fills `out` with every distinct legal final army reachable from `army` with the sub-moves
    /// in `bag`, the opponent holding the mover's path indices `blocked`. All turns use the
    /// maximum number of sub-moves (a win counts as using all). `out` is empty only when no
    /// sequence at all ends within the first-sena limit (a position play cannot reach).
    pub(crate) fn generate<const N: usize>(
        &mut self,
        army: Army,
        bag: Bag,
        blocked: u32,
        source: TurnSource,
        out: &mut Vec<Turn, N>,
    ) -> Result<(), Overflow> {
        out.clear();
        self.memo.clear();
        self.stamp = self.stamp.wrapping_add(1);
        self.blocked = blocked;
        self.total = bag.len();
        self.best = -1;
        self.full = None;
        self.source = source;
        self.dfs(army, army.code(), bag, 0, out);
        self.result(out)
    }

    /// The outcome once the search is over.
    pub(crate) fn result<const N: usize>(&self, out: &mut Vec<Turn, N>) -> Result<(), Overflow> {
        match self.full {
            Some(Overflow::States) => {
                out.clear();
                Err(Overflow::States)
            }
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// The recursive search of [`TurnGen::generate`] (the fastest form; [`TurnGen::resume`] is
    /// the same search with an explicit stack, tested to give the same list).
    fn dfs<const N: usize>(
        &mut self,
        army: Army,
        code: u64,
        bag: Bag,
        depth: u8,
        out: &mut Vec<Turn, N>,
    ) {
        if bag.is_empty() {
            // A leaf: nothing to explore, so only the final-position table is consulted.
            if army.off() == PIECES || first_sena_ok(army) {
                self.record(army, code, bag, depth, depth, out);
            }
            return;
        }
        let key = code | (bag.bits() << BAG_SHIFT);
        match self.memo.insert(key) {
            Inserted::Present => return,
            Inserted::Full => {
                self.full = Some(Overflow::States);
                return;
            }
            Inserted::New => {}
        }
        if army.off() == PIECES {
            self.record(army, code, bag, depth, self.total, out);
            return;
        }
        let mut dice = bag.distinct();
        while dice != 0 {
            let die = dice.trailing_zeros() as u8 + 1;
            dice &= dice - 1;
            for from in army.occupied() {
                let sm = SubMove {
                    from: from as u8,
                    die,
                };
                if let Ok(next) = try_sub_move(army, self.blocked, sm) {
                    self.path[usize::from(depth)] = sm.pack();
                    let next_code = army.code_after_move(code, from, usize::from(sm.to()));
                    self.dfs(next, next_code, bag.without(die), depth + 1, out);
                }
            }
        }
        if first_sena_ok(army) {
            self.record(army, code, bag, depth, depth, out);
        }
    }

    /// Offers a final army reached after `depth` sub-moves that counts as `used` (decision 5).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn record<const N: usize>(
        &mut self,
        army: Army,
        code: u64,
        bag: Bag,
        depth: u8,
        used: u8,
        out: &mut Vec<Turn, N>,
    ) {
        let used = used as i8;
        if used < self.best {
            return;
        }
        if used > self.best {
            out.clear();
            self.best = used;
        }
        // A final position is the army and, after a roll, the unused sub-moves it hands over
        // (they become the opponent's gift); after a gift the unused ones are lost.
        let won = army.off() == PIECES;
        let left = match self.source {
            TurnSource::Roll { .. } if !won => bag,
            _ => Bag::EMPTY,
        };
        let key = code | (left.bits() << BAG_SHIFT) | ((used as u64 + 1) << FINAL_SHIFT);
        match self.memo.insert(key) {
            Inserted::Present => return,
            Inserted::Full => {
                self.full = Some(Overflow::States);
                return;
            }
            Inserted::New => {}
        }
        let mut path = [0u8; MAX_SUB_MOVES];
        path[..usize::from(depth)].copy_from_slice(&self.path[..usize::from(depth)]);
        let turn = Turn {
            army,
            path,
            len: depth,
            left: if won { Bag::EMPTY } else { bag },
            // `left` keeps the real unused sub-moves even after a gift, for display.
            source: self.source,
        };
        if out.push(turn).is_err() && self.full.is_none() {
            self.full = Some(Overflow::Turns);
        }
    }
}
