//! [`ButtonSet<L>`]: the one typed bit set of a controller's buttons, in the controller's own
//! bit layout `L` (a [`Layout`]: its buttons as a table of masks and log names, with the
//! table's source). The GameCube pad (`si::pad`), the Wii Remote's core buttons
//! (`wiimote::buttons`) and the extensions (`wiimote::extension::decode`) each declare their
//! layout and masks; the set operations, the masking of non-button bits and the `A+B` log form
//! live here once. Pure data: no hardware, no meaning in the game (that is
//! `src/controls_map.rs`'s).

use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;

/// One controller's bit layout: which bits are buttons and what the log calls them.
pub trait Layout: Sized + 'static {
    /// The type name `Debug` prints (`PadButtons(A+B)`).
    const TYPE_NAME: &'static str;
    /// Every button once, in the order the log names them; each mask a single bit.
    const BUTTONS: &'static [(ButtonSet<Self>, &'static str)];
}

/// A set of buttons of one controller, in its layout `L`. Bits that are not one of `L`'s
/// buttons (accelerometer bits in a Wii Remote report, the pad's origin bits) never get in:
/// [`ButtonSet::from_bits`] drops them and the masks are `L`'s buttons.
pub struct ButtonSet<L> {
    bits: u32,
    layout: PhantomData<L>,
}

impl<L: Layout> ButtonSet<L> {
    /// No button.
    pub const NONE: Self = Self::mask(0);

    /// Every button bit of the layout (the union of its table).
    pub const ALL: Self = Self::mask(all_bits(L::BUTTONS));

    /// The set with exactly these bits: for a layout's own button constants.
    pub(crate) const fn mask(bits: u32) -> Self {
        ButtonSet {
            bits,
            layout: PhantomData,
        }
    }

    /// The buttons among raw bits in `L`'s layout; other bits are dropped.
    pub const fn from_bits(bits: u32) -> Self {
        Self::mask(bits & Self::ALL.bits)
    }

    /// The raw bits, in `L`'s layout.
    pub const fn bits(self) -> u32 {
        self.bits
    }

    /// True when every button of `other` is in `self` (and `other` is not empty).
    pub const fn contains(self, other: Self) -> bool {
        self.bits & other.bits == other.bits && other.bits != 0
    }

    pub const fn is_empty(self) -> bool {
        self.bits == 0
    }

    pub const fn union(self, other: Self) -> Self {
        Self::mask(self.bits | other.bits)
    }

    /// The buttons of `self` that are not in `other`.
    pub const fn difference(self, other: Self) -> Self {
        Self::mask(self.bits & !other.bits)
    }
}

/// The union of a layout table's masks.
const fn all_bits<L>(table: &[(ButtonSet<L>, &'static str)]) -> u32 {
    let mut bits = 0;
    let mut i = 0;
    while i < table.len() {
        bits |= table[i].0.bits;
        i += 1;
    }
    bits
}

impl<L> Clone for ButtonSet<L> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<L> Copy for ButtonSet<L> {}

impl<L> PartialEq for ButtonSet<L> {
    fn eq(&self, other: &Self) -> bool {
        self.bits == other.bits
    }
}

impl<L> Eq for ButtonSet<L> {}

impl<L> Hash for ButtonSet<L> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.bits.hash(state);
    }
}

impl<L: Layout> Default for ButtonSet<L> {
    fn default() -> Self {
        Self::NONE
    }
}

impl<L: Layout> core::ops::BitOr for ButtonSet<L> {
    type Output = Self;
    fn bitor(self, rhs: Self) -> Self {
        self.union(rhs)
    }
}

/// `A+B`-style names in the layout's order, `none` for none: the form the log uses.
impl<L: Layout> fmt::Display for ButtonSet<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for &(b, name) in L::BUTTONS {
            if self.contains(b) {
                if !first {
                    f.write_str("+")?;
                }
                f.write_str(name)?;
                first = false;
            }
        }
        if first {
            f.write_str("none")?;
        }
        Ok(())
    }
}

impl<L: Layout> fmt::Debug for ButtonSet<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({self})", L::TYPE_NAME)
    }
}

#[cfg(test)]
mod tests {
    use super::super::si::{GcPad, PadButtons};
    use super::super::wiimote::extension::{ExtButtons, Extension};
    use super::super::wiimote::{Buttons, CoreButtons};
    use super::*;
    use std::format;

    /// Every mask of a layout is one bit, no two buttons share it, and no two share a name.
    fn table_is_a_layout<L: Layout>() {
        let t = L::BUTTONS;
        for (i, (b, name)) in t.iter().enumerate() {
            assert_eq!(b.bits().count_ones(), 1, "{name} is one bit");
            for (c, other) in &t[i + 1..] {
                assert_ne!(b.bits(), c.bits(), "{name} and {other} share a bit");
                assert_ne!(name, other);
            }
        }
    }

    #[test]
    fn each_controller_table_is_single_distinct_bits() {
        table_is_a_layout::<GcPad>();
        table_is_a_layout::<CoreButtons>();
        table_is_a_layout::<Extension>();
    }

    #[test]
    fn all_is_the_union_of_the_sources_button_bits() {
        // libogc pad.h PAD_BUTTON_* / PAD_TRIGGER_*: 0x0001..0x0040 and 0x0100..0x1000.
        assert_eq!(PadButtons::ALL.bits(), 0x1F7F);
        // WiiBrew "Wiimote", Buttons: bits 0-4, 7 of the low byte, 0-4 of the high byte.
        assert_eq!(Buttons::ALL.bits(), 0x1F9F);
        // Ours: 21 buttons and stick directions, bits 0-20.
        assert_eq!(ExtButtons::ALL.bits(), (1 << 21) - 1);
    }

    #[test]
    fn from_bits_drops_what_is_not_a_button() {
        // The pad's 0x0080 (origin in use) and 0x2000 (get origin) are not buttons.
        assert_eq!(
            PadButtons::from_bits(0x2080 | 0x0100),
            PadButtons::A,
            "A only"
        );
        // The remote's accelerometer bits 5-6 and 13-14.
        assert_eq!(Buttons::from_bits(0x6060), Buttons::NONE);
        assert_eq!(Buttons::from_bits(0x6068), Buttons::A);
    }

    #[test]
    fn set_operations_work_on_the_bits() {
        let ab = PadButtons::A | PadButtons::B;
        assert!(ab.contains(PadButtons::A));
        assert!(ab.contains(ab));
        assert!(!ab.contains(PadButtons::X));
        assert!(
            !ab.contains(PadButtons::NONE),
            "the empty set is never held"
        );
        assert_eq!(ab.difference(PadButtons::A), PadButtons::B);
        assert!(ab.difference(ab).is_empty());
        assert!(!ab.is_empty());
        assert_eq!(PadButtons::default(), PadButtons::NONE);
    }

    #[test]
    fn the_log_form_names_buttons_in_the_tables_order() {
        assert_eq!(format!("{}", PadButtons::START | PadButtons::A), "A+START");
        assert_eq!(format!("{:?}", PadButtons::NONE), "PadButtons(none)");
        assert_eq!(format!("{}", Buttons::TWO | Buttons::PLUS), "2++");
        assert_eq!(format!("{:?}", Buttons::HOME), "Buttons(HOME)");
        assert_eq!(
            format!("{:?}", ExtButtons::STICK_UP | ExtButtons::ZL),
            "ExtButtons(ZL+STICK_UP)"
        );
    }
}
