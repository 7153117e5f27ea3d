//! End-to-end: a finished match's record (issue 15). The host plays a senet match of the real
//! app (a scripted person against the computer, Easy) until a turn boundary near its end and
//! saves it through the real format, as the game does; Dolphin boots with that save on the
//! synced SD folder, the person (remote 1: pointer + A) continues it and plays it to the end.
//! Then the match record is in `apps/senas-senet/matches/`, `arena replay` replays it with the
//! engines (every turn legal, the game's winner), and the saved match is gone from the card.
//! The run also gives the save times of a long match log in Dolphin's timebase (`bench:`
//! lines; `make bench` prints them).

mod save_support;

use dolphin_harness::{check_no_underruns, game_dol, sync_dir, Dolphin, Event, Run, SdCard};
use save_support::*;
use senas_senet::app::senet::Phase;
use senas_senet::app::AppScratch;
use senas_senet::app::{
    App, Buttons, Config, Controller, EdgeTracker, GameKind, Input, NullLog, Pointer, SceneKind,
    MAX_PLAYERS,
};
use senas_senet::games::senet::{self, Move, MoveList, Side};
use senas_senet::gfx::{Aspect, SenetLayout, TitleLayout};
use senas_senet::save::{self, Kind, SavedMatch, SavedPosition};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// The host app and its remote 1.
struct Host {
    app: &'static mut App<'static>,
    edges: EdgeTracker,
}

impl Host {
    fn frame(&mut self, held: Buttons, at: Option<(i16, i16)>) {
        let mut input = Input::default();
        input.players[0] = self
            .edges
            .player(0, true, at.map(|(x, y)| Pointer::new(x, y)), held);
        for p in 1..MAX_PLAYERS {
            input.players[p] = self.edges.player(p, false, None, Buttons::default());
        }
        let _ = self.app.update(&input, &mut NullLog);
    }
    fn press(&mut self, b: Buttons, at: Option<(i16, i16)>) {
        self.frame(b, at);
        self.frame(Buttons::default(), at);
    }
}

/// The move a person keen to finish plays: the farthest-going.
fn keen(legal: &[Move]) -> Option<Move> {
    legal
        .iter()
        .filter(|m| !m.is_pass())
        .max_by_key(|m| (m.to(), m.from()))
        .copied()
}

/// A side's last piece, if it has exactly one left and it stands on square 28 or later: the
/// match is a few turns from its end.
fn last_piece_near_the_end(pos: &senet::Position, side: Side) -> bool {
    let mut sq = pos.squares(side);
    matches!((sq.next(), sq.next()), (Some(s), None) if s >= 28)
}

/// Plays senet on the host app (person: side A, remote 1; the computer: Easy) until a turn
/// boundary where a side's last piece is near the exit; returns that save's record bytes.
fn near_end_save(seed: u64) -> Option<Vec<u8>> {
    let scratch: &'static mut AppScratch = AppScratch::init_in(Box::leak(Box::new_uninit()));
    let app = Box::leak(Box::new(App::new(Config::new(seed), scratch)));
    let mut h = Host {
        app,
        edges: EdgeTracker::default(),
    };
    let layout = SenetLayout::new(Aspect::Standard);
    // Title -> Play; the menu: opponent Easy (from Normal: Hard, second remote, same remote,
    // Beginner, Easy), game Senet, down to Start (senet has its Rules row), Start, skip the
    // throw-off.
    for b in [Buttons::A, Buttons::UP]
        .into_iter()
        .chain([Buttons::RIGHT; 5])
        .chain([Buttons::UP, Buttons::RIGHT])
        .chain([Buttons::DOWN; 3])
        .chain([Buttons::A])
    {
        h.press(b, None);
    }
    for _ in 0..3 {
        h.frame(Buttons::default(), None);
    }
    h.press(Buttons::A, None);
    assert_eq!(h.app.scene(), SceneKind::Match);
    assert_eq!(h.app.setup().game, GameKind::Senet);
    for _ in 0..400_000 {
        h.frame(Buttons::default(), None);
        if h.app.take_save_point() {
            let pos = *h.app.senet().expect("senet").position();
            if last_piece_near_the_end(&pos, Side::A) || last_piece_near_the_end(&pos, Side::B) {
                let snap = h.app.snapshot().expect("a match at a boundary");
                let mut buf = vec![0u8; save::MATCH_BYTES];
                let n = save::encode_with(Kind::Match, 1, &mut buf, |w| snap.write(w))?;
                buf.truncate(n);
                return Some(buf);
            }
        }
        let m = h.app.senet()?;
        if m.phase() == Phase::Over {
            return None;
        }
        if m.phase() == Phase::Human && m.mover() == Controller::Human(0) {
            if let Some(mv) = keen(m.legal()) {
                for sq in [mv.from(), mv.to()] {
                    let at = senet_square(&layout, sq).center();
                    h.press(Buttons::A, Some(at));
                }
            }
        }
    }
    None
}

