//! The tutor's question (issue 27 part 5): with the tutor on, a person's move that loses at
//! least 5% win chance against the best move for the same throw (senet, judged when picked) or
//! the same dice (senas, the whole part judged at its confirm) is questioned before it is
//! committed; "Take it back" (B, or A on the default row) leaves the position and the throw or
//! dice as they were and logs no turn, "Play it anyway" commits exactly that move; the best
//! move is never questioned, and with the tutor off nothing is asked.

mod app_support;

use app_support::{senet_square, start_match, Harness};
use senas_senet::ai::coach;
use senas_senet::ai::search::game::RaceGame;
use senas_senet::ai::senas_game::{Senas, SenasChance, SenasScratch};
use senas_senet::ai::senet_game::Senet;
use senas_senet::app::{Buttons, Config, Controller, GameKind, SceneKind, Settings};
use senas_senet::games::senas::{self, Turn};
use senas_senet::games::senet::{apply, Move};
use senas_senet::gfx::{Rect, SenasLayout};

fn turn_lines(h: &Harness) -> Vec<String> {
    h.log
        .0
        .iter()
        .filter(|l| l.starts_with("event=turn "))
        .cloned()
        .collect()
}

fn harness(seed: u64, tutor: bool) -> Harness {
    let mut h = Harness::new(Config::new(seed));
    h.app.set_settings(Settings {
        tutor,
        ..h.app.settings()
    });
    h
}

/// The senet person's moves with their win chance, and the best.
fn senet_moves(h: &Harness) -> (Vec<(Move, u16)>, u16) {
    let m = h.app.senet().expect("senet");
    let pos = *m.position();
    let moves: Vec<(Move, u16)> = m
        .legal()
        .iter()
        .filter(|mv| !mv.is_pass())
        .map(|&mv| (mv, coach::chance_after::<Senet>(&pos, &apply(&pos, mv))))
        .collect();
    let best = moves.iter().map(|m| m.1).max().unwrap_or(0);
    (moves, best)
}

fn senet_person(h: &Harness) -> bool {
    h.app.senet().is_some_and(|m| {
        m.mover() == Controller::Human(0) && m.phase() == senas_senet::app::senet::Phase::Human
    })
}

fn pick(h: &mut Harness, mv: Move) {
    h.click(0, senet_square(h, mv.from()));
    h.click(0, senet_square(h, mv.to()));
}

/// Plays senet with the tutor `on` until a blunder is on offer; then checks the question.
fn senet_run(on: bool) {
    let mut h = harness(3, on);
    // One remote plays both sides: every turn is the person's.
    start_match(&mut h, GameKind::Senet, 3);
    let mut best_played = 0;
    for _ in 0..20000 {
        assert_eq!(h.app.scene(), SceneKind::Match, "no blunder was on offer");
        if !senet_person(&h) {
            assert!(!h.app.confirm_open(), "never on the computer's turn");
            h.idle(1);
            continue;
        }
        let (moves, best) = senet_moves(&h);
        let side = h.app.senet().expect("senet").position().side_to_move();
        let blunder = moves.iter().copied().find(|&(mv, c)| {
            best - c >= coach::BLUNDER_PERMILLE
                && apply(h.app.senet().expect("senet").position(), mv).winner() != Some(side)
        });
        // At least one best move first (never questioned), then the blunder.
        let Some((mv, c)) = blunder.filter(|_| best_played > 0) else {
            // The best move: never questioned.
            let (mv, _) = *moves.iter().find(|m| m.1 == best).expect("a move");
            let before = turn_lines(&h).len();
            pick(&mut h, mv);
            assert!(!h.app.confirm_open(), "the best move is not questioned");
            assert_eq!(turn_lines(&h).len(), before + 1);
            best_played += 1;
            continue;
        };
        let m = h.app.senet().expect("senet");
        let (pos, throw) = (*m.position(), m.throw());
        let before = turn_lines(&h);
        pick(&mut h, mv);
        if !on {
            assert!(!h.app.confirm_open(), "the tutor off asks nothing");
            assert_eq!(turn_lines(&h).len(), before.len() + 1);
            assert!(turn_lines(&h)
                .last()
                .expect("a turn")
                .contains(&format!("move={mv}")));
            return;
        }
        assert!(h.app.confirm_open(), "a blunder is questioned");
        let pct = (best - c + 5) / 10;
        let want = format!("This move loses {pct}% win chance.");
        assert!(h.shows(&want), "{want:?}: {}", h.screen_text());
        assert!(h.shows("Take it back") && h.shows("Play it anyway"));
        h.save("app_tutor_senet_question");
        // B: take it back.
        h.press(0, Buttons::B);
        assert!(!h.app.confirm_open());
        let m = h.app.senet().expect("senet");
        assert_eq!(
            (*m.position(), m.throw()),
            (pos, throw),
            "same position and throw"
        );
        assert_eq!(m.phase(), senas_senet::app::senet::Phase::Human);
        assert_eq!(m.selected(), None);
        assert_eq!(turn_lines(&h), before, "nothing logged");
        // Picked again, then "Play it anyway".
        pick(&mut h, mv);
        assert!(h.app.confirm_open());
        h.press(0, Buttons::DOWN);
        h.press(0, Buttons::A);
        assert!(!h.app.confirm_open());
        let after = turn_lines(&h);
        assert_eq!(after.len(), before.len() + 1, "exactly that move");
        assert!(after
            .last()
            .expect("a turn")
            .contains(&format!("move={mv}")));
        assert!(after.last().expect("a turn").contains("by=human"));
        return;
    }
    panic!("no blunder in 20000 frames");
}

