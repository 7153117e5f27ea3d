//! End-to-end menus in Dolphin (issue 11): HOME pressed while the remote points at the lower
//! board opens on "Resume" and the next A resumes the match (the log says so, no exit request
//! comes, and the last frame shows the board without the menu's veil); two remotes pointing
//! at different rows of the main menu each change their own row with their own A.
//!
//! Pointer calibration: pipe `SET MAIN x y` points at frame pixel (640·x, 480·y)
//! (tests/input.rs). The rows come from the layouts the game itself uses.

use dolphin_harness::{
    color_distance, game_dol, target_dir, Controller, Dolphin, Error, Event, Session,
};
use senas_senet::app::home::HomeMenu;
use senas_senet::app::menu::{start_row, MainMenu};
use senas_senet::app::GameKind;
use senas_senet::app::Settings;
use senas_senet::gfx::{palette, Aspect, Rect, SenasLayout, TitleLayout};
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
                                                      // The remote rests on the lower board, where "Exit to the Homebrew Channel" opens.
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
