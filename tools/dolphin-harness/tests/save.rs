//! End-to-end saving in Dolphin (issue 15), with the SD card's folder sync inside each run's
//! own user folder (`SdCard::Sync`): a person plays senet against the computer until two turn
//! boundaries were saved, Dolphin stops, and the save files on the synced folder decode on the
//! host to the position the game logged; a second boot with those files offers "Continue the
//! match", which logs exactly that position and throws the same sticks next. A run without a
//! card plays on and says so; a planted corrupt save is refused and said so.
//!
//! Person's moves: the logged throws and moves are replayed on the host's senet engine (as in
//! tests/match.rs) and the squares pointed at through the game's own layout.

use dolphin_harness::{game_dol, sync_dir, Controller, Dolphin, Error, Event, SdCard, Session};
use senas_senet::app::menu::{start_row, MainMenu};
use senas_senet::app::GameKind;
use senas_senet::games::senet::{self, Move, MoveList, Position, Side, Throw, Variant, OFF};
use senas_senet::gfx::{Aspect, Rect, SenetLayout, TitleLayout};
use senas_senet::save::{self, Kind, SavedMatch, SavedPosition};
use std::path::Path;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(150);
const HOLD: Duration = Duration::from_millis(300);
const GAME_DIR: &str = "apps/senas-senet";

fn wiimote() -> Controller {
    Controller::Wiimote {
        slot: 1,
        pipe: "wm1".into(),
    }
}

fn expect(s: &mut Session, name: &str, fields: &[(&str, &str)]) -> Result<Event, Error> {
    let what = format!("event={name} {fields:?}");
    let line = s.wait_for(&what, WAIT, |l| {
        let e = Event::parse(l);
        e.name() == Some(name) && fields.iter().all(|(k, v)| e.get(k) == Some(*v))
    })?;
    Ok(Event::parse(&line))
}

fn pointer_near(line: &str, x: i16, y: i16) -> bool {
    let e = Event::parse(line);
    e.name() == Some("pointer")
        && e.num::<i16>("x").is_some_and(|px| (px - x).abs() <= 8)
        && e.num::<i16>("y").is_some_and(|py| (py - y).abs() <= 8)
}

/// Points at the centre of `r`, waits until the game's pointer is there (the machine running
/// these tests is loaded: the emulated pointer lags), then presses A until the game logs it.
fn click(s: &mut Session, r: Rect) -> Result<(), Error> {
    let (x, y) = r.center();
    s.point("wm1", f32::from(x) / 640.0, f32::from(y) / 480.0)?;
    let already = s
        .lines()
        .iter()
        .rev()
        .find(|l| l.contains("event=pointer"))
        .is_some_and(|l| pointer_near(l, x, y));
    if !already {
        s.wait_for("pointer on target", Duration::from_secs(20), |l| {
            pointer_near(l, x, y)
        })?;
    }
    s.sleep(Duration::from_millis(300));
    let mut last = None;
    for _ in 0..4 {
        s.tap("wm1", "A", HOLD)?;
        match s.wait_for("A pressed", Duration::from_secs(8), |l| {
            l.contains("event=buttons") && l.contains("pressed=A")
        }) {
            Ok(_) => {
                s.sleep(Duration::from_millis(400));
                return Ok(());
            }
            Err(e) => last = Some(e),
        }
    }
    Err(last.expect("tried"))
}

fn aspect_of(s: &mut Session) -> Result<Aspect, Error> {
    let settings = s.wait_for_event("settings", WAIT)?;
    Ok(if settings.get("aspect") == Some("16:9") {
        Aspect::Wide
    } else {
        Aspect::Standard
    })
}

fn parse_move(text: &str, throw: Throw) -> Option<Move> {
    if text == "pass" {
        return Some(Move::pass(throw));
    }
    let (a, b) = text.split_once('-')?;
    Some(Move::step(throw, a.parse().ok()?, b.parse().ok()?))
}

