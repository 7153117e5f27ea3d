//! Issue 30, "every match ends", in Dolphin: a scripted person chooses Senet under Jequier's
//! (or Kendall's) rules against the Normal computer with the emulated Wiimote's pointer and plays
//! the whole match to the winner, each turn the person-like greedy player's move
//! (`ai::senet_greedy`: bear off, else capture, else the longest step), picked up and put down
//! with the pointer and A. The winner, the turns and the game time are printed
//! (`match to the end: ...`).
//!
//! `make test` plays Jequier's match, the rule set whose matches once did not end (issue 30);
//! Kendall's is `#[ignore]`d there for the CI budget and played by `make e2e-matches`.
//!
//! Then the person opens the match review from the winner's panel (`review_support`): the
//! figures the game logs equal `arena analyze` of the match record it wrote on the synced SD
//! card. A senas match against Normal played the same way to the end (`#[ignore]`d: `make
//! bench` plays it) prints the senas review's Wii time: from the match's end to the figures
//! complete, and the work done during the match in spare frame time.
//!
//! A whole match is a few hundred throws (minutes of game time), so the run reads only the log
//! (`log_only`: no frames rendered) and Dolphin runs unthrottled; every wait and tap of the
//! session is counted in game time, so the minutes printed are what a player at this pace
//! spends. Measured (issue 30): Kendall 140 turns, 3.9 min of game time, 108 s of wall time;
//! Jequier 172 turns, 4.7 min, 185 s (load 10-13). The senet matches are played with
//! "Animations: Fast" (a settings record planted on the card), as an impatient player would. The person's side replays the logged throws
//! and moves on the host's own engine under the chosen rule set, as `match.rs` does.

mod review_support;
mod save_support;

use dolphin_harness::{game_dol, Controller, Dolphin, Error, Event, Session};
use senas_senet::ai::senet_greedy;
use senas_senet::app::menu::{rows_of, start_row, MainMenu, Row};
use senas_senet::app::GameKind;
use senas_senet::games::senet::{self, Move, MoveList, Position, Side, Throw, Variant, OFF};
use senas_senet::gfx::{Aspect, Rect, SenetLayout, TitleLayout};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(120);
const HOLD: Duration = Duration::from_millis(150);

fn wiimote() -> Controller {
    Controller::Wiimote {
        slot: 1,
        pipe: "wm1".into(),
    }
}

fn aim(s: &mut Session, r: Rect) -> Result<(), Error> {
    let (x, y) = r.center();
    s.aim("wm1", 1, x, y)
}

fn click_until(
    s: &mut Session,
    r: Rect,
    name: &str,
    fields: &[(&str, &str)],
) -> Result<Event, Error> {
    aim(s, r)?;
    s.tap_until("wm1", "A", HOLD, name, fields)
}

fn parse_move(text: &str, throw: Throw) -> Option<Move> {
    if text == "pass" {
        return Some(Move::pass(throw));
    }
    let (a, b) = text.split_once('-')?;
    Some(Move::step(throw, a.parse().ok()?, b.parse().ok()?))
}

/// The position after the throw-off and every logged senet turn so far, under `variant`.
fn replay(variant: Variant, lines: &[String]) -> Position {
    let mut pos = Position::start(variant, Side::A);
    for l in lines {
        let e = Event::parse(l);
        match e.name() {
            Some("throwoff") => {
                let first = if e.get("first") == Some("1") {
                    Side::B
                } else {
                    Side::A
                };
                pos = Position::start(variant, first);
            }
            Some("turn") if e.get("game") == Some("senet") => {
                let throw = e.num::<u8>("throw").and_then(Throw::from_distance);
                if let Some(mv) = throw.and_then(|t| parse_move(e.get("move")?, t)) {
                    pos = senet::apply(&pos, mv);
                }
            }
            _ => {}
        }
    }
    pos
}

