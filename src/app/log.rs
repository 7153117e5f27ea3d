//! Logging out of the app: the platform's [`LogSink`] receives whole `key=value` lines
//! (`event=roll game=senas dice=3,5,5`, ...); [`Line`] formats one without heap; [`MatchLog`]
//! keeps every roll and turn of the current match in memory (printed line by line as it grows).

use core::fmt::{self, Write};

/// Where the app's log lines go (USB Gecko on the Wii, a `Vec` in tests).
pub trait LogSink {
    /// One complete line, without the newline.
    fn line(&mut self, line: &str);
}

/// A sink that drops everything.
pub struct NullLog;

impl LogSink for NullLog {
    fn line(&mut self, _line: &str) {}
}

/// Bytes in one log line; longer lines are cut.
pub const LINE_BYTES: usize = 200;

/// One log line being formatted.
#[derive(Default)]
pub struct Line(pub heapless::String<LINE_BYTES>);

impl Line {
    pub fn format(args: fmt::Arguments) -> Line {
        let mut l = Line::default();
        let _ = l.write_fmt(args);
        l
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Write for Line {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            if self.0.push(c).is_err() {
                break;
            }
        }
        Ok(())
    }
}

/// Bytes of the in-memory match log: a senas match between computers writes 6-9 KB, a senet
/// match 10-20 KB (measured over demo matches; docs/saving.md), so 48 KiB keeps the longest.
pub const MATCH_LOG_BYTES: usize = crate::save::SAVED_LOG_BYTES;

/// Every roll and turn of the current match, one line each.
pub struct MatchLog {
    text: heapless::String<MATCH_LOG_BYTES>,
    lines: u32,
    dropped: u32,
}

impl Default for MatchLog {
    fn default() -> Self {
        Self::new()
    }
}

impl MatchLog {
    pub const fn new() -> Self {
        MatchLog {
            text: heapless::String::new(),
            lines: 0,
            dropped: 0,
        }
    }
    pub fn clear(&mut self) {
        self.text.clear();
        self.lines = 0;
        self.dropped = 0;
    }
    /// Keeps `line` (when it fits) and counts it.
    pub fn push(&mut self, line: &str) {
        self.lines += 1;
        if self.text.len() + line.len() < MATCH_LOG_BYTES {
            let _ = self.text.push_str(line);
            let _ = self.text.push('\n');
        } else {
            self.dropped += 1;
        }
    }
    /// The kept lines, newline-terminated.
    pub fn text(&self) -> &str {
        &self.text
    }
    pub fn lines(&self) -> u32 {
        self.lines
    }
    pub fn dropped(&self) -> u32 {
        self.dropped
    }
}

/// Formats a line and hands it to a sink: `emit!(sink, "event=x n={}", n)`.
#[macro_export]
macro_rules! emit {
    ($sink:expr, $($arg:tt)*) => {
        $sink.line($crate::app::log::Line::format(format_args!($($arg)*)).as_str())
    };
}
