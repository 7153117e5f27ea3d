//! `Framed`: which rows of a list (title, menus, questions) are framed in gold this frame. The
//! app decides (`app::list_nav`: the row each visible pointer is over, and the D-pad focus for
//! the players who steer with it); the layouts only draw it. Up to 16 rows.

/// A set of row indices, each framed in gold; rows from 16 on are never framed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Framed(u16);

impl Framed {
    /// No row framed.
    pub const NONE: Framed = Framed(0);

    /// Only row `i`.
    pub const fn one(i: usize) -> Framed {
        Framed::NONE.with(i)
    }

    /// These rows and row `i` too.
    pub const fn with(self, i: usize) -> Framed {
        if i < 16 {
            Framed(self.0 | 1 << i)
        } else {
            self
        }
    }

    pub const fn contains(self, i: usize) -> bool {
        i < 16 && self.0 & (1 << i) != 0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

#[cfg(test)]
mod tests {
    use super::Framed;

    #[test]
    fn rows_join_the_set_and_rows_beyond_sixteen_never_do() {
        let f = Framed::one(2).with(5).with(16);
        assert!(f.contains(2) && f.contains(5));
        assert!(!f.contains(0) && !f.contains(16) && !f.contains(99));
        assert!(Framed::NONE.is_empty() && !f.is_empty());
    }
}
