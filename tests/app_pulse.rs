//! Motion through the app (issue 28, part 3, "legal targets pulse, the chosen piece lifts"):
//! every glide of a piece, a person's or the computer's, starts on its first frame exactly
//! where the board drew the piece at rest and ends on its last frame exactly where the board
//! draws it after the move, in 4:3 and 16:9 (senet glides once aimed 7 px above the pieces
//! and were 4/3 too wide in 16:9; senas glides started and landed one disc off on stacks of
//! two to five); a person's legal targets breathe with the frame count while the piece they
//! picked is drawn raised.

mod app_support;

use app_support::{senet_square, start_match, Harness};
use heapless::Vec as HVec;
use senas_senet::app::senas::Phase as SenasPhase;
use senas_senet::app::senet::Phase as SenetPhase;
use senas_senet::app::{Buttons, Config, Controller, GameKind, Pointer, SceneKind};
use senas_senet::games::senas::{Side as SenasSide, SubMove, HOLES, MAX_CHOICES};
use senas_senet::games::senet::{Side as SenetSide, OFF};
use senas_senet::gfx::layout::lift::{LIFT, PULSE_FRAMES};
use senas_senet::gfx::{palette, Aspect, AssetId, Item, Rect, Rgba, SenasLayout, SenetLayout};

const ASPECTS: [Aspect; 2] = [Aspect::Standard, Aspect::Wide];

/// The pieces the frame draws untinted (not shadows): art and rect, in draw order.
fn pieces(h: &Harness) -> Vec<(AssetId, Rect)> {
    h.list
        .items()
        .filter_map(|i| match i {
            Item::Sprite {
                asset:
                    a @ (AssetId::Cone | AssetId::Spool | AssetId::PieceLight | AssetId::PieceDark),
                rect,
                tint: Rgba::WHITE,
                ..
            } => Some((a, rect)),
            _ => None,
        })
        .collect()
}

/// The shadows the frame draws (dark translucent silhouettes of a piece's art).
fn shadows(h: &Harness) -> Vec<(AssetId, Rect)> {
    h.list
        .items()
        .filter_map(|i| match i {
            Item::Sprite {
                asset, rect, tint, ..
            } if (tint.r, tint.g, tint.b) == (0, 0, 0) && tint.a < 255 => Some((asset, rect)),
            _ => None,
        })
        .collect()
}

/// Whether `shadows` hold one of `art` that falls below and to the right of `piece`, as from
/// high in the air (at least `drop` pixels below it).
fn shadowed(shadows: &[(AssetId, Rect)], art: AssetId, piece: Rect, drop: i16) -> bool {
    shadows
        .iter()
        .any(|&(a, r)| a == art && r.x >= piece.x && r.y >= piece.y + drop)
}

fn up(r: Rect, d: i16) -> Rect {
    Rect::new(r.x, r.y - d, r.w, r.h)
}

/// What one senet frame showed: the phase, the borne-off counts before the move, the pieces.
struct SenetFrame {
    phase: SenetPhase,
    mover: SenetSide,
    off: [u8; 2],
    pieces: Vec<(AssetId, Rect)>,
    shadows: Vec<(AssetId, Rect)>,
}

fn senet_art(s: SenetSide) -> AssetId {
    match s {
        SenetSide::A => AssetId::Cone,
        SenetSide::B => AssetId::Spool,
    }
}

/// A senet match in `aspect` against the computer, the person always playing its first legal
/// move with the pointer, frame by frame for `frames` frames.
fn senet_frames(aspect: Aspect, frames: usize) -> Vec<SenetFrame> {
    let mut h = Harness::new(Config {
        aspect,
        ..Config::new(11)
    });
    start_match(&mut h, GameKind::Senet, 5);
    let mut out = Vec::new();
    let mut queue: Vec<(Rect, Buttons)> = Vec::new();
    for _ in 0..frames {
        if h.app.scene() != SceneKind::Match {
            break;
        }
        let m = h.app.senet().expect("a senet match");
        let person = m.mover() == Controller::Human(0) && m.winner().is_none();
        if queue.is_empty() && person && m.phase() == SenetPhase::Human {
            let mv = m.legal()[0];
            let (a, b) = (senet_square(&h, mv.from()), senet_square(&h, mv.to()));
            queue = vec![
                (b, Buttons::NONE),
                (b, Buttons::A),
                (a, Buttons::NONE),
                (a, Buttons::A),
            ];
        }
        match queue.pop() {
            Some((r, buttons)) => {
                let (x, y) = r.center();
                h.pointers[0] = Some(Pointer::new(x, y));
                h.frame_with(0, buttons);
            }
            None => h.idle(1),
        }
        let m = h.app.senet().expect("a senet match");
        out.push(SenetFrame {
            phase: m.phase(),
            mover: m.position().side_to_move(),
            off: [SenetSide::A, SenetSide::B].map(|s| m.position().borne_off(s)),
            pieces: pieces(&h),
            shadows: shadows(&h),
        });
    }
    out
}

