//! Material and light as a player sees them (issue 28, part 2): the boards' frames are grained
//! wood rather than one flat colour, each board casts a shadow on the table down and to the
//! right, the fields sit sunk in their frames, and every piece of art is lit by the same lamp
//! at the upper left (pieces, dice, sticks, the senet squares' signs). Read from the converted
//! textures and from soft-rendered frames of both boards in both picture shapes; the frames
//! are written to target/screens/looks_*.png to look at.

mod app_support;

use app_support::{save_png, start_match, Harness};
use senas_senet::app::{Config, GameKind};
use senas_senet::gfx::soft::{SoftRenderer, FRAME_BYTES, WIDTH};
use senas_senet::gfx::{
    palette, Aspect, AssetId, DrawList, Rect, SenasLayout, SenasView, SenetLayout, SenetView,
};

fn luma(p: [u8; 4]) -> i32 {
    (299 * i32::from(p[0]) + 587 * i32::from(p[1]) + 114 * i32::from(p[2])) / 1000
}

fn pixel(frame: &[u8], x: i16, y: i16) -> [u8; 4] {
    let i = (y as usize * WIDTH + x as usize) * 4;
    [frame[i], frame[i + 1], frame[i + 2], frame[i + 3]]
}

fn texel_luma(a: AssetId, x: usize, y: usize) -> i32 {
    let t = a.texture();
    let p = t.texel(x, y);
    assert!(p[3] > 200, "{}: ({x}, {y}) is inside the drawing", t.name);
    luma(p)
}

fn render(draw: impl Fn(&mut DrawList)) -> Vec<u8> {
    let mut list = Box::new(DrawList::new(palette::BACKGROUND));
    draw(&mut list);
    let mut frame = vec![0u8; FRAME_BYTES];
    SoftRenderer::new().render(&list, &mut frame);
    frame
}

/// The spread (max - min) of luma along a row of pixels.
fn spread(frame: &[u8], y: i16, xs: core::ops::Range<i16>) -> i32 {
    let v: Vec<i32> = xs.map(|x| luma(pixel(frame, x, y))).collect();
    v.iter().max().unwrap_or(&0) - v.iter().min().unwrap_or(&0)
}

/// The rect that holds every rect of `rs`.
fn hull(rs: impl Iterator<Item = Rect>) -> Rect {
    let (mut x0, mut y0, mut x1, mut y1) = (i16::MAX, i16::MAX, i16::MIN, i16::MIN);
    for r in rs {
        x0 = x0.min(r.x);
        y0 = y0.min(r.y);
        x1 = x1.max(r.right());
        y1 = y1.max(r.bottom());
    }
    Rect::new(x0, y0, x1 - x0, y1 - y0)
}

#[test]
fn every_piece_of_art_is_lit_from_the_upper_left() {
    for piece in [AssetId::PieceLight, AssetId::PieceDark] {
        // The domed face: upper left brighter than lower right.
        assert!(
            texel_luma(piece, 11, 11) > texel_luma(piece, 25, 25) + 12,
            "{piece:?}"
        );
        // The rim catches the lamp at its upper left, falls into shade at its lower right.
        assert!(
            texel_luma(piece, 7, 7) > texel_luma(piece, 29, 29) + 20,
            "{piece:?} rim"
        );
    }
    for die in [AssetId::Die2, AssetId::Die6] {
        // The bevelled edges: top and left lit, bottom and right shaded.
        assert!(
            texel_luma(die, 18, 2) > texel_luma(die, 18, 33) + 20,
            "{die:?}"
        );
        assert!(
            texel_luma(die, 2, 18) > texel_luma(die, 33, 18) + 20,
            "{die:?}"
        );
    }
    // Turned pieces seen from the side: the left of the body is lit.
    assert!(texel_luma(AssetId::Cone, 12, 22) > texel_luma(AssetId::Cone, 25, 22) + 12);
    assert!(texel_luma(AssetId::Spool, 7, 6) > texel_luma(AssetId::Spool, 29, 6) + 12);
    assert!(texel_luma(AssetId::Spool, 13, 18) > texel_luma(AssetId::Spool, 23, 18) + 12);
    // Half-round sticks: lit on the left of their face, whichever face is up.
    for stick in [AssetId::StickLight, AssetId::StickDark] {
        assert!(
            texel_luma(stick, 5, 30) > texel_luma(stick, 15, 30) + 10,
            "{stick:?}"
        );
    }
}

