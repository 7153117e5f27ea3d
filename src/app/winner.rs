//! The end of a match: the final board stays on screen, dimmed, confetti falls over it, and
//! a panel drops in (`celebration.rs`) with the winner as the players know them ("You win!",
//! "The computer wins", "Player 2 wins") pulsing, the score, the match's length ("42 turns in
//! 7 min") and the rows Rematch / Main menu, which take no input until the panel has landed.
//! In demo mode it stays a moment and a rematch starts. Owns the finished match; places
//! everything in frame pixels (`ui.rs`); the win's sound is the app's (cued when this opens).

use crate::gfx::font::text_width;
use crate::gfx::{palette, Aspect, DrawList, Framed, Rect, Rgba};

use super::celebration::Celebration;
use super::goto::Goto;
use super::input::Input;
use super::list_nav::{ListEvent, ListNav};
use super::match_scene::Game;
use super::match_time::MatchClock;
use super::strings::Strings;
use super::ui::{self, Rows};

/// Frames the winner screen stays in demo mode before the rematch.
pub const DEMO_WINNER_FRAMES: u16 = 120;

/// Rows: rematch, main menu.
pub const ITEMS: usize = 2;

/// The panel in place, in frame pixels, centred: its top is at least `DROP_PX` down, so the
/// heading stays in the frame while the panel drops in.
const PANEL_W: i16 = 460;
const PANEL_Y: i16 = 92;
const PANEL_H: i16 = 280;
/// The heading's brightest colour (the pulse goes from gold to this and back).
const BRIGHT: Rgba = Rgba::rgb(255, 246, 206);
/// The footer's top (the storage note goes in the band above it, `Scene::note_band`).
const FOOTER_Y: i16 = 448;

/// The winner screen of a finished match.
pub struct Winner {
    pub game: Game,
    clock: MatchClock,
    party: Celebration,
    nav: ListNav,
    wait: u16,
}

impl Winner {
    /// The end of `game`, played for `clock`; `seed` places the confetti.
    pub fn new(game: Game, clock: MatchClock, seed: u32) -> Self {
        Winner {
            game,
            clock,
            party: Celebration::new(seed),
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

    /// The panel has landed: its rows take input.
    pub fn landed(&self) -> bool {
        self.party.landed()
    }

    /// The panel's rectangle this frame (above its place while it drops in).
    fn panel(&self) -> Rect {
        let y = PANEL_Y - self.party.drop_offset();
        Rect::new(320 - PANEL_W / 2, y, PANEL_W, PANEL_H)
    }

    fn rows(&self) -> Rows {
        Rows {
            aspect: Aspect::Standard,
            y: self.panel().y + 150,
            w: 320,
            h: 48,
            step: 58,
        }
    }

    /// The rows' rectangles this frame, in frame pixels (they move with the panel).
    pub fn row_rects(&self) -> impl Iterator<Item = Rect> {
        let rows = self.rows();
        (0..ITEMS).map(move |i| rows.rect(i))
    }

    /// One frame; `demo` rematches by itself. The rows ignore input until the panel lands.
    pub fn update(&mut self, input: &Input, demo: bool) -> Option<Goto> {
        self.party.tick();
        if demo {
            self.wait = self.wait.saturating_sub(1);
            return (self.wait == 0).then_some(Goto::Rematch);
        }
        if !self.party.landed() {
            return None;
        }
        let rows = self.rows();
        match self.nav.update(input, ITEMS, |x, y| rows.at(ITEMS, x, y)) {
            ListEvent::Picked { row: 0, .. } => Some(Goto::Rematch),
            ListEvent::Picked { .. } | ListEvent::Back { .. } => Some(Goto::Menu),
            ListEvent::Step { .. } | ListEvent::None => None,
        }
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, frame: u32, t: &Strings) {
        self.game.draw(list, aspect, frame, t);
        ui::veil(list, aspect);
        for (r, c) in self.party.confetti() {
            list.fill(r, c);
        }
        let p = self.panel();
        list.fill(p.inflate(6), Rgba::BLACK.with_alpha(90));
        list.fill(p, palette::WOOD_DARK);
        list.fill(p.inflate(-4), palette::BACKGROUND);
        list.outline(p, 3, palette::GOLD);
        let pulse = self.party.pulse();
        // A glow behind the heading, brighter as the heading brightens.
        let glow = Rect::new(p.x + 10, p.y + 12, p.w - 20, 56);
        list.fill(
            glow,
            palette::GOLD.with_alpha((16 + pulse * 48 / 256) as u8),
        );
        let heading = self.game.winner_line(t);
        let scale = if text_width(heading.as_str(), 2) <= p.w - 28 {
            2
        } else {
            1
        };
        let hy = p.y + 20 + if scale == 2 { 0 } else { 10 };
        ui::text_centered(list, 320, hy, heading.as_str(), mix(pulse), scale);
        list.fill(Rect::new(p.x + 40, p.y + 76, p.w - 80, 2), palette::GOLD);
        let score = self.game.score_line(t);
        ui::text_centered(list, 320, p.y + 88, score.as_str(), palette::TEXT, 1);
        let length = self.clock.length_line(self.game.turns(), t);
        ui::text_centered(list, 320, p.y + 114, length.as_str(), palette::TEXT_DIM, 1);
        draw_rows(list, &self.rows(), &t.winner_items, self.nav.framed());
        if self.party.landed() {
            ui::text_centered(list, 320, FOOTER_Y, t.winner_footer, palette::TEXT_DIM, 1);
        }
    }
}

/// The rows in the title's style (large labels), the `framed` ones in gold.
fn draw_rows(list: &mut DrawList, rows: &Rows, labels: &[&str], framed: Framed) {
    for (i, label) in labels.iter().enumerate() {
        let r = rows.rect(i);
        let on = framed.contains(i);
        if on {
            list.fill(r, palette::GOLD.with_alpha(70));
            list.outline(r, 3, palette::GOLD);
        } else {
            list.fill(r, Rgba::BLACK.with_alpha(90));
            list.outline(r, 2, palette::TEXT_DIM);
        }
        let color = if on { palette::GOLD } else { palette::TEXT };
        let scale = if text_width(label, 2) <= r.w - 16 {
            2
        } else {
            1
        };
        let y = r.y + (r.h - 20 * scale as i16) / 2;
        ui::text_centered(list, r.center().0, y, label, color, scale);
    }
}

/// Gold brightened towards `BRIGHT` by `pulse` (0..=256).
fn mix(pulse: i32) -> Rgba {
    let m = |a: u8, b: u8| (i32::from(a) + (i32::from(b) - i32::from(a)) * pulse / 256) as u8;
    let g = palette::GOLD;
    Rgba::rgb(m(g.r, BRIGHT.r), m(g.g, BRIGHT.g), m(g.b, BRIGHT.b))
}
