//! Where finished log lines go: straight to the USB Gecko while the host reads, into a bounded
//! backlog (a heapless ring of whole lines) while it does not. It never gives up for good:
//! while deaf it asks the Gecko again every `REPROBE_EVERY` lines, and when the host reads
//! again it sends the rest of the line it was cut in, then
//! `event=log_resumed dropped=N buffered=M` (N lines fell out of the full backlog, M follow),
//! then the backlog, oldest first. Owns that policy only: formatting is `log.rs`, the EXI
//! exchanges are `gecko.rs` behind `gecko::Link` (a fake one in the tests below).

use super::gecko::Link;
use core::fmt::Write;
use heapless::{Deque, Vec};

/// Longest line sent, in bytes, before the newline (`log.rs` cuts longer lines).
pub const LINE_MAX: usize = 240;

/// Bytes of one stored line (`LINE_MAX` plus `...` and the newline).
pub const LINE_BYTES: usize = LINE_MAX + 4;
/// Lines kept while nobody reads (about 8 KiB).
pub const BACKLOG_LINES: usize = 32;
/// While deaf, the Gecko is asked again once per this many lines.
pub const REPROBE_EVERY: u32 = 16;
/// How long one byte is offered while the Gecko's FIFO is full before the host counts as gone:
/// a time, not a count of offers, so the stall is the same on a console (an offer is one
/// 2-byte EXI exchange, 1-3 µs there) as in Dolphin (whose Gecko never refuses a byte:
/// `EXI_DeviceGecko.cpp` `CMD_SEND`). It was 10 000 offers, 10-30 ms on a console (audit 2 N10).
pub const SEND_PATIENCE_US: u64 = 1_000;

/// The log's destination state.
pub struct Sink {
    live: bool,
    /// The unsent end of a line cut by a refused byte (sent first on resume).
    tail: Vec<u8, LINE_BYTES>,
    backlog: Deque<Vec<u8, LINE_BYTES>, BACKLOG_LINES>,
    dropped: u32,
    since_probe: u32,
}

impl Sink {
    /// A sink that starts live when `present` (the Gecko answered at boot), else deaf.
    pub const fn new(present: bool) -> Sink {
        Sink {
            live: present,
            tail: Vec::new(),
            backlog: Deque::new(),
            dropped: 0,
            since_probe: 0,
        }
    }

    /// True while lines go straight to the host.
    pub fn is_live(&self) -> bool {
        self.live
    }

    /// Lines waiting in the backlog.
    pub fn buffered(&self) -> usize {
        self.backlog.len()
    }

    /// Lines lost since the host last read (the backlog was full).
    pub fn dropped(&self) -> u32 {
        self.dropped
    }

    /// Sends one finished line (with its newline), or keeps it for later.
    pub fn write(&mut self, link: &mut impl Link, line: &[u8]) {
        if !self.live {
            self.since_probe += 1;
            if self.since_probe >= REPROBE_EVERY {
                self.since_probe = 0;
                if link.identify() && link.tx_ready() {
                    self.resume(link);
                }
            }
        }
        if self.live {
            if let Err(sent) = send_all(link, line) {
                self.go_deaf(&line[sent..]);
            }
        } else {
            self.keep(line);
        }
    }

    /// Back to live: the cut line's end, the resume line, the backlog. Stops (deaf again) at
    /// the first byte the Gecko refuses, keeping what was not sent.
    fn resume(&mut self, link: &mut impl Link) {
        if send_all(link, &self.tail).is_err() {
            return; // still deaf; the tail stays whole (a partial resend would garble it)
        }
        self.tail.clear();
        let mut note: Line = Line(Vec::new());
        let _ = writeln!(
            note,
            "event=log_resumed dropped={} buffered={}",
            self.dropped,
            self.backlog.len()
        );
        if send_all(link, &note.0).is_err() {
            return;
        }
        self.live = true;
        self.dropped = 0;
        while let Some(front) = self.backlog.pop_front() {
            if let Err(sent) = send_all(link, &front) {
                self.live = false;
                self.tail = Vec::from_slice(&front[sent..]).unwrap_or_default();
                return;
            }
        }
    }

