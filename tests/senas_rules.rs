//! Rule tests for senas: one test (or a few) per rule S1..S7 and decision 1..10 of
//! `docs/rules.md`, each named for the behaviour it pins.

mod senas_common;

use senas_common::*;
use senas_senet::games::senas::{
    apply, first_player, Illegal, Position, RollKind, Side, SubMove, TurnBuilder, TurnSource,
};

fn sm(from: u8, die: u8) -> SubMove {
    SubMove { from, die }
}

#[test]
fn s1_start_has_fifteen_pieces_on_each_start_hole() {
    let p = Position::start(Side::White);
    assert_eq!(p.to_string(), board(&[(0, 15)], &[(23, 15)]));
    assert_eq!(p.side_to_move(), Side::White);
    assert!(p.needs_roll());
}

#[test]
fn d1_black_travels_from_hole_23_towards_hole_0() {
    let p = Position::start(Side::Black);
    let t = turns_for_roll(&p, roll(1, 2, 4));
    assert_eq!(
        finals(&p, &t),
        vec![(board(&[(0, 15)], &[(23, 14), (16, 1)]), 3)]
    );
}

#[test]
fn d2_distinct_dice_give_three_sub_moves() {
    let r = roll(5, 2, 3);
    assert_eq!(r.kind(), RollKind::Distinct);
    assert_eq!(r.sub_moves(), bag(&[2, 3, 5]));
}

#[test]
fn d2_a_pair_gives_four_moves_of_the_pair_and_one_of_the_odd_die() {
    assert_eq!(roll(4, 1, 4).kind(), RollKind::Pair);
    assert_eq!(roll(4, 1, 4).sub_moves(), bag(&[4, 4, 4, 4, 1]));
    assert_eq!(roll(6, 2, 2).sub_moves(), bag(&[2, 2, 2, 2, 6]));
}

#[test]
fn d2_a_triple_gives_six_moves_and_only_six_six_six_is_a_tute() {
    assert_eq!(roll(3, 3, 3).kind(), RollKind::Triple);
    assert_eq!(roll(3, 3, 3).sub_moves(), bag(&[3; 6]));
    assert_eq!(roll(6, 6, 6).kind(), RollKind::Tute);
    assert!(roll(6, 6, 6).is_tute() && !roll(5, 5, 5).is_tute());
}

#[test]
fn d5_distinct_sequences_reaching_the_same_position_are_one_choice() {
    // Six orders of 1, 2, 4 for the runner: one final position.
    let p = Position::start(Side::White);
    let t = turns_for_roll(&p, roll(1, 2, 4));
    assert_eq!(
        finals(&p, &t),
        vec![(board(&[(0, 14), (7, 1)], &[(23, 15)]), 3)]
    );
}

#[test]
fn s4_no_landing_on_a_hole_held_by_the_opponent() {
    let p = pos(&[(0, 15)], &[(2, 1), (23, 14)], Side::White);
    let mut g = scratch();
    let b = roll_builder(&mut g, &p, roll(1, 2, 3));
    assert_eq!(b.check(&mut g, sm(0, 2)), Err(Illegal::HeldByOpponent));
    assert_eq!(
        Illegal::HeldByOpponent.to_string(),
        "that hole is held by the opponent"
    );
}

#[test]
fn s4_passing_over_opponent_pieces_is_allowed() {
    let p = pos(&[(0, 15)], &[(1, 1), (2, 1), (3, 1), (23, 12)], Side::White);
    let t = turns_for_roll(&p, roll(4, 5, 6));
    assert_eq!(
        finals(&p, &t),
        vec![(
            board(&[(0, 14), (15, 1)], &[(1, 1), (2, 1), (3, 1), (23, 12)]),
            3
        )]
    );
}

