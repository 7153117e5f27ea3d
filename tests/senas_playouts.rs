//! Property tests for senas over random games (proptest): piece conservation, no shared hole,
//! no illegal landing, the first-sena limit after every part, termination, replay determinism,
//! and agreement of turn generation with the step-by-step builder in both directions.
//! `cargo test` plays 10^4 games; the ignored `million_playouts` plays 10^6.

mod senas_common;

use proptest::prelude::*;
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use senas_common::*;
use senas_senet::games::senas::{
    apply, first_player, Position, Roll, Side, SubMove, Turn, TurnBuilder, TurnGen, MAX_CHOICES,
    PIECES,
};
use std::cell::RefCell;

/// Longest game accepted before the test calls it non-terminating (parts of turns).
const MAX_PARTS: u32 = 3000;

thread_local! {
    static STORE: RefCell<(Box<TurnGen>, Box<Turns>)> = RefCell::new((scratch(), Box::new(Turns::new())));
}

/// How much the builder is cross-checked at each part.
#[derive(Clone, Copy)]
enum Depth {
    /// The chosen turn is replayed through the builder.
    Chosen,
    /// Every generated turn is replayed, and a random builder walk must end in the set.
    Full,
}

fn conserved(p: &Position) -> bool {
    [Side::White, Side::Black].iter().all(|&s| {
        let a = p.army(s);
        a.counts().iter().map(|&c| u32::from(c)).sum::<u32>() + u32::from(a.off())
            == u32::from(PIECES)
    })
}

/// Replays `turn` through the builder; it must accept every sub-move and finish on `turn`.
fn builder_accepts(g: &mut TurnGen, p: &Position, roll: Option<Roll>, turn: &Turn) {
    let mut b = match roll {
        Some(r) => TurnBuilder::for_roll(g, p, &r),
        None => TurnBuilder::for_gift(g, p),
    };
    for sm in turn.sub_moves() {
        assert_eq!(
            b.play(g, sm),
            Ok(()),
            "builder refused {sm:?} of {turn:?} at {p}"
        );
    }
    let done = b.finish().expect("builder finishes a generated turn");
    assert_eq!(done.army(), turn.army());
}

/// A random walk with the builder's offered sub-moves must end in a generated turn.
fn builder_walk_is_generated(
    g: &mut TurnGen,
    p: &Position,
    roll: Option<Roll>,
    turns: &Turns,
    rng: &mut Pcg64Mcg,
) {
    let mut b = match roll {
        Some(r) => TurnBuilder::for_roll(g, p, &r),
        None => TurnBuilder::for_gift(g, p),
    };
    let mut offered = heapless::Vec::<SubMove, MAX_CHOICES>::new();
    loop {
        b.legal_sub_moves(g, &mut offered);
        if offered.is_empty() {
            break;
        }
        let sm = offered[(rng.next_u32() as usize) % offered.len()];
        assert_eq!(b.play(g, sm), Ok(()));
    }
    let done = b
        .finish()
        .expect("a walk of offered sub-moves can always finish");
    let key = (done.army(), done.unused());
    assert!(
        turns
            .iter()
            .any(|t| (t.army(), t.unused()) == key || (t.army() == done.army() && t.wins())),
        "builder reached {:?} not in the generated set at {p}",
        done.army()
    );
}

/// Plays one random game from `seed`; returns a transcript fingerprint and the parts played.
fn play_game(seed: u64, depth: Depth) -> (u64, u32) {
    STORE.with(|store| {
        let mut store = store.borrow_mut();
        let (g, turns) = &mut *store;
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut p = Position::start(first_player(&mut rng));
        let mut print = 0xcbf2_9ce4_8422_2325u64;
        let mut parts = 0;
        while p.winner().is_none() {
            assert!(parts < MAX_PARTS, "game {seed} does not end");
            let roll = if p.needs_roll() {
                Some(Roll::sample(&mut rng))
            } else {
                None
            };
            match roll {
                Some(r) => g.legal_turns(&p, &r, turns),
                None => g.legal_gift_turns(&p, turns),
            }
            .unwrap_or_else(|e| {
                panic!(
                    "{e:?} at {p} side={:?} roll={roll:?} gift={}",
                    p.side_to_move(),
                    p.gift()
                )
            });
            assert!(!turns.is_empty(), "no legal turn at {p}");
            let turn = turns[(rng.next_u64() % turns.len() as u64) as usize];
            builder_accepts(g, &p, roll, &turn);
            if let Depth::Full = depth {
                for t in turns.iter() {
                    builder_accepts(g, &p, roll, t);
                }
                builder_walk_is_generated(g, &p, roll, turns, &mut rng);
            }
            let mover = p.side_to_move();
            let next = apply(&p, &turn);
            assert!(conserved(&next));
            let (w, b) = (next.army(Side::White), next.army(Side::Black));
            assert!(
                Position::from_armies(w, b, mover).is_ok(),
                "shared hole at {next}"
            );
            assert!(next.army(mover).first_sena_holes() <= 2 || next.winner().is_some());
            print = (print
                ^ next.army(Side::White).bits() as u64
                ^ (next.army(Side::Black).bits() >> 64) as u64)
                .wrapping_mul(0x100_0000_01b3);
            p = next;
            parts += 1;
        }
        (print, parts)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_games_conserve_pieces_never_share_a_hole_and_end(seed in any::<u64>()) {
        let (_, parts) = play_game(seed, Depth::Chosen);
        prop_assert!(parts > 0);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn generation_and_builder_agree_in_both_directions(seed in any::<u64>()) {
        play_game(seed, Depth::Full);
    }
}

#[test]
fn the_same_seed_replays_the_same_game() {
    for seed in [1, 2, 99] {
        assert_eq!(
            play_game(seed, Depth::Chosen),
            play_game(seed, Depth::Chosen)
        );
    }
    assert_ne!(play_game(1, Depth::Chosen), play_game(2, Depth::Chosen));
}

#[test]
#[ignore = "long: 10^6 games, run with --ignored (make bench)"]
fn million_playouts() {
    for seed in 0..1_000_000u64 {
        play_game(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15), Depth::Chosen);
    }
}
