//! The senet how-to-play diagrams: the S path 1..30, the stick throws and their values, a
//! capture by swap and a protected pair, a barrier of three, the water (27 -> 15) and the safe
//! squares. Drawn with the game's art (squares, signs, cones, spools, sticks); positions are
//! built with the rules engine (`games::senet`) and every move shown is checked with
//! `check_move` and played with `apply`, so a rule change shows here. Draws only.

use super::super::refusals::senet_sentence;
use super::super::strings::fill;
use crate::games::senet::{
    apply, check_move, legal_moves, row_col, MoveList, Position, Side, Throw, Variant, LAST,
};
use crate::gfx::Rgba;
use crate::gfx::{palette, AssetId};

use super::super::text::Text;
use super::canvas::{Canvas, ALLOWED, REFUSED, W};

/// A square's side, in design pixels (the review's board reads it too).
pub(crate) const SQ: i16 = 40;
const PIECE: i16 = 28;
const NUMBERS: [&str; 31] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
    "17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30",
];
/// Squares with a sign and their art (as on the big board).
const SIGNS: [(u8, AssetId); 6] = [
    (15, AssetId::SqRebirth),
    (26, AssetId::SqBeauty),
    (27, AssetId::SqWater),
    (28, AssetId::SqThree),
    (29, AssetId::SqTwo),
    (30, AssetId::SqRa),
];

fn art(side: Side) -> AssetId {
    match side {
        Side::A => AssetId::Cone,
        Side::B => AssetId::Spool,
    }
}

fn bits(squares: &[u8]) -> u32 {
    squares.iter().fold(0, |b, &s| b | 1 << s)
}

fn position(a: &[u8], b: &[u8]) -> Option<Position> {
    Position::new(Variant::Wiibrew2009, bits(a), bits(b), Side::A).ok()
}

/// One square at design (x, y): papyrus or its sign, its number when `number`, its piece.
fn square(c: &mut Canvas, x: i16, y: i16, s: u8, pos: Option<&Position>, number: bool) {
    let sign = SIGNS.iter().find(|(n, _)| *n == s).map(|&(_, a)| a);
    let base = match sign {
        Some(_) => palette::SPECIAL,
        None if s % 2 == 1 => palette::PAPYRUS,
        None => palette::PAPYRUS_DARK,
    };
    c.fill(x, y, SQ, SQ, palette::GROUT);
    c.fill(x + 1, y + 1, SQ - 2, SQ - 2, base);
    if let Some(a) = sign {
        if number {
            // Numbered: the sign sits in the lower right, clear of the number.
            c.sprite(a, x + 20, y + 21, SQ - 22, SQ - 22, false);
        } else {
            c.sprite(a, x + 4, y + 4, SQ - 8, SQ - 8, false);
        }
    }
    if number {
        let n = NUMBERS[usize::from(s)];
        c.label_plain(x + 3 + 5 * n.len() as i16, y + 1, n, palette::DARK_PIECE);
    }
    if let Some(side) = pos.and_then(|p| p.at(s)) {
        if number {
            c.sprite(art(side), x + 19, y + 19, 19, 19, false);
        } else {
            let off = (SQ - PIECE) / 2;
            c.sprite(art(side), x + off, y + off, PIECE, PIECE, false);
        }
    }
}

/// Design top-left of square `s` on the full mini board placed at (bx, by).
pub(crate) fn cell(bx: i16, by: i16, s: u8) -> (i16, i16) {
    let (row, col) = row_col(s);
    (bx + i16::from(col) * SQ, by + i16::from(row) * SQ)
}

/// The full 3 x 10 board at design (bx, by).
fn board(c: &mut Canvas, bx: i16, by: i16, pos: Option<&Position>, numbers: bool) {
    c.fill(bx - 6, by - 6, 10 * SQ + 12, 3 * SQ + 12, palette::WOOD);
    for s in 1..=LAST {
        let (x, y) = cell(bx, by, s);
        square(c, x, y, s, pos, numbers);
    }
}

