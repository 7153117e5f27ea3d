//! Existence searches for the turn builder: the most sub-moves a part can use (decision 5), and
//! whether a partly played part can still end legally. Memoised depth-first searches over the
//! same (army, sub-moves left) states as generation; they record no turns.

use super::army::{Army, PIECES};
use super::bag::Bag;
use super::generate::{TurnGen, BAG_SHIFT};
use super::memo::Inserted;
use super::submove::{first_sena_ok, try_sub_move, SubMove};

impl TurnGen {
    /// The most sub-moves any legal sequence from `army` with `bag` uses (a win counts as all of
    /// them), or `None` when no sequence ends within the first-sena limit.
    pub(crate) fn max_use(&mut self, army: Army, bag: Bag, blocked: u32) -> Option<u8> {
        self.memo.clear();
        self.stamp = self.stamp.wrapping_add(1);
        self.blocked = blocked;
        self.total = bag.len();
        self.best = -1;
        self.best_dfs(army, bag, 0);
        u8::try_from(self.best).ok()
    }

    fn best_dfs(&mut self, army: Army, bag: Bag, depth: u8) {
        if self.best == self.total as i8 {
            return;
        }
        if army.off() == PIECES {
            self.best = self.total as i8;
            return;
        }
        let key = army.code() | (bag.bits() << BAG_SHIFT);
        if self.memo.insert(key) == Inserted::Present {
            return;
        }
        if first_sena_ok(army) && depth as i8 > self.best {
            self.best = depth as i8;
        }
        for_each_sub_move(army, bag, self.blocked, |next, rest| {
            self.best_dfs(next, rest, depth + 1);
            self.best == self.total as i8
        });
    }

    /// True when some continuation from `army` (after `depth` sub-moves, `bag` left) ends with
    /// `target` sub-moves used, or wins, and (if `limit`) within the first-sena limit.
    pub(crate) fn completable(
        &mut self,
        army: Army,
        bag: Bag,
        blocked: u32,
        depth: u8,
        target: u8,
        limit: bool,
    ) -> bool {
        self.memo.clear();
        self.stamp = self.stamp.wrapping_add(1);
        self.blocked = blocked;
        self.can_dfs(army, bag, depth, target, limit)
    }

    fn can_dfs(&mut self, army: Army, bag: Bag, depth: u8, target: u8, limit: bool) -> bool {
        if army.off() == PIECES {
            return true;
        }
        if depth >= target {
            return !limit || first_sena_ok(army);
        }
        let key = army.code() | (bag.bits() << BAG_SHIFT);
        // Every state seen before failed (success returns at once); a full table only costs time.
        if self.memo.insert(key) == Inserted::Present {
            return false;
        }
        let mut found = false;
        for_each_sub_move(army, bag, self.blocked, |next, rest| {
            found = self.can_dfs(next, rest, depth + 1, target, limit);
            found
        });
        found
    }
}

/// Calls `f(next_army, bag_left)` for each legal sub-move until `f` returns true.
#[inline]
pub(crate) fn for_each_sub_move(
    army: Army,
    bag: Bag,
    blocked: u32,
    mut f: impl FnMut(Army, Bag) -> bool,
) {
    let mut dice = bag.distinct();
    while dice != 0 {
        let die = dice.trailing_zeros() as u8 + 1;
        dice &= dice - 1;
        for from in army.occupied() {
            let sm = SubMove {
                from: from as u8,
                die,
            };
            if let Ok(next) = try_sub_move(army, blocked, sm) {
                if f(next, bag.without(die)) {
                    return;
                }
            }
        }
    }
}
