//! The game's log: one line per event, `key=value` fields, sent over the USB Gecko. Owns the
//! `log!` macro, line formatting and the one global `log_sink::Sink` (which keeps lines while
//! the host does not read and resumes later: the log never goes deaf for good). Lines longer
//! than `LINE_MAX` are cut and end in `...`. On the host lines are formatted and dropped.

use core::cell::UnsafeCell;
use core::fmt::{self, Write};
use core::sync::atomic::{AtomicBool, Ordering};

pub use super::log_sink::LINE_MAX;

/// The Gecko answered at boot.
static GECKO: AtomicBool = AtomicBool::new(false);
/// A line is being written (a panic inside `write_line` must not touch the sink again).
static BUSY: AtomicBool = AtomicBool::new(false);

/// The one sink. The game runs on one core without threads; `BUSY` keeps a re-entered
/// `write_line` (a panic while logging) away from it.
struct SinkCell(UnsafeCell<super::log_sink::Sink>);
// SAFETY: one core, no threads; every access is inside `BUSY` (see `write_line`).
unsafe impl Sync for SinkCell {}
static SINK: SinkCell = SinkCell(UnsafeCell::new(super::log_sink::Sink::new(false)));

/// Probes the USB Gecko; later `log!` lines go to it (or wait for it). Returns presence.
pub fn init() -> bool {
    #[cfg(target_arch = "powerpc")]
    let present = {
        use super::gecko::Link;
        super::gecko::ExiGecko.identify()
    };
    #[cfg(not(target_arch = "powerpc"))]
    let present = false;
    GECKO.store(present, Ordering::Relaxed);
    if !BUSY.swap(true, Ordering::Acquire) {
        // SAFETY: `BUSY` was clear and is now ours: no other reference to the sink exists.
        unsafe { *SINK.0.get() = super::log_sink::Sink::new(present) };
        BUSY.store(false, Ordering::Release);
    }
    present
}

/// True when a USB Gecko answered at boot.
pub fn has_gecko() -> bool {
    GECKO.load(Ordering::Relaxed)
}

/// A fixed buffer for one log line; formatting past `LINE_MAX` truncates and marks it.
pub struct Line {
    buf: [u8; LINE_MAX + 4],
    len: usize,
    truncated: bool,
}

impl Line {
    /// An empty line.
    pub const fn new() -> Self {
        Line {
            buf: [0; LINE_MAX + 4],
            len: 0,
            truncated: false,
        }
    }

    /// Formats `args` into a new line.
    pub fn format(args: fmt::Arguments) -> Self {
        let mut line = Line::new();
        // Our `write_str` never fails; a `Display` impl that errors just ends the line early.
        let _ = line.write_fmt(args);
        line
    }

    /// The text with its terminating newline (and `...` when it was cut).
    pub fn finish(&mut self) -> &[u8] {
        if self.truncated {
            self.buf[self.len..self.len + 3].copy_from_slice(b"...");
            self.len += 3;
            self.truncated = false;
        }
        self.buf[self.len] = b'\n';
        &self.buf[..self.len + 1]
    }

    /// The text so far, without newline.
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

impl Default for Line {
    fn default() -> Self {
        Line::new()
    }
}

impl Write for Line {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for &b in s.as_bytes() {
            if self.len == LINE_MAX {
                self.truncated = true;
                break;
            }
            // A newline inside a field would split the event in two: show it as a space.
            self.buf[self.len] = if b == b'\n' { b' ' } else { b };
            self.len += 1;
        }
        Ok(())
    }
}

/// Formats and sends one line (what `log!` expands to).
pub fn write_line(args: fmt::Arguments) {
    let mut line = Line::format(args);
    let bytes = line.finish();
    if BUSY.swap(true, Ordering::Acquire) {
        return; // re-entered from a panic while logging: this line is lost
    }
    #[cfg(target_arch = "powerpc")]
    {
        // SAFETY: `BUSY` was clear and is now ours: no other reference to the sink exists.
        let sink = unsafe { &mut *SINK.0.get() };
        sink.write(&mut super::gecko::ExiGecko, bytes);
    }
    BUSY.store(false, Ordering::Release);
    let _ = bytes;
}

/// Logs one event line: `log!("event=boot version={}", v)`. Fields are `key=value`.
#[macro_export]
macro_rules! log {
    ($($arg:tt)*) => {
        $crate::wii::runtime::log::write_line(core::format_args!($($arg)*))
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_ends_with_one_newline() {
        let mut l = Line::format(format_args!("event=boot version={}", "0.1.0"));
        assert_eq!(l.finish(), b"event=boot version=0.1.0\n");
    }

    #[test]
    fn a_long_line_is_cut_and_marked() {
        let long = "x".repeat(LINE_MAX + 50);
        let mut l = Line::format(format_args!("msg={}", long));
        let out = l.finish();
        assert_eq!(out.len(), LINE_MAX + 4);
        assert!(out.ends_with(b"...\n"));
    }

    #[test]
    fn newlines_inside_a_line_become_spaces() {
        let mut l = Line::format(format_args!("msg={}", "two\nlines"));
        assert_eq!(l.finish(), b"msg=two lines\n");
    }
}
