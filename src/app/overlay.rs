//! What can lie over a scene, one at a time: the HOME menu, the how-to-play pages, an "Are you
//! sure?" question, the controller-loss pause, "Connect a
//! Wii Remote". Each frame the open overlay takes the input
//! and says what follows (`Next`); the app carries it out. The scene below is frozen.

use crate::gfx::{Aspect, DrawList, Rect};

use super::config::{GameKind, PowerMode};
use super::confirm::{Confirm, Danger, From};
use super::connect::{Connect, ConnectNext};
use super::controls::Act;
use super::help::Help;
use super::home::{HomeChoice, HomeEvent, HomeMenu, MAX_ROWS};
use super::input::{Buttons, Input};
use super::list_nav::ListNav;
use super::log::LogSink;
use super::pause::{Pause, PauseChoice};
use super::settings::{Knob, Settings};
use super::strings::Strings;
use crate::emit;

/// The open overlay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    Home(HomeMenu),
    /// How to play; `from_home`: closing goes back to the HOME menu.
    Help {
        help: Help,
        from_home: bool,
    },
    Confirm(Confirm),
    Paused(Pause),
    /// "Connect a Wii Remote" (from the HOME menu, which it goes back to).
    Connect(Connect),
}

/// What follows an overlay's frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// The overlay stays.
    Stay,
    /// The overlay closes (back to the scene).
    Close,
    /// Another overlay replaces it.
    Open(Overlay),
    /// A confirmed (or harmless) choice the app carries out.
    Do(Action),
}

/// Choices that leave the overlay and change the scene.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Switch to the next language (the HOME menu's language row).
    NextLanguage,
    /// Move a sound setting by `step` (the HOME menu's sound rows); `wrap`: A on the row,
    /// which goes from the loudest back to silence.
    Step {
        knob: Knob,
        step: i8,
        wrap: bool,
    },
    Restart,
    MainMenu,
    Exit,
    /// Switch the console off (confirmed in the HOME menu).
    PowerOff,
    /// The tutor's question answered: `play` the questioned move ("Play it anyway"), or take
    /// it back (`app::tutor`).
    Tutor {
        play: bool,
    },
    /// Player `by` plays on alone for the lost player `lost`.
    PlayOn {
        lost: u8,
        by: u8,
    },
}

/// What the overlay needs to know about the scene below.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Below {
    /// A match (or its throw-off) is on.
    pub in_match: bool,
    /// The game of that match (for the how-to-play pages).
    pub game: Option<GameKind>,
    /// The player's settings (the HOME menu shows them).
    pub settings: Settings,
    /// What switching off means on this console (the confirmation says it).
    pub power_off: PowerMode,
}

impl Overlay {
    /// The HOME menu for the scene below.
    pub fn home(below: Below) -> Overlay {
        Overlay::Home(HomeMenu::new(below.in_match, below.settings))
    }

    /// The selectable rows, in frame pixels (the how-to-play pages have none).
    pub fn rows(&self, aspect: Aspect) -> heapless::Vec<Rect, MAX_ROWS> {
        let mut out = heapless::Vec::new();
        match self {
            Overlay::Home(m) => out.extend(m.row_rects(aspect)),
            Overlay::Confirm(_) => out.extend(Confirm::row_rects(aspect)),
            Overlay::Paused(_) => out.extend(Pause::row_rects(aspect)),
            Overlay::Help { .. } | Overlay::Connect(_) => {}
        }
        out
    }

