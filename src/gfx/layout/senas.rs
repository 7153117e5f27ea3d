//! The senas board: 24 holes in four senas of six (two rows, a bar between the halves), stacks
//! of up to 15 pieces (five discs shown, the count on the outermost), three dice on the mover's
//! side, a borne-off tray per side, legal-target highlights (breathing with the view's frame)
//! and the selected hole, its top piece raised (`lift.rs`). Physical hole
//! 0 is bottom right, 0..11 run right to left along the bottom, 12..23 left to right along the
//! top (white/light travels 0 -> 23 and bears off top right; black/dark bears off bottom right).

use super::lift;
use super::material;
use super::painter::Painter;
use super::MovingPiece;
use crate::gfx::assets::AssetId;
use crate::gfx::color::{palette, Rgba};
use crate::gfx::draw_list::DrawList;
use crate::gfx::rect::Rect;
use crate::gfx::view::Aspect;

/// Holes on the board.
pub const SENAS_HOLES: usize = 24;
/// Bit of `SenasView::highlights` that marks bearing off as a legal target.
pub const BEAR_OFF_BIT: u32 = 1 << 24;

/// What the senas board shows; the app fills it from the rules engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SenasView<'a> {
    /// Pieces per physical hole: `n > 0` is n light (player 1) pieces, `n < 0` is -n dark ones.
    pub holes: [i8; SENAS_HOLES],
    /// Pieces borne off: `[light, dark]`.
    pub off: [u8; 2],
    /// The three dice, 1..=6; 0 hides a die.
    pub dice: [u8; 3],
    /// Dice already spent this turn (drawn dimmed).
    pub dice_used: [bool; 3],
    /// Legal targets: bit i for hole i, [`BEAR_OFF_BIT`] for bearing off.
    pub highlights: u32,
    /// The hole whose piece the player has picked up.
    pub selected: Option<u8>,
    /// Side to move: 0 light, 1 dark.
    pub to_move: u8,
    /// Top line (whose turn, what to do).
    pub status: &'a str,
    /// Bottom line (gifts, hints, last move).
    pub message: &'a str,
    /// A piece in flight (animation or drag), drawn above everything but the pointers.
    pub moving: Option<MovingPiece>,
    /// A faint number printed at each hole's tip, under the pieces (0: none). The app counts
    /// them from the start of the side to move, as its hints and refusals do.
    pub numbers: [u8; SENAS_HOLES],
    /// The frame count: legal targets breathe with it (`lift::breath`).
    pub frame: u32,
}

impl SenasView<'_> {
    /// The opening position: 15 light pieces on hole 0, 15 dark on hole 23.
    pub const fn start() -> Self {
        let mut holes = [0; SENAS_HOLES];
        holes[0] = 15;
        holes[23] = -15;
        SenasView {
            holes,
            off: [0, 0],
            dice: [0, 0, 0],
            dice_used: [false; 3],
            highlights: 0,
            selected: None,
            to_move: 0,
            status: "",
            message: "",
            moving: None,
            numbers: [0; SENAS_HOLES],
            frame: 0,
        }
    }
}

// Geometry in virtual pixels of the 640-wide composition (shifted by the aspect's offset).
const BOARD: Rect = Rect::new(32, 40, 520, 400);
const BORDER: i16 = 8;
const HOLE_W: i16 = 40;
const HOLE_H: i16 = 168;
const BAR_W: i16 = 24;
const TOP_Y: i16 = 48;
const BOTTOM_Y: i16 = 264;
const GAP_Y: i16 = TOP_Y + HOLE_H;
const PIECE: i16 = 36;
const STACK_STEP: i16 = 32;
/// Discs drawn per stack; larger stacks show their count.
const STACK_SHOWN: usize = 5;
const DIE: i16 = 36;
const TRAY: Rect = Rect::new(560, TOP_Y, 64, HOLE_H);
const SLAB_H: i16 = 8;
const SLAB_STEP: i16 = 10;
const NUMBERS: [&str; 16] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15",
];

const NUMBERS_24: [&str; 25] = [
    "", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
    "17", "18", "19", "20", "21", "22", "23", "24",
];

/// The senas board placed for one aspect; hit tests and drawing agree on every position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SenasLayout {
    pub aspect: Aspect,
    ox: i16,
}

impl SenasLayout {
    pub const fn new(aspect: Aspect) -> Self {
        SenasLayout {
            aspect,
            ox: aspect.center_offset(),
        }
    }

    fn v_hole(&self, hole: usize) -> Rect {
        let (col, y) = if hole < 12 {
            (11 - hole as i16, BOTTOM_Y)
        } else {
            (hole as i16 - 12, TOP_Y)
        };
        let bar = if col >= 6 { BAR_W } else { 0 };
        Rect::new(
            self.ox + BOARD.x + BORDER + col * HOLE_W + bar,
            y,
            HOLE_W,
            HOLE_H,
        )
    }

