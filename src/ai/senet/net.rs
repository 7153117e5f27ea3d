//! The learned senet evaluator of a rule set: a one-hidden-layer network over the board, the
//! Kendall-specific state and the heuristic's features, trained offline per variant by
//! self-play TD(lambda) (`tools/tune senet-td --variant ...`) and shipped as `const` integer
//! weights (`weights/wiibrew2009.rs`, `weights/kendall.rs`, `weights/jequier.rs`; Jequier's Hard
//! has its own, `weights/jequier_hard.rs`, [`hard_for_variant`]). The network
//! itself and its integer inference are [`crate::ai::search::net`]'s, so the host and the Wii
//! compute the same value bit for bit. Owns the input encoding (shared with the trainer), the
//! fixed-point format and which variant has a network ([`for_variant`], [`hard_for_variant`]); knows nothing of the
//! search nor of the adapter (it reads the features below it), and never changes rules.
//!
//! Inputs, seen from the side evaluated ("me") against the other ("them"):
//! - a piece of mine on square 1..30 (30 units), a piece of theirs (30 units);
//! - pieces borne off, mine and theirs (scale 5);
//! - I am to move (the throw in hand, maybe an extra one);
//! - my piece on the rescue square must move next (Kendall's bound piece), theirs;
//! - the 11 heuristic features of [`super::features::feature`] (each with its scale).
//!
//! Fixed point as every network's ([`crate::ai::search::net`]); the value is
//! `squash(z, 2^20)`: the net is trained so that `0.5 + 0.5 * z / (|z| + 1)` is the evaluated
//! side's chance of winning.

use heapless::Vec;

use crate::games::senet::{Position, Side, Variant, LAST};

use crate::ai::search::eval::{squash, WIN};
use crate::ai::search::game::{FeatureVec, MAX_FEATURES};
pub use crate::ai::search::net::{HIDDEN_SHIFT, ONE_Q12, OUT_SHIFT};

use super::features::{feature, features};
use super::weights;

/// Input units.
pub const INPUTS: usize = 2 * LAST as usize + 5 + NET_FEATURES;
/// The heuristic features the network reads (all of them).
pub const NET_FEATURES: usize = feature::COUNT;
/// Hidden units.
pub const HIDDEN: usize = 32;
/// Index of "my pieces off".
pub const OFF_BASE: usize = 2 * LAST as usize;
/// Index of "I am to move".
pub const TEMPO: usize = OFF_BASE + 2;
/// Index of "my piece on the rescue square is bound".
pub const BOUND_BASE: usize = TEMPO + 1;
/// Index of the first feature input.
pub const FEATURE_BASE: usize = BOUND_BASE + 2;
/// Most inputs that can be non-zero at once.
pub const MAX_ACTIVE: usize = INPUTS;

/// Scale of each feature input: pips, off, protected, exposure, blocking, water, rear, home,
/// tempo, gate, stuck.
pub const FEATURE_SCALE: [i32; NET_FEATURES] = [64, 5, 5, 32, 5, 16, 16, 5, 1, 32, 16];

/// The real value of input `i` is its integer value divided by `scale(i)`.
pub const fn scale(i: usize) -> i32 {
    if i < OFF_BASE {
        1
    } else if i < TEMPO {
        5
    } else if i < FEATURE_BASE {
        1
    } else {
        FEATURE_SCALE[i - FEATURE_BASE]
    }
}

/// A senet network with `H` hidden units (the search's networks: [`HIDDEN`]; the small
/// heuristic networks of `senet::heuristic` fewer): [`crate::ai::search::net::Net`] over these
/// inputs.
pub type Net<const H: usize = HIDDEN> = crate::ai::search::net::Net<INPUTS, H>;

/// Whether the first levels (`easy-v1`, `normal-v1`, `hard-v1`) searched rule set `v` with its
/// network: only Kendall's existed then; WiiBrew 2009's and Jequier's came with the second
/// senet levels (issue 13), and the first levels keep the fitted weights for those.
pub const fn first_levels_use(v: Variant) -> bool {
    matches!(v, Variant::Kendall)
}

/// The network of a rule set (every rule set has one now).
pub fn for_variant(v: Variant) -> Option<&'static Net> {
    match v {
        Variant::Kendall => Some(&weights::kendall::NET),
        Variant::Wiibrew2009 => Some(&weights::wiibrew2009::NET),
        Variant::Jequier => Some(&weights::jequier::NET),
    }
}

/// The network Hard searches with under rule set `v`: Jequier's own (`weights/jequier_hard.rs`,
/// the shipped network trained on under the rules of issue 30 by TD(lambda) on the games of
/// fixed players, docs/ai.md); every other rule set's Hard searches with [`for_variant`]'s.
pub fn hard_for_variant(v: Variant) -> Option<&'static Net> {
    match v {
        Variant::Jequier => Some(&weights::jequier_hard::NET),
        _ => for_variant(v),
    }
}

