//! `App`'s side of saving: thin delegations to `Progress` (the statistics, the storage note,
//! the save-point and finished-match flags, the match offered to continue, the screenshot's
//! notice), the match as it
//! stands (`snapshot`), the stored settings, and "Continue the match": the saved match rebuilt
//! into the scene exactly where it was saved. Storage itself is the platform's; the types and
//! functions are `saving.rs`'s.

use crate::emit;
use crate::save::{self, SavedMatch, Stats};

use crate::app::log::LogSink;
use crate::app::match_scene::MatchScene;
use crate::app::menu::MainMenu;
use crate::app::saving::{self, log_position, Finished, StorageNote};
use crate::app::scene::Scene;
use crate::app::shot_note::ShotNote;

use super::App;

impl App<'_> {
    /// Offers `m` as "Continue the match" on the main menu (`false`: its opponent is unknown).
    pub fn offer_continue(&mut self, m: &SavedMatch) -> bool {
        if !self.progress.offer_continue(m) {
            return false;
        }
        if let Scene::Menu(menu) = &self.scene {
            self.scene = Scene::Menu(MainMenu::with_offer(menu.setup, self.progress.offer()));
        }
        true
    }
    /// The side that won the current (or last) match's throw-off.
    pub fn first(&self) -> u8 {
        self.first
    }
    /// A saved match can be continued.
    pub fn can_continue(&self) -> bool {
        self.progress.can_continue()
    }
    /// Shows (or clears) the note that progress is not being saved.
    pub fn set_storage_note(&mut self, note: Option<StorageNote>) {
        self.progress.set_storage_note(note);
    }
    pub fn storage_note(&self) -> Option<StorageNote> {
        self.progress.storage_note()
    }
    /// Shows the screenshot's notice (`console::shot` says how it went).
    pub fn set_shot_note(&mut self, note: ShotNote) {
        self.shot.set(note);
    }
    pub fn shot_note(&self) -> Option<ShotNote> {
        self.shot.note()
    }
    /// The statistics shown on the Statistics screen.
    pub fn stats(&self) -> &Stats {
        self.progress.stats()
    }
    /// Replaces the statistics (loaded at start).
    pub fn set_stats(&mut self, s: Stats) {
        self.progress.set_stats(s);
    }
    /// True once after the match reached a turn boundary (time to save it).
    pub fn take_save_point(&mut self) -> bool {
        self.progress.take_save_point()
    }
    /// The match that ended in the last update, once (stats are already counted).
    pub fn take_finished(&mut self) -> Option<Finished> {
        self.progress.take_finished()
    }
    /// The match as it stands, if a match is being played (not a demo, not over).
    pub fn snapshot(&self) -> Option<SavedMatch<'_>> {
        let m = self.scene.playing()?;
        if self.setup.demo || m.game.is_over() {
            return None;
        }
        Some(saving::snapshot(
            &m.game,
            self.setup,
            self.first,
            &self.rng,
            &self.record,
        ))
    }
    /// The settings to store: the player's settings and the set-up last chosen.
    pub fn saved_settings(&self) -> save::Settings {
        saving::stored_settings(self.setup, self.settings)
    }
    /// Applies stored settings (at start): volumes, rumble, and the menu's set-up.
    pub fn apply_saved_settings(&mut self, s: &save::Settings) {
        self.set_settings(saving::with_stored(self.settings, s));
        if !self.setup.demo {
            self.setup = saving::with_stored_setup(self.setup, s);
        }
    }

    /// "Continue the match": the saved match, exactly where it was saved.
    #[inline(never)]
    pub(super) fn continue_match(&mut self, log: &mut dyn LogSink) {
        let Some(r) = self.progress.take_resumable() else {
            return;
        };
        self.setup = r.setup(self.setup.variant);
        self.first = r.first;
        self.overlay = None;
        self.rng = r.rng();
        r.restore_log(&mut self.record);
        let controllers = self.setup.controllers();
        emit!(
            log,
            "event=start game={} opponent={} variant={} demo=0 seed={} continued=1",
            self.setup.game.name(),
            r.opponent.key(),
            self.setup.variant,
            self.config.seed
        );
        log_position(log, "continue", &r.shown());
        // The match is built straight into the scene, then begun by reference: a match is
        // tens of kilobytes and must not pass through temporaries.
        self.scene = Scene::Match(MatchScene::resumed(r.resume(controllers)));
        self.begin_match(log);
    }
}
