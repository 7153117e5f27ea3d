//! `Progress`: what the app keeps for the save layer, apart from the scene: the statistics, the
//! saved match the main menu offers to continue, the turn-boundary and finished-match flags the
//! platform takes once, and the note shown when progress cannot be saved. It is given the match
//! to look at (`watch_boundary`, `count_finished`); it must not hold or change the scene, the
//! overlay or the generator (the `App` does), and it never touches storage (the platform moves
//! the bytes, `saving.rs` shapes them).

use crate::save::{self, SavedMatch, Stats};

use super::config::Setup;
use super::match_scene::Game;
use super::menu::Offer;
use super::saving::{self as saving, opponent_index, Finished, Resumable, StorageNote};

/// The saving state the app owns.
pub struct Progress {
    stats: Stats,
    resumable: Option<Resumable>,
    save_point: bool,
    finished: Option<Finished>,
    storage_note: Option<StorageNote>,
}

impl Progress {
    /// Nothing saved, nothing counted.
    pub fn new() -> Self {
        Progress {
            stats: Stats::default(),
            resumable: None,
            save_point: false,
            finished: None,
            storage_note: None,
        }
    }

    /// Keeps `m` to offer as "Continue the match" (`false`: its opponent is unknown).
    pub fn offer_continue(&mut self, m: &SavedMatch) -> bool {
        match Resumable::from_saved(m) {
            Some(r) => {
                self.resumable = Some(r);
                true
            }
            None => false,
        }
    }

    /// A saved match can be continued.
    pub fn can_continue(&self) -> bool {
        self.resumable.is_some()
    }

    /// The main menu's "Continue the match" row, when a saved match exists.
    pub fn offer(&self) -> Option<Offer> {
        self.resumable.as_ref().map(|r| Offer {
            game: r.game(),
            opponent: r.opponent,
            turns: r.turns,
        })
    }

    /// The saved match, taken to be continued (it is offered no more).
    pub fn take_resumable(&mut self) -> Option<Resumable> {
        self.resumable.take()
    }

    /// Shows (or clears) the note that progress is not being saved.
    pub fn set_storage_note(&mut self, note: Option<StorageNote>) {
        self.storage_note = note;
    }
    pub fn storage_note(&self) -> Option<StorageNote> {
        self.storage_note
    }

    /// The statistics shown on the Statistics screen.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }
    /// Replaces the statistics (loaded at start).
    pub fn set_stats(&mut self, s: Stats) {
        self.stats = s;
    }

    /// True once after the match reached a turn boundary (time to save it).
    pub fn take_save_point(&mut self) -> bool {
        core::mem::take(&mut self.save_point)
    }

    /// The match that ended, once (stats are already counted).
    pub fn take_finished(&mut self) -> Option<Finished> {
        self.finished.take()
    }

    /// After a scene update: a match (not a demo, not over) at a boundary asks to be saved.
    pub fn watch_boundary(&mut self, game: &mut Game, demo: bool) {
        let hit = match game {
            Game::Senas(s) => s.take_boundary(),
            Game::Senet(s) => s.take_boundary(),
        };
        if hit && !demo && !game.is_over() {
            self.save_point = true;
        }
    }

    /// A match of `setup` has just been won: count it and hand it to the platform (not a demo).
    pub fn count_finished(&mut self, game: &Game, setup: Setup) {
        if setup.demo {
            return;
        }
        let turns = saving::turns(game);
        let player1_won = game.winner_index() == Some(0);
        let g = game.kind().index() as u8;
        if let Some(r) = self.stats.get_mut(g, opponent_index(setup.opponent)) {
            r.add(player1_won, turns);
        }
        let rules = match game {
            Game::Senas(_) => save::SENAS_RULES,
            Game::Senet(s) => s.position().variant().name(),
        };
        self.finished = Some(Finished {
            game: game.kind(),
            rules,
            opponent: setup.opponent,
            player1_won,
            turns,
        });
        self.resumable = None;
    }
}

impl Default for Progress {
    fn default() -> Self {
        Self::new()
    }
}
