//! Motion on the boards (issue 28, part 3), read from soft-rendered frames of both boards in
//! both picture shapes: legal targets breathe with the frame count (different half a period
//! apart, the same a whole period apart, never gone), the picked-up piece is raised over a
//! shadow that falls down and to the right onto the bare board, and the borne-off places the
//! app's glides aim at are where the boards draw those pieces.

use super::{render, save};
use crate::gfx::assets::AssetId;
use crate::gfx::color::palette;
use crate::gfx::draw_list::{DrawList, Item};
use crate::gfx::layout::lift::{LIFT, PULSE_FRAMES};
use crate::gfx::layout::{SenasLayout, SenasView, SenetCell, SenetLayout, SenetView};
use crate::gfx::rect::Rect;
use crate::gfx::samples::{senas_midgame, senet_midgame};
use crate::gfx::soft::pixel;
use crate::gfx::view::Aspect;
use std::boxed::Box;
use std::vec::Vec;

const ASPECTS: [Aspect; 2] = [Aspect::Standard, Aspect::Wide];

fn luma(p: [u8; 3]) -> i32 {
    (299 * i32::from(p[0]) + 587 * i32::from(p[1]) + 114 * i32::from(p[2])) / 1000
}

/// The sum of the channels' differences.
fn distance(a: [u8; 3], b: [u8; 3]) -> i32 {
    (0..3)
        .map(|i| (i32::from(a[i]) - i32::from(b[i])).abs())
        .sum()
}

fn senas_frame(lay: &SenasLayout, view: &SenasView) -> (Box<DrawList>, Vec<u8>) {
    let mut list = Box::new(DrawList::new(palette::BACKGROUND));
    lay.draw(&mut list, view);
    let f = render(&list);
    (list, f)
}

fn senet_frame(lay: &SenetLayout, view: &SenetView) -> (Box<DrawList>, Vec<u8>) {
    let mut list = Box::new(DrawList::new(palette::BACKGROUND));
    lay.draw(&mut list, view);
    let f = render(&list);
    (list, f)
}

fn at(f: &[u8], (x, y): (i16, i16)) -> [u8; 3] {
    pixel(f, x as usize, y as usize)
}

/// The sprites of `art` in `list`.
fn sprites(list: &DrawList, art: AssetId) -> Vec<Rect> {
    list.items()
        .filter_map(|it| match it {
            Item::Sprite {
                asset, rect, tint, ..
            } if asset == art && tint == crate::gfx::Rgba::WHITE => Some(rect),
            _ => None,
        })
        .collect()
}

fn up(r: Rect, d: i16) -> Rect {
    Rect::new(r.x, r.y - d, r.w, r.h)
}

#[test]
fn legal_targets_breathe_once_a_second_and_never_fade_out() {
    for aspect in ASPECTS {
        let senas = SenasLayout::new(aspect);
        let senet = SenetLayout::new(aspect);
        // Senas hole 6 (an empty point near its base), bearing off; senet square 8, the exit.
        let mut sv = senas_midgame();
        sv.highlights |= super::senas::BEAR_OFF_BIT;
        let hole = senas.hole_rect(6);
        let tray = senas.tray_rect(0);
        let sq = senet.square_rect(7);
        let exit = senet.exit_rect();
        let mut sn = senet_midgame();
        let mut unlit = (sv, sn);
        unlit.0.highlights = 0;
        unlit.1.highlights = 0;
        let plain = (
            senas_frame(&senas, &unlit.0).1,
            senet_frame(&senet, &unlit.1).1,
        );
        let mut seen: Vec<[[u8; 3]; 4]> = Vec::new();
        for frame in [
            7u32,
            7 + PULSE_FRAMES / 2,
            7 + PULSE_FRAMES,
            1000 * PULSE_FRAMES + 7,
        ] {
            sv.frame = frame;
            sn.frame = frame;
            let a = senas_frame(&senas, &sv).1;
            let b = senet_frame(&senet, &sn).1;
            save(&std::format!("pulse_senas_{aspect:?}_{frame}"), &a);
            let spots = [
                (&a, &plain.0, (hole.center().0, hole.bottom() - 10)),
                (&a, &plain.0, (tray.center().0, tray.y + 1)),
                (&b, &plain.1, (sq.x + 3, sq.y + 3)),
                (&b, &plain.1, (exit.center().0, exit.y + 1)),
            ];
            let mut c = [[0; 3]; 4];
            for (k, (lit, bare, p)) in spots.into_iter().enumerate() {
                c[k] = at(lit, p);
                // Readable at every phase: always clearly tinted against the unlit board.
                let tint = distance(c[k], at(bare, p));
                assert!(
                    tint >= 40,
                    "{aspect:?} frame {frame} spot {k}: tinted by {tint}"
                );
            }
            seen.push(c);
        }
        // Frame 7, half a breath later, a breath later, a thousand breaths later.
        for (k, spot) in (0..4).map(|k| (k, seen.iter().map(|c| c[k]).collect::<Vec<_>>())) {
            let d = distance(spot[1], spot[0]);
            assert!(
                d >= 30,
                "{aspect:?} spot {k}: half a breath apart differs by {d}"
            );
            // Stronger half a breath after frame 7: yellower, whatever the board under it.
            assert!(spot[1][2] < spot[0][2], "{aspect:?} spot {k}: less blue");
            assert_eq!(spot[2], spot[0], "{aspect:?} spot {k}: a period later");
            assert_eq!(spot[3], spot[0], "{aspect:?} spot {k}: far later");
        }
    }
}

