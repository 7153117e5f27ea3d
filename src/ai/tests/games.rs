//! Tests of the players on the real games: every kind always answers with a legal turn
//! (property test over random positions of both games), the same seed gives the same turn,
//! the search proves constructed end-game wins, and a short tournament runs to the end.

use std::boxed::Box;

use proptest::prelude::*;
use rand_core::RngCore;
use rand_pcg::Pcg32;

use crate::ai::player::{Kind, Level, Player};
use crate::ai::random::random_turn;
use crate::ai::search::eval::WIN;
use crate::ai::search::game::RaceGame;
use crate::ai::search::{Budget, Search, NO_MARGIN};
use crate::ai::selfplay::{sample_chance, tournament, Playable};
use crate::ai::senas::adapter::{Senas, SenasChance, SenasScratch};
use crate::ai::senet::adapter::Senet;
use crate::games::senas::{self, Army, Roll};
use crate::games::senet::{self, Throw, Variant};

const KINDS: [Kind; 6] = [
    Kind::Random,
    Kind::Heuristic,
    Kind::Tuned,
    Kind::Expectiminimax(Level::Easy),
    Kind::Expectiminimax(Level::Normal),
    Kind::Expectiminimax(Level::Hard),
];

/// A position reached by `plies` random turns from the start, and a chance drawn for it.
fn random_position<G: Playable>(
    scratch: &mut G::Scratch,
    seed: u64,
    plies: u32,
) -> Option<(G::Pos, G::Chance)> {
    let mut rng = Pcg32::new(seed, 3);
    let first = G::SIDES[(rng.next_u32() & 1) as usize];
    let mut pos = G::start(G::Rules::default(), first);
    for _ in 0..plies {
        if G::winner(&pos).is_some() {
            break;
        }
        let chance = sample_chance::<G>(&pos, &mut rng)?;
        let turn = random_turn::<G>(scratch, &pos, &chance, &mut rng)?;
        pos = G::apply(&pos, &turn);
    }
    if G::winner(&pos).is_some() {
        return None;
    }
    let chance = sample_chance::<G>(&pos, &mut rng)?;
    Some((pos, chance))
}

