//! The win-chance bar beside the hint (issue 27 part 5): while the hint (1) is shown to a
//! person, "Win chance 63%" and a small bar filled to that figure, at the right of the top
//! band, where the status line leaves room (the status is cut before it: [`status_room`]). The
//! figure is the coach's: the person's win chance after the hint's turn for the roll or throw
//! already made (`ai::coach::chance_after`, the best turn's, `coach::best_chance`), worked out
//! by the match when the hint is found. Drawing only, in frame pixels: must not decide when it
//! shows (the matches do: never on the computer's turn, in demos, or without a hint).

use crate::gfx::font::{self, text_width};
use crate::gfx::{palette, Aspect, DrawList, Rect};

use super::confirm::percent;
use super::strings::{fill, Strings};
use super::text::Text;

/// Frame x of the bar's right edge and the top band's height (the boards start below it).
const RIGHT: i16 = 632;
const BAND_H: i16 = 36;
/// The bar's least width, its height and the gap kept before it.
const MIN_W: i16 = 96;
const BAR_H: i16 = 6;
const GAP: i16 = 12;

/// "Win chance 63%" for `permille`.
pub fn label(t: &Strings, permille: u16) -> Text<32> {
    let mut out = Text::new();
    fill(&mut out, t.win_chance, &[&percent(permille)]);
    out
}

/// Frame rect of the whole element (text and bar) for `permille` in the strings `t`: inside
/// the top band, right-aligned.
pub fn rect(t: &Strings, permille: u16) -> Rect {
    let w = text_width(label(t, permille).as_str(), 1).max(MIN_W);
    Rect::new(RIGHT - w, 1, w, BAND_H - 2)
}

/// The frame x the status line must end before while the bar shows.
pub fn status_room(t: &Strings, permille: u16) -> i16 {
    rect(t, permille).x - GAP
}

/// Draws the label and the bar filled to `permille` (0..=1000).
pub fn draw(list: &mut DrawList, t: &Strings, permille: u16) {
    let r = rect(t, permille);
    let text = label(t, permille);
    let tx = r.right() - text_width(text.as_str(), 1);
    list.text(tx + 1, r.y + 2, text.as_str(), palette::TEXT_SHADOW, 1);
    list.text(tx, r.y + 1, text.as_str(), palette::HINT, 1);
    let bar = Rect::new(r.x, r.bottom() - BAR_H - 2, r.w, BAR_H);
    list.fill(bar.inflate(1), palette::TEXT_SHADOW);
    list.fill(bar, palette::DIM);
    let filled = (i32::from(bar.w) * i32::from(permille.min(1000)) / 1000) as i16;
    list.fill(Rect::new(bar.x, bar.y, filled, bar.h), palette::HINT);
}

/// The status line drawn from virtual x `vx` (the board layout's) in `aspect`: as it is, or,
/// while the bar shows `bar`, cut (with "...") to end before it.
pub fn status(status: &str, aspect: Aspect, vx: i16, t: &Strings, bar: Option<u16>) -> Text<96> {
    let mut out = Text::new();
    let Some(permille) = bar else {
        out.set(status);
        return out;
    };
    let room = status_room(t, permille) - aspect.x(vx);
    let (shown, cut) = font::fit(status, 1, room);
    out.set(shown);
    if cut {
        out.push_fmt(format_args!("{}", font::ELLIPSIS));
    }
    out
}
