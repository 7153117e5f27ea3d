//! End-to-end saving in Dolphin (issue 15), the cards that cannot be saved to: a run without a
//! card plays on and says so; a planted corrupt save is refused and said so; a card whose image
//! holds no FAT volume (`SdCard::Image`: Dolphin opens an existing image file as it is) shows
//! the "not formatted" note on the frame, a match starts and is played on without saving, and
//! the image is byte for byte what was planted. (Saving and continuing a match:
//! tests/save_senas.rs; a finished match's record: tests/save_finish.rs.)

mod save_support;

use dolphin_harness::{game_dol, image_path, target_dir, Dolphin, Frame, SdCard, SDHC_TEST_BYTES};
use save_support::*;
use senas_senet::app::menu::{start_row, MainMenu};
use senas_senet::app::AppScratch;
use senas_senet::app::{App, Config, GameKind, NullLog, StorageNote};
use senas_senet::gfx::soft::{SoftRenderer, FRAME_BYTES};
use senas_senet::gfx::{palette, Aspect, DrawList, TitleLayout};
use std::time::Duration;

#[test]
fn without_an_sd_card_the_game_plays_on_and_says_so() {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    Dolphin::new(dol)
        .name("save-nocard")
        .log_only()
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
        .log_only()
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

/// An 8 MiB card: its first 64 KiB garbage (no MBR signature, no boot sector), the rest zero.
fn unformatted_image() -> Vec<u8> {
    let mut img = vec![0u8; 8 << 20];
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for b in img[..64 << 10].iter_mut() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *b = (x >> 24) as u8;
    }
    img[510] = 0x12; // never 0x55AA
    img
}

/// The title as the soft renderer draws it, with or without the "not formatted" note.
fn soft_title(aspect: Aspect, note: bool) -> Vec<u8> {
    let scratch: &'static mut AppScratch = AppScratch::init_in(Box::leak(Box::new_uninit()));
    let mut config = Config::new(1);
    config.aspect = aspect;
    let app = Box::leak(Box::new(App::new(config, scratch)));
    if note {
        app.set_storage_note(Some(StorageNote::Unformatted));
    }
    let _ = app.update(&senas_senet::app::Input::default(), &mut NullLog);
    let mut list = DrawList::new(palette::BACKGROUND);
    app.draw(&mut list);
    let mut out = vec![0u8; FRAME_BYTES];
    SoftRenderer::new().render(&list, &mut out);
    out
}

/// The title's rows holding the storage note (drawn at y 412, 20 high, plus its shadow).
const NOTE_BAND: (usize, usize) = (408, 436);

/// Rows `y0..y1` of a 640-wide RGBA frame.
fn strip(rgba: &[u8], y0: usize, y1: usize) -> Frame {
    Frame {
        width: 640,
        height: (y1 - y0) as u32,
        rgba: rgba[y0 * 640 * 4..y1 * 640 * 4].to_vec(),
    }
}

