//! The chosen piece lifts and legal targets pulse, through the app (issue 28, part 3): while a
//! person holds a piece, their legal targets breathe with the frame count (different half a
//! second apart, the same a second apart, never a jump between frames) and the piece stays
//! raised; in senas the raised piece is the top of its stack, the rest staying put.

mod app_support;

use app_support::pieces::{pieces, senas_art, up};
use app_support::{senet_square, start_match, Harness};
use heapless::Vec as HVec;
use senas_senet::app::senas::Phase as SenasPhase;
use senas_senet::app::senet::Phase as SenetPhase;
use senas_senet::app::{Config, Controller, GameKind};
use senas_senet::games::senas::{SubMove, MAX_CHOICES};
use senas_senet::gfx::layout::lift::{LIFT, PULSE_FRAMES};
use senas_senet::gfx::{palette, Aspect, Item, SenasLayout, SenetLayout};

const ASPECTS: [Aspect; 2] = [Aspect::Standard, Aspect::Wide];

/// The highlight fills of the frame (the legal targets), by colour.
fn highlight_alphas(h: &Harness) -> Vec<u8> {
    h.list
        .items()
        .filter_map(|i| match i {
            Item::Fill { color, .. }
                if (color.r, color.g, color.b)
                    == (
                        palette::HIGHLIGHT.r,
                        palette::HIGHLIGHT.g,
                        palette::HIGHLIGHT.b,
                    ) =>
            {
                Some(color.a)
            }
            _ => None,
        })
        .collect()
}

#[test]
fn a_persons_legal_targets_breathe_while_the_picked_piece_stays_raised() {
    for aspect in ASPECTS {
        let mut h = Harness::new(Config {
            aspect,
            ..Config::new(11)
        });
        start_match(&mut h, GameKind::Senet, 5);
        let mut picked = None;
        for _ in 0..600 {
            let m = h.app.senet().expect("a senet match");
            if m.phase() == SenetPhase::Human && m.mover() == Controller::Human(0) {
                let mv = m.legal()[0];
                h.click(0, senet_square(&h, mv.from()));
                picked = Some(mv);
                break;
            }
            h.idle(1);
        }
        let mv = picked.expect("the person's turn came");
        let lay = SenetLayout::new(aspect);
        let raised = up(lay.piece_rect(usize::from(mv.from() - 1)), LIFT);
        let mut seen = Vec::new();
        for k in 0..=PULSE_FRAMES {
            let list = pieces(&h);
            assert!(
                list.iter().any(|p| p.1 == raised),
                "{aspect:?}: the picked piece raised at {raised:?}"
            );
            let a = highlight_alphas(&h);
            assert!(!a.is_empty(), "{aspect:?}: targets lit");
            seen.push(a);
            if k < PULSE_FRAMES {
                h.idle(1);
            }
        }
        let half = (PULSE_FRAMES / 2) as usize;
        let whole = PULSE_FRAMES as usize;
        let (a, b) = (seen[0][0], seen[half][0]);
        assert!(
            a.abs_diff(b) >= 40,
            "{aspect:?}: half a breath apart {a} vs {b}"
        );
        assert_eq!(seen[whole], seen[0], "{aspect:?}: a breath later");
        // Smooth: no jump from one frame to the next.
        for w in seen.windows(2) {
            assert!(
                w[0][0].abs_diff(w[1][0]) <= 8,
                "{aspect:?}: {} to {}",
                w[0][0],
                w[1][0]
            );
        }
    }
}

#[test]
fn the_senas_selected_hole_lifts_its_top_piece() {
    let mut h = Harness::new(Config::new(4));
    start_match(&mut h, GameKind::Senas, 5);
    let lay = SenasLayout::new(Aspect::Standard);
    for _ in 0..900 {
        let m = h.app.senas().expect("a senas match");
        if m.phase() == SenasPhase::Human
            && m.mover() == Controller::Human(0)
            && !m.awaiting_confirm()
            && m.flight().is_none()
        {
            break;
        }
        h.idle(1);
    }
    let mut legal: HVec<SubMove, MAX_CHOICES> = HVec::new();
    h.app.senas_legal_sub_moves(&mut legal);
    let sm = legal[0];
    let m = h.app.senas().expect("a senas match");
    let side = m.position().side_to_move();
    let hole = side.hole(usize::from(sm.from));
    let n = usize::from(m.position().board()[hole].unsigned_abs());
    assert!(n >= 2, "a stack to pick from: {n}");
    let top = lay.piece_rect(hole, n.min(5) - 1);
    let art = senas_art(side);
    assert!(pieces(&h).contains(&(art, top)), "at rest before the pick");
    h.click(0, lay.hole_rect(hole));
    assert_eq!(h.app.senas().and_then(|m| m.selected()), Some(hole as u8));
    let now = pieces(&h);
    assert!(now.contains(&(art, up(top, LIFT))), "the top piece raised");
    assert!(!now.contains(&(art, top)), "and gone from its rest place");
    if n >= 2 {
        assert!(
            now.contains(&(art, lay.piece_rect(hole, n.min(5) - 2))),
            "the rest of the stack stays"
        );
    }
    h.save("app_pulse_senas_picked");
}
