//! The readable error screen a panic paints: a dark red page with a white heading, the panic
//! message wrapped to the screen, the source location, and what to do next. Pure drawing onto
//! any `DrawTarget<Color = Rgb888>` (host-tested); the panic handler chooses where it goes.
//! It keeps embedded-graphics' 10x20 mono font on purpose: it draws on its own path straight
//! into the framebuffer, needing none of the game's font atlases, GX or draw list.

use embedded_graphics::mono_font::ascii::FONT_10X20;
use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::{DrawTarget, Point, Primitive, Size};
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use embedded_graphics::text::Text;
use embedded_graphics::Drawable;

/// Page colour.
pub const BACKGROUND: Rgb888 = Rgb888::new(110, 0, 0);
/// Heading bar colour and rectangle.
pub const HEADING_BAR: Rgb888 = Rgb888::new(230, 230, 230);
pub const HEADING_RECT: (i32, i32, u32, u32) = (0, 24, 640, 40);
/// Colour of the location line.
pub const LOCATION: Rgb888 = Rgb888::new(255, 220, 80);
/// Characters per wrapped line (FONT_10X20, 32 px margins).
pub const COLUMNS: usize = 57;
/// Message lines shown at most (the rest is cut; the full text is in the log).
pub const MAX_LINES: usize = 12;

/// Splits `text` into lines of at most `COLUMNS` characters (on char boundaries), calling
/// `f` for each, at most `MAX_LINES` times.
pub fn wrap(text: &str, mut f: impl FnMut(&str)) {
    let mut rest = text;
    let mut shown = 0;
    while !rest.is_empty() && shown < MAX_LINES {
        let cut = rest
            .char_indices()
            .nth(COLUMNS)
            .map_or(rest.len(), |(i, _)| i);
        f(&rest[..cut]);
        rest = &rest[cut..];
        shown += 1;
    }
}

/// How to leave the page: what `panic.rs` waits for (RESET, A or START on a GameCube
/// controller, or a minute).
pub const LEAVE_TEXT: [&str; 2] = [
    "Press RESET, or A or START on a GameCube controller,",
    "or wait a minute, to return to the loader.",
];

/// Paints the error page for `message` raised at `location`.
pub fn draw<D: DrawTarget<Color = Rgb888>>(d: &mut D, message: &str, location: &str) {
    let _ = d.clear(BACKGROUND);
    let (x, y, w, h) = HEADING_RECT;
    let _ = Rectangle::new(Point::new(x, y), Size::new(w, h))
        .into_styled(PrimitiveStyle::with_fill(HEADING_BAR))
        .draw(d);
    let heading = MonoTextStyle::new(&FONT_10X20, BACKGROUND);
    let _ = Text::new(
        "Senas & Senet stopped: program error",
        Point::new(32, 50),
        heading,
    )
    .draw(d);
    let body = MonoTextStyle::new(&FONT_10X20, Rgb888::WHITE);
    let mut line_y = 100;
    wrap(message, |line| {
        let _ = Text::new(line, Point::new(32, line_y), body).draw(d);
        line_y += 22;
    });
    let loc = MonoTextStyle::new(&FONT_10X20, LOCATION);
    let _ = Text::new(location, Point::new(32, line_y + 16), loc).draw(d);
    for (line, y) in LEAVE_TEXT.iter().zip([418, 440]) {
        let _ = Text::new(line, Point::new(32, y), body).draw(d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::String;
    use std::vec::Vec;

    #[test]
    fn long_messages_wrap_at_the_column_limit() {
        let msg: String = "abcdefghij".repeat(12);
        let mut lines = Vec::new();
        wrap(&msg, |l| lines.push(String::from(l)));
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0].len(), COLUMNS);
        assert_eq!(lines.concat(), msg);
    }

    #[test]
    fn wrapping_never_splits_a_multibyte_character() {
        let msg: String = "é".repeat(COLUMNS + 3);
        let mut lines = Vec::new();
        wrap(&msg, |l| lines.push(String::from(l)));
        assert_eq!(lines[0].chars().count(), COLUMNS);
        assert_eq!(lines[1].chars().count(), 3);
    }

    #[test]
    fn very_long_messages_stop_at_the_line_limit() {
        let msg: String = "x".repeat(COLUMNS * (MAX_LINES + 5));
        let mut n = 0;
        wrap(&msg, |_| n += 1);
        assert_eq!(n, MAX_LINES);
    }

    #[test]
    fn the_way_out_fits_the_page_and_names_what_the_handler_waits_for() {
        use crate::wii::input::button_set::Layout;
        use crate::wii::input::si::GcPad;
        use std::format;
        for line in LEAVE_TEXT {
            assert!(line.chars().count() <= COLUMNS, "{line}");
        }
        let text = LEAVE_TEXT.join(" ");
        assert!(text.contains("RESET") && text.contains("minute"), "{text}");
        assert!(text.contains("GameCube controller"), "{text}");
        for button in crate::wii::runtime::panic::LEAVE_BUTTONS {
            let name = GcPad::BUTTONS
                .iter()
                .find(|(b, _)| *b == button)
                .map(|(_, n)| *n)
                .unwrap_or("?");
            assert!(text.contains(&format!(" {name} ")), "{name} in {text}");
        }
    }
}
