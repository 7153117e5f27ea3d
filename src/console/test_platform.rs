//! The fake machine of the console layer's host tests (`tests.rs`): an in-memory card
//! (`MemStore`, the real save format) whose pieces can be made slow, scripted remotes, an audio
//! output and rumble motors that record what they are asked, a per-thread clock that a vsync
//! moves a field on; and `Session`, an app with its console layer on that machine, driven as
//! a player would (menus by D-pad, senet and senas moves by pointer).
//!
//! Host only (it uses `std`): built for the lib's own tests and, with the `host-fakes` feature,
//! for `tools/arena`'s whole-session replay test (`tools/arena/tests/session_replay.rs`). It
//! must not touch the hardware layer or be built into the Wii program.

use core::cell::Cell;
use std::boxed::Box;
use std::string::{String, ToString};
use std::vec::Vec;

use super::mem_store::MemStore;
use super::platform::{AudioLead, Platform, Rumble};
use super::Console;
use crate::app::senas::Phase as SenasPhase;
use crate::app::senet::Phase;
use crate::app::AppScratch;
use crate::app::{
    App, Buttons, Clock, Config, Controller, GameKind, Input, LogSink, PlayerInput, Pointer,
    SceneKind,
};
use crate::audio::{AudioOut, Refill};
use crate::games::senas::{SubMove, HOLES, MAX_CHOICES};
use crate::games::senet::{Variant, OFF};
use crate::gfx::bmp::YuvFrame;
use crate::gfx::{DrawList, Rect, SenasLayout, SenetLayout};
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
pub struct Log(pub Vec<String>);
impl LogSink for Log {
    fn line(&mut self, line: &str) {
        self.0.push(line.to_string());
    }
}

/// The Wii output's leads (wii/audio.rs `AHEAD_FRAMES`, `SAVING_AHEAD_FRAMES` at 32 kHz).
pub(super) const PLAY_LEAD_US: u64 = 41_687;
pub(super) const SAVING_LEAD_US: u64 = 200_000;

/// What the fake hardware was asked, in order.
#[derive(Default)]
pub struct Outs {
    pub refills: u32,
    pub stopped: bool,
    /// When the last refill came, and the longest time between two.
    pub last_refill: Option<u64>,
    pub longest_gap_us: u64,
    /// The output as the Wii's ring: a refill mixes up to the lead past now; a refill that
    /// comes after the mixed sound ran out is an underrun.
    pub saving_lead: bool,
    pub mixed_until_us: u64,
    pub underruns: u32,
    pub leads: Vec<AudioLead>,
}

impl AudioOut for Outs {
    fn refill(&mut self, mix: &mut dyn FnMut(&mut [i16])) -> Refill {
        let mut buf = [0i16; 64];
        mix(&mut buf);
        self.refills += 1;
        let now = fake_micros();
        if let Some(t) = self.last_refill {
            self.longest_gap_us = self.longest_gap_us.max(now - t);
            if now > self.mixed_until_us {
                self.underruns += 1;
            }
        }
        self.last_refill = Some(now);
        let lead = if self.saving_lead {
            SAVING_LEAD_US
        } else {
            PLAY_LEAD_US
        };
        self.mixed_until_us = self.mixed_until_us.max(now + lead);
        Refill {
            frames: 32,
            first: u64::from(self.refills) * 32,
            underruns: self.underruns,
        }
    }
    fn stop(&mut self) {
        self.stopped = true;
    }
}

pub struct Motors<'a>(pub &'a mut [u32; 4], pub &'a mut Vec<usize>);
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

