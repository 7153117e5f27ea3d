//! The benchmark's senet truth read from table files (`endgame levels --tables DIR`): the file
//! with the most pieces for the rule set is read (its values are the file's quantised ones),
//! a missing file falls back to the 2-piece table solved in place, and a file that does not
//! read, or holds another table than its name says, is an error rather than a silent fallback.

use endgame::file::{encode, Made};
use endgame::index::Layout;
use endgame::levels_cmd::senet_truth;
use endgame::solve::{solve, Table};
use senas_senet::games::senet::Variant;

fn made() -> Made {
    Made {
        command: "test".into(),
        seconds: 0.0,
        tolerance: 1e-9,
        sweeps: 0,
        positions: 0,
    }
}

fn solved(v: Variant, n: usize) -> Table {
    solve(Layout::new(v, n), 1e-9, |_, _, _, _| {}).0
}

/// Every value a multiple of 1/65535: read from a file, not solved here.
fn quantised(t: &Table) -> bool {
    t.values
        .iter()
        .all(|v| (v * 65535.0 - (v * 65535.0).round()).abs() < 1e-6)
}

#[test]
fn the_truth_is_the_table_file_with_most_pieces_else_the_solved_two_piece_table() {
    let dir = std::env::temp_dir().join(format!("endgame-truth-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let d = dir.to_str().expect("utf-8 temp path");
    let v = Variant::Wiibrew2009;
    let two = solved(v, 2);
    std::fs::write(dir.join("senet-wiibrew2009-n2.bin"), encode(&two, &made())).expect("write");

    let read = senet_truth(v, Some(d)).expect("the file reads");
    assert_eq!(read.layout.n, 2);
    assert!(quantised(&read), "values come from the file");
    let worst = read
        .values
        .iter()
        .zip(&two.values)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max);
    assert!(
        worst <= 0.5 / 65535.0 + 1e-12,
        "file and solve differ by {worst}"
    );

    // No file for Kendall in the folder, and no folder at all: solved here.
    for dir in [Some(d), None] {
        let k = senet_truth(Variant::Kendall, dir).expect("solved");
        assert_eq!((k.layout.n, k.layout.variant), (2, Variant::Kendall));
        assert!(!quantised(&k), "values are solved, not read");
    }

    // A file named for 3 pieces that holds 1: refused, as is a damaged file.
    std::fs::write(
        dir.join("senet-wiibrew2009-n3.bin"),
        encode(&solved(v, 1), &made()),
    )
    .expect("write");
    let wrong = senet_truth(v, Some(d)).expect_err("a one-piece table named n3");
    assert!(wrong.contains("1 pieces"), "{wrong}");
    let mut bytes = encode(&solved(v, 1), &made());
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(dir.join("senet-wiibrew2009-n3.bin"), bytes).expect("write");
    let damaged = senet_truth(v, Some(d)).expect_err("a damaged file");
    assert!(damaged.contains("checksum"), "{damaged}");
    std::fs::remove_dir_all(&dir).ok();
}
