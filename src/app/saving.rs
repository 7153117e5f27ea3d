//! What the app gives the save layer and takes back from it (`crate::save` owns the bytes):
//! the match at each turn boundary as a `SavedMatch` (position, phase, the generator's exact
//! state, computers' seeds, turns, match log), continuing a saved match from the main menu
//! exactly where it stopped (same position, same next dice), the finished match for the
//! statistics and the match records, the settings with the set-up last chosen, and the note
//! shown when progress cannot be saved. No storage access here: the platform moves the bytes.

use crate::emit;
use crate::games::{senas, senet};
use crate::save::{self, RngState, SavedMatch, SavedPhase, SavedPosition, Stats};

use super::config::{GameKind, Opponent, Setup};
use super::game_app::App;
use super::game_rng::GameRng;
use super::log::LogSink;
use super::match_scene::{Game, MatchScene};
use super::menu::Offer;
use super::scene::Scene;
use super::senas::SenasMatch;
use super::senet::SenetMatch;
use super::strings::Strings;

/// An opponent's index in `Opponent::ALL` (the saved form).
pub fn opponent_index(o: Opponent) -> u8 {
    Opponent::ALL.iter().position(|&x| x == o).unwrap_or(0) as u8
}

/// The opponent at a saved index.
pub fn opponent_of(i: u8) -> Option<Opponent> {
    Opponent::ALL.get(usize::from(i)).copied()
}

/// Why progress is not being saved; the game shows it and plays on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StorageNote {
    NoCard,
    Locked,
    Full,
    /// The card holds no FAT volume (blank or another format): nothing is written to it.
    Unformatted,
    Failed,
    /// A damaged save file was found and ignored (saving still works).
    Damaged,
    /// A senet match saved by an older version, which did not record its rule set, could not
    /// be continued (saving still works).
    Outdated,
}

impl StorageNote {
    pub fn text(self, t: &Strings) -> &'static str {
        match self {
            StorageNote::NoCard => t.note_no_card,
            StorageNote::Locked => t.note_locked,
            StorageNote::Full => t.note_full,
            StorageNote::Unformatted => t.note_unformatted,
            StorageNote::Failed => t.note_failed,
            StorageNote::Damaged => t.note_damaged,
            StorageNote::Outdated => t.note_outdated,
        }
    }
    pub fn key(self) -> &'static str {
        match self {
            StorageNote::NoCard => "no_card",
            StorageNote::Locked => "locked",
            StorageNote::Full => "full",
            StorageNote::Unformatted => "unformatted",
            StorageNote::Failed => "failed",
            StorageNote::Damaged => "damaged",
            StorageNote::Outdated => "outdated",
        }
    }
}

/// A saved match the main menu offers to continue (an owned copy of the decoded save).
pub struct Resumable {
    pub(super) opponent: Opponent,
    pub(super) first: u8,
    pub(super) position: SavedPosition,
    pub(super) rng: RngState,
    pub(super) cpu_seeds: [u64; 2],
    pub(super) turns: u32,
    pub(super) log: heapless::String<{ save::SAVED_LOG_BYTES }>,
}

/// A match that ended with a winner (for the statistics file and the match record).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finished {
    pub game: GameKind,
    /// The rule set's name for the record's `rules=` (`lorca`, or the senet rule set's).
    pub rules: &'static str,
    pub opponent: Opponent,
    /// Player 1 (side 0) won.
    pub player1_won: bool,
    pub turns: u32,
}

/// Writes a senas board in the `arena` notation `c0,...,c23/offW/offB`.
pub fn senas_board(p: &senas::Position, out: &mut impl core::fmt::Write) {
    for (k, c) in p.board().iter().enumerate() {
        let _ = write!(out, "{}{}", if k > 0 { "," } else { "" }, c);
    }
    let _ = write!(
        out,
        "/{}/{}",
        p.off(senas::Side::White),
        p.off(senas::Side::Black)
    );
}

