//! The senet board: 3 x 10 squares numbered 1..30 in boustrophedon order (1-10 left to right,
//! 11-20 right to left, 21-30 left to right), the special squares 15, 26, 27, 28, 29 and 30
//! marked with their signs, cones (player 1) and spools (player 2), an exit beyond square 30,
//! borne-off pieces, the four throwing sticks and the throw's value, legal targets breathing with
//! the view's frame and the picked-up piece raised over its shadow (`lift.rs`).

use super::lift;
use super::material;
use super::painter::Painter;
use super::MovingPiece;
use crate::gfx::assets::AssetId;
use crate::gfx::color::{palette, Rgba};
use crate::gfx::draw_list::DrawList;
use crate::gfx::rect::Rect;
use crate::gfx::view::Aspect;

/// Squares on the board.
pub const SENET_SQUARES: usize = 30;
/// Bit of `SenetView::highlights` that marks bearing off (moving past square 30) as legal.
pub const EXIT_BIT: u32 = 1 << 30;

/// What stands on a senet square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SenetCell {
    #[default]
    Empty,
    /// A piece of player 1 (cone).
    One,
    /// A piece of player 2 (spool).
    Two,
}

/// What the senet board shows; the app fills it from the rules engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SenetView<'a> {
    /// Squares 1..30 at indices 0..29.
    pub squares: [SenetCell; SENET_SQUARES],
    /// Pieces borne off: `[player 1, player 2]`.
    pub off: [u8; 2],
    /// The four sticks: `true` = white (painted) face up.
    pub sticks: [bool; 4],
    /// The throw's value (1..=4 or 6); 0 before throwing (sticks and value hidden).
    pub throw: u8,
    /// Legal targets: bit i for square i + 1, [`EXIT_BIT`] for bearing off.
    pub highlights: u32,
    /// Index (0..30) of the square whose piece is picked up.
    pub selected: Option<u8>,
    /// The hint's squares, outlined (bits as in `highlights`): drawn here, under the square
    /// numbers, so an outline never crosses a number.
    pub hinted: u32,
    /// Player to move: 0 or 1.
    pub to_move: u8,
    pub status: &'a str,
    pub message: &'a str,
    /// A piece in flight (animation or drag), drawn above the board.
    pub moving: Option<MovingPiece>,
    /// Print each square's number (1..=30) faintly in its corner, under the pieces (the app
    /// shows them while a person moves: its hints and refusals name squares).
    pub numbers: bool,
    /// The frame count: legal targets breathe with it (`lift::breath`).
    pub frame: u32,
}

impl SenetView<'_> {
    /// The opening position: squares 1..10 alternate player 1, player 2.
    pub const fn start() -> Self {
        let mut squares = [SenetCell::Empty; SENET_SQUARES];
        let mut i = 0;
        while i < 10 {
            squares[i] = if i % 2 == 0 {
                SenetCell::One
            } else {
                SenetCell::Two
            };
            i += 1;
        }
        SenetView {
            squares,
            off: [0, 0],
            sticks: [false; 4],
            throw: 0,
            highlights: 0,
            selected: None,
            hinted: 0,
            to_move: 0,
            status: "",
            message: "",
            moving: None,
            numbers: false,
            frame: 0,
        }
    }
}

const SQ: i16 = 52;
const PIECE: i16 = 36;
/// A piece's top-left inside its square, low enough that the square's number above it
/// (drawn from [`NUMBER_AT`]) never touches it (`square_numbers_never_touch_the_pieces`).
const PIECE_AT: (i16, i16) = (8, 15);
/// The square number's line box top-left inside its square.
const NUMBER_AT: (i16, i16) = (3, -1);
const INNER: Rect = Rect::new(60, 138, 10 * SQ, 3 * SQ);
const BORDER: i16 = 8;
const EXIT: Rect = Rect::new(592, 138 + 2 * SQ, 36, SQ);
const STICKS_Y: i16 = 340;
const STICK_STEP: i16 = 40;
const OFF_Y: i16 = 306;
const OFF_SIZE: i16 = 24;
/// Squares with a sign, as 1-based numbers, and their art.
const SPECIAL: [(usize, AssetId); 6] = [
    (15, AssetId::SqRebirth),
    (26, AssetId::SqBeauty),
    (27, AssetId::SqWater),
    (28, AssetId::SqThree),
    (29, AssetId::SqTwo),
    (30, AssetId::SqRa),
];
const NUMBERS_30: [&str; 31] = [
    "", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
    "17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30",
];
const VALUES: [&str; 7] = ["", "1", "2", "3", "4", "5", "6"];

