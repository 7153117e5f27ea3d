//! The type's data and pen rule: metrics and kerning come from the font, every character the
//! strings use has a glyph, the atlases fit their GX format, fit and widths agree with layout.

use super::*;

#[test]
fn kerning_comes_from_the_font_av_is_narrower_than_its_advances() {
    for scale in 1..=4 {
        let f = face(scale);
        let (a, v) = (glyph_index('A'), glyph_index('V'));
        assert!(f.kern(a, v) < 0, "scale {scale}");
        let apart = text_width("A", scale) + text_width("V", scale);
        assert!(text_width("AV", scale) < apart, "scale {scale}");
        // Plain pairs are not kerned.
        assert_eq!(f.kern(glyph_index('n'), glyph_index('n')), 0);
    }
}

#[test]
fn the_type_is_proportional_and_bigger_at_bigger_scales() {
    assert!(text_width("i", 1) < text_width("m", 1));
    assert!(text_width("Senet", 1) < text_width("Senet", 2));
    assert!(text_width("Senet", 2) < text_width("Senet", 3));
    assert!(text_width("Senet", 3) < text_width("Senet", 4));
    for scale in 1..=4 {
        assert_eq!(face(scale).line_h, LINE_H * i16::from(scale));
    }
}

#[test]
fn atlases_fit_their_gx_i4_texture_and_every_glyph_box_is_inside() {
    for f in &FACES {
        let (w, h) = (usize::from(f.atlas_w), usize::from(f.atlas_h));
        assert!(w % i4::TILE == 0 && h % i4::TILE == 0 && w <= 1024 && h <= 1024);
        assert_eq!(f.atlas.len(), i4::size(w, h));
        assert_eq!(f.atlas.as_ptr() as usize % 32, 0);
        assert_eq!(f.glyphs.len(), GLYPHS);
        for g in f.glyphs {
            assert!(usize::from(g.x) + usize::from(g.w) <= w);
            assert!(usize::from(g.y) + usize::from(g.h) <= h);
        }
        assert!(f.kerns.windows(2).all(|k| k[0].pair < k[1].pair));
    }
}

#[test]
fn glyphs_have_ink_spaces_have_none_and_accents_add_ink_above() {
    for scale in 1..=4 {
        let f = face(scale);
        let ink = |c: char| {
            let g = f.glyphs[glyph_index(c)];
            (0..usize::from(g.h))
                .flat_map(|y| (0..usize::from(g.w)).map(move |x| (x, y)))
                .map(|(x, y)| u32::from(f.coverage(usize::from(g.x) + x, usize::from(g.y) + y)))
                .sum::<u32>()
        };
        assert_eq!(ink(' '), 0);
        for c in ['ñ', 'Ñ', 'á', 'é', 'í', 'ó', 'ú', '¿', '¡', 'ü', 'A', 'g'] {
            assert!(ink(c) > 20, "{c} at {scale}");
        }
        assert!(ink('á') > ink('a'));
        let (a, acute) = (f.glyphs[glyph_index('a')], f.glyphs[glyph_index('á')]);
        assert!(acute.top < a.top);
        // The box's partial coverage is anti-aliasing: some texels are neither empty nor full.
        let o = f.glyphs[glyph_index('O')];
        let partial = (0..usize::from(o.h))
            .flat_map(|y| (0..usize::from(o.w)).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let v = f.coverage(usize::from(o.x) + x, usize::from(o.y) + y);
                v > 0 && v < 15
            })
            .count();
        assert!(partial > 4, "scale {scale}");
    }
}

#[test]
fn every_character_of_both_languages_strings_has_a_glyph() {
    let sources = [
        include_str!("../../app/strings.rs"),
        include_str!("../../app/refusals.rs"),
        include_str!("../../app/help/pages.rs"),
        include_str!("../../gfx/layout/senet.rs"),
    ];
    let mut seen = 0;
    for src in sources {
        // Only what is inside string literals is shown.
        for lit in src.split('"').skip(1).step_by(2) {
            for c in lit.chars().filter(|c| !c.is_control()) {
                assert!(has_glyph(c), "{c:?} in {lit:?}");
                seen += 1;
            }
        }
    }
    assert!(seen > 1000);
    for c in ['ñ', 'Ñ', '¿', '¡', 'á', 'é', 'í', 'ó', 'ú', 'ü', '»', '·'] {
        assert!(has_glyph(c));
    }
    assert!(!has_glyph('€'));
}

#[test]
fn layout_places_every_visible_glyph_and_ends_where_text_width_says() {
    let placed: std::vec::Vec<Placed> = layout("A b", 1, 100, 50).collect();
    assert_eq!(placed.len(), 2);
    assert!(placed[0].x >= 100 && placed[1].x > placed[0].x);
    let last = placed[1];
    let right = last.x + i16::from(last.glyph.w);
    assert!((right - (100 + text_width("A b", 1))).abs() <= 2);
    // Every box sits inside the line box's height, give or take the accents.
    for p in layout("Hg", 2, 0, 0) {
        assert!(p.y >= -4 && p.y + i16::from(p.glyph.h) <= 40 + 4);
    }
}

#[test]
fn fit_cuts_long_text_on_a_character_boundary_and_leaves_room_for_the_ellipsis() {
    assert_eq!(fit("Año", 1, 100), ("Año", false));
    let text = "ñññññññññññññññ";
    let (cut, was_cut) = fit(text, 1, 60);
    assert!(was_cut && !cut.is_empty());
    assert!(text.starts_with(cut));
    assert!(text_width(cut, 1) + text_width(ELLIPSIS, 1) <= 60);
    // One more character would not have fitted.
    let longer = &text[..cut.len() + 'ñ'.len_utf8()];
    assert!(text_width(longer, 1) + text_width(ELLIPSIS, 1) > 60);
}

#[test]
fn unknown_characters_show_as_the_question_mark() {
    assert_eq!(glyph_index('€'), glyph_index('?'));
    assert_eq!(text_width("€", 1), text_width("?", 1));
}
