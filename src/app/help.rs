//! "How to play": short pages of each game's rules, each with a diagram drawn with the game's
//! own art over positions built by the rules engines (`help/senas_figs.rs`,
//! `help/senet_figs.rs`), and the pager that shows them: Left/Right (or Up/Down) turn, A on
//! an arrow (under that player's own pointer) turns, A elsewhere reads on, B or HOME closes. The full rules are in docs/rules.md.
//! Reads input; never touches a match.

pub(crate) mod canvas;
pub(crate) mod mini_senas;
mod pages;
mod senas_figs;
pub(crate) mod senet_figs;
#[cfg(test)]
mod tests;

pub use pages::{
    of as pages_of, Figure, Page, Words, SENAS, SENAS_ES, SENET, SENET_ES, SENET_RULES,
};

use crate::gfx::{font, palette, Aspect, DrawList, Rect, Rgba};

use super::config::GameKind;
use super::controls::Act;
use super::input::{Buttons, Input};
use super::settings::Language;
use super::strings::fill;
use super::text::{wrap, Text};
use super::ui;
use canvas::Canvas;

/// The panel of every page, in frame pixels.
pub const PANEL: Rect = Rect::new(8, 6, 624, 468);
/// Where the diagram goes, in frame pixels, under a body of up to four lines
/// (`figure_area` moves its top down under a longer body).
pub const FIGURE: Rect = Rect::new(24, 144, 592, 280);
/// Top of the first body line, in frame pixels.
const BODY_Y: i16 = PANEL.y + 40;
/// Free rows between the last body line and the diagram.
pub const BODY_GAP: i16 = 4;
/// The "previous page" and "next page" buttons, in frame pixels.
pub const PREV: Rect = Rect::new(20, 430, 64, 34);
pub const NEXT: Rect = Rect::new(556, 430, 64, 34);
/// Longest body line, in frame pixels.
const BODY_W: i16 = 580;

/// The diagram's area under a body of `lines` lines: `FIGURE`, its top moved down (bottom
/// kept) when the body's last line would reach it, so no diagram covers the text.
pub fn figure_area(lines: usize) -> Rect {
    let n = lines.max(1) as i16;
    let body_bottom = BODY_Y + ui::LINE_STEP * (n - 1) + font::LINE_H;
    let top = FIGURE.y.max(body_bottom + BODY_GAP);
    Rect::new(FIGURE.x, top, FIGURE.w, FIGURE.bottom() - top)
}

/// The pages of the current game (both games from the title screen).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Help {
    pub game: Option<GameKind>,
    pub page: usize,
    /// The language of the pages.
    pub lang: Language,
}

impl Help {
    /// The pages of `game` (both games when `None`) in English, on the first page.
    pub const fn new(game: Option<GameKind>) -> Self {
        Help {
            game,
            page: 0,
            lang: Language::English,
        }
    }

    /// The same pages in `lang`.
    pub const fn in_language(mut self, lang: Language) -> Self {
        self.lang = lang;
        self
    }

    /// Page `i` of this game's pages (senet's end with one page per rule set).
    pub fn page_at(&self, i: usize) -> Option<Page> {
        let (senas, senet, rules, _) = pages::of(self.lang);
        let senet = senet.iter().chain(rules.iter());
        match self.game {
            Some(GameKind::Senas) => senas.get(i).copied(),
            Some(GameKind::Senet) => senet.copied().nth(i),
            None => senas.iter().chain(senet).nth(i).copied(),
        }
    }

    pub fn pages(&self) -> usize {
        let (senas, senet, rules, _) = pages::of(self.lang);
        match self.game {
            Some(GameKind::Senas) => senas.len(),
            Some(GameKind::Senet) => senet.len() + rules.len(),
            None => senas.len() + senet.len() + rules.len(),
        }
    }

    /// One frame; false when a player closes the pages.
    pub fn update(&mut self, input: &Input) -> bool {
        let anyone = Act::anyone(input);
        if anyone.pressed(Buttons::B) || anyone.pressed(Buttons::HOME) {
            return false;
        }
        let last = self.pages() - 1;
        if anyone.pressed(Buttons::LEFT) || anyone.pressed(Buttons::UP) {
            self.page = self.page.saturating_sub(1);
            return true;
        }
        if anyone.pressed(Buttons::RIGHT) || anyone.pressed(Buttons::DOWN) {
            self.page = (self.page + 1).min(last);
            return true;
        }
        // A: the first player who pressed it, with their own pointer.
        let Some(act) = (0..input.players.len() as u8)
            .map(|n| Act::player(input, n))
            .find(|a| a.pressed(Buttons::A))
        else {
            return true;
        };
        let on = |r: Rect| act.pointer.is_some_and(|p| r.contains(p.x, p.y));
        if on(PREV) {
            self.page = self.page.saturating_sub(1);
        } else if self.page == last && !on(NEXT) {
            return false;
        } else {
            self.page = (self.page + 1).min(last);
        }
        true
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect) {
        let Some(page) = self.page_at(self.page) else {
            return;
        };
        let r = PANEL;
        list.fill(r, palette::WOOD_DARK);
        list.fill(r.inflate(-4), palette::BACKGROUND);
        list.outline(r, 2, palette::GOLD);
        ui::text_centered(list, r.center().0, r.y + 12, page.title, palette::GOLD, 1);
        let lines = wrap(page.body, BODY_W, 1);
        ui::lines(list, r.x + 22, BODY_Y, &lines, palette::TEXT);
        let words = pages::of(self.lang).3;
        let area = figure_area(lines.len());
        let mut c = Canvas::new(list, aspect, area).with_words(words);
        match page.figure {
            Figure::SenasBoard => senas_figs::board(&mut c),
            Figure::SenasDice => senas_figs::dice(&mut c),
            Figure::SenasMoving => senas_figs::moving(&mut c),
            Figure::SenasStart => senas_figs::start(&mut c),
            Figure::SenasBearOff => senas_figs::bear_off(&mut c),
            Figure::SenetPath => senet_figs::path(&mut c),
            Figure::SenetSticks => senet_figs::sticks(&mut c),
            Figure::SenetCapture => senet_figs::capture(&mut c),
            Figure::SenetBarrier => senet_figs::barrier(&mut c),
            Figure::SenetWater => senet_figs::water(&mut c),
            Figure::SenetRules(v) => senet_figs::rules(&mut c, v),
        }
        let mut footer: Text<64> = Text::new();
        fill(
            &mut footer,
            words.footer,
            &[&(self.page + 1), &self.pages()],
        );
        ui::text_centered(
            list,
            r.center().0,
            PREV.y + 7,
            footer.as_str(),
            palette::TEXT_DIM,
            1,
        );
        let dim = |on: bool| if on { palette::GOLD } else { palette::TEXT_DIM };
        button(list, PREV, "<", dim(self.page > 0));
        button(list, NEXT, ">", dim(self.page + 1 < self.pages()));
    }
}

fn button(list: &mut DrawList, r: Rect, label: &str, c: Rgba) {
    list.fill(r, Rgba::BLACK.with_alpha(90));
    list.outline(r, 2, c);
    ui::text_centered(list, r.center().0, r.y + 7, label, c, 1);
}
