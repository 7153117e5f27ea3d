//! `arena analyze FILE`: reads a match record (the format `arena replay` reads, parsed with its
//! helpers), walks it with the rules engines and, at every turn of a seat the header names a
//! person (`players=person,...` / `person2`), asks the Hard player (`Kind::Level(Hard)`: the
//! evaluator and budget of `Profile::level(Level::Hard)`) what it would play. Both turns are
//! valued by that same search (`Search::value_after`: the position each reaches, as deep as
//! Hard looked, from the mover's side); the equity lost is the difference over `WIN` (1.000 =
//! a whole game), never below 0. One line per person turn, then the worst three mistakes.
//! Then the review's figures (issue 27 part 5) per person, by the game's own review code
//! (`app::review::walk::MatchReview`: the coach's win chances, the same integers the review
//! screen shows): accuracy, mistakes, blunders, dice luck and the three worst decisions.
//! Deterministic: the Hard level draws no random numbers, so a record always gives the same
//! report. Touches no file but the one it reads; bad input is an error message, never a panic.

use crate::replay_cmd::{field, parse_senet_move, senas_moves};
use senas_senet::ai::senas_game::{Senas, SenasChance, SenasScratch};
use senas_senet::ai::senet_game::Senet;
use senas_senet::ai::{Level, Profile, Row, Search, WIN};
use senas_senet::app::review::walk::{MatchReview, Status};
use senas_senet::games::{senas, senet};
use senas_senet::save::{log_lines, read_header};
use std::fmt::Write;

type Turns = heapless::Vec<senas::Turn, { senas::MAX_TURNS }>;

/// One analysed turn of a person.
struct Note {
    turn: u32,
    side: String,
    played: String,
    hard: String,
    /// Equity lost, in thousandths of a game (so the ranking is exact).
    loss: i64,
}

impl Note {
    fn line(&self) -> String {
        format!(
            "turn {} side {} played {} hard {} loss {}.{:03}",
            self.turn,
            self.side,
            self.played,
            self.hard,
            self.loss / 1000,
            self.loss % 1000
        )
    }
}

/// Hard's turn here and the loss of `after` (the person's position) against it.
fn judge<G: Profile>(
    scratch: &mut G::Scratch,
    pos: &G::Pos,
    chance: &G::Chance,
    after: &G::Pos,
) -> Result<(G::Turn, i64), String> {
    let (eval, budget) = G::level(Row::Level(Level::Hard), G::rules(pos));
    let mut search = Search::<G>::new(scratch, pos, chance, eval, budget);
    let hard = search
        .run(scratch)
        .ok_or("the engine found no turn for a logged turn")?;
    let hard_after = G::apply(pos, &hard);
    let v_hard = i64::from(search.value_after(scratch, &hard_after));
    let v_person = i64::from(search.value_after(scratch, after));
    // Rounded to thousandths of a game.
    let loss = ((v_hard - v_person).max(0) * 1000 + i64::from(WIN) / 2) / i64::from(WIN);
    Ok((hard, loss))
}

fn analyze_senas(first: u8, people: [bool; 2], lines: &[&str]) -> Result<(u32, Vec<Note>), String> {
    let side0 = if first == 0 {
        senas::Side::White
    } else {
        senas::Side::Black
    };
    let mut pos = senas::Position::start(side0);
    let mut gen = Box::new(senas::TurnGen::new());
    let mut turns = Box::new(Turns::new());
    let mut scratch = Box::<SenasScratch>::default();
    let mut roll: Option<senas::Roll> = None;
    let mut notes = Vec::new();
    let mut n = 0u32;
    for (k, l) in lines.iter().enumerate() {
        match field(l, "event").unwrap_or("") {
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
                let (r, chance) = match (part, roll) {
                    ("gift", _) => (gen.legal_gift_turns(&pos, &mut turns), SenasChance::Gift),
                    ("roll", Some(r)) => (
                        gen.legal_turns(&pos, &r, &mut turns),
                        SenasChance::from_roll(r),
                    ),
                    _ => return Err(format!("line {k}: a roll part without a roll: {l}")),
                };
                r.map_err(|e| format!("line {k}: engine capacity {e:?}"))?;
                let want = (
                    field(l, "moves").unwrap_or(""),
                    field(l, "unused").unwrap_or(""),
                );
                let found = turns
                    .iter()
                    .find(|t| senas_moves(side, t) == want.0 && t.unused().to_string() == want.1)
                    .copied();
                let Some(t) = found else {
                    return Err(format!(
                        "turn {} (line {k}) is not legal at {pos}: {l}",
                        n + 1
                    ));
                };
                let after = senas::apply(&pos, &t);
                n += 1;
                if people[usize::from(side != senas::Side::White)] {
                    let (hard, loss) = judge::<Senas>(&mut scratch, &pos, &chance, &after)?;
                    notes.push(Note {
                        turn: n,
                        side: side.to_string(),
                        played: want.0.to_string(),
                        hard: senas_moves(side, &hard),
                        loss,
                    });
                }
                pos = after;
                if part == "roll" {
                    roll = None;
                }
            }
            _ => {}
        }
    }
    Ok((n, notes))
}

