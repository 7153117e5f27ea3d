//! The HOME button menu over a match: resume, how to play, restart, main menu, exit to the
//! Homebrew Channel. Pauses the match while open; reports the choice to the app.

use crate::gfx::{Aspect, DrawList};

use super::controls::{Act, ListEvent, ListNav};
use super::input::Buttons;
use super::ui::{self, Rows};

/// What the player chose in the HOME menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HomeChoice {
    Resume,
    HowToPlay,
    Restart,
    MainMenu,
    ExitToLoader,
}

pub const ITEMS: [(&str, HomeChoice); 5] = [
    ("Resume", HomeChoice::Resume),
    ("How to play", HomeChoice::HowToPlay),
    ("Restart the match", HomeChoice::Restart),
    ("Main menu", HomeChoice::MainMenu),
    ("Exit to the Homebrew Channel", HomeChoice::ExitToLoader),
];

/// The open HOME menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct HomeMenu {
    pub nav: ListNav,
}

impl HomeMenu {
    pub fn rows(aspect: Aspect) -> Rows {
        Rows {
            aspect,
            y: 150,
            w: 360,
            h: 40,
            step: 50,
        }
    }

    /// One frame; `Some(choice)` when the player picks (B or HOME resume).
    pub fn update(&mut self, act: &Act, aspect: Aspect) -> Option<HomeChoice> {
        if act.pressed(Buttons::HOME) {
            return Some(HomeChoice::Resume);
        }
        let rows = Self::rows(aspect);
        match self
            .nav
            .update(act, ITEMS.len(), |x, y| rows.at(ITEMS.len(), x, y))
        {
            ListEvent::Picked(i) => ITEMS.get(i).map(|&(_, c)| c),
            ListEvent::Back => Some(HomeChoice::Resume),
            ListEvent::None => None,
        }
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect) {
        ui::veil(list, aspect);
        let r = ui::panel(list, aspect, 420, 90, 320);
        let mut p = crate::gfx::layout::Painter::new(list, aspect);
        p.text_centered(
            r.center().0,
            r.y + 16,
            "HOME menu",
            crate::gfx::palette::GOLD,
            1,
        );
        let labels = ITEMS.map(|(l, _)| l);
        Self::rows(aspect).draw(list, &labels, self.nav.selected);
    }
}
