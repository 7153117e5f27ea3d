//! The main menu scene: continue the saved match (when there is one), choose the game and the
//! opponent (second Wii Remote, the same remote passed around, the computer at Beginner / Easy
//! / Normal / Hard, with a measured line on what the level is, `level_line.rs`), start (who
//! starts is settled by the rules' throw-off, shown next), the statistics, back. The D-pad or each player's pointer choose a row, left/right or A change its value, B
//! goes back to the title. Senet has a "Rules" row that chooses among its reconstructions
//! (WiiBrew 2009, Kendall, Jequier); senas has one rule set, named under the rows.

use crate::gfx::{palette, Aspect, DrawList};

use super::config::{GameKind, Opponent, Setup};
use super::goto::Goto;
use super::input::Input;
use super::list_nav::{ListEvent, ListNav};
use super::log::LogSink;
use super::strings::{fill, Strings};
use super::text::Text;
use super::ui::{self, Rows};
use crate::emit;
use crate::games::senet::Variant;

/// Most rows of the menu (a saved match offered, senet with its "Rules" row).
pub const MAX_ROWS: usize = 7;

/// The rows after "Continue" (when offered) for `game`, top to bottom.
pub fn rows_of(game: GameKind) -> &'static [Row] {
    const SENAS: [Row; 5] = [
        Row::Game,
        Row::Opponent,
        Row::Start,
        Row::Statistics,
        Row::Back,
    ];
    const SENET: [Row; 6] = [
        Row::Game,
        Row::Opponent,
        Row::Rules,
        Row::Start,
        Row::Statistics,
        Row::Back,
    ];
    match game {
        GameKind::Senas => &SENAS,
        GameKind::Senet => &SENET,
    }
}

/// The index of "Start" when `game` is chosen and no saved match is offered (tests, e2e
/// pointer clicks).
pub fn start_row(game: GameKind) -> usize {
    rows_of(game)
        .iter()
        .position(|&r| r == Row::Start)
        .unwrap_or(0)
}

/// One row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Continue,
    Game,
    Opponent,
    Rules,
    Start,
    Statistics,
    Back,
}

/// What the menu did this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuEvent {
    None,
    /// A value changed (for the log).
    Changed,
    Start(Setup),
    /// Resume the saved match.
    Continue,
    Statistics,
    Back,
}

/// The saved match the menu offers to continue: game, opponent, turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    pub game: GameKind,
    pub opponent: Opponent,
    pub turns: u32,
}

/// The main menu's state: the set-up being chosen and the focus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MainMenu {
    pub setup: Setup,
    nav: ListNav,
    offer: Option<Offer>,
}

impl MainMenu {
    /// The menu showing `setup`, the focus on "Start" (or on "Continue" when offered).
    pub fn new(setup: Setup) -> Self {
        Self::with_offer(setup, None)
    }

    pub fn with_offer(setup: Setup, offer: Option<Offer>) -> Self {
        let mut m = MainMenu {
            setup,
            nav: ListNav::new(0),
            offer,
        };
        let first = if offer.is_some() {
            Row::Continue
        } else {
            Row::Start
        };
        m.nav.selected = m.index_of(first).unwrap_or(0);
        m
    }

    /// The rows showing, top to bottom.
    pub fn row_list(&self) -> heapless::Vec<Row, MAX_ROWS> {
        let mut v = heapless::Vec::new();
        if self.offer.is_some() {
            let _ = v.push(Row::Continue);
        }
        for &r in rows_of(self.setup.game) {
            let _ = v.push(r);
        }
        v
    }
    pub fn row_count(&self) -> usize {
        self.row_list().len()
    }
    pub fn index_of(&self, row: Row) -> Option<usize> {
        self.row_list().iter().position(|&r| r == row)
    }

