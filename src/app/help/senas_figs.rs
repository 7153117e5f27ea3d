//! The senas how-to-play diagrams: the board and its paths, the dice and their sub-moves, a
//! blocked hole, the first-sena limit, bearing off. Positions are built with the rules engine
//! (`games::senas`) and what is allowed or refused is the engine's answer (its roll expansion,
//! blocked holes, first-sena count, rearmost check and `Illegal` sentences), so a rule change
//! shows here. Draws only.

use crate::games::senas::{Army, Illegal, Position, Roll, RollKind, Side, SENA};
use crate::gfx::palette;

use super::super::refusals::senas_sentence;
use super::super::strings::fill;
use super::super::text::Text;
use super::canvas::{Canvas, ALLOWED, REFUSED, W};
use super::mini_senas::{Marks, MiniSenas, HEIGHT, WIDTH};

/// A board centred in the design, top at `y`.
fn centred(y: i16) -> MiniSenas {
    MiniSenas {
        x: (W - WIDTH) / 2,
        y,
    }
}

/// Physical board of a position (positive White).
fn shown(pos: &Position) -> [i8; 24] {
    pos.board()
}

/// White's counts by path index into a position against `black` (counts by Black's path).
pub(super) fn position(white: &[(usize, u8)], black: &[(usize, u8)]) -> Option<Position> {
    let army = |list: &[(usize, u8)]| {
        let mut counts = [0u8; 24];
        for &(p, n) in list {
            counts[p] = n;
        }
        let on: u8 = counts.iter().sum();
        Army::from_counts(&counts, 15u8.saturating_sub(on))
    };
    Position::from_armies(army(white)?, army(black)?, Side::White).ok()
}

/// The "moving" diagram: White's runner on path 3 (14 on the start), Black holding White's
/// path 5; the runner's targets with a 2 and a 4.
pub(super) fn moving_position() -> Option<Position> {
    position(&[(0, 14), (3, 1)], &[(0, 13), (18, 2)])
}
pub(super) const MOVING_FROM: u8 = 3;
pub(super) const MOVING_DICE: [u8; 2] = [2, 4];

/// The first-sena diagram: White's runner in the fourth sena and three of White's first-sena
/// holes held at the end of a turn.
pub(super) fn start_position() -> Option<Position> {
    position(&[(0, 12), (2, 1), (4, 1), (20, 1)], &[(0, 15)])
}

/// The bearing-off diagram: every White piece in the fourth sena (paths 19, 21, 23), a 6 tried
/// from the rearmost piece and from the one after it.
pub(super) fn bear_off_position() -> Option<Position> {
    position(&[(19, 5), (21, 6), (23, 2)], &[(20, 9), (22, 4)])
}
pub(super) const BEAR_OFF_DIE: u8 = 6;
pub(super) const BEAR_OFF_FROM: [u8; 2] = [19, 21];

/// The start position, White's senas labelled and White's path drawn as arrows.
pub fn board(c: &mut Canvas) {
    let pos = Position::start(Side::White);
    let b = centred(40);
    b.draw(c, &shown(&pos), [0, 0], Marks::default());
    let light = palette::LIGHT_PIECE;
    let left = b.x - 10;
    let right = b.x + WIDTH - 15;
    let above = b.y - 10;
    let below = b.y + HEIGHT + 10;
    // White: from hole 0 (bottom right) leftwards, up the left edge, rightwards and off.
    c.arrow_h(b.hole(0).0 + 11, left, below, light);
    c.arrow_v(left, below, above, light);
    c.arrow_h(left, right, above, light);
    // Black: from hole 23 (top right) leftwards, down, rightwards and off, in the middle gap.
    let dark = palette::DARK_PIECE;
    let (_, gy, _, gh) = b.hole(23);
    let (upper, lower) = (gy + gh + 5, gy + gh + 13);
    let (x23, _) = MiniSenas::center(b.hole(23));
    let (x12, _) = MiniSenas::center(b.hole(12));
    c.arrow_h(x23, x12, upper, dark);
    c.fill(x12 - 1, upper, 3, lower - upper, dark);
    c.arrow_h(x12, x23 + 12, lower, dark);
    for sena in 0..4 {
        let (a, _) = MiniSenas::center(b.hole(sena * SENA));
        let (z, _) = MiniSenas::center(b.hole(sena * SENA + SENA - 1));
        let y = if sena < 2 { below + 8 } else { above - 28 };
        let mut t: Text<16> = Text::new();
        fill(&mut t, c.w.sena_n, &[&(sena + 1)]);
        c.label((a + z) / 2, y, t.as_str(), palette::GOLD);
    }
    let (tx, _, tw, _) = b.tray(0);
    c.label(tx + tw / 2, above - 28, c.w.off, palette::TEXT);
}

/// Four rolls and the sub-moves the engine expands each into.
pub fn dice(c: &mut Canvas) {
    for (row, (a, b, d)) in [(1, 3, 5), (2, 4, 4), (3, 3, 3), (6, 6, 6)]
        .into_iter()
        .enumerate()
    {
        let Some(roll) = Roll::new(a, b, d) else {
            continue;
        };
        let y = 12 + 60 * row as i16;
        let end = c.dice(20, y, 36, roll.dice().into_iter());
        c.arrow_h(end + 2, end + 32, y + 18, palette::GOLD);
        let after = c.dice(end + 42, y + 6, 24, roll.sub_moves().values());
        let what = match roll.kind() {
            RollKind::Distinct => c.w.roll_distinct,
            RollKind::Pair => c.w.roll_pair,
            RollKind::Triple => c.w.roll_triple,
            RollKind::Tute => c.w.roll_tute,
        };
        c.p.text_shadow(c.x0 + after + 8, c.area.y + y + 8, what, palette::GOLD, 1);
    }
}

