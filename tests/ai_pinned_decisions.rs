//! The computer's decisions do not change when its evaluation gets faster (issue 13: cheaper
//! nodes on the Wii, same moves). Whole games between the levels of both games (senas; senet
//! under each rule set, Kendall's with its learned network), every decision stepped a few
//! hundred work units at a time as the app does; each decision's chosen turn (its index in the
//! turn list) and node count are folded into a digest. The table below was recorded from the
//! code before the incremental evaluator (main a5aa8df) by running this test with
//! `PIN_PRINT=1` (it prints the rows it computes); a changed evaluation, move order or node
//! count changes a row. The senet rows name the first levels (`hard-v1`, ...) and `net` /
//! `tuned` where the levels that shipped then were those: the second senet levels (issue 13,
//! every rule set with a network) left the first ones as they were, which these rows prove.
//! The second senet levels have their own rows (`SECOND`), recorded from the commit that
//! made them, so a later speed-up of their evaluator must keep their decisions too.
//! Issue 30 changed two of Jequier's rules (SJ3, SJ5: `docs/rules.md`), so the three Jequier
//! rows were recorded again from that commit (the games are other games now, 102 to 318
//! decisions instead of 279 to 4 715); every other row is as it was. Jequier's Hard then got a
//! network of its own (issue 30, `weights/jequier_hard.rs`), so the two Jequier rows of the
//! second levels (`SECOND`, both with Hard) were recorded again; the first levels' rows are
//! as they were. Senas Hard's node cap fell from 40 000 to 18 000 (issue 23, half speed): its
//! four rows were recorded again; every other row is as it was. Senet Hard then came to play
//! the exact endgame tables built into the program (issue 27 part 4: where every legal move
//! leads into the tables it plays the table's best move, without a search, 0 nodes): the three
//! rows of the second levels whose Hard reaches such an endgame with a choice were recorded
//! again (`SECOND`, seeds 22, 23 and 26: fewer nodes, and under Kendall's rules another end of
//! the game); the other three, and every first-level row, are as they were.

use senas_senet::ai::selfplay::{play_with, Playable};
use senas_senet::ai::senas_game::Senas;
use senas_senet::ai::senet_game::Senet;
use senas_senet::ai::{Kind, Player};
use senas_senet::games::senet::Variant;

/// One match's fold: decisions, total nodes, FNV-1a over (turn index, nodes) per decision.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
struct Fold {
    decisions: u32,
    nodes: u64,
    digest: u64,
}

