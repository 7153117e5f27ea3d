//! The main menu: choose the game, the opponent (second Wii Remote, the same remote passed
//! around, the computer at Easy / Normal / Hard) and the senet rules, then start (who starts is
//! settled by the rules' throw-off, shown next). D-pad up/down or the pointer choose a row,
//! left/right or A change its value, B goes back to the title.

use crate::games::senet::Variant;
use crate::gfx::layout::Painter;
use crate::gfx::{palette, Aspect, DrawList, Rect};

use super::config::{GameKind, Opponent, Setup};
use super::controls::{Act, ListEvent, ListNav};
use super::text::Text;
use super::ui::{self, Rows};

/// Rows of the menu.
pub const ROWS: usize = 5;
const GAME: usize = 0;
const OPPONENT: usize = 1;
const VARIANT: usize = 2;
pub const START: usize = 3;
pub const BACK: usize = 4;

/// What the menu did this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuEvent {
    None,
    /// A value changed (for the log).
    Changed,
    Start(Setup),
    Back,
}

/// The main menu's state: the set-up being chosen and the selected row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MainMenu {
    pub setup: Setup,
    pub nav: ListNav,
    opponent: usize,
}

impl MainMenu {
    pub fn new() -> Self {
        MainMenu {
            setup: Setup {
                game: GameKind::Senas,
                opponent: Opponent::ALL[1],
                variant: Variant::default(),
                demo: false,
            },
            nav: ListNav::new(START),
            opponent: 1,
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

    fn change(&mut self, row: usize, dir: i8) -> bool {
        match row {
            GAME => {
                self.setup.game = match self.setup.game {
                    GameKind::Senas => GameKind::Senet,
                    GameKind::Senet => GameKind::Senas,
                };
            }
            OPPONENT => {
                let n = Opponent::ALL.len();
                self.opponent = (self.opponent + if dir < 0 { n - 1 } else { 1 }) % n;
                self.setup.opponent = Opponent::ALL[self.opponent];
            }
            VARIANT => {
                let all = Variant::ALL;
                let i = all
                    .iter()
                    .position(|&v| v == self.setup.variant)
                    .unwrap_or(0);
                self.setup.variant = all[(i + 1) % all.len()];
            }
            _ => return false,
        }
        true
    }

    pub fn update(&mut self, act: &Act, aspect: Aspect) -> MenuEvent {
        let rows = Self::rows(aspect);
        let dir = act.horizontal();
        if dir != 0 && self.change(self.nav.selected, dir) {
            return MenuEvent::Changed;
        }
        match self.nav.update(act, ROWS, |x, y| rows.at(ROWS, x, y)) {
            ListEvent::Picked(START) => MenuEvent::Start(self.setup),
            ListEvent::Picked(BACK) | ListEvent::Back => MenuEvent::Back,
            ListEvent::Picked(row) => {
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

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect) {
        let vw = aspect.virtual_width();
        let mut p = Painter::new(list, aspect);
        p.fill(Rect::new(0, 0, vw, 480), palette::BACKGROUND);
        p.fill(Rect::new(0, 0, vw, 100), palette::BACKGROUND_BAND);
        p.text_centered(vw / 2, 26, "New match", palette::GOLD, 2);
        let game: Text<48> = Text::from_fmt(format_args!("Game: < {} >", self.setup.game.title()));
        let opp: Text<48> = Text::from_fmt(format_args!(
            "Opponent: < {} >",
            self.setup.opponent.label()
        ));
        let variant: Text<48> = match self.setup.game {
            GameKind::Senet => Text::from_fmt(format_args!("Senet rules: WiiBrew 2009")),
            GameKind::Senas => Text::from_fmt(format_args!("Senas rules: Lorca (docs/rules.md)")),
        };
        let labels = [
            game.as_str(),
            opp.as_str(),
            variant.as_str(),
            "Start: the throw-off decides who begins",
            "Back",
        ];
        Self::rows(aspect).draw(list, &labels, self.nav.selected);
        ui::text_centered(
            list,
            320,
            420,
            "Left/Right: change   A: select   B: back",
            palette::TEXT_DIM,
            1,
        );
    }
}

impl Default for MainMenu {
    fn default() -> Self {
        Self::new()
    }
}