    fn go_deaf(&mut self, rest: &[u8]) {
        self.live = false;
        self.since_probe = 0;
        // `rest` is at most one line, which always fits.
        self.tail = Vec::from_slice(rest).unwrap_or_default();
    }

    fn keep(&mut self, line: &[u8]) {
        if self.backlog.is_full() {
            self.backlog.pop_front();
            self.dropped = self.dropped.saturating_add(1);
        }
        let mut stored = Vec::new();
        let n = line.len().min(LINE_BYTES);
        let _ = stored.extend_from_slice(&line[..n]);
        let _ = self.backlog.push_back(stored);
    }
}

/// Sends every byte; `Err(n)` when byte `n` was refused for `SEND_PATIENCE_US`.
fn send_all(link: &mut impl Link, bytes: &[u8]) -> Result<(), usize> {
    for (i, &b) in bytes.iter().enumerate() {
        if !link.send_byte(b) {
            let since = link.micros();
            loop {
                if link.send_byte(b) {
                    break;
                }
                if link.micros().wrapping_sub(since) >= SEND_PATIENCE_US {
                    return Err(i);
                }
            }
        }
    }
    Ok(())
}

/// A short formatted line (the resume note).
struct Line(Vec<u8, LINE_BYTES>);

impl Write for Line {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.0
            .extend_from_slice(s.as_bytes())
            .map_err(|_| core::fmt::Error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    extern crate std;
    use std::string::String;
    use std::vec::Vec as StdVec;

    /// A Gecko whose host reads (or not): `reading` false refuses every byte, `budget` refuses
    /// after that many bytes; `present` false fails identify.
    struct FakeGecko {
        present: bool,
        reading: bool,
        budget: Option<usize>,
        host: StdVec<u8>,
        identifies: u32,
        offers: u64,
        /// The fake clock: every offer takes `offer_us` (a console's EXI exchange).
        now_us: u64,
        offer_us: u64,
    }

    impl FakeGecko {
        fn new() -> Self {
            FakeGecko {
                present: true,
                reading: true,
                budget: None,
                host: StdVec::new(),
                identifies: 0,
                offers: 0,
                now_us: 0,
                offer_us: 1,
            }
        }
        fn text(&self) -> String {
            String::from_utf8(self.host.clone()).unwrap()
        }
    }

    impl Link for FakeGecko {
        fn identify(&mut self) -> bool {
            self.identifies += 1;
            self.present
        }
        fn tx_ready(&mut self) -> bool {
            self.present && self.reading && self.budget != Some(0)
        }
        fn micros(&mut self) -> u64 {
            self.now_us
        }
        fn send_byte(&mut self, byte: u8) -> bool {
            self.offers += 1;
            self.now_us += self.offer_us;
            if !self.present || !self.reading || self.budget == Some(0) {
                return false;
            }
            if let Some(b) = self.budget.as_mut() {
                *b -= 1;
            }
            self.host.push(byte);
            true
        }
    }

    fn line(n: u32) -> StdVec<u8> {
        std::format!("event=frame n={n}\n").into_bytes()
    }

    #[test]
    fn lines_go_straight_to_a_reading_host() {
        let mut g = FakeGecko::new();
        let mut s = Sink::new(true);
        for n in 0..3 {
            s.write(&mut g, &line(n));
        }
        assert_eq!(
            g.text(),
            "event=frame n=0\nevent=frame n=1\nevent=frame n=2\n"
        );
        assert!(s.is_live());
    }

    #[test]
    fn a_host_that_stops_reading_then_reads_again_gets_every_line_and_a_resume_note() {
        let mut g = FakeGecko::new();
        g.budget = Some(20); // the host stops reading inside the second line
        let mut s = Sink::new(true);
        for n in 0..5 {
            s.write(&mut g, &line(n));
        }
        assert!(!s.is_live());
        assert_eq!(s.buffered(), 3);
        g.budget = None; // the host reads again
        for n in 5..(5 + REPROBE_EVERY) {
            s.write(&mut g, &line(n));
        }
        assert!(s.is_live(), "the log came back");
        let mut want = String::from("event=frame n=0\nevent=frame n=1\n");
        want += &std::format!(
            "event=log_resumed dropped=0 buffered={}\n",
            REPROBE_EVERY - 1
        );
        for n in 2..(5 + REPROBE_EVERY) {
            want += &std::format!("event=frame n={n}\n");
        }
        assert_eq!(g.text(), want);
    }

    #[test]
    fn a_full_backlog_drops_the_oldest_lines_and_says_how_many() {
        let mut g = FakeGecko::new();
        g.reading = false;
        let mut s = Sink::new(true);
        let total = BACKLOG_LINES as u32 + 40;
        for n in 0..total {
            s.write(&mut g, &line(n));
        }
        assert_eq!(s.buffered(), BACKLOG_LINES);
        // Line 0 is the cut one (kept as the tail), 1..=40 fell out of the backlog.
        assert_eq!(s.dropped(), 40 - 1);
        g.reading = true;
        let mut ticks = 0;
        while !s.is_live() {
            s.write(&mut g, b"event=tick\n");
            ticks += 1;
        }
        // Each tick before the probe pushed one more frame line out of the backlog.
        let dropped = 39 + ticks - 1;
        let text = g.text();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("event=frame n=0"), "the cut line, whole");
        assert_eq!(
            lines.next().unwrap(),
            std::format!("event=log_resumed dropped={dropped} buffered={BACKLOG_LINES}")
        );
        assert_eq!(
            lines.next().unwrap(),
            std::format!("event=frame n={}", dropped + 1),
            "the oldest line kept comes first"
        );
        assert!(text.contains(&std::format!("event=frame n={}\n", total - 1)));
        assert!(text.ends_with("event=tick\n"));
    }

