//! Tests of the coach's numbers: the per-mille scale, the win chance of lopsided positions in
//! both games and every senet rule set (and of their mirror images), the best turn's chance
//! against the hint's turn, and the tutor's threshold.

use std::boxed::Box;

use rand_pcg::Pcg32;

use crate::games::senas::{self, Army};
use crate::games::senet::{self, Variant};

use super::*;
use crate::ai::player::{hint, Kind};
use crate::ai::random::random_turn;
use crate::ai::search::game::RaceGame;
use crate::ai::selfplay::{sample_chance, Playable};
use crate::ai::senas_game::{Senas, SenasScratch};
use crate::ai::senet_game::Senet;

#[test]
fn permille_maps_the_evaluation_bounds_onto_0_to_1000() {
    assert_eq!(permille(-WIN), 0);
    assert_eq!(permille(0), 500);
    assert_eq!(permille(WIN), 1000);
    assert_eq!(permille(i32::MAX), 1000);
    assert_eq!(permille(i32::MIN), 0);
    assert_eq!(permille(WIN / 2), 750);
    let mut last = 0;
    for v in (-WIN..=WIN).step_by(997) {
        let p = permille(v);
        assert!(p >= last && p <= 1000);
        last = p;
    }
}

/// White with thirteen off and two three holes from the end (Black's start is White's last hole); Black all fifteen on its start hole.
fn senas_lopsided(to_move: senas::Side, white_ahead: bool) -> senas::Position {
    let mut near = [0u8; senas::HOLES];
    near[senas::HOLES - 3] = 2;
    let mut start = [0u8; senas::HOLES];
    start[0] = senas::PIECES;
    let ahead = Army::from_counts(&near, senas::PIECES - 2).expect("15 pieces");
    let behind = Army::from_counts(&start, 0).expect("15 pieces");
    let (w, b) = if white_ahead {
        (ahead, behind)
    } else {
        (behind, ahead)
    };
    senas::Position::from_armies(w, b, to_move).expect("no shared hole")
}

#[test]
fn senas_a_side_nearly_borne_off_is_likely_to_win_and_its_mirror_unlikely() {
    use senas::Side::{Black, White};
    let ahead = win_chance::<Senas>(&senas_lopsided(White, true));
    let behind = win_chance::<Senas>(&senas_lopsided(White, false));
    assert!(ahead > 500 && ahead <= 1000, "ahead {ahead}");
    assert!(behind < 500, "behind {behind}");
    // The same board seen by the other side to move.
    let theirs = win_chance::<Senas>(&senas_lopsided(Black, true));
    assert!(theirs < 500, "Black facing White's lead: {theirs}");
}

fn senet_pos(v: Variant, a: &[u8], b: &[u8], to_move: senet::Side) -> senet::Position {
    let board = |s: &[u8]| s.iter().fold(0u32, |acc, &q| acc | (1 << q));
    senet::Position::new(v, board(a), board(b), to_move).expect("valid position")
}

#[test]
fn senet_under_every_rule_set_a_side_nearly_borne_off_is_likely_to_win_and_its_mirror_unlikely() {
    use senet::Side::{A, B};
    for v in Variant::ALL {
        let ahead = win_chance::<Senet>(&senet_pos(v, &[29], &[1, 2, 3, 4, 5], A));
        let behind = win_chance::<Senet>(&senet_pos(v, &[1, 2, 3, 4, 5], &[29], A));
        assert!(ahead > 500 && ahead <= 1000, "{v:?}: ahead {ahead}");
        assert!(behind < 500, "{v:?}: behind {behind}");
        let theirs = win_chance::<Senet>(&senet_pos(v, &[29], &[1, 2, 3, 4, 5], B));
        assert!(theirs < 500, "{v:?}: B facing A's lead {theirs}");
    }
}

