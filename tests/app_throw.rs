//! The throw (issue 28, part 3): while the senas dice roll they fly onto their places from the
//! roller's side, each on its own path, tumbling ever more slowly, with a shadow, and lie
//! exactly on their places at the roll's last frame; the next frame shows the roll there, with
//! the dice's sound. The senet sticks rise from below, spread, flip ever more slowly and fall
//! onto their places, the throw's faces up on the frame after. The animation changes neither
//! the rolls nor the moves: a match at "Animations: Fast" logs the same as at Normal.

mod app_support;

use app_support::{click_first_senas_sub_move, senet_square, start_match, Harness};
use senas_senet::app::{senas, senet};
use senas_senet::app::{
    Animations, Buttons, Config, Controller, Event, GameKind, Pointer, SceneKind, Settings,
};
use senas_senet::gfx::{AssetId, Item, Rect, Rgba, SenasLayout, SenetLayout};

fn harness(seed: u64, speed: Animations) -> Harness {
    let mut h = Harness::new(Config::new(seed));
    h.app.set_settings(Settings {
        animations: speed,
        ..h.app.settings()
    });
    h
}

/// The sprites of `assets` in the frame, in drawing order.
fn sprites(h: &Harness, assets: &[AssetId]) -> Vec<(AssetId, Rect)> {
    h.list
        .items()
        .filter_map(|i| match i {
            Item::Sprite { asset, rect, .. } if assets.contains(&asset) => Some((asset, rect)),
            _ => None,
        })
        .collect()
}

const DICE: [AssetId; 6] = [
    AssetId::Die1,
    AssetId::Die2,
    AssetId::Die3,
    AssetId::Die4,
    AssetId::Die5,
    AssetId::Die6,
];
const STICKS: [AssetId; 2] = [AssetId::StickLight, AssetId::StickDark];

/// The translucent black fills of the thrown things' shadows.
fn shadows(h: &Harness) -> Vec<Rect> {
    // Black at the alpha of `throw_anim::shadow_alpha` for some height (8..=36).
    let shade = |c: Rgba| c.r == 0 && c.g == 0 && c.b == 0 && (8..=36).contains(&c.a);
    h.list
        .items()
        .filter_map(|i| match i {
            Item::Fill { rect, color } if shade(color) => Some(rect),
            _ => None,
        })
        .collect()
}

/// One senas frame: the person (player 1) plays its first legal sub-move through the pointer
/// when it is its part, else the frame passes.
fn senas_step(h: &mut Harness) {
    let m = h.app.senas().expect("senas");
    if m.phase() != senas::Phase::Human || m.mover() != Controller::Human(0) {
        h.idle(1);
        return;
    }
    if m.awaiting_confirm() {
        h.press(0, Buttons::A);
        return;
    }
    click_first_senas_sub_move(h);
}

/// One senet frame: the person plays its first legal move when it is its turn.
fn senet_step(h: &mut Harness) {
    let m = h.app.senet().expect("senet");
    if m.phase() != senet::Phase::Human || m.mover() != Controller::Human(0) {
        h.idle(1);
        return;
    }
    let mv = m.legal()[0];
    let (a, b) = (senet_square(h, mv.from()), senet_square(h, mv.to()));
    for (r, press) in [(a, true), (a, false), (b, true), (b, false)] {
        let (x, y) = r.center();
        h.pointers[0] = Some(Pointer::new(x, y));
        h.frame_with(0, if press { Buttons::A } else { Buttons::NONE });
    }
}

fn rolling(h: &Harness) -> Option<u16> {
    match h.app.senas()?.phase() {
        senas::Phase::Rolling(t) => Some(t.left),
        _ => None,
    }
}

fn throwing(h: &Harness) -> Option<u16> {
    match h.app.senet()?.phase() {
        senet::Phase::Throwing(t) => Some(t.left),
        _ => None,
    }
}

/// Horizontal distance between two rects' left edges.
fn dx(a: Rect, b: Rect) -> i32 {
    (i32::from(a.x) - i32::from(b.x)).abs()
}

/// Face changes of each thrown thing (by its place in the frame's drawing order) over `frames`.
fn changes(frames: &[Vec<(AssetId, Rect)>]) -> usize {
    frames
        .windows(2)
        .map(|w| {
            w[0].iter()
                .zip(w[1].iter())
                .filter(|(a, b)| a.0 != b.0)
                .count()
        })
        .sum()
}

