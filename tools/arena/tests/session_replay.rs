//! Issue 22: whole sessions through the console layer, one chain per game and rule set (senas;
//! senet WiiBrew 2009, Kendall, Jequier). A mid-match save is planted on the in-memory card in
//! the real save format (`save::SavedMatch::write` through `MemStore::save`), holding a
//! position only that rule set plays as it does (Kendall: a piece sent back from the water and
//! bound to move next; every senet one: a throw whose legal moves differ under each other rule
//! set; senas: a gift of unused dice pending). The session boots, "Continue the match" is
//! chosen on the main menu as a player does, the match is checked to go on under that rule set
//! from that position, the person (remote 1, by pointer) plays it against the Normal computer to
//! the end, and the record the console layer wrote to the card is replayed, exactly as written,
//! by `arena replay FILE`: every turn legal under the record's `rules=`, the winner agreed.
//!
//! The console layer's fakes (`console::MemStore`, `console::test_platform::Session`) are the
//! lib's own, made public by the `host-fakes` feature this crate's dev-dependency turns on.

use rand_core::RngCore;
use rand_pcg::Pcg32;
use senas_senet::ai::Level;
use senas_senet::app::saving::opponent_index;
use senas_senet::app::{GameKind, Opponent, SceneKind};
use senas_senet::console::test_platform::Session;
use senas_senet::console::MemStore;
use senas_senet::games::{senas, senet};
use senas_senet::save::{
    read_header, Kind, RngState, SaveStore, SavedMatch, SavedPhase, SavedPosition, MATCH_BYTES,
    SENAS_RULES,
};
use std::fmt::Write;
use std::process::Command;

/// A mid-match position reached by legal turns from the start, with its log in the game's own
/// notation (the lines `app::senet::flow` / `app::senas::flow` write).
struct Plant {
    first: u8,
    position: SavedPosition,
    phase: SavedPhase,
    turns: u32,
    log: String,
}

/// The moves of `pos`'s side for `throw` under its own rule set.
fn moves(pos: &senet::Position, throw: senet::Throw) -> senet::MoveList {
    let mut out = senet::MoveList::new();
    senet::legal_moves(pos, throw, &mut out);
    out
}

/// `pos` plays differently under every other rule set: for some throw its legal moves on the
/// same boards differ (or the boards are not a position of that rule set at all).
fn only_its_rules_play_it(pos: &senet::Position) -> bool {
    let side = pos.side_to_move();
    senet::Variant::ALL
        .iter()
        .filter(|&&v| v != pos.variant())
        .all(|&other| {
            let Ok(there) = senet::Position::new(
                other,
                pos.board(senet::Side::A),
                pos.board(senet::Side::B),
                side,
            ) else {
                return true;
            };
            let throws = pos.variant().rules().outcomes.map(|(t, _)| t);
            throws.iter().any(|&t| moves(pos, t) != moves(&there, t))
        })
}

/// Senet under `variant` from the start with random legal moves (the sticks thrown as the app
/// throws them), until a turn boundary after at least 24 turns where the position is that rule
/// set's own (Kendall: with a side bound to move the piece sent back from the water).
fn senet_plant(variant: senet::Variant, seed: u64) -> Option<Plant> {
    let mut rng = Pcg32::new(seed, 0x5e7e7);
    let first = (seed & 1) as u8;
    let mut pos = senet::Position::start(variant, [senet::Side::A, senet::Side::B][first as usize]);
    let rules = variant.rules();
    let (mut log, mut turns) = (String::new(), 0u32);
    while turns < 400 {
        let specific = match variant {
            senet::Variant::Kendall => pos.bound(senet::Side::A) || pos.bound(senet::Side::B),
            _ => true,
        };
        if turns >= 24 && specific && only_its_rules_play_it(&pos) {
            return Some(Plant {
                first,
                position: SavedPosition::Senet(pos),
                phase: SavedPhase::Throw,
                turns,
                log,
            });
        }
        let side = pos.side_to_move();
        let bits = rng.next_u32() & 0xF;
        let throw = rules
            .throw_from_whites(bits.count_ones())
            .unwrap_or(rules.outcomes[4].0);
        let _ = writeln!(
            log,
            "event=throw game=senet side={side} sticks={}{}{}{} value={throw}",
            bits & 1,
            bits >> 1 & 1,
            bits >> 2 & 1,
            bits >> 3 & 1,
        );
        let legal = moves(&pos, throw);
        let mv = legal[rng.next_u32() as usize % legal.len()];
        let by = match (mv.is_pass(), side) {
            (true, _) => "rules",
            (_, senet::Side::A) => "human",
            _ => "cpu",
        };
        let capture = !mv.is_pass() && pos.at(mv.to()) == Some(side.other());
        let _ = writeln!(
            log,
            "event=turn game=senet side={side} by={by} throw={throw} move={mv}{}",
            if capture { " capture=1" } else { "" }
        );
        pos = senet::apply(&pos, mv);
        turns += 1;
        if pos.winner().is_some() {
            return None;
        }
    }
    None
}

