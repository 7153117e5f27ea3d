//! `App`'s overlays: what tests and the platform may ask of the one open overlay (HOME menu,
//! how to play, "Are you sure?", the controller-loss pause), the pause opened when a remote the
//! match needs is lost and closed when it is back, and the confirmed `Action`s carried out
//! (language and volume steps, the tutor's answer, restart, main menu, exit, playing on with one
//! remote). Updating
//! and drawing an overlay is `overlay.rs`'s; scenes change only through `App::go`.

use crate::emit;

use crate::app::config::{Opponent, Request};
use crate::app::goto::Goto;
use crate::app::help::Help;
use crate::app::home::{HomeChoice, HomeMenu};
use crate::app::input::{Input, MAX_PLAYERS};
use crate::app::log::LogSink;
use crate::app::overlay::{Action, Overlay};
use crate::app::pause::Pause;
use crate::app::seats::needed_remotes;
use crate::app::settings::Knob;

use super::App;

impl App<'_> {
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
    /// The search for a guest remote the platform should run now: `Some(attempt)` while
    /// "Connect a Wii Remote" waits for one (a new number: a new search), `None` otherwise.
    pub fn remote_search(&self) -> Option<u16> {
        match &self.overlay {
            Some(Overlay::Connect(c)) => c.search_attempt(),
            _ => None,
        }
    }
    /// "Connect a Wii Remote", when open.
    pub fn connect(&self) -> Option<&crate::app::connect::Connect> {
        match &self.overlay {
            Some(Overlay::Connect(c)) => Some(c),
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

    /// Opens the pause when a remote the match needs is lost, closes it when it is back.
    pub(super) fn watch_remotes(&mut self, input: &Input, log: &mut dyn LogSink) {
        let Some(m) = self.scene.playing() else {
            return;
        };
        if m.game.is_over() {
            return;
        }
        let needed = needed_remotes(m.game.controllers());
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
    pub(super) fn localised(&self, o: Overlay) -> Overlay {
        match o {
            Overlay::Help { help, from_home } => Overlay::Help {
                help: help.in_language(self.settings.language),
                from_home,
            },
            other => other,
        }
    }

    /// Carries out a confirmed overlay choice.
    pub(super) fn act(&mut self, a: Action, log: &mut dyn LogSink) -> Option<Request> {
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
                    "event=settings music={} effects={} rumble={} animations={} tutor={}",
                    self.settings.music_volume,
                    self.settings.effects_volume,
                    u8::from(self.settings.rumble),
                    self.settings.animations.key(),
                    u8::from(self.settings.tutor)
                );
                let row = match knob {
                    Knob::Music => HomeChoice::Music,
                    Knob::Effects => HomeChoice::Effects,
                    Knob::Rumble => HomeChoice::Rumble,
                    Knob::Animations => HomeChoice::Animations,
                    Knob::Tutor => HomeChoice::Tutor,
                };
                self.overlay = Some(Overlay::Home(
                    HomeMenu::new(self.below().in_match, self.settings).focused(row),
                ));
                None
            }
            Action::Tutor { play } => {
                emit!(
                    log,
                    "event=tutor answer={}",
                    if play { "play" } else { "back" }
                );
                let (scene, mut ctx) = self.scene_and_ctx(log);
                if let Some(m) = scene.playing_mut() {
                    m.game.tutor_answer(&mut ctx, play);
                }
                None
            }
            Action::Restart => self.go(Goto::Rematch, log),
            Action::MainMenu => self.go(Goto::Menu, log),
            Action::Exit => self.go(Goto::Request(Request::ExitToLoader), log),
            Action::PowerOff => self.go(Goto::Request(Request::PowerOff), log),
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
}
