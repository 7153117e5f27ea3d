//! `arena decide`: for a position code and roll (as the game's `event=decision_position` line
//! writes them) it prints the level's turn in the log's notation, the same answer the library
//! (`ai::ask`, `Player::choose`) gives and one of the rules' legal turns; `--help` prints the
//! usage and exits 0; bad input prints what is wrong and exits 2, never a panic.

mod cli;

use senas_senet::ai::senas_game::{Senas, SenasChance, SenasScratch};
use senas_senet::ai::{Kind, Level, Player};
use senas_senet::games::senas::{self, Roll, Side, TurnMoves};
use senas_senet::games::senet::{self, legal_moves, MoveList, Throw, Variant};

/// `arena decide ARGS`.
fn arena(args: &[&str]) -> (Option<i32>, String, String) {
    let mut all = vec!["decide"];
    all.extend_from_slice(args);
    cli::arena(&all)
}

#[test]
fn a_senas_decision_is_the_levels_turn_in_the_logs_notation() {
    let pos = senas::Position::start(Side::Black);
    let code = pos.code().to_string();
    let roll = Roll::new(2, 4, 4).expect("roll");
    let mut scratch: Box<SenasScratch> = Box::default();
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        let name = Kind::Level(level).name();
        let (rc, out, err) = arena(&[
            "--game",
            "senas",
            "--level",
            name,
            "--position",
            &code,
            "--roll",
            "4,2,4",
        ]);
        assert_eq!(rc, Some(0), "{err}");
        let turn = Player::new(Kind::Level(level), 0)
            .choose::<Senas>(&mut scratch, &pos, &SenasChance::from_roll(roll))
            .expect("a turn");
        let want = format!(
            "moves={} unused={}\n",
            TurnMoves {
                side: Side::Black,
                turn: &turn
            },
            turn.unused()
        );
        assert_eq!(out, want, "{name}");
    }
}

#[test]
fn a_senet_decision_in_kendalls_rules_is_a_legal_move_of_the_throw() {
    let pos = senet::Position::start(Variant::Kendall, senet::Side::A);
    let code = pos.code().to_string();
    let (rc, out, err) = arena(&[
        "--game",
        "senet",
        "--variant",
        "kendall",
        "--level",
        "hard",
        "--position",
        &code,
        "--roll",
        "3",
    ]);
    assert_eq!(rc, Some(0), "{err}");
    let mut legal = MoveList::new();
    legal_moves(&pos, Throw::from_distance(3).expect("3"), &mut legal);
    let printed: Vec<String> = legal.iter().map(|m| format!("move={m}\n")).collect();
    assert!(printed.contains(&out), "{out} not in {printed:?}");
}

#[test]
fn help_prints_the_usage_and_exits_0() {
    let (rc, out, _) = arena(&["--help"]);
    assert_eq!(rc, Some(0));
    assert!(out.contains("usage: arena decide"), "{out}");
}

#[test]
fn bad_input_says_what_is_wrong_and_exits_2() {
    let senas_start = senas::Position::start(Side::White).code().to_string();
    let senet_start = senet::Position::start(Variant::Wiibrew2009, senet::Side::A)
        .code()
        .to_string();
    let gift = senas::Position::start(Side::White)
        .with_gift(senas::Bag::from_values(&[3]).expect("bag"))
        .code()
        .to_string();
    let cases: [(&[&str], &str); 10] = [
        (&["--game", "senas"], "needs --level"),
        (
            &[
                "--game",
                "go",
                "--level",
                "hard",
                "--position",
                "x",
                "--roll",
                "1",
            ],
            "senas or senet",
        ),
        (
            &[
                "--game",
                "senas",
                "--level",
                "hardest",
                "--position",
                &senas_start,
                "--roll",
                "1,2,3",
            ],
            "unknown level",
        ),
        (
            &[
                "--game",
                "senas",
                "--level",
                "hard",
                "--position",
                "W:1,2/0/0:-:-",
                "--roll",
                "1,2,3",
            ],
            "board has 2 hole counts",
        ),
        (
            &[
                "--game",
                "senas",
                "--level",
                "hard",
                "--position",
                &senas_start,
                "--roll",
                "1,2,7",
            ],
            "bad roll",
        ),
        (
            &[
                "--game",
                "senas",
                "--level",
                "hard",
                "--position",
                &senas_start,
                "--roll",
                "gift",
            ],
            "bad roll",
        ),
        (
            &[
                "--game",
                "senas",
                "--level",
                "hard",
                "--position",
                &gift,
                "--roll",
                "1,2,3",
            ],
            "bad roll",
        ),
        (
            &[
                "--game",
                "senet",
                "--level",
                "hard",
                "--position",
                &senet_start,
                "--roll",
                "5",
            ],
            "bad roll",
        ),
        (
            &[
                "--game",
                "senet",
                "--variant",
                "jequier",
                "--level",
                "easy",
                "--position",
                &senet_start,
                "--roll",
                "2",
            ],
            "the position is of wiibrew2009",
        ),
        (&["--game", "senet", "--frobnicate", "1"], "invalid option"),
    ];
    for (args, says) in cases {
        let (rc, out, err) = arena(args);
        assert_eq!(rc, Some(2), "{args:?}: {out}{err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
