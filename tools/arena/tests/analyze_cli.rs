//! `arena analyze FILE` run as a person would, on match records written by the game's own
//! record writer (`save::write_record`) from demo matches the app played: every person turn
//! listed, Hard's own turns judged at no loss, a worse turn put in at a chosen point judged at a
//! loss and named among the worst three, bad input refused with exit 2 and a message.

use senas_senet::app::AppScratch;
use senas_senet::app::{App, Config, GameKind, Input, NullLog, SceneKind};
use senas_senet::games::senet;
use senas_senet::save::{write_record, RecordHeader};
use std::process::Command;

fn arena(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(args)
        .output()
        .expect("arena runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Writes `text` to a file of its own and analyses it.
fn analyze(name: &str, text: &str) -> (Option<i32>, String, String) {
    let dir = std::env::temp_dir().join(format!("arena-analyze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join(name);
    std::fs::write(&file, text).expect("write record");
    arena(&["analyze", file.to_str().expect("utf8 path")])
}

/// The log of the second demo match of `game` (side 0 plays Hard, side 1 Normal:
/// `Setup::next_demo`) and who threw first.
fn hard_demo_log(game: GameKind, seed: u64) -> (String, u8) {
    let scratch: &'static mut AppScratch = AppScratch::init_in(Box::leak(Box::new_uninit()));
    let mut config = Config::new(seed);
    config.demo = Some(game);
    let mut app = Box::new(App::new(config, scratch));
    let mut wins = 0;
    let mut was_winner = false;
    for _ in 0..900_000 {
        app.update(&Input::default(), &mut NullLog);
        let winner = app.scene() == SceneKind::Winner;
        if winner && !was_winner {
            wins += 1;
            if wins == 2 {
                return (app.match_log().text().to_string(), app.first());
            }
        }
        was_winner = winner;
    }
    panic!("the demo did not finish two matches");
}

/// The record the game writes for `log`, side 0 named a person.
fn record(game: &str, first: u8, log: &str) -> String {
    let turns = log.lines().filter(|l| l.starts_with("event=turn")).count() as u32;
    let h = RecordHeader {
        game,
        rules: if game == "senet" {
            "wiibrew2009"
        } else {
            "lorca"
        },
        players: ["person", "cpu_normal"],
        seed: 1,
        first,
        turns,
        winner: 0,
    };
    let mut buf = vec![0u8; 64 * 1024];
    let n = write_record(&mut buf, &h, log).expect("fits");
    String::from_utf8(buf[..n].to_vec()).expect("utf8")
}

fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.split(' ')
        .find_map(|w| w.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
}

/// `turn N side X played P hard H loss L` lines: (N, X, P, H, L).
fn notes(out: &str) -> Vec<(u32, String, String, String, f64)> {
    out.lines()
        .filter(|l| l.starts_with("turn "))
        .map(|l| {
            let w: Vec<&str> = l.split(' ').collect();
            assert_eq!(w.len(), 10, "{l}");
            assert_eq!(
                (w[0], w[2], w[4], w[6], w[8]),
                ("turn", "side", "played", "hard", "loss")
            );
            (
                w[1].parse().expect("N"),
                w[3].to_string(),
                w[5].to_string(),
                w[7].to_string(),
                w[9].parse().expect("loss"),
            )
        })
        .collect()
}

/// Every turn of side 0 (played by Hard itself) is listed, with Hard's turn and no loss.
fn check_hard_record(game: &str, side0: &str, log: &str, first: u8) {
    let rec = record(game, first, log);
    let (code, out, err) = analyze(&format!("{game}-hard.txt"), &rec);
    assert_eq!(code, Some(0), "{err}");
    let person_turns: Vec<u32> = log
        .lines()
        .filter(|l| l.starts_with("event=turn"))
        .enumerate()
        .filter(|(_, l)| field(l, "side") == Some(side0))
        .map(|(i, _)| i as u32 + 1)
        .collect();
    let got = notes(&out);
    assert!(!got.is_empty());
    assert_eq!(
        got.iter().map(|n| n.0).collect::<Vec<_>>(),
        person_turns,
        "{out}"
    );
    for (n, side, played, hard, loss) in &got {
        assert_eq!(side, side0);
        assert_eq!(
            played, hard,
            "turn {n}: Hard played this turn in the game\n{out}"
        );
        assert_eq!(*loss, 0.0, "turn {n}\n{out}");
    }
    assert!(out.contains("worst: none"), "{out}");
    // Same record, same report.
    assert_eq!(analyze(&format!("{game}-hard2.txt"), &rec).1, out);
}

#[test]
fn analyze_lists_every_senet_person_turn_and_hard_own_turns_lose_nothing() {
    let (log, first) = hard_demo_log(GameKind::Senet, 5);
    check_hard_record("senet", "A", &log, first);
}

#[test]
fn analyze_lists_every_senas_person_turn_and_hard_own_turns_lose_nothing() {
    let (log, first) = hard_demo_log(GameKind::Senas, 9);
    check_hard_record("senas", "White", &log, first);
}

#[test]
fn a_worse_senet_turn_shows_a_loss_and_is_among_the_worst_three() {
    let (log, first) = hard_demo_log(GameKind::Senet, 5);
    let lines: Vec<&str> = log.lines().collect();
    let side0 = if first == 0 {
        senet::Side::A
    } else {
        senet::Side::B
    };
    let mut pos = senet::Position::start(senet::Variant::Wiibrew2009, side0);
    let mut legal = senet::MoveList::new();
    let mut turn = 0;
    for (k, l) in lines.iter().enumerate() {
        if !l.starts_with("event=turn") {
            continue;
        }
        turn += 1;
        let throw = field(l, "throw")
            .and_then(|t| t.parse().ok())
            .and_then(senet::Throw::from_distance)
            .expect("throw");
        senet::legal_moves(&pos, throw, &mut legal);
        let played = field(l, "move").expect("move");
        if field(l, "side") == Some("A") && legal.len() >= 3 && turn > 6 {
            // The match up to here, then each other legal move in place of Hard's: at least
            // one is worse, and the worst of them leads the worst three.
            let mut best: Option<(f64, String)> = None;
            for mv in legal.iter().filter(|m| m.to_string() != played) {
                let mut text = lines[..k].join("\n");
                text.push('\n');
                text.push_str(&l.replace(&format!("move={played}"), &format!("move={mv}")));
                text.push('\n');
                let rec = record("senet", first, &text);
                let (code, out, err) = analyze(&format!("senet-bad-{mv}.txt"), &rec);
                assert_eq!(code, Some(0), "{err}\n{rec}");
                let got = notes(&out);
                let last = got.last().expect("the changed turn is listed");
                assert_eq!((last.0, last.2.as_str()), (turn, mv.to_string().as_str()));
                assert_ne!(last.2, last.3, "Hard's move is the one left out");
                if last.4 > 0.0 {
                    let worst = out.split("worst:").nth(1).expect("worst list");
                    assert!(
                        worst
                            .lines()
                            .take(4)
                            .any(|w| w.contains(&format!("turn {turn} "))),
                        "{out}"
                    );
                }
                if best.as_ref().is_none_or(|b| last.4 > b.0) {
                    best = Some((last.4, out));
                }
            }
            let (loss, out) = best.expect("other moves");
            assert!(loss > 0.0, "no other move was judged worse\n{out}");
            let first_worst = out.split("worst:\n").nth(1).and_then(|w| w.lines().next());
            assert!(
                first_worst.is_some_and(|w| w.contains(&format!("turn {turn} "))),
                "{out}"
            );
            return;
        }
        let mv = legal
            .iter()
            .find(|m| m.to_string() == played)
            .copied()
            .expect("legal");
        pos = senet::apply(&pos, mv);
    }
    panic!("no person turn with three choices");
}

#[test]
fn analyze_refuses_a_missing_file_and_garbage_with_exit_2() {
    let (code, out, err) = arena(&["analyze", "/nonexistent/M0000001.TXT"]);
    assert_eq!(code, Some(2));
    assert!(out.is_empty() && err.contains("M0000001.TXT"), "{err}");
    let (code, _, err) = analyze("garbage.txt", "\u{0}\u{1}not a record\n");
    assert_eq!(code, Some(2));
    assert!(err.contains("not a senas-senet match record"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // A record whose move is not legal there.
    let rec = record(
        "senet",
        0,
        "event=turn game=senet side=A by=human throw=2 move=1-29\n",
    );
    let (code, _, err) = analyze("illegal.txt", &rec);
    assert_eq!(code, Some(2));
    assert!(err.contains("not legal"), "{err}");
    let (code, _, err) = arena(&["analyze"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("usage: arena analyze FILE"), "{err}");
}
