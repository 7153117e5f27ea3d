//! Drawing a senet match: the board through `gfx::SenetLayout` (squares, pieces, borne-off
//! pieces, sticks and the throw's value, highlights, faint square numbers while a person
//! moves), then the app's overlays: the sticks thrown while throwing (paths from
//! `throw_anim`), the hint's squares lit, the D-pad focus, pieces in flight (a capture's swap,
//! the drift back from the water), the notice box and, with the hint, the win-chance bar
//! (`app::chance_bar`, the status line cut before it).
//! Reads the match; changes nothing.

use crate::games::senet::{Position, Side, OFF};
use crate::gfx::layout::lift;
use crate::gfx::layout::senet::EXIT_BIT;
use crate::gfx::layout::SenetCell;
use crate::gfx::{palette, AssetId, DrawList, Rect, Rgba, SenetLayout, SenetView};

use crate::app::anim::{lerp_rect, Timer};
use crate::app::chance_bar;
use crate::app::names::{self, senet_art as art};
use crate::app::notice::Tone;
use crate::app::strings::{fill, Strings};
use crate::app::text::Text;
use crate::app::throw_anim::{draw_shadow, toss, Path, Toss};
use crate::app::ui;

use super::flow::{Phase, SenetMatch};

impl SenetMatch {
    /// Squares and borne-off counts of `pos`, with `lifted` squares shown empty.
    fn cells(pos: &Position, lifted: &[u8]) -> ([SenetCell; 30], [u8; 2]) {
        let mut squares = [SenetCell::Empty; 30];
        for (i, cell) in squares.iter_mut().enumerate() {
            let s = i as u8 + 1;
            if lifted.contains(&s) {
                continue;
            }
            *cell = match pos.at(s) {
                Some(Side::A) => SenetCell::One,
                Some(Side::B) => SenetCell::Two,
                None => SenetCell::Empty,
            };
        }
        (squares, [pos.borne_off(Side::A), pos.borne_off(Side::B)])
    }

    /// Where the board draws a piece of `side` on square `s`, or (`OFF`) as the piece borne off
    /// after the ones `pos` counts; the exit's middle if the board shows no such piece.
    fn piece_rect(layout: &SenetLayout, pos: &Position, side: Side, s: u8) -> Rect {
        if s != OFF && s != 0 {
            return layout.piece_rect(usize::from(s - 1));
        }
        let k = usize::from(pos.borne_off(side));
        if k < 5 {
            return layout.off_rect(side.index(), k);
        }
        let r = layout.exit_rect();
        let w = layout.aspect.rect(Rect::new(0, 0, 36, 36)).w;
        Rect::new(r.x + (r.w - w) / 2, r.y + 8, w, 36)
    }

    fn status(&self, t: &Strings) -> Text<80> {
        let side = self.pos.side_to_move();
        let who = self.seats.name(side.index(), t);
        let doing = match self.phase {
            Phase::Throwing(_) => t.doing_throw,
            Phase::Human if self.selected.is_some() => t.doing_place,
            Phase::Human => t.doing_pick,
            Phase::Thinking => t.doing_think,
            Phase::Moving { .. } => t.doing_move,
            Phase::Passing(_) => t.doing_cannot,
            Phase::Over => "",
        };
        let mut out = Text::new();
        match self.pos.winner() {
            Some(w) => fill(&mut out, t.sides_win, &[&names::senet_side(t, w)]),
            None => fill(
                &mut out,
                t.status_line,
                &[&names::senet_side(t, side), &who.as_str(), &doing],
            ),
        }
        out
    }

