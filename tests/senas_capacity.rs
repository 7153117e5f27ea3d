//! The fixed capacities of senas turn generation hold for the worst random-play positions found
//! (`arena bench senas --games 2000 --all-rolls 1 --seed 11`: 10^5 positions x 56 rolls;
//! `arena bench senas --games 20000 --seed 5`: 1.1 M positions), and overflow on the worst
//! constructed position is an error, never a silent truncation.

mod senas_common;

use senas_common::*;
use senas_senet::games::senas::{
    Overflow, Position, Side, Turn, TurnBuilder, MAX_SUB_MOVES, MAX_TURNS, MEMO_CAPACITY,
};

/// Generates for `board` and `dice`; returns (turns, search states).
fn measure(board: &str, side: Side, dice: (u8, u8, u8)) -> (usize, usize) {
    let p = Position::parse(board, side).expect("board is possible");
    let mut g = scratch();
    let mut out = Box::new(Turns::new());
    g.legal_turns(&p, &roll(dice.0, dice.1, dice.2), &mut out)
        .expect("fits");
    (out.len(), g.states())
}

#[test]
fn worst_random_play_positions_fit_the_turn_list_and_the_search_table() {
    // Worst of 10^5 positions x all 56 rolls (seed 11), and of 1.1 M positions (seed 5).
    let cases = [
        (
            "0,-2,-10,0,1,0,1,0,1,0,0,1,0,1,0,1,1,0,0,3,1,1,3,0/0/3",
            Side::White,
            (1, 1, 3),
            5180,
            8729,
        ),
        (
            "12,0,-1,-1,0,-1,-1,-1,-1,-1,0,-2,0,0,-2,-1,0,0,-1,0,1,2,0,-2/0/0",
            Side::Black,
            (1, 1, 4),
            5982,
            10611,
        ),
    ];
    for (board, side, dice, want_turns, want_states) in cases {
        let (turns, states) = measure(board, side, dice);
        assert_eq!((turns, states), (want_turns, want_states), "{board}");
        assert!(2 * turns <= MAX_TURNS && 3 * states < MEMO_CAPACITY);
    }
}

#[test]
fn worst_constructed_regular_position_fits() {
    // Fifteen single pieces on holes 9..23, four 1s and a 3.
    let board = "-15,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1/0/0";
    assert_eq!(measure(board, Side::White, (1, 1, 3)), (7560, 13076));
}

/// The worst roll found by hill-climbing over constructed positions (19 963 final positions).
const CLIMBED: &str = "0,-1,1,0,1,0,1,1,1,1,1,1,1,0,1,1,1,0,1,1,1,0,0,0/0/14";

#[test]
fn worst_constructed_position_overflows_the_list_visibly_with_legal_turns_only() {
    let p = Position::parse(CLIMBED, Side::White).expect("board is possible");
    let mut g = scratch();
    let mut out = Box::new(Turns::new());
    assert_eq!(
        g.legal_turns(&p, &roll(1, 1, 3), &mut out),
        Err(Overflow::Turns)
    );
    assert_eq!(out.len(), MAX_TURNS);
    assert_eq!(g.states(), 30273);
    assert!(out.iter().all(|t| t.played() == 5));
    let mut big = Box::new(heapless::Vec::<Turn, 24576>::new());
    assert_eq!(g.legal_turns(&p, &roll(1, 1, 3), &mut big), Ok(()));
    assert_eq!(big.len(), 19963);
    assert!(
        out.iter().all(|t| big.contains(t)),
        "the overflowed list is a subset"
    );
}

#[test]
fn a_search_beyond_the_table_reports_overflow_and_lists_one_greedy_legal_turn() {
    // A mixed gift (a tute's three sixes and three ones) on the climbed position.
    let p = Position::parse(CLIMBED, Side::White)
        .expect("board is possible")
        .with_gift(bag(&[6, 6, 6, 1, 1, 1]));
    let mut g = scratch();
    let mut out = Box::new(Turns::new());
    assert_eq!(g.legal_gift_turns(&p, &mut out), Err(Overflow::States));
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].played(), 6);
    let mut b = TurnBuilder::for_gift(&mut g, &p);
    for sm in out[0].sub_moves() {
        assert_eq!(b.play(&mut g, sm), Ok(()));
    }
    assert!(b.can_finish());
}

#[test]
fn a_turn_is_a_small_copy_value() {
    const { assert!(MAX_SUB_MOVES == 6) };
    assert!(
        std::mem::size_of::<Turn>() <= 32,
        "{}",
        std::mem::size_of::<Turn>()
    );
    assert!(
        std::mem::size_of::<Position>() <= 48,
        "{}",
        std::mem::size_of::<Position>()
    );
}