fn arena_replay(record: &Path) -> std::process::Output {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    Command::new(cargo)
        .current_dir(&root)
        .args(["run", "-q", "--release", "-p", "arena", "--", "replay"])
        .arg(record)
        .output()
        .expect("cargo run -p arena")
}

#[test]
fn a_match_finished_in_dolphin_leaves_a_record_that_arena_replays_and_no_saved_match() {
    let planted = (1..40)
        .find_map(near_end_save)
        .expect("a host match reaches a boundary near its end");
    let env = save::decode(&planted, Kind::Match).expect("valid");
    let m = SavedMatch::decode(&env).expect("valid match");
    let SavedPosition::Senet(start) = m.position else {
        panic!("a senet save")
    };
    let planted_turns = m.turns;
    eprintln!(
        "planted: {} bytes, {} turns, board {}, log {} bytes",
        planted.len(),
        m.turns,
        start.board_string(),
        m.log.len()
    );
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let mut win = None;
    let run = Dolphin::new(dol)
        .name("save-finish")
        .log_only()
        .seconds(300.0)
        .controller(wiimote())
        .sd_card(SdCard::Sync(vec![(
            format!("{GAME_DIR}/MATCH_A.BIN"),
            planted.clone(),
        )]))
        .run_with(|s| {
            let aspect = aspect_of(s)?;
            let title = TitleLayout::new(aspect);
            let board = SenetLayout::new(aspect);
            expect(s, "load", &[("continue", "1")])?;
            expect(s, "wiimote_ready", &[("player", "1")])?;
            click(s, title.item_rect(0))?;
            expect(s, "menu", &[("scene", "main"), ("continue", "1")])?;
            click(s, senas_senet::app::menu::MainMenu::rows(aspect).rect(0))?;
            expect(s, "continue", &[("game", "senet")])?;
            let from = s.lines().len();
            loop {
                let line = s.wait_for("the person's throw or the end", WAIT, |l| {
                    matches(l, "throw", &[("game", "senet"), ("side", "A")])
                        || matches(l, "win", &[("game", "senet")])
                })?;
                if line.contains("event=win") {
                    win = Some(Event::parse(&line));
                    expect(s, "save", &[("what", "finished")])?;
                    expect(s, "save", &[("what", "record")])?;
                    // The frame window holding the record's last pieces is logged too.
                    s.wait_for_event("frame", WAIT)?;
                    s.wait_for_event("frame", WAIT)?;
                    return Ok(());
                }
                let t = Event::parse(&line)
                    .num::<u8>("value")
                    .and_then(senet::Throw::from_distance)
                    .expect("throw value");
                s.sleep(Duration::from_millis(500));
                let pos = senet_replay(start, &s.lines()[from..]);
                let mut legal = MoveList::new();
                senet::legal_moves(&pos, t, &mut legal);
                let Some(mv) = keen(&legal) else {
                    continue; // the throw is lost
                };
                click(s, senet_square(&board, mv.from()))?;
                click(s, senet_square(&board, mv.to()))?;
                expect(
                    s,
                    "turn",
                    &[("game", "senet"), ("side", "A"), ("by", "human")],
                )?;
            }
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let win = win.expect("the match was won in Dolphin");
    let finished = run
        .events("save")
        .into_iter()
        .find(|e| e.get("what") == Some("finished"))
        .expect("the finished match was saved");
    assert_eq!(finished.get("record"), Some("1"), "{}", finished.line);
    assert_eq!(finished.get("deleted"), Some("1"), "{}", finished.line);
    let written = run
        .events("save")
        .into_iter()
        .find(|e| e.get("what") == Some("record"))
        .expect("the record was written (spread over frames)");

    let mut files = Vec::new();
    files_under(&sync_dir(&run.user_dir), "apps", &mut files);
    let names: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    assert!(
        game_file(&files, "MATCH_A.BIN").is_none() && game_file(&files, "MATCH_B.BIN").is_none(),
        "the saved match is deleted when it ends: {names:?}"
    );
    let records: Vec<&(String, Vec<u8>)> = files
        .iter()
        .filter(|(p, _)| {
            p.to_ascii_lowercase()
                .starts_with(&format!("{GAME_DIR}/matches/m"))
        })
        .collect();
    assert_eq!(records.len(), 1, "one match record: {names:?}");
    let (rel, text) = records[0];
    let path = sync_dir(&run.user_dir).join(rel);
    let text = String::from_utf8(text.clone()).expect("a text record");
    let h = save::read_header(&text).expect("a match record");
    assert_eq!(h.game, "senet");
    assert_eq!(h.players, ["person", "cpu_easy"]);
    let want_winner = if win.get("winner") == Some("A") { 0 } else { 1 };
    assert_eq!(h.winner, want_winner, "record winner vs {}", win.line);
    assert!(
        h.turns > planted_turns,
        "the record holds the turns played in Dolphin too ({} > {planted_turns})",
        h.turns
    );
    let out = arena_replay(&path);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "arena replay {}: {}\n{stdout}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = stdout.lines().last().unwrap_or("");
    eprintln!("arena replay: {summary}");
    assert!(
        summary.starts_with("ok: senet rules=wiibrew2009 person vs cpu_easy")
            && summary.contains("every turn legal")
            && summary.ends_with(&format!("winner side {want_winner}")),
        "{summary}"
    );

    assert_eq!(
        written.num::<usize>("bytes"),
        Some(text.len()),
        "{}",
        written.line
    );

    // Save times with the long log (Dolphin's timebase), and the frames around them.
    for e in run.events("save") {
        eprintln!(
            "bench: save {} in Dolphin: {} ms in {} frames (longest piece {} ms), {} bytes",
            e.get("what").unwrap_or("?"),
            e.get("ms").unwrap_or("?"),
            e.get("steps").unwrap_or("1"),
            e.get("step_ms_max").unwrap_or(e.get("ms").unwrap_or("?")),
            e.get("bytes").unwrap_or("-")
        );
    }
    let frames = run.events("frame");
    let late: u32 = frames.iter().filter_map(|e| e.num::<u32>("late")).sum();
    let worst = frames
        .iter()
        .filter_map(|e| e.num::<u64>("update_us_max"))
        .max()
        .unwrap_or(0);
    eprintln!(
        "bench: frames during the continued match: {} windows, {late} late frames, missed vsyncs {}",
        frames.len(),
        frames
            .last()
            .and_then(|e| e.get("missed_vsyncs"))
            .unwrap_or("?")
    );
    eprintln!("bench: longest update while saving: {worst} us");
    assert_no_underruns(&run);
}

/// No audio underrun in any frame line (issue 23: the ring must never run dry).
fn assert_no_underruns(run: &Run) {
    if let Err(e) = check_no_underruns(&run.events("frame")) {
        panic!("{e}\n{}", run.report());
    }
}