    /// Draws the match (no pointers).
    pub fn draw(&self, list: &mut DrawList, layout: &SenetLayout, frame: u32, t: &Strings) {
        let side = self.pos.side_to_move();
        // (what the board shows, pieces in flight: (side, from, to, progress))
        let mut flights: [Option<(Side, u8, u8, i32)>; 2] = [None, None];
        let (squares, off) = match self.phase {
            Phase::Moving {
                mv,
                stage: 0,
                timer,
            } => {
                let t = timer.glide();
                let captured = self.pos.at(mv.to()) == Some(side.other());
                flights[0] = Some((side, mv.from(), mv.to(), t));
                if captured {
                    flights[1] = Some((side.other(), mv.to(), mv.from(), t));
                }
                Self::cells(&self.pos, &[mv.from(), mv.to()])
            }
            Phase::Moving { mv, timer, .. } => {
                let rest = self.water_rest(mv).unwrap_or(mv.to());
                flights[0] = Some((side, mv.to(), rest, timer.glide()));
                Self::cells(&self.next, &[rest])
            }
            _ => Self::cells(&self.pos, &[]),
        };
        let (sticks, throw) = match (self.phase, self.throw) {
            // Thrown: `draw_throw` draws them in the air.
            (Phase::Throwing(_), _) => ([false; 4], 0),
            (_, Some(th)) => (self.sticks, th.distance()),
            _ => ([false; 4], 0),
        };
        let bar = self.hint_chance();
        // The status starts at the layout's virtual x 68; the chance bar's room ends it.
        let status = chance_bar::status(self.status(t).as_str(), layout.aspect, 68, t, bar);
        let human = matches!(self.phase, Phase::Human);
        let message = if !self.message.is_empty() {
            self.message.as_str()
        } else if human {
            t.senet_controls
        } else {
            ""
        };
        let view = SenetView {
            squares,
            off,
            sticks,
            throw,
            highlights: self.highlights(),
            selected: self.selected.map(|s| s - 1),
            hinted: match (human, self.hint_move) {
                (true, Some(mv)) => square_bit(mv.from()) | square_bit(mv.to()),
                _ => 0,
            },
            to_move: side.index() as u8,
            status: status.as_str(),
            message,
            // The app draws its own pieces in flight (captures swap two at once).
            moving: None,
            numbers: human,
            frame,
        };
        layout.draw(list, &view);
        if let Phase::Throwing(timer) = self.phase {
            // The layout hides sticks without a value, so the thrown ones are drawn here.
            self.draw_throw(list, layout, timer);
        }
        if human {
            list.outline(
                Self::focus_rect(layout, self.focus).inflate(1),
                2,
                palette::GOLD,
            );
            if let Some(c) = bar {
                chance_bar::draw(list, t, c);
            }
        }
        for (s, from, to, t) in flights.into_iter().flatten() {
            let a = Self::piece_rect(layout, &self.pos, s, from);
            let b = Self::piece_rect(layout, &self.pos, s, to);
            let (ground, air) = (lerp_rect(a, b, t, 0), lerp_rect(a, b, t, 36));
            lift::gliding(list, layout.aspect, art(s), ground, air);
        }
        if !self.notice.is_empty() {
            let color = match self.notice.tone() {
                Tone::Refusal => palette::GOLD,
                Tone::Info => palette::TEXT,
            };
            ui::notice(list, layout.aspect, 44, self.notice.as_str(), color);
        }
    }

    /// The four sticks thrown from the hand below the board: they rise together and spread
    /// in an arc, flip over (light and dark faces in turn, edge on between, ever more slowly),
    /// hop once and lie on their places at the throw's last frame; the throw itself is drawn
    /// when the timer runs out and its faces show on the next frame, with its sound.
    fn draw_throw(&self, list: &mut DrawList, layout: &SenetLayout, timer: Timer) {
        let middle = (layout.stick_rect(0).center().0 + layout.stick_rect(3).center().0) / 2;
        let tosses: [Option<(Toss, Rect)>; 4] = core::array::from_fn(|k| {
            let rest = layout.stick_rect(k);
            let path = Path {
                // Gathered in the hand: side by side, a few pixels apart.
                from: (middle - rest.center().0 + [-9, -3, 3, 9][k], 48),
                lift: [96, 112, 104, 88][k],
                delay: [0, 18, 8, 28][k],
                spin: [3, 3, 4, 3][k],
                bounce: [5, 4, 6, 4][k],
            };
            toss(timer, rest, &path).map(|t| {
                // Turning over, a stick shows its edge: narrower, about its middle.
                let w = (i32::from(t.rect.w) * t.flat.max(40) / 256) as i16;
                let x = t.rect.x + (t.rect.w - w) / 2;
                (t, Rect::new(x, t.rect.y, w, t.rect.h))
            })
        });
        for (t, r) in tosses.iter().flatten() {
            if let Some(s) = t.shadow {
                draw_shadow(
                    list,
                    Rect::new(s.x + (s.w - r.w) / 2, s.y, r.w, s.h),
                    t.height,
                );
            }
        }
        for (k, toss) in tosses.iter().enumerate() {
            let Some((t, r)) = toss else { continue };
            let light = (self.turns ^ k as u32 ^ t.turns) & 1 == 0;
            let a = if light {
                AssetId::StickLight
            } else {
                AssetId::StickDark
            };
            list.sprite(a, *r, Rgba::WHITE, false);
        }
    }

    fn focus_rect(layout: &SenetLayout, s: u8) -> Rect {
        if s == OFF {
            layout.exit_rect()
        } else {
            layout.square_rect(usize::from(s - 1))
        }
    }
}

/// `SenetView`'s bit for square `s` (1..=30) or `OFF`.
fn square_bit(s: u8) -> u32 {
    if s == OFF {
        EXIT_BIT
    } else {
        1 << (s - 1)
    }
}
