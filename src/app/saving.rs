//! What the app gives the save layer and takes back from it (`crate::save` owns the bytes):
//! the match at each turn boundary as a `SavedMatch` (position, phase, the generator's exact
//! state, computers' seeds, turns, match log), continuing a saved match from the main menu
//! exactly where it stopped (same position, same next dice), the finished match for the
//! statistics and the match records, the settings with the set-up last chosen, and the note
//! shown when progress cannot be saved. No storage access here: the platform moves the bytes;
//! no app state either (`progress.rs` holds what is saved, `App` the scene): plain values and
//! functions over a `Game`, a `Setup` and the settings.

use crate::games::{senas, senet};
use crate::save::{self, RngState, SavedMatch, SavedPhase, SavedPosition};

use super::config::{Controller, GameKind, Opponent, Setup};
use super::game_rng::GameRng;
use super::log::{LogSink, MatchLog};
use super::match_scene::Game;
use super::senas::SenasMatch;
use super::senet::SenetMatch;
use super::settings::Settings;
use super::strings::Strings;

/// An opponent's saved index (`Opponent::saved_index`).
pub fn opponent_index(o: Opponent) -> u8 {
    o.saved_index()
}

/// The opponent at a saved index.
pub fn opponent_of(i: u8) -> Option<Opponent> {
    Opponent::from_saved_index(i)
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
    /// There is no folder to name: no card, or no FAT volume on it (the Statistics screen
    /// then shows no save folder, only this note).
    pub fn has_no_folder(self) -> bool {
        matches!(self, StorageNote::NoCard | StorageNote::Unformatted)
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

impl Resumable {
    /// The save, owned (`None`: its opponent is unknown).
    pub fn from_saved(m: &SavedMatch) -> Option<Resumable> {
        let opponent = opponent_of(m.opponent)?;
        let mut log = heapless::String::new();
        let _ = log.push_str(&m.log[..m.log.len().min(save::SAVED_LOG_BYTES)]);
        Some(Resumable {
            opponent,
            first: m.first,
            position: m.position,
            rng: m.rng,
            cpu_seeds: m.cpu_seeds,
            turns: m.turns,
            log,
        })
    }

    /// The game of the saved match.
    pub fn game(&self) -> GameKind {
        match self.position {
            SavedPosition::Senas(_) => GameKind::Senas,
            SavedPosition::Senet(_) => GameKind::Senet,
        }
    }

    /// The set-up the saved match continues with; a senas save keeps `variant`, the senet
    /// rule set last chosen.
    pub fn setup(&self, variant: senet::Variant) -> Setup {
        let variant = match self.position {
            SavedPosition::Senas(_) => variant,
            SavedPosition::Senet(p) => p.variant(),
        };
        Setup {
            game: self.game(),
            opponent: self.opponent,
            variant,
            demo: false,
        }
    }

    /// The generator exactly as it was saved.
    pub fn rng(&self) -> GameRng {
        GameRng::restored(self.rng.state, self.rng.stream, self.rng.draws)
    }

    /// Refills the match log with the saved lines.
    pub fn restore_log(&self, record: &mut MatchLog) {
        record.clear();
        for line in self.log.lines() {
            record.push(line);
        }
    }

    /// The save as the `event=continue` line tells it (no log).
    pub fn shown(&self) -> SavedMatch<'static> {
        SavedMatch {
            opponent: opponent_index(self.opponent),
            first: self.first,
            position: self.position,
            phase: SavedPhase::Roll,
            rng: self.rng,
            cpu_seeds: self.cpu_seeds,
            turns: self.turns,
            log: "",
        }
    }

    /// The match, where it was saved, for these controllers.
    pub fn resume(&self, controllers: [Controller; 2]) -> Game {
        match self.position {
            SavedPosition::Senas(p) => Game::Senas(SenasMatch::resume(
                p,
                controllers,
                self.cpu_seeds,
                self.turns,
            )),
            SavedPosition::Senet(p) => Game::Senet(SenetMatch::resume(
                p,
                controllers,
                self.cpu_seeds,
                self.turns,
            )),
        }
    }
}

/// Turns played in `game` (senas parts, senet moves).
pub fn turns(game: &Game) -> u32 {
    match game {
        Game::Senas(s) => s.parts(),
        Game::Senet(s) => s.turns(),
    }
}

/// `game` as it stands as a save: `setup`'s opponent, the throw-off's `first`, the generator
/// and the match log.
pub fn snapshot<'a>(
    game: &Game,
    setup: Setup,
    first: u8,
    rng: &GameRng,
    record: &'a MatchLog,
) -> SavedMatch<'a> {
    let (state, stream, draws) = rng.snapshot();
    let (position, phase, seeds) = match game {
        Game::Senas(s) => {
            let p = *s.position();
            let phase = if p.gift().is_empty() {
                SavedPhase::Roll
            } else {
                SavedPhase::Gift
            };
            (SavedPosition::Senas(p), phase, s.seats().seeds())
        }
        Game::Senet(s) => (
            SavedPosition::Senet(*s.position()),
            SavedPhase::Throw,
            s.seats().seeds(),
        ),
    };
    SavedMatch {
        opponent: opponent_index(setup.opponent),
        first,
        position,
        phase,
        rng: RngState {
            state,
            stream,
            draws,
        },
        cpu_seeds: seeds,
        turns: turns(game),
        log: record.text(),
    }
}

/// The settings to store: the player's settings and the set-up last chosen.
pub fn stored_settings(setup: Setup, settings: Settings) -> save::Settings {
    save::Settings {
        game: setup.game.index() as u8,
        opponent: opponent_index(setup.opponent),
        variant: setup.variant.index() as u8,
        aspect: 0,
        sfx_volume: settings.effects_volume,
        music_volume: settings.music_volume,
        rumble: settings.rumble,
        animations: settings.animations.saved(),
        tutor: settings.tutor,
    }
}

/// `settings` with the stored volumes, rumble, animation speed and tutor.
pub fn with_stored(settings: Settings, s: &save::Settings) -> Settings {
    Settings {
        effects_volume: s.sfx_volume,
        music_volume: s.music_volume,
        rumble: s.rumble,
        animations: super::settings::Animations::from_saved(s.animations),
        tutor: s.tutor,
        ..settings
    }
}

/// `setup` with the stored game, opponent and rule set (each kept when out of range).
pub fn with_stored_setup(setup: Setup, s: &save::Settings) -> Setup {
    Setup {
        game: GameKind::from_index(usize::from(s.game)).unwrap_or(setup.game),
        opponent: opponent_of(s.opponent).unwrap_or(setup.opponent),
        variant: senet::Variant::from_index(usize::from(s.variant)).unwrap_or(setup.variant),
        demo: setup.demo,
    }
}
