//! The HOME button menu over a match: resume, how to play, restart, main menu, exit to the
//! Homebrew Channel, and the sound settings (music and effects volume, rumble: Left/Right
//! step, A cycles). Pauses the match while open; reports the choice to the app and changes
//! the settings it is lent.

use crate::gfx::{Aspect, DrawList};

use super::controls::{Act, ListEvent, ListNav};
use super::input::Buttons;
use super::settings::{SettingRow, Settings};
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

/// Rows: the choices, then one per setting.
pub const ROWS: usize = ITEMS.len() + SettingRow::ALL.len();

/// The open HOME menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct HomeMenu {
    pub nav: ListNav,
}

impl HomeMenu {
    pub fn rows(aspect: Aspect) -> Rows {
        Rows {
            aspect,
            y: 112,
            w: 360,
            h: 32,
            step: 38,
        }
    }

    /// One frame; `Some(choice)` when the player picks (B or HOME resume).
    /// Left/Right or A on a setting row change `settings`.
    pub fn update(
        &mut self,
        act: &Act,
        aspect: Aspect,
        settings: &mut Settings,
    ) -> Option<HomeChoice> {
        if act.pressed(Buttons::HOME) {
            return Some(HomeChoice::Resume);
        }
        let rows = Self::rows(aspect);
        let setting = |i: usize| {
            i.checked_sub(ITEMS.len())
                .and_then(|k| SettingRow::ALL.get(k))
        };
        let event = self.nav.update(act, ROWS, |x, y| rows.at(ROWS, x, y));
        if let (Some(&row), 0) = (setting(self.nav.selected), act.vertical()) {
            if act.horizontal() != 0 {
                settings.step(row, act.horizontal());
            }
        }
        match event {
            ListEvent::Picked(i) => match setting(i) {
                Some(&row) => {
                    settings.cycle(row);
                    None
                }
                None => ITEMS.get(i).map(|&(_, c)| c),
            },
            ListEvent::Back => Some(HomeChoice::Resume),
            ListEvent::None => None,
        }
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, settings: &Settings) {
        ui::veil(list, aspect);
        let r = ui::panel(list, aspect, 420, 64, 368);
        let mut p = crate::gfx::layout::Painter::new(list, aspect);
        p.text_centered(
            r.center().0,
            r.y + 14,
            "HOME menu",
            crate::gfx::palette::GOLD,
            1,
        );
        let texts = SettingRow::ALL.map(|row| settings.label(row));
        let mut labels = [""; ROWS];
        for (l, (item, _)) in labels.iter_mut().zip(ITEMS) {
            *l = item;
        }
        for (l, t) in labels[ITEMS.len()..].iter_mut().zip(&texts) {
            *l = t.as_str();
        }
        Self::rows(aspect).draw(list, &labels, self.nav.selected);
    }
}
