//! End-to-end saving of a senet match under Kendall's and Jequier's rules in Dolphin (issue
//! 22: continued, such a match played on under the WiiBrew 2009 rules). Run 1: the person
//! (remote 1: pointer + A) picks senet and the rule set on the main menu and plays against the
//! computer until two boundaries were saved and the person moved; Dolphin stops. The newest
//! `MATCH_?.BIN` of the synced SD folder decodes on the host to the logged position under that
//! rule set. Run 2 boots with those files: "Continue the match" logs the same rule set,
//! position, turn and generator state, and the same sticks are thrown next.

mod save_support;

use dolphin_harness::{game_dol, sync_dir, Dolphin, Event, SdCard, Session};
use save_support::*;
use senas_senet::app::menu::{start_row, MainMenu};
use senas_senet::app::saving::log_position;
use senas_senet::app::{GameKind, LogSink};
use senas_senet::games::senet::{self, MoveList, Side, Throw, Variant};
use senas_senet::gfx::{SenetLayout, TitleLayout};
use senas_senet::save::{self, Kind, SavedMatch, SavedPosition};
use std::time::Duration;

struct Lines(Vec<String>);
impl LogSink for Lines {
    fn line(&mut self, line: &str) {
        self.0.push(line.to_string());
    }
}

/// Clicks `r` until the game logs event `name` with `fields` (a dropped tap is tried again).
fn click_until(
    s: &mut Session,
    r: senas_senet::gfx::Rect,
    name: &str,
    fields: &[(&str, &str)],
) -> Result<Event, dolphin_harness::Error> {
    let (x, y) = r.center();
    point_at(s, x, y)?;
    s.tap_until("wm1", "A", HOLD, name, fields)
}

/// Run 1: returns the synced files and the game's log.
fn play_and_save(variant: Variant) -> (Vec<(String, Vec<u8>)>, Vec<String>) {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let mut lines = Vec::new();
    let run = Dolphin::new(dol)
        .name(&format!("save-senet-{}-play", variant.name()))
        .log_only()
        .seconds(360.0)
        .controller(wiimote())
        .sd_card(SdCard::Sync(vec![(format!("{GAME_DIR}/"), Vec::new())]))
        .run_with(|s| {
            let aspect = aspect_of(s)?;
            let title = TitleLayout::new(aspect);
            let rows = MainMenu::rows(aspect);
            let board = SenetLayout::new(aspect);
            expect(s, "load", &[("continue", "0")])?;
            expect(s, "wiimote_ready", &[("player", "1")])?;
            s.sleep(Duration::from_millis(1000));
            click_until(s, title.item_rect(0), "menu", &[("scene", "main")])?;
            click_until(s, rows.rect(0), "menu", &[("game", "senet")])?;
            // The "Rules" row steps through the rule sets in `Variant::ALL` order.
            for v in &Variant::ALL[1..=variant.index()] {
                click_until(s, rows.rect(2), "menu", &[("variant", v.name())])?;
            }
            click_until(
                s,
                rows.rect(start_row(GameKind::Senet)),
                "start",
                &[("game", "senet"), ("variant", variant.name())],
            )?;
            let mut moved = 0;
            loop {
                let throw = expect(s, "throw", &[("game", "senet"), ("side", "A")])?;
                let saves = s
                    .lines()
                    .iter()
                    .filter(|l| l.starts_with("event=saved "))
                    .count();
                if moved >= 1 && saves >= 2 {
                    // The person is to move: the game waits; the boundary's save finishes.
                    s.sleep(Duration::from_millis(1500));
                    lines = s.lines();
                    return Ok(());
                }
                let t = throw.num::<u8>("value").and_then(Throw::from_distance);
                let t = t.expect("a throw value");
                s.sleep(Duration::from_millis(500));
                let pos = senet_replay(senet::Position::start(variant, Side::A), &s.lines());
                assert_eq!(pos.side_to_move(), Side::A, "the person's turn");
                let mut legal = MoveList::new();
                senet::legal_moves(&pos, t, &mut legal);
                let Some(&mv) = legal.iter().find(|m| !m.is_pass()) else {
                    continue; // the throw is lost
                };
                click_for(s, senet_square(&board, mv.from()), &["pick_up"])?;
                click(s, senet_square(&board, mv.to()))?;
                expect(
                    s,
                    "turn",
                    &[("game", "senet"), ("side", "A"), ("by", "human")],
                )?;
                moved += 1;
            }
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let mut files = Vec::new();
    files_under(&sync_dir(&run.user_dir), "apps", &mut files);
    (files, lines)
}

fn saved_and_continued(variant: Variant) {
    let (files, lines) = play_and_save(variant);
    let names: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    let (newest, seq, _) =
        match_records(&files).unwrap_or_else(|| panic!("no valid match save among {names:?}"));
    assert!(seq >= 2, "at least two saves were written (seq {seq})");
    let env = save::decode(&newest, Kind::Match).expect("valid record");
    let m = SavedMatch::decode(&env).expect("the save decodes");
    let SavedPosition::Senet(p) = m.position else {
        panic!("a senet match was saved, got {:?}", m.position)
    };
    assert_eq!(p.variant(), variant, "the file keeps the rule set");
    let i = lines
        .iter()
        .rposition(|l| l.starts_with("event=saved "))
        .expect("the game logged a save");
    let mut host = Lines(Vec::new());
    log_position(&mut host, "saved", &m);
    assert_eq!(host.0[0], lines[i], "the file holds the logged position");
    let next_throw = lines[i..]
        .iter()
        .map(|l| Event::parse(l))
        .find(|e| e.name() == Some("throw"))
        .expect("a throw followed the last save");

    // Run 2: the same files on the card; Continue.
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let mut continued = None;
    let mut first_throw = None;
    Dolphin::new(dol)
        .name(&format!("save-senet-{}-continue", variant.name()))
        .log_only()
        .seconds(200.0)
        .controller(wiimote())
        .sd_card(SdCard::Sync(files.clone()))
        .run_with(|s| {
            let aspect = aspect_of(s)?;
            let title = TitleLayout::new(aspect);
            let rows = MainMenu::rows(aspect);
            expect(
                s,
                "saved_match",
                &[("game", "senet"), ("rules", variant.name())],
            )?;
            expect(s, "load", &[("continue", "1")])?;
            expect(s, "wiimote_ready", &[("player", "1")])?;
            s.sleep(Duration::from_millis(1000));
            click_until(
                s,
                title.item_rect(0),
                "menu",
                &[("scene", "main"), ("continue", "1")],
            )?;
            continued = Some(click_until(
                s,
                rows.rect(0),
                "continue",
                &[("game", "senet")],
            )?);
            first_throw = Some(expect(s, "throw", &[("game", "senet")])?);
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let c = continued.expect("continued");
    for key in ["side", "board", "rules", "bound", "turns", "draws"] {
        assert_eq!(
            c.get(key),
            Event::parse(&lines[i]).get(key),
            "{key}: {} vs {}",
            c.line,
            lines[i]
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
fn a_kendall_match_saved_in_dolphin_continues_after_a_reboot_under_kendalls_rules() {
    saved_and_continued(Variant::Kendall);
}

#[test]
fn a_jequier_match_saved_in_dolphin_continues_after_a_reboot_under_jequiers_rules() {
    saved_and_continued(Variant::Jequier);
}
