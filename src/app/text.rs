//! Short texts without heap: a fixed-capacity string with `write!` (`Text`), and word wrapping
//! into line slices by the real glyph widths (`gfx::font`'s pen rule). No drawing here.

use crate::gfx::font::fitting_prefix;
use core::fmt::{self, Display, Write};
use heapless::Vec;

/// A short text (status lines, messages, menu labels).
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Text<const N: usize>(pub heapless::String<N>);

impl<const N: usize> Text<N> {
    pub const fn new() -> Self {
        Text(heapless::String::new())
    }
    pub fn from_fmt(args: fmt::Arguments) -> Self {
        let mut t = Text::new();
        let _ = t.write_fmt(args);
        t
    }
    pub fn set_fmt(&mut self, args: fmt::Arguments) {
        self.0.clear();
        let _ = self.write_fmt(args);
    }
    /// Appends formatted text (what fits).
    pub fn push_fmt(&mut self, args: fmt::Arguments) {
        let _ = self.write_fmt(args);
    }
    pub fn set(&mut self, s: &str) {
        self.0.clear();
        let _ = self.write_str(s);
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<const N: usize> fmt::Display for Text<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<const N: usize> Write for Text<N> {
    /// Appends what fits; a full text silently ends (a cut message beats a panic).
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            if self.0.push(c).is_err() {
                break;
            }
        }
        Ok(())
    }
}

/// Most lines a wrapped text yields.
pub const MAX_LINES: usize = 8;

/// Splits `text` at spaces into lines at most `max_width` pixels wide at `scale` (measured
/// with the glyphs drawn, kerning included); a word longer than a line is cut.
pub fn wrap(text: &str, max_width: i16, scale: u8) -> Vec<&str, MAX_LINES> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() && !out.is_full() {
        let (end, last_space) = fitting_prefix(rest, scale, max_width);
        let cut = if end == rest.len() || rest[end..].starts_with(' ') {
            end
        } else {
            last_space.filter(|&s| s > 0).unwrap_or(end)
        };
        let _ = out.push(rest[..cut].trim_end());
        rest = rest[cut..].trim_start();
    }
    out
}

/// `template` with its `{}` slots filled by `args` in order (a missing value leaves the slot
/// empty, extra values are ignored), into `out` (cleared first; what fits).
pub fn fill<const N: usize>(out: &mut Text<N>, template: &str, args: &[&dyn Display]) {
    out.clear();
    let mut rest = template;
    let mut k = 0;
    while let Some(i) = rest.find("{}") {
        let _ = out.write_str(&rest[..i]);
        if let Some(a) = args.get(k) {
            let _ = write!(out, "{a}");
        }
        k += 1;
        rest = &rest[i + 2..];
    }
    let _ = out.write_str(rest);
}

/// A filled template as a value to format (`format_args!("{}", Filled(...))`).
pub struct Filled<'a>(pub &'a str, pub &'a [&'a dyn Display]);

impl Display for Filled<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut t: Text<200> = Text::new();
        fill(&mut t, self.0, self.1);
        f.write_str(t.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gfx::font::text_width;

    #[test]
    fn wrap_breaks_at_spaces_and_keeps_every_word() {
        let s = "that hole is held by the opponent";
        let lines = wrap(s, 120, 1);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| text_width(l, 1) <= 120));
        let joined: std::vec::Vec<&str> = lines.iter().flat_map(|l| l.split(' ')).collect();
        assert_eq!(joined.join(" "), s);
    }

    #[test]
    fn wrap_never_exceeds_the_width_and_fills_lines_by_glyph_widths() {
        let s = "Las Negras regalan los dados que no pueden usar: ¿quién mueve ahora? \
                 ¡Mañana, más! iiiiiiiiiiiiiiii WWWWWWWWWW";
        for width in [60, 100, 173, 250, 400] {
            for scale in 1..=2 {
                let lines = wrap(s, width, scale);
                for l in &lines {
                    // One over-long word is cut, but never past the width.
                    assert!(text_width(l, scale) <= width, "{l:?} at {width}");
                }
            }
        }
        // Narrow letters fit more per line than wide ones.
        assert!(
            wrap("i i i i i i i i i i i i", 60, 1).len()
                < wrap("W W W W W W W W W W W W", 60, 1).len()
        );
    }

    #[test]
    fn a_word_longer_than_the_line_is_cut_not_lost() {
        let lines = wrap("abcdefghijklmnop xy", 40, 1);
        assert!(lines.len() >= 3);
        assert_eq!(lines.concat().replace(' ', ""), "abcdefghijklmnopxy");
        assert!(lines.iter().all(|l| text_width(l, 1) <= 40));
    }

    #[test]
    fn text_keeps_what_fits() {
        let t: Text<4> = Text::from_fmt(format_args!("{}", 123456));
        assert_eq!(t.as_str(), "1234");
    }
}
