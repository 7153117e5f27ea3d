//! The small learned network of a senet rule set's heuristic (Kendall): the same inputs and
//! fixed point as the search's network ([`crate::ai::senet::net`]: its `Net`, `encode` and
//! inference), but only [`HEURISTIC_HIDDEN`] hidden units, so that the 0-ply
//! heuristic player is stronger than the fitted linear weights yet leaves the search with the
//! big network a clear margin over it. Trained offline by `tools/tune senet-td --hidden N` and
//! shipped as `const` integer weights (`senet/weights/heuristic_kendall.rs`); integer inference, so the
//! host and the Wii agree bit for bit. Owns which variant has such a network
//! ([`for_variant`]); never touches the search's network or the rules.

use crate::games::senet::Variant;

use super::net::Net;

/// Hidden units of the shipped heuristic network (Kendall's: trained with `--inputs features`,
/// so its rows for the squares of the pieces are zero; docs/ai.md, Senet rule sets).
pub const HEURISTIC_HIDDEN: usize = 4;

/// A small network: the search's network type with [`HEURISTIC_HIDDEN`] hidden units (same
/// format, same inference, `senet::net::Net`).
pub type SmallNet = Net<HEURISTIC_HIDDEN>;

/// The heuristic network of a rule set, if it has one (the others use linear weights).
pub fn for_variant(v: Variant) -> Option<&'static SmallNet> {
    match v {
        Variant::Kendall => Some(&super::weights::heuristic_kendall::NET),
        Variant::Wiibrew2009 | Variant::Jequier => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::senet::net::{value, OFF_BASE};
    use crate::games::senet::{Position, Side};

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
            let mut out = [0; crate::ai::search::game::MAX_FEATURES];
            let _ = crate::ai::senet::features::features(pos, Side::A, &mut out);
            out
        };
        assert_eq!(f(&p), f(&q));
        assert_eq!(value(net, &p, Side::A), value(net, &q, Side::A));
        // The search's network reads the squares, so it tells them apart.
        let big = crate::ai::senet::net::for_variant(Variant::Kendall).expect("kendall net");
        assert_ne!(value(big, &p, Side::A), value(big, &q, Side::A));
    }
}
