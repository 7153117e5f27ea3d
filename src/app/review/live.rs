//! The review followed during the match (issue 27 part 5: "computed on the Wii within the frame
//! budget, during the match in spare time"): each frame of a match with a person, after the
//! match's own update, the review's walk ([`MatchReview::follow`]) reads the match log as far
//! as it goes, with its own scratch (`Ctx::review_ai`), in what is left of the frame's thinking
//! budget: slices until the frame's end on the clock (`Ctx::frame_end_us`, the budget from the
//! frame's start, so a frame the computer thought to its budget gets nothing), the clock read
//! before each slice, so a frame overshoots by at most one slice; without a clock a fixed count
//! (host tests). Owns that schedule; must not touch the match, the log or the figures.

use super::walk::{MatchReview, Status};
use super::{SENAS_UNITS_PER_FRAME, SENET_UNITS_PER_FRAME};
use crate::app::computer::{self, Allowance};
use crate::app::context::Ctx;

/// One frame's spare-time work on `walk` over the match log so far.
pub fn follow(walk: &mut MatchReview, ctx: &mut Ctx) {
    let (fixed, per_ms) = if walk.is_senas() {
        (SENAS_UNITS_PER_FRAME, computer::SENAS_WORK_PER_MS)
    } else {
        (SENET_UNITS_PER_FRAME, computer::SENET_WORK_PER_MS)
    };
    let log = ctx.record.text();
    let allow = match (ctx.frame_end_us, ctx.clock) {
        (Some(until_us), Some(clock)) => Allowance::Until {
            clock,
            until_us,
            slice: computer::slice(per_ms),
        },
        _ => computer::allowance(ctx.budget_us, None, fixed, per_ms),
    };
    match allow {
        Allowance::Units(n) => {
            walk.follow(ctx.review_ai, log, n);
        }
        Allowance::Until {
            clock,
            until_us,
            slice,
        } => {
            while clock.now_us() < until_us {
                if walk.follow(ctx.review_ai, log, slice) != Status::Working {
                    break;
                }
            }
        }
    }
}
