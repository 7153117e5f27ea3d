//! End-to-end saving of a senas match in Dolphin (issue 15), with the SD card's folder sync
//! inside each run's own user folder (`SdCard::Sync`): a person (remote 1: pointer + A) plays
//! senas against the computer until two turn boundaries were saved and the person has played a
//! part, Dolphin stops, and the newest `MATCH_?.BIN` on the synced folder decodes on the host
//! to exactly the position the game logged (`event=saved`, and the host's replay of the logged
//! parts). A second boot with those files offers "Continue the match": the game logs exactly
//! that position and rolls the same dice next, and the frame shows it (the best dump against
//! the soft render of a host app continued from the same file, closer to it than to the
//! previous save's position).

mod save_support;

use dolphin_harness::{game_dol, sync_dir, target_dir, Dolphin, Event, Frame, SdCard};
use save_support::*;
use senas_senet::app::menu::{start_row, MainMenu};
use senas_senet::app::saving::log_position;
use senas_senet::app::{GameKind, LogSink};
use senas_senet::games::senas;
use senas_senet::gfx::{Aspect, SenasLayout, TitleLayout};
use senas_senet::save::{self, Kind, SavedMatch, SavedPosition};
use std::time::Duration;

/// As tests/boot.rs and lang.rs.
const PIXEL_TOLERANCE: u8 = 24;
/// The continued board against its soft render (dice, pieces, text; the cursor is drawn by
/// both at the same place).
const MAX_MEAN: f64 = 3.0;
const MIN_MATCHING: f64 = 0.95;
/// Host frames after Continue: the roll comes at 36 (`Pace::NORMAL.roll`), and its notice
/// ("1,1,4 expands to ...") stays 150 frames, as it does on the dumps taken after the roll.
const HOST_FRAMES: usize = 100;
/// Where the pointer rests while the continued board is compared (the bottom margin).
const REST: (i16, i16) = (320, 472);

struct Lines(Vec<String>);
impl LogSink for Lines {
    fn line(&mut self, line: &str) {
        self.0.push(line.to_string());
    }
}