#[test]
fn the_winner_has_1000_and_the_loser_0() {
    use senet::Side::{A, B};
    let won = senet_pos(Variant::Wiibrew2009, &[], &[1, 2], A);
    assert_eq!(won.winner(), Some(A));
    assert_eq!(win_chance::<Senet>(&won), 1000);
    assert_eq!(win_chance::<Senet>(&won.with_side_to_move(B)), 0);
}

#[test]
fn the_hints_turn_is_worth_the_best_chance_in_both_games() {
    let mut rng = Pcg32::new(27, 5);
    let mut scratch = Box::<SenasScratch>::default();
    let mut pos = Senas::start((), Senas::SIDES[0]);
    for _ in 0..12 {
        let c = sample_chance::<Senas>(&pos, &mut rng).expect("a roll");
        let best = best_chance::<Senas>(&mut scratch, &pos, &c).expect("turns");
        let h = hint::<Senas>(&mut scratch, Kind::Level(Level::Normal), &pos, &c).expect("hint");
        assert_eq!(chance_after::<Senas>(&pos, &Senas::apply(&pos, &h)), best);
        let t = random_turn::<Senas>(&mut scratch, &pos, &c, &mut rng).expect("a turn");
        assert!(chance_after::<Senas>(&pos, &Senas::apply(&pos, &t)) <= best);
        pos = Senas::apply(&pos, &t);
    }
    let mut moves = senet::MoveList::new();
    for v in Variant::ALL {
        let mut pos = senet::Position::start(v, senet::Side::A);
        for _ in 0..30 {
            if pos.winner().is_some() {
                break;
            }
            let c = sample_chance::<Senet>(&pos, &mut rng).expect("a throw");
            let best = best_chance::<Senet>(&mut moves, &pos, &c).expect("moves");
            let h = hint::<Senet>(&mut moves, Kind::Level(Level::Normal), &pos, &c).expect("hint");
            assert_eq!(chance_after::<Senet>(&pos, &Senet::apply(&pos, &h)), best);
            let t = random_turn::<Senet>(&mut moves, &pos, &c, &mut rng).expect("a move");
            pos = Senet::apply(&pos, &t);
        }
    }
}

#[test]
fn the_tutor_warns_from_a_loss_of_50_per_mille_and_only_when_on() {
    assert!(!tutor_warns(true, 600, 551), "49 lost");
    assert!(tutor_warns(true, 600, 550), "50 lost");
    assert!(tutor_warns(true, 600, 549), "51 lost");
    assert!(!tutor_warns(false, 600, 549), "tutor off");
    assert!(!tutor_warns(true, 600, 600), "the best turn");
    assert!(
        !tutor_warns(true, 600, 700),
        "better than the best (never, but harmless)"
    );
    assert_eq!(loss(600, 549), 51);
    assert_eq!(loss(0, 1000), 0);
}

#[test]
fn in_a_senet_endgame_of_the_tables_the_coach_reads_the_exact_chance() {
    use crate::ai::senet::endgame;
    use senet::Side::{A, B};
    let mut moves = senet::MoveList::new();
    for v in Variant::ALL {
        let pos = senet_pos(v, &[20, 24], &[18, 25], A);
        let exact = endgame::permille(&pos).expect("two pieces a side: in the table");
        assert_eq!(win_chance::<Senet>(&pos), exact, "{v:?}");
        for &(throw, _) in Senet::chances(&pos) {
            for &mv in Senet::turns(&mut moves, &pos, &throw) {
                let after = Senet::apply(&pos, &mv);
                let theirs = endgame::permille(&after).expect("still in the table");
                let mine = if after.side_to_move() == A {
                    theirs
                } else {
                    1000 - theirs
                };
                assert_eq!(chance_after::<Senet>(&pos, &after), mine, "{v:?} {mv}");
            }
        }
        // Outside the tables (five pieces a side) the network still answers.
        let start = senet::Position::start(v, B);
        assert_eq!(endgame::permille(&start), None);
        assert!(win_chance::<Senet>(&start) > 0);
    }
}