/// Drives a senas match until a roll starts, then records each rolling frame's dice; returns
/// them with the side that rolled and leaves the harness on the first frame after the roll.
fn one_roll(h: &mut Harness, len: usize) -> (Vec<Vec<(AssetId, Rect)>>, u8) {
    // A roll seen from its first frame (the match may open mid-roll).
    while rolling(h).is_some() {
        h.idle(1);
    }
    for _ in 0..5000 {
        if rolling(h).is_some() {
            break;
        }
        senas_step(h);
    }
    let side = h.app.senas().expect("senas").acting_side().index() as u8;
    let mut frames = Vec::new();
    let mut shaded = false;
    while rolling(h).is_some() {
        let dice = sprites(h, &DICE);
        if frames.len() == len / 3 {
            shaded = true;
            h.save(&format!("app_throw_dice_{len}"));
            assert_eq!(dice.len(), 3, "a third into the roll");
            // In the air: three soft layers under each die, down and to its right.
            let s = shadows(h);
            assert_eq!(s.len(), 9, "{dice:?} {s:?}");
            for (k, &(_, r)) in dice.iter().enumerate() {
                let under = s[3 * k + 2];
                assert!(under.x > r.x && under.y > r.y, "{r:?}: {under:?}");
            }
        }
        frames.push(dice);
        h.idle(1);
    }
    assert!(shaded, "shadows checked");
    (frames, side)
}

fn check_dice(speed: Animations, len: usize) {
    let mut h = harness(3, speed);
    start_match(&mut h, GameKind::Senas, 0);
    let l = SenasLayout::new(h.app.config_aspect());
    for roll in 0..2 {
        let (frames, side) = one_roll(&mut h, len);
        let rest: [Rect; 3] = core::array::from_fn(|k| l.die_rect(side, k));
        assert_eq!(frames.len(), len, "roll {roll}: frames of the roll");
        // The first frame: thrown from the roller's side, far from every rest place (a later
        // die is still in the hand).
        assert!(
            !frames[0].is_empty() && frames[0].len() < 3,
            "{:?}",
            frames[0]
        );
        for &(_, r) in &frames[0] {
            assert!(rest.iter().all(|&p| dx(r, p) > 100), "{r:?} from {rest:?}");
            let outward = if side == 0 {
                r.x > rest[2].x
            } else {
                r.x < rest[0].x
            };
            assert!(outward, "side {side}: {r:?} comes from the side, {rest:?}");
        }
        // Each die comes nearer its place (eased, a few pixels of lift and hop aside), at
        // places between, never all at once.
        let full: Vec<&Vec<(AssetId, Rect)>> = frames.iter().filter(|f| f.len() == 3).collect();
        assert!(
            full.len() * 3 >= len * 2,
            "{} frames with three dice",
            full.len()
        );
        for k in 0..3 {
            let d: Vec<i32> = full.iter().map(|f| dx(f[k].1, rest[k])).collect();
            assert!(d.windows(2).all(|w| w[1] <= w[0] + 4), "die {k}: {d:?}");
            let between = d.iter().filter(|&&x| x > 6 && x < 100).count();
            assert!(between * 4 >= d.len(), "die {k}: {d:?}");
        }
        let apart = full
            .iter()
            .filter(|f| {
                let d: Vec<i32> = (0..3).map(|k| dx(f[k].1, rest[k])).collect();
                d[0] != d[1] && d[1] != d[2]
            })
            .count();
        assert!(
            apart * 2 >= full.len(),
            "the dice move apart, not as a block"
        );
        // The last frame of the roll: each die lies exactly on its place.
        let last = frames.last().expect("frames");
        assert_eq!(last.iter().map(|d| d.1).collect::<Vec<_>>(), rest);
        // The frame after: the roll's faces on the same places, and the dice sound now.
        let m = h.app.senas().expect("senas");
        let dice = m.roll().expect("rolled").dice();
        let shown = sprites(&h, &DICE);
        let want: Vec<(AssetId, Rect)> = (0..3)
            .map(|k| (AssetId::die_face(dice[k]).expect("a face"), rest[k]))
            .collect();
        assert_eq!(shown, want, "roll {roll}");
        assert!(h
            .app
            .events()
            .iter()
            .any(|e| matches!(e, Event::DiceThrown(_))));
        // The faces change less often at the end of the roll than at its start.
        let half = len / 2;
        let (early, late) = (changes(&frames[..=half]), changes(&frames[half..]));
        assert!(
            early > late,
            "{speed:?}: {early} changes early, {late} late"
        );
        assert!(late > 0, "still tumbling in the second half");
    }
}

#[test]
fn senas_dice_are_thrown_onto_their_places_and_show_the_roll_when_they_land() {
    check_dice(Animations::Normal, 36);
}

