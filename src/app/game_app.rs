//! `App`: the whole game as one value the platform drives once per frame: `update(&Input, log)`
//! then `draw(&mut DrawList)` (in `app_draw.rs`). Owns the scenes (title, diagnostics, main
//! menu, throw-off, match, winner screen), the overlays over a match (HOME menu, how to play,
//! controller-loss pause), the seeded generator and the borrowed senas turn scratch. No heap,
//! no hardware.

use rand_core::RngCore;
use rand_pcg::Pcg32;

use crate::ai::senas_game::SenasScratch;
use crate::emit;
use crate::games::senas;
use crate::games::senet;
use crate::gfx::TitleLayout;

use super::config::{Config, GameKind, Opponent, Request, Setup};
use super::context::{Ctx, Pace};
use super::controls::{Act, ListEvent, ListNav};
use super::help::Help;
use super::home::{HomeChoice, HomeMenu};
use super::input::{Buttons, Input, MAX_PLAYERS};
use super::log::{LogSink, MatchLog};
use super::menu::{MainMenu, MenuEvent};
use super::senas_match::SenasMatch;
use super::senet_match::SenetMatch;
use super::settings::Settings;
use super::throw_off::ThrowOff;

/// Frames 1 and 2 must be held together on the title screen to open the diagnostics.
pub const DIAGNOSTICS_HOLD: u16 = 30;
/// Frames the winner screen stays in demo mode before the rematch.
const DEMO_WINNER_FRAMES: u16 = 120;

/// At scale 2 in 16:9 a title item box holds 14 characters.
pub(crate) const TITLE_ITEMS: [&str; 3] = ["Play", "How to play", "Exit to HBC"];
pub(crate) const WINNER_ITEMS: [&str; 2] = ["Rematch", "Main menu"];

/// The screen the app shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scene {
    Title,
    Diagnostics,
    Menu,
    ThrowOff,
    Match,
    Winner,
}

/// The match being played.
// Both variants are a few kilobytes; there is no heap to box them into.
#[allow(clippy::large_enum_variant)]
pub enum Game {
    None,
    Senas(SenasMatch),
    Senet(SenetMatch),
}

/// The game.
pub struct App<'s> {
    pub(crate) config: Config,
    pub(crate) frame: u32,
    rng: Pcg32,
    pub(crate) scene: Scene,
    pub(crate) menu: MainMenu,
    pub(crate) setup: Setup,
    pub(crate) title: ListNav,
    pub(crate) winner: ListNav,
    winner_wait: u16,
    pub(crate) throw_off: Option<ThrowOff>,
    pub(crate) game: Game,
    pub(crate) home: Option<HomeMenu>,
    pub(crate) help: Option<Help>,
    pub(crate) paused: Option<u8>,
    /// Sound settings (the HOME menu changes them; the platform applies them).
    pub(crate) settings: Settings,
    /// Senas turn generation (builder and computer), lent by the platform: about 1.2 MB.
    ai: &'s mut SenasScratch,
    record: MatchLog,
    hold12: u16,
    pub(crate) input: Input,
    /// A demo match starts at the first update (so its start is logged).
    demo_pending: bool,
}

impl<'s> App<'s> {
    /// The app at its first frame (the title screen, or straight into a demo match).
    pub fn new(config: Config, scratch: &'s mut SenasScratch) -> Self {
        let mut app = App {
            config,
            frame: 0,
            rng: Pcg32::new(config.seed, 0xda3e_39cb_94b9_5bdb),
            scene: Scene::Title,
            menu: MainMenu::new(),
            setup: MainMenu::new().setup,
            title: ListNav::new(0),
            winner: ListNav::new(0),
            winner_wait: 0,
            throw_off: None,
            game: Game::None,
            home: None,
            help: None,
            paused: None,
            settings: config.settings,
            ai: scratch,
            record: MatchLog::new(),
            hold12: 0,
            input: Input::default(),
            demo_pending: false,
        };
        if let Some(game) = config.demo {
            app.setup = Setup {
                game,
                opponent: Opponent::SameRemote,
                variant: senet::Variant::default(),
                demo: true,
            };
            app.demo_pending = true;
        }
        app
    }

