//! The small learned network of a senet rule set's heuristic (Kendall): the same inputs and
//! fixed point as the search's network ([`super::senet_net`]: its `encode`, `ONE_Q12`,
//! `HIDDEN_SHIFT`, `OUT_SHIFT`), but only [`HEURISTIC_HIDDEN`] hidden units, so that the 0-ply
//! heuristic player is stronger than the fitted linear weights yet leaves the search with the
//! big network a clear margin over it. Trained offline by `tools/tune senet-td --hidden N` and
//! shipped as `const` integer weights (`senet_heuristic_kendall.rs`); integer inference, so the
//! host and the Wii agree bit for bit. Owns which variant has such a network
//! ([`for_variant`]); never touches the search's network or the rules.

use crate::games::senet::{Position, Side, Variant};

use super::eval::{squash, WIN};
use super::senet_net::{encode, Active, HIDDEN_SHIFT, INPUTS, ONE_Q12, OUT_SHIFT};

/// Hidden units of the shipped heuristic network (Kendall's: trained with `--inputs features`,
/// so its rows for the squares of the pieces are zero; docs/ai.md, Senet rule sets).
pub const HEURISTIC_HIDDEN: usize = 4;

/// A small network's fixed-point weights (the format of `senet_net::Net`, `H` hidden units).
pub struct SmallNet<const H: usize> {
    /// Hidden biases (Q12).
    pub b1: [i32; H],
    /// Output weights (Q12 on a Q8 hidden unit).
    pub w2: [i16; H],
    /// Output bias (Q20).
    pub b2: i32,
    /// First-layer weights by input (Q12 after the multiply by the integer input).
    pub w1: [[i16; H]; INPUTS],
}

/// The heuristic network of a rule set, if it has one (the others use linear weights).
pub fn for_variant(v: Variant) -> Option<&'static SmallNet<HEURISTIC_HIDDEN>> {
    match v {
        Variant::Kendall => Some(&super::senet_heuristic_kendall::NET),
        Variant::Wiibrew2009 | Variant::Jequier => None,
    }
}

impl<const H: usize> SmallNet<H> {
    /// The output `z` (Q20) of the network for the given inputs.
    pub fn output(&self, active: &Active) -> i32 {
        let mut pre = self.b1;
        for &(i, x) in active {
            let x = i32::from(x);
            for (p, &wq) in pre.iter_mut().zip(self.w1[usize::from(i)].iter()) {
                *p += x * i32::from(wq);
            }
        }
        let mut z = self.b2;
        for (p, &wq) in pre.iter().zip(self.w2.iter()) {
            z += ((*p).clamp(0, ONE_Q12) >> HIDDEN_SHIFT) * i32::from(wq);
        }
        z
    }

    /// The bounded value of `pos` for `side`: `WIN` / `-WIN` when the game is over, otherwise
    /// the network's estimate strictly inside.
    pub fn value(&self, pos: &Position, side: Side) -> i32 {
        match pos.winner() {
            Some(s) if s == side => WIN,
            Some(_) => -WIN,
            None => {
                let mut a = Active::new();
                encode(pos, side, &mut a);
                squash(i64::from(self.output(&a)), 1 << OUT_SHIFT)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::senet_net::OFF_BASE;

    #[test]
    fn only_kendall_has_a_heuristic_network() {
        assert!(for_variant(Variant::Kendall).is_some());
        assert!(for_variant(Variant::Wiibrew2009).is_none());
        assert!(for_variant(Variant::Jequier).is_none());
    }

    #[test]
    fn kendalls_heuristic_network_reads_the_features_not_the_squares() {
        let net = for_variant(Variant::Kendall).expect("kendall heuristic net");
        assert!(net.w1[..OFF_BASE].iter().all(|r| r.iter().all(|&w| w == 0)));
        assert!(net.w1[OFF_BASE..].iter().any(|r| r.iter().any(|&w| w != 0)));
        // Two positions with the same features, pieces off and tempo but pieces on other
        // squares have the same value: A on 3 and 5 against B on 10 and 12, then every piece
        // one square on (only 5 -> 10 hits, with a 5, in both).
        let p = Position::new(
            Variant::Kendall,
            1 << 3 | 1 << 5,
            1 << 10 | 1 << 12,
            Side::A,
        );
        let q = Position::new(
            Variant::Kendall,
            1 << 4 | 1 << 6,
            1 << 11 | 1 << 13,
            Side::A,
        );
        let (p, q) = (p.expect("valid"), q.expect("valid"));
        let f = |pos: &Position| {
            let mut out = [0; crate::ai::game::MAX_FEATURES];
            let _ = <crate::ai::senet_game::Senet as crate::ai::RaceGame>::features(
                pos,
                Side::A,
                &mut out,
            );
            out
        };
        assert_eq!(f(&p), f(&q));
        assert_eq!(net.value(&p, Side::A), net.value(&q, Side::A));
        // The search's network reads the squares, so it tells them apart.
        let big = crate::ai::senet_net::for_variant(Variant::Kendall).expect("kendall net");
        assert_ne!(big.value(&p, Side::A), big.value(&q, Side::A));
    }

    #[test]
    fn the_heuristic_network_values_won_games_as_win_and_estimates_stay_inside() {
        let net = for_variant(Variant::Kendall).expect("kendall heuristic net");
        let over = Position::new(Variant::Kendall, 0, 1 << 5, Side::B).expect("valid");
        assert_eq!(net.value(&over, Side::A), WIN);
        assert_eq!(net.value(&over, Side::B), -WIN);
        let start = Position::start(Variant::Kendall, Side::A);
        let v = net.value(&start, Side::A);
        assert!(v > -WIN && v < WIN);
    }
}
