//! Drawing a senas match: the board through `gfx::SenasLayout` (stacks with counts, dice at
//! rest, trays, highlights, faint hole numbers from the mover's start during a person's part),
//! then the app's overlays: the dice thrown while rolling (paths from `throw_anim`), the
//! sub-move tray (pairs and triples expanded, used ones dimmed), the gift passing across (the
//! dice put away), the hint's holes lit and numbered, the D-pad focus, the piece in flight,
//! the notice box in the bottom bar (never over the holes) and, with the hint, the win-chance
//! bar (`app::chance_bar`, the status line cut before it).
//! Reads the match; changes nothing.

use crate::games::senas::{Bag, Side, HOLES};
use crate::gfx::font::text_width;
use crate::gfx::layout::{lift, Painter};
use crate::gfx::{palette, AssetId, DrawList, Rect, Rgba, SenasLayout, SenasView};

use crate::app::anim::{lerp_rect, Timer};
use crate::app::chance_bar;
use crate::app::names::{self, DIGITS};
use crate::app::notice::Tone;
use crate::app::strings::{fill, Strings};
use crate::app::text::Text;
use crate::app::throw_anim::{draw_shadow, toss, Path, Toss};
use crate::app::ui;

use super::flow::{Phase, SenasMatch, Spot};

impl SenasMatch {
    /// The side whose part is on screen: the giver while its gift passes, else the side to
    /// move.
    pub fn acting_side(&self) -> Side {
        match self.phase {
            Phase::Passing { giver, .. } => giver,
            _ => self.pos.side_to_move(),
        }
    }

    /// The physical board as shown now (the mover's army as played so far; a piece in flight
    /// is lifted from its destination).
    pub fn shown_board(&self) -> ([i8; HOLES], [u8; 2]) {
        let side = self.pos.side_to_move();
        let other = side.other();
        let mut holes = [0i8; HOLES];
        let mut off = [0u8; 2];
        for (s, army) in [(side, self.shown), (other, self.pos.army(other))] {
            let sign = if s == Side::White { 1 } else { -1 };
            for (p, &c) in army.counts().iter().enumerate() {
                if c > 0 {
                    holes[s.hole(p)] = sign * c as i8;
                }
            }
            off[s.index()] = army.off();
        }
        if let Some(f) = self.flight {
            match f.to_hole {
                Some(h) => {
                    let h = usize::from(h);
                    holes[h] -= holes[h].signum();
                }
                None => off[f.side.index()] = off[f.side.index()].saturating_sub(1),
            }
        }
        (holes, off)
    }

    fn status(&self, t: &Strings) -> Text<80> {
        let side = self.acting_side();
        let who = self.seats.name(side.index(), t);
        let doing = match self.phase {
            Phase::Rolling(_) => t.doing_roll,
            Phase::Human if self.awaiting_confirm() => t.doing_confirm,
            Phase::Human if self.selected.is_some() => t.doing_place,
            Phase::Human => t.doing_pick,
            Phase::Thinking => t.doing_think,
            Phase::Playing { .. } => t.doing_move,
            Phase::Passing { .. } if !self.gift_shown.is_empty() => t.doing_gift,
            Phase::Passing { .. } => t.doing_end,
            Phase::Over => "",
        };
        let mut out = Text::new();
        match self.pos.winner() {
            Some(w) => fill(&mut out, t.side_wins, &[&names::senas_side(t, w)]),
            None => fill(
                &mut out,
                t.status_line,
                &[&names::senas_side(t, side), &who.as_str(), &doing],
            ),
        }
        out
    }

    /// Dice faces the board shows at their places: none while rolling (the thrown dice are
    /// drawn by `draw_throw`), during a gift part and while a gift passes across (its chips
    /// cross the board where the dice sit).
    fn dice(&self) -> ([u8; 3], [bool; 3]) {
        match (self.phase, self.roll) {
            (Phase::Rolling(_), _) => ([0; 3], [false; 3]),
            (Phase::Passing { .. }, _) if !self.gift_shown.is_empty() => ([0; 3], [false; 3]),
            (_, Some(r)) => {
                let left = self.remaining();
                let dice = r.dice();
                let used = dice.map(|d| left.count(d) == 0);
                (dice, used)
            }
            (_, None) => ([0; 3], [false; 3]),
        }
    }

    fn remaining(&self) -> Bag {
        let mut left = Bag::EMPTY;
        let mut played = [0u8; 7];
        for sm in &self.played {
            played[usize::from(sm.die)] += 1;
        }
        for v in self.bag.values() {
            let p = &mut played[usize::from(v)];
            if *p > 0 {
                *p -= 1;
            } else {
                left.push(v);
            }
        }
        left
    }