    pub fn rows(aspect: Aspect) -> Rows {
        Rows {
            aspect,
            y: 100,
            w: 520,
            h: 36,
            step: 42,
        }
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

    fn change(&mut self, row: usize, dir: i8) -> bool {
        match self.row_list().get(row) {
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

    /// The rows' rectangles, in frame pixels.
    pub fn row_rects(&self, aspect: Aspect) -> impl Iterator<Item = crate::gfx::Rect> {
        let rows = Self::rows(aspect);
        (0..self.row_count()).map(move |i| rows.rect(i))
    }

    /// One frame as a scene: what the menu asks for next (a change of set-up is logged).
    pub fn step(&mut self, input: &Input, aspect: Aspect, log: &mut dyn LogSink) -> Option<Goto> {
        match self.update(input, aspect) {
            MenuEvent::Start(setup) => Some(Goto::Start(setup)),
            MenuEvent::Continue => Some(Goto::Continue),
            MenuEvent::Statistics => Some(Goto::Statistics),
            MenuEvent::Back => Some(Goto::Title),
            MenuEvent::Changed => {
                emit!(
                    log,
                    "event=menu scene=main game={} opponent={} variant={}",
                    self.setup.game.name(),
                    self.setup.opponent.key(),
                    self.setup.variant
                );
                None
            }
            MenuEvent::None => None,
        }
    }

    pub fn update(&mut self, input: &Input, aspect: Aspect) -> MenuEvent {
        let rows = Self::rows(aspect);
        let count = self.row_count();
        let list = self.row_list();
        match self.nav.update(input, count, |x, y| rows.at(count, x, y)) {
            ListEvent::Picked { row, .. } => match list.get(row) {
                Some(Row::Start) => MenuEvent::Start(self.setup),
                Some(Row::Continue) => MenuEvent::Continue,
                Some(Row::Statistics) => MenuEvent::Statistics,
                Some(Row::Back) | None => MenuEvent::Back,
                Some(Row::Game | Row::Opponent | Row::Rules) => {
                    self.nav.selected = row;
                    if self.change(row, 1) {
                        MenuEvent::Changed
                    } else {
                        MenuEvent::None
                    }
                }
            },
            ListEvent::Step { row, dir, .. } => {
                if self.change(row, dir) {
                    MenuEvent::Changed
                } else {
                    MenuEvent::None
                }
            }
            ListEvent::Back { .. } => MenuEvent::Back,
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
        let mut cont: Text<64> = Text::new();
        if let Some(o) = self.offer {
            fill(
                &mut cont,
                t.menu_continue,
                &[
                    &t.game_title(o.game),
                    &t.opponent(o.opponent),
                    &(o.turns + 1),
                ],
            );
        }
        let mut rules: Text<48> = Text::new();
        fill(
            &mut rules,
            t.menu_rules,
            &[&t.variant_name(self.setup.variant)],
        );
        let labels: heapless::Vec<&str, MAX_ROWS> = self
            .row_list()
            .iter()
            .map(|r| match r {
                Row::Continue => cont.as_str(),
                Row::Game => game.as_str(),
                Row::Opponent => opp.as_str(),
                Row::Rules => rules.as_str(),
                Row::Start => t.menu_start,
                Row::Statistics => t.menu_statistics,
                Row::Back => t.menu_back,
            })
            .collect();
        Self::rows(aspect).draw(list, &labels, self.nav.framed());
        let below: Text<80> = match (self.row_list().get(self.nav.selected), self.setup.opponent) {
            // While the opponent row is chosen, what the computer's level is.
            (Some(Row::Opponent), Opponent::Computer(l)) => {
                super::level_line::line(t, self.setup.game, self.setup.variant, l)
            }
            _ => {
                let mut s = Text::new();
                s.set(match self.setup.game {
                    GameKind::Senas => t.menu_rules_senas,
                    GameKind::Senet => t.variant_blurb(self.setup.variant),
                });
                s
            }
        };
        ui::text_centered(list, 320, 400, below.as_str(), palette::TEXT_DIM, 1);
        ui::text_centered(list, 320, 432, t.menu_footer, palette::TEXT_DIM, 1);
    }
}