#[test]
fn senet_a_blunder_is_questioned_taken_back_then_played_and_the_best_move_never() {
    senet_run(true);
}

#[test]
fn senet_with_the_tutor_off_a_blunder_is_played_at_once() {
    senet_run(false);
}

/// The senas person's parts for the dice on the board, each with its win chance.
fn senas_turns(h: &Harness) -> Vec<(Turn, u16)> {
    let m = h.app.senas().expect("senas");
    let pos = *m.position();
    let chance = m.roll().map_or(SenasChance::Gift, SenasChance::from_roll);
    let mut scratch = Box::<SenasScratch>::default();
    let turns: Vec<Turn> = Senas::turns(&mut scratch, &pos, &chance).to_vec();
    turns
        .into_iter()
        .map(|t| {
            (
                t,
                coach::chance_after::<Senas>(&pos, &senas::apply(&pos, &t)),
            )
        })
        .collect()
}

fn senas_person(h: &Harness) -> bool {
    h.app.senas().is_some_and(|m| {
        m.mover() == Controller::Human(0)
            && m.phase() == senas_senet::app::senas::Phase::Human
            && m.played().is_empty()
    })
}

/// Plays the sub-moves of `turn` with the pointer, then A to confirm.
fn play_part(h: &mut Harness, turn: &Turn) {
    let side = h.app.senas().expect("senas").position().side_to_move();
    let l = SenasLayout::new(h.app.config_aspect());
    let at = |p: usize| -> Rect {
        if p < senas::HOLES {
            l.hole_rect(side.hole(p))
        } else {
            l.tray_rect(side.index())
        }
    };
    for sm in turn.sub_moves() {
        h.click(0, at(usize::from(sm.from)));
        h.click(0, at(usize::from(sm.to())));
        h.idle(12);
    }
    assert!(
        h.app.senas().expect("senas").awaiting_confirm(),
        "{}",
        h.screen_text()
    );
    h.press(0, Buttons::A);
}

/// Frames until the tutor's check ends: the question, or the part committed.
fn await_check(h: &mut Harness, parts: u32) -> u32 {
    for f in 0..2000 {
        let m = h.app.senas().expect("senas");
        if h.app.confirm_open() || m.parts() > parts {
            return f;
        }
        assert!(
            h.shows("The tutor checks the move..."),
            "{}",
            h.screen_text()
        );
        h.idle(1);
    }
    panic!("the check never ended");
}

#[test]
fn senas_a_blunder_part_is_questioned_at_its_confirm_taken_back_then_played() {
    let mut h = harness(8, true);
    start_match(&mut h, GameKind::Senas, 0);
    let mut best_played = 0;
    for _ in 0..20000 {
        assert_eq!(h.app.scene(), SceneKind::Match, "no blunder was on offer");
        if !senas_person(&h) {
            assert!(!h.app.confirm_open(), "never on the computer's turn");
            h.idle(1);
            continue;
        }
        let turns = senas_turns(&h);
        let best = turns.iter().map(|t| t.1).max().unwrap_or(0);
        let m = h.app.senas().expect("senas");
        let (pos, roll, parts) = (*m.position(), m.roll(), m.parts());
        let side = pos.side_to_move();
        let blunder = turns.iter().copied().find(|(t, c)| {
            best - c >= coach::BLUNDER_PERMILLE
                && t.played() > 0
                && senas::apply(&pos, t).winner() != Some(side)
        });
        let Some((turn, c)) = blunder.filter(|_| best_played > 0) else {
            if turns.is_empty() || turns[0].0.played() == 0 {
                h.idle(1);
                continue;
            }
            let (turn, _) = *turns.iter().find(|t| t.1 == best).expect("a part");
            let before = turn_lines(&h).len();
            play_part(&mut h, &turn);
            let frames = await_check(&mut h, parts);
            assert!(!h.app.confirm_open(), "the best part is not questioned");
            assert_eq!(turn_lines(&h).len(), before + 1);
            eprintln!("best part checked in {frames} more frames");
            best_played += 1;
            continue;
        };
        let before = turn_lines(&h);
        play_part(&mut h, &turn);
        let frames = await_check(&mut h, parts);
        eprintln!("blunder checked in {frames} more frames");
        assert!(h.app.confirm_open(), "a blunder part is questioned");
        let pct = (best - c + 5) / 10;
        assert!(
            h.shows(&format!("This move loses {pct}% win chance.")),
            "{}",
            h.screen_text()
        );
        h.save("app_tutor_senas_question");
        // A on the default row: take it back.
        h.press(0, Buttons::A);
        assert!(!h.app.confirm_open());
        let m = h.app.senas().expect("senas");
        assert_eq!(
            (*m.position(), m.roll()),
            (pos, roll),
            "same position and dice"
        );
        assert!(m.played().is_empty(), "every sub-move returned");
        assert_eq!(m.phase(), senas_senet::app::senas::Phase::Human);
        assert_eq!(turn_lines(&h), before, "nothing logged");
        // The same part again, then "Play it anyway".
        play_part(&mut h, &turn);
        await_check(&mut h, parts);
        assert!(h.app.confirm_open());
        h.press(0, Buttons::DOWN);
        h.press(0, Buttons::A);
        let after = turn_lines(&h);
        assert_eq!(after.len(), before.len() + 1, "exactly that part");
        assert!(after.last().expect("a turn").contains("by=human"));
        assert_eq!(h.app.senas().expect("senas").parts(), parts + 1);
        let log: Vec<_> = h
            .log
            .0
            .iter()
            .filter(|l| l.starts_with("event=tutor"))
            .collect();
        eprintln!("{log:?}");
        return;
    }
    panic!("no blunder in 20000 frames");
}
