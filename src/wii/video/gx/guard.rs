//! The GPU-hang guard: a pure state machine fed with each frame's draw-done result. After
//! `LIMIT` consecutive draw-done timeouts the GP is taken for hung: the caller stops feeding
//! the FIFO for good (a hung GP no longer reads it, and with CP overflow interrupts off the
//! CPU would overwrite unread commands after a few frames), aborts the GP, and draws with the
//! soft renderer instead, so a GX fault shows a working game and one `event=gx_fallback` log
//! line, not a black screen. A frame that reaches draw-done resets the count. Touches nothing.

/// Consecutive timed-out frames (250 ms each) before falling back: three frames that never
/// finish are a GP that stopped, not a slow frame (a busy frame takes under 2 ms).
pub const LIMIT: u32 = 3;

/// Which renderer draws the next frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Renderer {
    Gpu,
    Soft,
}

/// What the caller must do after reporting a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Go on as before.
    Continue,
    /// The GP is hung as of this frame: stop feeding it, abort it, log, switch to soft.
    FallBack { timeouts: u32 },
}

/// Counts consecutive draw-done timeouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GpuGuard {
    consecutive: u32,
    fallen_back: bool,
}

impl GpuGuard {
    /// A guard that trusts the GPU.
    pub const fn new() -> Self {
        GpuGuard {
            consecutive: 0,
            fallen_back: false,
        }
    }

    /// The renderer for the next frame.
    pub const fn renderer(&self) -> Renderer {
        if self.fallen_back {
            Renderer::Soft
        } else {
            Renderer::Gpu
        }
    }

    /// Reports one GPU frame. Says `FallBack` exactly once, on the `LIMIT`th timeout in a row;
    /// after it, reports change nothing (the GPU is not used again).
    pub fn report(&mut self, timed_out: bool) -> Verdict {
        if self.fallen_back {
            return Verdict::Continue;
        }
        if !timed_out {
            self.consecutive = 0;
            return Verdict::Continue;
        }
        self.consecutive += 1;
        if self.consecutive >= LIMIT {
            self.fallen_back = true;
            Verdict::FallBack {
                timeouts: self.consecutive,
            }
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_timeouts_in_a_row_switch_to_the_soft_renderer_once() {
        let mut g = GpuGuard::new();
        assert_eq!(g.renderer(), Renderer::Gpu);
        assert_eq!(g.report(true), Verdict::Continue);
        assert_eq!(g.report(true), Verdict::Continue);
        assert_eq!(g.renderer(), Renderer::Gpu);
        assert_eq!(g.report(true), Verdict::FallBack { timeouts: 3 });
        assert_eq!(g.renderer(), Renderer::Soft);
        // Later reports (there should be none) neither repeat the verdict nor return to GX.
        assert_eq!(g.report(true), Verdict::Continue);
        assert_eq!(g.report(false), Verdict::Continue);
        assert_eq!(g.renderer(), Renderer::Soft);
    }

    #[test]
    fn a_finished_frame_resets_the_count() {
        let mut g = GpuGuard::new();
        for _ in 0..100 {
            assert_eq!(g.report(true), Verdict::Continue);
            assert_eq!(g.report(true), Verdict::Continue);
            assert_eq!(g.report(false), Verdict::Continue);
        }
        assert_eq!(g.renderer(), Renderer::Gpu);
    }
}
