//! The HOME menu, over any scene: resume, how to play, restart the match, main menu, the
//! language (it overrides the console's), exit to the Homebrew Channel (restart and main menu
//! only while a match is on). It always opens on
//! "Resume", and a pointer resting where the menu opens aims at nothing until it moves (see
//! `controls::POINTER_WAKE`). Reports the choice and who made it; drawing in frame pixels.

use heapless::Vec;

use crate::gfx::{palette, Aspect, DrawList, Rect};

use super::controls::{Act, ListEvent, ListNav};
use super::input::{Buttons, Input};
use super::strings::Strings;
use super::ui::{self, Rows};

/// What the player chose in the HOME menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HomeChoice {
    Resume,
    HowToPlay,
    Restart,
    MainMenu,
    Language,
    ExitToLoader,
}

impl HomeChoice {
    /// The row's label.
    pub fn label(self, t: &Strings) -> &'static str {
        match self {
            HomeChoice::Resume => t.home_resume,
            HomeChoice::HowToPlay => t.home_how_to_play,
            HomeChoice::Restart => t.home_restart,
            HomeChoice::MainMenu => t.home_main_menu,
            HomeChoice::Language => t.home_language,
            HomeChoice::ExitToLoader => t.home_exit,
        }
    }
}

/// Rows at most.
pub const MAX_ROWS: usize = 6;

/// The open HOME menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HomeMenu {
    items: Vec<HomeChoice, MAX_ROWS>,
    nav: ListNav,
}

impl HomeMenu {
    /// The menu over a match (`in_match`: restart and main menu are offered), on "Resume".
    pub fn new(in_match: bool) -> Self {
        let mut items = Vec::new();
        let all = [
            HomeChoice::Resume,
            HomeChoice::HowToPlay,
            HomeChoice::Restart,
            HomeChoice::MainMenu,
            HomeChoice::Language,
            HomeChoice::ExitToLoader,
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
            y: 132,
            w: 360,
            h: 40,
            step: 48,
        }
    }

    pub fn items(&self) -> &[HomeChoice] {
        &self.items
    }
    /// The focused row.
    pub fn selected(&self) -> usize {
        self.nav.selected
    }
    /// Frame rects of the rows.
    pub fn row_rects(&self, aspect: Aspect) -> impl Iterator<Item = Rect> + '_ {
        let rows = Self::rows(aspect);
        (0..self.items.len()).map(move |i| rows.rect(i))
    }

    /// One frame; `Some((choice, player))` when a player picks (B or HOME resume).
    pub fn update(&mut self, input: &Input, aspect: Aspect) -> Option<(HomeChoice, u8)> {
        if Act::anyone(input).pressed(Buttons::HOME) {
            return Some((HomeChoice::Resume, 0));
        }
        let rows = Self::rows(aspect);
        let n = self.items.len();
        match self.nav.update(input, n, |x, y| rows.at(n, x, y)) {
            ListEvent::Picked { row, by } => self.items.get(row).map(|&c| (c, by)),
            ListEvent::Back { by } => Some((HomeChoice::Resume, by)),
            ListEvent::None => None,
        }
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, t: &Strings) {
        ui::veil(list, aspect);
        let rows = Self::rows(aspect);
        let h = 60 + rows.step * self.items.len() as i16;
        let r = ui::panel(list, aspect, 420, 72, h);
        ui::text_centered(
            list,
            r.center().0,
            r.y + 16,
            t.home_heading,
            palette::GOLD,
            1,
        );
        let mut labels: Vec<&str, MAX_ROWS> = Vec::new();
        for c in &self.items {
            let _ = labels.push(c.label(t));
        }
        rows.draw(list, &labels, self.nav.selected);
    }
}