#[test]
fn a_card_without_a_fat_volume_shows_a_note_plays_on_and_is_never_written() {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let planted = unformatted_image();
    let mut aspect = Aspect::Standard;
    let run = Dolphin::new(dol)
        .name("save-unformatted")
        .seconds(200.0)
        .controller(wiimote())
        .sd_card(SdCard::Image(planted.clone()))
        .run_with(|s| {
            aspect = aspect_of(s)?;
            let title = TitleLayout::new(aspect);
            let rows = MainMenu::rows(aspect);
            expect(s, "save_off", &[("reason", "unformatted")])?;
            expect(s, "wiimote_ready", &[("player", "1")])?;
            // The pointer rests far from the note while the title is on screen.
            point_at(s, 600, 40)?;
            s.sleep(Duration::from_millis(1500));
            click(s, title.item_rect(0))?;
            expect(s, "menu", &[("scene", "main")])?;
            click(s, rows.rect(start_row(GameKind::Senas)))?;
            expect(s, "start", &[("game", "senas")])?;
            // The first boundary is not saved: the card is left alone.
            expect(
                s,
                "save",
                &[("what", "match"), ("ok", "0"), ("reason", "unformatted")],
            )?;
            expect(s, "roll", &[("game", "senas")])?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let after = std::fs::read(image_path(&run.user_dir)).expect("the card image is still there");
    assert!(after == planted, "the unformatted card was written to");

    // The note is on the frame: the dump that is most the title (whole frame against the
    // render with the note), then its band where the note goes (above the footer) against the
    // renders with and without the note.
    let n = run.frames.len();
    let frames: Vec<Frame> = (0..n.min(900))
        .step_by(6)
        .filter_map(|k| run.frame(k).ok().map(|f| f.to_game_size()))
        .collect();
    let with = soft_title(aspect, true);
    let without = soft_title(aspect, false);
    let (whole, _, k) = best(&frames, &with, 24);
    let band = |f: &[u8]| strip(f, NOTE_BAND.0, NOTE_BAND.1);
    let title_band = [band(&frames[k].rgba)];
    let (mean, share, _) = best(&title_band, &band(&with).rgba, 24);
    let (mean_without, _, _) = best(&title_band, &band(&without).rgba, 24);
    let screens = target_dir().join("screens");
    std::fs::create_dir_all(&screens).expect("target/screens");
    frames[k]
        .save_png(&screens.join("e2e_save_unformatted_title.png"))
        .expect("save");
    eprintln!(
        "title dump {k} (whole frame mean {whole:.3}); note band: mean {mean:.3} ({:.2} % within) with the note, {mean_without:.3} without",
        share * 100.0
    );
    // The band is mostly text, whose edges blur in the 776 -> 640 scaling (95.3 % of its
    // pixels within 24 on a quiet run; the title as a whole is within a mean of 1.0).
    assert!(
        mean * 2.0 < mean_without && mean <= 4.0 && share >= 0.92,
        "the note is not on the frame (mean {mean:.3} with, {mean_without:.3} without, {:.2} % within)",
        share * 100.0
    );
}

/// Dolphin's "allow writes" off (`[Core] WiiSDCardAllowWrites = False`): it answers every
/// write and drops it (`SDIOSlot0.cpp`), as a write-protected card would; the game's read-back
/// of each write finds it lost and turns saving off as "locked" (audit 2, section E).
#[test]
fn a_card_that_drops_every_write_turns_saving_off_as_locked_and_play_goes_on() {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    Dolphin::new(dol)
        .name("save-readonly")
        .log_only()
        .seconds(200.0)
        .controller(wiimote())
        .sd_card(SdCard::ReadOnly(Vec::new()))
        .run_with(|s| {
            let aspect = aspect_of(s)?;
            let title = TitleLayout::new(aspect);
            let rows = MainMenu::rows(aspect);
            expect(s, "wiimote_ready", &[("player", "1")])?;
            click(s, title.item_rect(0))?;
            expect(s, "menu", &[("scene", "main")])?;
            click(s, rows.rect(start_row(GameKind::Senas)))?;
            expect(s, "start", &[("game", "senas")])?;
            s.wait_for("a save refused as locked", WAIT, |l| {
                l.contains("reason=locked")
            })?;
            expect(s, "roll", &[("game", "senas")])?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

/// A 4 GiB card (a sparse image with an empty FAT32 volume, `SdCard::SparseFat32`): Dolphin
/// reports it as SDHC (over 2 GiB), so the game's SDHC path (block addresses, every command
/// through ioctlv) runs end to end: the first match boundary is saved (audit 2 N9).
#[test]
fn a_match_is_saved_on_an_sdhc_size_card() {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let mut saved = String::new();
    Dolphin::new(dol)
        .name("save-sdhc")
        .log_only()
        .seconds(200.0)
        .controller(wiimote())
        .sd_card(SdCard::SparseFat32(SDHC_TEST_BYTES))
        .run_with(|s| {
            let aspect = aspect_of(s)?;
            // The slot driver reports the 4 GiB card as SDHC.
            expect(s, "sd", &[("ok", "1"), ("sdhc", "1")])?;
            let title = TitleLayout::new(aspect);
            let rows = MainMenu::rows(aspect);
            expect(s, "wiimote_ready", &[("player", "1")])?;
            click(s, title.item_rect(0))?;
            expect(s, "menu", &[("scene", "main")])?;
            click(s, rows.rect(start_row(GameKind::Senas)))?;
            expect(s, "start", &[("game", "senas")])?;
            saved = s.wait_for("the first match save", WAIT, |l| {
                matches(l, "save", &[("what", "match")])
            })?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        !saved.contains("ok=0"),
        "the match save failed on the SDHC card: {saved}"
    );
    assert!(saved.contains("bytes="), "{saved}");
}
