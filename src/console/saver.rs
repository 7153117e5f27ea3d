//! The save schedule: loading at boot, framing the match save at turn boundaries and the
//! record at a match's end, and writing them a piece per frame (`step`, at the frame's start),
//! through a [`SaveStore`]. Owns the save buffers ([`SaveBufs`]) and the timings it logs:
//! `event=load ms=...`, `event=save what=... ms=... steps=...` (docs/saving.md). It must not
//! touch hardware, nor know what the bytes mean (`save`).

use crate::app::log::Line;
use crate::app::saving::{log_position, opponent_index};
use crate::app::{App, LogSink, StorageNote};
use crate::emit;
use crate::save::{
    payload, write_record, Corrupt, Kind, Problem, SaveStore, SavedMatch, Settings, Stats, Written,
    MATCH_BYTES, STATS_BYTES,
};

use super::records;

/// Bytes of a spread write per frame: each piece is one FAT session (mount, find the
/// folder, append, close), about 9 ms in Dolphin (docs/saving.md, Timing).
pub const PIECE_BYTES: usize = 2048;

/// The buffers saves are read into and framed in (about 150 KB: the program keeps them in
/// .bss, `SaveBufs::new` is `const`).
pub struct SaveBufs {
    read: [[u8; MATCH_BYTES]; 2],
    /// The match save or match record being written (spread over frames).
    write: [u8; MATCH_BYTES + 512],
    /// Statistics and settings, written at once.
    small: [u8; STATS_BYTES + 64],
}

impl SaveBufs {
    pub const fn new() -> SaveBufs {
        SaveBufs {
            read: [[0; MATCH_BYTES]; 2],
            write: [0; MATCH_BYTES + 512],
            small: [0; STATS_BYTES + 64],
        }
    }
}

impl Default for SaveBufs {
    fn default() -> Self {
        SaveBufs::new()
    }
}

/// The note a player sees for a store problem.
pub fn note(p: Problem) -> StorageNote {
    match p {
        Problem::NoCard => StorageNote::NoCard,
        Problem::Locked => StorageNote::Locked,
        Problem::Full => StorageNote::Full,
        Problem::Unformatted => StorageNote::Unformatted,
        Problem::Failed | Problem::Busy => StorageNote::Failed,
    }
}

/// `us` as `ms.frac` (two digits) for the log.
struct Ms(u64);
impl core::fmt::Display for Ms {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}.{:02}", self.0 / 1000, self.0 % 1000 / 10)
    }
}

/// The save schedule's state across frames.
pub struct Saver {
    bufs: SaveBufs,
    /// Microseconds spent on the write in progress, its pieces, the longest piece.
    us: u64,
    steps: u32,
    worst: u64,
    /// `event=saved ...` for the match write in progress (logged once it is written).
    saved: Line,
}

impl Default for Saver {
    fn default() -> Self {
        Saver::new()
    }
}

impl Saver {
    pub const fn new() -> Saver {
        Saver {
            bufs: SaveBufs::new(),
            us: 0,
            steps: 0,
            worst: 0,
            saved: Line(heapless::String::new()),
        }
    }

    fn restart_timing(&mut self) {
        self.us = 0;
        self.steps = 0;
        self.worst = 0;
    }

    /// At boot: loads settings, statistics and the saved match into the app, and says what
    /// could not be used (a damaged file, a senet match of a format that did not record its
    /// rule set). `now_us` times the load.
    pub fn boot(
        &mut self,
        store: &mut dyn SaveStore,
        now_us: &mut dyn FnMut() -> u64,
        app: &mut App,
        log: &mut dyn LogSink,
    ) {
        let t0 = now_us();
        if let Some(p) = store.problem() {
            emit!(log, "event=save_off reason={}", p.key());
            app.set_storage_note(Some(note(p)));
            return;
        }
        let mut damaged = false;
        let mut outdated = false;
        for kind in [Kind::Settings, Kind::Stats, Kind::Match] {
            let found = match store.load(kind, &mut self.bufs.read) {
                Ok(f) => f,
                Err(p) => {
                    emit!(log, "event=save_off reason={}", p.key());
                    app.set_storage_note(Some(note(p)));
                    return;
                }
            };
            for (slot, why) in found.refused.iter().enumerate() {
                if let Some(why) = why {
                    damaged = true;
                    emit!(
                        log,
                        "event=save_refused kind={:?} slot={} reason=\"{}\"",
                        kind,
                        ["A", "B"][slot],
                        why
                    );
                }
            }
            let Some(env) = found.record else { continue };
            let r = match kind {
                Kind::Settings => {
                    payload(&env, Settings::read).map(|s| app.apply_saved_settings(&s))
                }
                Kind::Stats => payload(&env, Stats::read).map(|s| app.set_stats(s)),
                Kind::Match => SavedMatch::decode(&env).and_then(|m| {
                    log_position(log, "saved_match", &m);
                    if app.offer_continue(&m) {
                        Ok(())
                    } else {
                        Err(Corrupt::Payload)
                    }
                }),
            };
            match r {
                Ok(()) => {}
                Err(why @ Corrupt::Outdated(_)) => {
                    outdated = true;
                    emit!(log, "event=save_refused kind={:?} reason=\"{}\"", kind, why);
                }
                Err(why) => {
                    damaged = true;
                    emit!(log, "event=save_refused kind={:?} reason=\"{}\"", kind, why);
                }
            }
        }
        emit!(
            log,
            "event=load ms={} continue={}",
            Ms(now_us().saturating_sub(t0)),
            u8::from(app.can_continue())
        );
        if damaged {
            app.set_storage_note(Some(StorageNote::Damaged));
        } else if outdated {
            app.set_storage_note(Some(StorageNote::Outdated));
        }
    }

