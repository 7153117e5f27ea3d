//! The computer's decisions as the game logs them (`app::context::DecisionLog`): in demo
//! matches of both games, stepped with a small frame budget as on the Wii, every
//! `event=decision` line has an `event=decision_position` line of the same `id` before it, and
//! asking `ai::ask` (what `arena decide` prints) that position, roll and level on the host gives
//! the logged turn; the logged turn is the one the match then plays (`event=turn`). The longest
//! lines a decision can produce fit the log's line limit. The e2e test `ai_same.rs` does the
//! same with the Wii's log.

use senas_senet::ai::senas_game::SenasScratch;
use senas_senet::ai::Kind;
use senas_senet::app::context::DecisionLog;
use senas_senet::app::log::LINE_BYTES;
use senas_senet::app::AppScratch;
use senas_senet::app::{App, Config, GameKind, Input, LogSink};
use senas_senet::games::{senas, senet};
use std::collections::{BTreeMap, HashMap};

#[derive(Default)]
struct VecLog(Vec<String>);

impl LogSink for VecLog {
    fn line(&mut self, line: &str) {
        self.0.push(line.to_string());
    }
}

fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.split(' ')
        .find_map(|w| w.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
}

/// Runs the demo of `game` with `budget_us` a frame until `done` holds for its log.
fn demo(
    game: GameKind,
    seed: u64,
    budget_us: u32,
    done: impl Fn(&[String]) -> bool,
) -> Vec<String> {
    let scratch: &'static mut AppScratch = AppScratch::init_in(Box::leak(Box::new_uninit()));
    let mut config = Config::new(seed);
    config.demo = Some(game);
    let mut app = Box::new(App::new(config, scratch));
    let mut log = VecLog::default();
    let input = Input {
        budget_us: Some(budget_us),
        ..Input::default()
    };
    for frame in 0..3_000_000u32 {
        app.update(&input, &mut log);
        if frame % 500 == 0 && done(&log.0) {
            return log.0;
        }
    }
    panic!("the {game:?} demo never logged what was wanted");
}

/// (level, variant or "", position, roll, logged answer) of every decision, in order; also
/// checks that the match then plays the logged turn.
fn decisions(game: &str, lines: &[String]) -> Vec<[String; 5]> {
    let mut asked: HashMap<&str, &str> = HashMap::new();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        match field(l, "event") {
            Some("decision_position") if field(l, "game") == Some(game) => {
                asked.insert(field(l, "id").expect("id"), l);
            }
            Some("decision") if field(l, "game") == Some(game) => {
                let p = asked
                    .remove(field(l, "id").expect("id"))
                    .unwrap_or_else(|| panic!("no decision_position line before {l}"));
                let answer = match game {
                    "senas" => format!(
                        "moves={} unused={}",
                        field(l, "moves").expect("moves"),
                        field(l, "unused").expect("unused")
                    ),
                    _ => format!("move={}", field(l, "move").expect("move")),
                };
                // The next turn line of the match is the decided turn (the log may end
                // before the last decision is played out).
                if let Some(turn) = lines[i..].iter().find(|t| t.starts_with("event=turn ")) {
                    let played = match game {
                        "senas" => format!(
                            "moves={} unused={}",
                            field(turn, "moves").unwrap_or(""),
                            field(turn, "unused").unwrap_or("")
                        ),
                        _ => format!("move={}", field(turn, "move").unwrap_or("")),
                    };
                    assert_eq!(played, answer, "{l}\n{turn}");
                }
                let pos = field(p, "pos").expect("pos");
                let variant = if game == "senet" {
                    pos.split(':').next().unwrap_or("")
                } else {
                    ""
                };
                out.push([
                    field(l, "level").expect("level").to_string(),
                    variant.to_string(),
                    pos.to_string(),
                    field(p, "roll").expect("roll").to_string(),
                    answer,
                ]);
            }
            _ => {}
        }
    }
    out
}

/// Decisions per (variant, level).
fn counts(game: &str, lines: &[String]) -> BTreeMap<(String, String), usize> {
    let mut n = BTreeMap::new();
    for [level, variant, ..] in decisions(game, lines) {
        *n.entry((variant, level)).or_default() += 1;
    }
    n
}

