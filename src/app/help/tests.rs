//! The senas diagrams' verdicts against the rules engine's own turn builder: what a diagram
//! crosses out, the builder refuses with the same reason; what it lights, the builder accepts.
//! (Senet diagrams call `check_move` and `apply` directly while drawing.)

use std::boxed::Box;

use super::senas_figs::{
    bear_off_position, moving_position, position, start_position, BEAR_OFF_DIE, BEAR_OFF_FROM,
    MOVING_DICE, MOVING_FROM,
};
use crate::games::senas::{Bag, Illegal, Roll, Side, SubMove, TurnBuilder, TurnGen};

#[test]
fn the_moving_diagram_crosses_the_die_the_builder_refuses_as_held_by_the_opponent() {
    let pos = moving_position().expect("diagram position");
    let mut gen = Box::new(TurnGen::new());
    let [crossed, lit] = MOVING_DICE;
    let roll = Roll::new(crossed, lit, 1).expect("roll");
    let b = TurnBuilder::for_roll(&mut gen, &pos, &roll);
    let refused = SubMove {
        from: MOVING_FROM,
        die: crossed,
    };
    let allowed = SubMove {
        from: MOVING_FROM,
        die: lit,
    };
    assert_eq!(b.check(&mut gen, refused), Err(Illegal::HeldByOpponent));
    assert!(b.check(&mut gen, allowed).is_ok());
    assert_ne!(pos.blocked() & 1 << (MOVING_FROM + crossed), 0);
    assert_eq!(pos.blocked() & 1 << (MOVING_FROM + lit), 0);
}

#[test]
fn the_bearing_off_diagram_lets_only_the_rearmost_piece_off_as_the_builder_does() {
    let pos = bear_off_position().expect("diagram position");
    let mut gen = Box::new(TurnGen::new());
    let roll = Roll::new(BEAR_OFF_DIE, 1, 2).expect("roll");
    let b = TurnBuilder::for_roll(&mut gen, &pos, &roll);
    let [rearmost, next] = BEAR_OFF_FROM;
    let off = |from| SubMove {
        from,
        die: BEAR_OFF_DIE,
    };
    assert!(b.check(&mut gen, off(rearmost)).is_ok());
    assert_eq!(b.check(&mut gen, off(next)), Err(Illegal::NotRearmost));
}

#[test]
fn the_first_sena_diagram_is_a_turn_end_the_builder_refuses_as_first_sena_full() {
    let shown = start_position().expect("diagram position");
    // One step earlier: the piece on path 4 still on the start, a gift of 4 to play.
    let before = position(&[(0, 13), (2, 1), (20, 1)], &[(0, 15)])
        .expect("position")
        .with_gift(Bag::from_values(&[4]).expect("gift"));
    let mut gen = Box::new(TurnGen::new());
    let b = TurnBuilder::for_gift(&mut gen, &before);
    let sm = SubMove { from: 0, die: 4 };
    assert_eq!(b.check(&mut gen, sm), Err(Illegal::FirstSenaFull));
    let mut counts = before.army(Side::White).counts();
    counts[0] -= 1;
    counts[4] += 1;
    assert_eq!(counts, shown.army(Side::White).counts());
    assert!(shown.army(Side::White).first_sena_holes() > 2);
}

/// Every page of both languages in both picture shapes: the wrapped body keeps all its words
/// (no line dropped at `MAX_LINES`), and nothing the diagram draws after it (boards, dice,
/// captions) overlaps a body line or the `BODY_GAP` under it, however many lines the real
/// glyph widths give, nor comes down to the page buttons.
#[test]
fn no_diagram_overlaps_the_body_text_of_its_page() {
    use super::{Help, BODY_GAP, FIGURE, PANEL, PREV};
    use crate::app::settings::Language;
    use crate::gfx::{font, Aspect, DrawList, Item, Rect, Rgba};
    for lang in [Language::English, Language::Spanish] {
        for aspect in [Aspect::Standard, Aspect::Wide] {
            let mut help = Help::new(None).in_language(lang);
            for n in 0..help.pages() {
                help.page = n;
                let page = help.page_at(n).expect("page");
                let mut list = Box::new(DrawList::new(Rgba::BLACK));
                help.draw(&mut list, aspect);
                let items: std::vec::Vec<Item> = list.items().collect();
                let body_x = PANEL.x + 22;
                let is_body = |i: &Item| matches!(i, Item::Text { x, .. } if *x == body_x);
                let first = items.iter().position(is_body).expect("body drawn");
                let last = items.iter().rposition(is_body).expect("body drawn");
                let mut words = std::string::String::new();
                let mut lines = std::vec::Vec::new();
                for i in &items[first..=last] {
                    if let Item::Text {
                        x, y, scale, text, ..
                    } = *i
                    {
                        words.push_str(text);
                        words.push(' ');
                        let h = font::LINE_H + BODY_GAP;
                        lines.push(Rect::new(x, y, font::text_width(text, scale), h));
                    }
                }
                let squeeze =
                    |s: &str| s.split_whitespace().collect::<std::vec::Vec<_>>().join(" ");
                assert_eq!(
                    squeeze(&words),
                    squeeze(page.body),
                    "{lang:?} page {}",
                    n + 1
                );
                for i in &items[last + 1..] {
                    let r = match *i {
                        Item::Fill { rect, .. } | Item::Sprite { rect, .. } => rect,
                        Item::Text {
                            x, y, scale, text, ..
                        } => Rect::new(
                            x,
                            y,
                            font::text_width(text, scale),
                            font::LINE_H * i16::from(scale),
                        ),
                        Item::Clip(_) => continue,
                    };
                    let place = std::format!("{lang:?} {aspect:?} page {}", n + 1);
                    if r.y < PREV.y {
                        assert!(r.bottom() <= FIGURE.bottom(), "{place}: {i:?} too low");
                    }
                    for line in &lines {
                        assert!(
                            r.intersect(*line).is_empty(),
                            "{place} ({:?}): {i:?} overlaps body line {line:?}",
                            page.figure
                        );
                    }
                }
            }
        }
    }
}