/// The full board over `pos`, centred in the canvas at the top (the review's board view);
/// returns the board's design origin for [`cell`].
pub(crate) fn board_at(c: &mut Canvas, pos: &Position) -> (i16, i16) {
    let (bx, by) = ((W - 10 * SQ) / 2, 8);
    board(c, bx, by, Some(pos), true);
    (bx, by)
}

/// A straight strip of the path, squares `first..=last`, with their numbers above when
/// `numbers`.
fn strip(c: &mut Canvas, x0: i16, y: i16, (first, last): (u8, u8), pos: &Position, numbers: bool) {
    for s in first..=last {
        let x = x0 + i16::from(s - first) * SQ;
        if numbers {
            c.label(
                x + SQ / 2,
                y - 22,
                NUMBERS[usize::from(s)],
                palette::TEXT_DIM,
            );
        }
        square(c, x, y, s, Some(pos), false);
    }
}

/// The path 1..30 with its turns and the exit, over the opening position.
pub fn path(c: &mut Canvas) {
    let (bx, by) = ((W - 10 * SQ) / 2, 40);
    let start = Position::start(Variant::Wiibrew2009, Side::A);
    board(c, bx, by, Some(&start), true);
    let gold = palette::GOLD;
    c.arrow_h(bx, bx + 10 * SQ - 4, by - 14, gold);
    c.arrow_v(bx + 10 * SQ + 14, by + SQ / 2, by + SQ + SQ / 2, gold);
    c.fill(bx + 10 * SQ + 6, by + SQ / 2 - 1, 9, 3, gold);
    c.fill(bx + 10 * SQ + 6, by + SQ + SQ / 2 - 1, 9, 3, gold);
    c.arrow_v(bx - 14, by + SQ + SQ / 2, by + 2 * SQ + SQ / 2, gold);
    c.fill(bx - 14, by + SQ + SQ / 2 - 1, 9, 3, gold);
    c.fill(bx - 14, by + 2 * SQ + SQ / 2 - 1, 9, 3, gold);
    c.arrow_h(
        bx + 10 * SQ + 2,
        bx + 10 * SQ + 40,
        by + 2 * SQ + SQ / 2,
        gold,
    );
    c.label(bx + 10 * SQ + 60, by + 2 * SQ + SQ / 2 - 10, c.w.off, gold);
    c.caption(3 * SQ + 70, c.w.senet_start, palette::TEXT_DIM);
}

/// Every stick pattern by white faces: the engine's value and whether it throws again.
pub fn sticks(c: &mut Canvas) {
    let rules = Variant::Wiibrew2009.rules();
    for (k, whites) in [1u32, 2, 3, 4, 0].into_iter().enumerate() {
        let Some(throw) = Throw::from_whites(whites) else {
            continue;
        };
        let x = 20 + 108 * k as i16;
        for s in 0..4u32 {
            let id = if s < whites {
                AssetId::StickLight
            } else {
                AssetId::StickDark
            };
            c.sprite(id, x + 16 * s as i16, 20, 12, 90, false);
        }
        let d = throw.distance();
        c.p.text_centered(
            c.x0 + x + 30,
            c.area.y + 126,
            NUMBERS[usize::from(d)],
            palette::GOLD,
            2,
        );
        if rules.throws_again(d) {
            c.label(x + 30, 176, c.w.again, ALLOWED);
        }
    }
    c.caption(214, c.w.sticks_caption, palette::TEXT_DIM);
}

