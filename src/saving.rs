//! The Wii program's saving: loading at boot, framing the match save at turn boundaries and
//! the record at a match's end, and writing them a piece per frame (`step`, at the frame's
//! start); `wii::saves` (the SD card) on one side, the app's values on the other. Owns the
//! save buffers; touches no hardware itself. Times are logged in Dolphin's timebase:
//! `event=load ms=...`, `event=save what=... ms=... steps=...` (docs/saving.md).

use core::mem::MaybeUninit;
use core::ptr::addr_of_mut;

use senas_senet::app::log::Line;
use senas_senet::app::saving::{log_position, opponent_index};
use senas_senet::app::{App, Controller, LogSink, StorageNote};
use senas_senet::log;
use senas_senet::save::{
    self, payload, write_record, Kind, RecordHeader, SavedMatch, Settings, Stats, MATCH_BYTES,
    STATS_BYTES,
};
use senas_senet::wii::clock;
use senas_senet::wii::ipc::{CacheOps, Ipc, IpcRegs};
use senas_senet::wii::saves::{Problem, Saves, Written};
use senas_senet::wii::sd::DmaBuf;

/// Bytes of a spread write per frame: each piece is one FAT session (mount, find the
/// folder, append, close), about 9 ms in Dolphin (docs/saving.md, Timing).
const PIECE_BYTES: usize = 2048;

struct Bufs {
    read: [[u8; MATCH_BYTES]; 2],
    /// The match save or match record being written (spread over frames).
    write: [u8; MATCH_BYTES + 512],
    /// Statistics and settings, written at once.
    small: [u8; STATS_BYTES + 64],
}
static mut BUFS: MaybeUninit<Bufs> = MaybeUninit::zeroed();
static mut DMA: DmaBuf = DmaBuf::new();

fn bufs() -> &'static mut Bufs {
    // SAFETY: only the single-threaded frame loop calls into this module, one call at a
    // time, and no borrow of BUFS outlives the call that took it; zeroed bytes are a
    // valid `Bufs`.
    unsafe { (*addr_of_mut!(BUFS)).assume_init_mut() }
}

fn note(p: Problem) -> StorageNote {
    match p {
        Problem::NoCard => StorageNote::NoCard,
        Problem::Locked => StorageNote::Locked,
        Problem::Full => StorageNote::Full,
        Problem::Unformatted => StorageNote::Unformatted,
        Problem::Failed | Problem::Busy => StorageNote::Failed,
    }
}

fn ms_since(t0: u64) -> (u64, u64) {
    let us = us(clock::ticks() - t0);
    (us / 1000, us % 1000 / 10)
}

/// Starts the card and loads settings, statistics and the saved match into the app.
pub fn boot<R: IpcRegs, C: CacheOps>(
    ipc: &mut Ipc<R, C>,
    clock: &mut dyn FnMut() -> u32,
    app: &mut App,
    log: &mut dyn LogSink,
) -> Saver {
    let t0 = clock::ticks();
    // SAFETY: `boot` runs once, so the DMA buffer is handed out once.
    let dma = unsafe { &mut *addr_of_mut!(DMA) };
    let (mut saves, r) = Saves::open(ipc, clock, dma);
    if let Err(e) = r {
        log!("event=sd ok=0 error=\"{}\"", e);
    }
    if let Some(p) = saves.problem() {
        log!("event=save_off reason={}", p.key());
        app.set_storage_note(Some(note(p)));
        return Saver::new(saves);
    }
    let mut damaged = false;
    let b = bufs();
    for kind in [Kind::Settings, Kind::Stats, Kind::Match] {
        let found = match saves.load(ipc, clock, kind, &mut b.read) {
            Ok(f) => f,
            Err(p) => {
                log!("event=save_off reason={}", p.key());
                app.set_storage_note(Some(note(p)));
                return Saver::new(saves);
            }
        };
        for (slot, why) in found.refused.iter().enumerate() {
            if let Some(why) = why {
                damaged = true;
                log!(
                    "event=save_refused kind={:?} slot={} reason=\"{}\"",
                    kind,
                    ["A", "B"][slot],
                    why
                );
            }
        }
        let Some(bytes) = found.payload else { continue };
        let env = save::Envelope {
            kind,
            seq: 0,
            payload: bytes,
        };
        let ok = match kind {
            Kind::Settings => payload(&env, Settings::read)
                .map(|s| app.apply_saved_settings(&s))
                .is_ok(),
            Kind::Stats => payload(&env, Stats::read).map(|s| app.set_stats(s)).is_ok(),
            Kind::Match => match payload(&env, SavedMatch::read) {
                Ok(m) => {
                    log_position(log, "saved_match", &m);
                    app.offer_continue(&m)
                }
                Err(_) => false,
            },
        };
        if !ok {
            damaged = true;
            log!(
                "event=save_refused kind={:?} reason=\"invalid contents\"",
                kind
            );
        }
    }
    let (ms, frac) = ms_since(t0);
    log!(
        "event=load ms={}.{:02} continue={}",
        ms,
        frac,
        u8::from(app.can_continue())
    );
    if damaged {
        app.set_storage_note(Some(StorageNote::Damaged));
    }
    Saver::new(saves)
}

fn player(c: Controller, n: u8) -> &'static str {
    match c {
        Controller::Human(0) if n == 0 => "person",
        Controller::Human(_) => "person2",
        Controller::Computer(l) => match l {
            senas_senet::ai::Level::Easy => "cpu_easy",
            senas_senet::ai::Level::Normal => "cpu_normal",
            senas_senet::ai::Level::Hard => "cpu_hard",
        },
    }
}

