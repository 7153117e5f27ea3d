//! End-to-end: the saves follow the folder the loader names (issue 26, part 1). Dolphin boots
//! a .dol with no argv, so the `hbc-state` test build plants the argv block the Homebrew
//! Channel writes (`wii::argv::PLANTED`: `sd:/apps/senas renamed/boot.dol`, fail0verflow/hbc
//! `loader_reloc.c` `set_argv`) before the game reads it. The SD card (folder sync) holds that
//! renamed install and, in `apps/senas-senet/`, the saves of an earlier version. The game
//! logs the folder it chose, copies the earlier saves into it at boot (leaving the originals),
//! and the match started here is saved beside the renamed `boot.dol`, not in the old folder.
//! Built here unless `$SENAS_HBC_DOL` names the .dol (the same build as tests/loader.rs).

mod save_support;

use dolphin_harness::{sync_dir, wii_dol, Dolphin, SdCard, WiiProgram};
use save_support::*;
use senas_senet::app::menu::{start_row, MainMenu};
use senas_senet::app::GameKind;
use senas_senet::gfx::TitleLayout;
use senas_senet::save::{self, Kind};

const RENAMED: &str = "apps/senas renamed";

/// A valid settings record, as an earlier version left it in `apps/senas-senet/`.
fn old_settings() -> Vec<u8> {
    let mut out = vec![0u8; 512];
    let n = save::encode_with(Kind::Settings, 7, &mut out, |w| {
        save::Settings::default().write(w)
    })
    .expect("a settings record fits");
    out.truncate(n);
    out
}

fn file(files: &[(String, Vec<u8>)], path: &str) -> Option<Vec<u8>> {
    files
        .iter()
        .find(|(p, _)| p.eq_ignore_ascii_case(path))
        .map(|(_, b)| b.clone())
}

#[test]
fn the_hbc_argv_puts_the_saves_beside_the_renamed_boot_dol_and_copies_the_older_ones() {
    let dol = wii_dol(
        "SENAS_HBC_DOL",
        &WiiProgram {
            select: &["--bin", "senas-senet", "--features", "hbc-state"],
            elf: "senas-senet",
            name: "senas-senet-hbc",
        },
    );
    let old = old_settings();
    let run = Dolphin::new(dol)
        .name("save-folder")
        .log_only()
        .seconds(200.0)
        .controller(wiimote())
        .sd_card(SdCard::Sync(vec![
            (format!("{RENAMED}/boot.dol"), b"a boot.dol".to_vec()),
            (format!("{GAME_DIR}/SET_A.BIN"), old.clone()),
        ]))
        .run_with(|s| {
            // `event=settings` comes first (the aspect), then the folder line.
            let aspect = aspect_of(s)?;
            // Dolphin is known by /dev/dolphin: no vWii register is read (strict mode would
            // fail on Dolphin's "invalid MMIO"), and its SYSCONF says standby.
            expect(
                s,
                "machine",
                &[("machine", "dolphin"), ("power_off", "standby")],
            )?;
            let folder = expect(s, "save_folder", &[])?;
            if folder.get("path") != Some("sd:/apps/senas renamed/")
                || folder.get("from") != Some("argv")
                || folder.get("copied_files") != Some("1")
            {
                return Err(dolphin_harness::Error::Io(format!(
                    "unexpected save folder line: {folder:?}"
                )));
            }
            let title = TitleLayout::new(aspect);
            let rows = MainMenu::rows(aspect);
            expect(s, "wiimote_ready", &[("player", "1")])?;
            click(s, title.item_rect(0))?;
            expect(s, "menu", &[("scene", "main")])?;
            click(s, rows.rect(start_row(GameKind::Senas)))?;
            expect(s, "start", &[("game", "senas")])?;
            // The first turn boundary is saved (spread over frames, then logged).
            expect(s, "save", &[("what", "match")])?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let mut files = Vec::new();
    files_under(&sync_dir(&run.user_dir), "apps", &mut files);
    let names: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        file(&files, &format!("{RENAMED}/SET_A.BIN")).as_deref(),
        Some(&old[..]),
        "the older settings were copied beside the renamed boot.dol: {names:?}"
    );
    assert_eq!(
        file(&files, &format!("{GAME_DIR}/SET_A.BIN")).as_deref(),
        Some(&old[..]),
        "and left in place: {names:?}"
    );
    let saved = ["MATCH_A.BIN", "MATCH_B.BIN"]
        .iter()
        .any(|n| file(&files, &format!("{RENAMED}/{n}")).is_some());
    assert!(saved, "the match is saved in the renamed folder: {names:?}");
    let stray = ["MATCH_A.BIN", "MATCH_B.BIN"]
        .iter()
        .any(|n| file(&files, &format!("{GAME_DIR}/{n}")).is_some());
    assert!(
        !stray,
        "nothing new is saved in apps/senas-senet: {names:?}"
    );
}
