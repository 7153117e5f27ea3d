//! The HOME menu, over any scene: resume, how to play, restart the match, main menu, the
//! language (it overrides the console's), the music and effects volumes, rumble, the
//! animation speed (Normal / Fast) and the tutor (On / Off) (left / right or A change them), connecting a Wii Remote by 1 and 2 (`connect.rs`), exit to the
//! Homebrew Channel and switching the console off (restart and main menu only while a match is
//! on). It always opens on
//! "Resume", and a pointer resting where the menu opens is hidden and aims at nothing until it
//! moves (`list_nav`: A acts on the framed row). Reports the choice and who made it; drawing in frame pixels.

use heapless::Vec;

use crate::gfx::{palette, Aspect, DrawList, Rect};

use super::controls::Act;
use super::input::{Buttons, Input};
use super::list_nav::{ListEvent, ListNav};
use super::settings::{Animations, Knob, Settings};
use super::strings::{fill, Strings};
use super::text::Text;
use super::ui::{self, Rows};

/// What the player chose in the HOME menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HomeChoice {
    Resume,
    HowToPlay,
    Restart,
    MainMenu,
    Language,
    Music,
    Effects,
    Rumble,
    /// The animation speed, Normal or Fast.
    Animations,
    /// The tutor, On or Off (it questions a person's blunders: `app::tutor`).
    Tutor,
    /// Search for a remote held on 1 and 2 ("Connect a Wii Remote").
    Connect,
    ExitToLoader,
    /// Switch the console off (standby or idle, as the console's settings say).
    PowerOff,
}

impl HomeChoice {
    /// The row's label with the setting's value (`s`) where it shows one.
    pub fn label(self, t: &Strings, s: &Settings) -> Text<48> {
        let mut out = Text::new();
        match self {
            HomeChoice::Resume => out.set(t.home_resume),
            HomeChoice::HowToPlay => out.set(t.home_how_to_play),
            HomeChoice::Restart => out.set(t.home_restart),
            HomeChoice::MainMenu => out.set(t.home_main_menu),
            HomeChoice::Language => out.set(t.home_language),
            HomeChoice::Music => fill(&mut out, t.home_music, &[&s.music_volume]),
            HomeChoice::Effects => fill(&mut out, t.home_effects, &[&s.effects_volume]),
            HomeChoice::Rumble => {
                let v = if s.rumble { t.home_on } else { t.home_off };
                fill(&mut out, t.home_rumble, &[&v])
            }
            HomeChoice::Animations => {
                let v = match s.animations {
                    Animations::Normal => t.home_normal,
                    Animations::Fast => t.home_fast,
                };
                fill(&mut out, t.home_animations, &[&v])
            }
            HomeChoice::Tutor => {
                let v = if s.tutor { t.home_on } else { t.home_off };
                fill(&mut out, t.home_tutor, &[&v])
            }
            HomeChoice::Connect => out.set(t.home_connect),
            HomeChoice::ExitToLoader => out.set(t.home_exit),
            HomeChoice::PowerOff => out.set(t.home_power_off),
        }
        out
    }

    /// The sound setting the row changes, if it is one.
    pub fn knob(self) -> Option<Knob> {
        match self {
            HomeChoice::Music => Some(Knob::Music),
            HomeChoice::Effects => Some(Knob::Effects),
            HomeChoice::Rumble => Some(Knob::Rumble),
            HomeChoice::Animations => Some(Knob::Animations),
            HomeChoice::Tutor => Some(Knob::Tutor),
            _ => None,
        }
    }
}

/// What a player did in the HOME menu this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HomeEvent {
    /// Player `by` chose a row (A; B and HOME choose "Resume").
    Picked(HomeChoice, u8),
    /// A setting row moved by `step` (-1 / +1: left / right; A on the row is `Picked`).
    Stepped(Knob, i8),
}

/// Rows at most.
pub const MAX_ROWS: usize = 13;

/// Frame y of the panel's top, and of its heading band above the rows: thirteen rows
/// (`ROW_STEP` apart, `ROW_H` high) fit between y = 24 and 453, inside the 5% a TV's overscan
/// may hide at the top and bottom of 480 lines (24 to 456).
const PANEL_Y: i16 = 24;
const HEADING_H: i16 = 40;
const ROW_STEP: i16 = 29;
const ROW_H: i16 = 26;