/// Pixels of `lifted` darker than the same pixel of `bare` (the board with the place empty),
/// in `area`, leaving out `skip` (the raised piece) and the selection's outline.
fn darkened(lifted: &[u8], bare: &[u8], area: Rect, skip: Rect) -> Vec<(i16, i16, i32)> {
    let mut out = Vec::new();
    for y in area.y..area.bottom() {
        for x in area.x..area.right() {
            let b = at(bare, (x, y));
            if skip.contains(x, y)
                || b == [
                    palette::SELECTED.r,
                    palette::SELECTED.g,
                    palette::SELECTED.b,
                ]
            {
                continue;
            }
            let d = luma(b) - luma(at(lifted, (x, y)));
            if d > 0 {
                out.push((x, y, d));
            }
        }
    }
    out
}

/// The raised piece `up` over its shadow: the bare board below and right of it darker, the
/// board above and left of it untouched.
fn assert_shadow_below_right(what: &str, lifted: &[u8], bare: &[u8], rest: Rect, up: Rect) {
    let below = Rect::new(rest.x, up.bottom(), rest.w + 4, 6);
    let right = Rect::new(rest.right(), up.y, 4, up.h);
    let dark = darkened(lifted, bare, below, up);
    let deep = dark.iter().filter(|p| p.2 >= 15).count();
    assert!(
        deep >= 20,
        "{what}: {deep} pixels under the raised piece in its shadow"
    );
    assert!(
        !darkened(lifted, bare, right, up).is_empty(),
        "{what}: shadow right of it"
    );
    let above = Rect::new(rest.x - 4, up.y - 4, rest.w + 8, 4);
    let left = Rect::new(rest.x - 4, up.y, 4, up.h);
    for a in [above, left] {
        assert!(
            darkened(lifted, bare, a, up).is_empty(),
            "{what}: no shadow at {a:?}"
        );
    }
}

