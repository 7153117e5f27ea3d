//! Render tests: each scene is drawn with the soft backend, written to `target/screens/*.png`
//! for people to look at, and checked at known places (a hole's or square's colour, a piece's
//! colour, counts, dice, highlights, the pointers). Also proves the draw list's capacity.

use super::MovingPiece;
use super::*;
use crate::gfx::assets::AssetId;
use crate::gfx::color::{palette, Rgba};
use crate::gfx::draw_list::{DrawList, CAPACITY, TEXT_BYTES};
use crate::gfx::rect::Rect;
use crate::gfx::samples::{senas_midgame, senas_stress, senet_midgame};
use crate::gfx::soft::{modulate, pixel, SoftRenderer, FRAME_BYTES, HEIGHT, WIDTH};
use crate::gfx::view::Aspect;
use std::path::PathBuf;
use std::vec::Vec;

mod motion;

fn render(list: &DrawList) -> Vec<u8> {
    let mut frame = std::vec![0u8; FRAME_BYTES];
    SoftRenderer::new().render(list, &mut frame);
    frame
}

/// Writes `frame` to target/screens/`name`.png.
pub fn save(name: &str, frame: &[u8]) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screens");
    std::fs::create_dir_all(&dir).expect("create target/screens");
    let file = std::fs::File::create(dir.join(std::format!("{name}.png"))).expect("create PNG");
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), WIDTH as u32, HEIGHT as u32);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    enc.write_header()
        .and_then(|mut w| w.write_image_data(frame))
        .expect("write PNG");
}

fn rgb(c: Rgba) -> [u8; 3] {
    [c.r, c.g, c.b]
}

fn over(src: Rgba, dst: [u8; 3]) -> [u8; 3] {
    let a = src.a as u32;
    let s = rgb(src);
    core::array::from_fn(|i| ((s[i] as u32 * a + dst[i] as u32 * (255 - a) + 127) / 255) as u8)
}

fn texel_rgb(id: AssetId, x: usize, y: usize) -> [u8; 3] {
    let [r, g, b, a] = id.texture().texel(x, y);
    assert_eq!(
        a, 255,
        "{id:?} texel ({x},{y}) should be opaque for this check"
    );
    [r, g, b]
}

const MENU: [&str; 4] = ["Senas", "Senet", "2 jugadores", "Opciones"];

fn title_view() -> TitleView<'static> {
    TitleView {
        items: &MENU,
        framed: crate::gfx::Framed::one(1),
        subtitle: "Juegos de carreras de Lorca y del antiguo Egipto",
        footer: "Apunta con el mando y pulsa A",
    }
}

#[test]
fn senas_board_shows_holes_pieces_counts_dice_and_highlights() {
    let lay = SenasLayout::new(Aspect::Standard);
    let view = senas_midgame();
    let mut list = DrawList::new(palette::BACKGROUND);
    lay.draw(&mut list, &view);
    let f = render(&list);
    save("senas_midgame", &f);

    // An empty hole shows its point art (hole 5 is a dark point, bottom row so flipped).
    let h5 = lay.hole_rect(5);
    // Bottom-row points are flipped: frame row `bottom - 10` shows art row 9.
    assert_eq!(
        pixel(&f, (h5.x + 20) as usize, (h5.bottom() - 10) as usize),
        texel_rgb(AssetId::PointDark, 20, 9)
    );
    // A light piece on hole 0 and a dark one on hole 23 (disc centre = body colour).
    let p0 = lay.piece_rect(0, 0);
    assert_eq!(
        pixel(&f, (p0.x + 18) as usize, (p0.y + 18) as usize),
        texel_rgb(AssetId::PieceLight, 18, 18)
    );
    let p23 = lay.piece_rect(23, 0);
    assert_eq!(
        pixel(&f, (p23.x + 18) as usize, (p23.y + 18) as usize),
        texel_rgb(AssetId::PieceDark, 18, 18)
    );
    // Nine pieces: five discs, and the count in the dark ink on the fifth.
    let top = lay.piece_rect(0, 4);
    let ink = (top.y..top.bottom())
        .flat_map(|y| (top.x..top.right()).map(move |x| (x, y)))
        .filter(|&(x, y)| pixel(&f, x as usize, y as usize) == rgb(palette::DARK_PIECE))
        .count();
    assert!(ink > 10, "count label missing on hole 0 ({ink} ink pixels)");
    assert_ne!(
        pixel(
            &f,
            (p0.x + 18) as usize,
            (lay.piece_rect(0, 5).y + 18) as usize
        ),
        texel_rgb(AssetId::PieceLight, 18, 18)
    );
    // Dice: light to move, so on the right half; the middle die is spent and dimmed.
    let d0 = lay.die_rect(0, 0);
    assert!(d0.x > lay.hole_rect(6).x);
    assert_eq!(
        pixel(&f, (d0.x + 18) as usize, (d0.y + 18) as usize),
        texel_rgb(AssetId::Die3, 18, 18)
    );
    let d1 = lay.die_rect(0, 1);
    assert_eq!(
        pixel(&f, (d1.x + 4) as usize, (d1.y + 18) as usize),
        over(palette::DIM, texel_rgb(AssetId::Die5, 4, 18))
    );
    // Highlighted target hole 6, an empty bottom-row point, near its base (breathing with
    // the view's frame count).
    let h6 = lay.hole_rect(6);
    let base = texel_rgb(AssetId::PointLight, 20, 9);
    assert_eq!(
        pixel(&f, (h6.x + 20) as usize, (h6.bottom() - 10) as usize),
        over(lift::highlight(view.frame), base)
    );
    // Selected hole 3 is outlined.
    let h3 = lay.hole_rect(3);
    assert_eq!(
        pixel(&f, (h3.x + 1) as usize, (h3.y + 80) as usize),
        rgb(palette::SELECTED)
    );
}