/// The open HOME menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HomeMenu {
    items: Vec<HomeChoice, MAX_ROWS>,
    nav: ListNav,
    /// The settings the rows show.
    settings: Settings,
}

impl HomeMenu {
    /// The menu over a match (`in_match`: restart and main menu are offered), on "Resume",
    /// showing `settings`.
    pub fn new(in_match: bool, settings: Settings) -> Self {
        let mut items = Vec::new();
        let all = [
            HomeChoice::Resume,
            HomeChoice::HowToPlay,
            HomeChoice::Restart,
            HomeChoice::MainMenu,
            HomeChoice::Language,
            HomeChoice::Music,
            HomeChoice::Effects,
            HomeChoice::Rumble,
            HomeChoice::Animations,
            HomeChoice::Tutor,
            HomeChoice::Connect,
            HomeChoice::ExitToLoader,
            HomeChoice::PowerOff,
        ];
        for c in all {
            let in_match_only = matches!(c, HomeChoice::Restart | HomeChoice::MainMenu);
            if in_match || !in_match_only {
                let _ = items.push(c);
            }
        }
        HomeMenu {
            items,
            nav: ListNav::new(0),
            settings,
        }
    }

    /// The same menu with the focus on `choice` (when it is offered).
    pub fn focused(mut self, choice: HomeChoice) -> Self {
        if let Some(i) = self.items.iter().position(|&c| c == choice) {
            self.nav = ListNav::new(i);
        }
        self
    }

    pub fn rows(aspect: Aspect) -> Rows {
        Rows {
            aspect,
            y: PANEL_Y + HEADING_H,
            w: 360,
            h: ROW_H,
            step: ROW_STEP,
        }
    }

    pub fn items(&self) -> &[HomeChoice] {
        &self.items
    }
    /// The focused row.
    pub fn selected(&self) -> usize {
        self.nav.selected
    }
    /// The list's focus and aiming (which pointers are drawn).
    pub fn nav(&self) -> &ListNav {
        &self.nav
    }
    pub fn nav_mut(&mut self) -> &mut ListNav {
        &mut self.nav
    }
    /// Frame rects of the rows.
    pub fn row_rects(&self, aspect: Aspect) -> impl Iterator<Item = Rect> + '_ {
        let rows = Self::rows(aspect);
        (0..self.items.len()).map(move |i| rows.rect(i))
    }

    /// One frame; `Some` when a player picks a row (B or HOME resume) or steps a setting
    /// row with left / right.
    pub fn update(&mut self, input: &Input, aspect: Aspect) -> Option<HomeEvent> {
        if Act::anyone(input).pressed(Buttons::HOME) {
            return Some(HomeEvent::Picked(HomeChoice::Resume, 0));
        }
        let rows = Self::rows(aspect);
        let n = self.items.len();
        match self.nav.update(input, n, |x, y| rows.at(n, x, y)) {
            ListEvent::Picked { row, by } => self.items.get(row).map(|&c| HomeEvent::Picked(c, by)),
            ListEvent::Back { by } => Some(HomeEvent::Picked(HomeChoice::Resume, by)),
            ListEvent::Step { row, dir, .. } => self
                .items
                .get(row)
                .and_then(|c| c.knob())
                .map(|k| HomeEvent::Stepped(k, dir)),
            ListEvent::None => None,
        }
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, t: &Strings) {
        ui::veil(list, aspect);
        let rows = Self::rows(aspect);
        let h = HEADING_H + rows.step * self.items.len() as i16 + 12;
        let r = ui::panel(list, aspect, 420, PANEL_Y, h);
        ui::text_centered(
            list,
            r.center().0,
            r.y + 16,
            t.home_heading,
            palette::GOLD,
            1,
        );
        let mut texts: Vec<Text<48>, MAX_ROWS> = Vec::new();
        for c in &self.items {
            let _ = texts.push(c.label(t, &self.settings));
        }
        let mut labels: Vec<&str, MAX_ROWS> = Vec::new();
        for l in &texts {
            let _ = labels.push(l.as_str());
        }
        rows.draw(list, &labels, self.nav.framed());
    }
}