fn levels_seen(n: &BTreeMap<(String, String), usize>, at_least: usize) -> bool {
    ["easy", "normal", "hard"].iter().all(|l| {
        n.iter()
            .filter(|((_, level), _)| level == l)
            .map(|(_, c)| c)
            .sum::<usize>()
            >= at_least
    })
}

fn all_asked_again_agree(game: &str, lines: &[String]) -> usize {
    // One pair as an example of the two lines.
    let example = |l: &String| {
        l.starts_with("event=decision_position") && (l.contains("gift") || l.contains("kendall"))
    };
    if let Some(i) = lines.iter().position(example) {
        println!("{}\n{}", lines[i], lines[i + 1]);
    }
    let mut scratch: Box<SenasScratch> = Box::default();
    let logged = decisions(game, lines);
    for [level, _, pos, roll, answer] in &logged {
        let mut host = String::new();
        senas_senet::ai::ask(&mut scratch, game, level, pos, roll, &mut host)
            .unwrap_or_else(|e| panic!("{game} level={level} pos={pos} roll={roll}: {e}"));
        assert_eq!(&host, answer, "{game} level={level} pos={pos} roll={roll}");
    }
    logged.len()
}

#[test]
fn senas_decisions_logged_in_a_demo_are_what_the_host_decides_at_every_level() {
    let lines = demo(GameKind::Senas, 3, 2_000, |l| {
        levels_seen(&counts("senas", l), 5)
    });
    let n = all_asked_again_agree("senas", &lines);
    println!(
        "senas: {n} decisions identical ({:?})",
        counts("senas", &lines)
    );
    assert!(n >= 15);
}

#[test]
fn senet_decisions_logged_in_a_demo_are_what_the_host_decides_in_two_rule_sets() {
    let lines = demo(GameKind::Senet, 4, 2_000, |l| {
        let n = counts("senet", l);
        levels_seen(&n, 5) && n.keys().any(|(v, _)| v == "kendall")
    });
    let n = all_asked_again_agree("senet", &lines);
    println!(
        "senet: {n} decisions identical ({:?})",
        counts("senet", &lines)
    );
    assert!(n >= 15);
}

/// The longest position code of each game, the longest roll and turn: both lines fit.
#[test]
fn the_longest_decision_lines_fit_the_log_line() {
    // Black spread one piece a hole over 15 holes (15 minus signs), White 2-digit count and
    // two borne off, six values in both bags.
    let mut board = [0i8; senas::HOLES];
    for c in board.iter_mut().take(15) {
        *c = -1;
    }
    board[15] = 10;
    board[16] = 1;
    board[17] = 1;
    board[18] = 1;
    let six = senas::Bag::from_values(&[1, 2, 3, 4, 5, 6]).expect("bag");
    let pos = senas::Position::from_board(&board, 2, 0, senas::Side::Black)
        .expect("board")
        .with_gift(six)
        .with_outgoing(six);
    let code = pos.code().to_string();
    let turn = "moves=24-off,23-off,22-off,21-off,20-off,19-off unused=1,2,3,4,5,6";
    let senet_pos = senet::Position::start(senet::Variant::Wiibrew2009, senet::Side::B);
    for (game, code, roll, turn) in [
        ("senas", code.as_str(), "gift", turn),
        ("senas", code.as_str(), "6,6,6", turn),
        ("senet", &senet_pos.code().to_string(), "5", "move=29-off"),
    ] {
        let d = DecisionLog {
            game,
            kind: Kind::Expectiminimax(senas_senet::ai::Level::Normal),
            // Bounds no decision comes near: 27 minutes, 100 M nodes, 100 000 parts.
            frames: 99_999,
            nodes: 99_999_999,
            id: 99_999,
            position: &code,
            roll: &roll,
            turn: &turn,
        };
        for line in d.lines(Some(99_999)) {
            let l = line.as_str();
            assert!(l.len() < LINE_BYTES, "{} bytes: {l}", l.len());
            assert!(
                l.ends_with(code) || l.ends_with(roll) || l.ends_with(turn),
                "cut: {l}"
            );
        }
    }
}
