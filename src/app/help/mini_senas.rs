//! `MiniSenas`: a small senas board for the how-to-play diagrams, drawn with the game's own
//! art (the points, light and dark pieces) in the same physical order as `gfx::SenasLayout`:
//! hole 0 bottom right, 0..11 right to left along the bottom, 12..23 left to right along the
//! top, a bar between the halves, the borne-off trays on the right (light top, dark bottom).
//! Coordinates are the canvas's design pixels. Draws what it is given; knows no rules.

use crate::gfx::{palette, AssetId, Rect};

use super::canvas::{Canvas, REFUSED};

const HOLE_W: i16 = 22;
const HOLE_H: i16 = 78;
const BAR: i16 = 12;
const BORDER: i16 = 6;
const GAP: i16 = 18;
const PIECE: i16 = 20;
const STEP: i16 = 15;
const SHOWN: usize = 3;
const TRAY_W: i16 = 30;
const NUMBERS: [&str; 16] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15",
];

/// Width of the board with its trays, in design pixels.
pub const WIDTH: i16 = 2 * BORDER + 12 * HOLE_W + BAR + 6 + TRAY_W;
/// Height of the board, in design pixels.
pub const HEIGHT: i16 = 2 * BORDER + 2 * HOLE_H + GAP;
/// Width of the board without its trays.
pub const BOARD_W: i16 = 2 * BORDER + 12 * HOLE_W + BAR;

/// A mini board placed at design (x, y) of a canvas.
#[derive(Clone, Copy, Debug)]
pub struct MiniSenas {
    pub x: i16,
    pub y: i16,
}

/// What the mini board shows: signed counts by physical hole (positive light), pieces off,
/// holes lit as allowed targets, holes framed in red.
#[derive(Clone, Copy, Debug, Default)]
pub struct Marks {
    pub lit: u32,
    pub refused: u32,
    pub selected: Option<usize>,
}

impl MiniSenas {
    /// Design rect of physical hole `hole`.
    pub fn hole(&self, hole: usize) -> (i16, i16, i16, i16) {
        let (col, y) = if hole < 12 {
            (11 - hole as i16, self.y + BORDER + HOLE_H + GAP)
        } else {
            (hole as i16 - 12, self.y + BORDER)
        };
        let bar = if col >= 6 { BAR } else { 0 };
        (self.x + BORDER + col * HOLE_W + bar, y, HOLE_W, HOLE_H)
    }

    /// Design rect of the k-th disc of hole `hole`'s stack (0 at the board's edge).
    pub fn piece(&self, hole: usize, k: usize) -> (i16, i16, i16, i16) {
        let (x, y, _, h) = self.hole(hole);
        let py = if hole < 12 {
            y + h - 1 - PIECE - STEP * k as i16
        } else {
            y + 1 + STEP * k as i16
        };
        (x + 1, py, PIECE, PIECE)
    }

    /// Design rect of the tray of `side` (0 light, top; 1 dark, bottom).
    pub fn tray(&self, side: usize) -> (i16, i16, i16, i16) {
        let y = if side == 0 {
            self.y + BORDER
        } else {
            self.y + BORDER + HOLE_H + GAP
        };
        (self.x + BOARD_W + 6, y, TRAY_W, HOLE_H)
    }

    /// Draws the board, the stacks and the trays.
    pub fn draw(&self, c: &mut Canvas, holes: &[i8; 24], off: [u8; 2], marks: Marks) {
        c.fill(self.x, self.y, BOARD_W, HEIGHT, palette::WOOD);
        c.fill(
            self.x + BORDER,
            self.y + BORDER,
            BOARD_W - 2 * BORDER,
            HEIGHT - 2 * BORDER,
            palette::FELT,
        );
        c.fill(
            self.x + BORDER + 6 * HOLE_W,
            self.y,
            BAR,
            HEIGHT,
            palette::WOOD_DARK,
        );
        for hole in 0..24 {
            let (x, y, w, h) = self.hole(hole);
            let art = if hole % 2 == 0 {
                AssetId::PointLight
            } else {
                AssetId::PointDark
            };
            c.sprite(art, x, y, w, h, hole < 12);
            if marks.lit & (1 << hole) != 0 {
                c.fill(x, y, w, h, palette::HIGHLIGHT);
            }
            if marks.refused & (1 << hole) != 0 {
                c.outline(x, y, w, h, 2, REFUSED);
            }
            if marks.selected == Some(hole) {
                c.outline(x, y, w, h, 2, palette::SELECTED);
            }
        }
        for (hole, &n) in holes.iter().enumerate() {
            self.stack(c, hole, n);
        }
        for (side, &n) in off.iter().enumerate() {
            let (x, y, w, h) = self.tray(side);
            c.fill(x, y, w, h, palette::WOOD_DARK);
            c.fill(x + 2, y + 2, w - 4, h - 4, palette::TRAY);
            let color = if side == 0 {
                palette::LIGHT_PIECE
            } else {
                palette::DARK_PIECE
            };
            for j in 0..i16::from(n.min(15)) {
                let sy = if side == 0 {
                    y + 3 + j * 5
                } else {
                    y + h - 7 - j * 5
                };
                c.fill(x + 5, sy, w - 10, 4, color);
            }
        }
    }

    fn stack(&self, c: &mut Canvas, hole: usize, n: i8) {
        if n == 0 {
            return;
        }
        let count = usize::from(n.unsigned_abs());
        let (art, ink) = if n > 0 {
            (AssetId::PieceLight, palette::DARK_PIECE)
        } else {
            (AssetId::PieceDark, palette::LIGHT_PIECE)
        };
        let shown = count.min(SHOWN);
        for k in 0..shown {
            let (x, y, w, h) = self.piece(hole, k);
            c.sprite(art, x, y, w, h, false);
        }
        if count > 1 {
            // The count goes just beyond the outermost disc (the hole has room for it there),
            // so a two-digit count never covers the pieces (in 16:9 a disc is narrower than
            // two digits).
            let (x, y, w, h) = self.piece(hole, shown - 1);
            let ly = if hole < 12 { y - 21 } else { y + h + 1 };
            let _ = ink;
            c.label(x + w / 2, ly, NUMBERS[count.min(15)], palette::TEXT);
        }
    }

    /// Centre of a design rect.
    pub fn center(r: (i16, i16, i16, i16)) -> (i16, i16) {
        Rect::new(r.0, r.1, r.2, r.3).center()
    }
}