/// The senet board placed for one aspect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SenetLayout {
    pub aspect: Aspect,
    ox: i16,
}

/// Row and column of square index `i` (0..30) in boustrophedon order.
pub const fn grid_position(i: usize) -> (usize, usize) {
    let row = i / 10;
    let col = if row % 2 == 1 { 9 - i % 10 } else { i % 10 };
    (row, col)
}

impl SenetLayout {
    pub const fn new(aspect: Aspect) -> Self {
        SenetLayout {
            aspect,
            ox: aspect.center_offset(),
        }
    }

    fn v_square(&self, i: usize) -> Rect {
        let (row, col) = grid_position(i);
        Rect::new(
            self.ox + INNER.x + col as i16 * SQ,
            INNER.y + row as i16 * SQ,
            SQ,
            SQ,
        )
    }

    fn v_stick(&self, k: usize) -> Rect {
        let x0 = self.ox + 320 - (3 * STICK_STEP + 20) / 2;
        Rect::new(x0 + k as i16 * STICK_STEP, STICKS_Y, 20, 100)
    }

    /// Frame rect of square index `i` (square number i + 1).
    pub fn square_rect(&self, i: usize) -> Rect {
        self.aspect.rect(self.v_square(i))
    }
    /// Frame rect of the exit (bearing-off target beyond square 30).
    pub fn exit_rect(&self) -> Rect {
        self.aspect
            .rect(Rect::new(self.ox + EXIT.x, EXIT.y, EXIT.w, EXIT.h))
    }
    /// Frame rect of stick `k`.
    pub fn stick_rect(&self, k: usize) -> Rect {
        self.aspect.rect(self.v_stick(k))
    }
    /// The square index (0..30) under frame pixel (x, y), if any.
    pub fn square_at(&self, x: i16, y: i16) -> Option<u8> {
        (0..SENET_SQUARES)
            .find(|&i| self.square_rect(i).contains(x, y))
            .map(|i| i as u8)
    }
    /// Frame rect of the piece standing on square index `i`, exactly where the board draws it
    /// (for animations: interpolate between two of these and pass the top-left as
    /// `SenetView::moving`).
    pub fn piece_rect(&self, i: usize) -> Rect {
        let r = self.v_square(i);
        self.aspect
            .rect(Rect::new(r.x + PIECE_AT.0, r.y + PIECE_AT.1, PIECE, PIECE))
    }
    /// Frame rect of the `k`-th borne-off piece of `side` (0 or 1; the first five are drawn
    /// below the board, player 1's from the left, player 2's from the right).
    pub fn off_rect(&self, side: usize, k: usize) -> Rect {
        self.aspect.rect(self.v_off(side, k as i16))
    }
    /// Whether frame pixel (x, y) is over the exit.
    pub fn is_over_exit(&self, x: i16, y: i16) -> bool {
        self.exit_rect().contains(x, y)
    }

