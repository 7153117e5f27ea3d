//! End-to-end matches in Dolphin (issue 7): a person chooses Senet against the computer from
//! the menu with the emulated Wiimote's pointer and plays until their first legal move (checked
//! on the log and on the frame), and a whole computer-vs-computer demo match of each game runs
//! to the winner screen.
//!
//! The person's side replays the logged throws and moves on the host's own senet engine to know
//! the position, then points at the squares through the layout the game uses. Pointer
//! calibration: pipe `SET MAIN x y` points at frame pixel (640·x, 480·y) (tests/input.rs).
//! The demo programs are built here (`--features demo-senas` / `demo-senet`) unless
//! `$SENAS_DEMO_SENAS_DOL` / `$SENAS_DEMO_SENET_DOL` name them.

use dolphin_harness::{
    color_distance, game_dol, target_dir, wii_dol, Controller, Dolphin, Error, Event, Session,
    WiiProgram,
};
use senas_senet::app::menu::{start_row, MainMenu};
use senas_senet::app::transition;
use senas_senet::app::AppScratch;
use senas_senet::app::GameKind;
use senas_senet::app::{App, Buttons, Config, Input, NullLog, PlayerInput};
use senas_senet::games::senet::{self, Move, MoveList, Position, Side, Throw, Variant, OFF};
use senas_senet::gfx::soft::{SoftRenderer, FRAME_BYTES};
use senas_senet::gfx::DrawList;
use senas_senet::gfx::{palette, Aspect, Rect, SenetLayout, TitleLayout};
use std::path::PathBuf;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(120);
const HOLD: Duration = Duration::from_millis(150);

fn wiimote() -> Controller {
    Controller::Wiimote {
        slot: 1,
        pipe: "wm1".into(),
    }
}

fn expect(s: &mut Session, name: &str, fields: &[(&str, &str)]) -> Result<Event, Error> {
    s.expect_event(name, fields, WAIT)
}

/// Points remote 1 at the centre of `r` (frame pixels) and waits until the game's pointer is
/// there (Dolphin moves the emulated pointer over a few hundred milliseconds; A acts only on
/// the row under the pointer).
fn aim(s: &mut Session, r: Rect) -> Result<(), Error> {
    let (x, y) = r.center();
    s.aim("wm1", 1, x, y)
}

/// Aims at `r` and presses A.
fn click(s: &mut Session, r: Rect) -> Result<(), Error> {
    aim(s, r)?;
    s.tap("wm1", "A", HOLD)?;
    s.sleep(Duration::from_millis(300));
    Ok(())
}

/// Aims at `r` and presses A until event `name` with `fields` is logged (Dolphin's pipes now
/// and then drop a tap: each try waits 4 s, at most 5 tries).
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

/// The position after the throw-off and every logged senet turn so far.
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

