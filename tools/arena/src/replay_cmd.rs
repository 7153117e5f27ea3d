//! `arena replay FILE`: reads a match record the game wrote to `apps/senas-senet/matches/`
//! (`senas_senet::save::record`: a header, then the game's own log lines) and replays it with
//! the rules engines: every roll and throw is taken from the log, every logged turn must be one
//! of the engine's legal turns for that position and roll (senas: same sub-moves and unused
//! sub-moves; senet: a legal move of that throw), and the logged winner (the log's `event=win`
//! line and the header's `winner=`) must be the engine's. Prints one line per turn and a
//! summary naming the rule set replayed under; the first illegal turn is an error naming it.

use senas_senet::games::{senas, senet};
use senas_senet::save::{log_lines, read_header, SENAS_RULES};
use std::fmt::Write;

type Turns = heapless::Vec<senas::Turn, { senas::MAX_TURNS }>;

/// The value of `key=` in a log line.
pub(crate) fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.split(' ')
        .find_map(|w| w.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
}

/// `moves=` as the game logs a senas part: physical holes 1..24 from-to, `off`, or `none`
/// (`senas::TurnMoves`, the notation the game's log writes).
pub(crate) fn senas_moves(side: senas::Side, turn: &senas::Turn) -> String {
    senas::TurnMoves { side, turn }.to_string()
}

/// A replay's turns and the engine's winner (side index) at its end.
type Replayed = (u32, Option<u8>);

fn replay_senas(first: u8, lines: &[&str], out: &mut String) -> Result<Replayed, String> {
    let side0 = if first == 0 {
        senas::Side::White
    } else {
        senas::Side::Black
    };
    let mut pos = senas::Position::start(side0);
    let mut gen = Box::new(senas::TurnGen::new());
    let mut turns = Box::new(Turns::new());
    let mut roll: Option<senas::Roll> = None;
    let mut n = 0u32;
    for (k, l) in lines.iter().enumerate() {
        let what = field(l, "event").unwrap_or("");
        match what {
            "roll" => {
                let d: Vec<u8> = field(l, "dice")
                    .ok_or(format!("line {k}: roll without dice"))?
                    .split(',')
                    .filter_map(|v| v.parse().ok())
                    .collect();
                roll = match d.as_slice() {
                    [a, b, c] => senas::Roll::new(*a, *b, *c),
                    _ => None,
                };
                if roll.is_none() {
                    return Err(format!("line {k}: bad dice in {l}"));
                }
            }
            "turn" => {
                let side = pos.side_to_move();
                if field(l, "side") != Some(&side.to_string()) {
                    return Err(format!("line {k}: {side} is to move, not: {l}"));
                }
                let part = field(l, "part").unwrap_or("");
                let r = match (part, roll) {
                    ("gift", _) => gen.legal_gift_turns(&pos, &mut turns),
                    ("roll", Some(r)) => gen.legal_turns(&pos, &r, &mut turns),
                    _ => return Err(format!("line {k}: a roll part without a roll: {l}")),
                };
                r.map_err(|e| format!("line {k}: engine capacity {e:?}"))?;
                let want = (
                    field(l, "moves").unwrap_or(""),
                    field(l, "unused").unwrap_or(""),
                );
                let found = turns
                    .iter()
                    .find(|t| senas_moves(side, t) == want.0 && t.unused().to_string() == want.1);
                let Some(t) = found else {
                    return Err(format!(
                        "turn {} (line {k}) is not legal at {pos}: {l}",
                        n + 1
                    ));
                };
                pos = senas::apply(&pos, t);
                n += 1;
                let _ = writeln!(out, "{n:4} {side} {part} {} -> {pos}", want.0);
                if part == "roll" {
                    roll = None;
                }
            }
            "win" => {
                let w = pos.winner().map(|s| s.to_string());
                if w.as_deref() != field(l, "winner") {
                    return Err(format!("the log says {l}, the engine's winner is {w:?}"));
                }
            }
            _ => {}
        }
    }
    Ok((n, pos.winner().map(|s| s.index() as u8)))
}

/// A senet move as the log writes it (`9-11`, `pass`).
pub(crate) fn parse_senet_move(text: &str, throw: senet::Throw) -> Option<senet::Move> {
    if text == "pass" {
        return Some(senet::Move::pass(throw));
    }
    let (a, b) = text.split_once('-')?;
    Some(senet::Move::step(throw, a.parse().ok()?, b.parse().ok()?))
}

