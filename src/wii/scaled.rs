//! A drawing adapter that magnifies everything drawn through it by an integer factor (big
//! title text from the small mono fonts). Only maps pixels to filled squares on the target.

use embedded_graphics::prelude::{DrawTarget, OriginDimensions, Pixel, PixelColor, Size};
use embedded_graphics::prelude::{Point, Size as Sz};
use embedded_graphics::primitives::Rectangle;

/// Draws onto `target` with every pixel becoming a `factor` x `factor` square.
pub struct Scaled<'a, T> {
    pub target: &'a mut T,
    pub factor: u32,
}

impl<T: OriginDimensions> OriginDimensions for Scaled<'_, T> {
    fn size(&self) -> Size {
        let s = self.target.size();
        Size::new(s.width / self.factor, s.height / self.factor)
    }
}

impl<C: PixelColor, T: DrawTarget<Color = C> + OriginDimensions> DrawTarget for Scaled<'_, T> {
    type Color = C;
    type Error = T::Error;

    fn draw_iter<I: IntoIterator<Item = Pixel<C>>>(&mut self, pixels: I) -> Result<(), T::Error> {
        let f = self.factor as i32;
        for Pixel(p, c) in pixels {
            let r = Rectangle::new(
                Point::new(p.x * f, p.y * f),
                Sz::new(self.factor, self.factor),
            );
            self.target.fill_solid(&r, c)?;
        }
        Ok(())
    }
}