/// Run 1: senas against the computer until at least two boundaries were saved, the person
/// played a part, and the person's next roll came; returns the synced files and the log.
fn play_and_save() -> (Vec<(String, Vec<u8>)>, Vec<String>) {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let mut lines = Vec::new();
    let mut gen = Box::new(senas::TurnGen::new());
    let run = Dolphin::new(dol)
        .name("save-senas-play")
        // This run's frames are never read (the second boot's are).
        .log_only()
        .seconds(360.0)
        .controller(wiimote())
        .sd_card(SdCard::Sync(vec![(format!("{GAME_DIR}/"), Vec::new())]))
        .run_with(|s| {
            let aspect = aspect_of(s)?;
            let title = TitleLayout::new(aspect);
            let rows = MainMenu::rows(aspect);
            let board = SenasLayout::new(aspect);
            expect(s, "load", &[("continue", "0")])?;
            expect(s, "wiimote_ready", &[("player", "1")])?;
            click(s, title.item_rect(0))?;
            expect(s, "menu", &[("scene", "main")])?;
            click(s, rows.rect(start_row(GameKind::Senas)))?;
            expect(s, "start", &[("game", "senas"), ("opponent", "cpu_normal")])?;
            let mut parts = 0;
            loop {
                // The person's part begins: a roll for White, or a boundary saved with a gift
                // pending for White (played before rolling).
                let line = s.wait_for("the person's part", WAIT, |l| {
                    matches(l, "roll", &[("game", "senas"), ("side", "White")])
                        || (matches(l, "saved", &[("game", "senas"), ("side", "White")])
                            && Event::parse(l).get("gift").is_some_and(|g| !g.is_empty()))
                })?;
                let gift = line.contains("event=saved");
                let all = s.lines();
                let saves = all.iter().filter(|l| l.contains("event=saved ")).count();
                if !gift && parts >= 1 && saves >= 2 {
                    // The person is to move: the game waits, nothing more is saved.
                    s.sleep(Duration::from_millis(500));
                    lines = s.lines();
                    return Ok(());
                }
                let moves = play_senas_part(s, &board, &mut gen, gift)?;
                eprintln!("person's part {}: {moves}", parts + 1);
                parts += 1;
            }
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let mut files = Vec::new();
    files_under(&sync_dir(&run.user_dir), "apps", &mut files);
    (files, lines)
}

#[test]
fn a_saved_senas_match_decodes_to_the_logged_position_and_continues_with_the_same_dice() {
    let (files, lines) = play_and_save();
    let names: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    let (newest, seq, older) =
        match_records(&files).unwrap_or_else(|| panic!("no valid match save among {names:?}"));
    assert!(seq >= 2, "at least two saves were written (seq {seq})");
    let env = save::decode(&newest, Kind::Match).expect("valid record");
    let m = SavedMatch::decode(&env).expect("the save decodes");
    let SavedPosition::Senas(p) = m.position else {
        panic!("a senas match was saved, got {:?}", m.position)
    };
    // The game's last `event=saved` line is the file, field for field.
    let i = lines
        .iter()
        .rposition(|l| l.starts_with("event=saved "))
        .expect("the game logged a save");
    let mut host = Lines(Vec::new());
    log_position(&mut host, "saved", &m);
    assert_eq!(host.0[0], lines[i], "the file holds the logged position");
    // And it is the position the logged parts lead to.
    let mut gen = Box::new(senas::TurnGen::new());
    let (replayed, _) = senas_replay(&mut gen, &lines[..i]);
    assert_eq!(
        p, replayed,
        "the saved position is the logged parts' position"
    );
    assert!(
        m.log.lines().any(|l| l.contains("by=human")),
        "the saved match log holds the person's part"
    );
    let next_roll = lines[i..]
        .iter()
        .map(|l| Event::parse(l))
        .find(|e| e.name() == Some("roll"))
        .expect("a roll followed the last save");
    eprintln!("saved: {}\nnext: {}", lines[i], next_roll.line);

    // Run 2: the same files on the card; Continue.
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let mut continued = None;
    let mut first_roll = None;
    let mut aspect = Aspect::Standard;
    let run = Dolphin::new(dol)
        .name("save-senas-continue")
        .seconds(200.0)
        .controller(wiimote())
        .sd_card(SdCard::Sync(files.clone()))
        .run_with(|s| {
            aspect = aspect_of(s)?;
            let title = TitleLayout::new(aspect);
            let rows = MainMenu::rows(aspect);
            expect(s, "saved_match", &[("game", "senas")])?;
            expect(s, "load", &[("continue", "1")])?;
            expect(s, "wiimote_ready", &[("player", "1")])?;
            click(s, title.item_rect(0))?;
            expect(s, "menu", &[("scene", "main"), ("continue", "1")])?;
            click(s, rows.rect(0))?; // Continue the match
                                     // The pointer leaves for its resting place at once (waiting for it here could
                                     // pass over the lines below).
            s.point("wm1", f32::from(REST.0) / 640.0, f32::from(REST.1) / 480.0)?;
            continued = Some(expect(s, "continue", &[("game", "senas")])?);
            first_roll = Some(expect(s, "roll", &[("game", "senas")])?);
            point_at(s, REST.0, REST.1)?;
            s.sleep(Duration::from_millis(2000));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let c = continued.expect("continued");
    for key in ["side", "board", "gift", "turns", "draws"] {
        assert_eq!(
            c.get(key),
            Event::parse(&lines[i]).get(key),
            "{key}: {} vs {}",
            c.line,
            lines[i]
        );
    }
    let r = first_roll.expect("a roll after continuing");
    for key in ["side", "dice", "moves"] {
        assert_eq!(
            r.get(key),
            next_roll.get(key),
            "{key}: {} vs {}",
            r.line,
            next_roll.line
        );
    }

    // The frame: the continued board after the roll, as the host draws the same save; the
    // previous save (the boundary before, another side to move) drawn as far on is not it.
    let n = run.frames.len();
    let frames: Vec<Frame> = (n.saturating_sub(150)..n)
        .step_by(3)
        .filter_map(|k| run.frame(k).ok().map(|f| f.to_game_size()))
        .collect();
    assert!(!frames.is_empty(), "no frame dumps\n{}", run.report());
    let soft = soft_continued(&newest, aspect, REST, HOST_FRAMES);
    let (mean, share, k) = best(&frames, &soft, PIXEL_TOLERANCE);
    let screens = target_dir().join("screens");
    std::fs::create_dir_all(&screens).expect("target/screens");
    frames[k]
        .save_png(&screens.join("e2e_save_senas_continued.png"))
        .expect("save dump");
    Frame {
        width: 640,
        height: 480,
        rgba: soft,
    }
    .save_png(&screens.join("e2e_save_senas_continued_soft.png"))
    .expect("save soft");
    eprintln!(
        "continued board: mean diff {mean:.3}, {:.2} % within {PIXEL_TOLERANCE}",
        share * 100.0
    );
    if let Some(older) = older {
        let other = soft_continued(&older, aspect, REST, HOST_FRAMES);
        let (mean_other, _, _) = best(&frames, &other, PIXEL_TOLERANCE);
        eprintln!("previous save's board: mean diff {mean_other:.3}");
        assert!(
            mean < mean_other,
            "the frame is no closer to the saved position ({mean:.3}) than to the previous save's ({mean_other:.3})"
        );
    }
    assert!(
        mean <= MAX_MEAN && share >= MIN_MATCHING,
        "the continued position is not on the frame (mean {mean:.3}, {:.2} % within)\n{}",
        share * 100.0,
        run.report()
    );
}
