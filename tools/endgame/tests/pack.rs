//! The endgame tables the game carries (`assets/tables/*.pack`, `make tables-dol`): each
//! committed file is the bytes a fresh solve and pack give; the library's lookup
//! (`ai::senet::endgame`) reads back every entry of the solved table, quantised; and senet
//! Hard, wherever every legal move stays in the table, plays the table's best move, which
//! loses at most what the quantisation can hide against the solved values.

use endgame::index::Layout;
use endgame::pack::{command, encode, quantise, quantised, Solved};
use endgame::solve::{solve, Table};
use senas_senet::ai::senet::endgame::{best, table, value, EMBEDDED, PIECES};
use senas_senet::ai::senet_game::Senet;
use senas_senet::ai::{Kind, Level, Player};
use senas_senet::games::senet::{legal_moves, MoveList, Variant};

const TOLERANCE: f64 = 1e-9;

fn solved(v: Variant) -> (Table, Vec<u8>) {
    let (table, stats) = solve(Layout::new(v, PIECES), TOLERANCE, |_, _, _, _| {});
    let bytes = encode(
        &table,
        &Solved {
            command: command(v, PIECES, TOLERANCE),
            tolerance: TOLERANCE,
            sweeps: stats.sweeps,
            positions: stats.positions,
        },
    )
    .expect("codes fit");
    (table, bytes)
}

fn committed(v: Variant) -> Vec<u8> {
    let path = format!(
        "{}/../../assets/tables/senet-{}-n{PIECES}.pack",
        env!("CARGO_MANIFEST_DIR"),
        v.name()
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e} (run `make tables-dol`)"))
}

/// The committed file is a fresh build, and the library reads every entry back.
fn check(v: Variant) {
    let (truth, fresh) = solved(v);
    assert!(
        committed(v) == fresh,
        "assets/tables/senet-{}-n{PIECES}.pack is not what a fresh build gives: run `make tables-dol`",
        v.name()
    );
    let (packed, layout) = table(v).expect("an embedded rule set has a table");
    let q = quantised(&truth);
    assert_eq!(packed.entries, q.len());
    let mut positions = 0;
    for (i, &want) in q.iter().enumerate() {
        assert_eq!(packed.get(i), Some(want), "{v} entry {i}");
        let Some(pos) = layout.entry(i).and_then(|e| layout.position(e)) else {
            continue;
        };
        positions += 1;
        assert_eq!(value(&pos), Some(want), "{v} entry {i} through the index");
        assert_eq!(truth.value(&pos).map(quantise), Some(want));
    }
    assert!(positions > 100_000, "{v}: only {positions} positions");
    assert_eq!(packed.get(q.len()), None, "past the end");
}

#[test]
fn the_wiibrew_table_in_the_game_is_a_fresh_build_and_reads_back_entry_for_entry() {
    check(Variant::Wiibrew2009);
}

#[test]
fn the_kendall_table_in_the_game_is_a_fresh_build_and_reads_back_entry_for_entry() {
    check(Variant::Kendall);
}

#[test]
fn the_jequier_table_in_the_game_is_a_fresh_build_and_reads_back_entry_for_entry() {
    check(Variant::Jequier);
}

#[test]
fn every_rule_set_has_its_table_in_the_game() {
    assert_eq!(EMBEDDED, Variant::ALL);
    for v in Variant::ALL {
        assert!(table(v).is_some(), "{v}");
    }
}

/// Every 53rd position of each table, every throw: where the table decides, Hard plays the
/// table's move, and that move is within two steps of 1/255 of the solved best.
#[test]
fn hard_plays_the_tables_best_move_wherever_every_move_stays_in_the_table() {
    let mut list = MoveList::new();
    let mut hard = Player::new(Kind::Level(Level::Hard), 7);
    for v in EMBEDDED {
        let (truth, _) = solve(Layout::new(v, PIECES), TOLERANCE, |_, _, _, _| {});
        let layout = &truth.layout;
        let mut decided = 0;
        for i in (0..layout.len()).step_by(53) {
            let Some(pos) = layout.entry(i).and_then(|e| layout.position(e)) else {
                continue;
            };
            for &(throw, _) in &v.rules().outcomes {
                let Some(table_move) = best(&mut list, &pos, throw) else {
                    continue;
                };
                let chosen = hard.choose::<Senet>(&mut list, &pos, &throw);
                assert_eq!(chosen, Some(table_move), "{v} {pos:?} throw {throw:?}");
                legal_moves(&pos, throw, &mut list);
                let top = list
                    .iter()
                    .filter_map(|&m| truth.after(&pos, m))
                    .fold(0.0f64, f64::max);
                let got = truth.after(&pos, table_move).expect("in the table");
                assert!(top - got < 2.0 / 255.0, "{v} {pos:?}: loses {}", top - got);
                decided += 1;
            }
        }
        assert!(decided > 1_000, "{v}: only {decided} decisions");
    }
}