#[test]
fn a_person_chooses_senet_against_the_computer_with_the_pointer_and_moves() {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let mut moved: Option<Move> = None;
    let run = Dolphin::new(dol)
        .name("match-senet-pointer")
        .seconds(240.0)
        .controller(wiimote())
        .run_with(|s| {
            // The layouts follow the console's picture shape, as the game's do.
            let settings = s.wait_for_event("settings", WAIT)?;
            let aspect = if settings.get("aspect") == Some("16:9") {
                Aspect::Wide
            } else {
                Aspect::Standard
            };
            let title = TitleLayout::new(aspect);
            let rows = MainMenu::rows(aspect);
            let board = SenetLayout::new(aspect);
            expect(s, "wiimote_ready", &[("player", "1")])?;
            s.sleep(Duration::from_millis(1000));
            click_until(s, title.item_rect(0), "menu", &[("scene", "main")])?; // Play
            click_until(s, rows.rect(0), "menu", &[("game", "senet")])?; // Senas -> Senet
            click_until(
                s,
                rows.rect(start_row(GameKind::Senet)),
                "start",
                &[("game", "senet"), ("opponent", "cpu_normal")],
            )?;
            loop {
                let throw = expect(s, "throw", &[("game", "senet"), ("side", "A")])?;
                let t = throw
                    .num::<u8>("value")
                    .and_then(Throw::from_distance)
                    .expect("throw value");
                s.sleep(Duration::from_millis(500));
                let pos = replay(&s.lines());
                assert_eq!(pos.side_to_move(), Side::A, "the person's turn");
                let mut legal = MoveList::new();
                senet::legal_moves(&pos, t, &mut legal);
                let Some(&mv) = legal.iter().find(|m| !m.is_pass()) else {
                    continue; // the throw is lost: wait for the next one
                };
                click(s, square_rect(&board, mv.from()))?;
                click(s, square_rect(&board, mv.to()))?;
                let turn = expect(s, "turn", &[("game", "senet"), ("side", "A")])?;
                assert_eq!(turn.get("by"), Some("human"), "{}", turn.line);
                assert_eq!(turn.get("move"), Some(mv.to_string().as_str()));
                moved = Some(mv);
                s.sleep(Duration::from_millis(1500));
                return Ok(());
            }
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let mv = moved.expect("a move was made");
    let frame = run
        .last_frame()
        .unwrap_or_else(|e| panic!("{e}\n{}", run.report()))
        .to_game_size();
    let screens = target_dir().join("screens");
    std::fs::create_dir_all(&screens).expect("target/screens");
    frame
        .save_png(&screens.join("e2e_senet_first_move.png"))
        .expect("save");
    // The senet board is on screen: its wooden frame just left of the first column.
    let aspect = match run
        .event("settings")
        .and_then(|e| e.get("aspect").map(str::to_owned))
    {
        Some(a) if a == "16:9" => Aspect::Wide,
        _ => Aspect::Standard,
    };
    let first = SenetLayout::new(aspect).square_rect(0);
    let wood = frame.game_pixel((first.x - 4) as u32, (first.y + 60) as u32);
    let want = [palette::WOOD.r, palette::WOOD.g, palette::WOOD.b];
    assert!(
        color_distance(wood, want) <= 24,
        "no senet board: {wood:?} vs {want:?}\n{}",
        run.report()
    );
    eprintln!("first move by the person: {mv}");
    save_menu_dump(&run, aspect);
}

/// The main menu as the soft renderer draws it (title, then A, then idle frames until the
/// menu's fade from black is over, as on the console's dumps of the menu), in `aspect`: as it
/// opens (senas) and once Right on its first row has chosen senet, as the test then does. The
/// console shows the plain senas menu only for the few frames between its fade and the test's
/// first click, so the dump closest to either counts.
fn soft_menu(aspect: Aspect) -> [Vec<u8>; 2] {
    let scratch: &'static mut AppScratch = AppScratch::init_in(Box::leak(Box::new_uninit()));
    let mut config = Config::new(1);
    config.aspect = aspect;
    let mut app = App::new(config, scratch);
    let mut input = Input::default();
    input.players[0] = PlayerInput {
        connected: true,
        pointer: None,
        held: Buttons::A,
        pressed: Buttons::A,
        released: Buttons::NONE,
        ..PlayerInput::default()
    };
    app.update(&input, &mut NullLog);
    // The menu fades in from black (`app::transition`): draw it once it shows plain.
    input.players[0].held = Buttons::NONE;
    input.players[0].pressed = Buttons::NONE;
    input.players[0].released = Buttons::A;
    for _ in 0..transition::LONGEST {
        app.update(&input, &mut NullLog);
        input.players[0].released = Buttons::NONE;
    }
    assert!(!app.fading(), "the menu shows plain");
    let render = |app: &App| {
        let mut list = DrawList::new(palette::BACKGROUND);
        app.draw(&mut list);
        let mut frame = vec![0u8; FRAME_BYTES];
        SoftRenderer::new().render(&list, &mut frame);
        frame
    };
    let opened = render(&app);
    // The focus up from "Start" to the game row, then A on it, as the test's click: the menu
    // once senet is chosen.
    let mut press = |b: Buttons| {
        for (held, pressed, released) in [(b, b, Buttons::NONE), (Buttons::NONE, Buttons::NONE, b)]
        {
            input.players[0].held = held;
            input.players[0].pressed = pressed;
            input.players[0].released = released;
            app.update(&input, &mut NullLog);
        }
    };
    for _ in 0..start_row(GameKind::Senas) {
        press(Buttons::UP);
    }
    press(Buttons::A);
    let senet = render(&app);
    assert!(opened != senet, "A on the game row changed the menu");
    [opened, senet]
}

/// Saves the dump closest to the soft-rendered main menu as target/screens/e2e_menu.png (the
/// highlighted row and the cursor differ, so only a loose match is required).
fn save_menu_dump(run: &dolphin_harness::Run, aspect: Aspect) {
    let softs = soft_menu(aspect);
    let mut best = (f64::MAX, 0);
    for i in (0..run.frames.len()).step_by(2) {
        let Ok(dump) = run.frame(i) else { continue };
        let dump = dump.to_game_size();
        for soft in &softs {
            let sum: u64 = dump
                .rgba
                .chunks_exact(4)
                .zip(soft.chunks_exact(4))
                .map(|(a, b)| (0..3).map(|k| u64::from(a[k].abs_diff(b[k]))).sum::<u64>())
                .sum();
            let mean = sum as f64 / (640.0 * 480.0 * 3.0);
            if mean < best.0 {
                best = (mean, i);
            }
        }
    }
    eprintln!("main menu: best dump #{} mean diff {:.3}", best.1, best.0);
    assert!(
        best.0 < 4.0,
        "no dump shows the main menu (best mean {:.3})",
        best.0
    );
    let dump = run.frame(best.1).expect("dump").to_game_size();
    let screens = target_dir().join("screens");
    dump.save_png(&screens.join("e2e_menu.png")).expect("save");
}

fn build_demo(feature: &str, var: &str) -> PathBuf {
    wii_dol(
        var,
        &WiiProgram {
            select: &["--bin", "senas-senet", "--features", feature],
            elf: "senas-senet",
            name: feature,
        },
    )
}

fn demo_reaches_the_winner_screen(game: &str, feature: &str, var: &str) {
    let run = Dolphin::new(build_demo(feature, var))
        .name(feature)
        .seconds(300.0)
        .run_with(|s| {
            expect(s, "menu", &[("scene", "winner")])?;
            // Let the winner screen be dumped a few times.
            s.sleep(Duration::from_millis(1500));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("Dolphin run failed: {e}"));
    let screens = target_dir().join("screens");
    std::fs::create_dir_all(&screens).expect("target/screens");
    let n = run.frames.len();
    assert!(n > 10, "only {n} frame dumps\n{}", run.report());
    for (i, name) in [(n / 2, "demo"), (n - 1, "winner")] {
        run.frame(i)
            .unwrap_or_else(|e| panic!("{e}"))
            .to_game_size()
            .save_png(&screens.join(format!("e2e_{game}_{name}.png")))
            .expect("save");
    }
    let win = run
        .event("win")
        .unwrap_or_else(|| panic!("no win\n{}", run.report()));
    assert_eq!(win.get("game"), Some(game), "{}", win.line);
    assert!(run
        .event("menu")
        .is_some_and(|e| e.get("scene") == Some("winner")));
    let turns = run
        .events("turn")
        .iter()
        .filter(|e| e.get("by") == Some("cpu"))
        .count();
    assert!(turns > 10, "only {turns} computer turns\n{}", run.report());
    let worst = run
        .events("frame")
        .iter()
        .filter_map(|e| e.num::<u64>("update_us_max"))
        .max()
        .unwrap_or(0);
    eprintln!(
        "{game} demo: {} ({turns} computer turns), wall {:?}, slowest update {worst} us",
        win.line, run.wall_time
    );
}

#[test]
fn a_senet_demo_match_reaches_the_winner_screen() {
    demo_reaches_the_winner_screen("senet", "demo-senet", "SENAS_DEMO_SENET_DOL");
}

#[test]
fn a_senas_demo_match_reaches_the_winner_screen() {
    demo_reaches_the_winner_screen("senas", "demo-senas", "SENAS_DEMO_SENAS_DOL");
}
