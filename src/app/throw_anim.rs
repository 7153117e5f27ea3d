//! The throw of the dice and the sticks as plain arithmetic (issue 28 part 3): where each die or
//! stick is on a frame of the throw, how high, where its shadow falls and how many times it has
//! turned over. A function of the throw's `Timer` and fixed numbers only, in integers (the
//! smoothstep of `anim.rs`), so a throw replays exactly; the throw itself (the roll, the sticks'
//! faces) is decided by the match when the timer runs out, never here. The senas and senet
//! drawing (`senas/draw.rs`, `senet/draw.rs`) choose the paths and draw the result; this file
//! draws nothing but a shadow and knows no game.

use crate::app::anim::{ease, Timer};
use crate::gfx::{DrawList, Rect, Rgba};

/// Share of an item's flight (of 256) spent in the air before it first touches the board; the
/// rest is its hop back down onto its place.
pub const TOUCH: i32 = 200;

/// How one die or stick of a throw travels to its rest place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Path {
    /// Where it leaves the hand, as an offset from its rest place (frame pixels).
    pub from: (i16, i16),
    /// The arc's peak height in pixels.
    pub lift: i16,
    /// When it leaves the hand, as a share (of 256) of the throw.
    pub delay: i32,
    /// How often it turns over: turns per ten frames of its flight (it turns over fastest
    /// when it leaves the hand and ever more slowly until it lies still).
    pub spin: u32,
    /// Height of its hop after it first touches the board.
    pub bounce: i16,
}

/// A die or stick on one frame of the throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Toss {
    /// Where it is drawn: raised by its height and a little larger in the air.
    pub rect: Rect,
    /// Its height above the board (0: lying on it).
    pub height: i16,
    /// Its shadow on the board, down and to the right (the lamp is at the upper left), the
    /// further the higher it is; `None` when it lies on the board.
    pub shadow: Option<Rect>,
    /// Times it has turned over so far: the face shown follows this count; at the end of the
    /// throw it is the path's whole count and the thrown face is shown.
    pub turns: u32,
    /// How flat it lies in its turn, 0 (edge on, turning over) ..= 256 (a face up): a stick is
    /// drawn this share of its width.
    pub flat: i32,
}

/// Where the item with `path` to `rest` is on the frame `timer` shows (`None`: still in the
/// hand). The throw's last frame (the timer's last before it runs out) and a throw of one frame
/// show it lying on `rest`.
pub fn toss(timer: Timer, rest: Rect, path: &Path) -> Option<Toss> {
    let len = i32::from(timer.len.max(1));
    let elapsed = len - i32::from(timer.left.min(timer.len));
    let end = len - 1;
    let start = end * path.delay.clamp(0, 255) / 256;
    if elapsed < start {
        return None;
    }
    let window = end - start;
    // The item's own progress 0..=256 from leaving the hand to lying still.
    let q = if window <= 0 {
        256
    } else {
        ((elapsed - start) * 256 / window).min(256)
    };
    let (ground, height) = if q < TOUCH {
        let s = ease(q * 256 / TOUCH);
        let from = Rect::new(rest.x + path.from.0, rest.y + path.from.1, rest.w, rest.h);
        let ground = crate::app::anim::lerp_rect(from, rest, s, 0);
        (ground, arc(path.lift, s))
    } else {
        let u = (q - TOUCH) * 256 / (256 - TOUCH);
        (rest, arc(path.bounce, u))
    };
    // Turns so far: the whole count times q(512 - q)/256^2, whose rate falls to nothing as q
    // reaches 256; a turn completes (the face changes) when the item stands on its edge.
    let whole = (window.max(0) as u32 * path.spin / 10).max(1);
    let x = i64::from(whole) * i64::from(q) * i64::from(512 - q);
    let turns = ((x + 32_768) / 65_536) as u32;
    let frac = (x % 65_536 / 256) as i32;
    let flat = (frac - 128).abs() * 2;
    let grow = height / 12;
    let rect = Rect::new(
        ground.x - grow,
        ground.y - height - grow,
        ground.w + 2 * grow,
        ground.h + 2 * grow,
    );
    let shadow = (height > 0).then(|| {
        let d = 1 + height / 3;
        Rect::new(ground.x + d, ground.y + d, ground.w, ground.h)
    });
    Some(Toss {
        rect,
        height,
        shadow,
        turns,
        flat,
    })
}