/// Keeps the one line `log_position` writes (the saved position, logged once the
/// write finished).
#[derive(Default)]
struct Keep(Line);
impl LogSink for Keep {
    fn line(&mut self, line: &str) {
        self.0 = Line::format(format_args!("{}", line));
    }
}

/// The saves and the spread write's progress (for its log line).
pub struct Saver {
    saves: Saves,
    /// Timebase ticks spent on the write in progress, its pieces, the longest piece.
    ticks: u64,
    steps: u32,
    worst: u64,
    /// `event=saved ...` for the match write in progress.
    saved: Keep,
}

impl Saver {
    fn new(saves: Saves) -> Saver {
        Saver {
            saves,
            ticks: 0,
            steps: 0,
            worst: 0,
            saved: Keep::default(),
        }
    }
}

fn us(ticks: u64) -> u64 {
    ticks * 1_000_000 / clock::TICKS_PER_SECOND
}

/// At the start of a frame, before the computer's thinking budget is taken: writes
/// the next piece of a spread write (the match, a record), at most `PIECE_BYTES`.
pub fn step<R: IpcRegs, C: CacheOps>(
    s: &mut Saver,
    ipc: &mut Ipc<R, C>,
    clock: &mut dyn FnMut() -> u32,
    app: &mut App,
    log: &mut dyn LogSink,
) {
    if !s.saves.busy() {
        return;
    }
    let was = s.saves.problem();
    let t0 = clock::ticks();
    let r = s.saves.step(ipc, clock, &bufs().write, PIECE_BYTES);
    let dt = clock::ticks() - t0;
    s.ticks += dt;
    s.steps += 1;
    s.worst = s.worst.max(dt);
    if let Some(r) = r {
        let (total, worst) = (us(s.ticks), us(s.worst));
        match r {
            Ok(Written::Match(n)) => {
                log!(
                    "event=save what=match ms={}.{:02} steps={} step_ms_max={}.{:02} bytes={}",
                    total / 1000,
                    total % 1000 / 10,
                    s.steps,
                    worst / 1000,
                    worst % 1000 / 10,
                    n
                );
                log.line(s.saved.0.as_str());
            }
            Ok(Written::Record(n)) => log!(
                "event=save what=record ms={}.{:02} steps={} step_ms_max={}.{:02} bytes={}",
                total / 1000,
                total % 1000 / 10,
                s.steps,
                worst / 1000,
                worst % 1000 / 10,
                n
            ),
            Err(p) => log!("event=save what=spread ok=0 reason={}", p.key()),
        }
        s.ticks = 0;
        s.steps = 0;
        s.worst = 0;
    }
    let now = s.saves.problem();
    if now != was {
        app.set_storage_note(now.map(note));
    }
}

/// After a frame: frames what the app says is due (the match at a boundary, the
/// record of a finished match: written by `step` in later frames) and saves the small
/// records (statistics, settings) at once.
pub fn after_update<R: IpcRegs, C: CacheOps>(
    s: &mut Saver,
    ipc: &mut Ipc<R, C>,
    clock: &mut dyn FnMut() -> u32,
    app: &mut App,
    seed: u64,
) {
    let b = bufs();
    let saves = &mut s.saves;
    let was = saves.problem();
    if app.take_save_point() {
        if let Some(snap) = app.snapshot() {
            match saves.begin_match(&mut b.write, |w| snap.write(w)) {
                Ok(_) => {
                    s.saved = Keep::default();
                    log_position(&mut s.saved, "saved", &snap);
                    s.ticks = 0;
                    s.steps = 0;
                    s.worst = 0;
                }
                Err(p) => log!("event=save what=match ok=0 reason={}", p.key()),
            }
        }
    }
    if let Some(f) = app.take_finished() {
        let t0 = clock::ticks();
        let stats = *app.stats();
        let r1 = saves.save(ipc, clock, Kind::Stats, &mut b.small, |w| stats.write(w));
        let r2 = saves.delete_match(ipc, clock);
        let controllers = app.setup().controllers();
        let h = RecordHeader {
            game: f.game.name(),
            rules: if f.game.name() == "senet" {
                "wiibrew2009"
            } else {
                "lorca"
            },
            players: [player(controllers[0], 0), player(controllers[1], 1)],
            seed,
            first: app.first(),
            turns: f.turns,
            winner: u8::from(!f.player1_won),
        };
        let r3 = match write_record(&mut b.write, &h, app.match_log().text()) {
            Some(n) => saves.begin_record(n),
            None => Err(Problem::Failed),
        };
        s.ticks = 0;
        s.steps = 0;
        s.worst = 0;
        let took = us(clock::ticks() - t0);
        log!(
            "event=save what=finished ms={}.{:02} stats={} deleted={} record={} opponent={}",
            took / 1000,
            took % 1000 / 10,
            u8::from(r1.is_ok()),
            u8::from(r2.is_ok()),
            u8::from(r3.is_ok()),
            opponent_index(f.opponent)
        );
    }
    if app.take_settings_changed() {
        let st = app.saved_settings();
        let t0 = clock::ticks();
        let r = saves.save(ipc, clock, Kind::Settings, &mut b.small, |w| st.write(w));
        let took = us(clock::ticks() - t0);
        log!(
            "event=save what=settings ms={}.{:02} ok={}",
            took / 1000,
            took % 1000 / 10,
            u8::from(r.is_ok())
        );
    }
    let now = saves.problem();
    if now != was {
        app.set_storage_note(now.map(note));
    }
}
