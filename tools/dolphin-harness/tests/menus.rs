//! End-to-end menus in Dolphin (issue 11): HOME pressed while the remote points at the lower
//! board opens on "Resume" and the next A resumes the match (the log says so, no exit request
//! comes, and the last frame shows the board without the menu's veil); two remotes pointing
//! at different rows of the main menu each change their own row with their own A; after
//! "Play" chosen with the pointer, the main menu opens with the remote resting over
//! "Statistics": the pointer is not drawn, "Start" is framed, and A starts a match (issue 30:
//! A acts on the framed row, `app::list_nav`); the HOME menu's "Switch off the Wii", confirmed
//! with the pointer, shuts Bluetooth down and asks IOS for the power-off the console's
//! settings name (issue 26, part 4); the D-pad steps the opponent row left to the Computer:
//! Beginner and the console draws the line on what the level is under the rows as the host's
//! soft renderer does (issue 27 part 3).
//!
//! Pointer calibration: pipe `SET MAIN x y` points at frame pixel (640·x, 480·y)
//! (tests/input.rs). The rows come from the layouts the game itself uses.

use dolphin_harness::{
    color_distance, game_dol, target_dir, Controller, Dolphin, Error, Event, Frame, Session,
};
use senas_senet::app::confirm::Confirm;
use senas_senet::app::home::{HomeChoice, HomeMenu};
use senas_senet::app::menu::{start_row, MainMenu};
use senas_senet::app::AppScratch;
use senas_senet::app::GameKind;
use senas_senet::app::{App, Buttons, Config, EdgeTracker, Input, NullLog, Pointer, Settings};
use senas_senet::gfx::soft::{SoftRenderer, FRAME_BYTES};
use senas_senet::gfx::{palette, Aspect, DrawList, Rect, SenasLayout, TitleLayout};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(120);
const HOLD: Duration = Duration::from_millis(150);

fn wiimote(slot: u8) -> Controller {
    Controller::Wiimote {
        slot,
        pipe: format!("wm{slot}"),
    }
}

fn expect(s: &mut Session, name: &str, fields: &[(&str, &str)]) -> Result<Event, Error> {
    s.expect_event(name, fields, WAIT)
}

/// Points remote `pipe` at the centre of `r` (frame pixels) and lets the pointer settle.
fn point(s: &mut Session, pipe: &str, r: Rect) -> Result<(), Error> {
    let (x, y) = r.center();
    // Remote "wmN" is the game's player N (the harness's controller slots).
    let player = pipe.trim_start_matches("wm").parse().unwrap_or(1);
    s.aim(pipe, player, x, y)
}

/// Taps `button` on `pipe` until event `name` with `fields` is logged (Dolphin's pipe input
/// now and then drops a tap: each try waits 4 s for the game's answer, at most 5 tries).
fn tap_until(
    s: &mut Session,
    pipe: &str,
    button: &str,
    name: &str,
    fields: &[(&str, &str)],
) -> Result<Event, Error> {
    s.tap_until(pipe, button, HOLD, name, fields)
}

fn aspect_of(s: &mut Session) -> Result<Aspect, Error> {
    let settings = s.wait_for_event("settings", WAIT)?;
    Ok(if settings.get("aspect") == Some("16:9") {
        Aspect::Wide
    } else {
        Aspect::Standard
    })
}

