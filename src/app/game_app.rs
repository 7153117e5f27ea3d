//! `App`: the whole game as one value the platform drives once per frame: `update(&Input,
//! log)` then `draw(&mut DrawList)`. Holds the scene showing (`Scene`, each owning its data),
//! at most one overlay over it (`Overlay`: HOME menu, how to play, "Are you sure?", the
//! controller-loss pause), the player's `Settings`, the seeded generator, the borrowed senas
//! turn scratch, this frame's game `Events`, the GameCube pads' cursors and the saving state
//! (`Progress`). Carries out what scenes and overlays ask (`Goto`, `overlay::Action`): it
//! names screens only to switch between them; what a screen does, draws and offers is asked of
//! it through `scene.rs`. After each frame it checks once whether the screen changed, which
//! starts the fade from black (`transition.rs`). Beside it: the frame's picture
//! (`game_app/draw.rs`), the overlays' questions, the pause watch and `Action`s
//! (`game_app/overlays.rs`), starting and ending a match (`game_app/match_start.rs`), the save
//! layer's methods and "Continue the match" (`game_app/saves.rs`). It must not reach `wii` or
//! `console` (the platform drives it), nor storage. No heap, no hardware.

use super::game_rng::GameRng;

use crate::ai::senas_game::SenasScratch;
use crate::emit;
use crate::games::{senas, senet};
use crate::gfx::Rect;

use super::config::{Config, GameKind, Opponent, Request, Setup};
use super::context::{Ctx, Pace};
use super::controls::Act;
use super::events::{Event, Events};
use super::input::{Buttons, Cursors, Input};
use super::log::{LogSink, MatchLog};
use super::match_scene::{Game, MatchScene};
use super::menu::MainMenu;
use super::overlay::{Below, Next, Overlay};
use super::progress::Progress;
use super::scene::{Goto, Scene, SceneKind};
use super::scratch::AppScratch;
use super::self_test::SelfTestScreen;
use super::senas::SenasMatch;
use super::senet::SenetMatch;
use super::settings::Settings;
use super::shot_note::ShotNotice;
use super::strings::{self, Strings};
use super::title::Title;
use super::transition::{Screen, Transition};

mod draw;
mod match_start;
mod overlays;
mod saves;
mod self_test;

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
    /// Senas turn generation (builder and computer), lent by the platform: about 1 MB.
    pub(super) ai: &'s mut SenasScratch,
    /// The match review's own senas scratch (`app::review`), lent by the platform too.
    pub(super) review_ai: &'s mut SenasScratch,
    /// Where this frame's thinking budget ends on the platform's clock (`Input::budget_us`
    /// from the frame's start), for the review's spare-time work.
    frame_end_us: Option<u64>,
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
    /// The screenshot's notice (`shot_note.rs`), over every scene.
    pub(super) shot: ShotNotice,
    /// The fade from black after a change of screen (`transition.rs`); a picture only.
    pub(super) fade: Transition,
}

impl<'s> App<'s> {
    /// The app at its first frame (the title screen, or straight into a demo match).
    pub fn new(config: Config, scratch: &'s mut AppScratch) -> Self {
        let mut setup = Setup {
            game: GameKind::Senas,
            opponent: Opponent::Computer(crate::ai::Level::Normal),
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
            ai: &mut scratch.play,
            review_ai: &mut scratch.review,
            frame_end_us: None,
            record: MatchLog::new(),
            input: Input::default(),
            cursors: Cursors::new(),
            events: Events::new(),
            demo_pending: config.demo.is_some(),
            shot: ShotNotice::new(),
            first: 0,
            progress: Progress::new(),
            fade: Transition::new(Screen {
                scene: SceneKind::Title,
                covered: false,
            }),
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
    /// The review of the match just won (the winner's screen after a match with a person).
    pub fn review(&self) -> Option<&super::review::Review> {
        match &self.scene {
            Scene::Winner(w) => w.review(),
            _ => None,
        }
    }
    /// The review screen is showing (over the winner's screen).
    pub fn reviewing(&self) -> bool {
        matches!(&self.scene, Scene::Winner(w) if w.reviewing())
    }
    /// Every roll and turn of the current match, one line each.
    pub fn match_log(&self) -> &MatchLog {
        &self.record
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
        match (self.setup.demo, self.settings.animations) {
            (true, _) => Pace::DEMO,
            (false, super::settings::Animations::Normal) => Pace::NORMAL,
            (false, super::settings::Animations::Fast) => Pace::NORMAL.faster(),
        }
    }

    fn below(&self) -> Below {
        let in_match = self.scene.in_match();
        Below {
            in_match,
            game: in_match.then_some(self.setup.game),
            settings: self.settings,
            power_off: self.config.power_off,
        }
    }

    /// One frame of the game. Returns what the platform must do, if anything; the frame's
    /// game events are in `events()` afterwards.
    pub fn update(&mut self, input: &Input, log: &mut dyn LogSink) -> Option<Request> {
        let covered = self.overlay.is_some();
        let request = self.frame_update(input, log);
        // The one check for a change of screen: it starts the fade (or steps it on).
        self.fade
            .after_update(self.screen(), self.settings.animations);
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
        self.shot.tick();
        self.input = self.cursors.apply(input);
        let input = self.input;
        self.frame_end_us = match (input.budget_us, input.clock) {
            (Some(us), Some(clock)) => Some(clock.now_us().saturating_add(u64::from(us))),
            _ => None,
        };
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

    /// Changes the scene (or opens an overlay, or asks the platform).
    fn go(&mut self, goto: Goto, log: &mut dyn LogSink) -> Option<Request> {
        match goto {
            Goto::Title => {
                self.scene = Scene::Title(Title::new());
                emit!(log, "event=menu scene=title");
            }
            Goto::Diagnostics => {
                self.scene = Scene::Diagnostics(0);
                emit!(log, "event=menu scene=diagnostics");
            }
            Goto::SelfTest => {
                self.scene = Scene::SelfTest(SelfTestScreen::new());
                emit!(log, "event=menu scene=selftest");
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
                let what = match r {
                    Request::ExitToLoader => "exit",
                    Request::PowerOff => "power_off",
                };
                emit!(log, "event=request what={} reason=menu", what);
                return Some(r);
            }
        }
        None
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
            review_ai: &mut *self.review_ai,
            frame_end_us: self.frame_end_us,
            log,
            record: &mut self.record,
            events: &mut self.events,
            pace,
            aspect: self.config.aspect,
            budget_us: self.input.budget_us,
            clock: self.input.clock,
            t: strings::of(self.settings.language),
            tutor: self.settings.tutor && !self.setup.demo,
        };
        (&mut self.scene, ctx)
    }
}
