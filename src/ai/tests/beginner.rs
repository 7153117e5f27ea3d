//! The Beginner level on the real games: Easy beats it in every game and senet rule set
//! (seeded), it never searches more nodes than Easy on the same decision, its choice is the
//! same for a seed however the decision is stepped, it does play random turns, and its worst
//! turns are the ones Normal's evaluator values least.

use std::boxed::Box;

use rand_pcg::Pcg32;

use crate::ai::beginner::{choice, draw, Choice, BEGINNER_SHARE, BEGINNER_WORST};
use crate::ai::player::{Kind, Level, Player, Row};
use crate::ai::selfplay::{sample_chance, tournament, Playable};
use crate::ai::senas::adapter::Senas;
use crate::ai::senet::adapter::Senet;
use crate::games::senet::Variant;

const BEGINNER: Kind = Kind::Level(Level::Beginner);
const EASY: Kind = Kind::Level(Level::Easy);

/// Easy's share (per mille) of `games` seeded games against the Beginner.
fn easy_share<G: Playable>(rules: G::Rules, games: u32, seed: u64) -> u32 {
    let mut scratch = Box::<G::Scratch>::default();
    let score = tournament::<G>(
        rules,
        &mut scratch,
        EASY,
        BEGINNER,
        games,
        seed,
        |_, _, _, _| {},
    );
    assert_eq!(score.unfinished, 0);
    score.a_wins * 1000 / score.games
}

#[test]
fn easy_beats_the_beginner_in_at_least_65_percent_of_games_in_every_game_and_rule_set() {
    // 400 games each (about the figures of docs/ai.md, Levels: Beginner, on other dice).
    let senas = easy_share::<Senas>((), 400, 77);
    assert!(senas >= 650, "senas: Easy won {senas} per mille");
    for v in Variant::ALL {
        let s = easy_share::<Senet>(v, 400, 77);
        assert!(s >= 650, "senet {v:?}: Easy won {s} per mille");
    }
}

/// Plays `games` games between Beginners, and at every decision compares the Beginner with
/// Easy on the same position: never more nodes; returns (decisions, decisions where the two
/// chose differently).
fn against_easy<G: Playable>(rules: G::Rules, games: u64) -> (u32, u32)
where
    G::Turn: PartialEq + core::fmt::Debug,
{
    let mut scratch = Box::<G::Scratch>::default();
    let (mut decisions, mut differ) = (0, 0);
    for g in 0..games {
        let mut dice = Pcg32::new(g, 3);
        let mut pos = G::start(rules, G::SIDES[(g % 2) as usize]);
        for _ in 0..400 {
            if G::winner(&pos).is_some() {
                break;
            }
            let Some(chance) = sample_chance::<G>(&pos, &mut dice) else {
                break;
            };
            let mut b = Player::new(BEGINNER, g).think::<G>(&mut scratch, &pos, &chance);
            let bt = b.step(&mut scratch, u64::MAX);
            let mut e = Player::new(EASY, g).think::<G>(&mut scratch, &pos, &chance);
            let et = e.step(&mut scratch, u64::MAX);
            assert!(bt.is_some() && et.is_some());
            assert!(
                b.nodes() <= e.nodes(),
                "{} > {} nodes",
                b.nodes(),
                e.nodes()
            );
            // The same seed and decision, stepped a node at a time: the same turn.
            let mut small = Player::new(BEGINNER, g).think::<G>(&mut scratch, &pos, &chance);
            let st = loop {
                if let Some(t) = small.step(&mut scratch, 1) {
                    break t;
                }
            };
            assert_eq!(Some(st), bt);
            decisions += 1;
            if bt != et {
                differ += 1;
            }
            let Some(t) = bt else { break };
            pos = G::apply(&pos, &t);
        }
    }
    (decisions, differ)
}

#[test]
fn the_beginner_never_searches_more_nodes_than_easy_and_often_plays_another_turn() {
    for (decisions, differ) in [
        against_easy::<Senas>((), 4),
        against_easy::<Senet>(Variant::Wiibrew2009, 6),
        against_easy::<Senet>(Variant::Kendall, 6),
        against_easy::<Senet>(Variant::Jequier, 6),
    ] {
        // Worst or random turns on 192 of 256 decisions: many differ from Easy's.
        assert!(decisions > 100, "{decisions}");
        assert!(differ * 5 > decisions, "{differ} of {decisions} differ");
    }
}

#[test]
fn beginner_parses_and_names_itself() {
    assert_eq!(Kind::parse("beginner"), Some(BEGINNER));
    assert_eq!(BEGINNER.name(), "beginner");
}

/// Plays `games` Beginner games and checks every decision drawn as a worst one: the turn
/// played is one Normal's evaluator values least for the mover. Returns how many were checked.
fn worst_is_normals_least<G: Playable>(rules: G::Rules, games: u64) -> u32 {
    let mut scratch = Box::<G::Scratch>::default();
    let mut checked = 0;
    for g in 0..games {
        let mut dice = Pcg32::new(g, 5);
        let mut pos = G::start(rules, G::SIDES[(g % 2) as usize]);
        for _ in 0..300 {
            if G::winner(&pos).is_some() {
                break;
            }
            let Some(chance) = sample_chance::<G>(&pos, &mut dice) else {
                break;
            };
            let Some(t) = Player::new(BEGINNER, g).choose::<G>(&mut scratch, &pos, &chance) else {
                break;
            };
            let next = G::apply(&pos, &t);
            let d = draw(g, G::key(&pos, &chance));
            if choice(d, BEGINNER_SHARE, BEGINNER_WORST) == Choice::Worst {
                let eval = G::level(Row::Level(Level::Normal), G::rules(&pos)).0;
                let me = G::to_move(&pos);
                let least = G::turns(&mut scratch, &pos, &chance)
                    .iter()
                    .map(|u| G::evaluate(&eval, &G::apply(&pos, u), me))
                    .min();
                assert_eq!(Some(G::evaluate(&eval, &next, me)), least);
                checked += 1;
            }
            pos = next;
        }
    }
    checked
}

#[test]
fn the_beginners_worst_turn_is_the_one_normals_evaluator_values_least() {
    assert!(worst_is_normals_least::<Senas>((), 2) > 20);
    for v in Variant::ALL {
        assert!(worst_is_normals_least::<Senet>(v, 3) > 50, "{v:?}");
    }
}
