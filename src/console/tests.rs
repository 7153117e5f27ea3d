//! Host tests of whole sessions through the console layer, on the fake machine of
//! `test_platform.rs`. A session boots, plays, saves, is switched off
//! (`MemStore::after_power_cycle`) and the next session continues from what the card kept;
//! a power cut at every step of the save schedule; the sound and rumble of events; leaving.

use std::string::String;
use std::vec::Vec;

use super::mem_store::MemStore;
use super::platform::AudioLead;
use super::saver::PIECE_BYTES;
use super::sound::{effect, rumble};
use super::test_platform::Session;
use crate::app::{Buttons, By, Event, GameKind, Request, SceneKind, StorageNote};
use crate::audio::Sfx;
use crate::games::senet::Variant;

/// A senet rule set, or senas.
fn every_match_kind() -> Vec<(GameKind, Variant)> {
    let mut v = std::vec![(GameKind::Senas, Variant::default())];
    v.extend(Variant::ALL.iter().map(|&r| (GameKind::Senet, r)));
    v
}

/// Issue 22: a Kendall or Jequier match continued from the main menu played on under the
/// WiiBrew 2009 rules. Each session saves through the real schedule and format, is switched
/// off, and the next boots from what the card kept.
#[test]
fn every_game_and_rule_set_saved_in_one_session_continues_in_the_next_with_its_rules() {
    for (game, variant) in every_match_kind() {
        let mut a = Session::boot(21, MemStore::new());
        a.start(game, variant);
        // Senas: the person plays no part here, so the first save (before anyone's roll).
        a.play_until_saved(if game == GameKind::Senet { 8 } else { 0 });
        let saved = a.last_saved();
        let mut b = Session::boot(77, a.fake.store.after_power_cycle());
        assert!(
            b.has("event=load ", "continue=1"),
            "{game:?} {variant}: {:?}",
            b.log.0
        );
        assert_eq!(b.app.storage_note(), None);
        let want = saved.replacen("event=saved ", "event=saved_match ", 1);
        assert!(b.log.0.contains(&want), "{want} not in {:?}", b.log.0);
        b.press(Buttons::A); // Play
        b.press(Buttons::A); // Continue the match
        assert_eq!(b.app.scene(), SceneKind::Match, "{game:?} {variant}");
        assert_eq!(b.app.setup().game, game);
        if game == GameKind::Senet {
            assert_eq!(b.app.setup().variant, variant);
            let m = b.app.senet().expect("senet");
            assert_eq!(m.position().variant(), variant);
            assert!(
                saved.contains(&std::format!("rules={}", variant.name())),
                "{saved}"
            );
        }
        let cont = saved.replacen("event=saved ", "event=continue ", 1);
        assert!(b.log.0.contains(&cont), "{cont} not in {:?}", b.log.0);
    }
}

/// A whole senet match under each rule set: the record the card gets names the rule set the
/// match was played under, and the match save is gone.
#[test]
fn a_finished_senet_match_leaves_a_record_naming_its_rule_set_and_no_match_save() {
    for variant in Variant::ALL {
        let mut s = Session::boot(5, MemStore::new());
        s.start(GameKind::Senet, variant);
        for _ in 0..400_000 {
            s.play();
            if !s.fake.store.records.is_empty() {
                break;
            }
        }
        let rec = s.fake.store.records.first().expect("a record was written");
        assert!(rec.contains("\ngame=senet\n"), "{rec}");
        assert!(
            rec.contains(&std::format!("\nrules={}\n", variant.name())),
            "{variant}: {}",
            &rec[..200.min(rec.len())]
        );
        assert!(
            rec.contains("players=person,cpu_normal") || rec.contains("players=cpu_normal,person")
        );
        assert_eq!(
            s.fake.store.slots[2],
            [None, None],
            "the match save is deleted"
        );
        assert!(s.has(
            "event=save what=finished ",
            &std::format!("rules={}", variant.name())
        ));
    }
}