/// Height at `s`/256 of a parabola peaking at `peak` midway.
fn arc(peak: i16, s: i32) -> i16 {
    let s = s.clamp(0, 256);
    (i32::from(peak) * 4 * s * (256 - s) / 65_536) as i16
}

/// A soft shadow over `r` on the board for a thing `height` pixels above it: three translucent
/// layers, each a little smaller, as the boards' own shadows (`gfx::layout::material`). The
/// higher the thing, the fainter and the softer its shadow (a far shadow is a light smudge,
/// not a dark bar on the table).
pub fn draw_shadow(list: &mut DrawList, r: Rect, height: i16) {
    let alpha = shadow_alpha(height);
    let soft = 2 + (height.max(0) / 24).min(4);
    for k in 0..3i16 {
        let grow = soft - k * soft / 2;
        list.fill(r.inflate(grow), Rgba::rgb(0, 0, 0).with_alpha(alpha));
    }
}

/// The alpha of each of a shadow's three layers for a thing `height` pixels up: 36 on the
/// board, falling as 36 x 40 / (40 + height) (a third of it at 80 px), never below 8.
pub const fn shadow_alpha(height: i16) -> u8 {
    let h = if height < 0 { 0 } else { height as i32 };
    let a = 36 * 40 / (40 + h);
    if a < 8 {
        8
    } else {
        a as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    #[test]
    fn a_higher_thing_casts_a_fainter_shadow_never_an_invisible_one() {
        assert_eq!(shadow_alpha(0), 36);
        let a: Vec<u8> = (0..200).map(shadow_alpha).collect();
        assert!(a.windows(2).all(|w| w[1] <= w[0]), "never darker higher up");
        assert!(shadow_alpha(80) <= 12 && shadow_alpha(199) >= 8);
    }

    const REST: Rect = Rect::new(300, 200, 36, 36);
    const PATH: Path = Path {
        from: (160, -20),
        lift: 40,
        delay: 0,
        spin: 4,
        bounce: 6,
    };

    /// The frames of a throw of `len`, as the match draws them (the timer's `left` from `len`
    /// down to 1).
    fn frames(len: u16, path: &Path) -> Vec<Option<Toss>> {
        (1..=len)
            .rev()
            .map(|left| toss(Timer { left, len }, REST, path))
            .collect()
    }

    #[test]
    fn a_throw_leaves_from_its_start_and_lies_on_its_place_at_the_last_frame() {
        for len in [1u16, 2, 3, 12, 36] {
            let f = frames(len, &PATH);
            let last = f.last().copied().flatten().expect("the last frame");
            assert_eq!(
                (last.rect, last.height, last.shadow, last.flat),
                (REST, 0, None, 256)
            );
            if len > 1 {
                let first = f[0].expect("the first frame");
                assert_eq!((first.rect.x, first.height), (REST.x + 160, 0));
            }
        }
    }

    #[test]
    fn in_the_air_it_is_lifted_and_its_shadow_falls_down_right() {
        let f = frames(36, &PATH);
        let mid = f[12].expect("in the air");
        assert!(mid.height > 20, "{mid:?}");
        let s = mid.shadow.expect("a shadow");
        assert!(s.x > mid.rect.x && s.y > mid.rect.y, "{mid:?}");
        // It touches down, then hops a little (never higher than the bounce) onto its place.
        let heights: Vec<i16> = f.iter().map(|t| t.expect("thrown").height).collect();
        assert!(heights[28..].iter().all(|&h| h <= 6), "{heights:?}");
        assert!(heights[28..].iter().any(|&h| h > 0), "{heights:?}");
    }

    #[test]
    fn it_turns_over_ever_more_slowly_and_ends_on_the_whole_count() {
        let f = frames(36, &PATH);
        let turns: Vec<u32> = f.iter().map(|t| t.expect("thrown").turns).collect();
        assert!(turns.windows(2).all(|w| w[1] >= w[0]), "{turns:?}");
        assert_eq!(turns[0], 0);
        assert_eq!(*turns.last().expect("frames"), 35 * 4 / 10);
        let (early, late) = (turns[18] - turns[0], turns[35] - turns[18]);
        assert!(early >= 2 * late, "{turns:?}");
    }

    #[test]
    fn a_later_item_waits_in_the_hand_and_still_lands_at_the_end() {
        let late = Path { delay: 64, ..PATH };
        let f = frames(36, &late);
        // 35 * 64 / 256: from the ninth frame.
        assert!(f[0].is_none() && f[7].is_none() && f[8].is_some());
        assert_eq!(f[35].expect("landed").rect, REST);
    }
}
