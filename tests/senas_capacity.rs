//! The fixed capacities of senas turn generation hold for the worst positions found: the largest
//! turn list seen over 10^5 random-play positions times all 56 rolls
//! (`arena bench senas --games 2000 --all-rolls 1`), and the worst constructed position
//! (fifteen single pieces on consecutive holes, four 1s and a 3). Overflow is an error, never a
//! silent truncation.

mod senas_common;

use senas_common::*;
use senas_senet::games::senas::{
    Overflow, Position, Side, Turn, MAX_SUB_MOVES, MAX_TURNS, MEMO_CAPACITY,
};

/// Generates for `board` and `dice`; returns (turns, search states).
fn measure(board: &str, side: Side, dice: (u8, u8, u8)) -> (usize, usize) {
    let p = Position::parse(board, side).expect("board is possible");
    let mut s = scratch();
    let mut g = s.gen();
    let mut out = Box::new(Turns::new());
    g.legal_turns(&p, &roll(dice.0, dice.1, dice.2), &mut out)
        .expect("fits");
    (out.len(), g.states())
}

#[test]
fn worst_random_play_position_fits_the_turn_list_and_the_search_table() {
    let board = "0,-2,-10,0,1,0,1,0,1,0,0,1,0,1,0,1,1,0,0,3,1,1,3,0/0/3";
    let (turns, states) = measure(board, Side::White, (1, 1, 3));
    assert_eq!(turns, 5180);
    assert_eq!(states, 13909);
    assert!(turns < MAX_TURNS && states < MEMO_CAPACITY);
}

#[test]
fn worst_constructed_position_fits_the_turn_list_and_the_search_table() {
    let board = "-15,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1/0/0";
    let (turns, states) = measure(board, Side::White, (1, 1, 3));
    assert_eq!(turns, 7560);
    eprintln!("STATES {states}");
    assert!(
        turns < MAX_TURNS && states < MEMO_CAPACITY,
        "{turns} turns, {states} states"
    );
}

#[test]
fn a_turn_list_too_small_reports_overflow_instead_of_truncating_silently() {
    let p = Position::parse(
        "-15,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1/0/0",
        Side::White,
    )
    .expect("board is possible");
    let mut s = scratch();
    let mut g = s.gen();
    let mut small = heapless::Vec::<Turn, 100>::new();
    assert_eq!(
        g.legal_turns(&p, &roll(1, 1, 3), &mut small),
        Err(Overflow::Turns)
    );
    let mut slots = vec![0u128; 1024];
    let mut used = vec![0u32; 768];
    let mut tiny = senas_senet::games::senas::TurnGen::new(&mut slots, &mut used);
    let mut out = Box::new(Turns::new());
    assert_eq!(
        tiny.legal_turns(&p, &roll(1, 1, 3), &mut out),
        Err(Overflow::States)
    );
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
