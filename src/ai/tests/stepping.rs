//! Tests of how a decision is spread over frames (issue 13): the senas Hard level's one-roll
//! look-ahead pauses inside a turn generation and inside a turn list's evaluation, so no step
//! does much more than its allowance; and the answer and the node count never depend on the
//! allowances, on gift parts and five-sub-move rolls too, even when the scratch is used by
//! someone else between two steps.

use std::boxed::Box;
use std::vec::Vec;

use rand_pcg::Pcg32;

use crate::ai::player::{Decision, Kind, Level, Player};
use crate::ai::random::random_turn;
use crate::ai::search::game::RaceGame;
use crate::ai::selfplay::{sample_chance, Playable};
use crate::ai::senas::adapter::{Senas, SenasChance, SenasScratch};
use crate::games::senas::{Position, Roll, Turn};

/// Positions along random games, each with the chance the game brought (gift parts
/// included) and, when a roll is due, also a pair roll (five sub-moves).
fn positions(games: u64, every: u32) -> Vec<(Position, SenasChance)> {
    let mut scratch = Box::<SenasScratch>::default();
    let mut out = Vec::new();
    let pair = SenasChance::from_roll(Roll::new(2, 2, 5).expect("a roll"));
    for seed in 0..games {
        let mut rng = Pcg32::new(seed, 11);
        let mut pos = Senas::start((), Senas::SIDES[(seed % 2) as usize]);
        let mut ply = 0;
        while Senas::winner(&pos).is_none() && ply < 400 {
            let Some(chance) = sample_chance::<Senas>(&pos, &mut rng) else {
                break;
            };
            if ply % every == 0 || (chance == SenasChance::Gift && ply % 3 == 0) {
                out.push((pos, chance));
                if pos.needs_roll() && ply % (2 * every) == 0 {
                    out.push((pos, pair));
                }
            }
            let Some(turn) = random_turn::<Senas>(&mut scratch, &pos, &chance, &mut rng) else {
                break;
            };
            pos = Senas::apply(&pos, &turn);
            ply += 1;
        }
    }
    out
}

/// Steps the decision with `size` units a step until it answers; checks every step stays
/// within its allowance (a unit or two of slack: a slice stops after the unit that reached
/// it). With `meddle`, uses the scratch for another generation between steps. Returns the
/// turn, the nodes and the number of steps.
fn stepped(
    scratch: &mut SenasScratch,
    pos: &Position,
    chance: &SenasChance,
    size: u64,
    meddle: bool,
) -> (Option<Turn>, u64, u32) {
    let mut d: Decision<Senas> =
        Player::new(Kind::Level(Level::Hard), 7).think::<Senas>(scratch, pos, chance);
    let mut steps = 0;
    let other = Senas::start((), Senas::SIDES[0]);
    let other_roll = SenasChance::from_roll(Roll::new(1, 3, 6).expect("a roll"));
    loop {
        let before = d.progress();
        let t = d.step(scratch, size);
        steps += 1;
        // Progress counts the step itself once (root steps) besides the units.
        let ran = d.progress() - before;
        assert!(
            ran <= size + 3,
            "a step of {size} units ran {ran} ({pos:?}, {chance:?})"
        );
        if t.is_some() {
            return (t, d.nodes(), steps);
        }
        if meddle && steps % 5 == 0 {
            let _ = Senas::turns(scratch, &other, &other_roll);
        }
        assert!(steps < 10_000_000, "no answer");
    }
}

#[test]
fn hard_look_ahead_answer_does_not_depend_on_slice_sizes() {
    let mut scratch = Box::<SenasScratch>::default();
    let list = positions(4, 23);
    assert!(
        list.iter().any(|(_, c)| *c == SenasChance::Gift),
        "no gift part"
    );
    assert!(list.len() >= 20, "{} positions", list.len());
    let mut deep = 0;
    for (pos, chance) in &list {
        let whole =
            Player::new(Kind::Level(Level::Hard), 7).choose::<Senas>(&mut scratch, pos, chance);
        let mut nodes = None;
        for size in [1, 5, 64, 1_000] {
            let (t, n, steps) = stepped(&mut scratch, pos, chance, size, false);
            assert_eq!(t, whole, "steps of {size}: {pos:?} {chance:?}");
            assert_eq!(*nodes.get_or_insert(n), n, "nodes, steps of {size}");
            if size == 1 && n > 200 {
                // Sliced inside the look-ahead: about one step per unit of work.
                assert!(u64::from(steps) >= n, "{steps} steps for {n} nodes");
                deep += 1;
            }
        }
        let (t, n, _) = stepped(&mut scratch, pos, chance, 7, true);
        assert_eq!(t, whole, "steps of 7 with the scratch used between steps");
        assert_eq!(Some(n), nodes, "nodes with the scratch used between steps");
    }
    assert!(deep >= 5, "only {deep} decisions searched deeper");
}

#[test]
fn a_five_sub_move_roll_is_listed_over_many_small_steps() {
    // A pair roll expands to five sub-moves: its root listing alone needs many units, so steps
    // of one unit take many more steps than the decision has nodes.
    let mut scratch = Box::<SenasScratch>::default();
    let pair = SenasChance::from_roll(Roll::new(2, 2, 5).expect("a roll"));
    let most = positions(2, 23)
        .iter()
        .filter(|(_, c)| *c == pair)
        .map(|(pos, c)| {
            let (t, n, steps) = stepped(&mut scratch, pos, c, 1, false);
            assert!(t.is_some());
            u64::from(steps).saturating_sub(n)
        })
        .max();
    assert!(most > Some(50), "listing steps beyond the nodes: {most:?}");
}
