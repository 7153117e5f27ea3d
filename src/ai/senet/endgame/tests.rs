//! Tests of the built-in endgame tables' reading: the tables parse, answer inside and only
//! inside their positions, a finished game is worth all or nothing, Hard plays the table's
//! move, and damaged bytes give `None`, never a panic. (Every entry against a fresh solve:
//! `tools/endgame/tests/pack.rs`.)

use std::boxed::Box;
use std::vec::Vec;

use super::packed::{Packed, BLOCK, SEPARATOR};
use super::*;
use crate::ai::player::{Kind, Level, Player};
use crate::ai::senet::adapter::Senet;
use crate::games::senet::Side;

const WIIBREW_BYTES: &[u8] = include_bytes!("../../../../assets/tables/senet-wiibrew2009-n2.pack");

fn pos(v: Variant, a: &[u8], b: &[u8], to_move: Side) -> Position {
    let board = |s: &[u8]| s.iter().fold(0u32, |acc, &q| acc | (1 << q));
    Position::new(v, board(a), board(b), to_move).expect("valid position")
}

fn leak(bytes: Vec<u8>) -> &'static [u8] {
    Box::leak(bytes.into_boxed_slice())
}

#[test]
fn every_rule_set_answers_inside_its_table_and_only_there() {
    for v in EMBEDDED {
        let (packed, layout) = table(v).expect("built in");
        assert_eq!(packed.entries, layout.len());
        let two = pos(v, &[20, 24], &[18, 25], Side::A);
        assert!(value(&two).is_some(), "{v}");
        let three = pos(v, &[20, 22, 24], &[18, 25], Side::A);
        assert_eq!(value(&three), None, "{v}: three pieces are outside");
        assert_eq!(value(&Position::start(v, Side::B)), None, "{v}");
    }
}

#[test]
fn a_finished_game_is_worth_all_or_nothing_and_a_lone_piece_on_30_wins_at_once() {
    let v = Variant::Wiibrew2009;
    let won = pos(v, &[], &[1, 2], Side::A);
    assert_eq!(value(&won), Some(255));
    assert_eq!(permille(&won.with_side_to_move(Side::B)), Some(0));
    // Any throw bears a lone piece on 30 off: the side to move wins at once.
    for v in EMBEDDED {
        assert_eq!(
            permille(&pos(v, &[30], &[1, 2], Side::A)),
            Some(1000),
            "{v}"
        );
    }
}

#[test]
fn permille_keeps_the_order_of_the_255_steps() {
    let steps: Vec<u16> = (0..=255u32)
        .map(|v| ((v * 1000 + 127) / 255) as u16)
        .collect();
    assert_eq!(steps[0], 0);
    assert_eq!(steps[255], 1000);
    assert!(steps.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn hard_plays_the_tables_move_where_every_move_stays_in_the_table() {
    let mut list = MoveList::new();
    let mut decided = 0;
    for v in EMBEDDED {
        let p = pos(v, &[20, 24], &[18, 25], Side::A);
        for &(throw, _) in &v.rules().outcomes {
            let Some(mv) = best(&mut list, &p, throw) else {
                continue;
            };
            let mut hard = Player::new(Kind::Level(Level::Hard), 1);
            assert_eq!(hard.choose::<Senet>(&mut list, &p, &throw), Some(mv), "{v}");
            decided += 1;
        }
    }
    assert!(decided >= 6, "only {decided} decisions");
}

#[test]
fn damaged_or_foreign_bytes_are_refused_without_a_panic() {
    assert!(Packed::parse(b"").is_none());
    assert!(Packed::parse(b"no separator here").is_none());
    assert!(
        Packed::parse(b"header\n---\n\x00\x02").is_none(),
        "short body"
    );
    // Truncated: the offsets no longer end at the data's end.
    let cut = leak(WIIBREW_BYTES[..WIIBREW_BYTES.len() - 1].to_vec());
    assert!(Packed::parse(cut).is_none());
    // An unknown rule set.
    let at = WIIBREW_BYTES
        .windows(SEPARATOR.len())
        .position(|w| w == SEPARATOR)
        .expect("a header")
        + SEPARATOR.len();
    let mut foreign = WIIBREW_BYTES.to_vec();
    foreign[at] = 9;
    assert!(Packed::parse(leak(foreign)).is_none());
    // Damaged blocks: every entry of the first blocks reads as something or nothing.
    let mut damaged = WIIBREW_BYTES.to_vec();
    let end = damaged.len();
    for b in damaged[end - 3000..].iter_mut().step_by(7) {
        *b ^= 0x5a;
    }
    let packed = Packed::parse(leak(damaged)).expect("the framing is intact");
    let last = packed.entries - 1;
    for i in (last - 3 * BLOCK..=last).step_by(5) {
        let _ = packed.get(i);
    }
    assert_eq!(packed.get(packed.entries), None);
}