    fn v_piece(&self, hole: usize, k: usize) -> Rect {
        let h = self.v_hole(hole);
        let y = if hole < 12 {
            h.bottom() - 2 - PIECE - STACK_STEP * k as i16
        } else {
            h.y + 2 + STACK_STEP * k as i16
        };
        Rect::new(h.x + 2, y, PIECE, PIECE)
    }

    fn v_tray(&self, side: usize) -> Rect {
        let y = if side == 0 { TOP_Y } else { BOTTOM_Y };
        Rect::new(self.ox + TRAY.x, y, TRAY.w, TRAY.h)
    }

    fn v_slab(&self, side: usize, j: i16) -> Rect {
        let t = self.v_tray(side);
        let y = if side == 0 {
            t.y + 5 + j * SLAB_STEP
        } else {
            t.bottom() - 5 - SLAB_H - j * SLAB_STEP
        };
        Rect::new(t.x + 8, y, t.w - 16, SLAB_H)
    }

    fn v_die(&self, side: u8, k: usize) -> Rect {
        // The mover's dice sit in the gap of its half: light right, dark left.
        let half_x = self.ox + BOARD.x + BORDER + if side == 0 { 6 * HOLE_W + BAR_W } else { 0 };
        let cx = half_x + 3 * HOLE_W;
        Rect::new(
            cx - DIE / 2 + (k as i16 - 1) * (DIE + 8),
            GAP_Y + 6,
            DIE,
            DIE,
        )
    }

    /// Frame rect of physical hole `hole` (0..24), the whole point including its tip.
    pub fn hole_rect(&self, hole: usize) -> Rect {
        self.aspect.rect(self.v_hole(hole))
    }
    /// Frame rect of the k-th disc (0 = at the board edge) of hole `hole`'s stack.
    pub fn piece_rect(&self, hole: usize, k: usize) -> Rect {
        self.aspect.rect(self.v_piece(hole, k))
    }
    /// Frame rect of the borne-off tray of `side` (0 light, 1 dark).
    pub fn tray_rect(&self, side: usize) -> Rect {
        self.aspect.rect(self.v_tray(side))
    }
    /// Frame rect of a piece landing in `side`'s tray as its `k`-th borne-off piece: a disc
    /// centred on the slab the board then draws for it.
    pub fn tray_piece_rect(&self, side: usize, k: usize) -> Rect {
        let slab = self.v_slab(side, k.min(14) as i16);
        let (cx, cy) = slab.center();
        self.aspect
            .rect(Rect::new(cx - PIECE / 2, cy - PIECE / 2, PIECE, PIECE))
    }
    /// Frame rect of die `k` when `side` is to move.
    pub fn die_rect(&self, side: u8, k: usize) -> Rect {
        self.aspect.rect(self.v_die(side, k))
    }
    /// The hole under frame pixel (x, y), if any.
    pub fn hole_at(&self, x: i16, y: i16) -> Option<u8> {
        (0..SENAS_HOLES)
            .find(|&h| self.hole_rect(h).contains(x, y))
            .map(|h| h as u8)
    }
    /// Whether frame pixel (x, y) is over the tray where `side` bears off.
    pub fn is_over_tray(&self, side: usize, x: i16, y: i16) -> bool {
        self.tray_rect(side).contains(x, y)
    }

    /// Draws the whole board scene (everything except pointers) for `view`.
    pub fn draw(&self, list: &mut DrawList, view: &SenasView) {
        let mut p = Painter::new(list, self.aspect);
        let full = Rect::new(0, 0, self.aspect.virtual_width(), 480);
        p.fill(Rect::new(0, 0, full.w, 36), palette::BACKGROUND_BAND);
        p.fill(Rect::new(0, 444, full.w, 36), palette::BACKGROUND_BAND);
        let board = Rect::new(self.ox + BOARD.x, BOARD.y, BOARD.w, BOARD.h);
        material::frame(&mut p, board, board.inflate(-BORDER));
        p.fill(board.inflate(-BORDER), palette::FELT);
        let bar = Rect::new(
            self.ox + BOARD.x + BORDER + 6 * HOLE_W,
            BOARD.y,
            BAR_W,
            BOARD.h,
        );
        material::wood(&mut p, bar);
        material::raised(&mut p, bar, 2);
        p.fill(bar.inflate(-5), palette::WOOD_DARK);
        material::sunk(&mut p, bar.inflate(-5));
        self.draw_holes(&mut p, view);
        material::sunk(&mut p, board.inflate(-BORDER));
        self.draw_stacks(&mut p, view);
        self.draw_dice(&mut p, view);
        self.draw_trays(&mut p, view);
        self.draw_texts(&mut p, view);
        if let Some(m) = view.moving {
            let art = if m.side == 0 {
                AssetId::PieceLight
            } else {
                AssetId::PieceDark
            };
            let w = self.aspect.x(self.aspect.unmap_x(m.x) + PIECE) - m.x;
            let air = Rect::new(m.x, m.y, w, PIECE);
            let ground = Rect::new(m.x, m.y + 2 * lift::LIFT, w, PIECE);
            lift::gliding(p.list, self.aspect, art, ground, air);
        }
    }