/// Senas from the start with random legal parts, until a part boundary after at least 24 parts
/// where the side to move has a gift of the opponent's unused dice to play first.
fn senas_plant(seed: u64) -> Option<Plant> {
    let mut rng = Pcg32::new(seed, 0x5e4a5);
    let first = (seed & 1) as u8;
    let mut pos = senas::Position::start([senas::Side::White, senas::Side::Black][first as usize]);
    let mut gen = Box::new(senas::TurnGen::new());
    let mut turns: Box<heapless::Vec<senas::Turn, { senas::MAX_TURNS }>> = Box::default();
    let (mut log, mut parts) = (String::new(), 0u32);
    while parts < 400 {
        let gift = pos.gift();
        if parts >= 24 && !gift.is_empty() {
            return Some(Plant {
                first,
                position: SavedPosition::Senas(pos),
                phase: SavedPhase::Gift,
                turns: parts,
                log,
            });
        }
        let side = pos.side_to_move();
        let roll = if gift.is_empty() {
            let roll = senas::Roll::sample(&mut rng);
            let _ = writeln!(
                log,
                "event=roll game=senas side={side} dice={roll} moves={}",
                roll.sub_moves()
            );
            gen.legal_turns(&pos, &roll, &mut turns).ok()?;
            Some(roll)
        } else {
            gen.legal_gift_turns(&pos, &mut turns).ok()?;
            None
        };
        let turn = turns[rng.next_u32() as usize % turns.len()];
        let _ = writeln!(
            log,
            "event=turn game=senas side={side} by={} part={} moves={} unused={}",
            if side.index() == 0 { "human" } else { "cpu" },
            if roll.is_some() { "roll" } else { "gift" },
            senas::TurnMoves { side, turn: &turn },
            turn.unused()
        );
        pos = senas::apply(&pos, &turn);
        parts += 1;
        if pos.winner().is_some() {
            return None;
        }
        let tute = roll.is_some_and(|r| r.is_tute());
        if roll.is_some() && !tute && !turn.unused().is_empty() {
            let _ = writeln!(
                log,
                "event=gift game=senas to={} values={}",
                side.other(),
                pos.gift()
            );
        }
    }
    None
}

/// The plant as a match save against the Normal computer, written on an empty card through
/// the real format.
fn card_with(plant: &Plant, seed: u64) -> MemStore {
    let m = SavedMatch {
        opponent: opponent_index(Opponent::Computer(Level::Normal)),
        first: plant.first,
        position: plant.position,
        phase: plant.phase,
        rng: RngState {
            state: seed.wrapping_mul(0x9e37_79b9_7f4a_7c15),
            stream: 11,
            draws: 0,
        },
        cpu_seeds: [seed ^ 1, seed ^ 2],
        turns: plant.turns,
        log: &plant.log,
    };
    let mut card = MemStore::new();
    let mut buf = vec![0u8; MATCH_BYTES];
    card.save(Kind::Match, &mut buf, &mut |w| m.write(w))
        .expect("the card takes the planted save");
    card
}