#[test]
fn d2_intermediate_landings_must_be_free_too() {
    // 1 then 2 would land on hole 3, held by Black; 1 then 6 then 2 is fine.
    let p = pos(&[(0, 15)], &[(3, 1), (23, 14)], Side::White);
    let mut g = scratch();
    let mut b = roll_builder(&mut g, &p, roll(1, 2, 6));
    assert_eq!(b.play(&mut g, sm(0, 1)), Ok(()));
    assert_eq!(b.check(&mut g, sm(1, 2)), Err(Illegal::HeldByOpponent));
    assert_eq!(b.play(&mut g, sm(1, 6)), Ok(()));
    assert_eq!(b.play(&mut g, sm(7, 2)), Ok(()));
    assert!(b.can_finish());
}

#[test]
fn s4_own_pieces_stack_freely() {
    let p = pos(&[(0, 13), (18, 1), (20, 1)], &[(23, 15)], Side::White);
    let t = turns_for_gift(&p.with_gift(bag(&[2])));
    let f = finals(&p, &t);
    assert!(
        f.contains(&(board(&[(0, 13), (20, 2)], &[(23, 15)]), 1)),
        "{f:?}"
    );
}

#[test]
fn d3_runner_must_reach_fourth_sena_before_others_enter() {
    let p = pos(&[(0, 14), (10, 1)], &[(23, 15)], Side::White);
    let mut g = scratch();
    let b = roll_builder(&mut g, &p, roll(1, 2, 3));
    assert_eq!(b.check(&mut g, sm(0, 3)), Err(Illegal::RunnerAlone));
    let t = turns_for_roll(&p, roll(1, 2, 3));
    assert_eq!(
        finals(&p, &t),
        vec![(board(&[(0, 14), (16, 1)], &[(23, 15)]), 3)]
    );
}

#[test]
fn d3_a_new_piece_may_enter_once_the_runner_reaches_the_fourth_sena_in_the_same_turn() {
    let p = pos(&[(0, 14), (16, 1)], &[(23, 15)], Side::White);
    let mut g = scratch();
    let mut b = roll_builder(&mut g, &p, roll(2, 3, 5));
    assert_eq!(b.check(&mut g, sm(0, 3)), Err(Illegal::RunnerAlone));
    assert_eq!(b.play(&mut g, sm(16, 2)), Ok(()));
    assert_eq!(b.play(&mut g, sm(0, 3)), Ok(()));
    assert_eq!(b.play(&mut g, sm(3, 5)), Ok(()));
    let turn = b.finish().expect("all three dice used");
    assert_eq!(
        apply(&p, &turn).to_string(),
        board(&[(0, 13), (8, 1), (18, 1)], &[(23, 15)])
    );
}

#[test]
fn d4_first_sena_may_hold_only_two_holes_at_turn_end() {
    let p = pos(&[(0, 12), (2, 1), (20, 2)], &[(23, 15)], Side::White).with_gift(bag(&[1]));
    let mut g = scratch();
    let b = TurnBuilder::for_gift(&mut g, &p);
    assert_eq!(b.check(&mut g, sm(0, 1)), Err(Illegal::FirstSenaFull));
    assert_eq!(
        Illegal::FirstSenaFull.to_string(),
        "the first sena may hold only two of your holes at the end of the turn"
    );
    let f = finals(&p, &turns_for_gift(&p));
    assert_eq!(
        f,
        vec![
            (board(&[(0, 12), (3, 1), (20, 2)], &[(23, 15)]), 1),
            (board(&[(0, 12), (2, 1), (20, 1), (21, 1)], &[(23, 15)]), 1),
        ]
    );
}

#[test]
fn d4_three_first_sena_holes_during_the_turn_are_allowed_if_the_end_has_two() {
    let p = pos(&[(0, 12), (2, 1), (20, 2)], &[(23, 15)], Side::White).with_gift(bag(&[1, 5]));
    let mut g = scratch();
    let mut b = TurnBuilder::for_gift(&mut g, &p);
    assert_eq!(b.play(&mut g, sm(0, 1)), Ok(()));
    assert_eq!(b.finish().map(|_| ()), Err(Illegal::MustUseMore));
    assert_eq!(b.play(&mut g, sm(1, 5)), Ok(()));
    let turn = b.finish().expect("two holes at the end");
    assert_eq!(
        apply(&p, &turn).to_string(),
        board(&[(0, 11), (2, 1), (6, 1), (20, 2)], &[(23, 15)])
    );
}