#[test]
fn home_while_pointing_at_the_lower_board_then_a_keeps_the_match_running() {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let mut aspect = Aspect::Standard;
    let run = Dolphin::new(dol)
        .name("menus-home-a")
        .seconds(240.0)
        .controller(wiimote(1))
        .run_with(|s| {
            aspect = aspect_of(s)?;
            expect(s, "wiimote_ready", &[("player", "1")])?;
            s.sleep(Duration::from_millis(1000));
            point(s, "wm1", TitleLayout::new(aspect).item_rect(0))?;
            tap_until(s, "wm1", "A", "menu", &[("scene", "main")])?; // Play
            point(
                s,
                "wm1",
                MainMenu::rows(aspect).rect(start_row(GameKind::Senas)),
            )?;
            tap_until(s, "wm1", "A", "start", &[("game", "senas")])?; // Start
            expect(s, "roll", &[("game", "senas")])?; // the match is on
                                                      // The remote rests on the lower board, where the HOME menu's last row
                                                      // ("Switch off the Wii") opens.
            let last = HomeMenu::new(true, Settings::DEFAULT).items().len() - 1;
            let exit_row = HomeMenu::rows(aspect).rect(last);
            point(s, "wm1", exit_row)?;
            // The pipe's START is the remote's HOME.
            tap_until(s, "wm1", "START", "home", &[("open", "1")])?;
            s.sleep(Duration::from_millis(500));
            tap_until(s, "wm1", "A", "home", &[("choice", "Resume")])?;
            // Seconds later the match is still running: frames keep coming, nothing left.
            let after = s.lines().len();
            s.wait_for("two more frame lines", WAIT, |l| {
                l.starts_with("event=frame")
            })?;
            s.sleep(Duration::from_millis(1500));
            let lines = s.lines();
            assert!(
                !lines.iter().any(|l| l.starts_with("event=request")),
                "no exit requested: {:?}",
                &lines[after.min(lines.len())..]
            );
            assert!(lines
                .iter()
                .any(|l| l.contains("event=home choice=Resume player=1")));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let frame = run
        .last_frame()
        .unwrap_or_else(|e| panic!("{e}\n{}", run.report()))
        .to_game_size();
    let screens = target_dir().join("screens");
    std::fs::create_dir_all(&screens).expect("target/screens");
    frame
        .save_png(&screens.join("e2e_home_then_a.png"))
        .expect("save");
    // The senas board is on screen without the HOME menu's veil: its wooden frame is bright.
    let l = SenasLayout::new(aspect);
    let top = l.hole_rect(12);
    let wood = frame.game_pixel((top.x - 4).max(0) as u32, (top.y + 60) as u32);
    let want = [palette::WOOD.r, palette::WOOD.g, palette::WOOD.b];
    assert!(
        color_distance(wood, want) <= 24,
        "the board is not shown plainly: {wood:?} vs {want:?}\n{}",
        run.report()
    );
}

#[test]
fn the_home_menus_switch_off_row_confirmed_by_pointer_shuts_bluetooth_down_then_powers_off() {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let run = Dolphin::new(dol)
        .name("menus-power-off")
        .seconds(200.0)
        .controller(wiimote(1))
        .run_with(|s| {
            let aspect = aspect_of(s)?;
            expect(s, "wiimote_ready", &[("player", "1")])?;
            s.sleep(Duration::from_millis(1000));
            point(s, "wm1", TitleLayout::new(aspect).item_rect(0))?;
            tap_until(s, "wm1", "A", "menu", &[("scene", "main")])?; // Play
            point(
                s,
                "wm1",
                MainMenu::rows(aspect).rect(start_row(GameKind::Senas)),
            )?;
            tap_until(s, "wm1", "A", "start", &[("game", "senas")])?;
            expect(s, "roll", &[("game", "senas")])?;
            tap_until(s, "wm1", "START", "home", &[("open", "1")])?;
            // The pointer moves onto "Switch off the Wii" after the menu opened, so it aims.
            let menu = HomeMenu::new(true, Settings::DEFAULT);
            let row = menu
                .items()
                .iter()
                .position(|&c| c == HomeChoice::PowerOff)
                .expect("the switch-off row");
            point(s, "wm1", HomeMenu::rows(aspect).rect(row))?;
            tap_until(s, "wm1", "A", "home", &[("choice", "PowerOff")])?;
            // "Yes, switch off". Dolphin answers the power-off by stopping, so the release may
            // find no pipe.
            point(s, "wm1", Confirm::row_rects(aspect)[1])?;
            s.press("wm1", "A")?;
            let asked = s.expect_event("request", &[("what", "power_off")], WAIT);
            let _ = s.release("wm1", "A");
            asked?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let report = run.report();
    // Dolphin's pinned SYSCONF has IPL.IDL off: standby.
    let off = run
        .event("power_off")
        .unwrap_or_else(|| panic!("no event=power_off\n{report}"));
    assert_eq!(off.get("to"), Some("standby"), "{}", off.line);
    let request = run.event("request").expect("the request");
    assert_eq!(request.get("reason"), Some("menu"), "{}", request.line);
    // Remotes first: the controller shut down (its Reset answered) before the power-off.
    let lines: Vec<&str> = run.gecko.iter().map(String::as_str).collect();
    let at = |name: &str| {
        lines
            .iter()
            .position(|l| l.starts_with(&format!("event={name} ")))
            .unwrap_or_else(|| panic!("no event={name}\n{report}"))
    };
    assert!(at("bt_shutdown") < at("power_off"), "{report}");
    let bt = run.event("bt_shutdown").expect("bt_shutdown");
    assert_eq!(bt.get("reset"), Some("1"), "{}", bt.line);
}

#[test]
fn two_remotes_pointing_at_different_menu_rows_each_act_on_their_own() {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    Dolphin::new(dol)
        .name("menus-two-remotes")
        .log_only()
        .seconds(240.0)
        .controller(wiimote(1))
        .controller(wiimote(2))
        .run_with(|s| {
            let aspect = aspect_of(s)?;
            expect(s, "wiimote_ready", &[])?;
            expect(s, "wiimote_ready", &[])?;
            s.sleep(Duration::from_millis(1000));
            point(s, "wm1", TitleLayout::new(aspect).item_rect(0))?;
            tap_until(s, "wm1", "A", "menu", &[("scene", "main")])?; // Play
            let rows = MainMenu::rows(aspect);
            point(s, "wm1", rows.rect(0))?; // Game
            point(s, "wm2", rows.rect(1))?; // Opponent
            s.tap("wm2", "A", HOLD)?;
            expect(
                s,
                "menu",
                &[
                    ("scene", "main"),
                    ("game", "senas"),
                    ("opponent", "cpu_hard"),
                ],
            )?;
            s.tap("wm1", "A", HOLD)?;
            expect(
                s,
                "menu",
                &[
                    ("scene", "main"),
                    ("game", "senet"),
                    ("opponent", "cpu_hard"),
                ],
            )?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

/// The host app's main menu after remote 1 clicked "Play" at `at` and rested there for a
/// second, soft-rendered; `with_pointer` adds the pointer at `at` (what the game drew before
/// issue 30's fix).
fn menu_render(aspect: Aspect, at: (i16, i16), with_pointer: bool) -> Frame {
    let mut config = Config::new(1);
    config.aspect = aspect;
    let app = Box::leak(Box::new(App::new(
        config,
        AppScratch::init_in(Box::leak(Box::new_uninit())),
    )));
    let mut edges = EdgeTracker::default();
    let mut frame = |held: Buttons| {
        let mut input = Input::default();
        input.players[0] = edges.player(0, true, Some(Pointer::new(at.0, at.1)), held);
        let _ = app.update(&input, &mut NullLog);
    };
    for _ in 0..30 {
        frame(Buttons::NONE);
    }
    frame(Buttons::A);
    for _ in 0..60 {
        frame(Buttons::NONE);
    }
    let mut list = DrawList::new(palette::BACKGROUND);
    app.draw(&mut list);
    if with_pointer {
        let p = senas_senet::gfx::Pointer {
            x: at.0,
            y: at.1,
            player: 0,
        };
        senas_senet::gfx::layout::draw_pointers(&mut list, aspect, &[p]);
    }
    let mut rgba = vec![0u8; FRAME_BYTES];
    SoftRenderer::new().render(&list, &mut rgba);
    Frame {
        width: 640,
        height: 480,
        rgba,
    }
}

/// Mean channel difference of `a` and `b` (both 640x480) inside `r`.
fn mean_in(a: &Frame, b: &Frame, r: Rect) -> f64 {
    let (mut sum, mut n) = (0u64, 0u64);
    for y in r.y.max(0)..r.bottom().min(480) {
        for x in r.x.max(0)..r.right().min(640) {
            let i = (y as usize * 640 + x as usize) * 4;
            sum += (0..3)
                .map(|c| u64::from(a.rgba[i + c].abs_diff(b.rgba[i + c])))
                .sum::<u64>();
            n += 3;
        }
    }
    sum as f64 / n.max(1) as f64
}

#[test]
fn a_pointer_resting_on_statistics_after_play_is_hidden_and_a_starts_the_framed_start() {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let mut aspect = Aspect::Standard;
    let run = Dolphin::new(dol)
        .name("menus-resting-pointer")
        .seconds(240.0)
        .controller(wiimote(1))
        .run_with(|s| {
            aspect = aspect_of(s)?;
            expect(s, "wiimote_ready", &[("player", "1")])?;
            s.sleep(Duration::from_millis(1000));
            point(s, "wm1", TitleLayout::new(aspect).item_rect(0))?;
            tap_until(s, "wm1", "A", "menu", &[("scene", "main")])?; // Play
                                                                     // The remote stays where "Play" was: over the main menu's "Statistics".
            s.sleep(Duration::from_millis(1500));
            tap_until(s, "wm1", "A", "start", &[("game", "senas")])?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let play = TitleLayout::new(aspect).item_rect(0);
    let rows = MainMenu::rows(aspect);
    let stats = rows.rect(start_row(GameKind::Senas) + 1);
    let (x, y) = play.center();
    assert!(
        stats.contains(x, y),
        "the layout of the bug: Play lies over Statistics"
    );
    assert!(
        !run.gecko
            .iter()
            .any(|l| l.contains("event=menu scene=statistics")),
        "A did not act on the row under the resting pointer\n{}",
        run.report()
    );
    // The menu's frames: the dump closest to the host's render of it (no pointer drawn).
    let hidden = menu_render(aspect, (x, y), false);
    let shown = menu_render(aspect, (x, y), true);
    let (best, mean, i) = (0..run.frames.len())
        .step_by(2)
        .filter_map(|i| run.frame(i).ok().map(|f| (f.to_game_size(), i)))
        .filter_map(|(f, i)| f.diff(&hidden, 24).map(|d| (f, d.mean, i)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or_else(|| panic!("no frame dumps\n{}", run.report()));
    let screens = target_dir().join("screens");
    std::fs::create_dir_all(&screens).expect("target/screens");
    best.save_png(&screens.join("e2e_menu_resting_pointer.png"))
        .expect("save");
    assert!(
        mean <= 3.0,
        "no dump shows the main menu (best {i}: mean {mean:.3})"
    );
    // Around the resting pointer the dump matches the picture without it.
    let around = Rect::new(x - 8, y - 8, 48, 56);
    let (without, with) = (
        mean_in(&best, &hidden, around),
        mean_in(&best, &shown, around),
    );
    eprintln!(
        "dump {i}: mean {mean:.3}; around the pointer {without:.2} (hidden) vs {with:.2} (drawn)"
    );
    assert!(without < with, "the resting pointer is drawn on dump {i}");
    // "Start" is framed in gold, "Statistics" is not (the middle of each row's right edge).
    let gold = [palette::GOLD.r, palette::GOLD.g, palette::GOLD.b];
    let edge = |r: Rect| best.game_pixel((r.right() - 2) as u32, (r.y + r.h / 2) as u32);
    let start = rows.rect(start_row(GameKind::Senas));
    assert!(
        color_distance(edge(start), gold) <= 24,
        "Start framed: {:?}",
        edge(start)
    );
    assert!(
        color_distance(edge(stats), gold) > 24,
        "Statistics not framed"
    );
}

/// The host app's main menu after "Play" and the D-pad presses `presses` (no pointer),
/// soft-rendered.
fn menu_after(aspect: Aspect, presses: &[Buttons]) -> Frame {
    let mut config = Config::new(1);
    config.aspect = aspect;
    let app = Box::leak(Box::new(App::new(
        config,
        AppScratch::init_in(Box::leak(Box::new_uninit())),
    )));
    let mut edges = EdgeTracker::default();
    let mut frame = |held: Buttons| {
        let mut input = Input::default();
        input.players[0] = edges.player(0, true, None, held);
        let _ = app.update(&input, &mut NullLog);
    };
    for b in [Buttons::A].iter().chain(presses) {
        for _ in 0..30 {
            frame(Buttons::NONE);
        }
        frame(*b);
    }
    for _ in 0..60 {
        frame(Buttons::NONE);
    }
    let mut list = DrawList::new(palette::BACKGROUND);
    app.draw(&mut list);
    let mut rgba = vec![0u8; FRAME_BYTES];
    SoftRenderer::new().render(&list, &mut rgba);
    Frame {
        width: 640,
        height: 480,
        rgba,
    }
}

#[test]
fn the_dpad_steps_the_opponent_to_the_beginner_and_the_console_draws_its_level_line() {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let mut aspect = Aspect::Standard;
    let run = Dolphin::new(dol)
        .name("menus-beginner")
        .seconds(240.0)
        .controller(wiimote(1))
        .run_with(|s| {
            aspect = aspect_of(s)?;
            expect(s, "wiimote_ready", &[("player", "1")])?;
            s.sleep(Duration::from_millis(1000));
            tap_until(s, "wm1", "A", "menu", &[("scene", "main")])?; // Play
                                                                     // The menu opens on "Start"; up is the opponent row, Computer: Normal.
            s.sleep(Duration::from_millis(500));
            tap_until(
                s,
                "wm1",
                "D_UP",
                "buttons",
                &[("player", "1"), ("pressed", "UP")],
            )?;
            tap_until(s, "wm1", "D_LEFT", "menu", &[("opponent", "cpu_easy")])?;
            tap_until(s, "wm1", "D_LEFT", "menu", &[("opponent", "cpu_beginner")])?;
            s.sleep(Duration::from_millis(1500));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let want = menu_after(aspect, &[Buttons::UP, Buttons::LEFT, Buttons::LEFT]);
    let (best, mean, i) = (0..run.frames.len())
        .rev()
        .step_by(2)
        .filter_map(|i| run.frame(i).ok().map(|f| (f.to_game_size(), i)))
        .filter_map(|(f, i)| f.diff(&want, 24).map(|d| (f, d.mean, i)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or_else(|| panic!("no frame dumps\n{}", run.report()));
    let screens = target_dir().join("screens");
    std::fs::create_dir_all(&screens).expect("target/screens");
    best.save_png(&screens.join("e2e_menu_beginner.png"))
        .expect("save");
    // The band of the line under the rows, between the last row and the footer.
    // Its rows are those the host lights in text colour below the last row, above the footer.
    let rows = MainMenu::rows(aspect);
    let last = rows.rect(start_row(GameKind::Senas) + 2);
    let dim = [
        palette::TEXT_DIM.r,
        palette::TEXT_DIM.g,
        palette::TEXT_DIM.b,
    ];
    let footer = 432;
    let text_rows: Vec<i16> = (last.bottom() + 2..footer)
        .filter(|&y| (0..640).any(|x| color_distance(want.game_pixel(x, y as u32), dim) <= 8))
        .collect();
    let (top, bottom) = (text_rows[0], text_rows[text_rows.len() - 1]);
    let band = Rect::new(0, top, 640, bottom + 1 - top);
    let line = mean_in(&best, &want, band);
    eprintln!("dump {i}: mean {mean:.3}, in the level line's band {line:.3}");
    assert!(
        mean <= 3.0,
        "no dump shows the menu at the Beginner (best {i}: mean {mean:.3})\n{}",
        run.report()
    );
    // The band is mostly text, where the GX and soft renderers differ most (3.19 measured on
    // the first run, the whole frame 0.68); another line there differs far more.
    assert!(line <= 6.0, "the level line differs: {line:.3}");
    // The band holds the line's text (not an empty band matching an empty band).
    let lit = (band.y..band.bottom())
        .flat_map(|y| (0..640).map(move |x| (x, y)))
        .filter(|&(x, y)| color_distance(best.game_pixel(x as u32, y as u32), dim) <= 24)
        .count();
    assert!(lit > 200, "the level line is not drawn ({lit} text pixels)");
}
