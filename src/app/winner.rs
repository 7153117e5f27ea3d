//! The end of a match: the final board stays on screen, dimmed, confetti falls over it, and
//! a panel drops in (`celebration.rs`) with the winner as the players know them ("You win!",
//! "The computer wins", "Player 2 wins") pulsing, the score, the match's length ("42 turns in
//! 7 min") and the rows Rematch / Main menu, which take no input until the panel has landed.
//! After a match with a person a third row, Review, opens the review screen (`review.rs`),
//! whose figures are worked out over this screen's frames from its first; B there comes back
//! here. In demo mode it stays a moment and a rematch starts. Owns the finished match and its
//! review; places everything in frame pixels (`ui.rs`); the win's sound is the app's (cued when
//! this opens).

use crate::gfx::font::text_width;
use crate::gfx::{palette, Aspect, DrawList, Framed, Rect, Rgba};

use super::celebration::Celebration;
use super::config::GameKind;
use super::context::Ctx;
use super::controls::Act;
use super::goto::Goto;
use super::input::Input;
use super::list_nav::{ListEvent, ListNav};
use super::match_scene::Game;
use super::match_time::MatchClock;
use super::review::Review;
use super::strings::Strings;
use super::ui::{self, Rows};

/// Frames the winner screen stays in demo mode before the rematch.
pub const DEMO_WINNER_FRAMES: u16 = 120;

/// Rows: rematch, main menu (and review, after a match with a person: [`MAX_ITEMS`]).
pub const ITEMS: usize = 2;
/// Rows with the review.
pub const MAX_ITEMS: usize = 3;

/// The panel's width, in frame pixels, centred.
const PANEL_W: i16 = 460;

/// Where the panel sits and how its rows are laid out, in frame pixels. Its top is at least
/// `DROP_PX` down, so the heading stays in the frame while the panel drops in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shape {
    y: i16,
    h: i16,
    /// Offsets from the panel's top: the score line, the length line, the rows.
    score: i16,
    length: i16,
    rows: i16,
    /// The rows side by side (the low panel) or one above the other.
    side_by_side: bool,
}

impl Shape {
    /// Senas: the board fills the screen, the panel stands in its middle.
    const TALL: Shape = Shape {
        y: 92,
        h: 280,
        score: 88,
        length: 114,
        rows: 150,
        side_by_side: false,
    };
    /// Senet: the panel sits below the board's three rows (squares y 138..294 and the frame),
    /// so the final board stays in view, dimmed, at 4:3 and at 16:9.
    const LOW: Shape = Shape {
        y: 304,
        h: 138,
        score: 50,
        length: 70,
        rows: 96,
        side_by_side: true,
    };
}
/// The heading's brightest colour (the pulse goes from gold to this and back).
impl Shape {
    /// The panel after a match of `game`, taller by the review's row in the tall shape.
    fn of(game: GameKind, review: bool) -> Shape {
        let mut shape = match game {
            GameKind::Senas => Shape::TALL,
            GameKind::Senet => Shape::LOW,
        };
        if review && !shape.side_by_side {
            shape.h += 58;
        }
        shape
    }
}

/// Row `i` of `items` on a panel of `shape` whose top is at `panel_y`.
fn row_at(shape: Shape, items: usize, panel_y: i16, i: usize) -> Rect {
    let y = panel_y + shape.rows;
    if shape.side_by_side && items == MAX_ITEMS {
        Rect::new(100 + i as i16 * 150, y, 140, 36)
    } else if shape.side_by_side {
        Rect::new(110 + i as i16 * 220, y, 200, 36)
    } else {
        Rows {
            aspect: Aspect::Standard,
            y,
            w: 320,
            h: 48,
            step: 58,
        }
        .rect(i)
    }
}

const BRIGHT: Rgba = Rgba::rgb(255, 246, 206);
/// The footer's top (the storage note goes in the band above it, `Scene::note_band`).
const FOOTER_Y: i16 = 448;

/// The winner screen of a finished match.
pub struct Winner {
    pub game: Game,
    shape: Shape,
    clock: MatchClock,
    party: Celebration,
    nav: ListNav,
    wait: u16,
    review: Option<Review>,
}

impl Winner {
    /// The end of `game`, played for `clock`; `seed` places the confetti; `review`: the
    /// match's review, offered as a third row.
    pub fn new(game: Game, clock: MatchClock, seed: u32, review: Option<Review>) -> Self {
        let shape = Shape::of(game.kind(), review.is_some());
        Winner {
            game,
            shape,
            clock,
            party: Celebration::new(seed),
            nav: ListNav::new(0),
            wait: DEMO_WINNER_FRAMES,
            review,
        }
    }

    /// The rows offered: 2, or 3 with the review.
    pub fn items(&self) -> usize {
        ITEMS + usize::from(self.review.is_some())
    }

    /// The match's review (after a match with a person).
    pub fn review(&self) -> Option<&Review> {
        self.review.as_ref()
    }

