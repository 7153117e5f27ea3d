//! Host tests of whole sessions through the console layer, on a fake platform: an in-memory
//! card (`MemStore`, the real save format), scripted remotes, an audio output and rumble
//! motors that record what they are asked. A session boots, plays, saves, is switched off
//! (`MemStore::after_power_cycle`) and the next session continues from what the card kept.

use core::cell::Cell;
use std::boxed::Box;
use std::string::{String, ToString};
use std::vec::Vec;

use super::mem_store::MemStore;
use super::platform::{Platform, Rumble};
use super::saver::PIECE_BYTES;
use super::sound::{effect, rumble};
use super::Console;
use crate::ai::senas_game::SenasScratch;
use crate::app::senet::Phase;
use crate::app::{
    App, Buttons, By, Clock, Config, Controller, Event, GameKind, Input, LogSink, PlayerInput,
    Pointer, Request, SceneKind, StorageNote,
};
use crate::audio::{AudioOut, Refill, Sfx};
use crate::games::senet::{Variant, OFF};
use crate::gfx::{DrawList, SenetLayout};
use crate::save::SaveStore;

std::thread_local! {
    /// The fake clock (microseconds), per test thread: every reading moves it 50 us on.
    static NOW: Cell<u64> = const { Cell::new(0) };
}
fn fake_micros() -> u64 {
    NOW.with(|c| {
        c.set(c.get() + 50);
        c.get()
    })
}
fn advance_to(t: u64) {
    NOW.with(|c| c.set(c.get().max(t)));
}

/// A 59.94 Hz field, in microseconds.
const FIELD_US: u64 = 16_683;

#[derive(Default)]
struct Log(Vec<String>);
impl LogSink for Log {
    fn line(&mut self, line: &str) {
        self.0.push(line.to_string());
    }
}

/// What the fake hardware was asked, in order.
#[derive(Default)]
struct Outs {
    refills: u32,
    stopped: bool,
    /// When the last refill came, and the longest time between two.
    last_refill: Option<u64>,
    longest_gap_us: u64,
}

impl AudioOut for Outs {
    fn refill(&mut self, mix: &mut dyn FnMut(&mut [i16])) -> Refill {
        let mut buf = [0i16; 64];
        mix(&mut buf);
        self.refills += 1;
        let now = fake_micros();
        if let Some(t) = self.last_refill {
            self.longest_gap_us = self.longest_gap_us.max(now - t);
        }
        self.last_refill = Some(now);
        Refill {
            frames: 32,
            first: u64::from(self.refills) * 32,
            underruns: 0,
        }
    }
    fn stop(&mut self) {
        self.stopped = true;
    }
}

struct Motors<'a>(&'a mut [u32; 4], &'a mut Vec<usize>);
impl Rumble for Motors<'_> {
    fn rumble(&mut self, player: usize, pulse: bool) -> bool {
        if pulse {
            self.1.push(player);
            self.0[player] = 9;
        }
        let on = self.0[player] > 0;
        self.0[player] = self.0[player].saturating_sub(1);
        on
    }
}

struct Fake {
    store: MemStore,
    /// The next frame's input (one player, remote 1).
    next: Input,
    outs: Outs,
    motors: Motors<'static>,
    presented: u32,
    last_present: u64,
    /// Each piece of a spread write takes this long (a slow real card).
    piece_us: u64,
}

impl Fake {
    fn new(store: MemStore) -> Box<Fake> {
        let motor: &'static mut [u32; 4] = Box::leak(Box::new([0; 4]));
        let pulses: &'static mut Vec<usize> = Box::leak(Box::default());
        Box::new(Fake {
            store,
            next: Input::default(),
            outs: Outs::default(),
            motors: Motors(motor, pulses),
            presented: 0,
            last_present: 0,
            piece_us: 0,
        })
    }
}

impl Platform for Fake {
    fn poll(&mut self) -> Input {
        core::mem::take(&mut self.next)
    }
    fn think_budget_us(&mut self) -> u32 {
        8_000
    }
    fn clock(&self) -> Option<Clock> {
        None
    }
    fn micros(&self) -> fn() -> u64 {
        fake_micros
    }
    fn store(&mut self) -> impl SaveStore + '_ {
        Slow(&mut self.store, self.piece_us)
    }
    fn sound_out(&mut self) -> (&mut dyn AudioOut, &mut dyn Rumble) {
        (&mut self.outs, &mut self.motors)
    }
    fn present(&mut self, _list: &DrawList) {
        self.presented += 1;
        // The vsync: frames are a field apart.
        self.last_present = (self.last_present + FIELD_US).max(fake_micros());
        advance_to(self.last_present);
    }
}

/// The card, each piece of a spread write taking `.1` microseconds.
struct Slow<'a>(&'a mut MemStore, u64);

