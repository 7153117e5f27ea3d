//! The controller-loss pause over a match: "Player 2: reconnect your Wii Remote", with a way
//! out for whoever still holds one: play on with one remote (passed around), or leave for
//! the main menu (asked again). HOME opens the HOME menu over it. The app closes the pause
//! when the remote comes back. Drawing in frame pixels.

use crate::gfx::{palette, Aspect, DrawList, Rect};

use super::input::Input;
use super::list_nav::{ListEvent, ListNav};
use super::strings::{fill, Strings};
use super::text::Text;
use super::ui::{self, Rows};

/// What a player chose in the pause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PauseChoice {
    /// The player `by` takes over the lost player's side(s).
    PlayOn {
        by: u8,
    },
    MainMenu,
}

/// The pause for player `player` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pause {
    pub player: u8,
    nav: ListNav,
}

impl Pause {
    pub const fn new(player: u8) -> Self {
        Pause {
            player,
            nav: ListNav::new(0),
        }
    }

    pub fn rows(aspect: Aspect) -> Rows {
        Rows {
            aspect,
            y: 250,
            w: 420,
            h: 40,
            step: 50,
        }
    }
    /// Frame rects of "Play on with one Wii Remote" and "Main menu".
    pub fn row_rects(aspect: Aspect) -> [Rect; 2] {
        let r = Self::rows(aspect);
        [r.rect(0), r.rect(1)]
    }

    /// The list's focus and aiming (which pointers are drawn).
    pub fn nav(&self) -> &ListNav {
        &self.nav
    }
    pub fn nav_mut(&mut self) -> &mut ListNav {
        &mut self.nav
    }

    pub fn update(&mut self, input: &Input, aspect: Aspect) -> Option<PauseChoice> {
        let rows = Self::rows(aspect);
        match self.nav.update(input, 2, |x, y| rows.at(2, x, y)) {
            ListEvent::Picked { row: 0, by } => Some(PauseChoice::PlayOn { by }),
            ListEvent::Picked { .. } => Some(PauseChoice::MainMenu),
            ListEvent::Back { .. } | ListEvent::Step { .. } | ListEvent::None => None,
        }
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, t: &Strings) {
        ui::veil(list, aspect);
        let r = ui::panel(list, aspect, 480, 150, 240);
        let mut line: Text<64> = Text::new();
        fill(&mut line, t.pause_reconnect, &[&(self.player + 1)]);
        ui::text_centered(
            list,
            r.center().0,
            r.y + 20,
            line.as_str(),
            palette::GOLD,
            1,
        );
        ui::text_centered(list, r.center().0, r.y + 52, t.pause_or, palette::TEXT, 1);
        Self::rows(aspect).draw(
            list,
            &[t.pause_play_on, t.pause_main_menu],
            self.nav.framed(),
        );
        ui::text_centered(
            list,
            r.center().0,
            r.bottom() - 30,
            t.pause_home,
            palette::TEXT_DIM,
            1,
        );
    }
}
