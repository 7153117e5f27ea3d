//! Rule tests for senet (variant `wiibrew2009`): named tests per rule of `docs/rules.md`
//! (ids SN1..SN13), the two worked examples of the WiiBrew page, and the typed `Illegal`
//! reasons. Positions are 30-character board strings, written in groups of ten squares.

use senas_senet::games::senet::{
    apply, check_move, check_pass, legal_moves, Illegal, MoveList, Position, Side, Throw, Variant,
    MAX_MOVES, OFF,
};

const V: Variant = Variant::Wiibrew2009;

/// A position from a board string; spaces are ignored.
fn pos(board: &str, to_move: Side) -> Position {
    let s: String = board.chars().filter(|c| !c.is_whitespace()).collect();
    Position::parse(V, &s, to_move).expect("test board is valid")
}

fn throw(d: u8) -> Throw {
    Throw::from_distance(d).expect("test throw is valid")
}

/// The legal moves as (from, to) pairs; a pass is (0, 0).
fn moves(p: &Position, d: u8) -> Vec<(u8, u8)> {
    let mut out = MoveList::new();
    legal_moves(p, throw(d), &mut out);
    out.iter().map(|m| (m.from(), m.to())).collect()
}

fn board(p: &Position) -> String {
    p.board_string().to_string()
}

fn play(p: &Position, d: u8, from: u8, to: u8) -> Position {
    apply(p, check_move(p, throw(d), from, to).expect("move is legal"))
}

// SN1: board and start.
#[test]
fn sn1_start_puts_a_on_odd_and_b_on_even_squares_of_the_first_row() {
    let p = Position::start(V, Side::A);
    assert_eq!(board(&p), "ABABABABAB....................");
    assert_eq!(p.borne_off(Side::A) + p.borne_off(Side::B), 0);
}

// SN3: extra throws.
#[test]
fn sn3_throws_of_one_three_and_six_throw_again_two_and_four_end_the_turn() {
    let p = pos("A......... .......... .........B", Side::A);
    for d in [1, 2, 3, 4, 6] {
        let next = if matches!(d, 1 | 3 | 6) {
            Side::A
        } else {
            Side::B
        };
        assert_eq!(play(&p, d, 1, 1 + d).side_to_move(), next, "throw {d}");
    }
}

#[test]
fn sn3_sn11_a_lost_throw_of_one_three_or_six_still_throws_again() {
    // A's only piece on 1 is boxed in by B's barrier 2,3,4 and the lone B on 6.
    let p = pos("ABBB.B.... .......... .........B", Side::A);
    for d in [1, 2, 3, 4, 6] {
        assert_eq!(moves(&p, d), [(0, 0)], "throw {d}");
        let n = apply(&p, check_pass(&p, throw(d)).expect("nothing is legal"));
        assert_eq!(
            n.side_to_move() == Side::A,
            matches!(d, 1 | 3 | 6),
            "throw {d}"
        );
        assert_eq!(board(&n), board(&p), "a pass moves nothing");
    }
}

#[test]
fn sn11_passing_is_refused_while_a_move_exists() {
    let p = Position::start(V, Side::A);
    assert_eq!(check_pass(&p, throw(2)), Err(Illegal::MustMove));
}

// SN4: forward moves.
#[test]
fn sn4_a_piece_moves_forward_by_the_throw_but_not_onto_its_own_colour() {
    let p = pos("A.A....... .......... .........B", Side::A);
    assert_eq!(moves(&p, 2), [(3, 5)]);
    assert_eq!(
        check_move(&p, throw(2), 1, 3),
        Err(Illegal::OwnPiece { square: 3 })
    );
    assert_eq!(moves(&p, 3), [(1, 4), (3, 6)]);
}

// SN5: capture by swap.
#[test]
fn sn5_landing_on_a_lone_opposing_piece_swaps_the_two() {
    let p = pos("A...B..... .......... .........B", Side::A);
    let n = play(&p, 4, 1, 5);
    assert_eq!(
        board(&n),
        board(&pos("B...A..... .......... .........B", Side::A))
    );
}

// SN6: protection.
#[test]
fn sn6_a_piece_beside_one_of_its_colour_cannot_be_captured() {
    let p = pos("A...BB.... .......... ..........", Side::A);
    assert_eq!(
        check_move(&p, throw(4), 1, 5),
        Err(Illegal::Guarded { square: 5 })
    );
    assert_eq!(
        moves(&p, 4),
        [(0, 0)],
        "no forward, no backward from 1: pass"
    );
}

