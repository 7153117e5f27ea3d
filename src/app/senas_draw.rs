//! Drawing a senas match: the board through `gfx::SenasLayout` (stacks with counts, dice,
//! trays, highlights), then the app's overlays: the sub-move tray (pairs and triples
//! expanded, used ones dimmed), the gift tray passing across, the D-pad focus, the piece in
//! flight and the notice box. Reads the match; changes nothing.

use crate::games::senas::{Bag, Side, HOLES};
use crate::gfx::layout::Painter;
use crate::gfx::{palette, AssetId, DrawList, Rect, Rgba, SenasLayout, SenasView};

use super::anim::lerp_rect;
use super::config::Controller;
use super::senas_match::{Phase, SenasMatch, Spot};
use super::text::Text;
use super::ui;

const DIGITS: [&str; 7] = ["0", "1", "2", "3", "4", "5", "6"];

impl SenasMatch {
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

    fn status(&self) -> Text<80> {
        let side = self.pos.side_to_move();
        let who = match self.controllers[side.index()] {
            Controller::Human(n) => Text::<16>::from_fmt(format_args!("Player {}", n + 1)),
            Controller::Computer(_) => Text::from_fmt(format_args!("Computer")),
        };
        let doing = match self.phase {
            Phase::Rolling(_) => "rolls the dice",
            Phase::Human if self.awaiting_confirm() => "A: confirm, B: undo",
            Phase::Human if self.selected.is_some() => "choose where it goes",
            Phase::Human => "pick a piece",
            Phase::Thinking => "is thinking...",
            Phase::Playing { .. } => "moves",
            Phase::Passing(_) => "ends the turn",
            Phase::Over => "",
        };
        match self.pos.winner() {
            Some(w) => Text::from_fmt(format_args!("{w} wins!")),
            None => Text::from_fmt(format_args!("{side} ({}): {doing}", who.as_str())),
        }
    }

    /// Dice faces shown: tumbling while rolling, hidden during a gift part.
    fn dice(&self, frame: u32) -> ([u8; 3], [bool; 3]) {
        match (self.phase, self.roll) {
            (Phase::Rolling(t), _) => {
                let f = frame.wrapping_add(u32::from(t.left));
                let face = |k: u32| ((f.wrapping_mul(7) + k * 5) / 3 % 6) as u8 + 1;
                ([face(0), face(1), face(2)], [false; 3])
            }
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

    /// Draws the match (no pointers: the app adds them last).
    pub fn draw(&self, list: &mut DrawList, layout: &SenasLayout, frame: u32) {
        let (holes, off) = self.shown_board();
        let (dice, dice_used) = self.dice(frame);
        let status = self.status();
        let help = "A: pick / place   B: undo   1: hint   HOME: menu";
        let human = matches!(self.phase, Phase::Human);
        let message = if !self.message.is_empty() {
            self.message.as_str()
        } else if human {
            help
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
            to_move: self.pos.side_to_move().index() as u8,
            status: status.as_str(),
            message,
            // The app draws its own pieces in flight (captures swap two at once).
            moving: None,
        };
        layout.draw(list, &view);
        self.draw_tray(list, layout);
        if human {
            let r = match self.focus {
                Spot::Hole(h) => layout.hole_rect(usize::from(h)),
                Spot::Tray => layout.tray_rect(self.pos.side_to_move().index()),
            };
            list.outline(r.inflate(2), 2, palette::GOLD);
        }
        if let Some(f) = self.flight {
            let from = layout.piece_rect(
                usize::from(f.from_hole),
                top(holes[usize::from(f.from_hole)]),
            );
            let to = match f.to_hole {
                Some(h) => layout.piece_rect(usize::from(h), top(holes[usize::from(h)])),
                None => {
                    let t = layout.tray_rect(f.side.index());
                    Rect::new(t.x + 14, t.center().1 - 18, 36, 36)
                }
            };
            let art = if f.side == Side::White {
                AssetId::PieceLight
            } else {
                AssetId::PieceDark
            };
            list.sprite(
                art,
                lerp_rect(from, to, f.timer.progress(), 40),
                Rgba::WHITE,
                false,
            );
        }
        if !self.notice.is_empty() {
            let color = if self.notice_is_error {
                palette::GOLD
            } else {
                palette::TEXT
            };
            ui::notice(list, layout.aspect, 300, self.notice.as_str(), color);
        }
    }

    /// The sub-moves of the part as chips in the gap of the half without the dice (a gift part
    /// says so); during a gift hand-over the chips slide to the other side's half.
    fn draw_tray(&self, list: &mut DrawList, layout: &SenasLayout) {
        let side = self.pos.side_to_move();
        let mut p = Painter::new(list, layout.aspect);
        let ox = layout.aspect.center_offset();
        // Light's dice sit in the right half, so its tray goes left (and the other way round).
        let half_x = |s: Side| ox + 40 + if s == Side::White { 0 } else { 264 };
        if let Phase::Passing(t) = self.phase {
            if !self.gift_shown.is_empty() {
                let (a, b) = (half_x(side.other()), half_x(side));
                let x = a + ((b - a) as i32 * t.progress() / 256) as i16;
                chips(
                    &mut p,
                    x,
                    self.gift_shown,
                    Bag::EMPTY,
                    palette::GOLD,
                    "Gift",
                );
            }
            return;
        }
        if matches!(self.phase, Phase::Over | Phase::Rolling(_)) {
            return;
        }
        let label = if self.roll.is_none() { "Gift" } else { "" };
        let x = half_x(side);
        chips(&mut p, x, self.bag, self.remaining(), palette::TEXT, label);
    }
}

/// Index of the top disc of a stack of `n` (as drawn: at most five).
fn top(n: i8) -> usize {
    (n.unsigned_abs() as usize).clamp(1, 5) - 1
}

/// Draws `all` as chips from virtual x; values not in `left` are dimmed (used).
fn chips(p: &mut Painter, x: i16, all: Bag, left: Bag, color: Rgba, label: &str) {
    let n = all.len() as i16;
    let (size, step) = if n > 8 { (18, 20) } else { (24, 29) };
    let mut x = x;
    if !label.is_empty() {
        p.text_shadow(x, 230, label, palette::GOLD, 1);
        x += 48;
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
