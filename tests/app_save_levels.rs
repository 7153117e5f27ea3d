//! Saves and the Beginner level (issue 27 part 3; docs/saving.md, "Versions"): the settings of
//! a Beginner seat chosen in the menu are saved and read back the same and a fresh app's menu
//! offers the Beginner again; a match against the Beginner saved at a turn boundary continues
//! in a fresh app against the Beginner with the same next throws and moves; and files of format
//! version 2 (built here byte by byte as docs/saving.md describes them, not by the current
//! writer) still load: the opponents keep their version-2 meaning (0 is Easy, not the menu's
//! first row, the Beginner) and the five-opponent statistics keep every figure, the Beginner's
//! starting at zero.

mod app_support;

use app_support::{senet_square, Harness};
use senas_senet::ai::Level;
use senas_senet::app::senet::Phase;
use senas_senet::app::stats_screen;
use senas_senet::app::strings::EN;
use senas_senet::app::{
    Buttons, Config, Controller, GameKind, Language, Opponent, SceneKind, Settings as AppSettings,
};
use senas_senet::gfx::draw_list::Item;
use senas_senet::gfx::font::text_width;
use senas_senet::gfx::Aspect;
use senas_senet::save::{self, payload, Kind, Record, SavedMatch, Settings, Stats};

/// From the title to the first frame of a senet match against the Computer: Beginner, the
/// opponent row stepped right until it shows the Beginner (real input only).
fn start_against_the_beginner(h: &mut Harness) {
    h.press(0, Buttons::A); // Play
    assert_eq!(h.app.scene(), SceneKind::Menu);
    h.press(0, Buttons::UP);
    h.press(0, Buttons::UP);
    h.press(0, Buttons::RIGHT); // senet
    h.press(0, Buttons::DOWN); // the opponent row
    for _ in 0..Opponent::ALL.len() {
        if h.shows("Opponent: < Computer: Beginner >") {
            break;
        }
        h.press(0, Buttons::RIGHT);
    }
    assert!(h.shows("< Computer: Beginner >"), "{}", h.screen_text());
    h.press(0, Buttons::DOWN); // "Rules"
    h.press(0, Buttons::DOWN); // "Start"
    h.press(0, Buttons::A);
    assert_eq!(h.app.scene(), SceneKind::ThrowOff);
    h.idle(3);
    h.press(0, Buttons::A); // skip the throw-off
    assert_eq!(h.app.scene(), SceneKind::Match);
    assert_eq!(h.app.setup().opponent, Opponent::Computer(Level::Beginner));
}

/// A senet person's turn, if it is one: its first legal move, by pointer.
fn senet_person_moves(h: &mut Harness) -> bool {
    let Some(m) = h.app.senet() else {
        return false;
    };
    let (Controller::Human(p), Phase::Human) = (m.mover(), m.phase()) else {
        return false;
    };
    let Some(&mv) = m.legal().first() else {
        return false;
    };
    h.click(usize::from(p), senet_square(h, mv.from()));
    h.click(usize::from(p), senet_square(h, mv.to()));
    true
}

/// One step of play (the person's move or an idle frame).
fn play(h: &mut Harness) {
    if !senet_person_moves(h) {
        h.idle(1);
    }
}

/// The match's throws and moves among `lines` (what both sides did, in order).
fn play_lines(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| l.starts_with("event=throw ") || l.starts_with("event=move "))
        .cloned()
        .collect()
}