#[test]
fn sn6_pieces_on_26_28_29_and_30_cannot_be_captured() {
    for (target, safe) in [
        (26u8, true),
        (28, true),
        (29, true),
        (30, true),
        (25, false),
    ] {
        let mut b = ['.'; 30];
        b[usize::from(target - 5)] = 'A';
        b[usize::from(target - 1)] = 'B';
        let p = Position::parse(V, &b.iter().collect::<String>(), Side::A).expect("valid");
        let r = check_move(&p, throw(4), target - 4, target);
        if safe {
            assert_eq!(
                r,
                Err(Illegal::SafeSquare { square: target }),
                "square {target}"
            );
        } else {
            assert!(r.is_ok(), "square {target}");
        }
    }
}

#[test]
fn sn6_protection_holds_across_the_turn_of_the_rows() {
    let p = pos("...A.....B B......... ..........", Side::A);
    assert_eq!(
        check_move(&p, throw(6), 4, 10),
        Err(Illegal::Guarded { square: 10 })
    );
}

// SN7: barriers.
#[test]
fn sn7_three_in_a_row_cannot_be_passed_by_the_opponent() {
    let p = pos(".A..BBB... .......... .........A", Side::A);
    assert_eq!(
        check_move(&p, throw(6), 2, 8),
        Err(Illegal::Barrier { square: 5 })
    );
    assert_eq!(moves(&p, 6), [(30, OFF)]);
}

#[test]
fn sn7_two_in_a_row_can_be_jumped() {
    let p = pos(".A..BB.... .......... .........A", Side::A);
    assert!(check_move(&p, throw(6), 2, 8).is_ok());
}

#[test]
fn sn7_the_owner_passes_its_own_barrier() {
    let p = pos(".A..AAA... .......... .........B", Side::A);
    assert!(check_move(&p, throw(6), 2, 8).is_ok());
}

#[test]
fn sn7_sn9_a_barrier_at_the_end_blocks_bearing_off() {
    let p = pos(".......... .......... ....A..BBB", Side::A);
    assert_eq!(
        check_move(&p, throw(6), 25, OFF),
        Err(Illegal::Barrier { square: 28 })
    );
    let q = pos(".......... .......... ....A..B.B", Side::A);
    assert!(check_move(&q, throw(6), 25, OFF).is_ok());
}

// SN8: square 27.
#[test]
fn sn8_a_piece_landing_on_27_goes_to_15() {
    let p = pos("B......... .......... ....A.....", Side::A);
    let n = play(&p, 2, 25, 27);
    assert_eq!(n.at(15), Some(Side::A));
    assert_eq!(n.at(27), None);
}

#[test]
fn sn8_with_15_occupied_the_piece_goes_to_the_lowest_empty_square() {
    let p = pos("BA.B...... ....B..... ....A.....", Side::A);
    let n = play(&p, 2, 25, 27);
    assert_eq!(board(&n), "BAAB..........B...............");
}

#[test]
fn sn8_sn10_a_forced_backward_move_onto_27_also_goes_to_15() {
    // A's only piece on 28; B on the safe 29 stops the 1 forward, so it must go back to 27.
    let p = pos("B......... .......... .......AB.", Side::A);
    assert_eq!(moves(&p, 1), [(28, 27)]);
    let n = play(&p, 1, 28, 27);
    assert_eq!(
        board(&n),
        board(&pos("B......... ....A..... ........B.", Side::A))
    );
}

// SN9: bearing off.
#[test]
fn sn9_any_throw_that_carries_a_piece_beyond_30_bears_it_off() {
    let p = pos("B......... .......... .......A..", Side::A);
    assert_eq!(moves(&p, 2), [(28, 30)]);
    for d in [3, 4, 6] {
        assert_eq!(moves(&p, d), [(28, OFF)], "throw {d}");
        assert_eq!(play(&p, d, 28, OFF).borne_off(Side::A), 5);
    }
    let q = pos("B......... .......... .........A", Side::A);
    assert_eq!(moves(&q, 1), [(30, OFF)]);
}

// SN10: forced backward moves.
#[test]
fn sn10_backward_moves_are_refused_while_a_forward_move_exists() {
    let p = pos("A........A .BB....... ..........", Side::A);
    assert_eq!(moves(&p, 2), [(1, 3)]);
    assert_eq!(
        check_move(&p, throw(2), 10, 8),
        Err(Illegal::MustMoveForward)
    );
}

#[test]
fn sn10_with_no_forward_move_the_player_must_move_backward() {
    let p = pos(".........A .BB....... ..........", Side::A);
    assert_eq!(moves(&p, 2), [(10, 8)]);
}

#[test]
fn sn10_backward_moves_never_go_below_square_1() {
    let p = pos(".A.BB..... .......... ..........", Side::A);
    assert_eq!(moves(&p, 2), [(0, 0)]);
    assert_eq!(
        check_move(&p, throw(2), 2, 4),
        Err(Illegal::Guarded { square: 4 })
    );
}