    /// Hole numbers counted from the side to move's start, during a person's part.
    fn numbers(&self) -> [u8; HOLES] {
        let mut out = [0u8; HOLES];
        if matches!(self.phase, Phase::Human) {
            let side = self.pos.side_to_move();
            for (path, n) in (1..=HOLES as u8).enumerate() {
                out[side.hole(path)] = n;
            }
        }
        out
    }

    /// Draws the match (no pointers: the app adds them last).
    pub fn draw(&self, list: &mut DrawList, layout: &SenasLayout, frame: u32, t: &Strings) {
        let (holes, off) = self.shown_board();
        let (dice, dice_used) = self.dice();
        let bar = self.hint_chance();
        // The status starts at the layout's virtual x 64; the chance bar's room ends it.
        let status = chance_bar::status(self.status(t).as_str(), layout.aspect, 64, t, bar);
        let human = matches!(self.phase, Phase::Human);
        // A notice takes the bottom bar; the controls line waits under it.
        let message = if !self.notice.is_empty() {
            ""
        } else if !self.message.is_empty() {
            self.message.as_str()
        } else if human {
            t.senas_controls
        } else {
            ""
        };
        let view = SenasView {
            holes,
            off,
            dice,
            dice_used,
            highlights: if human { self.highlights } else { 0 },
            selected: self.selected,
            to_move: self.acting_side().index() as u8,
            status: status.as_str(),
            message,
            // The app draws its own pieces in flight (captures swap two at once).
            moving: None,
            numbers: self.numbers(),
            frame,
        };
        layout.draw(list, &view);
        if let Phase::Rolling(timer) = self.phase {
            self.draw_throw(list, layout, timer);
        }
        self.draw_tray(list, layout, t);
        if human {
            self.draw_hint(list, layout);
            if let Some(c) = bar {
                chance_bar::draw(list, t, c);
            }
            let r = match self.focus {
                Spot::Hole(h) => layout.hole_rect(usize::from(h)),
                Spot::Tray => layout.tray_rect(self.pos.side_to_move().index()),
            };
            list.outline(r.inflate(2), 2, palette::GOLD);
        }
        if let Some(f) = self.flight {
            // From where the piece stood on top of its stack before it left, to where the
            // board draws it once it has landed (the board shows neither meanwhile).
            let (from_hole, side) = (usize::from(f.from_hole), f.side.index());
            let from = layout.piece_rect(from_hole, one_more(holes[from_hole]));
            let to = match f.to_hole {
                Some(h) => layout.piece_rect(usize::from(h), one_more(holes[usize::from(h)])),
                None => layout.tray_piece_rect(side, usize::from(off[side])),
            };
            let t = f.timer.glide();
            lift::gliding(
                list,
                layout.aspect,
                names::senas_art(f.side),
                lerp_rect(from, to, t, 0),
                lerp_rect(from, to, t, 40),
            );
        }
        if !self.notice.is_empty() {
            let color = match self.notice.tone() {
                Tone::Refusal => palette::GOLD,
                Tone::Info => palette::TEXT,
            };
            ui::bar_notice(list, self.notice.as_str(), color);
        }
    }

    /// The three dice thrown onto their places from the roller's side of the board (light's
    /// from the right, dark's from the left), each leaving the hand a little apart, tumbling
    /// ever more slowly, hopping once and lying on its place at the roll's last frame; the roll
    /// itself is drawn when the timer runs out and shows on the next frame, with its sound.
    fn draw_throw(&self, list: &mut DrawList, layout: &SenasLayout, timer: Timer) {
        let side = self.acting_side().index() as u8;
        let dir = if side == 0 { 1 } else { -1 };
        let tosses: [Option<Toss>; 3] = core::array::from_fn(|k| {
            let path = Path {
                from: (dir * [150, 190, 124][k], [-26, 18, -6][k]),
                lift: [44, 34, 52][k],
                delay: [24, 0, 44][k],
                spin: [4, 5, 4][k],
                bounce: [6, 4, 7][k],
            };
            toss(timer, layout.die_rect(side, k), &path)
        });
        for t in tosses.iter().flatten() {
            if let Some(s) = t.shadow {
                draw_shadow(list, s, t.height);
            }
        }
        for (k, t) in tosses.iter().enumerate() {
            let Some(t) = t else { continue };
            // Consecutive faces differ (5 is prime to 6); each die and each part its own.
            let face = self.parts.wrapping_add(2 * k as u32 + 5 * t.turns) % 6 + 1;
            if let Some(art) = AssetId::die_face(face as u8) {
                list.sprite(art, t.rect, Rgba::WHITE, false);
            }
        }
    }