fn check_all_kinds_legal<G: Playable>(
    seed: u64,
    plies: u32,
    kinds: &[Kind],
) -> Result<(), TestCaseError>
where
    G::Turn: PartialEq + core::fmt::Debug,
{
    let mut scratch = Box::<G::Scratch>::default();
    let Some((pos, chance)) = random_position::<G>(&mut scratch, seed, plies) else {
        return Ok(());
    };
    let legal = G::turns(&mut scratch, &pos, &chance).to_vec();
    prop_assert!(!legal.is_empty(), "the engine gave no turn");
    for &k in kinds {
        let t = Player::new(k, seed).choose::<G>(&mut scratch, &pos, &chance);
        prop_assert!(t.is_some(), "{} gave no turn", k.name());
        prop_assert!(
            legal.contains(&t.unwrap_or(legal[0])),
            "{} played an illegal turn",
            k.name()
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn every_senet_player_answers_with_a_legal_move(seed in any::<u64>(), plies in 0u32..250) {
        check_all_kinds_legal::<Senet>(seed, plies, &KINDS)?;
    }

    #[test]
    fn every_senas_player_answers_with_a_legal_turn(seed in any::<u64>(), plies in 0u32..120) {
        check_all_kinds_legal::<Senas>(seed, plies, &KINDS[..5])?;
    }
}

#[test]
fn the_top_senas_level_answers_with_legal_turns_in_random_positions() {
    for seed in 0..6 {
        check_all_kinds_legal::<Senas>(seed, (seed as u32 * 17) % 100, &KINDS[5..]).expect("legal");
    }
}

fn same_turn_twice<G: Playable>(kind: Kind, seeds: core::ops::Range<u64>)
where
    G::Turn: PartialEq + core::fmt::Debug,
{
    let mut scratch = Box::<G::Scratch>::default();
    for seed in seeds {
        let Some((pos, chance)) = random_position::<G>(&mut scratch, seed, (seed as u32 * 7) % 90)
        else {
            continue;
        };
        let a = Player::new(kind, seed).choose::<G>(&mut scratch, &pos, &chance);
        let b = Player::new(kind, seed).choose::<G>(&mut scratch, &pos, &chance);
        assert_eq!(a, b, "{} seed {seed}", kind.name());
        // Spreading the decision over many small steps (which stop inside a root candidate's
        // search) gives the same turn after the same work, whatever the step size.
        let mut whole = Player::new(kind, seed).think::<G>(&mut scratch, &pos, &chance);
        let _ = whole.step(&mut scratch, u64::MAX);
        for size in [1, 37, 200] {
            let mut d = Player::new(kind, seed).think::<G>(&mut scratch, &pos, &chance);
            let c = loop {
                if let Some(t) = d.step(&mut scratch, size) {
                    break Some(t);
                }
            };
            assert_eq!(a, c, "{} seed {seed} stepped by {size}", kind.name());
            assert_eq!(
                whole.nodes(),
                d.nodes(),
                "{} seed {seed} nodes, steps of {size}",
                kind.name()
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_senet_move_for_every_player() {
    for k in KINDS {
        same_turn_twice::<Senet>(k, 0..40);
    }
}

#[test]
fn the_same_seed_gives_the_same_senas_turn_for_every_player() {
    for k in &KINDS[..5] {
        same_turn_twice::<Senas>(*k, 0..12);
    }
    same_turn_twice::<Senas>(KINDS[5], 0..3);
}

fn senet_pos(a: &[u8], b: &[u8], to_move: senet::Side) -> senet::Position {
    let board = |s: &[u8]| s.iter().fold(0u32, |acc, &q| acc | 1 << q);
    senet::Position::new(Variant::Wiibrew2009, board(a), board(b), to_move).expect("valid position")
}

#[test]
fn senet_search_proves_the_win_that_needs_the_extra_throw() {
    // A holds 28 and 30 and throws 3 (an extra throw follows). Bearing off from 28 leaves the
    // piece on 30, which any throw bears off: a forced win. Bearing off from 30 instead leaves
    // 28, which a 1 or a 2 does not bear off.
    let pos = senet_pos(&[28, 30], &[2, 4, 6, 8, 10], senet::Side::A);
    let budget = Budget {
        nodes: 1_000_000,
        depth: 2,
        widths: [5, 5, 1, 1],
        inner_width: 5,
        margin: NO_MARGIN,
    };
    let mut s = Search::<Senet>::new(
        &mut Default::default(),
        &pos,
        &Throw::THREE,
        crate::ai::senet::levels::HAND,
        budget,
    );
    let t = s.run(&mut Default::default()).expect("a move");
    assert_eq!((t.from(), t.to()), (28, senet::OFF));
    assert_eq!(s.best_value(), WIN);
}

#[test]
fn senet_search_prefers_the_forced_win_over_the_gamble() {
    // Same as above but with the other order of pieces in the list: the answer does not depend
    // on generation order. B's pieces cannot reach A's in time.
    let pos = senet_pos(&[28, 30], &[1, 3, 5, 7, 9], senet::Side::A);
    let t = crate::ai::player::hint::<Senet>(
        &mut Default::default(),
        Kind::Expectiminimax(Level::Hard),
        &pos,
        &Throw::THREE,
    );
    assert_eq!(t.map(|t| t.from()), Some(28));
}

#[test]
fn senas_search_proves_a_win_on_the_next_roll() {
    // White has 13 pieces off and two in the fourth sena (paths 18 and 19); Black is far away.
    // White rolls 1-1-2 (four 1s and a 2): whatever it plays, at most 5 pips remain on at most
    // two pieces, and any roll of three dice bears them off next turn. Black's only hope is a
    // chain of 6-6-6 re-rolls (each one rolls again before White's turn): depth 3 sees one
    // re-roll through, so the value falls short of a certain win by two tutes' worth, 1/46656.
    let mut w = [0u8; senas::HOLES];
    w[18] = 1;
    w[19] = 1;
    let mut b = [0u8; senas::HOLES];
    b[12] = 14;
    b[19] = 1;
    let white = Army::from_counts(&w, 13).expect("15 pieces");
    let black = Army::from_counts(&b, 0).expect("15 pieces");
    let pos = senas::Position::from_armies(white, black, senas::Side::White).expect("valid");
    let roll = SenasChance::from_roll(Roll::new(1, 1, 2).expect("a roll"));
    let budget = Budget {
        nodes: 50_000_000,
        depth: 3,
        widths: [16, 16, 16, 1],
        inner_width: 1,
        margin: NO_MARGIN,
    };
    let mut gen = Box::<SenasScratch>::default();
    let mut s = Search::<Senas>::new(
        &mut gen,
        &pos,
        &roll,
        crate::ai::senas::levels::HAND,
        budget,
    );
    s.run(&mut gen).expect("a turn");
    assert_eq!(s.completed_depth(), 3);
    let v = s.best_value();
    assert!(v < WIN && v > WIN - 2 * WIN / 46_656, "value {v}");
}

#[test]
fn senas_players_take_a_win_available_this_turn() {
    // White: 13 off, pieces on paths 17 and 23; roll 1-2-5. Only some orders bear both off
    // (17+2, +5 = off; 23+1 = off); others leave a piece behind.
    let mut w = [0u8; senas::HOLES];
    w[17] = 1;
    w[23] = 1;
    let mut b = [0u8; senas::HOLES];
    b[12] = 15;
    let white = Army::from_counts(&w, 13).expect("15 pieces");
    let black = Army::from_counts(&b, 0).expect("15 pieces");
    let pos = senas::Position::from_armies(white, black, senas::Side::White).expect("valid");
    let roll = SenasChance::from_roll(Roll::new(1, 2, 5).expect("a roll"));
    let mut gen = Box::<SenasScratch>::default();
    let legal = Senas::turns(&mut gen, &pos, &roll).to_vec();
    assert!(legal.iter().any(|t| t.wins()) && legal.iter().any(|t| !t.wins()));
    for k in [
        Kind::Heuristic,
        Kind::Tuned,
        Kind::Expectiminimax(Level::Hard),
    ] {
        let t = Player::new(k, 1)
            .choose::<Senas>(&mut gen, &pos, &roll)
            .expect("a turn");
        assert!(t.wins(), "{} missed the win", k.name());
    }
}

#[test]
fn a_short_tournament_runs_to_the_end_in_both_games() {
    let s = tournament::<Senet>(
        Variant::Wiibrew2009,
        &mut Default::default(),
        Kind::Heuristic,
        Kind::Random,
        20,
        5,
        |_, _, _, _| {},
    );
    assert_eq!((s.games, s.unfinished), (20, 0));
    assert!(
        s.a_wins > 10,
        "heuristic won only {} of 20 senet games",
        s.a_wins
    );
    let mut gen = Box::<SenasScratch>::default();
    let s = tournament::<Senas>(
        (),
        &mut gen,
        Kind::Heuristic,
        Kind::Random,
        10,
        5,
        |_, _, _, _| {},
    );
    assert_eq!((s.games, s.unfinished), (10, 0));
    assert!(
        s.a_wins > 5,
        "heuristic won only {} of 10 senas games",
        s.a_wins
    );
}

#[test]
fn the_chunked_output_equals_the_plain_row_by_row_sum() {
    use crate::ai::senas::net::{encode, output, Active, HIDDEN_SHIFT, NET, ONE_Q12};
    use crate::games::senas::Side;
    let mut scratch = std::boxed::Box::<SenasScratch>::default();
    let mut rng = Pcg32::new(3, 3);
    let mut pos = Senas::start((), Side::White);
    for _ in 0..300 {
        if pos.winner().is_some() {
            pos = Senas::start((), Side::Black);
        }
        for side in [Side::White, Side::Black] {
            let mut a = Active::new();
            encode(&pos, side, &mut a);
            let mut pre = NET.b1;
            for &(i, x) in &a {
                for (p, &wq) in pre.iter_mut().zip(NET.w1[usize::from(i)].iter()) {
                    *p += i32::from(x) * i32::from(wq);
                }
            }
            let mut z = NET.b2;
            for (p, &wq) in pre.iter().zip(NET.w2.iter()) {
                z += ((*p).clamp(0, ONE_Q12) >> HIDDEN_SHIFT) * i32::from(wq);
            }
            assert_eq!(output(&a), z);
        }
        let c = sample_chance::<Senas>(&pos, &mut rng).expect("a chance");
        let turns = Senas::turns(&mut scratch, &pos, &c);
        let t = turns[(rng.next_u32() as usize) % turns.len()];
        pos = Senas::apply(&pos, &t);
    }
}