#[test]
fn senet_glides_start_and_end_where_the_board_draws_the_pieces_in_both_shapes() {
    for aspect in ASPECTS {
        let lay = SenetLayout::new(aspect);
        let frames = senet_frames(aspect, 2500);
        let rest = |s: u8, side: SenetSide, off: [u8; 2]| {
            if s == OFF {
                lay.off_rect(side.index(), usize::from(off[side.index()]))
            } else {
                lay.piece_rect(usize::from(s - 1))
            }
        };
        let (mut starts, mut ends, mut mids) = (0, 0, 0);
        for i in 1..frames.len() - 1 {
            let f = &frames[i];
            let SenetPhase::Moving {
                mv,
                stage: 0,
                timer,
            } = f.phase
            else {
                continue;
            };
            let art = senet_art(f.mover);
            if timer.len >= 10 && timer.left == timer.len / 2 {
                // Midway, high in the air: its shadow falls well below and right of it.
                let air = f
                    .pieces
                    .iter()
                    .rev()
                    .find(|p| p.0 == art)
                    .expect("in flight")
                    .1;
                assert!(
                    shadowed(&f.shadows, art, air, 20),
                    "{aspect:?} frame {i}: {mv:?} at {air:?} without its shadow: {:?}",
                    f.shadows
                );
                mids += 1;
            }
            if timer.left == timer.len {
                // The first frame: the piece where the board drew it the frame before (raised
                // there if a person had picked it up).
                let a = rest(mv.from(), f.mover, f.off);
                assert!(
                    f.pieces.contains(&(art, a)),
                    "{aspect:?} frame {i}: {mv:?} starts at {a:?}"
                );
                let before = &frames[i - 1].pieces;
                assert!(
                    before.contains(&(art, a)) || before.contains(&(art, up(a, LIFT))),
                    "{aspect:?} frame {i}: the board drew {mv:?}'s piece at {a:?}: {before:?}"
                );
                starts += 1;
            }
            if timer.left == 1 {
                // The last frame: the piece where the board draws it from the next frame on.
                let b = rest(mv.to(), f.mover, f.off);
                assert!(
                    f.pieces.contains(&(art, b)),
                    "{aspect:?} frame {i}: {mv:?} ends at {b:?}"
                );
                let after = &frames[i + 1].pieces;
                assert!(
                    after.contains(&(art, b)),
                    "{aspect:?} frame {i}: after {mv:?} the board draws it at {b:?}: {after:?}"
                );
                ends += 1;
            }
        }
        assert!(
            starts >= 20 && ends >= 20 && mids >= 20,
            "{aspect:?}: {starts} starts, {ends} ends, {mids} shadows checked"
        );
    }
}

/// What one senas frame showed: the flight (if any) and the pieces.
struct SenasFrame {
    flight: Option<senas_senet::app::senas::Flight>,
    pieces: Vec<(AssetId, Rect)>,
    shadows: Vec<(AssetId, Rect)>,
}

fn senas_art(s: SenasSide) -> AssetId {
    match s {
        SenasSide::White => AssetId::PieceLight,
        SenasSide::Black => AssetId::PieceDark,
    }
}