#[test]
fn at_fast_pace_the_dice_are_still_thrown_in_fewer_frames() {
    check_dice(Animations::Fast, 12);
}

#[test]
fn senet_sticks_rise_spread_flip_and_fall_onto_their_places_with_the_throws_faces() {
    let mut h = harness(5, Animations::Normal);
    start_match(&mut h, GameKind::Senet, 0);
    let l = SenetLayout::new(h.app.config_aspect());
    let rest: [Rect; 4] = core::array::from_fn(|k| l.stick_rect(k));
    for throw in 0..3 {
        while throwing(&h).is_some() {
            h.idle(1);
        }
        for _ in 0..5000 {
            if throwing(&h).is_some() || h.app.scene() != SceneKind::Match {
                break;
            }
            senet_step(&mut h);
        }
        let mut frames = Vec::new();
        while throwing(&h).is_some() {
            if frames.len() == 14 {
                h.save(&format!("app_throw_sticks_{throw}"));
            }
            frames.push(sprites(&h, &STICKS));
            h.idle(1);
        }
        assert_eq!(frames.len(), 36, "throw {throw}");
        // Gathered in the hand below their places, then spread out over the board.
        let first = &frames[0];
        assert!(!first.is_empty() && first.len() < 4, "{first:?}");
        assert!(first.iter().all(|s| s.1.y > rest[0].y + 40), "{first:?}");
        let full: Vec<&Vec<(AssetId, Rect)>> = frames.iter().filter(|f| f.len() == 4).collect();
        assert!(full.len() >= 30, "{} frames with four sticks", full.len());
        let spread = |f: &Vec<(AssetId, Rect)>| f[3].1.center().0 - f[0].1.center().0;
        let want = rest[3].center().0 - rest[0].center().0;
        assert!(spread(full[0]) < want / 2, "gathered: {:?}", full[0]);
        // In an arc: well above their places midway.
        let mid = full[full.len() / 2];
        assert!(
            (0..4).all(|k| mid[k].1.y < rest[k].y - 40),
            "high in the air: {mid:?}"
        );
        // Flipping: a stick turning over shows its edge (narrower than lying flat).
        assert!(
            full.iter().any(|f| f.iter().any(|s| s.1.w < rest[0].w)),
            "edge on while flipping"
        );
        // The last frame: each on its place, lying flat.
        let last = frames.last().expect("frames");
        assert_eq!(last.iter().map(|s| s.1).collect::<Vec<_>>(), rest);
        // The frame after: the logged throw's faces on the same places, with its sound.
        let line = h
            .log
            .0
            .iter()
            .rev()
            .find(|l| l.starts_with("event=throw "))
            .expect("the throw's line")
            .clone();
        let bits = line
            .split(' ')
            .find_map(|f| f.strip_prefix("sticks="))
            .expect("sticks=");
        let want: Vec<(AssetId, Rect)> = bits
            .chars()
            .zip(rest)
            .map(|(c, r)| {
                let a = if c == '1' {
                    AssetId::StickLight
                } else {
                    AssetId::StickDark
                };
                (a, r)
            })
            .collect();
        assert_eq!(sprites(&h, &STICKS), want, "{line}");
        assert!(h
            .app
            .events()
            .iter()
            .any(|e| matches!(e, Event::SticksThrown(_))));
        // The flips slow down towards the landing.
        let (early, late) = (changes(&frames[..=18]), changes(&frames[18..]));
        assert!(early > late, "{early} flips early, {late} late");
    }
}

/// A senas match against the computer at `speed` for `frames` frames: its rolls, turns and
/// gifts in order.
fn senas_log(speed: Animations, frames: usize) -> Vec<String> {
    let mut h = harness(9, speed);
    start_match(&mut h, GameKind::Senas, 5);
    for _ in 0..frames {
        if h.app.scene() != SceneKind::Match {
            break;
        }
        senas_step(&mut h);
    }
    h.log
        .0
        .iter()
        .filter(|l| {
            ["event=roll ", "event=turn ", "event=gift "]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .cloned()
        .collect()
}

#[test]
fn the_thrown_dice_change_no_roll_and_no_move_fast_or_normal() {
    let normal = senas_log(Animations::Normal, 2500);
    let fast = senas_log(Animations::Fast, 2500);
    let n = normal.len().min(fast.len());
    assert!(n >= 12, "{n} lines compared");
    assert_eq!(normal[..n], fast[..n]);
    assert!(
        fast.len() > normal.len(),
        "fast gets further in the same frames"
    );
}
