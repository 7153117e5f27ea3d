//! Test only: the senas features as computed before `senas/features.rs` (counts read one by
//! one from the packed army, the dice tried hole by hole), kept verbatim as the reference the
//! fast features must equal on every position (`features/tests.rs`).

use crate::games::senas::{self, Army, Position, Side, HOLES, SENA};

use super::super::feature;
use crate::ai::search::game::FeatureVec;

fn pips(army: Army) -> i32 {
    (0..HOLES)
        .map(|p| i32::from(army.count(p)) * (HOLES - p) as i32)
        .sum()
}

fn rear(army: Army) -> i32 {
    let occ = army.occupancy();
    if occ == 0 {
        HOLES as i32
    } else {
        occ.trailing_zeros() as i32
    }
}

/// Landings denied to `victim` (occupancy in its own path indices) by `holder`'s holes, given
/// as a mask in the victim's path indices.
fn blocking(victim: u32, held: u32) -> i32 {
    let mut n = 0;
    let mut v = victim;
    while v != 0 {
        let q = v.trailing_zeros();
        v &= v - 1;
        n += (held & (0x3F << (q + 1))).count_ones() as i32;
    }
    n
}

/// Adjacent held pairs in front of the victim's rearmost piece.
fn barrier(victim: u32, held: u32) -> i32 {
    if victim == 0 {
        return 0;
    }
    let ahead = held & !((1u32 << (victim.trailing_zeros() + 1)) - 1);
    (ahead & (ahead >> 1)).count_ones() as i32
}

/// Free (hole, die) moves of the mover's occupied holes against `blocked` (its path indices).
fn mobility(own: u32, blocked: u32) -> i32 {
    let free = !blocked & ((1u32 << HOLES) - 1);
    let mut n = 0;
    let mut v = own;
    while v != 0 {
        let q = v.trailing_zeros();
        v &= v - 1;
        let reach = (0x3Fu32 << (q + 1)) & ((1u32 << HOLES) - 1);
        let beyond = (q + 6).saturating_sub(HOLES as u32 - 1) as i32;
        n += (reach & free).count_ones() as i32 + beyond;
    }
    n
}

/// Bit `d` set when a sub-move of `d` (1..=6) could be played by `army` whose holes held by the
/// opponent are `blocked` (own path indices): runner rule and bearing off included, the
/// first-sena limit left out.
fn usable_dice(army: Army, occ: u32, blocked: u32) -> u32 {
    let runner_rule = !army.any_in_fourth_sena() && army.off() == 0;
    let movers = if runner_rule && occ & !1 != 0 {
        occ & !1
    } else {
        occ
    };
    let movers = if runner_rule && occ & !1 == 0 {
        1
    } else {
        movers
    };
    let all_home = occ & ((1 << (3 * SENA)) - 1) == 0;
    let rearmost = occ.trailing_zeros();
    let mut usable = 0;
    let mut v = movers;
    while v != 0 {
        let p = v.trailing_zeros();
        v &= v - 1;
        for d in 1..=6u32 {
            let to = p + d;
            let ok = if to < HOLES as u32 {
                blocked & (1 << to) == 0
            } else {
                all_home && (to == HOLES as u32 || p == rearmost)
            };
            if ok {
                usable |= 1 << d;
            }
        }
    }
    usable
}

/// Sum of the die values `army` could not play (see [`usable_dice`]).
fn dead_pips(army: Army, occ: u32, blocked: u32) -> i32 {
    if occ == 0 {
        return 0;
    }
    let usable = usable_dice(army, occ, blocked);
    (1..=6).filter(|d| usable & (1 << d) == 0).sum()
}

fn bag_pips(bag: senas::Bag) -> i32 {
    bag.values().map(i32::from).sum()
}

pub(super) fn features(pos: &Position, side: Side, out: &mut FeatureVec) -> usize {
    use feature::*;
    let opp = side.other();
    let (me, them) = (pos.army(side), pos.army(opp));
    let (my_occ, their_occ) = (me.occupancy(), them.occupancy());
    // Each side's holes in the other's path indices.
    let my_in_theirs = side.mask_to_other(my_occ);
    let their_in_mine = opp.mask_to_other(their_occ);
    out[PIPS] = pips(them) - pips(me);
    out[OFF] = i32::from(me.off()) - i32::from(them.off());
    let pending = bag_pips(pos.gift());
    let outgoing = bag_pips(pos.outgoing());
    let (to_me, to_them) = if pos.side_to_move() == side {
        (pending, outgoing)
    } else {
        (outgoing, pending)
    };
    out[GIFT] = to_me - to_them;
    out[START] = i32::from(them.count(0)) - i32::from(me.count(0));
    let first = |a: Army| (1..SENA).map(|p| i32::from(a.count(p))).sum::<i32>();
    out[FIRST_SENA] = first(them) - first(me);
    out[BLOCKING] = blocking(their_occ, my_in_theirs) - blocking(my_occ, their_in_mine);
    out[BARRIER] = barrier(their_occ, my_in_theirs) - barrier(my_occ, their_in_mine);
    out[MOBILITY] = mobility(my_occ, their_in_mine) - mobility(their_occ, my_in_theirs);
    out[REAR] = rear(me) - rear(them);
    let home = |a: Army| {
        (3 * SENA..HOLES)
            .map(|p| i32::from(a.count(p)))
            .sum::<i32>()
    };
    out[HOME] = home(me) - home(them);
    out[TEMPO] = if pos.side_to_move() == side { 1 } else { -1 };
    out[DEAD] = dead_pips(them, their_occ, my_in_theirs) - dead_pips(me, my_occ, their_in_mine);
    phase(me, my_occ, their_in_mine)
}

/// Runner 0, development 1, race 2, bear-off 3 (see the module doc).
fn phase(me: Army, my_occ: u32, their_in_mine: u32) -> usize {
    if my_occ & ((1 << (3 * SENA)) - 1) == 0 {
        return 3;
    }
    // No contact: every opponent hole is behind (in my path indices) my rearmost piece.
    let contact =
        their_in_mine != 0 && (31 - their_in_mine.leading_zeros()) > my_occ.trailing_zeros();
    if !contact {
        return 2;
    }
    if !me.any_in_fourth_sena() && me.off() == 0 {
        0
    } else {
        1
    }
}