fn square_rect(layout: &SenetLayout, s: u8) -> Rect {
    if s == OFF {
        layout.exit_rect()
    } else {
        layout.square_rect(usize::from(s - 1))
    }
}

/// What the match came to: the winner's side, turns logged, the person's moves, game seconds.
struct Ended {
    winner: String,
    turns: usize,
    person_moves: u32,
    game_seconds: f64,
}

fn a_person_plays_senet_to_the_end(variant: Variant) {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let mut ended: Option<Ended> = None;
    let run = Dolphin::new(dol)
        .name(&format!("match-to-the-end-{variant}"))
        .seconds(7_200.0)
        .controller(wiimote())
        // Only the log is read: no frames are rendered or dumped, and Dolphin runs unthrottled.
        // Every wait and tap of the session counts game time, so the figures are a player's.
        .log_only()
        // The player chose "Animations: Fast" before (a third of the glides' frames): the
        // CI budget, and the setting read from the card in a whole match.
        .sd_card(review_support::card_with_fast_animations())
        .ini("Dolphin.ini", "Core", "EmulationSpeed", "0.00000000")
        .run_with(|s| {
            let settings = s.wait_for_event("settings", WAIT)?;
            let aspect = if settings.get("aspect") == Some("16:9") {
                Aspect::Wide
            } else {
                Aspect::Standard
            };
            let title = TitleLayout::new(aspect);
            let rows = MainMenu::rows(aspect);
            let board = SenetLayout::new(aspect);
            s.expect_event("wiimote_ready", &[("player", "1")], WAIT)?;
            s.sleep(Duration::from_millis(1000));
            click_until(s, title.item_rect(0), "menu", &[("scene", "main")])?;
            click_until(s, rows.rect(0), "menu", &[("game", "senet")])?;
            let rules = rows_of(GameKind::Senet)
                .iter()
                .position(|&r| r == Row::Rules)
                .expect("senet has a Rules row");
            // Each click moves the rule set on; tap until the wanted one is logged.
            click_until(s, rows.rect(rules), "menu", &[("variant", variant.name())])?;
            click_until(
                s,
                rows.rect(start_row(GameKind::Senet)),
                "start",
                &[
                    ("game", "senet"),
                    ("opponent", "cpu_normal"),
                    ("variant", variant.name()),
                ],
            )?;
            let mut person_moves = 0;
            let mut out = MoveList::new();
            loop {
                let line = s.wait_for("the person's throw or a win", WAIT, |l| {
                    let e = Event::parse(l);
                    e.is("throw", &[("game", "senet"), ("side", "A")]) || e.name() == Some("win")
                })?;
                let e = Event::parse(&line);
                if e.name() == Some("win") {
                    let turns = s
                        .lines()
                        .iter()
                        .filter(|l| Event::parse(l).is("turn", &[("game", "senet")]))
                        .count();
                    ended = Some(Ended {
                        winner: e.get("side").or(e.get("winner")).unwrap_or("?").to_string(),
                        turns,
                        person_moves,
                        game_seconds: s.game_seconds().unwrap_or(0.0),
                    });
                    review_support::open_the_review(s, GameKind::Senet)?;
                    return Ok(());
                }
                let t = e
                    .num::<u8>("value")
                    .and_then(Throw::from_distance)
                    .expect("throw value");
                let pos = replay(variant, &s.lines());
                assert_eq!(pos.side_to_move(), Side::A, "the person's turn");
                let Some(mv) = senet_greedy::choose(&mut out, &pos, t).filter(|m| !m.is_pass())
                else {
                    continue; // the throw is lost: wait for the next one
                };
                // The piece is picked up (its sound is logged), then put down on its target.
                click_until(
                    s,
                    square_rect(&board, mv.from()),
                    "sfx",
                    &[("name", "pick_up")],
                )?;
                let turn = click_until(
                    s,
                    square_rect(&board, mv.to()),
                    "turn",
                    &[("game", "senet"), ("side", "A")],
                )?;
                assert_eq!(turn.get("move"), Some(mv.to_string().as_str()));
                person_moves += 1;
            }
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let ended = ended.unwrap_or_else(|| panic!("the match did not end\n{}", run.report()));
    assert!(ended.turns > 20, "only {} turns", ended.turns);
    eprintln!(
        "match to the end: {variant} person (greedy) v Normal: winner {} after {} turns ({} by the person), {:.1} min of game time, wall {:?}",
        ended.winner,
        ended.turns,
        ended.person_moves,
        ended.game_seconds / 60.0,
        run.wall_time
    );
    review_support::check_the_review(&run, "senet");
}

#[test]
fn a_person_plays_a_jequier_match_against_normal_to_the_end() {
    a_person_plays_senet_to_the_end(Variant::Jequier);
}

/// Not in `make test` (CI budget: about 3 minutes): that Kendall's matches end is proved on the
/// host (`tests/senet_matches_end.rs`), and `ai_same.rs` shows the Dolphin build decides as the
/// host does under Kendall's rules. `make e2e-matches` plays it.
#[test]
#[ignore = "3 minutes; make e2e-matches runs it (Kendall's matches end: host senet_matches_end + ai_same)"]
fn a_person_plays_a_kendall_match_against_normal_to_the_end() {
    a_person_plays_senet_to_the_end(Variant::Kendall);
}

/// A person (remote 1) plays senas against the Normal computer to the end, each part the turn
/// that runs farthest (`save_support::play_senas_part`), then opens the review: its figures
/// equal `arena analyze` of the record, and `bench:` lines give the time from the match's end
/// to the review complete (the game's timebase) and the work done during the match.
#[test]
#[ignore = "several minutes; make bench runs it (the senas review's Wii time)"]
fn a_person_plays_senas_against_normal_to_the_end_and_the_review_is_ready_at_once() {
    use senas_senet::games::senas;
    use senas_senet::gfx::SenasLayout;
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let mut gen = Box::new(senas::TurnGen::new());
    let mut parts = 0;
    let run = Dolphin::new(dol)
        .name("match-to-the-end-senas")
        .seconds(7_200.0)
        .controller(wiimote())
        .log_only()
        .sd_card(review_support::card())
        .ini("Dolphin.ini", "Core", "EmulationSpeed", "0.00000000")
        .run_with(|s| {
            let aspect = save_support::aspect_of(s)?;
            let title = TitleLayout::new(aspect);
            let rows = MainMenu::rows(aspect);
            let board = SenasLayout::new(aspect);
            s.expect_event("wiimote_ready", &[("player", "1")], WAIT)?;
            s.sleep(Duration::from_millis(1000));
            click_until(s, title.item_rect(0), "menu", &[("scene", "main")])?;
            click_until(
                s,
                rows.rect(start_row(GameKind::Senas)),
                "start",
                &[("game", "senas"), ("opponent", "cpu_normal")],
            )?;
            loop {
                let line = s.wait_for("the person's part or the win", WAIT, |l| {
                    let e = Event::parse(l);
                    e.is("roll", &[("game", "senas"), ("side", "White")])
                        || (e.is("saved", &[("game", "senas"), ("side", "White")])
                            && e.get("gift").is_some_and(|g| !g.is_empty()))
                        || e.is("win", &[("game", "senas")])
                })?;
                if line.contains("event=win") {
                    review_support::open_the_review(s, GameKind::Senas)?;
                    return Ok(());
                }
                let gift = line.contains("event=saved");
                save_support::play_senas_part(s, &board, &mut gen, gift)?;
                parts += 1;
            }
        })
        .unwrap_or_else(|e| panic!("{e}"));
    eprintln!(
        "match to the end: senas person v Normal: {parts} parts by the person, wall {:?}",
        run.wall_time
    );
    review_support::check_the_review(&run, "senas");
}