/// The position after the throw-off and every logged senet turn (a match started afresh).
fn replay(lines: &[String]) -> Position {
    let mut pos = Position::start(Variant::Wiibrew2009, Side::A);
    for l in lines {
        let e = Event::parse(l);
        match e.name() {
            Some("throwoff") => {
                let first = if e.get("first") == Some("1") {
                    Side::B
                } else {
                    Side::A
                };
                pos = Position::start(Variant::Wiibrew2009, first);
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

/// Every file under `dir`, as (path relative to the card root, bytes).
fn files_under(root: &Path, rel: &str, out: &mut Vec<(String, Vec<u8>)>) {
    let Ok(entries) = std::fs::read_dir(root.join(rel)) else {
        return;
    };
    for e in entries.flatten() {
        let name = format!("{rel}/{}", e.file_name().to_string_lossy());
        if e.path().is_dir() {
            out.push((format!("{name}/"), Vec::new()));
            files_under(root, &name, out);
        } else {
            out.push((name, std::fs::read(e.path()).expect("read synced file")));
        }
    }
}

/// The newest valid match save among the synced files.
fn decode_match(files: &[(String, Vec<u8>)]) -> Option<(Vec<u8>, u32)> {
    let get = |n: &str| {
        files
            .iter()
            .find(|(p, _)| p.eq_ignore_ascii_case(&format!("{GAME_DIR}/{n}")))
            .map(|(_, b)| b.clone())
    };
    let (a, b) = (get("MATCH_A.BIN"), get("MATCH_B.BIN"));
    let p = save::pick(a.as_deref(), b.as_deref(), Kind::Match);
    let (_, env) = p.newest?;
    Some((env.payload.to_vec(), env.seq))
}

/// The last `event=saved` line and the first throw after it.
fn last_save_and_next_throw(lines: &[String]) -> (Event, Option<Event>) {
    let i = lines
        .iter()
        .rposition(|l| Event::parse(l).name() == Some("saved"))
        .expect("the game logged a save");
    let next = lines[i..]
        .iter()
        .map(|l| Event::parse(l))
        .find(|e| e.name() == Some("throw"));
    (Event::parse(&lines[i]), next)
}

/// Run 1: play senet against the computer until two boundaries are saved and the person is
/// to move again; returns the synced files and the log.
fn play_and_save() -> (Vec<(String, Vec<u8>)>, Vec<String>) {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let mut lines = Vec::new();
    let run = Dolphin::new(dol)
        .name("save-play")
        .seconds(300.0)
        .controller(wiimote())
        .sd_card(SdCard::Sync(vec![(format!("{GAME_DIR}/"), Vec::new())]))
        .run_with(|s| {
            let aspect = aspect_of(s)?;
            let title = TitleLayout::new(aspect);
            let rows = MainMenu::rows(aspect);
            let board = SenetLayout::new(aspect);
            expect(s, "load", &[("continue", "0")])?;
            expect(s, "wiimote_ready", &[("player", "1")])?;
            click(s, title.item_rect(0))?;
            expect(s, "menu", &[("scene", "main")])?;
            click(s, rows.rect(0))?; // Senas -> Senet
            expect(s, "menu", &[("game", "senet")])?;
            click(s, rows.rect(start_row(GameKind::Senet)))?;
            expect(s, "start", &[("game", "senet"), ("opponent", "cpu_normal")])?;
            loop {
                let throw = expect(s, "throw", &[("game", "senet"), ("side", "A")])?;
                let t = throw
                    .num::<u8>("value")
                    .and_then(Throw::from_distance)
                    .expect("throw value");
                s.sleep(Duration::from_millis(500));
                let all = s.lines();
                let pos = replay(&all);
                let mut legal = MoveList::new();
                senet::legal_moves(&pos, t, &mut legal);
                let Some(&mv) = legal.iter().find(|m| !m.is_pass()) else {
                    continue;
                };
                let saves = all.iter().filter(|l| l.contains("event=saved ")).count();
                if saves >= 2 {
                    // The person is to move: the game waits, nothing more is saved.
                    lines = all;
                    return Ok(());
                }
                click(s, square_rect(&board, mv.from()))?;
                click(s, square_rect(&board, mv.to()))?;
                expect(s, "turn", &[("game", "senet"), ("side", "A")])?;
            }
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let mut files = Vec::new();
    files_under(&sync_dir(&run.user_dir), "apps", &mut files);
    (files, lines)
}

#[test]
fn a_saved_match_decodes_to_the_logged_position_and_continues_with_the_same_throw() {
    let (files, lines) = play_and_save();
    let names: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    let (payload, seq) =
        decode_match(&files).unwrap_or_else(|| panic!("no valid match save among {names:?}"));
    let mut r = save::Reader::new(&payload);
    let m = SavedMatch::read(&mut r).expect("the save decodes");
    let (saved, next_throw) = last_save_and_next_throw(&lines);
    let SavedPosition::Senet(p) = m.position else {
        panic!("a senet match was saved, got {:?}", m.position)
    };
    assert_eq!(saved.get("game"), Some("senet"));
    assert_eq!(
        saved.get("board"),
        Some(p.board_string().to_string().as_str()),
        "{}",
        saved.line
    );
    assert_eq!(
        saved.get("side"),
        Some(p.side_to_move().to_string().as_str())
    );
    assert_eq!(saved.num::<u64>("draws"), Some(m.rng.draws));
    assert_eq!(saved.num::<u32>("turns"), Some(m.turns));
    assert!(seq >= 2, "at least two saves were written (seq {seq})");
    let next_throw = next_throw.expect("a throw followed the last save");
    eprintln!("saved: {}\nnext: {}", saved.line, next_throw.line);

    // Run 2: the same files on the card; Continue.
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let mut continued = None;
    let mut first_throw = None;
    Dolphin::new(dol)
        .name("save-continue")
        .seconds(200.0)
        .controller(wiimote())
        .sd_card(SdCard::Sync(files.clone()))
        .run_with(|s| {
            let aspect = aspect_of(s)?;
            let title = TitleLayout::new(aspect);
            let rows = MainMenu::rows(aspect);
            expect(s, "saved_match", &[("game", "senet")])?;
            expect(s, "load", &[("continue", "1")])?;
            expect(s, "wiimote_ready", &[("player", "1")])?;
            click(s, title.item_rect(0))?;
            expect(s, "menu", &[("scene", "main"), ("continue", "1")])?;
            click(s, rows.rect(0))?; // Continue the match
            continued = Some(expect(s, "continue", &[("game", "senet")])?);
            first_throw = Some(expect(s, "throw", &[("game", "senet")])?);
            s.sleep(Duration::from_millis(800));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let c = continued.expect("continued");
    for key in ["board", "side", "turns", "draws"] {
        assert_eq!(
            c.get(key),
            saved.get(key),
            "{key}: {} vs {}",
            c.line,
            saved.line
        );
    }
    let t = first_throw.expect("a throw after continuing");
    for key in ["side", "sticks", "value"] {
        assert_eq!(
            t.get(key),
            next_throw.get(key),
            "{key}: {} vs {}",
            t.line,
            next_throw.line
        );
    }
}

#[test]
fn without_an_sd_card_the_game_plays_on_and_says_so() {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    Dolphin::new(dol)
        .name("save-nocard")
        .seconds(200.0)
        .controller(wiimote())
        .sd_card(SdCard::None)
        .run_with(|s| {
            let aspect = aspect_of(s)?;
            let title = TitleLayout::new(aspect);
            let rows = MainMenu::rows(aspect);
            expect(s, "save_off", &[("reason", "no_card")])?;
            expect(s, "wiimote_ready", &[("player", "1")])?;
            click(s, title.item_rect(0))?;
            expect(s, "menu", &[("scene", "main")])?;
            click(s, rows.rect(start_row(GameKind::Senet)))?;
            expect(s, "start", &[("game", "senas")])?;
            expect(s, "roll", &[("game", "senas")])?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_planted_corrupt_save_is_ignored_with_a_note() {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let mut garbage = b"SNSV".to_vec();
    garbage.extend((0..300u32).map(|i| (i * 37 % 251) as u8));
    Dolphin::new(dol)
        .name("save-corrupt")
        .seconds(120.0)
        .sd_card(SdCard::Sync(vec![(
            format!("{GAME_DIR}/MATCH_A.BIN"),
            garbage,
        )]))
        .run_with(|s| {
            expect(s, "save_refused", &[("kind", "Match"), ("slot", "A")])?;
            expect(s, "load", &[("continue", "0")])?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}