fn replay_senet(
    variant: senet::Variant,
    first: u8,
    lines: &[&str],
    out: &mut String,
) -> Result<Replayed, String> {
    let side0 = if first == 0 {
        senet::Side::A
    } else {
        senet::Side::B
    };
    let mut pos = senet::Position::start(variant, side0);
    let mut legal = senet::MoveList::new();
    let mut n = 0u32;
    for (k, l) in lines.iter().enumerate() {
        match field(l, "event").unwrap_or("") {
            "turn" => {
                let side = pos.side_to_move();
                if field(l, "side") != Some(&side.to_string()) {
                    return Err(format!("line {k}: {side} is to move, not: {l}"));
                }
                let throw = field(l, "throw")
                    .and_then(|t| t.parse().ok())
                    .and_then(senet::Throw::from_distance)
                    .ok_or(format!("line {k}: no throw in {l}"))?;
                let mv = field(l, "move")
                    .and_then(|m| parse_senet_move(m, throw))
                    .ok_or(format!("line {k}: no move in {l}"))?;
                senet::legal_moves(&pos, throw, &mut legal);
                if !legal.contains(&mv) {
                    return Err(format!(
                        "turn {} (line {k}) is not legal at {}: {l}",
                        n + 1,
                        pos.board_string()
                    ));
                }
                pos = senet::apply(&pos, mv);
                n += 1;
                let _ = writeln!(out, "{n:4} {side} {mv} -> {}", pos.board_string());
            }
            "win" => {
                let w = pos.winner().map(|s| s.to_string());
                if w.as_deref() != field(l, "winner") {
                    return Err(format!("the log says {l}, the engine's winner is {w:?}"));
                }
            }
            _ => {}
        }
    }
    Ok((n, pos.winner().map(|s| s.index() as u8)))
}

/// Replays the record text; returns the report.
pub fn replay_text(text: &str) -> Result<String, String> {
    let h = read_header(text).ok_or("not a senas-senet match record")?;
    let lines: Vec<&str> = log_lines(text).collect();
    let mut out = String::new();
    let (n, winner) = match h.game {
        "senas" => {
            // Senas has one rule set; a record naming another is not replayed under it.
            if h.rules != SENAS_RULES {
                return Err(format!(
                    "unknown senas rules `{}` (known: {SENAS_RULES})",
                    h.rules
                ));
            }
            replay_senas(h.first, &lines, &mut out)?
        }
        "senet" => {
            // The record names its rule set (`rules=`); a record without a known one is not
            // replayed under a guessed one.
            let variant = senet::Variant::from_name(h.rules).ok_or(format!(
                "unknown senet rules `{}` (known: wiibrew2009, kendall, jequier)",
                h.rules
            ))?;
            replay_senet(variant, h.first, &lines, &mut out)?
        }
        g => return Err(format!("unknown game {g}")),
    };
    if n != h.turns {
        return Err(format!(
            "the record says {} turns, the log has {n}",
            h.turns
        ));
    }
    // A record is written when a match is won: the engine must end on that winner.
    if winner != Some(h.winner) {
        return Err(format!(
            "the record says winner={}, the engine's winner side is {winner:?}",
            h.winner
        ));
    }
    let _ = writeln!(
        out,
        "ok: {} rules={} {} vs {}, {n} turns, every turn legal, winner side {}",
        h.game, h.rules, h.players[0], h.players[1], h.winner
    );
    Ok(out)
}

