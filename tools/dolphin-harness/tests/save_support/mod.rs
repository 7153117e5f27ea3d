//! What the saving e2e tests share (tests/save.rs, save_senas.rs, save_finish.rs): remote 1
//! on a pipe, waiting for the game's events, pointing and pressing A until the game logs the
//! press, the synced SD folder's files, the match save among them, the host app continued from
//! a save and drawn by the soft renderer, and a senas or senet part played by the person from
//! the position the game's own log gives (replayed on the host's engines).
#![allow(dead_code)]

use dolphin_harness::{Controller, Error, Event, Frame, Session};
use senas_senet::app::AppScratch;
use senas_senet::app::{App, Buttons, Config, EdgeTracker, Input, NullLog, Pointer, MAX_PLAYERS};
use senas_senet::games::{senas, senet};
use senas_senet::gfx::soft::{SoftRenderer, FRAME_BYTES};
use senas_senet::gfx::{palette, Aspect, DrawList, Rect, SenasLayout, SenetLayout};
use senas_senet::save::{self, Kind};
use std::path::Path;
use std::time::Duration;

pub const WAIT: Duration = Duration::from_secs(150);
pub const HOLD: Duration = Duration::from_millis(300);
pub const GAME_DIR: &str = "apps/senas-senet";

pub fn wiimote() -> Controller {
    Controller::Wiimote {
        slot: 1,
        pipe: "wm1".into(),
    }
}

pub fn matches(l: &str, name: &str, fields: &[(&str, &str)]) -> bool {
    Event::parse(l).is(name, fields)
}

pub fn expect(s: &mut Session, name: &str, fields: &[(&str, &str)]) -> Result<Event, Error> {
    s.expect_event(name, fields, WAIT)
}

/// Points remote 1 at (x, y) and waits until the game's pointer is there (`Session::aim`),
/// with a little more settling: a loaded machine's emulated pointer lags.
pub fn point_at(s: &mut Session, x: i16, y: i16) -> Result<(), Error> {
    s.aim("wm1", 1, x, y)?;
    s.sleep(Duration::from_millis(150));
    Ok(())
}