/// `arena replay FILE` on `record`, written to a file of its own.
fn arena_replay(name: &str, record: &str) -> (Option<i32>, String, String) {
    let dir = std::env::temp_dir().join(format!("arena-session-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join(name);
    std::fs::write(&file, record).expect("write record");
    let out = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(["replay", file.to_str().expect("utf8 path")])
        .output()
        .expect("arena runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// One chain: plant, boot, continue, check, play to the end, replay the card's record.
fn chain(game: GameKind, variant: senet::Variant, plant: Plant, seed: u64) {
    let rules = match game {
        GameKind::Senas => SENAS_RULES,
        GameKind::Senet => variant.name(),
    };
    let what = format!("{} {rules} (seed {seed})", game.name());
    let mut s = Session::boot(seed, card_with(&plant, seed));
    assert!(s.has("event=load ", "continue=1"), "{what}: {:?}", s.log.0);
    assert_eq!(s.app.storage_note(), None, "{what}");
    s.continue_from_title();
    assert_eq!(s.app.scene(), SceneKind::Match, "{what}: {:?}", s.log.0);
    assert_eq!(s.app.setup().game, game, "{what}");
    assert!(
        s.has("event=start ", "continued=1"),
        "{what}: {:?}",
        s.log.0
    );
    // The same position, under the same rule set, with the same number of turns behind it.
    match (plant.position, s.app.senet(), s.app.senas()) {
        (SavedPosition::Senet(p), Some(m), _) => {
            assert_eq!(*m.position(), p, "{what}");
            assert_eq!(m.position().variant(), variant, "{what}");
            assert_eq!(s.app.setup().variant, variant, "{what}");
            assert_eq!(m.turns(), plant.turns, "{what}");
            assert!(
                s.has("event=continue ", &format!("rules={rules} ")),
                "{what}: {:?}",
                s.log.0
            );
        }
        (SavedPosition::Senas(p), _, Some(m)) => {
            assert_eq!(*m.position(), p, "{what}");
            assert!(!m.position().gift().is_empty(), "{what}: the gift is kept");
            assert_eq!(m.parts(), plant.turns, "{what}");
        }
        _ => panic!("{what}: the continued match is not that game"),
    }
    let continued_at = s.log.0.len();
    for _ in 0..400_000 {
        s.play();
        if !s.fake.store.records.is_empty() && !s.fake.store.busy() {
            break;
        }
    }
    let [record] = s.fake.store.records.as_slice() else {
        panic!(
            "{what}: one record, not {}: {:?}",
            s.fake.store.records.len(),
            s.log.0.last()
        );
    };
    let record = record.clone();
    // The first turn after the continue is the saved side's: senas plays the gift first.
    let first_turn = s.log.0[continued_at..]
        .iter()
        .find(|l| l.starts_with("event=turn "))
        .expect("a turn after the continue");
    if game == GameKind::Senas {
        assert!(first_turn.contains(" part=gift "), "{what}: {first_turn}");
    }
    let h = read_header(&record).unwrap_or_else(|| panic!("{what}: not a record: {record}"));
    assert_eq!(h.game, game.name(), "{what}");
    assert_eq!(h.rules, rules, "{what}: the record's rule set");
    assert_eq!(h.players, ["person", "cpu_normal"], "{what}");
    assert_eq!(h.first, plant.first, "{what}");
    assert!(h.turns > plant.turns, "{what}: {} turns", h.turns);
    assert!(
        record.contains(&plant.log),
        "{what}: the record keeps the planted log"
    );
    assert_eq!(
        s.fake.store.slots[2],
        [None, None],
        "{what}: the save is gone"
    );
    // The winner the game logged is the header's.
    let won = s
        .log
        .0
        .iter()
        .find(|l| l.starts_with("event=win "))
        .expect("a win line");
    let side = ["A", "B", "White", "Black"]
        .iter()
        .position(|w| won.contains(&format!(" winner={w} ")))
        .unwrap_or_else(|| panic!("{what}: {won}"));
    assert_eq!(usize::from(h.winner), side % 2, "{what}: {won}");

    let (code, out, err) = arena_replay(&format!("{}-{rules}.txt", game.name()), &record);
    assert_eq!(code, Some(0), "{what}: {err}\n{record}");
    let summary = out.lines().last().unwrap_or("");
    let want = format!(
        "ok: {} rules={rules} person vs cpu_normal, {} turns, every turn legal, winner side {}",
        game.name(),
        h.turns,
        h.winner
    );
    assert_eq!(summary, want, "{what}");
    // Under another senet rule set the same record does not replay.
    if game == GameKind::Senet {
        for other in senet::Variant::ALL.iter().filter(|&&v| v != variant) {
            let wrong = record.replacen(
                &format!("\nrules={rules}\n"),
                &format!("\nrules={}\n", other.name()),
                1,
            );
            let (code, _, _) =
                arena_replay(&format!("senet-{rules}-as-{}.txt", other.name()), &wrong);
            assert_eq!(code, Some(2), "{what}: replayed under {other}");
        }
    }
}

/// The first seed in 1..200 whose random play reaches a plant.
fn first_plant(f: impl Fn(u64) -> Option<Plant>) -> (Plant, u64) {
    (1..200)
        .find_map(|seed| f(seed).map(|p| (p, seed)))
        .expect("random play reaches the position")
}

#[test]
fn a_planted_senas_match_with_a_gift_pending_continues_to_the_end_and_its_record_replays() {
    let (plant, seed) = first_plant(senas_plant);
    chain(GameKind::Senas, senet::Variant::default(), plant, seed);
}

#[test]
fn a_planted_wiibrew2009_senet_match_continues_to_the_end_and_its_record_replays() {
    let v = senet::Variant::Wiibrew2009;
    let (plant, seed) = first_plant(|s| senet_plant(v, s));
    chain(GameKind::Senet, v, plant, seed);
}

#[test]
fn a_planted_kendall_match_with_a_piece_bound_after_the_water_continues_and_its_record_replays() {
    let v = senet::Variant::Kendall;
    let (plant, seed) = first_plant(|s| senet_plant(v, s));
    chain(GameKind::Senet, v, plant, seed);
}

#[test]
fn a_planted_jequier_senet_match_continues_to_the_end_and_its_record_replays() {
    let v = senet::Variant::Jequier;
    let (plant, seed) = first_plant(|s| senet_plant(v, s));
    chain(GameKind::Senet, v, plant, seed);
}
