//! The placeholder title screen the foundation draws straight into the XFB until app/gfx draw
//! the real one: fixed colours at fixed places (the Dolphin tests check them) and one moving
//! marker that proves frames advance. Pure drawing onto any `DrawTarget<Color = Rgb888>`.

use super::scaled::Scaled;
use embedded_graphics::mono_font::ascii::{FONT_10X20, FONT_9X15};
use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::{DrawTarget, OriginDimensions, Point, Primitive, Size};
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use embedded_graphics::text::{Alignment, Text};
use embedded_graphics::Drawable;

/// Background (night blue).
pub const BACKGROUND: Rgb888 = Rgb888::new(20, 30, 90);
/// The senas panel (red), and where it is.
pub const SENAS_PANEL: Rgb888 = Rgb888::new(200, 40, 40);
pub const SENAS_RECT: (i32, i32, u32, u32) = (80, 170, 200, 150);
/// The senet panel (gold), and where it is.
pub const SENET_PANEL: Rgb888 = Rgb888::new(230, 180, 40);
pub const SENET_RECT: (i32, i32, u32, u32) = (360, 170, 200, 150);
/// The sand band the marker runs along.
pub const BAND: Rgb888 = Rgb888::new(200, 170, 110);
pub const BAND_RECT: (i32, i32, u32, u32) = (0, 392, 640, 56);
/// The moving marker (dark brown), its size and its row.
pub const MARKER: Rgb888 = Rgb888::new(60, 30, 10);
pub const MARKER_SIZE: u32 = 32;
pub const MARKER_Y: i32 = 404;
/// Pixels the marker moves per frame, and its travel.
pub const MARKER_STEP: u32 = 4;
const MARKER_X0: i32 = 16;
const MARKER_TRAVEL: u32 = 640 - 2 * 16 - MARKER_SIZE;

/// The marker's left edge on frame `frame`.
pub const fn marker_x(frame: u32) -> i32 {
    MARKER_X0 + ((frame.wrapping_mul(MARKER_STEP)) % MARKER_TRAVEL) as i32
}

fn rect(d: &mut impl DrawTarget<Color = Rgb888>, r: (i32, i32, u32, u32), c: Rgb888) {
    let _ = Rectangle::new(Point::new(r.0, r.1), Size::new(r.2, r.3))
        .into_styled(PrimitiveStyle::with_fill(c))
        .draw(d);
}

/// Draws the static part of the title screen (everything but the marker).
pub fn draw_title<D: DrawTarget<Color = Rgb888> + OriginDimensions>(d: &mut D, version: &str) {
    let _ = d.clear(BACKGROUND);
    {
        let mut big = Scaled {
            target: &mut *d,
            factor: 3,
        };
        let style = MonoTextStyle::new(&FONT_10X20, Rgb888::WHITE);
        let _ = Text::with_alignment(
            "SENAS & SENET",
            Point::new(107, 32),
            style,
            Alignment::Center,
        )
        .draw(&mut big);
    }
    rect(d, SENAS_RECT, SENAS_PANEL);
    rect(d, SENET_RECT, SENET_PANEL);
    let label = MonoTextStyle::new(&FONT_10X20, Rgb888::WHITE);
    let _ = Text::with_alignment("Senas", Point::new(180, 350), label, Alignment::Center).draw(d);
    let _ = Text::with_alignment("Senet", Point::new(460, 350), label, Alignment::Center).draw(d);
    let small = MonoTextStyle::new(&FONT_9X15, Rgb888::new(180, 190, 230));
    let _ = Text::with_alignment(version, Point::new(620, 470), small, Alignment::Right).draw(d);
    rect(d, BAND_RECT, BAND);
}

/// Redraws the band with the marker at its place for `frame`.
pub fn draw_marker<D: DrawTarget<Color = Rgb888>>(d: &mut D, frame: u32) {
    rect(d, BAND_RECT, BAND);
    rect(
        d,
        (marker_x(frame), MARKER_Y, MARKER_SIZE, MARKER_SIZE),
        MARKER,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use embedded_graphics::mock_display::MockDisplay;
    use embedded_graphics::prelude::Pixel;
    use std::vec;
    use std::vec::Vec;

    /// A plain 640x480 RGB canvas for host checks.
    struct Canvas(Vec<Rgb888>);
    impl OriginDimensions for Canvas {
        fn size(&self) -> Size {
            Size::new(640, 480)
        }
    }
    impl DrawTarget for Canvas {
        type Color = Rgb888;
        type Error = core::convert::Infallible;
        fn draw_iter<I: IntoIterator<Item = Pixel<Rgb888>>>(
            &mut self,
            it: I,
        ) -> Result<(), Self::Error> {
            for Pixel(p, c) in it {
                if (0..640).contains(&p.x) && (0..480).contains(&p.y) {
                    self.0[p.y as usize * 640 + p.x as usize] = c;
                }
            }
            Ok(())
        }
    }
    impl Canvas {
        fn at(&self, x: i32, y: i32) -> Rgb888 {
            self.0[y as usize * 640 + x as usize]
        }
    }

    fn centre(r: (i32, i32, u32, u32)) -> (i32, i32) {
        (r.0 + r.2 as i32 / 2, r.1 + r.3 as i32 / 2)
    }

    #[test]
    fn title_panels_have_their_colours_at_their_centres() {
        let mut c = Canvas(vec![Rgb888::BLACK; 640 * 480]);
        draw_title(&mut c, "v0.1.0");
        let (x, y) = centre(SENAS_RECT);
        assert_eq!(c.at(x, y), SENAS_PANEL);
        let (x, y) = centre(SENET_RECT);
        assert_eq!(c.at(x, y), SENET_PANEL);
        assert_eq!(c.at(20, 150), BACKGROUND);
    }

    #[test]
    fn the_title_text_is_white_somewhere_in_the_top_band() {
        let mut c = Canvas(vec![Rgb888::BLACK; 640 * 480]);
        draw_title(&mut c, "v0.1.0");
        let whites = (60..150)
            .flat_map(|y| (0..640).map(move |x| (x, y)))
            .filter(|&(x, y)| c.at(x, y) == Rgb888::WHITE)
            .count();
        assert!(whites > 2000, "only {whites} white title pixels");
    }

    #[test]
    fn the_marker_moves_each_frame_and_stays_in_the_band() {
        assert_eq!(marker_x(1) - marker_x(0), MARKER_STEP as i32);
        for f in 0..1000 {
            let x = marker_x(f);
            assert!(x >= 16 && x + MARKER_SIZE as i32 <= 640 - 16);
        }
        let mut c = Canvas(vec![Rgb888::BLACK; 640 * 480]);
        draw_marker(&mut c, 10);
        assert_eq!(c.at(marker_x(10) + 5, MARKER_Y + 5), MARKER);
        assert_eq!(c.at(marker_x(10) - 5, MARKER_Y + 5), BAND);
    }

    #[test]
    fn scaled_drawing_magnifies_pixels() {
        let mut m: MockDisplay<Rgb888> = MockDisplay::new();
        {
            let mut s = Scaled {
                target: &mut m,
                factor: 2,
            };
            let _ = Pixel(Point::new(1, 1), Rgb888::RED).draw(&mut s);
        }
        assert_eq!(m.get_pixel(Point::new(2, 2)), Some(Rgb888::RED));
        assert_eq!(m.get_pixel(Point::new(3, 3)), Some(Rgb888::RED));
        assert_eq!(m.get_pixel(Point::new(1, 1)), None);
    }
}