/// A power cut after every number of bytes of the match writes of a session (in steps of a
/// third of a piece): the next session always finds a sound match to continue, the newest the
/// card kept whole, and never a half-written one.
#[test]
fn a_power_cut_at_every_step_of_the_save_schedule_keeps_a_whole_match() {
    // A clean session first: how many bytes its match writes take.
    let mut clean = Session::boot(33, MemStore::new());
    clean.start(GameKind::Senet, Variant::Kendall);
    clean.play_until_saved(6);
    let total = clean.fake.store.written;
    let mut cuts = 0;
    let step = (total / 24).clamp(1, PIECE_BYTES / 3);
    for cut in (0..total).step_by(step) {
        let mut s = Session::boot(33, MemStore::new());
        s.fake.store.cut_after = Some(cut);
        s.start(GameKind::Senet, Variant::Kendall);
        for _ in 0..3_000 {
            s.play();
            if s.fake.store.cut_after == Some(0) {
                break;
            }
        }
        let kept = s.fake.store.after_power_cycle();
        let whole: Vec<String> = s
            .log
            .0
            .iter()
            .filter(|l| l.starts_with("event=saved "))
            .cloned()
            .collect();
        let b = Session::boot(34, kept);
        match whole.last() {
            // Nothing was written whole: nothing to continue, and nothing misread.
            None => assert!(!b.app.can_continue(), "cut {cut}: {:?}", b.log.0),
            Some(last) => {
                assert!(b.app.can_continue(), "cut {cut}: {:?}", b.log.0);
                let want = last.replacen("event=saved ", "event=saved_match ", 1);
                assert!(
                    b.log.0.contains(&want),
                    "cut {cut}: {want} not in {:?}",
                    b.log.0
                );
            }
        }
        assert_ne!(b.app.storage_note(), Some(StorageNote::Outdated));
        cuts += 1;
    }
    assert!(cuts >= 20, "{cuts} cuts over {total} bytes");
}

#[test]
fn a_card_that_is_missing_is_said_and_the_session_plays_on() {
    let mut store = MemStore::new();
    store.no_card = true;
    let mut s = Session::boot(3, store);
    assert_eq!(s.app.storage_note(), Some(StorageNote::NoCard));
    assert!(s.has("event=save_off ", "reason=no_card"));
    s.start(GameKind::Senet, Variant::Jequier);
    for _ in 0..600 {
        s.play();
    }
    assert!(s.turns() > 0, "the match goes on without a card");
}

#[test]
fn every_event_sounds_its_effect_and_only_a_persons_throw_or_illegal_move_rumbles() {
    let p = By::Player(1);
    let c = By::Computer;
    let table = [
        (Event::DiceThrown(p), Some(Sfx::Dice), Some(1)),
        (Event::DiceThrown(c), Some(Sfx::Dice), None),
        (Event::SticksThrown(p), Some(Sfx::Sticks), Some(1)),
        (Event::SticksThrown(c), Some(Sfx::Sticks), None),
        (Event::PiecePicked(p), Some(Sfx::PickUp), None),
        (Event::PiecePlaced(p), Some(Sfx::Place), None),
        (Event::Illegal(p), Some(Sfx::Illegal), Some(1)),
        (Event::GiftHandedOver(c), Some(Sfx::Gift), None),
        (Event::Capture(c), Some(Sfx::Capture), None),
        (Event::Water(c), Some(Sfx::Water), None),
        (Event::BorneOff(p), Some(Sfx::BearOff), None),
        (Event::Win(p), Some(Sfx::Win), None),
        (Event::Loss(p), Some(Sfx::Loss), None),
        (Event::MenuPick(p), None, None),
        (Event::MenuBack(p), None, None),
    ];
    for (e, sfx, rumbles) in table {
        assert_eq!(effect(e), sfx, "{e:?}");
        assert_eq!(rumble(e), rumbles, "{e:?}");
    }
}