#[test]
fn senas_start_position_stacks_fifteen_with_count_and_trays_are_empty() {
    let lay = SenasLayout::new(Aspect::Standard);
    let mut view = SenasView::start();
    view.status = "Blancas empiezan";
    let mut list = DrawList::new(palette::BACKGROUND);
    lay.draw(&mut list, &view);
    let f = render(&list);
    save("senas_start", &f);
    let t = lay.tray_rect(0);
    assert_eq!(
        pixel(&f, (t.x + 10) as usize, (t.y + 10) as usize),
        rgb(palette::TRAY)
    );
    let p = lay.piece_rect(23, 4);
    let light_ink = (p.y..p.bottom())
        .flat_map(|y| (p.x..p.right()).map(move |x| (x, y)))
        .filter(|&(x, y)| pixel(&f, x as usize, y as usize) == rgb(palette::LIGHT_PIECE))
        .count();
    assert!(light_ink > 10, "\"15\" missing on the dark stack");
}

#[test]
fn senet_board_runs_boustrophedon_and_marks_special_squares() {
    let lay = SenetLayout::new(Aspect::Standard);
    let view = senet_midgame();
    let mut list = DrawList::new(palette::BACKGROUND);
    lay.draw(&mut list, &view);
    let f = render(&list);
    save("senet_midgame", &f);

    // 1..10 left to right on the top row, 11..20 right to left, 21..30 left to right.
    assert!(lay.square_rect(1).x > lay.square_rect(0).x);
    assert_eq!(lay.square_rect(10).x, lay.square_rect(9).x);
    assert!(lay.square_rect(10).y > lay.square_rect(9).y);
    assert_eq!(lay.square_rect(20).x, lay.square_rect(0).x);
    assert_eq!(lay.square_rect(29).x, lay.square_rect(9).x);
    // Special squares carry their colour and sign; plain squares alternate papyrus shades.
    for n in [15usize, 26, 27, 28, 29, 30] {
        let r = lay.square_rect(n - 1);
        assert_eq!(
            pixel(&f, (r.x + 3) as usize, (r.y + 3) as usize),
            rgb(palette::SPECIAL),
            "square {n}"
        );
    }
    let sq4 = lay.square_rect(3);
    assert_eq!(
        pixel(&f, (sq4.x + 3) as usize, (sq4.y + 3) as usize),
        rgb(palette::PAPYRUS_DARK)
    );
    let ra = lay.square_rect(29);
    assert_eq!(
        pixel(&f, (ra.x + 26) as usize, (ra.y + 26) as usize),
        texel_rgb(AssetId::SqRa, 20, 20)
    );
    // Pieces: a cone on square 1, a spool on square 2 (centre of the spool's waist), each
    // drawn from (8, 15) inside its square.
    let s1 = lay.square_rect(0);
    assert_eq!(
        pixel(&f, (s1.x + 8 + 18) as usize, (s1.y + 15 + 20) as usize),
        texel_rgb(AssetId::Cone, 18, 20)
    );
    let s2 = lay.square_rect(1);
    assert_eq!(
        pixel(&f, (s2.x + 8 + 18) as usize, (s2.y + 15 + 18) as usize),
        texel_rgb(AssetId::Spool, 18, 18)
    );
    // Highlight on square 8 and on the exit; selection on square 5.
    let s8 = lay.square_rect(7);
    assert_eq!(
        pixel(&f, (s8.x + 3) as usize, (s8.y + 3) as usize),
        over(lift::highlight(view.frame), rgb(palette::PAPYRUS_DARK))
    );
    let exit = lay.exit_rect();
    let (ex, ey) = ((exit.x + 1) as usize, (exit.y + 1) as usize);
    let mut unlit = view;
    unlit.highlights &= !senet::EXIT_BIT;
    let mut plain = DrawList::new(palette::BACKGROUND);
    lay.draw(&mut plain, &unlit);
    let under = pixel(&render(&plain), ex, ey);
    assert_eq!(
        pixel(&f, ex, ey),
        over(
            lift::highlight_edge(view.frame),
            over(lift::highlight(view.frame), under)
        )
    );
    let s5 = lay.square_rect(4);
    assert_eq!(
        pixel(&f, (s5.x + 2) as usize, (s5.y + 20) as usize),
        rgb(palette::SELECTED)
    );
    // Sticks: three white faces, one dark.
    let k0 = lay.stick_rect(0);
    let k3 = lay.stick_rect(3);
    assert_eq!(
        pixel(&f, (k0.x + 10) as usize, (k0.y + 20) as usize),
        texel_rgb(AssetId::StickLight, 10, 20)
    );
    assert_eq!(
        pixel(&f, (k3.x + 10) as usize, (k3.y + 30) as usize),
        texel_rgb(AssetId::StickDark, 10, 30)
    );
}

