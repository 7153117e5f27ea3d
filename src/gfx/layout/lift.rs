//! Motion on the boards, shared by both layouts and the app's glides (issue 28, part 3): legal
//! targets breathe (their highlight's strength follows the frame count over
//! [`PULSE_FRAMES`]), and a piece taken up is drawn [`LIFT`] pixels above its rest place over a
//! soft shadow cast down and to the right (the lamp of `material.rs`, at the upper left).
//! Pure functions of the frame count and of rects, so the soft renderer and GX draw the same
//! pixels for the same frame. Only draw-list calls; knows no game and owns no state.

use crate::gfx::assets::AssetId;
use crate::gfx::color::{palette, Rgba};
use crate::gfx::draw_list::DrawList;
use crate::gfx::rect::Rect;
use crate::gfx::view::Aspect;

/// Frames of one breath of the legal targets (one second at 60 Hz).
pub const PULSE_FRAMES: u32 = 60;
/// How far a picked-up piece is raised above its rest place, in pixels.
pub const LIFT: i16 = 6;
/// The highlight's fill alpha at the bottom and top of a breath (never invisible).
pub const HIGHLIGHT_ALPHA: (u8, u8) = (80, 180);
/// The highlight edge's alpha at the bottom and top of a breath.
pub const EDGE_ALPHA: (u8, u8) = (140, 255);

/// Where frame `frame` is in its breath, 0 (faintest, at frame 0) to 256 (strongest, half a
/// period later): a triangle eased at both turns (smoothstep), so it never jerks.
pub const fn breath(frame: u32) -> i32 {
    let half = (PULSE_FRAMES / 2) as i32;
    let t = (frame % PULSE_FRAMES) as i32;
    let tri = if t <= half {
        t * 256 / half
    } else {
        (PULSE_FRAMES as i32 - t) * 256 / half
    };
    tri * tri * (768 - 2 * tri) / (256 * 256)
}

const fn between(range: (u8, u8), b: i32) -> u8 {
    (range.0 as i32 + (range.1 as i32 - range.0 as i32) * b / 256) as u8
}

/// A legal target's fill at frame `frame`.
pub const fn highlight(frame: u32) -> Rgba {
    palette::HIGHLIGHT.with_alpha(between(HIGHLIGHT_ALPHA, breath(frame)))
}

/// A legal target's edge at frame `frame`.
pub const fn highlight_edge(frame: u32) -> Rgba {
    palette::HIGHLIGHT_EDGE.with_alpha(between(EDGE_ALPHA, breath(frame)))
}

/// How far (frame pixels across, down) the shadow of a piece `height` pixels above the board
/// falls from the place under it: further the higher it is, at most 8 virtual pixels.
pub const fn shadow_offset(aspect: Aspect, height: i16) -> (i16, i16) {
    let d = if height <= 0 {
        0
    } else if height >= 22 {
        8
    } else {
        (height + 2) / 3
    };
    let dx = match aspect {
        Aspect::Standard => d,
        Aspect::Wide => (d * 3 + 2) / 4,
    };
    (dx, d)
}

/// The shadow of `art` held `height` pixels above `ground` (the frame rect it would rest in):
/// two dark silhouettes of the art, down and to the right, the wider one fainter so the edge
/// is soft. Nothing on the board (height 0): the piece hides its own shadow.
pub fn shadow(list: &mut DrawList, aspect: Aspect, art: AssetId, ground: Rect, height: i16) {
    if height <= 0 {
        return;
    }
    let (dx, dy) = shadow_offset(aspect, height);
    let at = Rect::new(ground.x + dx, ground.y + dy, ground.w, ground.h);
    list.sprite(art, at.inflate(1), Rgba::rgb(0, 0, 0).with_alpha(60), false);
    list.sprite(art, at, Rgba::rgb(0, 0, 0).with_alpha(90), false);
}

/// A piece `art` taken up from its rest place `rest` (frame pixels): its shadow left at the
/// rest place, the piece [`LIFT`] pixels higher. Returns where the piece was drawn.
pub fn lifted(list: &mut DrawList, aspect: Aspect, art: AssetId, rest: Rect) -> Rect {
    shadow(list, aspect, art, rest, LIFT);
    let up = Rect::new(rest.x, rest.y - LIFT, rest.w, rest.h);
    list.sprite(art, up, Rgba::WHITE, false);
    up
}

/// A piece `art` on its way through the air: `ground` is where it would stand on the board at
/// this moment, `air` where it is drawn (above `ground`); the shadow falls from its height.
pub fn gliding(list: &mut DrawList, aspect: Aspect, art: AssetId, ground: Rect, air: Rect) {
    shadow(list, aspect, art, ground, ground.y - air.y);
    list.sprite(art, air, Rgba::WHITE, false);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_breath_is_smooth_repeats_every_period_and_never_fades_out() {
        assert_eq!(breath(0), 0);
        assert_eq!(breath(PULSE_FRAMES / 2), 256);
        for f in 0..3 * PULSE_FRAMES {
            assert_eq!(breath(f), breath(f + PULSE_FRAMES), "frame {f}");
            let step = (breath(f + 1) - breath(f)).abs();
            assert!(step <= 16, "frame {f}: a jump of {step}");
            assert!(highlight(f).a >= HIGHLIGHT_ALPHA.0 && highlight_edge(f).a >= EDGE_ALPHA.0);
        }
        // Far from the wrap of the frame counter too.
        assert_eq!(breath(u32::MAX - 7), breath(u32::MAX - 7 - PULSE_FRAMES));
        assert!(highlight(PULSE_FRAMES / 2).a > highlight(0).a + 80);
    }

    #[test]
    fn a_shadow_falls_down_and_right_further_the_higher_the_piece() {
        let mut last = (0, 0);
        for h in 1..60 {
            let (dx, dy) = shadow_offset(Aspect::Standard, h);
            assert!(dx > 0 && dy > 0 && dx >= last.0 && dy >= last.1, "{h}");
            last = (dx, dy);
        }
        assert_eq!(shadow_offset(Aspect::Standard, 0), (0, 0));
        // 16:9 squeezes x by 3/4, so the shadow keeps its direction on the TV.
        assert_eq!(shadow_offset(Aspect::Wide, 40), (6, 8));
    }
}