impl SaveStore for Slow<'_> {
    fn problem(&self) -> Option<crate::save::Problem> {
        self.0.problem()
    }
    fn load<'a>(
        &mut self,
        kind: crate::save::Kind,
        bufs: &'a mut [[u8; crate::save::MATCH_BYTES]; 2],
    ) -> Result<crate::save::Found<'a>, crate::save::Problem> {
        self.0.load(kind, bufs)
    }
    fn save(
        &mut self,
        kind: crate::save::Kind,
        out: &mut [u8],
        fill: &mut dyn FnMut(&mut crate::save::Writer),
    ) -> Result<usize, crate::save::Problem> {
        self.0.save(kind, out, fill)
    }
    fn begin_match(
        &mut self,
        out: &mut [u8],
        fill: &mut dyn FnMut(&mut crate::save::Writer),
    ) -> Result<usize, crate::save::Problem> {
        self.0.begin_match(out, fill)
    }
    fn begin_record(&mut self, len: usize) -> Result<(), crate::save::Problem> {
        self.0.begin_record(len)
    }
    fn busy(&self) -> bool {
        self.0.busy()
    }
    fn step(
        &mut self,
        buf: &[u8],
        piece: usize,
    ) -> Option<Result<crate::save::Written, crate::save::Problem>> {
        let t = fake_micros();
        advance_to(t + self.1);
        self.0.step(buf, piece)
    }
    fn delete_match(&mut self) -> Result<(), crate::save::Problem> {
        self.0.delete_match()
    }
}

/// A session: the app, the console layer and the fake machine.
struct Session {
    app: Box<App<'static>>,
    console: Box<Console>,
    fake: Box<Fake>,
    log: Log,
}

impl Session {
    fn boot(seed: u64, store: MemStore) -> Session {
        let scratch: &'static mut SenasScratch = Box::leak(Box::default());
        let mut s = Session {
            app: Box::new(App::new(Config::new(seed), scratch)),
            console: Box::default(),
            fake: Fake::new(store),
            log: Log::default(),
        };
        s.console.boot(&mut *s.fake, seed, &mut s.app, &mut s.log);
        s
    }

    fn frame(&mut self, buttons: Buttons, pointer: Option<Pointer>) {
        self.fake.next.players[0] = PlayerInput {
            connected: true,
            pointer,
            held: buttons,
            pressed: buttons,
            ..PlayerInput::default()
        };
        let r = self
            .console
            .frame(&mut *self.fake, &mut self.app, &mut self.log);
        assert_eq!(r.request, None, "nothing in these sessions asks to leave");
    }

    fn press(&mut self, b: Buttons) {
        self.frame(b, None);
        self.frame(Buttons::NONE, None);
    }

    fn click(&mut self, square: u8) {
        let l = SenetLayout::new(self.app.config_aspect());
        let r = if square == OFF {
            l.exit_rect()
        } else {
            l.square_rect(usize::from(square - 1))
        };
        let (x, y) = r.center();
        let p = Some(Pointer::new(x, y));
        self.frame(Buttons::A, p);
        self.frame(Buttons::NONE, p);
    }

    /// Title -> main menu -> senet under `variant` (or senas) against the Normal computer ->
    /// Start, throw-off skipped.
    fn start(&mut self, game: GameKind, variant: Variant) {
        self.press(Buttons::A);
        assert_eq!(self.app.scene(), SceneKind::Menu);
        self.press(Buttons::UP);
        self.press(Buttons::UP);
        if game == GameKind::Senet {
            self.press(Buttons::RIGHT);
            self.press(Buttons::DOWN);
            self.press(Buttons::DOWN);
            for _ in 0..variant.index() {
                self.press(Buttons::RIGHT);
            }
            self.press(Buttons::DOWN);
        } else {
            self.press(Buttons::DOWN);
            self.press(Buttons::DOWN);
        }
        self.press(Buttons::A);
        assert_eq!(self.app.scene(), SceneKind::ThrowOff);
        for _ in 0..3 {
            self.frame(Buttons::NONE, None);
        }
        self.press(Buttons::A);
        assert_eq!(self.app.scene(), SceneKind::Match);
    }

    /// One step of play: a senet person plays its first legal move, else a frame passes.
    fn play(&mut self) {
        if let Some(m) = self.app.senet() {
            if let (Controller::Human(_), Phase::Human) = (m.mover(), m.phase()) {
                if let Some(&mv) = m.legal().first() {
                    self.click(mv.from());
                    self.click(mv.to());
                    return;
                }
            }
        }
        self.frame(Buttons::NONE, None);
    }

    fn has(&self, prefix: &str, part: &str) -> bool {
        self.log
            .0
            .iter()
            .any(|l| l.starts_with(prefix) && l.contains(part))
    }

    /// Plays until the card holds a finished match save with at least `turns` turns, and no
    /// write is under way.
    fn play_until_saved(&mut self, turns: u32) {
        for _ in 0..200_000 {
            self.play();
            let saved = self
                .log
                .0
                .iter()
                .filter(|l| l.starts_with("event=save what=match "))
                .count();
            if saved > 0 && !self.fake.store.busy() && self.turns() >= turns {
                return;
            }
        }
        panic!("no match save after {turns} turns: {:?}", self.log.0.last());
    }

    fn turns(&self) -> u32 {
        match (self.app.senet(), self.app.senas()) {
            (Some(m), _) => m.turns(),
            (_, Some(m)) => m.parts(),
            _ => 0,
        }
    }

    /// The last `event=saved` line: the position the card now holds.
    fn last_saved(&self) -> String {
        self.log
            .0
            .iter()
            .rev()
            .find(|l| l.starts_with("event=saved "))
            .cloned()
            .expect("saved")
    }
}

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