// SN12: winning.
#[test]
fn sn12_bearing_off_the_fifth_piece_wins_at_once() {
    let p = pos("B......... .......... .........A", Side::A);
    let n = play(&p, 1, 30, OFF);
    assert_eq!(n.winner(), Some(Side::A));
    assert_eq!(moves(&n, 1), []);
    assert_eq!(check_move(&n, throw(1), 1, 2), Err(Illegal::GameOver));
    assert_eq!(check_pass(&n, throw(1)), Err(Illegal::GameOver));
}

// SN13: who starts.
struct Script(Vec<u32>);
impl rand_core::RngCore for Script {
    fn next_u32(&mut self) -> u32 {
        self.0.remove(0)
    }
    fn next_u64(&mut self) -> u64 {
        u64::from(self.next_u32())
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        dest.fill(0)
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        dest.fill(0);
        Ok(())
    }
}

#[test]
fn sn13_the_throw_off_goes_to_the_first_side_to_throw_a_one() {
    // Sticks are the low four bits: A throws 0b0011 (2), B 0b0000 (6), A 0b0111 (3), B 0b0100 (1).
    let mut sticks = Script(vec![0b0011, 0b0000, 0b0111, 0b0100]);
    assert_eq!(Throw::throw_off(&mut sticks), Side::B);
    let mut sticks = Script(vec![0b1000]);
    assert_eq!(Throw::throw_off(&mut sticks), Side::A);
}

// The two worked examples of the WiiBrew page (positions rebuilt from its description).
#[test]
fn wiibrew_example_protected_pair_forces_a_backward_move_that_captures_with_a_2() {
    // A's last piece on 14 faces B's protected pair 16-17; a 2 cannot go forward, so it goes
    // back to 12 and captures the lone B piece there, which is swapped to 14.
    let p = pos(".......... .B.A.BB..B ....B.....", Side::A);
    assert_eq!(
        check_move(&p, throw(2), 14, 16),
        Err(Illegal::Guarded { square: 16 })
    );
    assert_eq!(moves(&p, 2), [(14, 12)]);
    let n = play(&p, 2, 14, 12);
    assert_eq!(
        board(&n),
        board(&pos(".......... .A.B.BB..B ....B.....", Side::B))
    );
    assert_eq!(n.side_to_move(), Side::B);
}

#[test]
fn wiibrew_example_barrier_lets_only_a_1_forward_and_only_a_4_or_6_backward() {
    // A's last piece on 10; B's barrier 12-13-14 ahead and B's protected pair 7-8 behind.
    let p = pos("......BB.A .BBB...... ..........", Side::A);
    assert_eq!(moves(&p, 1), [(10, 11)]);
    assert_eq!(moves(&p, 2), [(0, 0)]);
    assert_eq!(moves(&p, 3), [(0, 0)]);
    assert_eq!(moves(&p, 4), [(10, 6)]);
    assert_eq!(moves(&p, 6), [(10, 4)]);
    assert_eq!(
        check_move(&p, throw(6), 10, 16),
        Err(Illegal::Barrier { square: 12 })
    );
}

// Capacity of the move list.
#[test]
fn capacity_five_is_reached_by_the_opening_one() {
    let p = Position::start(V, Side::A);
    assert_eq!(moves(&p, 1).len(), MAX_MOVES);
}

// Illegal reasons read as sentences.
#[test]
fn every_illegal_reason_is_a_sentence() {
    let reasons = [
        Illegal::GameOver,
        Illegal::NoSuchSquare { square: 0 },
        Illegal::NoOwnPiece { square: 3 },
        Illegal::WrongDistance { throw: throw(4) },
        Illegal::OwnPiece { square: 5 },
        Illegal::SafeSquare { square: 26 },
        Illegal::Guarded { square: 12 },
        Illegal::Barrier { square: 12 },
        Illegal::MustMoveForward,
        Illegal::MustMove,
    ];
    for r in reasons {
        let s = r.to_string();
        assert!(s.starts_with(char::is_uppercase) && s.ends_with('.'), "{s}");
    }
}

#[test]
fn bad_squares_and_distances_are_named() {
    let p = Position::start(V, Side::A);
    assert_eq!(
        check_move(&p, throw(2), 0, 2),
        Err(Illegal::NoSuchSquare { square: 0 })
    );
    assert_eq!(
        check_move(&p, throw(2), 9, 32),
        Err(Illegal::NoSuchSquare { square: 32 })
    );
    assert_eq!(
        check_move(&p, throw(2), 2, 4),
        Err(Illegal::NoOwnPiece { square: 2 })
    );
    assert_eq!(
        check_move(&p, throw(2), 9, 12),
        Err(Illegal::WrongDistance { throw: throw(2) })
    );
    assert_eq!(
        check_move(&p, throw(2), 9, OFF),
        Err(Illegal::WrongDistance { throw: throw(2) })
    );
}