    /// The picture shape the layouts (and hit tests) use.
    pub fn config_aspect(&self) -> crate::gfx::Aspect {
        self.config.aspect
    }
    pub fn scene(&self) -> Scene {
        self.scene
    }
    pub fn frame(&self) -> u32 {
        self.frame
    }
    pub fn setup(&self) -> Setup {
        self.setup
    }
    pub fn senas(&self) -> Option<&SenasMatch> {
        match &self.game {
            Game::Senas(m) => Some(m),
            _ => None,
        }
    }
    pub fn senet(&self) -> Option<&SenetMatch> {
        match &self.game {
            Game::Senet(m) => Some(m),
            _ => None,
        }
    }
    /// Every roll and turn of the current match, one line each.
    pub fn match_log(&self) -> &MatchLog {
        &self.record
    }
    /// The sound settings now.
    pub fn settings(&self) -> Settings {
        self.settings
    }
    pub fn home_open(&self) -> bool {
        self.home.is_some()
    }
    pub fn help_open(&self) -> bool {
        self.help.is_some()
    }
    /// The how-to-play pages, when open.
    pub fn help(&self) -> Option<&Help> {
        self.help.as_ref()
    }
    /// The player (0-based) whose lost remote pauses the match.
    pub fn paused_for(&self) -> Option<u8> {
        self.paused
    }
    /// The legal next sub-moves of a person's senas part in progress.
    pub fn senas_legal_sub_moves(
        &mut self,
        out: &mut heapless::Vec<senas::SubMove, { senas::MAX_CHOICES }>,
    ) {
        out.clear();
        if let Game::Senas(m) = &self.game {
            if let super::senas_match::Phase::Human = m.phase() {
                if let Some(b) = m.builder.as_ref() {
                    b.legal_sub_moves(&mut self.ai.gen, out);
                }
            }
        }
    }

    fn pace(&self) -> Pace {
        if self.setup.demo {
            Pace::DEMO
        } else {
            Pace::NORMAL
        }
    }