    /// The review screen is showing.
    pub fn reviewing(&self) -> bool {
        self.review.as_ref().is_some_and(|r| r.open)
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
        let y = self.shape.y - self.party.drop_offset();
        Rect::new(320 - PANEL_W / 2, y, PANEL_W, self.shape.h)
    }

    /// Row `i`'s rectangle this frame (rows move with the panel).
    fn row_rect(&self, i: usize) -> Rect {
        row_at(self.shape, self.items(), self.panel().y, i)
    }

    /// Row `i`'s rectangle once the panel has landed, after a match of `game` (with the
    /// review's row after a match with a person): where a player points (the e2e tests).
    pub fn landed_row_rect(game: GameKind, review: bool, i: usize) -> Rect {
        let shape = Shape::of(game, review);
        row_at(shape, ITEMS + usize::from(review), shape.y, i)
    }

    /// The rows' rectangles this frame, in frame pixels (they move with the panel; none while
    /// the review shows).
    pub fn row_rects(&self) -> impl Iterator<Item = Rect> + '_ {
        let n = if self.reviewing() { 0 } else { self.items() };
        (0..n).map(move |i| self.row_rect(i))
    }

    /// One frame; `demo` rematches by itself. The rows ignore input until the panel lands.
    /// The review works on from the first frame, whether it shows or not.
    pub fn update(&mut self, ctx: &mut Ctx, input: &Input, demo: bool) -> Option<Goto> {
        self.party.tick();
        if let Some(r) = self.review.as_mut() {
            r.work(ctx);
            if r.open {
                if r.update(input) {
                    self.nav.rest();
                }
                return None;
            }
        }
        if demo {
            self.wait = self.wait.saturating_sub(1);
            return (self.wait == 0).then_some(Goto::Rematch);
        }
        if !self.party.landed() {
            return None;
        }
        if self.shape.side_by_side {
            // Side by side, left and right step between the rows as up and down do.
            let act = Act::anyone(input);
            let n = self.items();
            match act.horizontal() {
                h if h > 0 => self.nav.selected = (self.nav.selected + 1) % n,
                h if h < 0 => self.nav.selected = (self.nav.selected + n - 1) % n,
                _ => {}
            }
        }
        let n = self.items();
        let rects: [Rect; MAX_ITEMS] = core::array::from_fn(|i| self.row_rect(i));
        let at = |x, y| rects[..n].iter().position(|r| r.contains(x, y));
        match self.nav.update(input, n, at) {
            ListEvent::Picked { row: 0, .. } => Some(Goto::Rematch),
            ListEvent::Picked { row: 2, .. } => {
                if let Some(r) = self.review.as_mut() {
                    r.open = true;
                    ctx.note(format_args!("event=menu scene=review"));
                }
                None
            }
            ListEvent::Picked { .. } | ListEvent::Back { .. } => Some(Goto::Menu),
            ListEvent::Step { .. } | ListEvent::None => None,
        }
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, frame: u32, t: &Strings) {
        if let Some(r) = self.review.as_ref().filter(|r| r.open) {
            r.draw(list, aspect, t);
            return;
        }
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
        let tall = !self.shape.side_by_side;
        let glow = if tall {
            Rect::new(p.x + 10, p.y + 12, p.w - 20, 56)
        } else {
            Rect::new(p.x + 10, p.y + 6, p.w - 20, 40)
        };
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
        let top = if tall { 20 } else { 6 };
        let hy = p.y + top + if scale == 2 { 0 } else { 10 };
        ui::text_centered(list, 320, hy, heading.as_str(), mix(pulse), scale);
        let line_y = if tall { 76 } else { 48 };
        list.fill(
            Rect::new(p.x + 40, p.y + line_y, p.w - 80, 2),
            palette::GOLD,
        );
        let score = self.game.score_line(t);
        let s = self.shape;
        ui::text_centered(list, 320, p.y + s.score, score.as_str(), palette::TEXT, 1);
        let length = self.clock.length_line(self.game.turns(), t);
        ui::text_centered(
            list,
            320,
            p.y + s.length,
            length.as_str(),
            palette::TEXT_DIM,
            1,
        );
        let rects: [Rect; MAX_ITEMS] = core::array::from_fn(|i| self.row_rect(i));
        draw_rows(
            list,
            &rects[..self.items()],
            &t.winner_items,
            self.nav.framed(),
        );
        // The footer's band hides the match's last bottom-bar notice (it would show through).
        list.fill(
            Rect::new(0, FOOTER_Y - 4, 640, 480 - FOOTER_Y + 4),
            palette::BACKGROUND,
        );
        if self.party.landed() {
            ui::text_centered(list, 320, FOOTER_Y, t.winner_footer, palette::TEXT_DIM, 1);
        }
    }
}

/// The rows in the title's style (large labels), the `framed` ones in gold.
fn draw_rows(list: &mut DrawList, rects: &[Rect], labels: &[&str], framed: Framed) {
    for (i, (label, &r)) in labels.iter().zip(rects).enumerate() {
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
