//! The stack high-water mark: `_start` (start.rs) paints the unused stack with `PAINT` before
//! any Rust code runs; `high_water_bytes` finds the deepest word that is no longer the pattern
//! (the stack grows down from `__stack_top` to `__stack_bottom`, link.ld). Owns reading that
//! region only; it never writes the stack. A common embedded technique (stack painting); the
//! pattern is ours. The once-a-second figure is a sampled scan (`SAMPLE_STRIDE`); the exact
//! one reads every untouched word (up to the whole 1 MiB stack: 3-6 ms and an evicted L2 on a
//! console, audit 2 N11) and runs once, at exit.

/// The word `_start` writes over the unused stack.
pub const PAINT: u32 = 0xA5A5_A5A5;

/// Bytes used at the deepest point, for a stack of `words` words read bottom-up by `read(i)`
/// (word 0 at the lowest address): everything from the first word that is not `PAINT` up to
/// the top counts as used.
pub fn deepest_use(words: usize, read: impl Fn(usize) -> u32) -> usize {
    let untouched = (0..words).take_while(|&i| read(i) == PAINT).count();
    (words - untouched) * 4
}

/// Words between two reads of the sampled scan (1 KiB).
pub const SAMPLE_STRIDE: usize = 256;

/// As [`deepest_use`], reading only every `stride`-th word from the bottom up to the first
/// that is not `PAINT`, then every word of the stride below it: about `words / stride + stride`
/// reads instead of up to `words`. It can only miss a deeper write that lies below a painted
/// run of `stride` words or more (a large buffer a deep frame reserved but never wrote), so it
/// never reports more than [`deepest_use`] and reports the same for a stack used contiguously.
pub fn deepest_use_sampled(words: usize, stride: usize, read: impl Fn(usize) -> u32) -> usize {
    let stride = stride.max(1);
    let hit = (0..words).step_by(stride).find(|&i| read(i) != PAINT);
    let (from, to) = match hit {
        Some(i) => (i.saturating_sub(stride - 1), i),
        // Every sample painted: only the words above the last sample are left to read.
        None => (words.saturating_sub(1) / stride * stride + 1, words),
    };
    let untouched = from + (from..to).take_while(|&i| read(i) == PAINT).count();
    (words - untouched.min(words)) * 4
}

/// The scan of the once-a-second log line: sampled every [`SAMPLE_STRIDE`] words.
pub fn line_figure(words: usize, read: impl Fn(usize) -> u32) -> usize {
    deepest_use_sampled(words, SAMPLE_STRIDE, read)
}

/// The stack's high-water mark in bytes for the once-a-second log line ([`line_figure`]; 0 on
/// the host).
pub fn high_water_bytes() -> usize {
    scan(|words, read| line_figure(words, read))
}

/// The exact high-water mark (every untouched word read): once, at exit (0 on the host).
pub fn high_water_bytes_exact() -> usize {
    scan(|words, read| deepest_use(words, read))
}

fn scan(how: impl Fn(usize, &dyn Fn(usize) -> u32) -> usize) -> usize {
    #[cfg(target_arch = "powerpc")]
    {
        extern "C" {
            static __stack_bottom: u32;
            static __stack_top: u32;
        }
        // Only the symbols' addresses are taken, never their values.
        let bottom = core::ptr::addr_of!(__stack_bottom) as usize;
        let top = core::ptr::addr_of!(__stack_top) as usize;
        let words = (top - bottom) / 4;
        how(words, &|i| {
            // SAFETY: both scans read only `i < words`, so `bottom + 4 i` lies inside the stack section of link.ld,
            // mapped RAM and word aligned; a volatile read of a word we may also use is harmless.
            unsafe { core::ptr::read_volatile((bottom as *const u32).add(i)) }
        })
    }
    #[cfg(not(target_arch = "powerpc"))]
    {
        let _ = how;
        0
    }
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
        assert_eq!(deepest_use_sampled(8, 3, |_| 0), 32);
    }

    /// A 1 MiB stack (link.ld) used contiguously from the top down to `used` words.
    fn megabyte_stack(used: usize) -> impl Fn(usize) -> u32 {
        const WORDS: usize = 1 << 18;
        move |i| {
            if i >= WORDS - used {
                0x8000_1234
            } else {
                PAINT
            }
        }
    }

    #[test]
    fn the_once_a_second_scan_reads_a_few_thousand_words_of_a_megabyte_stack_and_agrees() {
        const WORDS: usize = 1 << 18;
        for used in [0, 1, 255, 256, 257, 31_500, WORDS - 1, WORDS] {
            let reads = core::cell::Cell::new(0usize);
            let stack = megabyte_stack(used);
            let counted = |i| {
                reads.set(reads.get() + 1);
                stack(i)
            };
            let got = deepest_use_sampled(WORDS, SAMPLE_STRIDE, counted);
            assert_eq!(got, deepest_use(WORDS, &stack), "used {used}");
            assert!(
                reads.get() <= WORDS / SAMPLE_STRIDE + SAMPLE_STRIDE,
                "used {used}: {} reads (the exact scan reads up to {WORDS})",
                reads.get()
            );
        }
    }

    #[test]
    fn the_high_water_line_never_costs_a_full_read_of_the_stack() {
        // What the per-second log line calls: on a 1 MiB stack with 123 KB used (the figure
        // of docs/testing.md's frame line) it reads about 1 300 words, not 225 000.
        const WORDS: usize = 1 << 18;
        let reads = core::cell::Cell::new(0usize);
        let stack = megabyte_stack(31_492);
        let bytes = line_figure(WORDS, |i| {
            reads.set(reads.get() + 1);
            stack(i)
        });
        assert_eq!(bytes, 31_492 * 4);
        assert!(reads.get() < 1_400, "{} reads", reads.get());
    }

    #[test]
    fn the_sampled_scan_never_reports_more_than_the_exact_one() {
        // The deep write of the test above, under a painted run longer than a stride.
        let stack: [u32; 2000] = core::array::from_fn(|i| match i {
            20 => 0,
            1990.. => 1,
            _ => PAINT,
        });
        let exact = deepest_use(2000, |i| stack[i]);
        let sampled = deepest_use_sampled(2000, 256, |i| stack[i]);
        assert!(sampled <= exact);
        assert_eq!(sampled, 10 * 4, "missed the write below 1970 painted words");
        // A stride longer than the stack reads every word, as the exact scan.
        assert_eq!(deepest_use_sampled(2000, 4096, |i| stack[i]), exact);
    }
}
