//! `App`: the whole game as one value the platform drives once per frame: `update(&Input,
//! log)` then `draw(&mut DrawList)`. Holds the scene showing (`Scene`, each owning its data),
//! at most one overlay over it (`Overlay`: HOME menu, how to play, "Are you sure?", the
//! controller-loss pause), the player's `Settings`, the seeded generator, the borrowed senas
//! turn scratch, this frame's game `Events`, the GameCube pads' cursors and the saving state
//! (`Progress`). Carries out what scenes and overlays ask (`Goto`, `overlay::Action`): it
//! names screens only to switch between them; what a screen does, draws and offers is asked of
//! it through `scene.rs`. It must not reach `wii` or `console` (the platform drives it), nor
//! storage. No heap, no hardware.

use super::game_rng::GameRng;
use rand_core::RngCore;

use crate::ai::senas_game::SenasScratch;
use crate::emit;
use crate::games::{senas, senet};
use crate::gfx::{palette, DrawList, Rect};
use crate::save::{self, SavedMatch, Stats};

use super::config::{Config, Controller, GameKind, Opponent, Request, Setup};
use super::context::{Ctx, Pace};
use super::controls::Act;
use super::events::{Event, Events};
use super::help::Help;
use super::home::{HomeChoice, HomeMenu};
use super::input::{Buttons, Cursors, Input, MAX_PLAYERS};
use super::log::{LogSink, MatchLog};
use super::match_scene::{Game, MatchScene};
use super::menu::MainMenu;
use super::overlay::{Action, Below, Next, Overlay};
use super::pause::Pause;
use super::progress::Progress;
use super::saving::{self, log_position, Finished, StorageNote};
use super::scene::{Goto, Scene, SceneKind, View};
use super::senas::SenasMatch;
use super::senet::SenetMatch;
use super::settings::{Knob, Settings};
use super::strings::{self, Strings};
use super::throw_off::ThrowOff;
use super::title::Title;
use super::ui;
use super::winner::Winner;

/// The game.
pub struct App<'s> {
    pub(super) config: Config,
    pub(super) settings: Settings,
    settings_changed: bool,
    frame: u32,
    pub(super) rng: GameRng,
    pub(super) scene: Scene,
    pub(super) overlay: Option<Overlay>,
    /// The set-up of the current (or last) match; the main menu starts from it.
    pub(super) setup: Setup,
    /// Senas turn generation (builder and computer), lent by the platform: about 1.2 MB.
    pub(super) ai: &'s mut SenasScratch,
    pub(super) record: MatchLog,
    /// This frame's input as the scenes saw it (pad cursors applied), for drawing.
    pub(super) input: Input,
    cursors: Cursors,
    pub(super) events: Events,
    /// The side that won the current match's throw-off (0 or 1).
    pub(super) first: u8,
    /// What is saved (`progress.rs`): the statistics, the saved match offered on the main
    /// menu, the boundary and finish flags the platform takes, the note shown when saving is off.
    progress: Progress,
    /// A demo match starts at the first update (so its start is logged).
    demo_pending: bool,
}

impl<'s> App<'s> {
    /// The app at its first frame (the title screen, or straight into a demo match).
    pub fn new(config: Config, scratch: &'s mut SenasScratch) -> Self {
        let mut setup = Setup {
            game: GameKind::Senas,
            opponent: Opponent::ALL[1],
            variant: senet::Variant::default(),
            demo: false,
        };
        if let Some(game) = config.demo {
            setup = Setup {
                opponent: Opponent::Computer(config.demo_level),
                ..Setup::demo(game)
            };
        }
        App {
            config,
            settings: Settings::DEFAULT,
            settings_changed: false,
            frame: 0,
            rng: GameRng::new(config.seed, 0xda3e_39cb_94b9_5bdb),
            scene: Scene::Title(Title::new()),
            overlay: None,
            setup,
            ai: scratch,
            record: MatchLog::new(),
            input: Input::default(),
            cursors: Cursors::new(),
            events: Events::new(),
            demo_pending: config.demo.is_some(),
            first: 0,
            progress: Progress::new(),
        }
    }