/// The non-zero inputs of a position: (input index, integer value).
pub type Active = Vec<(u16, i16), MAX_ACTIVE>;

/// Fills `out` with the non-zero inputs of `pos` seen from `side`.
pub fn encode(pos: &Position, side: Side, out: &mut Active) {
    out.clear();
    // At most 10 pieces + 5 flags + 11 features = 26 pushes (MAX_ACTIVE is larger): none fails.
    for (k, s) in [side, side.other()].into_iter().enumerate() {
        let mut b = pos.board(s);
        while b != 0 {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            let _ = out.push(((k * LAST as usize + sq - 1) as u16, 1));
        }
    }
    for (k, s) in [side, side.other()].into_iter().enumerate() {
        let off = pos.borne_off(s);
        if off != 0 {
            let _ = out.push(((OFF_BASE + k) as u16, i16::from(off)));
        }
        if pos.bound(s) {
            let _ = out.push(((BOUND_BASE + k) as u16, 1));
        }
    }
    if pos.side_to_move() == side {
        let _ = out.push((TEMPO as u16, 1));
    }
    let mut f: FeatureVec = [0; MAX_FEATURES];
    let _ = features(pos, side, &mut f);
    for (i, &v) in f.iter().take(NET_FEATURES).enumerate() {
        if v != 0 {
            let _ = out.push(((FEATURE_BASE + i) as u16, v.clamp(-32_000, 32_000) as i16));
        }
    }
}

/// The bounded value of `pos` for `side` by `net`: `WIN` / `-WIN` when the game is over,
/// otherwise the network's estimate strictly inside.
pub fn value<const H: usize>(net: &Net<H>, pos: &Position, side: Side) -> i32 {
    match pos.winner() {
        Some(s) if s == side => WIN,
        Some(_) => -WIN,
        None => {
            let mut a = Active::new();
            encode(pos, side, &mut a);
            squash(i64::from(net.output(&a)), 1 << OUT_SHIFT)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_input_index_is_in_range_and_the_start_encodes_ten_pieces() {
        let pos = Position::start(Variant::Kendall, Side::A);
        let mut a = Active::new();
        encode(&pos, Side::A, &mut a);
        assert!(a.iter().all(|&(i, _)| usize::from(i) < INPUTS));
        let pieces = a
            .iter()
            .filter(|&&(i, _)| usize::from(i) < OFF_BASE)
            .count();
        assert_eq!(pieces, 10);
        // A on 1 (index 0), B on 2 (index 30 + 1), A to move.
        assert!(a.contains(&(0, 1)) && a.contains(&(u16::from(LAST) + 1, 1)));
        assert!(a.contains(&(TEMPO as u16, 1)));
        encode(&pos, Side::B, &mut a);
        assert!(!a.iter().any(|&(i, _)| usize::from(i) == TEMPO));
    }

    #[test]
    fn every_rule_set_has_its_own_network_and_the_first_levels_used_kendalls_alone() {
        let nets = Variant::ALL.map(|v| for_variant(v).expect("a network"));
        for (i, a) in nets.iter().enumerate() {
            for b in &nets[i + 1..] {
                assert!(!core::ptr::eq(*a, *b), "two rule sets share a network");
            }
        }
        // Hard searches with a network of its own under Jequier's rules only.
        for (v, own) in Variant::ALL.into_iter().zip(nets) {
            let hard = hard_for_variant(v).expect("a network");
            assert_eq!(core::ptr::eq(hard, own), v != Variant::Jequier, "{v}");
        }
        assert!(first_levels_use(Variant::Kendall));
        assert!(!first_levels_use(Variant::Wiibrew2009));
        assert!(!first_levels_use(Variant::Jequier));
    }

    /// A won game is `WIN` / `-WIN` and the start an estimate strictly inside, for `net`.
    fn bounded<const H: usize>(net: &Net<H>, v: Variant) {
        let over = Position::new(v, 0, 1 << 5, Side::B).expect("valid");
        assert_eq!(value(net, &over, Side::A), WIN, "{v}");
        assert_eq!(value(net, &over, Side::B), -WIN, "{v}");
        let start = Position::start(v, Side::A);
        let x = value(net, &start, Side::A);
        assert!(x > -WIN && x < WIN, "{v}: {x}");
    }

    #[test]
    fn every_network_values_won_games_as_win_and_keeps_estimates_inside() {
        for v in Variant::ALL {
            bounded(for_variant(v).expect("a network"), v);
            if let Some(small) = super::super::heuristic::for_variant(v) {
                bounded(small, v);
            }
        }
    }
}
