//! `Aspect`: the 4:3 or 16:9 picture. Layouts are written in *virtual* pixels, 640 (4:3) or 853
//! (16:9) wide and 480 high; in 16:9 the TV stretches the 640-pixel frame by 4/3, so virtual x
//! is squeezed by 3/4 on the way to the frame and circles stay round. Pure arithmetic.

use super::rect::Rect;

/// The console's picture shape (from the Wii settings where reachable, otherwise an option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Aspect {
    /// 4:3: virtual pixels are frame pixels.
    #[default]
    Standard,
    /// 16:9: the frame is shown 4/3 wider than it is.
    Wide,
}

impl Aspect {
    /// Width of the virtual canvas the layouts use.
    pub const fn virtual_width(self) -> i16 {
        match self {
            Aspect::Standard => 640,
            Aspect::Wide => 853,
        }
    }

    /// Left margin that centres a 640-wide composition on the virtual canvas.
    pub const fn center_offset(self) -> i16 {
        (self.virtual_width() - 640) / 2
    }

    /// Virtual x -> frame x.
    pub const fn x(self, vx: i16) -> i16 {
        match self {
            Aspect::Standard => vx,
            Aspect::Wide => ((vx as i32 * 3).div_euclid(4)) as i16,
        }
    }

    /// Frame x -> virtual x (for hit tests of pointer positions).
    pub const fn unmap_x(self, x: i16) -> i16 {
        match self {
            Aspect::Standard => x,
            Aspect::Wide => ((x as i32 * 4 + 2).div_euclid(3)) as i16,
        }
    }

    /// A virtual rect in frame pixels (edges mapped, so neighbours stay seamless).
    pub const fn rect(self, r: Rect) -> Rect {
        let x0 = self.x(r.x);
        let x1 = self.x(r.x + r.w);
        Rect::new(x0, r.y, x1 - x0, r.h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_squeezes_x_by_three_quarters_and_keeps_neighbours_touching() {
        let a = Aspect::Wide;
        assert_eq!(a.x(853), 639);
        let left = a.rect(Rect::new(10, 0, 37, 5));
        let right = a.rect(Rect::new(47, 0, 37, 5));
        assert_eq!(left.right(), right.x);
    }

    #[test]
    fn unmapping_a_mapped_x_comes_back_within_a_pixel() {
        for vx in 0..853 {
            let back = Aspect::Wide.unmap_x(Aspect::Wide.x(vx));
            assert!((back - vx).abs() <= 1, "{vx} -> {back}");
        }
    }
}