    /// At the start of a frame, before the computer's thinking budget is taken: writes the
    /// next piece of a spread write (the match, a record), at most [`PIECE_BYTES`].
    pub fn step(
        &mut self,
        store: &mut dyn SaveStore,
        now_us: &mut dyn FnMut() -> u64,
        app: &mut App,
        log: &mut dyn LogSink,
    ) {
        if !store.busy() {
            return;
        }
        let was = store.problem();
        let t0 = now_us();
        let r = store.step(&self.bufs.write, PIECE_BYTES);
        let dt = now_us().saturating_sub(t0);
        self.us += dt;
        self.steps += 1;
        self.worst = self.worst.max(dt);
        if let Some(r) = r {
            let (what, n) = match r {
                Ok(Written::Match(n)) => ("match", n),
                Ok(Written::Record(n)) => ("record", n),
                Err(p) => {
                    emit!(log, "event=save what=spread ok=0 reason={}", p.key());
                    ("", 0)
                }
            };
            if !what.is_empty() {
                emit!(
                    log,
                    "event=save what={} ms={} steps={} step_ms_max={} bytes={}",
                    what,
                    Ms(self.us),
                    self.steps,
                    Ms(self.worst),
                    n
                );
                if what == "match" {
                    log.line(self.saved.as_str());
                }
            }
            self.restart_timing();
        }
        let now = store.problem();
        if now != was {
            app.set_storage_note(now.map(note));
        }
    }

    /// After a frame's update: frames what the app says is due (the match at a boundary, the
    /// record of a finished match: written by `step` in later frames) and saves the small
    /// records (statistics, settings) at once.
    pub fn after_update(
        &mut self,
        store: &mut dyn SaveStore,
        now_us: &mut dyn FnMut() -> u64,
        app: &mut App,
        seed: u64,
        log: &mut dyn LogSink,
    ) {
        let was = store.problem();
        if app.take_save_point() {
            if let Some(snap) = app.snapshot() {
                match store.begin_match(&mut self.bufs.write, &mut |w| snap.write(w)) {
                    Ok(_) => {
                        let mut keep = KeepLine::default();
                        log_position(&mut keep, "saved", &snap);
                        self.saved = keep.0;
                        self.restart_timing();
                    }
                    Err(p) => emit!(log, "event=save what=match ok=0 reason={}", p.key()),
                }
            }
        }
        if let Some(f) = app.take_finished() {
            let t0 = now_us();
            let stats = *app.stats();
            let r1 = store.save(Kind::Stats, &mut self.bufs.small, &mut |w| stats.write(w));
            let r2 = store.delete_match();
            let h = records::header(&f, app.setup().controllers(), seed, app.first());
            let r3 = match write_record(&mut self.bufs.write, &h, app.match_log().text()) {
                Some(n) => store.begin_record(n),
                None => Err(Problem::Failed),
            };
            self.restart_timing();
            emit!(
                log,
                "event=save what=finished ms={} stats={} deleted={} record={} opponent={} rules={}",
                Ms(now_us().saturating_sub(t0)),
                u8::from(r1.is_ok()),
                u8::from(r2.is_ok()),
                u8::from(r3.is_ok()),
                opponent_index(f.opponent),
                f.rules
            );
        }
        if app.take_settings_changed() {
            let st = app.saved_settings();
            let t0 = now_us();
            let r = store.save(Kind::Settings, &mut self.bufs.small, &mut |w| st.write(w));
            emit!(
                log,
                "event=save what=settings ms={} ok={}",
                Ms(now_us().saturating_sub(t0)),
                u8::from(r.is_ok())
            );
        }
        let now = store.problem();
        if now != was {
            app.set_storage_note(now.map(note));
        }
    }
}

/// Keeps the one line `log_position` writes.
#[derive(Default)]
struct KeepLine(Line);
impl LogSink for KeepLine {
    fn line(&mut self, line: &str) {
        self.0 = Line::format(format_args!("{}", line));
    }
}
