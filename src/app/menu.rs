//! The main menu scene: choose the game and the opponent (second Wii Remote, the same remote
//! passed around, the computer at Easy / Normal / Hard), then start (who starts is settled by
//! the rules' throw-off, shown next). The D-pad or each player's pointer choose a row,
//! left/right or A change its value, B goes back to the title. Each game has one rule set,
//! named under the rows (not a row that changes nothing).

use crate::gfx::{palette, Aspect, DrawList};

use super::config::{GameKind, Opponent, Setup};
use super::controls::{Act, ListEvent, ListNav};
use super::input::Input;
use super::strings::{fill, Strings};
use super::text::Text;
use super::ui::{self, Rows};

/// Rows of the menu.
pub const ROWS: usize = 4;
const GAME: usize = 0;
const OPPONENT: usize = 1;
pub const START: usize = 2;
pub const BACK: usize = 3;

/// What the menu did this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuEvent {
    None,
    /// A value changed (for the log).
    Changed,
    Start(Setup),
    Back,
}

/// The main menu's state: the set-up being chosen and the focus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MainMenu {
    pub setup: Setup,
    nav: ListNav,
}

impl MainMenu {
    /// The menu showing `setup`, the focus on "Start".
    pub fn new(setup: Setup) -> Self {
        MainMenu {
            setup,
            nav: ListNav::new(START),
        }
    }

    pub fn rows(aspect: Aspect) -> Rows {
        Rows {
            aspect,
            y: 130,
            w: 460,
            h: 42,
            step: 54,
        }
    }

    /// The focused row.
    pub fn selected(&self) -> usize {
        self.nav.selected
    }

    fn change(&mut self, row: usize, dir: i8) -> bool {
        match row {
            GAME => {
                self.setup.game = match self.setup.game {
                    GameKind::Senas => GameKind::Senet,
                    GameKind::Senet => GameKind::Senas,
                };
            }
            OPPONENT => {
                let all = Opponent::ALL;
                let n = all.len();
                let i = all
                    .iter()
                    .position(|&o| o == self.setup.opponent)
                    .unwrap_or(0);
                self.setup.opponent = all[(i + if dir < 0 { n - 1 } else { 1 }) % n];
            }
            _ => return false,
        }
        true
    }

    pub fn update(&mut self, input: &Input, aspect: Aspect) -> MenuEvent {
        let rows = Self::rows(aspect);
        let dir = Act::anyone(input).horizontal();
        if dir != 0 && self.change(self.nav.selected, dir) {
            return MenuEvent::Changed;
        }
        match self.nav.update(input, ROWS, |x, y| rows.at(ROWS, x, y)) {
            ListEvent::Picked { row: START, .. } => MenuEvent::Start(self.setup),
            ListEvent::Picked { row: BACK, .. } | ListEvent::Back { .. } => MenuEvent::Back,
            ListEvent::Picked { row, .. } => {
                self.nav.selected = row;
                if self.change(row, 1) {
                    MenuEvent::Changed
                } else {
                    MenuEvent::None
                }
            }
            ListEvent::None => MenuEvent::None,
        }
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, t: &Strings) {
        ui::backdrop(list, aspect, t.menu_heading);
        let mut game: Text<48> = Text::new();
        fill(&mut game, t.menu_game, &[&t.game_title(self.setup.game)]);
        let mut opp: Text<48> = Text::new();
        fill(
            &mut opp,
            t.menu_opponent,
            &[&t.opponent(self.setup.opponent)],
        );
        let labels = [game.as_str(), opp.as_str(), t.menu_start, t.menu_back];
        Self::rows(aspect).draw(list, &labels, self.nav.selected);
        let rules = match self.setup.game {
            GameKind::Senas => t.menu_rules_senas,
            GameKind::Senet => t.menu_rules_senet,
        };
        ui::text_centered(list, 320, 360, rules, palette::TEXT_DIM, 1);
        ui::text_centered(list, 320, 420, t.menu_footer, palette::TEXT_DIM, 1);
    }
}
