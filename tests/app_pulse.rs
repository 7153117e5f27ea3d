//! Motion through the app (issue 28, part 3, "legal targets pulse, the chosen piece lifts"):
//! every glide of a piece, a person's or the computer's, starts on its first frame exactly
//! where the board drew the piece at rest and ends on its last frame exactly where the board
//! draws it after the move, in 4:3 and 16:9 (senet glides once aimed 7 px above the pieces
//! and were 4/3 too wide in 16:9; senas glides started and landed one disc off on stacks of
//! two to five), and carries its shadow. The breathing targets and the raised piece are
//! `tests/app_lift.rs`.

mod app_support;

use app_support::pieces::{pieces, senas_art, senet_art, shadowed, shadows, up};
use app_support::{senet_square, start_match, Harness};
use heapless::Vec as HVec;
use senas_senet::app::senas::Phase as SenasPhase;
use senas_senet::app::senet::Phase as SenetPhase;
use senas_senet::app::{Buttons, Config, Controller, GameKind, Pointer, SceneKind};
use senas_senet::games::senas::{SubMove, HOLES, MAX_CHOICES};
use senas_senet::games::senet::{Side as SenetSide, OFF};
use senas_senet::gfx::layout::lift::LIFT;
use senas_senet::gfx::{Aspect, AssetId, Rect, SenasLayout, SenetLayout};

const ASPECTS: [Aspect; 2] = [Aspect::Standard, Aspect::Wide];

/// What one senet frame showed: the phase, the borne-off counts before the move, the pieces.
struct SenetFrame {
    phase: SenetPhase,
    mover: SenetSide,
    off: [u8; 2],
    pieces: Vec<(AssetId, Rect)>,
    shadows: Vec<(AssetId, Rect)>,
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