/// A capture by swap with a 2, then a protected pair that a 3 cannot take.
pub fn capture(c: &mut Canvas) {
    let x0 = (W - 8 * SQ) / 2 + 40;
    // A stretch of the path without signs, so the pieces read clearly.
    const FROM: u8 = 16;
    const TO: u8 = 23;
    let rows: [(&[u8], &[u8], u8, u8); 2] = [(&[18], &[20], 18, 2), (&[18], &[21, 22], 18, 3)];
    for (k, (a, b, from, d)) in rows.into_iter().enumerate() {
        let Some(pos) = position(a, b) else {
            continue;
        };
        let y = 22 + 152 * k as i16;
        let to = from + d;
        let Some(throw) = Throw::from_distance(d) else {
            continue;
        };
        let verdict = check_move(&pos, throw, from, to);
        let shown = match verdict {
            Ok(mv) if k == 0 => apply(&pos, mv),
            _ => pos,
        };
        let mut t: Text<16> = Text::new();
        fill(&mut t, c.w.throw_n, &[&d]);
        c.label(x0 - 70, y + 10, t.as_str(), palette::GOLD);
        strip(c, x0, y, (FROM, TO), &pos, true);
        let fx = x0 + i16::from(from - FROM) * SQ + SQ / 2;
        let tx = x0 + i16::from(to - FROM) * SQ + SQ / 2;
        let color = if verdict.is_ok() { ALLOWED } else { REFUSED };
        c.arrow_h(fx, tx, y + SQ + 8, color);
        match verdict {
            Ok(_) => {
                c.label(x0 - 70, y + 86, c.w.after, palette::GOLD);
                strip(c, x0, y + 76, (FROM, TO), &shown, false);
            }
            Err(e) => {
                c.cross(tx - 8, y + SQ, 16, 16, REFUSED);
                let t = senet_sentence(c.w.refusals, e);
                c.caption(y + SQ + 20, t.as_str(), REFUSED);
            }
        }
    }
}

/// A barrier of three spools: a 6 cannot pass it, a 1 may move up to it.
pub fn barrier(c: &mut Canvas) {
    let Some(pos) = position(&[10], &[12, 13, 14]) else {
        return;
    };
    const FIRST: u8 = 6;
    let x0 = (W - 11 * SQ) / 2;
    let y = 30;
    strip(c, x0, y, (FIRST, 16), &pos, true);
    let at = |s: u8| x0 + i16::from(s - FIRST) * SQ + SQ / 2;
    let bar_x = x0 + i16::from(12 - FIRST) * SQ;
    c.fill(bar_x + 2, y + SQ + 3, 3 * SQ - 4, 3, palette::GOLD);
    c.label(bar_x + 3 * SQ / 2, y + SQ + 8, c.w.barrier, palette::GOLD);
    let mut refusal: Text<160> = Text::new();
    let fx = at(10);
    for (k, d) in [1u8, 6].into_iter().enumerate() {
        let Some(throw) = Throw::from_distance(d) else {
            continue;
        };
        let to = 10 + d;
        let verdict = check_move(&pos, throw, 10, to);
        let tx = at(to);
        let ay = y + SQ + 14 + 32 * k as i16;
        let color = if verdict.is_ok() { ALLOWED } else { REFUSED };
        c.arrow_h(fx, tx, ay, color);
        let t: Text<12> = Text::from_fmt(format_args!("{d}"));
        c.label(tx + 16, ay - 10, t.as_str(), color);
        if let Err(e) = verdict {
            c.cross(tx - 8, ay - 8, 16, 16, REFUSED);
            refusal = senet_sentence(c.w.refusals, e);
        }
    }
    // A throw with no forward move at all: the rules' own legal move goes back.
    let mut back: Text<120> = Text::new();
    for d in 1..=6u8 {
        let Some(throw) = Throw::from_distance(d) else {
            continue;
        };
        let mut moves = MoveList::new();
        legal_moves(&pos, throw, &mut moves);
        if let Some(mv) = moves.iter().find(|m| m.is_backward() && m.from() == 10) {
            let ay = y + SQ + 14 + 64;
            c.arrow_h(fx, at(mv.to()), ay, palette::GOLD);
            let t: Text<12> = Text::from_fmt(format_args!("{d}"));
            c.label(at(mv.to()) - 16, ay - 10, t.as_str(), palette::GOLD);
            fill(&mut back, c.w.back_move, &[&d, &mv.to()]);
            break;
        }
    }
    c.caption(y + SQ + 96, refusal.as_str(), REFUSED);
    c.caption(y + SQ + 96 + 44, back.as_str(), palette::GOLD);
}