#[test]
fn pointers_are_tinted_per_player_with_the_tip_at_the_position() {
    let lay = SenasLayout::new(Aspect::Standard);
    let mut list = DrawList::new(palette::BACKGROUND);
    lay.draw(&mut list, &senas_midgame());
    let pointers = [
        Pointer {
            x: 300,
            y: 300,
            player: 0,
        },
        Pointer {
            x: 420,
            y: 120,
            player: 1,
        },
    ];
    draw_pointers(&mut list, Aspect::Standard, &pointers);
    let f = render(&list);
    save("senas_pointers", &f);
    let cursor = AssetId::Cursor.texture();
    // Texel (4, 12) of the arrow is white, so the frame shows the player's colour there.
    assert_eq!(cursor.texel(4, 12), [255, 255, 255, 255]);
    for p in pointers {
        let c = palette::POINTERS[p.player as usize];
        let got = pixel(&f, (p.x - 2 + 4) as usize, (p.y - 2 + 12) as usize);
        assert_eq!(
            got,
            [modulate(255, c.r), modulate(255, c.g), modulate(255, c.b)],
            "player {}",
            p.player + 1
        );
    }
    assert_ne!(palette::POINTERS[0], palette::POINTERS[1]);
}

#[test]
fn title_screen_shows_the_name_and_frames_the_selected_item() {
    let lay = TitleLayout::new(Aspect::Standard);
    let mut list = DrawList::new(palette::BACKGROUND);
    lay.draw(&mut list, &title_view());
    draw_pointers(
        &mut list,
        Aspect::Standard,
        &[Pointer {
            x: 330,
            y: 300,
            player: 0,
        }],
    );
    let f = render(&list);
    save("title", &f);
    let gold = (40..120)
        .flat_map(|y| (0..640).map(move |x| (x, y)))
        .filter(|&(x, y)| pixel(&f, x, y) == rgb(palette::GOLD))
        .count();
    assert!(gold > 2000, "title text too thin: {gold} gold pixels");
    let sel = lay.item_rect(1);
    assert_eq!(
        pixel(&f, (sel.x + 1) as usize, (sel.y + 20) as usize),
        rgb(palette::GOLD)
    );
    let other = lay.item_rect(0);
    assert_ne!(
        pixel(&f, (other.x + 1) as usize, (other.y + 20) as usize),
        rgb(palette::GOLD)
    );
    assert_eq!(lay.item_at(4, sel.x + 5, sel.y + 5), Some(1));
    assert_eq!(lay.item_at(4, 5, 5), None);
}