#[test]
fn the_picked_up_piece_is_raised_over_its_shadow_on_both_boards() {
    for aspect in ASPECTS {
        // Senas: hole 3 holds one light piece and is selected (bottom row).
        let senas = SenasLayout::new(aspect);
        let view = senas_midgame();
        assert_eq!((view.holes[3], view.selected), (1, Some(3)));
        let (list, lifted) = senas_frame(&senas, &view);
        save(&std::format!("lift_senas_{aspect:?}"), &lifted);
        let rest = senas.piece_rect(3, 0);
        let raised = up(rest, LIFT);
        let pieces = sprites(&list, AssetId::PieceLight);
        assert!(
            pieces.contains(&raised),
            "{aspect:?}: raised {raised:?} in {pieces:?}"
        );
        assert!(!pieces.contains(&rest), "{aspect:?}: no piece left at rest");
        let (cx, cy) = raised.center();
        assert_eq!(
            at(&lifted, (cx, cy)),
            super::texel_rgb(AssetId::PieceLight, 18, 18),
            "{aspect:?}: the raised disc"
        );
        let mut empty = view;
        empty.holes[3] = 0;
        let bare = senas_frame(&senas, &empty).1;
        assert_shadow_below_right(
            &std::format!("senas {aspect:?}"),
            &lifted,
            &bare,
            rest,
            raised,
        );

        // The top of a stack of several is the one raised, its count with it.
        let mut stack = view;
        stack.selected = Some(0);
        let (list, _) = senas_frame(&senas, &stack);
        let pieces = sprites(&list, AssetId::PieceLight);
        assert!(
            pieces.contains(&up(senas.piece_rect(0, 4), LIFT)),
            "{aspect:?}"
        );
        assert!(
            pieces.contains(&senas.piece_rect(0, 3)),
            "{aspect:?}: the rest stays"
        );

        // Senet: square 5 holds a cone and is selected.
        let senet = SenetLayout::new(aspect);
        let view = senet_midgame();
        assert_eq!((view.squares[4], view.selected), (SenetCell::One, Some(4)));
        let (list, lifted) = senet_frame(&senet, &view);
        save(&std::format!("lift_senet_{aspect:?}"), &lifted);
        let rest = senet.piece_rect(4);
        let raised = up(rest, LIFT);
        let cones = sprites(&list, AssetId::Cone);
        assert!(
            cones.contains(&raised),
            "{aspect:?}: raised {raised:?} in {cones:?}"
        );
        assert!(!cones.contains(&rest), "{aspect:?}");
        let mut empty = view;
        empty.squares[4] = SenetCell::Empty;
        let bare = senet_frame(&senet, &empty).1;
        assert_shadow_below_right(
            &std::format!("senet {aspect:?}"),
            &lifted,
            &bare,
            rest,
            raised,
        );
    }
}

#[test]
fn pieces_at_rest_are_drawn_at_the_layouts_piece_rects() {
    for aspect in ASPECTS {
        let senet = SenetLayout::new(aspect);
        let mut view = senet_midgame();
        view.selected = None;
        view.off = [3, 5];
        let (list, _) = senet_frame(&senet, &view);
        let cones = sprites(&list, AssetId::Cone);
        let spools = sprites(&list, AssetId::Spool);
        for i in [0usize, 4, 14, 28] {
            assert!(
                cones.contains(&senet.piece_rect(i)),
                "{aspect:?} square {}",
                i + 1
            );
        }
        for i in [1usize, 11, 25] {
            assert!(
                spools.contains(&senet.piece_rect(i)),
                "{aspect:?} square {}",
                i + 1
            );
        }
        for k in 0..3 {
            assert!(
                cones.contains(&senet.off_rect(0, k)),
                "{aspect:?} cone off {k}"
            );
        }
        for k in 0..5 {
            assert!(
                spools.contains(&senet.off_rect(1, k)),
                "{aspect:?} spool off {k}"
            );
        }
        // 16:9 squeezes a piece to three quarters of its width, as the board draws it.
        let w = senet.piece_rect(0).w;
        match aspect {
            Aspect::Standard => assert_eq!(w, 36),
            Aspect::Wide => assert!((26..=28).contains(&w), "{w}"),
        }

        // A senas piece borne off lands centred on the slab the tray then shows.
        let senas = SenasLayout::new(aspect);
        let mut view = SenasView::start();
        for side in 0..2 {
            view.off = [4, 4];
            let landing = senas.tray_piece_rect(side, 4);
            let before = senas_frame(&senas, &view).1;
            view.off[side] = 5;
            let after = senas_frame(&senas, &view).1;
            let (cx, cy) = landing.center();
            assert_ne!(
                at(&before, (cx, cy)),
                at(&after, (cx, cy)),
                "{aspect:?} side {side}"
            );
            assert_eq!(landing.w, senas.piece_rect(0, 0).w, "{aspect:?}");
        }
    }
}