/// A cone on 25 throws a 2: it reaches 27, the water, and `apply` puts it where it restarts.
/// The safe squares are framed.
pub fn water(c: &mut Canvas) {
    let Some(pos) = position(&[25, 3], &[29, 8]) else {
        return;
    };
    let (bx, by) = ((W - 10 * SQ) / 2, 20);
    let Some(throw) = Throw::from_distance(2) else {
        return;
    };
    let after = check_move(&pos, throw, 25, 27).map(|mv| apply(&pos, mv));
    board(c, bx, by, Some(&pos), true);
    let rules = Variant::Wiibrew2009.rules();
    for s in 1..=LAST {
        if rules.safe & (1 << s) != 0 {
            let (x, y) = cell(bx, by, s);
            c.outline(x + 1, y + 1, SQ - 2, SQ - 2, 3, ALLOWED);
        }
    }
    let (x25, y25) = cell(bx, by, 25);
    let (x27, _) = cell(bx, by, 27);
    c.arrow_h(x25 + SQ / 2, x27 + SQ / 2, y25 + SQ + 10, palette::GOLD);
    if let Ok(next) = after {
        if let Some(rest) = (1..=LAST).find(|&s| next.at(s) == Some(Side::A) && pos.at(s).is_none())
        {
            let (xr, yr) = cell(bx, by, rest);
            c.outline(xr + 1, yr + 1, SQ - 2, SQ - 2, 3, palette::GOLD);
            c.sprite(art(Side::A), xr + 19, yr + 19, 19, 19, false);
            c.arrow_v(x27 + 8, y25 + 6, yr + SQ / 2, palette::GOLD);
            c.arrow_h(x27 + 8, xr + SQ - 4, yr + SQ / 2, palette::GOLD);
            let mut t: Text<40> = Text::new();
            fill(&mut t, c.w.water_path, &[&25, &rest]);
            c.caption(3 * SQ + 40, t.as_str(), palette::GOLD);
        }
    }
    c.caption(3 * SQ + 66, c.w.safe_caption, ALLOWED);
}

/// The special squares of one rule set on the empty board: safe squares (green), the water
/// (gold), the gate (blue), exact-only squares (red) and the home row (white), with a legend.
pub fn rules(c: &mut Canvas, v: Variant) {
    let (bx, by) = ((W - 10 * SQ) / 2, 20);
    board(c, bx, by, None, true);
    let r = v.rules();
    let blue = Rgba::rgb(90, 150, 240);
    let mut used = [false; 5];
    for s in 1..=LAST {
        let (x, y) = cell(bx, by, s);
        let mut frame = |k: usize, inset: i16, color: Rgba, used: &mut [bool; 5]| {
            c.outline(
                x + inset,
                y + inset,
                SQ - 2 * inset,
                SQ - 2 * inset,
                3,
                color,
            );
            used[k] = true;
        };
        if r.safe & (1 << s) != 0 {
            frame(0, 1, ALLOWED, &mut used);
        }
        if r.water.is_some_and(|w| w.square == s) {
            frame(1, 1, palette::GOLD, &mut used);
        }
        if r.gate == s {
            frame(2, 1, blue, &mut used);
        }
        if r.exact_off & (1 << s) != 0 {
            frame(3, 6, REFUSED, &mut used);
        }
        if r.home_from > 1 && s >= r.home_from {
            // An underline, so the square's own art stays visible.
            c.fill(x + 6, y + SQ - 8, SQ - 12, 3, palette::TEXT);
            used[4] = true;
        }
    }
    let colors = [ALLOWED, palette::GOLD, blue, REFUSED, palette::TEXT];
    let mut y = 3 * SQ + 36;
    for (k, on) in used.into_iter().enumerate() {
        if on {
            c.caption(y, c.w.rules_legend[k], colors[k]);
            y += 22;
        }
    }
}
