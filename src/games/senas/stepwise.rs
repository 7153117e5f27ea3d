//! Turn generation in slices: the same depth-first search as `generate.rs` (same list, same
//! order) with an explicit stack, so a caller that must not hold up a video frame can pause it
//! after any number of explored states and resume it later. Owns the stack frames and the
//! pause logic; the search rules, the memo table and `record` are `generate.rs`'s.

use super::army::{Army, PIECES};
use super::bag::Bag;
use super::generate::{Overflow, State, Turn, TurnGen, TurnSource, BAG_SHIFT};
use super::memo::Inserted;
use super::submove::{first_sena_ok, try_sub_move, SubMove};
use heapless::Vec;

impl TurnGen {
    /// Starts a generation that [`TurnGen::resume`] carries out in slices (same list, same
    /// order as [`TurnGen::generate`]), for callers that must not hold up a video frame. Any other use of this scratch in between abandons it
    /// (see [`TurnGen::stamp`]).
    pub(crate) fn begin<const N: usize>(
        &mut self,
        army: Army,
        bag: Bag,
        blocked: u32,
        source: TurnSource,
        out: &mut Vec<Turn, N>,
    ) {
        out.clear();
        self.memo.clear();
        self.stamp = self.stamp.wrapping_add(1);
        self.blocked = blocked;
        self.total = bag.len();
        self.best = -1;
        self.full = None;
        self.source = source;
        self.stack.clear();
        self.enter(army, army.code(), bag, 0, out);
    }

    /// Counts every generation started on this scratch: a caller that paused a generation
    /// (or kept its list) and finds another stamp knows the scratch was used meanwhile.
    pub fn stamp(&self) -> u32 {
        self.stamp
    }

    /// Explores about `work` more search states; `Some` with the result once the generation
    /// is complete, `None` when paused.
    pub(crate) fn resume<const N: usize>(
        &mut self,
        out: &mut Vec<Turn, N>,
        work: u32,
    ) -> Option<Result<(), Overflow>> {
        let mut left = work;
        self.spent = 0;
        while let Some(top) = self.stack.last_mut() {
            if left == 0 {
                self.spent = work;
                return None;
            }
            // The next legal sub-move of the top state, dice ascending, pieces by path index.
            let mut child = None;
            while top.dice != 0 {
                let die = top.dice.trailing_zeros() as u8 + 1;
                if top.froms == 0 {
                    top.dice &= top.dice - 1;
                    top.froms = top.occ;
                    continue;
                }
                let from = top.froms.trailing_zeros() as usize;
                top.froms &= top.froms - 1;
                let sm = SubMove {
                    from: from as u8,
                    die,
                };
                if let Ok(next) = try_sub_move(top.army, self.blocked, sm) {
                    let code = top
                        .army
                        .code_after_move(top.code, from, usize::from(sm.to()));
                    child = Some((next, code, top.bag.without(die), top.depth, sm));
                    break;
                }
            }
            match child {
                Some((next, code, bag, depth, sm)) => {
                    self.path[usize::from(depth)] = sm.pack();
                    left -= 1;
                    self.enter(next, code, bag, depth + 1, out);
                }
                None => {
                    let f = *top;
                    self.stack.pop();
                    if first_sena_ok(f.army) {
                        self.record(f.army, f.code, f.bag, f.depth, f.depth, out);
                    }
                }
            }
        }
        self.spent = work - left;
        Some(self.result(out))
    }

    /// States the last slice of a sliced generation explored (at most the work it was given;
    /// all of it when it paused).
    pub fn spent(&self) -> u32 {
        self.spent
    }

    /// Visits a search state: records it at once when nothing is left to play, otherwise
    /// pushes it for exploration unless it was seen before.
    fn enter<const N: usize>(
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
        let occ = army.occupancy();
        // At most one state per sub-move played plus the start: never full.
        let _ = self.stack.push(State {
            army,
            code,
            bag,
            depth,
            dice: bag.distinct(),
            occ,
            froms: occ,
        });
    }
}