    #[test]
    fn a_gecko_absent_at_boot_is_found_when_it_appears() {
        let mut g = FakeGecko::new();
        g.present = false;
        let mut s = Sink::new(false);
        for n in 0..4 {
            s.write(&mut g, &line(n));
        }
        assert!(g.host.is_empty());
        g.present = true;
        for n in 4..(2 * REPROBE_EVERY) {
            s.write(&mut g, &line(n));
        }
        assert!(s.is_live());
        assert!(g
            .text()
            .starts_with("event=log_resumed dropped=0 buffered="));
        assert!(g
            .text()
            .ends_with(&std::format!("event=frame n={}\n", 2 * REPROBE_EVERY - 1)));
    }

    #[test]
    fn a_host_that_stops_reading_stalls_the_game_about_a_millisecond_not_tens() {
        let mut g = FakeGecko::new();
        g.offer_us = 2; // one EXI exchange on a console (audit 2 N10: 1-3 µs)
        let mut s = Sink::new(true);
        s.write(&mut g, &line(0));
        g.reading = false;
        let t0 = g.now_us;
        s.write(&mut g, &line(1));
        assert!(!s.is_live(), "the host counts as gone");
        let stall = g.now_us - t0;
        assert!(
            (SEND_PATIENCE_US..SEND_PATIENCE_US + 10).contains(&stall),
            "stalled {stall} µs over {} offers",
            g.offers
        );
        // Deaf now: the next lines cost no offers until the reprobe.
        let offers = g.offers;
        s.write(&mut g, &line(2));
        assert_eq!(g.offers, offers);
    }

    #[test]
    fn a_deaf_log_costs_one_probe_per_reprobe_interval_and_no_byte_offers() {
        let mut g = FakeGecko::new();
        g.present = false;
        let mut s = Sink::new(false);
        let lines = 10 * REPROBE_EVERY;
        for n in 0..lines {
            s.write(&mut g, &line(n));
        }
        assert_eq!(g.identifies, 10);
        assert_eq!(g.offers, 0, "no spinning on a Gecko that is not there");
    }
}