fn analyze_senet<G>(
    variant: senet::Variant,
    first: u8,
    people: [bool; 2],
    lines: &[&str],
) -> Result<(u32, Vec<Note>), String>
where
    G: Profile<
        Pos = senet::Position,
        Chance = senet::Throw,
        Turn = senet::Move,
        Scratch = senet::MoveList,
    >,
{
    let side0 = if first == 0 {
        senet::Side::A
    } else {
        senet::Side::B
    };
    let mut pos = senet::Position::start(variant, side0);
    let mut legal = senet::MoveList::new();
    let mut scratch = senet::MoveList::new();
    let mut notes = Vec::new();
    let mut n = 0u32;
    for (k, l) in lines.iter().enumerate() {
        if field(l, "event") != Some("turn") {
            continue;
        }
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
        let after = G::apply(&pos, &mv);
        n += 1;
        if people[usize::from(side != senet::Side::A)] {
            let (hard, loss) = judge::<G>(&mut scratch, &pos, &throw, &after)?;
            notes.push(Note {
                turn: n,
                side: side.to_string(),
                played: mv.to_string(),
                hard: hard.to_string(),
                loss,
            });
        }
        pos = after;
    }
    Ok((n, notes))
}

/// Analyses the record text; returns the report.
pub fn analyze_text(text: &str) -> Result<String, String> {
    let h = read_header(text).ok_or("not a senas-senet match record")?;
    let lines: Vec<&str> = log_lines(text).collect();
    let people = h.players.map(|p| p.starts_with("person"));
    let (n, notes) = match h.game {
        "senas" => analyze_senas(h.first, people, &lines)?,
        "senet" => {
            // The record names its rule set (`rules=`); none is guessed.
            let variant = senet::Variant::from_name(h.rules).ok_or(format!(
                "unknown senet rules `{}` (known: wiibrew2009, kendall, jequier)",
                h.rules
            ))?;
            analyze_senet::<Senet>(variant, h.first, people, &lines)?
        }
        g => return Err(format!("unknown game {g}")),
    };
    if n != h.turns {
        return Err(format!(
            "the record says {} turns, the log has {n}",
            h.turns
        ));
    }
    let mut out = String::new();
    for note in &notes {
        let _ = writeln!(out, "{}", note.line());
    }
    let total: i64 = notes.iter().map(|x| x.loss).sum();
    let _ = writeln!(
        out,
        "analyzed: {} {} vs {}, {} person turns of {n}, total loss {}.{:03}",
        h.game,
        h.players[0],
        h.players[1],
        notes.len(),
        total / 1000,
        total % 1000
    );
    let mut worst: Vec<&Note> = notes.iter().filter(|x| x.loss > 0).collect();
    // Stable: equal losses keep the order of play.
    worst.sort_by_key(|x| std::cmp::Reverse(x.loss));
    if worst.is_empty() {
        let _ = writeln!(out, "worst: none (every person turn was as good as Hard's)");
    } else {
        let _ = writeln!(out, "worst:");
        for (i, x) in worst.iter().take(3).enumerate() {
            let _ = writeln!(out, "  {}. {}", i + 1, x.line());
        }
    }
    review(&h, &lines, &mut out)?;
    Ok(out)
}

/// The review's figures of the record's people, appended to `out`.
fn review(
    h: &senas_senet::save::RecordHeader,
    lines: &[&str],
    out: &mut String,
) -> Result<(), String> {
    let mut r = MatchReview::of_record(h).map_err(String::from)?;
    let mut log = String::new();
    for l in lines {
        log.push_str(l);
        log.push('\n');
    }
    let mut scratch = Box::<SenasScratch>::default();
    match r.run(&mut scratch, &log) {
        Status::Done => {}
        Status::Failed(t) => return Err(format!("the review could not follow turn {t}")),
        Status::Working => return Err("the review did not finish".into()),
    }
    r.report(out).map_err(|e| e.to_string())
}

/// `arena analyze FILE`.
pub fn run(args: &[&str]) -> Result<String, String> {
    let [file] = args else {
        return Err("usage: arena analyze FILE".into());
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    analyze_text(&text)
}