    /// Draws the whole board scene (everything except pointers) for `view`.
    pub fn draw(&self, list: &mut DrawList, view: &SenetView) {
        let mut p = Painter::new(list, self.aspect);
        let vw = self.aspect.virtual_width();
        p.fill(Rect::new(0, 0, vw, 36), palette::BACKGROUND_BAND);
        p.fill(Rect::new(0, 444, vw, 36), palette::BACKGROUND_BAND);
        let inner = Rect::new(self.ox + INNER.x, INNER.y, INNER.w, INNER.h);
        material::frame(&mut p, inner.inflate(BORDER), inner);
        p.fill(inner, palette::GROUT);
        let exit = Rect::new(self.ox + EXIT.x, EXIT.y, EXIT.w, EXIT.h);
        material::frame(&mut p, exit, exit.inflate(-3));
        p.fill(exit.inflate(-3), palette::TRAY);
        material::sunk(&mut p, exit.inflate(-3));
        p.text_centered(exit.center().0, exit.y + 16, "»", palette::TEXT, 1);
        if view.highlights & EXIT_BIT != 0 {
            p.fill(exit, lift::highlight(view.frame));
            p.outline(exit, 3, lift::highlight_edge(view.frame));
        }
        if view.hinted & EXIT_BIT != 0 {
            p.outline(exit.inflate(-2), 3, palette::HINT);
        }
        self.draw_squares(&mut p, view);
        self.draw_off(&mut p, view);
        self.draw_sticks(&mut p, view);
        let art = if view.to_move == 0 {
            AssetId::Cone
        } else {
            AssetId::Spool
        };
        p.sprite(art, Rect::new(self.ox + 32, 4, 28, 28), Rgba::WHITE, false);
        p.text_line(
            self.ox + 68,
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
        if let Some(m) = view.moving {
            let art = if m.side == 0 {
                AssetId::Cone
            } else {
                AssetId::Spool
            };
            let w = self.aspect.x(self.aspect.unmap_x(m.x) + PIECE) - m.x;
            let air = Rect::new(m.x, m.y, w, PIECE);
            let ground = Rect::new(m.x, m.y + 2 * lift::LIFT, w, PIECE);
            lift::gliding(p.list, self.aspect, art, ground, air);
        }
    }

    fn draw_squares(&self, p: &mut Painter, view: &SenetView) {
        for i in 0..SENET_SQUARES {
            let r = self.v_square(i);
            let special = SPECIAL.iter().find(|(n, _)| *n == i + 1).map(|&(_, a)| a);
            let base = match special {
                Some(_) => palette::SPECIAL,
                None if i % 2 == 0 => palette::PAPYRUS,
                None => palette::PAPYRUS_DARK,
            };
            p.fill(r.inflate(-1), base);
            material::tile(p, r.inflate(-1), 1);
            if let Some(art) = special {
                p.sprite(art, Rect::new(r.x + 6, r.y + 6, 40, 40), Rgba::WHITE, false);
            }
            if view.highlights & (1 << i) != 0 {
                p.fill(r.inflate(-1), lift::highlight(view.frame));
            }
            if view.selected == Some(i as u8) {
                p.outline(r.inflate(-1), 3, palette::SELECTED);
            }
            if view.hinted & (1 << i) != 0 {
                p.outline(r.inflate(-2), 3, palette::HINT);
            }
            if view.numbers {
                p.text(
                    r.x + NUMBER_AT.0,
                    r.y + NUMBER_AT.1,
                    NUMBERS_30[i + 1],
                    palette::GROUT.with_alpha(190),
                    1,
                );
            }
            let piece = match view.squares[i] {
                SenetCell::Empty => None,
                SenetCell::One => Some(AssetId::Cone),
                SenetCell::Two => Some(AssetId::Spool),
            };
            if let Some(art) = piece {
                let rest = Rect::new(r.x + PIECE_AT.0, r.y + PIECE_AT.1, PIECE, PIECE);
                if view.selected == Some(i as u8) {
                    lift::lifted(p.list, self.aspect, art, self.aspect.rect(rest));
                } else {
                    p.sprite(art, rest, Rgba::WHITE, false);
                }
            }
        }
    }

    fn v_off(&self, side: usize, k: i16) -> Rect {
        let x = if side == 0 {
            self.ox + INNER.x + k * (OFF_SIZE + 4)
        } else {
            self.ox + INNER.right() - OFF_SIZE - k * (OFF_SIZE + 4)
        };
        Rect::new(x, OFF_Y, OFF_SIZE, OFF_SIZE)
    }

    fn draw_off(&self, p: &mut Painter, view: &SenetView) {
        for (side, art) in [(0, AssetId::Cone), (1, AssetId::Spool)] {
            for k in 0..view.off[side].min(5) as i16 {
                p.sprite(art, self.v_off(side, k), Rgba::WHITE, false);
            }
        }
    }

    fn draw_sticks(&self, p: &mut Painter, view: &SenetView) {
        if view.throw == 0 {
            return;
        }
        for (k, &white) in view.sticks.iter().enumerate() {
            let art = if white {
                AssetId::StickLight
            } else {
                AssetId::StickDark
            };
            p.sprite_rect(art, self.v_stick(k));
        }
        let last = self.v_stick(3);
        let value = VALUES[(view.throw as usize).min(6)];
        p.text_shadow(last.right() + 24, STICKS_Y + 30, value, palette::GOLD, 2);
    }
}

#[cfg(test)]
mod tests;
