//! Issue 30, "every match ends": seeded batches of whole senet games between the shipped
//! levels and the person-like player end well inside the self-play turn limit under every rule
//! set, Jequier's included (SJ3 swap, SJ5 no last-row wait: `docs/rules.md`). Deterministic
//! (fixed dice seeds); the length targets themselves are measured by `arena lengths`, not here.

use senas_senet::ai::selfplay::{tournament, Playable, TURN_LIMIT};
use senas_senet::ai::senet_game::Senet;
use senas_senet::ai::{Kind, Level};
use senas_senet::games::senet::Variant;

/// Plays `games` games of `a` against `b` and returns the longest game's turns and how many
/// stopped at the limit.
fn longest<G: Playable>(rules: G::Rules, a: Kind, b: Kind, games: u32, seed: u64) -> (u32, u32) {
    let mut scratch = Box::<G::Scratch>::default();
    let mut max = 0;
    let score = tournament::<G>(rules, &mut scratch, a, b, games, seed, |_, _, _, o| {
        max = max.max(o.turns)
    });
    (max, score.unfinished)
}

const NORMAL: Kind = Kind::Level(Level::Normal);

#[test]
fn sj3_sj5_jequier_normal_against_normal_always_ends() {
    // Before the SJ3/SJ5 readings changed, 23 of 1 000 such games hit the limit and the
    // median game ran 5 265 turns.
    let (max, unfinished) = longest::<Senet>(Variant::Jequier, NORMAL, NORMAL, 100, 4_242);
    assert_eq!(unfinished, 0);
    assert!(max < 2_000, "longest game {max} turns (limit {TURN_LIMIT})");
}

#[test]
fn the_person_like_player_against_normal_ends_under_every_rule_set() {
    let runs = [
        longest::<Senet>(Variant::Wiibrew2009, Kind::Greedy, NORMAL, 40, 4_242),
        longest::<Senet>(Variant::Kendall, Kind::Greedy, NORMAL, 40, 4_242),
        longest::<Senet>(Variant::Jequier, Kind::Greedy, NORMAL, 40, 4_242),
    ];
    for (i, (max, unfinished)) in runs.into_iter().enumerate() {
        assert_eq!(unfinished, 0, "rule set {i}");
        assert!(max < 2_000, "rule set {i}: longest game {max} turns");
    }
}
