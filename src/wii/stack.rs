//! The stack high-water mark: `_start` (start.rs) paints the unused stack with `PAINT` before
//! any Rust code runs; `high_water_bytes` finds the deepest word that is no longer the pattern
//! (the stack grows down from `__stack_top` to `__stack_bottom`, link.ld). Owns reading that
//! region only; it never writes the stack. A common embedded technique (stack painting); the
//! pattern is ours.

/// The word `_start` writes over the unused stack.
pub const PAINT: u32 = 0xA5A5_A5A5;

/// Bytes used at the deepest point, for a stack of `words` words read bottom-up by `read(i)`
/// (word 0 at the lowest address): everything from the first word that is not `PAINT` up to
/// the top counts as used.
pub fn deepest_use(words: usize, read: impl Fn(usize) -> u32) -> usize {
    let untouched = (0..words).take_while(|&i| read(i) == PAINT).count();
    (words - untouched) * 4
}

/// The stack's high-water mark in bytes (0 on the host).
pub fn high_water_bytes() -> usize {
    #[cfg(target_arch = "powerpc")]
    {
        extern "C" {
            static __stack_bottom: u32;
            static __stack_top: u32;
        }
        // Only the symbols' addresses are taken, never their values.
        let bottom = core::ptr::addr_of!(__stack_bottom) as usize;
        let top = core::ptr::addr_of!(__stack_top) as usize;
        deepest_use((top - bottom) / 4, |i| {
            // SAFETY: `bottom + 4 i` lies inside the stack section of link.ld, mapped RAM and
            // word aligned; a volatile read of a word we may also use is harmless.
            unsafe { core::ptr::read_volatile((bottom as *const u32).add(i)) }
        })
    }
    #[cfg(not(target_arch = "powerpc"))]
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_untouched_stack_reports_only_its_used_top() {
        // 100 words, the top 10 used.
        let stack: [u32; 100] = core::array::from_fn(|i| if i >= 90 { 7 } else { PAINT });
        assert_eq!(deepest_use(100, |i| stack[i]), 40);
    }

    #[test]
    fn the_deepest_write_counts_even_with_paint_above_it() {
        // A deep call wrote word 20 and returned; words above it look painted again by chance.
        let stack: [u32; 100] = core::array::from_fn(|i| match i {
            20 => 0,
            95.. => 1,
            _ => PAINT,
        });
        assert_eq!(deepest_use(100, |i| stack[i]), 80 * 4);
    }

    #[test]
    fn a_fully_used_stack_reports_all_of_it() {
        assert_eq!(deepest_use(8, |_| 0), 32);
    }
}
