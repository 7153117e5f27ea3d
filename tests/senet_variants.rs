//! Rule tests for the Kendall and Jequier senet variants: one named test per rule that differs
//! from WiiBrew 2009 (ids SK1.. and SJ1.. of `docs/rules.md`), each also showing the WiiBrew
//! answer for the same position where the rule differs. Positions are board strings.

use senas_senet::games::senet::{
    apply, check_move, legal_moves, Illegal, Move, MoveList, Position, Side, Throw, Variant, OFF,
};

const K: Variant = Variant::Kendall;
const J: Variant = Variant::Jequier;
const W: Variant = Variant::Wiibrew2009;

/// A position of `v` from a board string; spaces are ignored.
fn pos(v: Variant, board: &str, to_move: Side) -> Position {
    let s: String = board.chars().filter(|c| !c.is_whitespace()).collect();
    Position::parse(v, &s, to_move).expect("test board is valid")
}

fn throw(d: u8) -> Throw {
    Throw::from_distance(d).expect("test throw is valid")
}

fn moves(p: &Position, d: u8) -> Vec<(u8, u8)> {
    let mut out = MoveList::new();
    legal_moves(p, throw(d), &mut out);
    out.iter().map(|m| (m.from(), m.to())).collect()
}

fn play(p: &Position, d: u8, from: u8, to: u8) -> Position {
    apply(p, check_move(p, throw(d), from, to).expect("move is legal"))
}

// SK2: no white face is 5 (not 6).
#[test]
fn sk2_kendall_sticks_give_five_for_no_white_face_and_never_six() {
    let r = K.rules();
    assert_eq!(r.throw_from_whites(0), Some(Throw::FIVE));
    assert_eq!(r.throw(6), None);
    assert_eq!(W.rules().throw_from_whites(0), Some(Throw::SIX));
    assert_eq!(J.rules().throw_from_whites(0), Some(Throw::SIX));
}

// SK3 / SJ2: extra throws.
#[test]
fn sk3_kendall_throws_again_after_1_4_5_and_sj2_jequier_after_1_4_6() {
    let again = |v: Variant| -> Vec<u8> {
        (1..=6)
            .filter(|&d| v.rules().throws_again(d))
            .collect::<Vec<_>>()
    };
    assert_eq!(again(K), [1, 4, 5]);
    assert_eq!(again(J), [1, 4, 6]);
    assert_eq!(again(W), [1, 3, 6]);
    let p = pos(K, "A......... .......... .........B", Side::A);
    assert_eq!(play(&p, 3, 1, 4).side_to_move(), Side::B, "3 ends the turn");
    assert_eq!(play(&p, 4, 1, 5).side_to_move(), Side::A, "4 throws again");
}

// SK4: no barriers in Kendall.
#[test]
fn sk4_kendall_has_no_barrier_three_in_a_row_can_be_passed() {
    let b = "A.BBB..... .......... .........A";
    assert_eq!(moves(&pos(K, b, Side::A), 5), [(1, 6), (30, OFF)]);
    assert_eq!(
        check_move(&pos(W, b, Side::A), throw(6), 1, 7),
        Err(Illegal::Barrier { square: 3 })
    );
}

// SK5: no safe squares in Kendall: a lone piece on 26 can be captured.
#[test]
fn sk5_kendall_has_no_safe_squares_a_lone_piece_on_26_is_captured() {
    let b = "A......... .......... ...A.B...A";
    let p = pos(K, b, Side::A);
    let n = play(&p, 2, 24, 26);
    assert_eq!(n.at(26), Some(Side::A));
    assert_eq!(n.at(24), Some(Side::B), "swapped to the mover's square");
    assert_eq!(
        check_move(&pos(W, b, Side::A), throw(2), 24, 26),
        Err(Illegal::SafeSquare { square: 26 })
    );
}

// SK6: the gate: every piece must land on 26 exactly before going further.
#[test]
fn sk6_kendall_pieces_must_land_exactly_on_26_before_going_further() {
    let b = "B......... .......... ...A......";
    let p = pos(K, b, Side::A);
    assert_eq!(
        check_move(&p, throw(3), 24, 27),
        Err(Illegal::Gate { square: 26 })
    );
    assert_eq!(check_move(&p, throw(2), 24, 26).map(|m| m.to()), Ok(26));
    // A 4 from 24 has no forward move at all: the piece goes back.
    assert_eq!(moves(&p, 4), [(24, 20)]);
    assert_eq!(moves(&pos(W, b, Side::A), 4), [(24, 28)]);
}

