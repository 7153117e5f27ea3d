//! Helpers shared by the senas integration tests: boards from (hole, count) lists, generation
//! into boxed lists, and final boards as text. Test support only.
#![allow(dead_code)]

use heapless::Vec as HVec;
use senas_senet::games::senas::{
    apply, Bag, Position, Roll, Side, Turn, TurnBuilder, TurnGen, MAX_TURNS,
};

pub type Turns = HVec<Turn, MAX_TURNS>;

/// A position from White and Black pieces as (physical hole, count); the rest are borne off.
pub fn pos(white: &[(usize, u8)], black: &[(usize, u8)], side: Side) -> Position {
    let mut b = [0i8; 24];
    for &(h, n) in white {
        b[h] += n as i8;
    }
    for &(h, n) in black {
        b[h] -= n as i8;
    }
    let ow = 15 - white.iter().map(|x| x.1).sum::<u8>();
    let ob = 15 - black.iter().map(|x| x.1).sum::<u8>();
    Position::from_board(&b, ow, ob, side).expect("test board is possible")
}

pub fn roll(a: u8, b: u8, c: u8) -> Roll {
    Roll::new(a, b, c).expect("test dice are 1..6")
}

pub fn bag(values: &[u8]) -> Bag {
    Bag::from_values(values).expect("test gift fits")
}

/// A search scratch on the heap.
pub fn scratch() -> Box<TurnGen> {
    Box::new(TurnGen::new())
}

pub fn turns_for_roll(p: &Position, r: Roll) -> Box<Turns> {
    let mut out = Box::new(Turns::new());
    scratch().legal_turns(p, &r, &mut out).expect("fits");
    out
}

pub fn turns_for_gift(p: &Position) -> Box<Turns> {
    let mut out = Box::new(Turns::new());
    scratch().legal_gift_turns(p, &mut out).expect("fits");
    out
}

/// Final boards (notation) with the number of sub-moves played, sorted.
pub fn finals(p: &Position, turns: &Turns) -> Vec<(String, u8)> {
    let mut v: Vec<(String, u8)> = turns
        .iter()
        .map(|t| (apply(p, t).to_string(), t.played()))
        .collect();
    v.sort();
    v
}

/// Board text with the given White/Black pieces (rest borne off).
pub fn board(white: &[(usize, u8)], black: &[(usize, u8)]) -> String {
    pos(white, black, Side::White).to_string()
}

pub fn roll_builder(g: &mut TurnGen, p: &Position, r: Roll) -> TurnBuilder {
    TurnBuilder::for_roll(g, p, &r)
}
