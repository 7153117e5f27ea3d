//! The winner screen: who won, as the players know them ("You win!", "The computer wins",
//! "Player 2 wins"), the score, and rematch or main menu (each player's pointer or the focus).
//! In demo mode it stays a moment and a rematch starts. Owns the finished match.

use crate::gfx::{Aspect, DrawList, TitleLayout, TitleView};

use super::goto::Goto;
use super::input::Input;
use super::list_nav::{ListEvent, ListNav};
use super::match_scene::Game;
use super::strings::Strings;
use super::text::Text;

/// Frames the winner screen stays in demo mode before the rematch.
pub const DEMO_WINNER_FRAMES: u16 = 120;

/// Rows: rematch, main menu.
pub const ITEMS: usize = 2;

/// The winner screen of a finished match.
pub struct Winner {
    pub game: Game,
    nav: ListNav,
    wait: u16,
}

impl Winner {
    pub fn new(game: Game) -> Self {
        Winner {
            game,
            nav: ListNav::new(0),
            wait: DEMO_WINNER_FRAMES,
        }
    }

    /// The list's focus and aiming (which pointers are drawn).
    pub fn nav(&self) -> &ListNav {
        &self.nav
    }
    pub fn nav_mut(&mut self) -> &mut ListNav {
        &mut self.nav
    }

    /// One frame; `demo` rematches by itself.
    /// The rows' rectangles, in frame pixels (the title's places).
    pub fn row_rects(aspect: Aspect) -> impl Iterator<Item = crate::gfx::Rect> {
        let title = TitleLayout::new(aspect);
        (0..ITEMS).map(move |i| title.item_rect(i))
    }

    pub fn update(&mut self, input: &Input, aspect: Aspect, demo: bool) -> Option<Goto> {
        if demo {
            self.wait = self.wait.saturating_sub(1);
            return (self.wait == 0).then_some(Goto::Rematch);
        }
        let layout = TitleLayout::new(aspect);
        match self
            .nav
            .update(input, ITEMS, |x, y| layout.item_at(ITEMS, x, y))
        {
            ListEvent::Picked { row: 0, .. } => Some(Goto::Rematch),
            ListEvent::Picked { .. } | ListEvent::Back { .. } => Some(Goto::Menu),
            ListEvent::Step { .. } | ListEvent::None => None,
        }
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, t: &Strings) {
        let mut sub: Text<96> = Text::new();
        sub.push_fmt(format_args!(
            "{}  {}",
            self.game.winner_line(t).as_str(),
            self.game.score_line(t).as_str()
        ));
        TitleLayout::new(aspect).draw(
            list,
            &TitleView {
                items: &t.winner_items,
                framed: self.nav.framed(),
                subtitle: sub.as_str(),
                footer: t.winner_footer,
            },
        );
    }
}