#[test]
fn wide_layouts_keep_pieces_round_on_a_16_9_screen() {
    let lay = SenasLayout::new(Aspect::Wide);
    let mut list = DrawList::new(palette::BACKGROUND);
    lay.draw(&mut list, &senas_midgame());
    draw_pointers(
        &mut list,
        Aspect::Wide,
        &[Pointer {
            x: 320,
            y: 240,
            player: 1,
        }],
    );
    let f = render(&list);
    save("senas_midgame_wide", &f);
    let p = lay.piece_rect(0, 0);
    // 36 virtual pixels become 27 frame pixels, which the TV stretches back to 36.
    assert!((26..=28).contains(&p.w) && p.h == 36, "{p:?}");
    let (cx, cy) = p.center();
    assert_eq!(
        pixel(&f, cx as usize, cy as usize),
        texel_rgb(AssetId::PieceLight, 18, 18)
    );
    let lay = SenetLayout::new(Aspect::Wide);
    let mut list = DrawList::new(palette::BACKGROUND);
    lay.draw(&mut list, &senet_midgame());
    save("senet_midgame_wide", &render(&list));
    let lay = TitleLayout::new(Aspect::Wide);
    let mut list = DrawList::new(palette::BACKGROUND);
    lay.draw(&mut list, &title_view());
    save("title_wide", &render(&list));
}

#[test]
fn hit_tests_find_the_hole_or_square_at_its_centre_in_both_aspects() {
    for aspect in [Aspect::Standard, Aspect::Wide] {
        let senas = SenasLayout::new(aspect);
        for h in 0..SENAS_HOLES {
            let (x, y) = senas.hole_rect(h).center();
            assert_eq!(senas.hole_at(x, y), Some(h as u8), "{aspect:?} hole {h}");
        }
        let senet = SenetLayout::new(aspect);
        for i in 0..SENET_SQUARES {
            let (x, y) = senet.square_rect(i).center();
            assert_eq!(
                senet.square_at(x, y),
                Some(i as u8),
                "{aspect:?} square {i}"
            );
        }
        let (x, y) = senet.exit_rect().center();
        assert!(senet.is_over_exit(x, y));
        assert_eq!(senas.hole_at(1, 1), None);
    }
}

#[test]
fn busiest_scene_fits_in_the_draw_list() {
    // The stress view is beyond any legal position (every hole stacked and lit, both trays
    // full); with four pointers it bounds every real frame.
    let pointers = [0, 1, 2, 3].map(|p| Pointer {
        x: 100 + 100 * p as i16,
        y: 200,
        player: p,
    });
    let mut worst = (0, 0);
    for aspect in [Aspect::Standard, Aspect::Wide] {
        let mut list = DrawList::new(palette::BACKGROUND);
        SenasLayout::new(aspect).draw(&mut list, &senas_stress());
        draw_pointers(&mut list, aspect, &pointers);
        assert_eq!(list.dropped(), 0);
        worst = (worst.0.max(list.len()), worst.1.max(list.text_len()));
        let mut list = DrawList::new(palette::BACKGROUND);
        let mut v = senet_midgame();
        v.highlights = u32::MAX;
        v.off = [5, 5];
        SenetLayout::new(aspect).draw(&mut list, &v);
        draw_pointers(&mut list, aspect, &pointers);
        worst = (worst.0.max(list.len()), worst.1.max(list.text_len()));
        let mut list = DrawList::new(palette::BACKGROUND);
        TitleLayout::new(aspect).draw(&mut list, &title_view());
        draw_pointers(&mut list, aspect, &pointers);
        worst = (worst.0.max(list.len()), worst.1.max(list.text_len()));
    }
    std::println!(
        "busiest frame: {} commands of {CAPACITY}, {} text bytes of {TEXT_BYTES}",
        worst.0,
        worst.1
    );
    assert!(
        worst.0 * 4 <= CAPACITY * 3,
        "keep 25 % headroom: {} commands",
        worst.0
    );
    assert!(
        worst.1 * 4 <= TEXT_BYTES * 3,
        "keep 25 % headroom: {} text bytes",
        worst.1
    );
    let mut stress = DrawList::new(palette::BACKGROUND);
    SenasLayout::new(Aspect::Standard).draw(&mut stress, &senas_stress());
    draw_pointers(&mut stress, Aspect::Standard, &pointers);
    save("senas_stress", &render(&stress));
}

