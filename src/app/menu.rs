//! The main menu scene: choose the game and the opponent (second Wii Remote, the same remote
//! passed around, the computer at Easy / Normal / Hard), then start (who starts is settled by
//! the rules' throw-off, shown next). The D-pad or each player's pointer choose a row,
//! left/right or A change its value, B goes back to the title. Senet has a "Rules" row that
//! chooses among its reconstructions (WiiBrew 2009, Kendall, Jequier); senas has one rule set,
//! named under the rows (not a row that changes nothing).

use crate::gfx::{palette, Aspect, DrawList};

use super::config::{GameKind, Opponent, Setup};
use super::controls::{Act, ListEvent, ListNav};
use super::input::Input;
use super::strings::{fill, Strings};
use super::text::Text;
use super::ui::{self, Rows};
use crate::games::senet::Variant;

/// The most rows the menu has (senet, with its "Rules" row).
pub const ROWS: usize = 5;

/// What a row of the menu is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Game,
    Opponent,
    Rules,
    Start,
    Back,
}

const SENAS_ROWS: [Row; 4] = [Row::Game, Row::Opponent, Row::Start, Row::Back];
const SENET_ROWS: [Row; 5] = [Row::Game, Row::Opponent, Row::Rules, Row::Start, Row::Back];

/// The index of the "Start" row when `game` is chosen.
pub fn start_row(game: GameKind) -> usize {
    rows_of(game)
        .iter()
        .position(|&r| r == Row::Start)
        .unwrap_or(0)
}

/// The rows shown for `game`, top to bottom.
pub fn rows_of(game: GameKind) -> &'static [Row] {
    match game {
        GameKind::Senas => &SENAS_ROWS,
        GameKind::Senet => &SENET_ROWS,
    }
}

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
            nav: ListNav::new(start_row(setup.game)),
        }
    }

    /// How many rows the menu shows now.
    pub fn row_count(&self) -> usize {
        rows_of(self.setup.game).len()
    }

    pub fn rows(aspect: Aspect) -> Rows {
        Rows {
            aspect,
            y: 118,
            w: 460,
            h: 42,
            step: 52,
        }
    }

    /// The focused row.
    pub fn selected(&self) -> usize {
        self.nav.selected
    }

    fn change(&mut self, row: usize, dir: i8) -> bool {
        match rows_of(self.setup.game).get(row) {
            Some(Row::Game) => {
                self.setup.game = match self.setup.game {
                    GameKind::Senas => GameKind::Senet,
                    GameKind::Senet => GameKind::Senas,
                };
                // Keep the focus on a row that exists in the other game's list.
                self.nav.selected = self.nav.selected.min(self.row_count() - 1);
            }
            Some(Row::Rules) => {
                let all = Variant::ALL;
                let n = all.len();
                let i = all
                    .iter()
                    .position(|&v| v == self.setup.variant)
                    .unwrap_or(0);
                self.setup.variant = all[(i + if dir < 0 { n - 1 } else { 1 }) % n];
            }
            Some(Row::Opponent) => {
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
        let kinds = rows_of(self.setup.game);
        let n = kinds.len();
        match self.nav.update(input, n, |x, y| rows.at(n, x, y)) {
            ListEvent::Picked { row, .. } if kinds.get(row) == Some(&Row::Start) => {
                MenuEvent::Start(self.setup)
            }
            ListEvent::Picked { row, .. } if kinds.get(row) == Some(&Row::Back) => MenuEvent::Back,
            ListEvent::Back { .. } => MenuEvent::Back,
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
        let mut rules: Text<48> = Text::new();
        fill(
            &mut rules,
            t.menu_rules,
            &[&t.variant_name(self.setup.variant)],
        );
        let mut labels = [""; ROWS];
        for (label, row) in labels.iter_mut().zip(rows_of(self.setup.game)) {
            *label = match row {
                Row::Game => game.as_str(),
                Row::Opponent => opp.as_str(),
                Row::Rules => rules.as_str(),
                Row::Start => t.menu_start,
                Row::Back => t.menu_back,
            };
        }
        let n = self.row_count();
        Self::rows(aspect).draw(list, &labels[..n], self.nav.selected);
        let below = match self.setup.game {
            GameKind::Senas => t.menu_rules_senas,
            GameKind::Senet => t.variant_blurb(self.setup.variant),
        };
        ui::text_centered(list, 320, 400, below, palette::TEXT_DIM, 1);
        ui::text_centered(list, 320, 432, t.menu_footer, palette::TEXT_DIM, 1);
    }
}
