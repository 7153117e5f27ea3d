//! "How to play": short pages of each game's rules (what a new player needs at the board), and
//! the pager that shows them (left/right or A to turn, B to close). Text only; the full rules
//! are in docs/rules.md.

use crate::gfx::{palette, Aspect, DrawList};

use super::config::GameKind;
use super::controls::Act;
use super::input::Buttons;
use super::text::{wrap, Text};
use super::ui;

/// One page: a title and a paragraph.
pub type Page = (&'static str, &'static str);

pub const SENAS: [Page; 5] = [
    (
        "Senas (Lorca, 13th century)",
        "Each side has 15 pieces on its first hole. Race them round the 24 holes, four senas of \
      six, and be the first to bear them all off.",
    ),
    (
        "Rolling",
        "Roll three dice. Three different numbers give three moves. A pair gives the pair four \
      times and the odd die once; a triple gives six moves. Three sixes is a tute: play them, \
      then roll again.",
    ),
    (
        "Moving",
        "Point at a piece and press A (or use the D-pad): its targets light up. Press A on a \
      target. A hole held by the opponent is closed. B takes a move back until you confirm \
      the turn with A. Button 1 shows a hint.",
    ),
    (
        "The rules of the start",
        "The first piece runs alone until it reaches the fourth sena; only then may others leave \
      the start. At the end of a turn you may hold at most two holes of your first sena. Play \
      as many of the dice as you can.",
    ),
    (
        "Gifts and bearing off",
        "Numbers you cannot use pass to the opponent as a gift, played before their own roll. \
      Bear off once all your pieces are in the fourth sena; a larger number bears off only \
      your rearmost piece.",
    ),
];

pub const SENET: [Page; 4] = [
    (
        "Senet (ancient Egypt)",
        "Five cones against five spools on 30 squares along an S path: 1 to 10, 11 to 20 back, \
      21 to 30. Be the first to bear all your pieces off past square 30.",
    ),
    (
        "The sticks",
        "Four sticks are thrown: the white faces up give the move, 1 to 4; no white face gives \
      6. After a 1, a 3 or a 6 you throw again.",
    ),
    (
        "Moving and capturing",
        "Move one piece forward by the throw. Landing on a lone opponent swaps the two pieces. \
      Two pieces side by side protect each other; three in a row are a barrier nobody passes.",
    ),
    (
        "Special squares",
        "Squares 26, 28, 29 and 30 are safe. Square 27 is the water: a piece landing there goes \
      back to square 15. With no forward move you must move back; with no move at all the \
      throw is lost.",
    ),
];

/// The pages of the current game (both games from the title screen).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Help {
    pub game: Option<GameKind>,
    pub page: usize,
}

impl Help {
    pub const fn new(game: Option<GameKind>) -> Self {
        Help { game, page: 0 }
    }

    fn page_at(&self, i: usize) -> Option<Page> {
        match self.game {
            Some(GameKind::Senas) => SENAS.get(i).copied(),
            Some(GameKind::Senet) => SENET.get(i).copied(),
            None => SENAS.iter().chain(SENET.iter()).nth(i).copied(),
        }
    }

    pub fn pages(&self) -> usize {
        match self.game {
            Some(GameKind::Senas) => SENAS.len(),
            Some(GameKind::Senet) => SENET.len(),
            None => SENAS.len() + SENET.len(),
        }
    }

    /// One frame; false when the player closes the pages.
    pub fn update(&mut self, act: &Act) -> bool {
        if act.pressed(Buttons::B) || act.pressed(Buttons::HOME) {
            return false;
        }
        let last = self.pages() - 1;
        if act.pressed(Buttons::RIGHT) || act.pressed(Buttons::DOWN) {
            self.page = (self.page + 1).min(last);
        }
        if act.pressed(Buttons::LEFT) || act.pressed(Buttons::UP) {
            self.page = self.page.saturating_sub(1);
        }
        if act.pressed(Buttons::A) {
            if self.page == last {
                return false;
            }
            self.page += 1;
        }
        true
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect) {
        let Some((title, body)) = self.page_at(self.page) else {
            return;
        };
        ui::veil(list, aspect);
        let r = ui::panel(list, aspect, 600, 70, 340);
        ui::text_centered(list, r.center().0, r.y + 16, title, palette::GOLD, 1);
        let lines = wrap(body, 54);
        ui::lines(list, r.x + 28, r.y + 60, &lines, palette::TEXT);
        let footer: Text<64> = Text::from_fmt(format_args!(
            "Page {} of {}   A: next   B: close",
            self.page + 1,
            self.pages()
        ));
        ui::text_centered(
            list,
            r.center().0,
            r.bottom() - 34,
            footer.as_str(),
            palette::TEXT_DIM,
            1,
        );
    }
}
