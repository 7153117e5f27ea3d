//! The timebase clock: 60.75 MHz on the Wii (bus 243 MHz / 4; GameCube code that assumes
//! 40.5 MHz is wrong here). Reading it is the only job of this file; the boot instant is
//! recorded once by `Wii::take`. On the host `ticks()` returns 0.

use core::sync::atomic::{AtomicU32, Ordering};
use core::time::Duration;

/// Timebase ticks per second on the Wii.
pub const TICKS_PER_SECOND: u64 = 60_750_000;

static BOOT_HI: AtomicU32 = AtomicU32::new(0);
static BOOT_LO: AtomicU32 = AtomicU32::new(0);

/// The 64-bit timebase (the upper half is re-read so a carry between the reads is seen).
pub fn ticks() -> u64 {
    #[cfg(target_arch = "powerpc")]
    loop {
        let (hi, lo, hi2): (u32, u32, u32);
        // SAFETY: mftbu/mftb only read the timebase registers.
        unsafe {
            core::arch::asm!("mftbu {0}", "mftb {1}", "mftbu {2}",
                out(reg) hi, out(reg) lo, out(reg) hi2, options(nomem, nostack))
        };
        if hi == hi2 {
            return (u64::from(hi) << 32) | u64::from(lo);
        }
    }
    #[cfg(not(target_arch = "powerpc"))]
    0
}

/// Microseconds of the timebase (since the console started it): the clock the app's computer
/// players think against (`app::Clock`).
pub fn micros() -> u64 {
    // 1 tick = 1e6 / 60.75e6 us = 4 / 243 us; no overflow for 2^62 ticks (2.4 thousand years).
    ticks() * 4 / 243
}

/// Converts timebase ticks to a `Duration` (exact to the nanosecond below 2^64 ns).
pub const fn ticks_to_duration(ticks: u64) -> Duration {
    // 1 tick = 1e9 / 60.75e6 ns = 4000 / 243 ns.
    let nanos = (ticks as u128 * 4000 / 243) as u64;
    Duration::from_nanos(nanos)
}

/// Converts a `Duration` to timebase ticks (rounded down).
pub const fn duration_to_ticks(d: Duration) -> u64 {
    (d.as_nanos() * 243 / 4000) as u64
}

/// Records "now" as the boot instant (called once, at start-up).
pub fn mark_boot() {
    let t = ticks();
    BOOT_HI.store((t >> 32) as u32, Ordering::Relaxed);
    BOOT_LO.store(t as u32, Ordering::Relaxed);
}

/// Timebase value at boot (0 if `mark_boot` never ran).
pub fn boot_ticks() -> u64 {
    (u64::from(BOOT_HI.load(Ordering::Relaxed)) << 32) | u64::from(BOOT_LO.load(Ordering::Relaxed))
}

/// Time since boot.
pub fn since_boot() -> Duration {
    ticks_to_duration(ticks().wrapping_sub(boot_ticks()))
}

/// A point in time on the timebase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Instant(u64);

impl Instant {
    /// Now.
    pub fn now() -> Self {
        Instant(ticks())
    }

    /// An instant from a raw timebase value.
    pub const fn from_ticks(ticks: u64) -> Self {
        Instant(ticks)
    }

    /// The raw timebase value.
    pub const fn ticks(self) -> u64 {
        self.0
    }

    /// Time from `earlier` to `self` (zero if `earlier` is later).
    pub fn since(self, earlier: Instant) -> Duration {
        ticks_to_duration(self.0.saturating_sub(earlier.0))
    }

    /// Time since `self`.
    pub fn elapsed(self) -> Duration {
        Instant::now().since(self)
    }
}

/// Busy-waits for `d` (no interrupts needed).
pub fn delay(d: Duration) {
    let start = ticks();
    let wait = duration_to_ticks(d);
    while ticks().wrapping_sub(start) < wait {
        core::hint::spin_loop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_second_of_ticks_is_sixty_point_seven_five_million() {
        assert_eq!(ticks_to_duration(TICKS_PER_SECOND), Duration::from_secs(1));
        assert_eq!(duration_to_ticks(Duration::from_secs(1)), TICKS_PER_SECOND);
    }

    #[test]
    fn a_millisecond_is_60750_ticks() {
        assert_eq!(duration_to_ticks(Duration::from_millis(1)), 60_750);
        assert_eq!(ticks_to_duration(60_750), Duration::from_millis(1));
    }

    #[test]
    fn instants_measure_forward_and_clamp_backward() {
        let a = Instant::from_ticks(1_000);
        let b = Instant::from_ticks(1_000 + 60_750 * 16);
        assert_eq!(b.since(a), Duration::from_millis(16));
        assert_eq!(a.since(b), Duration::ZERO);
    }
}