#[test]
fn layouts_never_draw_outside_the_frame() {
    let mut list = DrawList::new(palette::BACKGROUND);
    SenasLayout::new(Aspect::Wide).draw(&mut list, &senas_stress());
    SenetLayout::new(Aspect::Wide).draw(&mut list, &senet_midgame());
    for item in list.items() {
        if let crate::gfx::draw_list::Item::Fill { rect, .. }
        | crate::gfx::draw_list::Item::Sprite { rect, .. } = item
        {
            assert_eq!(rect.intersect(Rect::SCREEN), rect, "{item:?}");
        }
    }
}

#[test]
fn a_banner_dims_the_scene_and_shows_its_title_on_a_panel() {
    let lay = SenasLayout::new(Aspect::Standard);
    let mut plain = DrawList::new(palette::BACKGROUND);
    lay.draw(&mut plain, &senas_midgame());
    let before = render(&plain);
    let mut list = plain.clone();
    let lines = ["Blancas sacan sus 15 fichas", "Pulsa A para volver al menú"];
    draw_banner(
        &mut list,
        Aspect::Standard,
        &Banner {
            title: "¡Ganan Blancas!",
            lines: &lines,
        },
    );
    let f = render(&list);
    save("senas_banner", &f);
    let panel = super::banner::banner_rect(Aspect::Standard, lines.len());
    assert_eq!(
        pixel(&f, (panel.x + 8) as usize, (panel.y + 60) as usize),
        rgb(palette::BACKGROUND)
    );
    assert_eq!(pixel(&f, 5, 5), over(palette::DIM, pixel(&before, 5, 5)));
    let gold = (panel.y..panel.y + 80)
        .flat_map(|y| (panel.x..panel.right()).map(move |x| (x, y)))
        .filter(|&(x, y)| pixel(&f, x as usize, y as usize) == rgb(palette::GOLD))
        .count();
    assert!(gold > 1000, "banner title missing ({gold} gold pixels)");
}

#[test]
fn a_moving_piece_is_drawn_where_the_app_puts_it() {
    let lay = SenasLayout::new(Aspect::Standard);
    let mut view = senas_midgame();
    view.moving = Some(MovingPiece {
        side: 1,
        x: 200,
        y: 230,
    });
    let mut list = DrawList::new(palette::BACKGROUND);
    lay.draw(&mut list, &view);
    let f = render(&list);
    assert_eq!(pixel(&f, 218, 248), texel_rgb(AssetId::PieceDark, 18, 18));
    let senet = SenetLayout::new(Aspect::Standard);
    let mut view = senet_midgame();
    let to = senet.piece_rect(9);
    view.moving = Some(MovingPiece {
        side: 0,
        x: to.x,
        y: to.y,
    });
    let mut list = DrawList::new(palette::BACKGROUND);
    senet.draw(&mut list, &view);
    let f = render(&list);
    assert_eq!(
        pixel(&f, (to.x + 18) as usize, (to.y + 20) as usize),
        texel_rgb(AssetId::Cone, 18, 20)
    );
}

#[test]
fn status_lines_too_long_for_the_screen_are_cut_with_an_ellipsis() {
    let mut list = DrawList::new(palette::BACKGROUND);
    SenasLayout::new(Aspect::Standard).draw(&mut list, &senas_stress());
    let f = render(&list);
    save("senas_stress_text", &f);
    let text = rgb(palette::TEXT);
    let right_edge = (8..28)
        .flat_map(|y| (624..640).map(move |x| (x, y)))
        .filter(|&(x, y)| pixel(&f, x, y) == text)
        .count();
    assert_eq!(right_edge, 0, "status text runs past the right margin");
    assert!(list
        .items()
        .any(|i| matches!(i, crate::gfx::Item::Text { text: "...", .. })));
}