    /// The hint's sub-moves: each from and to hole outlined, its number (from the side's
    /// start, as the hint's words say) in a badge at the hole's board edge.
    fn draw_hint(&self, list: &mut DrawList, layout: &SenasLayout) {
        let Some(turn) = self.hint_turn else {
            return;
        };
        let side = self.pos.side_to_move();
        for sm in turn.sub_moves().take(6) {
            let to = usize::from(sm.to());
            for path in [usize::from(sm.from), to] {
                let r = if path < HOLES {
                    layout.hole_rect(side.hole(path))
                } else {
                    layout.tray_rect(side.index())
                };
                list.outline(r, 3, palette::HINT);
                if path < HOLES {
                    let hole = side.hole(path);
                    let label = names::number(path + 1);
                    let w = text_width(label, 1) + 6;
                    // At the board edge: over the first disc, never over a stack's count.
                    let y = if hole < 12 { r.bottom() - 24 } else { r.y + 2 };
                    let badge = Rect::new(r.center().0 - w / 2, y, w, 22);
                    list.fill(badge, palette::TEXT_SHADOW.with_alpha(200));
                    list.outline(badge, 1, palette::HINT);
                    list.text(badge.x + 3, badge.y + 1, label, palette::HINT, 1);
                }
            }
        }
    }

    /// The sub-moves of the part as chips in the gap of the half without the dice (a gift part
    /// says so); during a gift hand-over the chips slide to the other side's half (the dice
    /// are put away meanwhile).
    fn draw_tray(&self, list: &mut DrawList, layout: &SenasLayout, t: &Strings) {
        let side = self.pos.side_to_move();
        let mut p = Painter::new(list, layout.aspect);
        let ox = layout.aspect.center_offset();
        // Light's dice sit in the right half, so its tray goes left (and the other way round).
        let half_x = |s: Side| ox + 40 + if s == Side::White { 0 } else { 264 };
        if let Phase::Passing { timer, giver } = self.phase {
            if !self.gift_shown.is_empty() {
                let (a, b) = (half_x(giver), half_x(giver.other()));
                let x = a + ((b - a) as i32 * timer.progress() / 256) as i16;
                chips(
                    &mut p,
                    x,
                    self.gift_shown,
                    Bag::EMPTY,
                    palette::GOLD,
                    t.gift,
                );
            }
            return;
        }
        if matches!(self.phase, Phase::Over | Phase::Rolling(_)) {
            return;
        }
        let label = if self.roll.is_none() { t.gift } else { "" };
        let x = half_x(side);
        chips(&mut p, x, self.bag, self.remaining(), palette::TEXT, label);
    }
}

/// Index of the top disc of a stack of `n` with one more piece on it (as drawn: at most
/// five): where a piece leaving a stack of `n` left stood, and where one landing on it lands.
fn one_more(n: i8) -> usize {
    (usize::from(n.unsigned_abs()) + 1).min(5) - 1
}

/// Draws `all` as chips from virtual x; values not in `left` are dimmed (used). A label comes
/// first, its width measured in frame pixels (text keeps its size in 16:9) plus a gap.
fn chips(p: &mut Painter, x: i16, all: Bag, left: Bag, color: Rgba, label: &str) {
    let n = all.len() as i16;
    let (size, step) = if n > 8 { (18, 20) } else { (24, 29) };
    let mut x = x;
    if !label.is_empty() {
        p.text_shadow(x, 230, label, palette::GOLD, 1);
        let end = p.aspect.x(x) + text_width(label, 1) + 8;
        x = p.aspect.unmap_x(end) + 1;
    }
    let mut remaining = [0u8; 7];
    for v in left.values() {
        remaining[usize::from(v)] += 1;
    }
    let whole = left == Bag::EMPTY && color == palette::GOLD;
    for (k, v) in all.values().enumerate() {
        let r = Rect::new(x + k as i16 * step, 228, size, size);
        let live = whole || remaining[usize::from(v)] > 0;
        if live && !whole {
            remaining[usize::from(v)] -= 1;
        }
        p.fill(
            r,
            if live {
                palette::PAPYRUS
            } else {
                palette::WOOD_DARK
            },
        );
        p.outline(r, 1, color);
        let ink = if live {
            palette::DARK_PIECE
        } else {
            palette::TEXT_DIM
        };
        p.text_centered_plain(
            r.center().0,
            r.y + (size - 20) / 2,
            DIGITS[usize::from(v)],
            ink,
        );
    }
}