#[test]
fn pieces_sticks_and_dice_cast_soft_shadows_down_and_right() {
    for a in [AssetId::PieceLight, AssetId::PieceDark] {
        let t = a.texture();
        // Below right of the disc (radius 17 at the centre 18, 18): a faint, partly
        // transparent shadow; the mirror point above left is empty.
        let below = t.texel(31, 31)[3];
        let above = t.texel(4, 4)[3];
        assert!(below > 20 && below < 200, "{a:?} shadow alpha {below}");
        assert!(above < below, "{a:?}: no shadow above left");
    }
    // Beside the base, to the right: the shadow on the square.
    for (a, x, y) in [(AssetId::Cone, 31, 33), (AssetId::Spool, 34, 34)] {
        let t = a.texture();
        let below = t.texel(x, y)[3];
        assert!(below > 10 && below < 200, "{a:?} shadow alpha {below}");
    }
}

#[test]
fn the_senet_signs_are_carved_with_a_lit_lower_right_wall() {
    // Square 28's middle stroke (x = 20, from y = 8 to 32, 2.5 wide): its left edge in shade,
    // its right edge lit, both still the ink's hue.
    let t = AssetId::SqThree.texture();
    let left = luma(t.texel(18, 20));
    let right = luma(t.texel(21, 20));
    assert!(right > left + 15, "lit {right} vs shaded {left}");
}

#[test]
fn board_frames_are_grained_wood_and_cast_a_shadow_on_the_table() {
    let bg = luma([
        palette::BACKGROUND.r,
        palette::BACKGROUND.g,
        palette::BACKGROUND.b,
        255,
    ]);
    for aspect in [Aspect::Standard, Aspect::Wide] {
        let senas = SenasLayout::new(aspect);
        let frame = render(|l| senas.draw(l, &SenasView::start()));
        save_png(&format!("looks_senas_{aspect:?}"), &frame);
        let holes = hull((0..24).map(|h| senas.hole_rect(h)));
        // The frame's top strip, 4 px above the holes: a flat fill would not vary.
        let grain = spread(&frame, holes.y - 5, holes.x + 10..holes.right() - 10);
        assert!(grain >= 8, "{aspect:?} senas frame luma spread {grain}");
        // The table just below the board's bottom edge lies in its shadow.
        let board_bottom = holes.bottom() + 8;
        let under = luma(pixel(&frame, holes.center().0, board_bottom + 2));
        let clear = luma(pixel(&frame, holes.center().0, board_bottom + 12));
        assert!(
            under + 6 < clear,
            "{aspect:?} senas shadow {under} vs table {clear}"
        );

        let senet = SenetLayout::new(aspect);
        let frame = render(|l| senet.draw(l, &SenetView::start()));
        save_png(&format!("looks_senet_{aspect:?}"), &frame);
        let squares = hull((0..30).map(|i| senet.square_rect(i)));
        let grain = spread(&frame, squares.y - 4, squares.x + 10..squares.right() - 10);
        assert!(grain >= 8, "{aspect:?} senet frame luma spread {grain}");
        let under = luma(pixel(&frame, squares.center().0, squares.bottom() + 10));
        assert!(
            under + 6 < bg,
            "{aspect:?} senet shadow {under} vs table {bg}"
        );
        // A plain square is a raised tile: its top edge lighter than its bottom edge.
        let sq = senet.square_rect(2);
        let top = luma(pixel(&frame, sq.center().0, sq.y + 1));
        let bottom = luma(pixel(&frame, sq.center().0, sq.bottom() - 2));
        assert!(top > bottom + 10, "{aspect:?} tile edge {top} vs {bottom}");
    }
}

/// Soft renders of both matches as the app shows them, for looking at (and for the
/// before/after pictures in docs/screens/): written to target/screens/looks_match_*.png.
#[test]
fn both_matches_render_with_their_materials_in_both_shapes() {
    for aspect in [Aspect::Standard, Aspect::Wide] {
        for game in [GameKind::Senas, GameKind::Senet] {
            let mut h = Harness::new(Config {
                aspect,
                ..Config::new(5)
            });
            start_match(&mut h, game, 3);
            h.idle(90);
            let frame = h.render();
            save_png(&format!("looks_match_{game:?}_{aspect:?}"), &frame);
            let drawn = h.list.items().any(|it| {
                matches!(
                    it,
                    senas_senet::gfx::Item::Sprite {
                        asset: AssetId::WoodH,
                        ..
                    }
                )
            });
            assert!(drawn, "{game:?} {aspect:?}: the frame's wood is drawn");
        }
    }
}