    /// The picture shape the layouts (and hit tests) use.
    pub fn config_aspect(&self) -> crate::gfx::Aspect {
        self.config.aspect
    }
    pub fn scene(&self) -> SceneKind {
        self.scene.kind()
    }
    pub fn frame(&self) -> u32 {
        self.frame
    }
    pub fn setup(&self) -> Setup {
        self.setup
    }
    /// The player's settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }
    /// Replaces the settings (e.g. loaded from storage at start); out-of-range values are
    /// clamped. Does not count as a change to store.
    pub fn set_settings(&mut self, s: Settings) {
        self.settings = s.clamped();
    }
    /// True once after a frame in which the player changed a setting (time to store them).
    pub fn take_settings_changed(&mut self) -> bool {
        core::mem::take(&mut self.settings_changed)
    }
    /// The game events of the last `update` (for sounds and rumble).
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// The strings in the player's language.
    pub fn strings(&self) -> &'static Strings {
        strings::of(self.settings.language)
    }
    /// The senas match on screen (or just won).
    pub fn senas(&self) -> Option<&SenasMatch> {
        match self.scene.game() {
            Some(Game::Senas(m)) => Some(m),
            _ => None,
        }
    }
    /// The senet match on screen (or just won).
    pub fn senet(&self) -> Option<&SenetMatch> {
        match self.scene.game() {
            Some(Game::Senet(m)) => Some(m),
            _ => None,
        }
    }
    /// Every roll and turn of the current match, one line each.
    pub fn match_log(&self) -> &MatchLog {
        &self.record
    }
    /// The open overlay, if any.
    pub fn overlay(&self) -> Option<&Overlay> {
        self.overlay.as_ref()
    }
    pub fn home_open(&self) -> bool {
        matches!(self.overlay, Some(Overlay::Home(_)))
    }
    /// The HOME menu's focused row, when it is open.
    pub fn home_focus(&self) -> Option<HomeChoice> {
        match &self.overlay {
            Some(Overlay::Home(m)) => m.items().get(m.selected()).copied(),
            _ => None,
        }
    }
    pub fn help_open(&self) -> bool {
        matches!(self.overlay, Some(Overlay::Help { .. }))
    }
    /// An "Are you sure?" question is open.
    pub fn confirm_open(&self) -> bool {
        matches!(self.overlay, Some(Overlay::Confirm(_)))
    }
    /// The how-to-play pages, when open.
    pub fn help(&self) -> Option<&Help> {
        match &self.overlay {
            Some(Overlay::Help { help, .. }) => Some(help),
            _ => None,
        }
    }
    /// The player (0-based) whose lost remote pauses the match.
    pub fn paused_for(&self) -> Option<u8> {
        match &self.overlay {
            Some(Overlay::Paused(p)) => Some(p.player),
            _ => None,
        }
    }
    /// The selectable rows of what is showing, in frame pixels (menus, HOME menu, questions).
    pub fn rows(&self) -> heapless::Vec<Rect, { super::home::MAX_ROWS }> {
        match &self.overlay {
            Some(o) => o.rows(self.config.aspect),
            None => self.scene.rows(self.config.aspect),
        }
    }
    /// The legal next sub-moves of a person's senas part in progress.
    pub fn senas_legal_sub_moves(
        &mut self,
        out: &mut heapless::Vec<senas::SubMove, { senas::MAX_CHOICES }>,
    ) {
        out.clear();
        if let Some(MatchScene {
            game: Game::Senas(m),
            ..
        }) = self.scene.playing()
        {
            m.legal_sub_moves(&mut self.ai.gen, out);
        }
    }

    pub(super) fn pace(&self) -> Pace {
        if self.setup.demo {
            Pace::DEMO
        } else {
            Pace::NORMAL
        }
    }

    fn below(&self) -> Below {
        let in_match = self.scene.in_match();
        Below {
            in_match,
            game: in_match.then_some(self.setup.game),
            settings: self.settings,
        }
    }

    /// One frame of the game. Returns what the platform must do, if anything; the frame's
    /// game events are in `events()` afterwards.
    pub fn update(&mut self, input: &Input, log: &mut dyn LogSink) -> Option<Request> {
        let covered = self.overlay.is_some();
        let request = self.frame_update(input, log);
        if covered && self.overlay.is_none() {
            // The scene's list shows again: its pointers rest until they move (`list_nav`).
            if let Some(nav) = self.scene.list_mut() {
                nav.rest();
            }
        }
        request
    }

    fn frame_update(&mut self, input: &Input, log: &mut dyn LogSink) -> Option<Request> {
        self.frame = self.frame.wrapping_add(1);
        self.events.clear();
        self.input = self.cursors.apply(input);
        let input = self.input;
        if input.power {
            emit!(log, "event=request what=power_off");
            return Some(Request::PowerOff);
        }
        if input.reset {
            emit!(log, "event=request what=exit reason=reset");
            return Some(Request::ExitToLoader);
        }
        if self.demo_pending {
            self.demo_pending = false;
            self.go(Goto::Start(self.setup), log);
        }
        self.watch_remotes(&input, log);
        let aspect = self.config.aspect;
        let below = self.below();
        if let Some(ov) = self.overlay.as_mut() {
            return match ov.update(&input, aspect, below, log) {
                Next::Stay => None,
                Next::Close => {
                    self.overlay = None;
                    None
                }
                Next::Open(o) => {
                    self.overlay = Some(self.localised(o));
                    None
                }
                Next::Do(a) => {
                    self.overlay = None;
                    self.act(a, log)
                }
            };
        }
        if Act::anyone(&input).pressed(Buttons::HOME) && self.scene.opens_home() {
            self.overlay = Some(Overlay::home(self.below()));
            emit!(log, "event=home open=1");
            return None;
        }
        let demo = self.setup.demo;
        let (scene, mut ctx) = self.scene_and_ctx(log);
        let goto = scene.update(&mut ctx, &input, demo);
        if let Some(m) = self.scene.playing_mut() {
            self.progress.watch_boundary(&mut m.game, demo);
        }
        match goto {
            Some(g) => self.go(g, log),
            None => None,
        }
    }

    /// Opens the pause when a remote the match needs is lost, closes it when it is back.
    fn watch_remotes(&mut self, input: &Input, log: &mut dyn LogSink) {
        let Some(m) = self.scene.playing() else {
            return;
        };
        if m.game.is_over() {
            return;
        }
        let needed = m.game.controllers().iter().fold(0u8, |mask, c| match c {
            Controller::Human(n) => mask | (1 << n),
            Controller::Computer(_) => mask,
        });
        let lost = (0..MAX_PLAYERS as u8)
            .find(|&n| needed & (1 << n) != 0 && !input.players[usize::from(n)].connected);
        match (&self.overlay, lost) {
            (Some(Overlay::Paused(p)), None) => {
                emit!(log, "event=resume player={}", p.player + 1);
                self.overlay = None;
            }
            (Some(Overlay::Paused(p)), Some(n)) if p.player != n => {
                emit!(log, "event=pause reason=disconnect player={}", n + 1);
                self.overlay = Some(Overlay::Paused(Pause::new(n)));
            }
            (None, Some(n)) => {
                emit!(log, "event=pause reason=disconnect player={}", n + 1);
                self.overlay = Some(Overlay::Paused(Pause::new(n)));
            }
            _ => {}
        }
    }

    /// `o` in the player's language (the how-to-play pages carry it).
    fn localised(&self, o: Overlay) -> Overlay {
        match o {
            Overlay::Help { help, from_home } => Overlay::Help {
                help: help.in_language(self.settings.language),
                from_home,
            },
            other => other,
        }
    }

    /// Carries out a confirmed overlay choice.
    fn act(&mut self, a: Action, log: &mut dyn LogSink) -> Option<Request> {
        match a {
            Action::NextLanguage => {
                self.settings.language = self.settings.language.next();
                self.settings_changed = true;
                emit!(log, "event=settings lang={}", self.settings.language.key());
                self.overlay = Some(Overlay::Home(
                    HomeMenu::new(self.below().in_match, self.settings)
                        .focused(HomeChoice::Language),
                ));
                None
            }
            Action::Step { knob, step, wrap } => {
                self.settings = self.settings.stepped(knob, step, wrap);
                self.settings_changed = true;
                emit!(
                    log,
                    "event=settings music={} effects={} rumble={}",
                    self.settings.music_volume,
                    self.settings.effects_volume,
                    u8::from(self.settings.rumble)
                );
                let row = match knob {
                    Knob::Music => HomeChoice::Music,
                    Knob::Effects => HomeChoice::Effects,
                    Knob::Rumble => HomeChoice::Rumble,
                };
                self.overlay = Some(Overlay::Home(
                    HomeMenu::new(self.below().in_match, self.settings).focused(row),
                ));
                None
            }
            Action::Restart => self.go(Goto::Rematch, log),
            Action::MainMenu => self.go(Goto::Menu, log),
            Action::Exit => self.go(Goto::Request(Request::ExitToLoader), log),
            Action::PlayOn { lost, by } => {
                if let Some(m) = self.scene.playing_mut() {
                    m.game.hand_over(lost, by);
                }
                // A rematch keeps to one remote too.
                self.setup.opponent = Opponent::SameRemote;
                emit!(log, "event=play_on lost={} by={}", lost + 1, by + 1);
                None
            }
        }
    }

    /// Changes the scene (or opens an overlay, or asks the platform).
    fn go(&mut self, goto: Goto, log: &mut dyn LogSink) -> Option<Request> {
        match goto {
            Goto::Title => {
                self.scene = Scene::Title(Title::new());
                emit!(log, "event=menu scene=title");
            }
            Goto::Diagnostics => {
                self.scene = Scene::Diagnostics;
                emit!(log, "event=menu scene=diagnostics");
            }
            Goto::Menu => {
                self.scene = Scene::Menu(MainMenu::with_offer(
                    Setup {
                        demo: false,
                        ..self.setup
                    },
                    self.progress.offer(),
                ));
                emit!(
                    log,
                    "event=menu scene=main continue={}",
                    u8::from(self.progress.can_continue())
                );
            }
            Goto::Continue => self.continue_match(log),
            Goto::Statistics => {
                self.scene = Scene::Statistics(super::stats_screen::StatsScreen);
                emit!(log, "event=menu scene=statistics");
            }
            Goto::Start(setup) => self.start_match(setup, log),
            Goto::Rematch if self.setup.demo => self.start_match(self.setup.next_demo(), log),
            Goto::Rematch => self.start_match(self.setup, log),
            Goto::Play => self.begin_play(log),
            Goto::Winner => {
                self.show_winner();
                emit!(
                    log,
                    "event=menu scene=winner log_lines={}",
                    self.record.lines()
                );
            }
            Goto::Overlay(o) => {
                if let Overlay::Help { .. } = o {
                    emit!(log, "event=menu scene=help");
                }
                self.overlay = Some(self.localised(o));
            }
            Goto::Request(r) => {
                emit!(log, "event=request what=exit reason=menu");
                return Some(r);
            }
        }
        None
    }

    /// The finished match becomes the winner screen (any other scene stays) and counts in the
    /// statistics. Out of line: the scenes are tens of kilobytes and `go` must not hold copies.
    #[inline(never)]
    fn show_winner(&mut self) {
        if !matches!(self.scene, Scene::Match(_)) {
            return;
        }
        if let Scene::Match(m) = core::mem::replace(&mut self.scene, Scene::Diagnostics) {
            self.progress.count_finished(&m.game, self.setup);
            self.scene = Scene::Winner(Winner::new(m.game));
        }
    }

    #[inline(never)]
    fn start_match(&mut self, setup: Setup, log: &mut dyn LogSink) {
        if !setup.demo && (setup.game, setup.opponent) != (self.setup.game, self.setup.opponent) {
            self.settings_changed = true;
        }
        self.setup = setup;
        self.record.clear();
        self.overlay = None;
        let step = if setup.demo { 2 } else { 45 };
        let off = ThrowOff::roll(setup.game, &mut self.rng, step);
        emit!(
            log,
            "event=start game={} opponent={} variant={} demo={} seed={}{}",
            setup.game.name(),
            if setup.demo {
                "demo"
            } else {
                setup.opponent.key()
            },
            setup.variant,
            u8::from(setup.demo),
            self.config.seed,
            DemoLevels(setup)
        );
        emit!(
            log,
            "event=throwoff game={} rounds={} first={}",
            setup.game.name(),
            off.total,
            off.first
        );
        self.scene = Scene::ThrowOff(off);
    }

    /// The throw-off is over: the match is built straight into the scene (no big temporary),
    /// then its first turn begins.
    #[inline(never)]
    fn begin_play(&mut self, log: &mut dyn LogSink) {
        let first = match &self.scene {
            Scene::ThrowOff(t) => t.first,
            _ => 0,
        };
        self.first = first;
        let seeds = [self.rng.next_u64(), self.rng.next_u64()];
        let controllers = self.setup.controllers();
        self.scene = Scene::Match(MatchScene::new(match self.setup.game {
            GameKind::Senas => {
                let side = if first == 0 {
                    senas::Side::White
                } else {
                    senas::Side::Black
                };
                Game::Senas(SenasMatch::new(side, controllers, seeds))
            }
            GameKind::Senet => {
                let side = if first == 0 {
                    senet::Side::A
                } else {
                    senet::Side::B
                };
                Game::Senet(SenetMatch::new(
                    self.setup.variant,
                    side,
                    controllers,
                    seeds,
                ))
            }
        }));
        self.begin_match(log);
    }

    /// The scene (for the caller to match on) and what a match borrows from the app this
    /// frame: the one place a `Ctx` is made.
    pub(super) fn scene_and_ctx<'a>(
        &'a mut self,
        log: &'a mut dyn LogSink,
    ) -> (&'a mut Scene, Ctx<'a>) {
        let pace = self.pace();
        let ctx = Ctx {
            rng: &mut self.rng,
            ai: &mut *self.ai,
            log,
            record: &mut self.record,
            events: &mut self.events,
            pace,
            aspect: self.config.aspect,
            budget_us: self.input.budget_us,
            clock: self.input.clock,
            t: strings::of(self.settings.language),
        };
        (&mut self.scene, ctx)
    }

    /// The match just built into the scene begins its first turn.
    pub(super) fn begin_match(&mut self, log: &mut dyn LogSink) {
        let (scene, mut ctx) = self.scene_and_ctx(log);
        if let Some(m) = scene.playing_mut() {
            match &mut m.game {
                Game::Senas(m) => m.begin(&mut ctx),
                Game::Senet(m) => m.begin(&mut ctx),
            }
        }
    }

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
    fn continue_match(&mut self, log: &mut dyn LogSink) {
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
        self.scene = Scene::Match(MatchScene::new(r.resume(controllers)));
        self.begin_match(log);
    }

    /// Builds this frame's picture: the scene, the overlay over it, every player's pointer.
    pub fn draw(&self, list: &mut DrawList) {
        list.reset(palette::BACKGROUND);
        let aspect = self.config.aspect;
        let t = self.strings();
        if !self.overlay.as_ref().is_some_and(|o| o.covers()) {
            let view = View {
                aspect,
                t,
                input: &self.input,
                frame: self.frame,
                stats: self.progress.stats(),
            };
            self.scene.draw(list, &view);
        }
        if let Some(o) = &self.overlay {
            o.draw(list, aspect, t);
        }
        if let Some(note) = self.progress.storage_note() {
            if let Some(y) = self.scene.note_band() {
                ui::text_centered(list, 320, y, note.text(t), palette::TEXT_DIM, 1);
            }
        }
        super::battery_icon::draw(list, &self.input);
        // The list on top decides which pointers show (`list_nav`); elsewhere all do.
        let nav = match &self.overlay {
            Some(o) => o.list(),
            None => self.scene.list(),
        };
        ui::pointers(list, aspect, &self.input, |n| {
            nav.is_none_or(|l| l.shows(n))
        });
    }
}

/// ` levels=normal-easy` in a demo's start line (nothing otherwise).
struct DemoLevels(Setup);

impl core::fmt::Display for DemoLevels {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if !self.0.demo {
            return Ok(());
        }
        let [a, b] = self.0.demo_levels();
        write!(f, " levels={}-{}", level_key(a), level_key(b))
    }
}

fn level_key(level: crate::ai::Level) -> &'static str {
    match level {
        crate::ai::Level::Easy => "easy",
        crate::ai::Level::Normal => "normal",
        crate::ai::Level::Hard => "hard",
    }
}