/// Logs `event=<what> game=... side=... board=... gift=... turns=... draws=...`: the position
/// a save holds (the e2e test compares it with the file).
pub fn log_position(log: &mut dyn LogSink, what: &str, m: &SavedMatch) {
    let mut line = super::log::Line::default();
    use core::fmt::Write;
    match m.position {
        SavedPosition::Senas(p) => {
            let _ = write!(
                line,
                "event={what} game=senas side={} board=",
                p.side_to_move()
            );
            senas_board(&p, &mut line);
            let _ = write!(line, " gift=");
            for (k, v) in p.gift().values().enumerate() {
                let _ = write!(line, "{}{v}", if k > 0 { "," } else { "" });
            }
        }
        SavedPosition::Senet(p) => {
            let _ = write!(
                line,
                "event={what} game=senet side={} board={} rules={} bound={}{}",
                p.side_to_move(),
                p.board_string(),
                p.variant().name(),
                u8::from(p.bound(senet::Side::A)),
                u8::from(p.bound(senet::Side::B)),
            );
        }
    }
    let _ = write!(line, " turns={} draws={}", m.turns, m.rng.draws);
    log.line(line.as_str());
}

impl App<'_> {
    /// Offers `m` as "Continue the match" on the main menu (`false`: its opponent is unknown).
    pub fn offer_continue(&mut self, m: &SavedMatch) -> bool {
        let Some(opponent) = opponent_of(m.opponent) else {
            return false;
        };
        let mut log = heapless::String::new();
        let _ = log.push_str(&m.log[..m.log.len().min(save::SAVED_LOG_BYTES)]);
        self.resumable = Some(Resumable {
            opponent,
            first: m.first,
            position: m.position,
            rng: m.rng,
            cpu_seeds: m.cpu_seeds,
            turns: m.turns,
            log,
        });
        if let Scene::Menu(menu) = &self.scene {
            self.scene = Scene::Menu(super::menu::MainMenu::with_offer(menu.setup, self.offer()));
        }
        true
    }

    /// The side that won the current (or last) match's throw-off.
    pub fn first(&self) -> u8 {
        self.first
    }

    /// A saved match can be continued.
    pub fn can_continue(&self) -> bool {
        self.resumable.is_some()
    }

    pub(super) fn offer(&self) -> Option<Offer> {
        self.resumable.as_ref().map(|r| Offer {
            game: match r.position {
                SavedPosition::Senas(_) => GameKind::Senas,
                SavedPosition::Senet(_) => GameKind::Senet,
            },
            opponent: r.opponent,
            turns: r.turns,
        })
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

    /// The match as it stands, if a match is being played (not a demo, not over).
    pub fn snapshot(&self) -> Option<SavedMatch<'_>> {
        let Scene::Match(m) = &self.scene else {
            return None;
        };
        if self.setup.demo || m.game.is_over() {
            return None;
        }
        let (state, stream, draws) = self.rng.snapshot();
        let (position, phase, seeds, turns) = match &m.game {
            Game::Senas(s) => {
                let p = *s.position();
                let phase = if p.gift().is_empty() {
                    SavedPhase::Roll
                } else {
                    SavedPhase::Gift
                };
                (SavedPosition::Senas(p), phase, s.seeds(), s.parts())
            }
            Game::Senet(s) => (
                SavedPosition::Senet(*s.position()),
                SavedPhase::Throw,
                s.seeds(),
                s.turns(),
            ),
        };
        Some(SavedMatch {
            opponent: opponent_index(self.setup.opponent),
            first: self.first,
            position,
            phase,
            rng: RngState {
                state,
                stream,
                draws,
            },
            cpu_seeds: seeds,
            turns,
            log: self.record.text(),
        })
    }

    /// The match that ended in the last update, once (stats are already counted).
    pub fn take_finished(&mut self) -> Option<Finished> {
        self.finished.take()
    }

    /// The settings to store: the player's settings and the set-up last chosen.
    pub fn saved_settings(&self) -> save::Settings {
        save::Settings {
            game: self.setup.game.index() as u8,
            opponent: opponent_index(self.setup.opponent),
            variant: self.setup.variant.index() as u8,
            aspect: 0,
            sfx_volume: self.settings.effects_volume,
            music_volume: self.settings.music_volume,
            rumble: self.settings.rumble,
        }
    }

    /// Applies stored settings (at start): volumes, rumble, and the menu's set-up.
    pub fn apply_saved_settings(&mut self, s: &save::Settings) {
        let mut settings = self.settings;
        settings.effects_volume = s.sfx_volume;
        settings.music_volume = s.music_volume;
        settings.rumble = s.rumble;
        self.set_settings(settings);
        if !self.setup.demo {
            if let Some(g) = GameKind::from_index(usize::from(s.game)) {
                self.setup.game = g;
            }
            if let Some(o) = opponent_of(s.opponent) {
                self.setup.opponent = o;
            }
            if let Some(v) = senet::Variant::from_index(usize::from(s.variant)) {
                self.setup.variant = v;
            }
        }
    }

    /// After a scene update: a match at a boundary asks to be saved.
    pub(super) fn watch_boundary(&mut self) {
        if let Scene::Match(m) = &mut self.scene {
            let hit = match &mut m.game {
                Game::Senas(s) => s.take_boundary(),
                Game::Senet(s) => s.take_boundary(),
            };
            if hit && !self.setup.demo && !m.game.is_over() {
                self.save_point = true;
            }
        }
    }

    /// A match has just been won: count it and hand it to the platform.
    pub(super) fn count_finished(&mut self, game: &Game) {
        if self.setup.demo {
            return;
        }
        let turns = match game {
            Game::Senas(s) => s.parts(),
            Game::Senet(s) => s.turns(),
        };
        let player1_won = game.winner_index() == Some(0);
        let g = game.kind().index() as u8;
        if let Some(r) = self.stats.get_mut(g, opponent_index(self.setup.opponent)) {
            r.add(player1_won, turns);
        }
        let rules = match game {
            Game::Senas(_) => save::SENAS_RULES,
            Game::Senet(s) => s.position().variant().name(),
        };
        self.finished = Some(Finished {
            game: game.kind(),
            rules,
            opponent: self.setup.opponent,
            player1_won,
            turns,
        });
        self.resumable = None;
    }

    /// "Continue the match": the saved match, exactly where it was saved.
    #[inline(never)]
    pub(super) fn continue_match(&mut self, log: &mut dyn LogSink) {
        let Some(r) = self.resumable.take() else {
            return;
        };
        let (game, variant) = match r.position {
            SavedPosition::Senas(_) => (GameKind::Senas, self.setup.variant),
            SavedPosition::Senet(p) => (GameKind::Senet, p.variant()),
        };
        self.setup = Setup {
            game,
            opponent: r.opponent,
            variant,
            demo: false,
        };
        self.first = r.first;
        self.overlay = None;
        self.rng = GameRng::restored(r.rng.state, r.rng.stream, r.rng.draws);
        self.record.clear();
        for line in r.log.lines() {
            self.record.push(line);
        }
        let controllers = self.setup.controllers();
        let shown = SavedMatch {
            opponent: opponent_index(r.opponent),
            first: r.first,
            position: r.position,
            phase: SavedPhase::Roll,
            rng: r.rng,
            cpu_seeds: r.cpu_seeds,
            turns: r.turns,
            log: "",
        };
        emit!(
            log,
            "event=start game={} opponent={} variant={} demo=0 seed={} continued=1",
            game.name(),
            r.opponent.key(),
            self.setup.variant,
            self.config.seed
        );
        log_position(log, "continue", &shown);
        // The match is built straight into the scene, then begun by reference: a match is
        // tens of kilobytes and must not pass through temporaries.
        self.scene = Scene::Match(MatchScene::new(match r.position {
            SavedPosition::Senas(p) => {
                Game::Senas(SenasMatch::resume(p, controllers, r.cpu_seeds, r.turns))
            }
            SavedPosition::Senet(p) => {
                Game::Senet(SenetMatch::resume(p, controllers, r.cpu_seeds, r.turns))
            }
        }));
        self.begin_match(log);
    }
}