/// A senas match in `aspect` against the computer, the person playing its first legal
/// sub-move each time (pick, then target, then confirm), frame by frame.
fn senas_frames(aspect: Aspect, frames: usize) -> Vec<SenasFrame> {
    let mut h = Harness::new(Config {
        aspect,
        ..Config::new(4)
    });
    start_match(&mut h, GameKind::Senas, 5);
    let lay = SenasLayout::new(aspect);
    let mut out = Vec::new();
    let mut queue: Vec<(Rect, Buttons)> = Vec::new();
    for _ in 0..frames {
        if h.app.scene() != SceneKind::Match {
            break;
        }
        let m = h.app.senas().expect("a senas match");
        let person = m.mover() == Controller::Human(0) && m.winner().is_none();
        if queue.is_empty() && person && m.phase() == SenasPhase::Human && m.flight().is_none() {
            let side = m.position().side_to_move();
            let spot = |path: usize| {
                if path < HOLES {
                    lay.hole_rect(side.hole(path))
                } else {
                    lay.tray_rect(side.index())
                }
            };
            if m.awaiting_confirm() {
                queue = vec![(spot(0), Buttons::NONE), (spot(0), Buttons::A)];
            } else {
                let mut legal: HVec<SubMove, MAX_CHOICES> = HVec::new();
                h.app.senas_legal_sub_moves(&mut legal);
                let sm = legal[0];
                let (a, b) = (spot(usize::from(sm.from)), spot(usize::from(sm.to())));
                queue = vec![
                    (b, Buttons::NONE),
                    (b, Buttons::A),
                    (a, Buttons::NONE),
                    (a, Buttons::A),
                ];
            }
        }
        match queue.pop() {
            Some((r, buttons)) => {
                let (x, y) = r.center();
                h.pointers[0] = Some(Pointer::new(x, y));
                h.frame_with(0, buttons);
            }
            None => h.idle(1),
        }
        let m = h.app.senas().expect("a senas match");
        out.push(SenasFrame {
            flight: m.flight(),
            pieces: pieces(&h),
            shadows: shadows(&h),
        });
    }
    out
}

#[test]
fn senas_glides_start_and_end_where_the_board_draws_the_pieces_in_both_shapes() {
    for aspect in ASPECTS {
        let lay = SenasLayout::new(aspect);
        let frames = senas_frames(aspect, 3000);
        let (mut starts, mut ends, mut stacked, mut mids) = (0, 0, 0, 0);
        for i in 1..frames.len() - 1 {
            let Some(fl) = frames[i].flight else {
                continue;
            };
            let art = senas_art(fl.side);
            // The piece in flight is drawn last.
            let drawn = frames[i]
                .pieces
                .iter()
                .rev()
                .find(|p| p.0 == art)
                .map(|p| p.1)
                .expect("the piece in flight");
            if fl.timer.len >= 10 && fl.timer.left == fl.timer.len / 2 {
                assert!(
                    shadowed(&frames[i].shadows, art, drawn, 20),
                    "{aspect:?} frame {i}: {fl:?} at {drawn:?} without its shadow"
                );
                mids += 1;
            }
            // The top disc a frame draws on `hole` (raised if picked up), if any.
            let top = |pieces: &[(AssetId, Rect)], hole: usize| {
                (0..5)
                    .rev()
                    .map(|k| lay.piece_rect(hole, k))
                    .find(|&r| pieces.contains(&(art, r)) || pieces.contains(&(art, up(r, LIFT))))
            };
            if fl.timer.left == fl.timer.len {
                let from = usize::from(fl.from_hole);
                let was = top(&frames[i - 1].pieces, from);
                assert_eq!(
                    Some(drawn),
                    was,
                    "{aspect:?} frame {i}: {fl:?} starts where the board drew the top of its stack"
                );
                if drawn != lay.piece_rect(from, 0) {
                    stacked += 1;
                }
                starts += 1;
            }
            if let (1, Some(to)) = (fl.timer.left, fl.to_hole) {
                let then = top(&frames[i + 1].pieces, usize::from(to));
                assert_eq!(
                    Some(drawn),
                    then,
                    "{aspect:?} frame {i}: {fl:?} ends where the board then draws the top of \
                     its stack"
                );
                if drawn != lay.piece_rect(usize::from(to), 0) {
                    stacked += 1;
                }
                ends += 1;
            }
        }
        assert!(
            starts >= 20 && ends >= 20 && stacked >= 5 && mids >= 20,
            "{aspect:?}: {starts} starts, {ends} ends ({stacked} on a stack), {mids} shadows \
             checked"
        );
    }
}

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