fn mix(h: u64, x: u64) -> u64 {
    let mut h = h;
    for b in x.to_le_bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Plays game `seed` of `a` (first side) against `b`, stepping each decision `units` at a time.
fn fold<G: Playable>(rules: G::Rules, a: &str, b: &str, seed: u64, units: u64) -> Fold
where
    G::Pos: PartialEq,
{
    let mut scratch = Box::<G::Scratch>::default();
    let kinds = [
        Kind::parse(a).expect("player a"),
        Kind::parse(b).expect("player b"),
    ];
    let mut players = [
        Player::new(kinds[0], seed ^ 0xa),
        Player::new(kinds[1], seed ^ 0xb),
    ];
    let mut f = Fold {
        decisions: 0,
        nodes: 0,
        digest: 0xcbf2_9ce4_8422_2325,
    };
    let _ = play_with::<G>(rules, &mut scratch, seed, |mover, scratch, pos, chance| {
        let mut d = players[mover].think::<G>(scratch, pos, chance);
        let mut steps = 0u32;
        let turn = loop {
            if let Some(t) = d.step(scratch, units) {
                break t;
            }
            steps += 1;
            assert!(steps < 1_000_000, "a decision that never ends");
        };
        let after = G::apply(pos, &turn);
        let index = G::turns(scratch, pos, chance)
            .iter()
            .position(|t| G::apply(pos, t) == after)
            .expect("the chosen turn is legal");
        f.decisions += 1;
        f.nodes += d.nodes();
        f.digest = mix(mix(f.digest, index as u64), d.nodes());
        Some(turn)
    });
    f
}

/// (game, a, b, seed) of every pinned match.
const MATCHES: [Match; 13] = [
    ("senas", "hard", "normal", 1),
    ("senas", "normal", "hard", 2),
    ("senas", "easy", "hard", 3),
    ("senas", "net", "hard-v1", 4),
    ("senas", "normal-v1", "easy-v1", 5),
    ("kendall", "hard-v1", "normal-v1", 6),
    ("kendall", "net", "hard-v1", 7),
    ("kendall", "net", "normal-v1", 8),
    ("wiibrew", "hard-v1", "normal-v1", 9),
    ("wiibrew", "tuned", "hard-v1", 10),
    ("jequier", "hard-v1", "tuned", 11),
    ("senas", "hard", "hard", 12),
    ("kendall", "hard-v1", "hard-v1", 13),
];

/// Recorded from the code before the change (see the module doc): decisions, nodes, digest.
const PINNED: [(u32, u64, u64); 13] = [
    // The three senas rows with the shipped Hard, and its Hard-v-Hard row below, re-recorded
    // when senas Hard's node cap went from 40 000 to 18 000 (issue 23 item 4: half speed).
    (54, 308610, 0x82df0114c84d12de),
    (56, 230329, 0x6e447dc72b0f72e9),
    (54, 254932, 0x2eeb0ef6859ce66b),
    (42, 994934, 0xb9476aa179255317),
    (47, 422636, 0x06789ed4a68c4fc3),
    (181, 583516, 0xffdf0b72016c4728),
    (191, 363860, 0x261e3235d8c7c02d),
    (138, 27717, 0xdee654c682114216),
    (117, 535920, 0x1eac89630d0de179),
    (116, 545804, 0xed2fdf691540fff0),
    // Jequier re-recorded for issue 30's rule readings (SJ3 swap, SJ5): the same code, other rules.
    (102, 375748, 0xb0aea339fa203d0e),
    (50, 559050, 0xec6a2397b2a5b486),
    (205, 958988, 0x0d00ece787ff8480),
];

fn run(m: (&str, &str, &str, u64)) -> Fold {
    let (game, a, b, seed) = m;
    // An odd, smallish slice so decisions pause inside lists and generations.
    let units = 97;
    match game {
        "senas" => fold::<Senas>((), a, b, seed, units),
        "kendall" => fold::<Senet>(Variant::Kendall, a, b, seed, units),
        "wiibrew" => fold::<Senet>(Variant::Wiibrew2009, a, b, seed, units),
        _ => fold::<Senet>(Variant::Jequier, a, b, seed, units),
    }
}

/// The matches whose fold differs from their pinned row (with `PIN_PRINT` set, prints the rows
/// it computes, to record a new table).
type Match = (&'static str, &'static str, &'static str, u64);
fn changed(matches: &[Match], pinned: &[(u32, u64, u64)]) -> Vec<(Match, Fold)> {
    let print = std::env::var_os("PIN_PRINT").is_some();
    let mut bad = Vec::new();
    for (m, pinned) in matches.iter().zip(pinned.iter()) {
        let f = run(*m);
        if print {
            println!("    ({}, {}, {:#018x}),", f.decisions, f.nodes, f.digest);
        }
        if (f.decisions, f.nodes, f.digest) != *pinned {
            bad.push((*m, f));
        }
    }
    bad
}

#[test]
fn every_level_chooses_the_same_turns_with_the_same_node_counts_as_before_the_fast_evaluator() {
    let bad = changed(&MATCHES, &PINNED);
    assert!(bad.is_empty(), "changed decisions: {bad:?}");
}

/// (rule set, a, b, seed) of the pinned matches of the second senet levels.
const SECOND_MATCHES: [Match; 6] = [
    ("wiibrew", "hard", "normal", 21),
    ("wiibrew", "easy", "hard", 22),
    ("kendall", "hard", "normal", 23),
    ("kendall", "easy", "hard", 24),
    ("jequier", "hard", "normal", 25),
    ("jequier", "easy", "hard", 26),
];

/// Recorded from the commit of the second senet levels (see the module doc).
const SECOND: [(u32, u64, u64); 6] = [
    (253, 32030, 0xebc24e4eda12fb64),
    // Re-recorded when Hard came to play the endgame tables (issue 27 part 4; was
    // (174, 24966, 0x0a1e04eda2a670da)).
    (174, 24840, 0xa11360f37ddfbca4),
    // The same (was (152, 24429, 0x957b0e11af313a0c)).
    (168, 24235, 0x6bc7fe22f1bfca6d),
    (208, 27645, 0x12ae7b093af9e214),
    // Jequier re-recorded for issue 30 (SJ3 swap, SJ5): other rules, so other games; and again
    // for Jequier's Hard network of its own (`weights/jequier_hard.rs`, docs/ai.md).
    (360, 51094, 0x5df31646adfc9666),
    // Re-recorded when Hard came to play the endgame tables (was (179, 34445, 0x4a0d9629c2b4d2e5)).
    (179, 34161, 0x90065fe1e2dd3df2),
];

#[test]
fn the_second_senet_levels_choose_the_pinned_turns_with_the_pinned_node_counts() {
    let bad = changed(&SECOND_MATCHES, &SECOND);
    assert!(bad.is_empty(), "changed decisions: {bad:?}");
}