    /// One frame of the overlay (the HOME menu's choice is logged: `event=home choice=...`).
    pub fn update(
        &mut self,
        input: &Input,
        aspect: Aspect,
        below: Below,
        log: &mut dyn LogSink,
    ) -> Next {
        match self {
            Overlay::Home(m) => match m.update(input, aspect) {
                None => Next::Stay,
                Some(HomeEvent::Stepped(knob, step)) => Next::Do(Action::Step {
                    knob,
                    step,
                    wrap: false,
                }),
                Some(HomeEvent::Picked(c, by)) => {
                    emit!(log, "event=home choice={:?} player={}", c, by + 1);
                    match c {
                        HomeChoice::Resume => Next::Close,
                        HomeChoice::Language => Next::Do(Action::NextLanguage),
                        HomeChoice::Music
                        | HomeChoice::Effects
                        | HomeChoice::Rumble
                        | HomeChoice::Animations
                        | HomeChoice::Tutor => match c.knob() {
                            Some(knob) => Next::Do(Action::Step {
                                knob,
                                step: 1,
                                wrap: true,
                            }),
                            None => Next::Stay,
                        },
                        HomeChoice::HowToPlay => Next::Open(Overlay::Help {
                            help: Help::new(below.game),
                            from_home: true,
                        }),
                        HomeChoice::Restart => {
                            Next::Open(Overlay::Confirm(Confirm::new(Danger::Restart, From::Home)))
                        }
                        HomeChoice::MainMenu => {
                            Next::Open(Overlay::Confirm(Confirm::new(Danger::MainMenu, From::Home)))
                        }
                        HomeChoice::Connect => Next::Open(Overlay::Connect(Connect::new())),
                        HomeChoice::ExitToLoader => {
                            Next::Open(Overlay::Confirm(Confirm::new(Danger::Exit, From::Home)))
                        }
                        HomeChoice::PowerOff => Next::Open(Overlay::Confirm(Confirm::new(
                            Danger::PowerOff(below.power_off),
                            From::Home,
                        ))),
                    }
                }
            },
            Overlay::Help { help, from_home } => {
                if help.update(input) {
                    Next::Stay
                } else if *from_home {
                    Next::Open(Overlay::home(below))
                } else {
                    Next::Close
                }
            }
            Overlay::Confirm(c) => match c.update(input, aspect) {
                None => Next::Stay,
                Some(true) => Next::Do(match c.what {
                    Danger::Restart => Action::Restart,
                    Danger::MainMenu => Action::MainMenu,
                    Danger::Exit => Action::Exit,
                    Danger::PowerOff(_) => Action::PowerOff,
                    Danger::Tutor(_) => Action::Tutor { play: true },
                }),
                Some(false) if matches!(c.what, Danger::Tutor(_)) => {
                    Next::Do(Action::Tutor { play: false })
                }
                Some(false) if c.from == From::Home => Next::Open(Overlay::home(below)),
                Some(false) => Next::Close,
            },
            Overlay::Connect(c) => match c.update(input) {
                ConnectNext::Stay => Next::Stay,
                ConnectNext::Back => Next::Open(Overlay::Home(
                    HomeMenu::new(below.in_match, below.settings).focused(HomeChoice::Connect),
                )),
            },
            Overlay::Paused(p) => {
                if Act::anyone(input).pressed(Buttons::HOME) {
                    return Next::Open(Overlay::home(below));
                }
                match p.update(input, aspect) {
                    None => Next::Stay,
                    Some(PauseChoice::PlayOn { by }) => {
                        Next::Do(Action::PlayOn { lost: p.player, by })
                    }
                    Some(PauseChoice::MainMenu) => Next::Open(Overlay::Confirm(Confirm::new(
                        Danger::MainMenu,
                        From::Scene,
                    ))),
                }
            }
        }
    }

    /// The overlay's list (HOME menu, question, pause); the how-to-play pages are none.
    pub fn list(&self) -> Option<&ListNav> {
        match self {
            Overlay::Home(m) => Some(m.nav()),
            Overlay::Confirm(c) => Some(c.nav()),
            Overlay::Paused(p) => Some(p.nav()),
            Overlay::Help { .. } | Overlay::Connect(_) => None,
        }
    }

    /// Whether the overlay covers the whole screen (the scene below is not drawn).
    pub fn covers(&self) -> bool {
        matches!(self, Overlay::Help { .. })
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, t: &Strings) {
        match self {
            Overlay::Home(m) => m.draw(list, aspect, t),
            Overlay::Help { help, .. } => help.draw(list, aspect),
            Overlay::Confirm(c) => c.draw(list, aspect, t),
            Overlay::Paused(p) => p.draw(list, aspect, t),
            Overlay::Connect(c) => c.draw(list, aspect, t),
        }
    }
}