    fn draw_holes(&self, p: &mut Painter, view: &SenasView) {
        for hole in 0..SENAS_HOLES {
            let r = self.v_hole(hole);
            let art = if hole % 2 == 0 {
                AssetId::PointLight
            } else {
                AssetId::PointDark
            };
            p.sprite(art, r, Rgba::WHITE, hole < 12);
            if view.highlights & (1 << hole) != 0 {
                p.fill(r, lift::highlight(view.frame));
                let edge_y = if hole < 12 { r.bottom() - 6 } else { r.y };
                p.fill(
                    Rect::new(r.x, edge_y, r.w, 6),
                    lift::highlight_edge(view.frame),
                );
            }
            if view.selected == Some(hole as u8) {
                p.outline(r, 3, palette::SELECTED);
            }
            let n = usize::from(view.numbers[hole]);
            if n > 0 {
                let label = NUMBERS_24[n.min(24)];
                let y = if hole < 12 { r.y + 4 } else { r.bottom() - 24 };
                p.text_centered_plain(r.center().0, y, label, palette::TEXT.with_alpha(150));
            }
        }
    }

    fn draw_stacks(&self, p: &mut Painter, view: &SenasView) {
        for (hole, &n) in view.holes.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let count = n.unsigned_abs() as usize;
            let (art, ink) = if n > 0 {
                (AssetId::PieceLight, palette::DARK_PIECE)
            } else {
                (AssetId::PieceDark, palette::LIGHT_PIECE)
            };
            let shown = count.min(STACK_SHOWN);
            // The picked-up piece is the top of its stack: raised over its shadow, its count
            // with it.
            let picked = view.selected == Some(hole as u8);
            let mut top = self.v_piece(hole, shown - 1);
            for k in 0..shown {
                let r = self.v_piece(hole, k);
                if picked && k == shown - 1 {
                    let up = lift::lifted(p.list, self.aspect, art, self.aspect.rect(r));
                    top.y = up.y;
                } else {
                    p.sprite(art, r, Rgba::WHITE, false);
                }
            }
            if count > 1 {
                let label = NUMBERS[count.min(15)];
                let (cx, _) = top.center();
                p.text_centered_plain(cx, top.y + 8, label, ink);
            }
        }
    }

    fn draw_dice(&self, p: &mut Painter, view: &SenasView) {
        for (k, &d) in view.dice.iter().enumerate() {
            if let Some(face) = AssetId::die_face(d) {
                let r = self.v_die(view.to_move, k);
                p.sprite(face, r, Rgba::WHITE, false);
                if view.dice_used[k] {
                    p.fill(r, palette::DIM);
                }
            }
        }
    }

    fn draw_trays(&self, p: &mut Painter, view: &SenasView) {
        for side in 0..2 {
            let t = self.v_tray(side);
            material::frame(p, t, t.inflate(-3));
            p.fill(t.inflate(-3), palette::TRAY);
            material::sunk(p, t.inflate(-3));
            if side == view.to_move as usize && view.highlights & BEAR_OFF_BIT != 0 {
                p.fill(t, lift::highlight(view.frame));
                p.outline(t, 3, lift::highlight_edge(view.frame));
            }
            let color = if side == 0 {
                palette::LIGHT_PIECE
            } else {
                palette::DARK_PIECE
            };
            let n = view.off[side].min(15) as i16;
            for j in 0..n {
                let slab = self.v_slab(side, j);
                p.fill(slab, color);
                material::tile(p, slab, 1);
            }
            let label_y = if side == 0 { GAP_Y + 2 } else { GAP_Y + 26 };
            let (cx, _) = t.center();
            p.text_centered(
                cx,
                label_y,
                NUMBERS[n as usize],
                if side == 0 {
                    palette::TEXT
                } else {
                    palette::TEXT_DIM
                },
                1,
            );
        }
    }

    fn draw_texts(&self, p: &mut Painter, view: &SenasView) {
        let art = if view.to_move == 0 {
            AssetId::PieceLight
        } else {
            AssetId::PieceDark
        };
        p.sprite(art, Rect::new(self.ox + 32, 6, 24, 24), Rgba::WHITE, false);
        p.text_line(
            self.ox + 64,
            self.aspect.virtual_width() - 16,
            8,
            view.status,
            palette::TEXT,
            1,
        );
        p.text_line(
            self.ox + 32,
            self.aspect.virtual_width() - 16,
            452,
            view.message,
            palette::TEXT_DIM,
            1,
        );
    }
}