// SK7: from 26: 5 bears off, 4 to 30, 3 to 29, 2 to 28, 1 into the water.
#[test]
fn sk7_kendall_from_26_each_throw_reaches_its_house_and_5_bears_off() {
    let p = pos(K, "B......... .......... .....A....", Side::A);
    for (d, to) in [(1, 27), (2, 28), (3, 29), (4, 30), (5, OFF)] {
        assert_eq!(moves(&p, d), [(26, to)], "throw {d}");
    }
}

// SK8: 28 and 29 leave only by an exact bearing off (3 and 2); 30 with any throw.
#[test]
fn sk8_kendall_28_needs_a_3_29_needs_a_2_and_30_leaves_with_anything() {
    let p = pos(K, "B......... .......... .......A..", Side::A);
    assert_eq!(moves(&p, 3), [(28, OFF)]);
    assert_eq!(
        check_move(&p, throw(1), 28, 29),
        Err(Illegal::ExactOff {
            square: 28,
            needs: 3
        })
    );
    assert_eq!(moves(&p, 1), [(0, 0)], "no backward move from 28 either");
    let p = pos(K, "B......... .......... ........A.", Side::A);
    assert_eq!(moves(&p, 2), [(29, OFF)]);
    assert_eq!(moves(&p, 4), [(0, 0)]);
    let p = pos(K, "B......... .......... .........A", Side::A);
    for d in 1..=5 {
        assert_eq!(moves(&p, d), [(30, OFF)], "throw {d}");
    }
}

// SK9: pieces on 27..30 never move backward.
#[test]
fn sk9_kendall_pieces_on_28_to_30_never_move_backward() {
    let b = "B......... .......... .......A..";
    assert_eq!(
        check_move(&pos(K, b, Side::A), throw(2), 28, 26),
        Err(Illegal::NoBackward { square: 28 })
    );
    assert_eq!(moves(&pos(W, b, Side::A), 4), [(28, OFF)]);
}

// SK10: the water holds the piece: a 4 bears it off, another throw sends it back to 15, and
// nothing else moves; every such throw ends the turn.
#[test]
fn sk10_kendall_a_piece_in_the_water_leaves_with_a_4_or_back_to_15_and_nothing_else_moves() {
    let p = pos(K, "A........B .......... .....A....", Side::A);
    let n = play(&p, 1, 26, 27);
    assert_eq!(n.at(27), Some(Side::A), "the piece stays in the water");
    assert_eq!(n.side_to_move(), Side::A, "a 1 still throws again");
    assert!(n.in_water(Side::A));
    assert_eq!(moves(&n, 4), [(27, OFF)]);
    assert_eq!(moves(&n, 1), [(27, 15)]);
    assert_eq!(
        check_move(&n, throw(1), 1, 2),
        Err(Illegal::InWater { square: 27 })
    );
    let back = play(&n, 1, 27, 15);
    assert_eq!(
        back.side_to_move(),
        Side::B,
        "the 1 out of the water ends the turn"
    );
    assert!(back.bound(Side::A));
    let off = play(&n, 4, 27, OFF);
    assert_eq!(off.borne_off(Side::A), 4);
    assert_eq!(
        off.side_to_move(),
        Side::B,
        "the 4 out of the water ends the turn"
    );
}

// SK10: with 15 taken, the piece stays in the water and the throw is lost.
#[test]
fn sk10_kendall_with_15_taken_the_piece_waits_in_the_water() {
    let p = pos(K, "A......... ....B..... ......A...", Side::A);
    assert_eq!(moves(&p, 2), [(0, 0)]);
    assert_eq!(
        check_move(&p, throw(2), 27, 15),
        Err(Illegal::RescueTaken { square: 15 })
    );
}

// SK11: the piece sent back to 15 must be the next piece moved.
#[test]
fn sk11_kendall_the_piece_sent_back_to_15_moves_next() {
    let p = pos(K, "A......... .......... ......A..B", Side::A);
    let back = play(&p, 2, 27, 15).with_side_to_move(Side::A);
    assert_eq!(moves(&back, 2), [(15, 17)]);
    assert_eq!(
        check_move(&back, throw(2), 1, 3),
        Err(Illegal::MustMoveRescued { square: 15 })
    );
    let moved = play(&back, 2, 15, 17);
    assert!(!moved.bound(Side::A));
    assert_eq!(
        moves(&moved.with_side_to_move(Side::A), 2),
        [(1, 3), (17, 19)]
    );
}

// SK12: a side in the water or bound loses pair protection.
#[test]
fn sk12_kendall_pairs_do_not_protect_a_side_with_a_piece_in_the_water() {
    let b = "A..BB..... .......... ......B...";
    let p = pos(K, b, Side::A);
    assert_eq!(moves(&p, 3), [(1, 4)], "the pair 4-5 does not protect");
    let dry = pos(K, "A..BB..... .......... .........B", Side::A);
    assert_eq!(
        check_move(&dry, throw(3), 1, 4),
        Err(Illegal::Guarded { square: 4 })
    );
}

