//! The GX abort sequence (a hung or foreign GP is stopped before the FIFO is set up, and when
//! the GPU guard gives up on it): wait until the pixel engine stops writing memory, then pulse
//! the PI FIFO reset. Owns the order and the timing only, over [`AbortPort`]; the registers are
//! `fifo.rs`'s (the only file of `wii::gx` that touches hardware), a fake in the tests below.
//! Reference: libogc `libogc/gx.c`, the Wii `__GX_Abort`: `__GX_WaitAbortPixelEngine` (read
//! memory counter 39 until two reads 8 ticks apart agree), then `_piReg[6] = 1`,
//! `__GX_WaitAbort(50)`, `_piReg[6] = 0`, `__GX_WaitAbort(5)`, all in timebase ticks.

/// What the sequence touches.
pub trait AbortPort {
    /// The memory interface's counter of pixel-engine memory requests (libogc
    /// `__GX_ReadMemCounterU32(39)`: `_memReg[39]` high half, `_memReg[40]` low half).
    fn pe_memory_counter(&mut self) -> u32;
    /// Drives PI_FIFO_RESET (libogc `_piReg[6]`).
    fn set_fifo_reset(&mut self, on: bool);
    /// The timebase.
    fn ticks(&mut self) -> u64;
}

/// Ticks between two counter reads (libogc `__GX_WaitAbort(8)`).
pub const PE_SAMPLE_TICKS: u64 = 8;
/// The longest the pixel engine is waited for: 1 ms of the 60.75 MHz timebase. libogc waits
/// without a limit; a GP that never goes idle must not hang the guard or the boot.
pub const PE_IDLE_MAX_TICKS: u64 = 60_750;
/// PI_FIFO_RESET is held this long (libogc `__GX_WaitAbort(50)`).
pub const RESET_HOLD_TICKS: u64 = 50;
/// And the GP is given this long after the release (libogc `__GX_WaitAbort(5)`).
pub const RESET_SETTLE_TICKS: u64 = 5;

/// How the pixel-engine wait ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeIdle {
    /// Two reads `PE_SAMPLE_TICKS` apart agreed.
    Idle,
    /// The counter still moved after `PE_IDLE_MAX_TICKS`.
    GaveUp,
}

fn wait_ticks(port: &mut impl AbortPort, n: u64) {
    let t0 = port.ticks();
    while port.ticks().wrapping_sub(t0) < n {}
}

/// Runs the abort: the pixel-engine wait, then the reset pulse.
pub fn abort(port: &mut impl AbortPort) -> PeIdle {
    let start = port.ticks();
    let mut count = port.pe_memory_counter();
    let idle = loop {
        wait_ticks(port, PE_SAMPLE_TICKS);
        let next = port.pe_memory_counter();
        if next == count {
            break PeIdle::Idle;
        }
        if port.ticks().wrapping_sub(start) >= PE_IDLE_MAX_TICKS {
            break PeIdle::GaveUp;
        }
        count = next;
    };
    port.set_fifo_reset(true);
    wait_ticks(port, RESET_HOLD_TICKS);
    port.set_fifo_reset(false);
    wait_ticks(port, RESET_SETTLE_TICKS);
    idle
}

#[cfg(test)]
mod tests {
    use super::*;
    extern crate std;
    use std::vec::Vec;

    #[derive(Debug, PartialEq, Eq)]
    enum Ev {
        Counter(u32),
        Reset(bool, u64),
    }

    /// A GP whose pixel engine writes memory until `busy_until` (the counter moves by one per
    /// tick until then); every access advances the clock by one tick.
    struct FakeGp {
        now: u64,
        busy_until: u64,
        log: Vec<Ev>,
    }

    impl AbortPort for FakeGp {
        fn pe_memory_counter(&mut self) -> u32 {
            self.now += 1;
            let c = self.now.min(self.busy_until) as u32;
            self.log.push(Ev::Counter(c));
            c
        }
        fn set_fifo_reset(&mut self, on: bool) {
            self.now += 1;
            self.log.push(Ev::Reset(on, self.now));
        }
        fn ticks(&mut self) -> u64 {
            self.now += 1;
            self.now
        }
    }

    fn resets(gp: &FakeGp) -> Vec<(bool, u64)> {
        gp.log
            .iter()
            .filter_map(|e| match e {
                Ev::Reset(on, t) => Some((*on, *t)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_fifo_is_reset_only_after_the_pixel_engine_stopped_writing_memory() {
        let mut gp = FakeGp {
            now: 0,
            busy_until: 500,
            log: Vec::new(),
        };
        assert_eq!(abort(&mut gp), PeIdle::Idle);
        let r = resets(&gp);
        assert_eq!(r.len(), 2, "{:?}", gp.log);
        assert!(r[0].0 && !r[1].0, "set, then release");
        assert!(
            r[0].1 > 500,
            "the reset came at tick {} while the PE wrote",
            r[0].1
        );
        // The last two counter reads before the reset agree.
        let reads: Vec<u32> = gp
            .log
            .iter()
            .take_while(|e| matches!(e, Ev::Counter(_)))
            .map(|e| match e {
                Ev::Counter(c) => *c,
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(reads[reads.len() - 1], reads[reads.len() - 2]);
    }

    #[test]
    fn the_reset_is_held_and_released_for_libogcs_50_and_5_ticks() {
        let mut gp = FakeGp {
            now: 0,
            busy_until: 0,
            log: Vec::new(),
        };
        abort(&mut gp);
        let r = resets(&gp);
        let held = r[1].1 - r[0].1;
        assert!(
            (RESET_HOLD_TICKS..RESET_HOLD_TICKS + 4).contains(&held),
            "held {held}"
        );
        let settle_end = gp.now;
        assert!(settle_end - r[1].1 >= RESET_SETTLE_TICKS);
        assert_eq!((RESET_HOLD_TICKS, RESET_SETTLE_TICKS), (50, 5));
    }

    #[test]
    fn a_pixel_engine_that_never_goes_idle_is_given_up_after_a_millisecond() {
        let mut gp = FakeGp {
            now: 0,
            busy_until: u64::MAX,
            log: Vec::new(),
        };
        assert_eq!(abort(&mut gp), PeIdle::GaveUp);
        let r = resets(&gp);
        assert_eq!(r.len(), 2, "the FIFO is still reset");
        assert!(r[0].1 >= PE_IDLE_MAX_TICKS && r[0].1 < PE_IDLE_MAX_TICKS + 64);
    }
}
