//! Whether a value's `Display` writes exactly a given text, without allocating: the position
//! codes use it to accept only the one spelling they write (no spaces, `+` signs or leading
//! zeros that the number parsers would forgive), so a code read back is character for
//! character the code of the position it gives.

use core::fmt::{self, Write};

/// Compares what is written with the rest of `text`.
struct Against<'a> {
    rest: &'a str,
    same: bool,
}

impl Write for Against<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        match self.rest.strip_prefix(s) {
            Some(r) if self.same => {
                self.rest = r;
                Ok(())
            }
            _ => {
                self.same = false;
                Err(fmt::Error)
            }
        }
    }
}

/// True when `value` displays as exactly `text`.
pub(crate) fn writes_exactly(value: &dyn fmt::Display, text: &str) -> bool {
    let mut w = Against {
        rest: text,
        same: true,
    };
    write!(w, "{value}").is_ok() && w.same && w.rest.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_exact_spelling_matches() {
        assert!(writes_exactly(&12, "12"));
        assert!(!writes_exactly(&12, "+12"));
        assert!(!writes_exactly(&12, "1"));
        assert!(!writes_exactly(&12, "123"));
        assert!(writes_exactly(&"", ""));
    }
}