// SK13: capturing on 28..30 sends the piece into the water, and is impossible while the water
// is occupied.
#[test]
fn sk13_kendall_a_piece_captured_on_28_to_30_goes_into_the_water() {
    let p = pos(K, "A......... .......... .....A.B..", Side::A);
    let n = play(&p, 2, 26, 28);
    assert_eq!(n.at(28), Some(Side::A));
    assert_eq!(n.at(27), Some(Side::B));
    assert_eq!(n.at(26), None, "not a swap");
    let full = pos(K, "A......... .......... .....ABB..", Side::A);
    assert_eq!(
        check_move(&full, throw(2), 26, 28),
        Err(Illegal::WaterTaken { square: 28 })
    );
}

// SJ3: a captured piece swaps to the square its captor left (not the lowest empty square,
// which queued captured pieces in the first row: docs/rules.md, issue 30).
#[test]
fn sj3_jequier_a_captured_piece_swaps_to_the_square_its_captor_left() {
    let b = ".B.B...... .AB....... ..........";
    let p = pos(J, b, Side::A);
    let n = play(&p, 1, 12, 13);
    assert_eq!(n.at(13), Some(Side::A));
    assert_eq!(
        n.at(12),
        Some(Side::B),
        "the captured piece takes the captor's square"
    );
    assert_eq!(n.at(1), None, "not sent to the lowest empty square");
    let w = play(&pos(W, b, Side::A), 1, 12, 13);
    assert_eq!(w.at(12), Some(Side::B), "WiiBrew swaps too");
    // A pair still protects (SJ3's second sentence).
    let pair = pos(J, "B......... .ABB...... ..........", Side::A);
    assert!(check_move(&pair, throw(1), 12, 13).is_err());
}

// SJ4: the water sends straight to the lowest empty square, even with 15 free.
#[test]
fn sj4_jequier_water_sends_to_the_lowest_empty_square() {
    let b = "AB........ .......... ....A.....";
    let n = play(&pos(J, b, Side::A), 2, 25, 27);
    assert_eq!(n.at(3), Some(Side::A));
    assert_eq!(n.at(15), None);
    let w = play(&pos(W, b, Side::A), 2, 25, 27);
    assert_eq!(w.at(15), Some(Side::A));
}

// SJ5: bearing off does not wait for the whole side to reach the last row (WiiBrew's rule):
// a throw beyond 30 bears off whatever stands behind.
#[test]
fn sj5_jequier_bears_off_without_waiting_for_the_last_row() {
    let b = "B......... .........A .........A";
    let p = pos(J, b, Side::A);
    assert_eq!(
        check_move(&p, throw(1), 30, OFF),
        Ok(Move::step(throw(1), 30, OFF))
    );
    assert_eq!(moves(&p, 1), [(20, 21), (30, OFF)]);
    assert_eq!(moves(&pos(W, b, Side::A), 1), [(20, 21), (30, OFF)]);
    let home = pos(J, "B......... .......... A........A", Side::A);
    assert_eq!(moves(&home, 1), [(21, 22), (30, OFF)]);
}

// SJ6: a piece in the first row moves only when the square after it is empty.
#[test]
fn sj6_jequier_first_row_pieces_wait_for_the_square_in_front() {
    let p = Position::start(J, Side::B);
    assert_eq!(moves(&p, 1), [(10, 11)], "only the front piece");
    assert_eq!(
        check_move(&p, throw(2), 8, 10),
        Err(Illegal::Queued { square: 8 })
    );
    assert_eq!(moves(&Position::start(W, Side::B), 2), [(10, 12)]);
    assert_eq!(moves(&Position::start(W, Side::B), 1).len(), 5);
}

// SJ7: a forced backward move needs an empty square.
#[test]
fn sj7_jequier_backward_moves_never_capture() {
    // A on 22 and 26, throw 4: 22->26 is own, 26->30 crosses the barrier 28-30: no forward
    // move. Backward 26->22 is own; 22->18 is the only backward move, and only while 18 is
    // empty.
    let q = pos(J, "...B...... .......... .A...A.BBB", Side::A);
    assert_eq!(moves(&q, 4), [(22, 18)]);
    let b = "...B...... .......B.. .A...A.BBB";
    assert_eq!(
        check_move(&pos(J, b, Side::A), throw(4), 22, 18),
        Err(Illegal::BackwardOntoPiece { square: 18 })
    );
    assert_eq!(moves(&pos(J, b, Side::A), 4), [(0, 0)]);
    assert_eq!(
        moves(&pos(W, b, Side::A), 4),
        [(22, 18)],
        "WiiBrew captures backward"
    );
}