#[test]
fn d5_as_many_sub_moves_as_possible_must_be_used() {
    // 18 -> 19 with the 1 leaves the 2 unplayable; 12 -> 13 -> 15 uses both.
    let p = pos(
        &[(12, 1), (18, 14)],
        &[(14, 1), (20, 1), (21, 1), (23, 12)],
        Side::White,
    )
    .with_gift(bag(&[1, 2]));
    let mut g = scratch();
    let b = TurnBuilder::for_gift(&mut g, &p);
    assert_eq!(b.target(), 2);
    assert_eq!(b.check(&mut g, sm(18, 1)), Err(Illegal::MustUseMore));
    let f = finals(&p, &turns_for_gift(&p));
    assert_eq!(
        f,
        vec![(
            board(&[(15, 1), (18, 14)], &[(14, 1), (20, 1), (21, 1), (23, 12)]),
            2
        )]
    );
}

#[test]
fn d8_bearing_off_needs_every_piece_in_the_fourth_sena() {
    let p = pos(&[(17, 1), (22, 14)], &[(0, 15)], Side::White);
    let mut g = scratch();
    let b = roll_builder(&mut g, &p, roll(2, 3, 4));
    assert_eq!(b.check(&mut g, sm(22, 2)), Err(Illegal::NotAllInFourthSena));
}

#[test]
fn d8_an_exact_number_bears_off_any_piece() {
    let p = pos(&[(20, 1), (22, 14)], &[(0, 15)], Side::White).with_gift(bag(&[2]));
    let f = finals(&p, &turns_for_gift(&p));
    assert!(
        f.contains(&(board(&[(20, 1), (22, 13)], &[(0, 15)]), 1)),
        "{f:?}"
    );
}

#[test]
fn d8_a_larger_number_bears_off_only_the_rearmost_piece() {
    let p = pos(&[(20, 1), (22, 14)], &[(0, 15)], Side::White).with_gift(bag(&[5]));
    let mut g = scratch();
    let b = TurnBuilder::for_gift(&mut g, &p);
    assert_eq!(b.check(&mut g, sm(22, 5)), Err(Illegal::NotRearmost));
    let f = finals(&p, &turns_for_gift(&p));
    assert_eq!(f, vec![(board(&[(22, 14)], &[(0, 15)]), 1)]);
}

#[test]
fn d9_bearing_off_the_last_piece_wins_at_once_and_leaves_no_gift() {
    let p = pos(&[(23, 1)], &[(0, 15)], Side::White);
    let t = turns_for_roll(&p, roll(1, 2, 3));
    assert_eq!(t.len(), 1);
    assert!(t[0].wins());
    assert!(t[0].unused().is_empty());
    let next = apply(&p, &t[0]);
    assert_eq!(next.winner(), Some(Side::White));
    assert!(next.gift().is_empty() && !next.needs_roll());
}

#[test]
fn s6_a_side_that_cannot_move_passes_its_dice_as_a_gift() {
    let p = pos(&[(0, 15)], &[(1, 1), (2, 1), (3, 1), (23, 12)], Side::White);
    let t = turns_for_roll(&p, roll(1, 2, 3));
    assert_eq!(t.len(), 1);
    assert_eq!(t[0].played(), 0);
    let next = apply(&p, &t[0]);
    assert_eq!(next.side_to_move(), Side::Black);
    assert_eq!(next.gift(), bag(&[1, 2, 3]));
    assert!(!next.needs_roll());
}