/// `arena replay FILE`.
pub fn run(args: &[&str]) -> Result<String, String> {
    let [file] = args else {
        return Err("usage: arena replay FILE".into());
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    replay_text(&text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use senas_senet::app::{App, AppScratch, Config, GameKind, Input, NullLog, SceneKind};
    use senas_senet::save::{write_record, RecordHeader};

    /// The `n`-th (from 1) computer-vs-computer match of `game`'s demo and its record, as the
    /// game writes it. The senet demo's third match is Kendall's (`Setup::next_demo`).
    fn demo_record_n(game: GameKind, seed: u64, n: usize) -> String {
        let scratch: &'static mut AppScratch = AppScratch::init_in(Box::leak(Box::new_uninit()));
        let mut config = Config::new(seed);
        config.demo = Some(game);
        let mut app = Box::new(App::new(config, scratch));
        let mut won = 0;
        let mut was_winner = false;
        for _ in 0..2_000_000 {
            app.update(&Input::default(), &mut NullLog);
            let winner = app.scene() == SceneKind::Winner;
            if winner && !was_winner {
                won += 1;
                if won == n {
                    break;
                }
            }
            was_winner = winner;
        }
        assert_eq!(app.scene(), SceneKind::Winner, "the demo finished");
        // A log that overflowed the match log lost its end (the win): not a whole match.
        assert_eq!(
            app.match_log().dropped(),
            0,
            "the whole match is in the log"
        );
        let log = app.match_log().text();
        let turns = log.lines().filter(|l| l.starts_with("event=turn")).count() as u32;
        // The winner as the game logged it (`event=win ... winner=A|B|White|Black`).
        let won = log
            .lines()
            .find_map(|l| {
                l.strip_prefix("event=win ")
                    .and_then(|r| field(r, "winner"))
            })
            .expect("a win line");
        let winner = u8::from(matches!(won, "B" | "Black"));
        let rules = match game {
            GameKind::Senas => senas_senet::save::SENAS_RULES,
            GameKind::Senet => app.setup().variant.name(),
        };
        let h = RecordHeader {
            game: game.name(),
            rules,
            players: ["cpu_normal", "cpu_easy"],
            seed,
            first: app.first(),
            turns,
            winner,
        };
        let mut buf = vec![0u8; 64 * 1024];
        let n = write_record(&mut buf, &h, log).expect("fits");
        String::from_utf8(buf[..n].to_vec()).expect("utf8")
    }

    fn demo_record(game: GameKind, seed: u64) -> String {
        demo_record_n(game, seed, 1)
    }

    /// Issue 22: every senet replay started from WiiBrew 2009 whatever the record said.
    #[test]
    fn a_kendall_record_replays_under_kendalls_rules_and_not_under_another_rule_set() {
        let rec = demo_record_n(GameKind::Senet, 5, 3);
        assert!(rec.contains("rules=kendall\n"), "{rec}");
        let report = replay_text(&rec).unwrap_or_else(|e| panic!("{e}\n{rec}"));
        assert!(report.contains("every turn legal"), "{report}");
        let other = rec.replacen("rules=kendall", "rules=wiibrew2009", 1);
        assert!(
            replay_text(&other).is_err(),
            "replayed under the wrong rules"
        );
        let unknown = rec.replacen("rules=kendall", "rules=piccione", 1);
        let e = replay_text(&unknown).expect_err("no guessed rule set");
        assert!(e.contains("unknown senet rules"), "{e}");
    }

    /// Issue 22: the header's `winner=` and a senas record's `rules=` were never checked.
    #[test]
    fn a_record_naming_the_wrong_winner_or_senas_rules_is_refused_and_the_summary_names_its_rules()
    {
        for (game, seed) in [(GameKind::Senet, 6), (GameKind::Senas, 9)] {
            let rec = demo_record(game, seed);
            let report = replay_text(&rec).unwrap_or_else(|e| panic!("{e}\n{rec}"));
            let rules = read_header(&rec).expect("a record").rules;
            assert!(report.contains(&format!("rules={rules} ")), "{report}");
            let (right, wrong) = if rec.contains("\nwinner=0\n") {
                ("\nwinner=0\n", "\nwinner=1\n")
            } else {
                ("\nwinner=1\n", "\nwinner=0\n")
            };
            let e = replay_text(&rec.replacen(right, wrong, 1)).expect_err("wrong winner");
            assert!(e.contains("the record says winner="), "{e}");
        }
        let senas = demo_record(GameKind::Senas, 9);
        let e = replay_text(&senas.replacen("rules=lorca", "rules=wiibrew2009", 1))
            .expect_err("no other senas rules");
        assert!(e.contains("unknown senas rules"), "{e}");
    }

    #[test]
    fn a_whole_senet_match_record_replays_and_a_changed_move_is_caught() {
        let rec = demo_record(GameKind::Senet, 6);
        let report = replay_text(&rec).unwrap_or_else(|e| panic!("{e}\n{rec}"));
        assert!(report.contains("every turn legal"), "{report}");
        // Move one piece of the first logged move one square further: no longer that throw.
        let bad = rec.replacen(" move=", " move=1", 1);
        assert!(replay_text(&bad).is_err());
    }

    #[test]
    fn a_whole_senas_match_record_replays_and_a_changed_part_is_caught() {
        let rec = demo_record(GameKind::Senas, 9);
        let report = replay_text(&rec).unwrap_or_else(|e| panic!("{e}\n{rec}"));
        assert!(report.contains("every turn legal"), "{report}");
        let i = rec.find("unused=").expect("a turn");
        let mut bad = rec.clone();
        bad.insert(i + "unused=".len(), '6');
        assert!(replay_text(&bad).is_err());
    }
}
