//! The self-test's text report: a versioned header line, then one `key=value` fact a line in
//! the probes' order (docs/selftest.md). Kept without heap: a fixed list of short facts.
//! Writing only; reading a report back is `parse.rs`.

use core::fmt::{self, Write};

use heapless::{String, Vec};

/// The report's first line, before the format version.
pub const HEADER: &str = "senas-selftest";
/// The format's version (the header's number). Bump it when a key changes meaning. 2: the
/// `efb` probe reads a drawn pattern (`efb.drawn`, `efb.p0`..`p5`, `efb.matched`) where 1 read
/// one cleared pixel (`efb.argb`, `efb.expected_rgb`).
pub const FORMAT_VERSION: u32 = 2;
/// The oldest format the readers still take (a console's older report against a newer
/// reference: the changed probe's facts then show as missing and extra).
pub const OLDEST_READ_VERSION: u32 = 1;
/// The report's file name in the game folder.
pub const REPORT_FILE: &str = "SELFTEST.TXT";
/// Most facts a report holds.
pub const MAX_FACTS: usize = 80;
/// Longest key.
pub const KEY_MAX: usize = 24;
/// Longest value.
pub const VALUE_MAX: usize = 40;

/// One fact: a key and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    pub key: String<KEY_MAX>,
    pub value: String<VALUE_MAX>,
}

/// The facts so far, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    facts: Vec<Fact, MAX_FACTS>,
    /// Facts that did not fit (the report says so rather than silently dropping them).
    dropped: u32,
}

/// Writes into a fixed string what fits.
fn fit<const N: usize>(out: &mut String<N>, args: fmt::Arguments) {
    struct Fit<'a, const N: usize>(&'a mut String<N>);
    impl<const N: usize> Write for Fit<'_, N> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            for c in s.chars() {
                if self.0.push(c).is_err() {
                    break;
                }
            }
            Ok(())
        }
    }
    let _ = Fit(out).write_fmt(args);
}

impl Report {
    pub const fn new() -> Report {
        Report {
            facts: Vec::new(),
            dropped: 0,
        }
    }

    /// Adds `prefix.name=value`. Newlines in a value become spaces (one fact a line).
    pub fn add(&mut self, prefix: &str, name: &str, value: impl fmt::Display) {
        let mut key = String::new();
        if name.is_empty() {
            fit(&mut key, format_args!("{prefix}"));
        } else {
            fit(&mut key, format_args!("{prefix}.{name}"));
        }
        let mut raw: String<VALUE_MAX> = String::new();
        fit(&mut raw, format_args!("{value}"));
        let mut clean = String::new();
        for c in raw.chars() {
            let _ = clean.push(if c == '\n' || c == '\r' { ' ' } else { c });
        }
        if self.facts.push(Fact { key, value: clean }).is_err() {
            self.dropped += 1;
        }
    }

    pub fn facts(&self) -> &[Fact] {
        &self.facts
    }

    /// The value of `key`, if the report has it.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.facts
            .iter()
            .find(|f| f.key == key)
            .map(|f| f.value.as_str())
    }

    pub fn clear(&mut self) {
        self.facts.clear();
        self.dropped = 0;
    }

    /// The whole report: header, facts, and `report.dropped=` if any did not fit.
    pub fn write_to(&self, out: &mut dyn Write) -> fmt::Result {
        writeln!(out, "{HEADER} {FORMAT_VERSION}")?;
        for f in &self.facts {
            writeln!(out, "{}={}", f.key, f.value)?;
        }
        if self.dropped > 0 {
            writeln!(out, "report.dropped={}", self.dropped)?;
        }
        Ok(())
    }
}

/// A byte buffer that takes `fmt::Write` text, for writing the report to a file.
pub struct TextBuf<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl<'a> TextBuf<'a> {
    pub fn new(buf: &'a mut [u8]) -> Self {
        TextBuf { buf, len: 0 }
    }
    pub fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

impl Write for TextBuf<'_> {
    /// Fails when full, so a cut report is known to be cut.
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let Some(dst) = self.buf.get_mut(self.len..end) else {
            return Err(fmt::Error);
        };
        dst.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}