/// A White piece picked: the engine's blocked holes close one target, the other is lit.
pub fn moving(c: &mut Canvas) {
    let Some(pos) = moving_position() else {
        return;
    };
    let from = usize::from(MOVING_FROM);
    let blocked = pos.blocked();
    let mut marks = Marks {
        selected: Some(Side::White.hole(from)),
        ..Marks::default()
    };
    let roll = MOVING_DICE;
    for d in roll {
        let to = from + usize::from(d);
        let hole = Side::White.hole(to);
        if blocked & (1 << to) != 0 {
            marks.refused |= 1 << hole;
        } else {
            marks.lit |= 1 << hole;
        }
    }
    let b = MiniSenas { x: 10, y: 10 };
    b.draw(c, &shown(&pos), [0, 0], marks);
    let (fx, _) = MiniSenas::center(b.hole(Side::White.hole(from)));
    let (_, top, _, _) = b.hole(Side::White.hole(from));
    for (k, d) in roll.into_iter().enumerate() {
        let to = from + usize::from(d);
        let hole = Side::White.hole(to);
        let refused = marks.refused & (1 << hole) != 0;
        let (tx, _) = MiniSenas::center(b.hole(hole));
        let color = if refused { REFUSED } else { ALLOWED };
        let y = top + 14 + 26 * k as i16;
        c.arrow_h(fx, tx, y, color);
        c.dice((fx + tx) / 2 - 8, y - 8, 16, [d].into_iter());
        if refused {
            c.cross(tx - 9, y - 9, 18, 18, REFUSED);
        }
    }
    let x = b.x + WIDTH + 20;
    c.label(x + 60, 10, c.w.dice, palette::TEXT);
    c.dice(x + 14, 36, 40, roll.into_iter());
    c.caption(
        HEIGHT + 24,
        senas_sentence(c.w.refusals, Illegal::HeldByOpponent),
        REFUSED,
    );
}

/// Three White holes in the first sena at the end of a turn: the engine's count refuses it.
pub fn start(c: &mut Canvas) {
    let Some(pos) = start_position() else {
        return;
    };
    let army = pos.army(Side::White);
    let mut marks = Marks::default();
    for p in 0..SENA {
        if army.count(p) > 0 {
            marks.refused |= 1 << Side::White.hole(p);
        }
    }
    let b = centred(10);
    b.draw(c, &shown(&pos), [0, 0], marks);
    let (x0, _, _, _) = b.hole(SENA - 1);
    let (x1, y1, w1, h1) = b.hole(0);
    let ok = army.first_sena_holes() <= 2;
    let color = if ok { ALLOWED } else { REFUSED };
    c.fill(x0, y1 + h1 + 4, x1 + w1 - x0, 3, color);
    c.label(
        (x0 + x1 + w1) / 2,
        y1 + h1 + 8,
        c.w.first_sena,
        palette::GOLD,
    );
    let runner = b.hole(Side::White.hole(20));
    c.outline(runner.0, runner.1, runner.2, runner.3, 2, palette::SELECTED);
    c.label(
        runner.0 + runner.2 / 2,
        runner.1 + runner.3 - 1,
        c.w.runner,
        palette::TEXT,
    );
    if !ok {
        c.caption(
            HEIGHT + 34,
            senas_sentence(c.w.refusals, Illegal::FirstSenaFull),
            REFUSED,
        );
    }
}

/// All White pieces in the fourth sena, a 6: the engine's rearmost check lets only the
/// rearmost piece bear off.
pub fn bear_off(c: &mut Canvas) {
    let Some(pos) = bear_off_position() else {
        return;
    };
    let army = pos.army(Side::White);
    let die = usize::from(BEAR_OFF_DIE);
    let b = centred(40);
    let mut marks = Marks::default();
    let mut verdicts = [(0usize, false); 2];
    for (k, from) in BEAR_OFF_FROM.map(usize::from).into_iter().enumerate() {
        // Decision 8 (docs/rules.md) through the army's own queries.
        let in_fourth = !army.any_below(3 * SENA);
        let ok = in_fourth && (from + die == 24 || (from + die > 24 && !army.any_below(from)));
        verdicts[k] = (from, ok);
        if !ok {
            marks.refused |= 1 << Side::White.hole(from);
        }
    }
    b.draw(
        c,
        &shown(&pos),
        [pos.off(Side::White), pos.off(Side::Black)],
        marks,
    );
    let (tx, ty, tw, _) = b.tray(0);
    for (k, (from, ok)) in verdicts.into_iter().enumerate() {
        let (hx, hy, hw, _) = b.hole(Side::White.hole(from));
        let x = hx + hw / 2;
        let y = 26 - 16 * k as i16;
        let color = if ok { ALLOWED } else { REFUSED };
        c.fill(x - 1, y, 3, hy - y, color);
        let ax = tx + tw / 2 + 6 - 12 * k as i16;
        c.arrow_h(x, ax, y, color);
        c.arrow_v(ax, y, ty + 24, color);
        if !ok {
            c.cross(x + 16, y - 8, 16, 16, REFUSED);
        }
    }
    let (x19, _, _, _) = b.hole(Side::White.hole(19));
    c.dice(x19 - 34, 6, 26, [die as u8].into_iter());
    c.caption(
        HEIGHT + 48,
        senas_sentence(c.w.refusals, Illegal::NotRearmost),
        REFUSED,
    );
}
