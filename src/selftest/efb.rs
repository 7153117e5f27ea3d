//! The EFB probe's drawn pattern, pure data: four solid 32x32 quads of known colours near the
//! EFB's corners on the screen's background, the six points the CPU peeks (one inside each
//! quad, two on the background) and the colour each must read. Owns the pattern and how a
//! read is judged; drawing it (`wii::gx::GxRenderer::draw_into_efb`) and peeking
//! (`wii::gx::efb`) are the Wii side's. No I/O here.

use crate::gfx::color::{palette, Rgba};
use crate::gfx::draw_list::DrawList;
use crate::gfx::rect::Rect;

/// Side of each quad, in EFB pixels.
pub const QUAD_SIDE: i16 = 32;

/// The background the quads sit on: the self-test screen's (`app::self_test` draws on
/// `palette::BACKGROUND`), so after that frame's EFB -> XFB copy, which clears the EFB to the
/// frame's background, the EFB already holds it and the background points also check the
/// copy's clear.
pub const BACKGROUND: Rgba = palette::BACKGROUND;

/// The quads: top-left corner and colour (`0xRRGGBB`). Near the four corners of the 640x480
/// EFB, so the peeks exercise high and low bits of both the x and y fields of the peek
/// address (libogc `GX_PeekARGB`: x << 2, y << 12).
pub const QUADS: [(i16, i16, u32); 4] = [
    (40, 40, 0xc0_30_10),
    (568, 40, 0x20_a0_48),
    (40, 408, 0x38_58_e0),
    (568, 408, 0xf0_d8_70),
];

/// How many points the probe peeks.
pub const POINTS: usize = 6;

/// The peeked points (x, y) and the colour each must read (`0xRRGGBB`): the centre of each
/// quad in [`QUADS`]' order, then two background points (the old single-pixel probe's 2,2
/// and the screen's centre).
pub const PEEKS: [(u16, u16, u32); POINTS] = [
    (56, 56, QUADS[0].2),
    (584, 56, QUADS[1].2),
    (56, 424, QUADS[2].2),
    (584, 424, QUADS[3].2),
    (2, 2, rgb_of(BACKGROUND)),
    (320, 240, rgb_of(BACKGROUND)),
];

/// The report's key of each point (`efb.p0` ...), in [`PEEKS`]' order.
pub const KEYS: [&str; POINTS] = ["p0", "p1", "p2", "p3", "p4", "p5"];

/// Most difference per colour channel between a peek and the colour drawn: 1. The game's
/// EFB is RGB8_Z24 (`wii::gx::bp::pe_control`, libogc `GX_PF_RGB8_Z24`), which keeps 8 bits a channel
/// and does not dither, and a flat quad's vertex colour passes the TEV unchanged
/// (`TEV_PASSCLR`), so the exact colour is expected; the one step allows for the rasteriser's
/// colour interpolation rounding a constant colour on a console.
pub const TOLERANCE: u32 = 1;

/// `0xRRGGBB` of a colour.
pub const fn rgb_of(c: Rgba) -> u32 {
    (c.r as u32) << 16 | (c.g as u32) << 8 | c.b as u32
}

/// A `0xRRGGBB` value as an opaque colour.
pub const fn color_of(rgb: u32) -> Rgba {
    Rgba::rgb((rgb >> 16) as u8, (rgb >> 8) as u8, rgb as u8)
}

/// Makes `list` the pattern: cleared to [`BACKGROUND`], the four quads filled.
pub fn pattern_list(list: &mut DrawList) {
    list.reset(BACKGROUND);
    for (x, y, rgb) in QUADS {
        list.fill(Rect::new(x, y, QUAD_SIDE, QUAD_SIDE), color_of(rgb));
    }
}

/// The largest difference of the R, G or B channel between two colours (alpha ignored).
pub fn rgb_diff(a: u32, b: u32) -> u32 {
    (0..3)
        .map(|i| ((a >> (8 * i)) & 0xFF).abs_diff((b >> (8 * i)) & 0xFF))
        .max()
        .unwrap_or(0)
}

/// How the six reads compare with [`PEEKS`]: (points within [`TOLERANCE`], the largest
/// channel difference of any point).
pub fn judge(read: &[u32; POINTS]) -> (usize, u32) {
    let mut matched = 0;
    let mut max = 0;
    for (r, &(_, _, want)) in read.iter().zip(PEEKS.iter()) {
        let d = rgb_diff(*r, want);
        max = max.max(d);
        if d <= TOLERANCE {
            matched += 1;
        }
    }
    (matched, max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gfx::soft::{pixel, SoftRenderer, FRAME_BYTES};

    #[test]
    fn every_peek_point_holds_its_colour_when_the_pattern_is_drawn() {
        let mut list = DrawList::new(Rgba::BLACK);
        pattern_list(&mut list);
        let mut frame = std::vec![0u8; FRAME_BYTES];
        SoftRenderer::new().render(&list, &mut frame);
        for (i, &(x, y, want)) in PEEKS.iter().enumerate() {
            let [r, g, b] = pixel(&frame, x.into(), y.into());
            let got = u32::from(r) << 16 | u32::from(g) << 8 | u32::from(b);
            assert_eq!(
                got, want,
                "point {i} at {x},{y}: {got:#08x}, want {want:#08x}"
            );
        }
    }

    #[test]
    fn the_quad_colours_differ_from_each_other_and_the_background_in_every_channel() {
        // A point that read a neighbour's colour (or the background) fails the tolerance.
        let mut all: std::vec::Vec<u32> = QUADS.iter().map(|q| q.2).collect();
        all.push(rgb_of(BACKGROUND));
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert!(rgb_diff(*a, *b) > 8 * TOLERANCE, "{a:#08x} vs {b:#08x}");
            }
        }
    }

    #[test]
    fn a_read_within_one_step_matches_and_two_steps_do_not() {
        let exact: [u32; POINTS] = PEEKS.map(|p| p.2);
        assert_eq!(judge(&exact), (6, 0));
        let mut near = exact;
        near[0] += 0x01_00_01; // +1 red, +1 blue
        near[5] -= 0x00_01_00; // -1 green
        assert_eq!(judge(&near), (6, 1));
        let mut off = exact;
        off[3] += 0x02; // +2 blue
        assert_eq!(judge(&off), (5, 2));
        // Alpha is not compared (an RGB8 EFB peeks alpha as 0 in Dolphin).
        assert_eq!(judge(&exact.map(|v| v | 0xFF00_0000)), (6, 0));
    }
}