#[test]
fn d6_the_gift_is_played_first_and_its_unused_moves_are_lost() {
    // Black's runner cannot use 1 (hole 22) or 6 (hole 17): the whole gift is lost, not returned.
    let p = pos(&[(0, 13), (17, 1), (22, 1)], &[(23, 15)], Side::Black).with_gift(bag(&[1, 6, 6]));
    assert!(!p.needs_roll());
    let t = turns_for_gift(&p);
    assert_eq!(t.len(), 1);
    assert_eq!((t[0].played(), t[0].source()), (0, TurnSource::Gift));
    let next = apply(&p, &t[0]);
    assert_eq!(next.side_to_move(), Side::Black);
    assert!(next.gift().is_empty() && next.outgoing().is_empty() && next.needs_roll());
    let after_roll = apply(&next, &turns_for_roll(&next, roll(2, 3, 4))[0]);
    assert_eq!(after_roll.side_to_move(), Side::White);
    assert!(
        after_roll.gift().is_empty(),
        "the lost gift does not come back"
    );
}

#[test]
fn d7_after_a_tute_the_same_side_rolls_again() {
    let p = Position::start(Side::White);
    let t = turns_for_roll(&p, roll(6, 6, 6));
    assert!(t
        .iter()
        .all(|t| t.source() == TurnSource::Roll { reroll: true }));
    let next = apply(&p, &t[0]);
    assert_eq!(next.side_to_move(), Side::White);
    assert!(next.needs_roll());
}

#[test]
fn d7_the_gift_holds_at_most_six_sub_moves_and_the_rest_are_lost() {
    // White cannot move at all: holes 1, 2, 3 and 6 are Black's.
    let mut p = pos(
        &[(0, 15)],
        &[(1, 1), (2, 1), (3, 1), (6, 1), (23, 11)],
        Side::White,
    );
    for _ in 0..2 {
        let t = turns_for_roll(&p, roll(6, 6, 6));
        p = apply(&p, &t[0]);
        assert_eq!(p.side_to_move(), Side::White);
    }
    assert_eq!(p.outgoing(), bag(&[6; 6]));
    let t = turns_for_roll(&p, roll(1, 2, 3));
    let next = apply(&p, &t[0]);
    assert_eq!(next.side_to_move(), Side::Black);
    assert_eq!(next.gift(), bag(&[6; 6]), "moves beyond six are lost");
}

#[test]
fn d7_unused_moves_of_a_tute_and_the_next_roll_go_together_smallest_first() {
    // The runner gets to hole 6 with one six, then Black's 12 blocks it; 7, 8, 9 block 1, 2, 3.
    let black = [(7, 1), (8, 1), (9, 1), (12, 1), (23, 11)];
    let mut p = pos(&[(0, 15)], &black, Side::White);
    p = apply(&p, &turns_for_roll(&p, roll(6, 6, 6))[0]);
    assert_eq!(p.outgoing(), bag(&[6; 5]));
    p = apply(&p, &turns_for_roll(&p, roll(1, 2, 3))[0]);
    assert_eq!(p.side_to_move(), Side::Black);
    assert_eq!(p.gift(), bag(&[1, 6, 6, 6, 6, 6]));
}

#[test]
fn d6_a_gift_of_six_sixes_does_not_grant_a_reroll() {
    let p = Position::start(Side::Black).with_gift(bag(&[6; 6]));
    let t = turns_for_gift(&p);
    let next = apply(&p, &t[0]);
    assert_eq!(next.side_to_move(), Side::Black);
    let r = turns_for_roll(&next, roll(1, 2, 3));
    assert_eq!(apply(&next, &r[0]).side_to_move(), Side::White);
}

#[test]
fn d10_the_higher_single_die_starts_and_the_engine_takes_the_side_as_a_parameter() {
    use rand_core::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    let mut seen = [false; 2];
    for _ in 0..100 {
        seen[first_player(&mut rng).index()] = true;
    }
    assert_eq!(seen, [true, true]);
    assert_eq!(Position::start(Side::Black).side_to_move(), Side::Black);
}

#[test]
fn every_illegal_reason_has_a_sentence() {
    for e in [
        Illegal::NoPiece,
        Illegal::NoSuchDie,
        Illegal::HeldByOpponent,
        Illegal::RunnerAlone,
        Illegal::NotAllInFourthSena,
        Illegal::NotRearmost,
        Illegal::FirstSenaFull,
        Illegal::MustUseMore,
        Illegal::GameOver,
    ] {
        assert!(e.to_string().len() > 10);
    }
}