/// Presses A (up to four times) until the game logs the press.
pub fn press_a(s: &mut Session) -> Result<(), Error> {
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

/// Points at the centre of `r` and presses A until the game answers with one of the sound
/// effects `sfx` (a press while a piece is still flying is ignored by the game, and Dolphin's
/// pipes now and then drop a tap); the `illegal` effect is a refusal and fails.
pub fn click_for(s: &mut Session, r: Rect, sfx: &[&str]) -> Result<(), Error> {
    let (x, y) = r.center();
    point_at(s, x, y)?;
    let mut last = None;
    for _ in 0..5 {
        s.tap("wm1", "A", HOLD)?;
        match s.wait_for("the press's sound", Duration::from_secs(6), |l| {
            let e = Event::parse(l);
            e.name() == Some("sfx")
                && e.get("name")
                    .is_some_and(|n| n == "illegal" || sfx.contains(&n))
        }) {
            Ok(l) if l.contains("name=illegal") => {
                return Err(Error::Io(format!(
                    "the game refused the press at {x},{y}: {l}"
                )))
            }
            Ok(_) => {
                s.sleep(Duration::from_millis(300));
                return Ok(());
            }
            Err(e) => last = Some(e),
        }
    }
    Err(last.expect("tried"))
}

/// Points at the centre of `r` and presses A.
pub fn click(s: &mut Session, r: Rect) -> Result<(), Error> {
    let (x, y) = r.center();
    point_at(s, x, y)?;
    press_a(s)
}

pub fn aspect_of(s: &mut Session) -> Result<Aspect, Error> {
    let settings = s.wait_for_event("settings", WAIT)?;
    Ok(if settings.get("aspect") == Some("16:9") {
        Aspect::Wide
    } else {
        Aspect::Standard
    })
}

/// Every file under `rel` of the card root `root`, as (path relative to the root, bytes);
/// folders end with '/'.
pub fn files_under(root: &Path, rel: &str, out: &mut Vec<(String, Vec<u8>)>) {
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

/// The file of the game folder named `n` (any case).
pub fn game_file(files: &[(String, Vec<u8>)], n: &str) -> Option<Vec<u8>> {
    files
        .iter()
        .find(|(p, _)| p.eq_ignore_ascii_case(&format!("{GAME_DIR}/{n}")))
        .map(|(_, b)| b.clone())
}

/// The newest valid match save among the synced files: its whole record (envelope) and
/// sequence number, and the older slot's record if that one is valid too.
pub fn match_records(files: &[(String, Vec<u8>)]) -> Option<(Vec<u8>, u32, Option<Vec<u8>>)> {
    let (a, b) = (
        game_file(files, "MATCH_A.BIN"),
        game_file(files, "MATCH_B.BIN"),
    );
    let p = save::pick(a.as_deref(), b.as_deref(), Kind::Match);
    let (slot, seq) = p.newest.map(|(slot, env)| (slot, env.seq))?;
    let (newest, older) = match slot {
        save::SlotName::A => (a?, b),
        save::SlotName::B => (b?, a),
    };
    let older = older.filter(|o| save::decode(o, Kind::Match).is_ok());
    Some((newest, seq, older))
}

/// The soft renderer's picture of a host app continued from the match record `bytes`, after
/// `frames` more frames with remote 1 resting at `pointer`.
pub fn soft_continued(bytes: &[u8], aspect: Aspect, pointer: (i16, i16), frames: usize) -> Vec<u8> {
    let env = save::decode(bytes, Kind::Match).expect("a valid record");
    let m = save::SavedMatch::decode(&env).expect("a valid match");
    let scratch: &'static mut AppScratch = AppScratch::init_in(Box::leak(Box::new_uninit()));
    let mut config = Config::new(1);
    config.aspect = aspect;
    let app = Box::leak(Box::new(App::new(config, scratch)));
    assert!(app.offer_continue(&m));
    let mut edges = EdgeTracker::default();
    let mut frame = |held: Buttons, at: Option<(i16, i16)>| {
        let mut input = Input::default();
        input.players[0] = edges.player(0, true, at.map(|(x, y)| Pointer::new(x, y)), held);
        for p in 1..MAX_PLAYERS {
            input.players[p] = edges.player(p, false, None, Buttons::default());
        }
        let _ = app.update(&input, &mut NullLog);
    };
    // Title -> Play, then Continue (the main menu's focus when a match can be continued),
    // with no pointer: A acts on the focus.
    for _ in 0..5 {
        frame(Buttons::default(), None);
    }
    frame(Buttons::A, None);
    frame(Buttons::default(), None);
    frame(Buttons::A, None);
    for _ in 0..frames {
        frame(Buttons::default(), Some(pointer));
    }
    let mut list = DrawList::new(palette::BACKGROUND);
    app.draw(&mut list);
    let mut out = vec![0u8; FRAME_BYTES];
    SoftRenderer::new().render(&list, &mut out);
    out
}

/// The best (mean difference, share within `tolerance`, index) of `frames` against `soft`
/// (640 pixels wide, as many rows as it holds).
pub fn best(frames: &[Frame], soft: &[u8], tolerance: u8) -> (f64, f64, usize) {
    let soft = Frame {
        width: 640,
        height: (soft.len() / (640 * 4)) as u32,
        rgba: soft.to_vec(),
    };
    let mut best = (f64::MAX, 0.0, 0);
    for (i, f) in frames.iter().enumerate() {
        if let Some(d) = f.diff(&soft, tolerance) {
            if d.mean < best.0 {
                best = (d.mean, d.share_within(), i);
            }
        }
    }
    best
}

/// The value of `key=` in a log line.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.split(' ')
        .find_map(|w| w.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
}

pub type SenasTurns = heapless::Vec<senas::Turn, { senas::MAX_TURNS }>;

/// `moves=` as the game logs a senas part (physical holes 1..24, `off`, `none`): the game's
/// own notation.
pub fn senas_moves(side: senas::Side, turn: &senas::Turn) -> String {
    senas::TurnMoves { side, turn }.to_string()
}

/// The senas position after the throw-off and every logged part (a match started afresh),
/// and the roll of the part in progress, if any.
pub fn senas_replay(
    gen: &mut senas::TurnGen,
    lines: &[String],
) -> (senas::Position, Option<senas::Roll>) {
    let mut pos = senas::Position::start(senas::Side::White);
    let mut roll = None;
    let mut turns = Box::new(SenasTurns::new());
    for l in lines {
        match field(l, "event") {
            Some("throwoff") if field(l, "game") == Some("senas") => {
                let first = if field(l, "first") == Some("1") {
                    senas::Side::Black
                } else {
                    senas::Side::White
                };
                pos = senas::Position::start(first);
            }
            Some("roll") if field(l, "game") == Some("senas") => {
                let d: Vec<u8> = field(l, "dice")
                    .unwrap_or("")
                    .split(',')
                    .filter_map(|v| v.parse().ok())
                    .collect();
                roll = match d.as_slice() {
                    [a, b, c] => senas::Roll::new(*a, *b, *c),
                    _ => None,
                };
            }
            Some("turn") if field(l, "game") == Some("senas") => {
                let side = pos.side_to_move();
                let gift = field(l, "part") == Some("gift");
                let r = match (gift, roll) {
                    (true, _) => gen.legal_gift_turns(&pos, &mut turns),
                    (false, Some(r)) => gen.legal_turns(&pos, &r, &mut turns),
                    (false, None) => panic!("a roll part without a roll: {l}"),
                };
                assert!(r.is_ok(), "engine capacity at {l}");
                let want = (
                    field(l, "moves").unwrap_or(""),
                    field(l, "unused").unwrap_or(""),
                );
                let t = turns
                    .iter()
                    .find(|t| senas_moves(side, t) == want.0 && t.unused().to_string() == want.1)
                    .unwrap_or_else(|| panic!("the game logged a part the engine refuses: {l}"));
                pos = senas::apply(&pos, t);
                if !gift {
                    roll = None;
                }
            }
            _ => {}
        }
    }
    (pos, roll)
}

/// The frame rectangle of path index `path` of `side` (24: its tray).
pub fn senas_spot(layout: &SenasLayout, side: senas::Side, path: usize) -> Rect {
    if path < senas::HOLES {
        layout.hole_rect(side.hole(path))
    } else {
        layout.tray_rect(side.index())
    }
}

/// Plays the person's part in progress: a legal turn for the logged roll (or the pending
/// gift), sub-move by sub-move with the pointer, then A to confirm; returns the turn's
/// `moves=` text once the game logged it.
pub fn play_senas_part(
    s: &mut Session,
    layout: &SenasLayout,
    gen: &mut senas::TurnGen,
    gift: bool,
) -> Result<String, Error> {
    let (pos, roll) = senas_replay(gen, &s.lines());
    let side = pos.side_to_move();
    let mut turns = Box::new(SenasTurns::new());
    let _ = match (gift, roll) {
        (true, _) => gen.legal_gift_turns(&pos, &mut turns),
        (false, Some(r)) => gen.legal_turns(&pos, &r, &mut turns),
        // The roll's part is already logged: the game played it itself (no move possible).
        (false, None) => return Ok("none".into()),
    };
    // The turn that bears off or runs farthest: a match moves on.
    let turn = *turns
        .iter()
        .max_by_key(|t| t.sub_moves().map(|m| usize::from(m.to())).sum::<usize>())
        .expect("a part always has a legal turn (maybe empty)");
    let want = senas_moves(side, &turn);
    let fields = [("game", "senas"), ("side", &side.to_string() as &str)];
    if turn.played() == 0 {
        // No move: the game plays the empty part itself.
        let what = format!("event=turn {fields:?}");
        s.wait_for(&what, WAIT, |l| matches(l, "turn", &fields))?;
        return Ok(want);
    }
    for sm in turn.sub_moves() {
        click_for(
            s,
            senas_spot(layout, side, usize::from(sm.from)),
            &["pick_up"],
        )?;
        let to = senas_spot(layout, side, usize::from(sm.to()));
        click_for(s, to, &["place", "bear_off"])?;
    }
    let side_s = side.to_string();
    let fields = [
        ("game", "senas"),
        ("side", side_s.as_str()),
        ("by", "human"),
    ];
    let mut last = None;
    for _ in 0..4 {
        s.tap("wm1", "A", HOLD)?;
        match s.wait_for("the part confirmed", Duration::from_secs(8), |l| {
            matches(l, "turn", &fields)
        }) {
            Ok(l) => {
                let e = Event::parse(&l);
                assert_eq!(e.get("moves"), Some(want.as_str()), "{l}");
                return Ok(want);
            }
            Err(e) => last = Some(e),
        }
    }
    Err(last.expect("tried"))
}

/// `9-11`, `pass` as the log writes a senet move.
pub fn parse_senet_move(text: &str, throw: senet::Throw) -> Option<senet::Move> {
    if text == "pass" {
        return Some(senet::Move::pass(throw));
    }
    let (a, b) = text.split_once('-')?;
    Some(senet::Move::step(throw, a.parse().ok()?, b.parse().ok()?))
}

/// The senet position after `start` and every logged senet turn in `lines`.
pub fn senet_replay(start: senet::Position, lines: &[String]) -> senet::Position {
    let mut pos = start;
    for l in lines {
        let e = Event::parse(l);
        if e.name() == Some("throwoff") && e.get("game") == Some("senet") {
            let first = if e.get("first") == Some("1") {
                senet::Side::B
            } else {
                senet::Side::A
            };
            pos = senet::Position::start(start.variant(), first);
        }
        if e.name() == Some("turn") && e.get("game") == Some("senet") {
            let throw = e.num::<u8>("throw").and_then(senet::Throw::from_distance);
            if let Some(mv) = throw.and_then(|t| parse_senet_move(e.get("move")?, t)) {
                pos = senet::apply(&pos, mv);
            }
        }
    }
    pos
}

pub fn senet_square(layout: &SenetLayout, sq: u8) -> Rect {
    if sq == senet::OFF {
        layout.exit_rect()
    } else {
        layout.square_rect(usize::from(sq - 1))
    }
}