#[test]
fn a_beginner_seat_is_saved_in_the_settings_and_the_match_and_both_come_back() {
    let mut a = Harness::new(Config::new(31));
    start_against_the_beginner(&mut a);
    // The settings: saved index 5 (docs/saving.md), read back the same.
    let s = a.app.saved_settings();
    assert_eq!(s.opponent, 5);
    let mut buf = vec![0u8; save::MATCH_BYTES];
    let n = save::encode_with(Kind::Settings, 7, &mut buf, |w| s.write(w)).expect("fits");
    let env = save::decode(&buf[..n], Kind::Settings).expect("valid");
    assert_eq!(env.version, save::VERSION);
    let back = payload(&env, Settings::read).expect("settings");
    assert_eq!(back, s);
    let mut b = Harness::new(Config::new(32));
    b.app.apply_saved_settings(&back);
    assert_eq!(b.app.setup().opponent, Opponent::Computer(Level::Beginner));
    b.press(0, Buttons::A);
    assert!(
        b.shows("Opponent: < Computer: Beginner >"),
        "{}",
        b.screen_text()
    );

    // The match: saved at its fourth turn boundary, continued in a fresh app.
    let mut seen = 0;
    let mut bytes = Vec::new();
    for _ in 0..100_000 {
        play(&mut a);
        if a.app.take_save_point() {
            seen += 1;
            if seen == 4 {
                let snap = a.app.snapshot().expect("a match at a boundary");
                assert_eq!(snap.opponent, 5);
                let n =
                    save::encode_with(Kind::Match, 1, &mut buf, |w| snap.write(w)).expect("fits");
                bytes = buf[..n].to_vec();
                break;
            }
        }
    }
    assert!(!bytes.is_empty(), "no fourth save point");
    let at = a.log.0.len();
    for _ in 0..3000 {
        play(&mut a);
    }
    let want = play_lines(&a.log.0[at..]);
    assert!(want.len() >= 20, "too little play after the save: {want:?}");

    let env = save::decode(&bytes, Kind::Match).expect("valid record");
    let m = SavedMatch::decode(&env).expect("valid match");
    assert_eq!(m.opponent, 5);
    let mut c = Harness::new(Config::new(999));
    assert!(c.app.offer_continue(&m));
    c.press(0, Buttons::A); // Play
    assert!(c.shows("Computer: Beginner"), "{}", c.screen_text());
    c.press(0, Buttons::A); // Continue
    assert_eq!(c.app.scene(), SceneKind::Match);
    assert_eq!(c.app.setup().opponent, Opponent::Computer(Level::Beginner));
    let from = c.log.0.len();
    while play_lines(&c.log.0[from..]).len() < want.len() {
        play(&mut c);
        assert!(c.log.0.len() < from + 100_000, "the continued match stalls");
    }
    assert_eq!(
        play_lines(&c.log.0[from..])[..want.len()],
        want[..],
        "the Beginner plays on as it would have"
    );

    // The menu's "Continue" row names the game, the opponent and the turn: it fits its box
    // for every opponent, in both languages and shapes, up to a three-digit turn (the
    // harness checks every frame's text against its box).
    for lang in [Language::English, Language::Spanish] {
        for aspect in [Aspect::Standard, Aspect::Wide] {
            for o in Opponent::ALL {
                let long = SavedMatch {
                    opponent: o.saved_index(),
                    turns: 998,
                    ..m
                };
                let mut config = Config::new(5);
                config.aspect = aspect;
                let mut h = Harness::new(config);
                h.app.set_settings(AppSettings {
                    language: lang,
                    ..h.app.settings()
                });
                assert!(h.app.offer_continue(&long));
                h.press(0, Buttons::A);
                let t = senas_senet::app::strings::of(lang);
                assert!(h.shows(t.opponent(o)), "{}", h.screen_text());
                assert!(h.shows("999"), "{}", h.screen_text());
            }
        }
    }
}

/// CRC-32 (IEEE, reflected 0xEDB88320), written out here so the old files do not lean on the
/// game's own code.
fn crc32(data: &[u8]) -> u32 {
    let mut c = 0xFFFF_FFFFu32;
    for &b in data {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 == 1 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
    }
    !c
}

/// A record as format version 2 framed it (docs/saving.md, "The record format"): "SNSV",
/// version u16 2, kind u8, 0 u8, sequence u32, length u32, the payload, CRC-32 of all before.
fn version_2_file(kind: u8, seq: u32, payload: &[u8]) -> Vec<u8> {
    let mut b = b"SNSV".to_vec();
    b.extend_from_slice(&2u16.to_be_bytes());
    b.extend_from_slice(&[kind, 0]);
    b.extend_from_slice(&seq.to_be_bytes());
    b.extend_from_slice(&(payload.len() as u32).to_be_bytes());
    b.extend_from_slice(payload);
    let crc = crc32(&b);
    b.extend_from_slice(&crc.to_be_bytes());
    b
}

#[test]
fn version_2_settings_keep_their_opponent_whatever_the_menus_order() {
    // Version 2 opponents: Easy 0, Normal 1, Hard 2, second remote 3, same remote 4.
    let v2 = [
        (0, Opponent::Computer(Level::Easy)),
        (1, Opponent::Computer(Level::Normal)),
        (2, Opponent::Computer(Level::Hard)),
        (3, Opponent::SecondRemote),
        (4, Opponent::SameRemote),
    ];
    for (index, opponent) in v2 {
        // game senet, the opponent, Kendall, follow the console, sfx 3, music 9, no rumble.
        let file = version_2_file(1, 40, &[1, index, 1, 0, 3, 9, 0]);
        let env = save::decode(&file, Kind::Settings).expect("version 2 is read");
        assert_eq!((env.version, env.seq), (2, 40));
        let s = payload(&env, Settings::read).expect("version 2 settings");
        let mut h = Harness::new(Config::new(3));
        h.app.apply_saved_settings(&s);
        let setup = h.app.setup();
        assert_eq!(setup.opponent, opponent, "saved index {index}");
        assert_eq!(setup.game, GameKind::Senet);
        assert_eq!(setup.variant, senas_senet::games::senet::Variant::Kendall);
        assert_eq!(
            (s.sfx_volume, s.music_volume, s.rumble),
            (3, 9, false),
            "saved index {index}"
        );
        h.press(0, Buttons::A);
        let label = format!("Opponent: < {} >", EN.opponent(opponent));
        assert!(h.shows(&label), "{label} not in {}", h.screen_text());
    }
}

