//! The game's log: one line per event, `key=value` fields, sent over the USB Gecko. Owns the
//! `log!` macro and the "is a Gecko there" flag. Lines longer than `LINE_MAX` are cut and end
//! in `...`. On the host (and without a Gecko) lines are formatted and dropped.

use core::fmt::{self, Write};
use core::sync::atomic::{AtomicBool, Ordering};

/// Longest line sent, in bytes, before the newline.
pub const LINE_MAX: usize = 240;

static GECKO: AtomicBool = AtomicBool::new(false);

/// Probes the USB Gecko once; later `log!` lines go to it when present. Returns presence.
pub fn init() -> bool {
    #[cfg(target_arch = "powerpc")]
    let present = super::gecko::probe();
    #[cfg(not(target_arch = "powerpc"))]
    let present = false;
    GECKO.store(present, Ordering::Relaxed);
    present
}

/// True when lines reach a USB Gecko.
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
    if has_gecko() {
        #[cfg(target_arch = "powerpc")]
        if !super::gecko::send(bytes) {
            // The host stopped reading: stop trying so the game keeps its speed.
            GECKO.store(false, Ordering::Relaxed);
        }
    }
    let _ = bytes;
}

/// Logs one event line: `log!("event=boot version={}", v)`. Fields are `key=value`.
#[macro_export]
macro_rules! log {
    ($($arg:tt)*) => {
        $crate::wii::log::write_line(core::format_args!($($arg)*))
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