    /// One frame of the game. Returns what the platform must do, if anything.
    pub fn update(&mut self, input: &Input, log: &mut dyn LogSink) -> Option<Request> {
        self.frame = self.frame.wrapping_add(1);
        self.input = *input;
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
            self.start_match(self.setup, log);
        }
        let anyone = Act::anyone(input);
        if let Some(help) = self.help.as_mut() {
            if !help.update(&anyone) {
                self.help = None;
            }
            return None;
        }
        match self.scene {
            Scene::Title => return self.title(&anyone, log),
            Scene::Diagnostics => {
                if anyone.pressed(Buttons::B) {
                    self.scene = Scene::Title;
                    emit!(log, "event=menu scene=title");
                }
            }
            Scene::Menu => match self.menu.update(&anyone, self.config.aspect) {
                MenuEvent::Start(setup) => self.start_match(setup, log),
                MenuEvent::Back => {
                    self.scene = Scene::Title;
                    emit!(log, "event=menu scene=title");
                }
                MenuEvent::Changed => emit!(
                    log,
                    "event=menu scene=main game={} opponent={} variant={}",
                    self.menu.setup.game.name(),
                    self.menu.setup.opponent.key(),
                    self.menu.setup.variant
                ),
                MenuEvent::None => {}
            },
            Scene::ThrowOff => {
                let skip = anyone.pressed(Buttons::A);
                if self.throw_off.as_mut().is_none_or(|t| t.update(skip)) {
                    self.begin_play(log);
                }
            }
            Scene::Match => return self.play(input, &anyone, log),
            Scene::Winner => self.winner_screen(&anyone, log),
        }
        None
    }

    fn title(&mut self, act: &Act, log: &mut dyn LogSink) -> Option<Request> {
        if act.held(Buttons::ONE.union(Buttons::TWO)) {
            self.hold12 += 1;
            if self.hold12 >= DIAGNOSTICS_HOLD {
                self.hold12 = 0;
                self.scene = Scene::Diagnostics;
                emit!(log, "event=menu scene=diagnostics");
            }
            return None;
        }
        self.hold12 = 0;
        let layout = TitleLayout::new(self.config.aspect);
        let n = TITLE_ITEMS.len();
        match self.title.update(act, n, |x, y| layout.item_at(n, x, y)) {
            ListEvent::Picked(0) => {
                self.scene = Scene::Menu;
                self.menu.nav = ListNav::new(super::menu::START);
                emit!(log, "event=menu scene=main");
            }
            ListEvent::Picked(1) => {
                self.help = Some(Help::new(None));
                emit!(log, "event=menu scene=help");
            }
            ListEvent::Picked(_) => {
                emit!(log, "event=request what=exit reason=title");
                return Some(Request::ExitToLoader);
            }
            ListEvent::Back | ListEvent::None => {}
        }
        None
    }

    fn start_match(&mut self, setup: Setup, log: &mut dyn LogSink) {
        self.setup = setup;
        self.record.clear();
        self.home = None;
        self.paused = None;
        let step = if setup.demo { 2 } else { 45 };
        let off = ThrowOff::roll(setup.game, &mut self.rng, step);
        emit!(
            log,
            "event=start game={} opponent={} variant={} demo={} seed={}",
            setup.game.name(),
            if setup.demo {
                "demo"
            } else {
                setup.opponent.key()
            },
            setup.variant,
            u8::from(setup.demo),
            self.config.seed
        );
        emit!(
            log,
            "event=throwoff game={} rounds={} first={}",
            setup.game.name(),
            off.total,
            off.first
        );
        self.throw_off = Some(off);
        self.scene = Scene::ThrowOff;
    }

    fn begin_play(&mut self, log: &mut dyn LogSink) {
        let first = self.throw_off.as_ref().map_or(0, |t| t.first);
        let seeds = [self.rng.next_u64(), self.rng.next_u64()];
        let controllers = self.setup.controllers();
        let mut ctx = Ctx {
            rng: &mut self.rng,
            ai: self.ai,
            log,
            record: &mut self.record,
            pace: if self.setup.demo {
                Pace::DEMO
            } else {
                Pace::NORMAL
            },
            aspect: self.config.aspect,
        };
        self.game = match self.setup.game {
            GameKind::Senas => {
                let side = if first == 0 {
                    senas::Side::White
                } else {
                    senas::Side::Black
                };
                let mut m = SenasMatch::new(side, controllers, seeds);
                m.begin(&mut ctx);
                Game::Senas(m)
            }
            GameKind::Senet => {
                let side = if first == 0 {
                    senet::Side::A
                } else {
                    senet::Side::B
                };
                let mut m = SenetMatch::new(self.setup.variant, side, controllers, seeds);
                m.begin(&mut ctx);
                Game::Senet(m)
            }
        };
        self.scene = Scene::Match;
    }

    fn play(&mut self, input: &Input, anyone: &Act, log: &mut dyn LogSink) -> Option<Request> {
        if let Some(home) = self.home.as_mut() {
            let before = self.settings;
            let choice = home.update(anyone, self.config.aspect, &mut self.settings);
            if self.settings != before {
                let s = self.settings;
                emit!(
                    log,
                    "event=sound_settings music={} effects={} rumble={}",
                    s.music,
                    s.effects,
                    u8::from(s.rumble)
                );
            }
            let choice = choice?;
            emit!(log, "event=home choice={:?}", choice);
            match choice {
                HomeChoice::Resume => self.home = None,
                HomeChoice::HowToPlay => self.help = Some(Help::new(Some(self.setup.game))),
                HomeChoice::Restart => self.start_match(self.setup, log),
                HomeChoice::MainMenu => {
                    self.home = None;
                    self.game = Game::None;
                    self.scene = Scene::Menu;
                }
                HomeChoice::ExitToLoader => return Some(Request::ExitToLoader),
            }
            return None;
        }
        let needed = self.setup.needed_remotes();
        let lost = (0..MAX_PLAYERS as u8)
            .find(|&n| needed & (1 << n) != 0 && !input.players[usize::from(n)].connected);
        if lost != self.paused {
            match lost {
                Some(n) => emit!(log, "event=pause reason=disconnect player={}", n + 1),
                None => emit!(log, "event=resume"),
            }
            self.paused = lost;
        }
        if self.paused.is_some() {
            return None;
        }
        if anyone.pressed(Buttons::HOME) {
            self.home = Some(HomeMenu::default());
            emit!(log, "event=home open=1");
            return None;
        }
        let pace = self.pace();
        let mut ctx = Ctx {
            rng: &mut self.rng,
            ai: self.ai,
            log,
            record: &mut self.record,
            pace,
            aspect: self.config.aspect,
        };
        let over = match &mut self.game {
            Game::Senas(m) => {
                let act = controller_act(input, m.mover());
                m.update(&mut ctx, &act);
                m.phase() == super::senas_match::Phase::Over
            }
            Game::Senet(m) => {
                let act = controller_act(input, m.mover());
                m.update(&mut ctx, &act);
                m.phase() == super::senet_match::Phase::Over
            }
            Game::None => false,
        };
        if over {
            self.scene = Scene::Winner;
            self.winner = ListNav::new(0);
            self.winner_wait = DEMO_WINNER_FRAMES;
            emit!(
                log,
                "event=menu scene=winner log_lines={}",
                self.record.lines()
            );
        }
        None
    }

    fn winner_screen(&mut self, act: &Act, log: &mut dyn LogSink) {
        if self.setup.demo {
            self.winner_wait = self.winner_wait.saturating_sub(1);
            if self.winner_wait == 0 {
                self.start_match(self.setup, log);
            }
            return;
        }
        let layout = TitleLayout::new(self.config.aspect);
        let n = WINNER_ITEMS.len();
        match self.winner.update(act, n, |x, y| layout.item_at(n, x, y)) {
            ListEvent::Picked(0) => self.start_match(self.setup, log),
            ListEvent::Picked(_) | ListEvent::Back => {
                self.game = Game::None;
                self.scene = Scene::Menu;
                emit!(log, "event=menu scene=main");
            }
            ListEvent::None => {}
        }
    }
}

/// The input of the person controlling the side to move (nothing for the computer).
fn controller_act(input: &Input, c: super::config::Controller) -> Act {
    match c {
        super::config::Controller::Human(n) => Act::player(input, n),
        super::config::Controller::Computer(_) => Act::default(),
    }
}