#[test]
fn a_persons_throw_sounds_and_rumbles_the_title_has_music_and_a_match_has_none() {
    let mut s = Session::boot(8, MemStore::new());
    s.frame(Buttons::NONE, None);
    assert!(s.has("event=music ", "on=1"), "{:?}", s.log.0);
    s.start(GameKind::Senet, Variant::Wiibrew2009);
    assert!(s.has("event=music ", "on=0"));
    for _ in 0..3_000 {
        s.play();
        if s.has("event=sfx ", "name=sticks") && !s.fake.motors.1.is_empty() {
            break;
        }
    }
    assert!(s.has("event=sfx ", "name=sticks"), "{:?}", s.log.0);
    assert_eq!(
        s.fake.motors.1.first(),
        Some(&0),
        "player 1's remote rumbled"
    );
    assert!(s.has("event=rumble ", "player=1 on=1"));
    assert!(s.fake.outs.refills > 100 && s.fake.presented > 100);
}

/// Audit 2 N3: a piece of SD work on a real card can take 20 ms; the audio output keeps
/// 41.7 ms ahead, so more than about 25 ms between two refills underruns. The output is topped
/// up right before and right after each piece, so the piece is the longest gap.
#[test]
fn a_slow_save_piece_never_leaves_the_audio_output_more_than_25_ms_without_a_refill() {
    let mut s = Session::boot(21, MemStore::new());
    s.fake.piece_us = 20_000;
    s.start(GameKind::Senet, Variant::Kendall);
    s.fake.outs.longest_gap_us = 0;
    s.play_until_saved(4);
    let pieces = s
        .log
        .0
        .iter()
        .filter(|l| l.starts_with("event=save what=match "))
        .count();
    assert!(pieces >= 2, "{pieces} match saves");
    let gap = s.fake.outs.longest_gap_us;
    assert!(
        (20_000..25_000).contains(&gap),
        "longest gap between refills {gap} us"
    );
}

/// Audit 2 N3, the rest: a piece on a slow real card can take longer than the short lead
/// (41.7 ms) even with the top-ups around it. While a save is spread the output keeps a long
/// lead, so a 60 ms piece plays through without an underrun; the short lead is back after.
#[test]
fn a_sixty_ms_save_piece_plays_through_without_an_underrun() {
    let mut s = Session::boot(21, MemStore::new());
    s.fake.piece_us = 60_000;
    s.start(GameKind::Senet, Variant::Kendall);
    s.play_until_saved(4);
    let pieces = s
        .log
        .0
        .iter()
        .filter(|l| l.starts_with("event=save what=match "))
        .count();
    assert!(pieces >= 2, "{pieces} match saves");
    assert!(s.fake.outs.longest_gap_us >= 60_000);
    assert_eq!(s.fake.outs.underruns, 0, "underruns with 60 ms pieces");
    assert!(
        !s.log
            .0
            .iter()
            .any(|l| l.starts_with("event=audio_underrun")),
        "no underrun logged"
    );
    let leads = &s.fake.outs.leads;
    assert!(
        leads.len() >= 2 && leads.windows(2).all(|w| w[0] != w[1]),
        "{leads:?}"
    );
    assert_eq!(leads[0], AudioLead::Saving);
    assert!(s.log.0.iter().any(|l| l == "event=audio_lead lead=saving"));
}

#[test]
fn power_stops_the_audio_before_the_program_leaves() {
    let mut s = Session::boot(8, MemStore::new());
    s.frame(Buttons::NONE, None);
    assert!(!s.fake.outs.stopped);
    let presented = s.fake.presented;
    s.fake.next.power = true;
    let r = s.console.frame(&mut *s.fake, &mut s.app, &mut s.log);
    assert_eq!(r.request, Some(Request::PowerOff));
    assert!(s.fake.outs.stopped, "silence before the platform leaves");
    assert_eq!(s.fake.presented, presented, "the frame ends at the request");
}

/// What a session boots into from `store`: the settings it would save, its statistics and
/// whether it offers to continue a match.
fn booted(store: MemStore) -> (crate::save::Settings, crate::save::Stats, bool, Session) {
    let s = Session::boot(5, store);
    (
        s.app.saved_settings(),
        *s.app.stats(),
        s.app.can_continue(),
        s,
    )
}