#[test]
fn version_2_statistics_of_five_opponents_load_with_the_beginner_at_zero() {
    // Two games of five records (played, won, lost, streak, best streak, fastest win: six u32).
    let mut payload_bytes = Vec::new();
    let mut want = Vec::new();
    for g in 0..2u32 {
        for o in 0..5u32 {
            let played = 10 + 7 * g + o;
            let r = Record {
                played,
                won: played - o - 1,
                lost: o + 1,
                streak: -(o as i32) - 1,
                best_streak: 2 + g,
                fastest_win: 30 + o,
            };
            for v in [
                r.played,
                r.won,
                r.lost,
                r.streak as u32,
                r.best_streak,
                r.fastest_win,
            ] {
                payload_bytes.extend_from_slice(&v.to_be_bytes());
            }
            want.push((g as u8, o as u8, r));
        }
    }
    assert_eq!(payload_bytes.len(), 2 * 5 * 24);
    let file = version_2_file(2, 9, &payload_bytes);
    let env = save::decode(&file, Kind::Stats).expect("version 2 is read");
    let st = payload(&env, Stats::read).expect("version 2 statistics");
    for &(g, o, r) in &want {
        assert_eq!(st.get(g, o), Some(&r), "game {g} opponent {o}");
    }
    for g in 0..2 {
        assert_eq!(st.get(g, 5), Some(&Record::default()), "game {g} Beginner");
    }
    // The Statistics screen lists every opponent with its figures, the Beginner with none.
    let mut h = Harness::new(Config::new(3));
    h.app.set_stats(st);
    h.press(0, Buttons::A); // Play
    h.press(0, Buttons::DOWN); // "Statistics", under "Start"
    h.press(0, Buttons::A);
    assert_eq!(h.app.scene(), SceneKind::Statistics, "{}", h.screen_text());
    for game in [GameKind::Senas, GameKind::Senet] {
        for o in Opponent::ALL {
            let row = stats_screen::row(&EN, &st, game, o);
            assert!(
                h.lines().iter().any(|l| l == row.as_str()),
                "{row} not in {:?}",
                h.lines()
            );
        }
    }
    let played: Vec<u32> = h
        .lines()
        .iter()
        .filter(|t| t.starts_with("Computer: Beginner"))
        .map(|t| {
            t.split_whitespace()
                .nth(2)
                .and_then(|n| n.parse().ok())
                .expect("played")
        })
        .collect();
    assert_eq!(
        played,
        [0, 0],
        "the Beginner has played nothing in either game"
    );
    let easy: Vec<u32> = h
        .lines()
        .iter()
        .filter(|t| t.starts_with("Computer: Easy"))
        .map(|t| {
            t.split_whitespace()
                .nth(2)
                .and_then(|n| n.parse().ok())
                .expect("played")
        })
        .collect();
    assert_eq!(easy, [want[0].2.played, want[5].2.played]);
    // Six opponents a game: no line of the table runs into another or into the lines below
    // it (where the saves go, why, the footer); a text's shadow is the same text one pixel off.
    // (x, y, scale, text) of each run but the shadows (the same text `scale` pixels lower and
    // to the right, drawn first).
    let mut runs: Vec<(i16, i16, u8, String)> = Vec::new();
    for i in h.list.items() {
        if let Item::Text {
            x, y, scale, text, ..
        } = i
        {
            let d = i16::from(scale);
            runs.retain(|(rx, ry, _, rt)| !(rt.as_str() == text && *rx == x + d && *ry == y + d));
            runs.push((x, y, scale, text.to_string()));
        }
    }
    for (i, (xa, ya, sa, a)) in runs.iter().enumerate() {
        for (xb, yb, sb, b) in &runs[i + 1..] {
            let (wa, wb) = (text_width(a, *sa), text_width(b, *sb));
            let (ha, hb) = (20 * i16::from(*sa), 20 * i16::from(*sb));
            let apart = ya + ha <= *yb || yb + hb <= *ya || xa + wa <= *xb || xb + wb <= *xa;
            assert!(apart, "{a:?} ({xa}, {ya}) runs into {b:?} ({xb}, {yb})");
        }
    }
    h.save("app_save_levels_v2_stats");
}