pub struct Fake {
    pub store: MemStore,
    /// The next frame's input (one player, remote 1).
    pub next: Input,
    pub outs: Outs,
    pub motors: Motors<'static>,
    pub presented: u32,
    pub last_present: u64,
    /// Each piece of a spread write takes this long (a slow real card).
    pub piece_us: u64,
    /// The self-test's probes as asked, in order.
    pub probes: Vec<crate::selftest::Probe>,
    /// What each probe measures here.
    pub measure: fn(crate::selftest::Probe) -> crate::selftest::Measure,
    /// Files written with `write_file` (name, bytes), in order.
    pub files: Vec<(String, Vec<u8>)>,
    /// `write_file` fails with this, if set.
    pub file_problem: Option<crate::save::Problem>,
    /// The frame on screen as XFB words (640x480, two pixels a word), and the copy `capture`
    /// kept; `no_capture`: the machine keeps none.
    pub screen: Vec<u32>,
    pub kept: Option<Vec<u32>>,
    pub no_capture: bool,
}

/// The fake machine's self-test: the CPU loop really runs (on the host), the other probes
/// cannot.
pub fn fake_measure(probe: crate::selftest::Probe) -> crate::selftest::Measure {
    use crate::selftest::{cpu_work, Measure, Probe, CPU_LOOP_ITERATIONS};
    match probe {
        Probe::Cpu => Measure::Cpu {
            iterations: CPU_LOOP_ITERATIONS,
            checksum: cpu_work(CPU_LOOP_ITERATIONS),
            micros: 5_000,
        },
        _ => Measure::Unavailable,
    }
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
            probes: Vec::new(),
            measure: fake_measure,
            files: Vec::new(),
            file_problem: None,
            screen: (0..320 * 480u32)
                .map(|i| crate::gfx::yuv::solid((i % 320) as u8, (i / 320 / 2) as u8, 90))
                .collect(),
            kept: None,
            no_capture: false,
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
    fn set_audio_lead(&mut self, lead: AudioLead) {
        self.outs.saving_lead = lead == AudioLead::Saving;
        self.outs.leads.push(lead);
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
    fn probe(&mut self, probe: crate::selftest::Probe) -> crate::selftest::Measure {
        self.probes.push(probe);
        (self.measure)(probe)
    }
    fn write_file(&mut self, name: &str, data: &[u8]) -> Result<(), crate::save::Problem> {
        if let Some(p) = self.file_problem {
            return Err(p);
        }
        self.files.retain(|(n, _)| n != name);
        self.files.push((name.into(), data.to_vec()));
        Ok(())
    }
    fn capture(&mut self) -> bool {
        if self.no_capture {
            return false;
        }
        self.kept = Some(self.screen.clone());
        true
    }
    fn captured(&self) -> Option<YuvFrame<'_>> {
        YuvFrame::new(self.kept.as_deref()?, 640, 480).ok()
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
    fn next_shot(&mut self) -> Result<u16, crate::save::Problem> {
        self.0.next_shot()
    }
    fn write_shot(&mut self, n: u16, data: &[u8], first: bool) -> Result<(), crate::save::Problem> {
        let t = fake_micros();
        advance_to(t + self.1);
        self.0.write_shot(n, data, first)
    }
}

/// A session: the app, the console layer and the fake machine.
pub struct Session {
    pub app: Box<App<'static>>,
    pub console: Box<Console>,
    pub fake: Box<Fake>,
    pub log: Log,
}

impl Session {
    pub fn boot(seed: u64, store: MemStore) -> Session {
        let scratch: &'static mut AppScratch = AppScratch::init_in(Box::leak(Box::new_uninit()));
        let mut s = Session {
            app: Box::new(App::new(Config::new(seed), scratch)),
            console: Box::default(),
            fake: Fake::new(store),
            log: Log::default(),
        };
        s.console.boot(&mut *s.fake, seed, &mut s.app, &mut s.log);
        s
    }

    pub fn frame(&mut self, buttons: Buttons, pointer: Option<Pointer>) {
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

    pub fn press(&mut self, b: Buttons) {
        self.frame(b, None);
        self.frame(Buttons::NONE, None);
    }

    pub fn click(&mut self, square: u8) {
        let l = SenetLayout::new(self.app.config_aspect());
        let r = if square == OFF {
            l.exit_rect()
        } else {
            l.square_rect(usize::from(square - 1))
        };
        self.click_rect(r);
    }

    /// Points at the centre of `r` and presses A there.
    pub fn click_rect(&mut self, r: Rect) {
        let (x, y) = r.center();
        let p = Some(Pointer::new(x, y));
        self.frame(Buttons::A, p);
        self.frame(Buttons::NONE, p);
    }

    /// "Continue the match" from the title, as a player does: A (Play), then A on the main
    /// menu's first row, which is the continue row when a saved match is offered.
    pub fn continue_from_title(&mut self) {
        self.press(Buttons::A);
        assert_eq!(self.app.scene(), SceneKind::Menu);
        self.press(Buttons::A);
    }

    /// Title -> main menu -> senet under `variant` (or senas) against the Normal computer ->
    /// Start, throw-off skipped.
    pub fn start(&mut self, game: GameKind, variant: Variant) {
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

    /// One step of play: a senet person plays its first legal move, a senas person takes one
    /// step of its part (below), else a frame passes.
    pub fn play(&mut self) {
        if let Some(m) = self.app.senet() {
            if let (Controller::Human(_), Phase::Human) = (m.mover(), m.phase()) {
                if let Some(&mv) = m.legal().first() {
                    self.click(mv.from());
                    self.click(mv.to());
                    return;
                }
            }
        }
        if self.senas_person_step() {
            return;
        }
        self.frame(Buttons::NONE, None);
    }

    /// A senas person's step, one action per call (`false`: not a person's part): confirm a
    /// finished part with A; else with no piece picked, point at the first legal sub-move's
    /// piece; with one picked, point at where a legal sub-move of that piece goes (or put it
    /// back with B). A click the app does not take (a piece still flying) is simply made again
    /// at the next call.
    fn senas_person_step(&mut self) -> bool {
        let Some(m) = self.app.senas() else {
            return false;
        };
        if !matches!(
            (m.mover(), m.phase()),
            (Controller::Human(_), SenasPhase::Human)
        ) {
            return false;
        }
        if m.awaiting_confirm() {
            self.press(Buttons::A);
            return true;
        }
        let side = m.position().side_to_move();
        let selected = m.selected();
        let mut legal: heapless::Vec<SubMove, MAX_CHOICES> = heapless::Vec::new();
        self.app.senas_legal_sub_moves(&mut legal);
        let l = SenasLayout::new(self.app.config_aspect());
        let hole = |path: u8| side.hole(usize::from(path));
        match selected {
            None => match legal.first() {
                Some(sm) => self.click_rect(l.hole_rect(hole(sm.from))),
                None => return false,
            },
            Some(h) => match legal.iter().find(|sm| hole(sm.from) == usize::from(h)) {
                Some(sm) if usize::from(sm.to()) < HOLES => {
                    self.click_rect(l.hole_rect(hole(sm.to())));
                }
                Some(_) => self.click_rect(l.tray_rect(side.index())),
                None => self.press(Buttons::B),
            },
        }
        true
    }

    pub fn has(&self, prefix: &str, part: &str) -> bool {
        self.log
            .0
            .iter()
            .any(|l| l.starts_with(prefix) && l.contains(part))
    }

    /// Plays until the card holds a finished match save with at least `turns` turns, and no
    /// write is under way.
    pub fn play_until_saved(&mut self, turns: u32) {
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

    pub fn turns(&self) -> u32 {
        match (self.app.senet(), self.app.senas()) {
            (Some(m), _) => m.turns(),
            (_, Some(m)) => m.parts(),
            _ => 0,
        }
    }

    /// The last `event=saved` line: the position the card now holds.
    pub fn last_saved(&self) -> String {
        self.log
            .0
            .iter()
            .rev()
            .find(|l| l.starts_with("event=saved "))
            .cloned()
            .expect("saved")
    }
}