/// Issue 27: a format-3 file (a Beginner seat, the six-opponent statistics, a match) cut at
/// any length or garbled under a good CRC boots into the plain defaults, says a damaged file
/// was ignored, and never panics; the same files whole load.
#[test]
fn a_cut_or_garbled_version_3_file_boots_into_the_defaults_and_says_so() {
    use crate::save::{crc32, encode_with, Kind, Settings, Stats, MATCH_BYTES, VERSION};
    let frame = |kind: Kind, fill: &dyn Fn(&mut crate::save::Writer)| {
        let mut buf = std::vec![0u8; MATCH_BYTES];
        let n = encode_with(kind, 3, &mut buf, fill).expect("fits");
        buf.truncate(n);
        buf
    };
    let beginner = Settings {
        game: 1,
        opponent: 5,
        variant: 2,
        sfx_volume: 2,
        music_volume: 3,
        rumble: false,
        ..Settings::default()
    };
    let mut stats = Stats::default();
    stats
        .get_mut(1, 5)
        .expect("the Beginner's record")
        .add(true, 44);
    // A real match save, from a session that played one.
    let mut a = Session::boot(21, MemStore::new());
    a.start(GameKind::Senet, Variant::Kendall);
    a.play_until_saved(4);
    let saved_match = a.fake.store.slots[2]
        .iter()
        .flatten()
        .next()
        .cloned()
        .expect("a match file");
    let files = [
        frame(Kind::Settings, &|w| beginner.write(w)),
        frame(Kind::Stats, &|w| stats.write(w)),
        saved_match,
    ];
    assert_eq!(u16::from_be_bytes([files[0][4], files[0][5]]), VERSION);
    let (plain_settings, plain_stats, _, _) = booted(MemStore::new());
    // Whole, each file loads (so the defaults below are the files refused, not ignored).
    let mut whole = MemStore::new();
    for (k, f) in files.iter().enumerate() {
        whole.slots[k][0] = Some(f.clone());
    }
    let (s, st, cont, b) = booted(whole);
    assert_eq!((s, &st, cont), (beginner, &stats, true));
    assert_eq!(b.app.storage_note(), None);

    let expect_plain = |store: MemStore, what: &str| {
        let (s, st, cont, b) = booted(store);
        assert_eq!(s, plain_settings, "{what}");
        assert_eq!(st, plain_stats, "{what}");
        assert!(!cont, "{what}");
        assert_eq!(b.app.storage_note(), Some(StorageNote::Damaged), "{what}");
        assert!(b.has("event=save_refused ", ""), "{what}");
    };
    for (k, f) in files.iter().enumerate() {
        // Every cut of the settings and statistics, every 61st of the match (and its last).
        let step = if k == 2 { 61 } else { 1 };
        for n in (0..f.len()).step_by(step).chain([f.len() - 1]) {
            let mut store = MemStore::new();
            store.slots[k][0] = Some(f[..n].to_vec());
            expect_plain(store, &std::format!("file {k} cut at {n}"));
        }
    }
    // Garbled under a good CRC: an opponent past the Beginner, a statistics payload of
    // neither five nor six opponents a game, and bytes of noise behind a good header.
    let recrc = |mut b: Vec<u8>| {
        let n = b.len() - 4;
        let c = crc32(&b[..n]);
        b[n..].copy_from_slice(&c.to_be_bytes());
        b
    };
    let mut bad_opponent = files[0].clone();
    bad_opponent[crate::save::HEADER + 1] = 6;
    let mut short_stats = frame(Kind::Stats, &|w| stats.write(w));
    short_stats.drain(crate::save::HEADER..crate::save::HEADER + 24);
    let len = (short_stats.len() - crate::save::HEADER - 4) as u32;
    short_stats[12..16].copy_from_slice(&len.to_be_bytes());
    let mut noise = files[2].clone();
    let mut x = 0x2545_f491u32;
    for b in noise[crate::save::HEADER..].iter_mut() {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        *b = x as u8;
    }
    for (k, f, what) in [
        (0, recrc(bad_opponent), "opponent 6"),
        (1, recrc(short_stats), "statistics one record short"),
        (2, recrc(noise), "a match of noise"),
    ] {
        let mut store = MemStore::new();
        store.slots[k][0] = Some(f);
        expect_plain(store, what);
    }
}
