//! The computer's senas part: its search stepped across frames by the side's seat (each
//! decision logged with the question it was asked), then the chosen turn played out one
//! sub-move at a time at a readable pace, the board showing the mover's army move by move. The
//! part's start and end (`begin_part`, `commit`) live in `flow.rs`.

use crate::ai::senas_game::Senas;
use crate::games::senas::{Army, Roll, SubMove, TurnBuilder, TurnMoves, HOLES};

use crate::app::anim::Timer;
use crate::app::computer::Thought;
use crate::app::context::{Ctx, DecisionLog};
use crate::app::seats::Seats;

use super::flow::{Phase, SenasMatch};

impl SenasMatch {
    pub(super) fn think(&mut self, ctx: &mut Ctx) {
        let side = self.pos.side_to_move();
        let work = Seats::<Senas>::allowance(ctx);
        match self.seats.think(side.index(), ctx.ai, work) {
            Thought::Thinking => {}
            Thought::Done(turn) => {
                let thinker = self.seats.thinker(side.index());
                let (kind, frames, nodes) =
                    (thinker.kind(), thinker.frames(), thinker.last_nodes());
                ctx.log_decision(&DecisionLog {
                    game: "senas",
                    kind,
                    frames,
                    nodes,
                    id: self.parts + 1,
                    position: &self.pos.code(),
                    roll: &RollText(self.roll),
                    turn: &format_args!(
                        "moves={} unused={}",
                        TurnMoves { side, turn: &turn },
                        turn.unused()
                    ),
                });
                self.chosen = Some(turn);
                self.phase = Phase::Playing {
                    next: 0,
                    timer: Timer::new(ctx.pace.cpu_pause),
                };
            }
            Thought::Nothing => {
                // No turn at all: play the empty part the builder allows.
                let b = match self.roll {
                    Some(r) => TurnBuilder::for_roll(&mut ctx.ai.gen, &self.pos, &r),
                    None => TurnBuilder::for_gift(&mut ctx.ai.gen, &self.pos),
                };
                if let Ok(t) = b.finish() {
                    self.commit(ctx, t, "cpu");
                }
            }
        }
    }

    pub(super) fn play_out(&mut self, ctx: &mut Ctx, next: u8, mut timer: Timer) {
        let Some(turn) = self.chosen else {
            return;
        };
        if !timer.tick() {
            self.phase = Phase::Playing { next, timer };
            return;
        }
        let sm = turn.sub_moves().nth(usize::from(next));
        match sm {
            Some(sm) => {
                let who = self.mover_by();
                self.fly(ctx, sm, ctx.pace.cpu_step, who);
                self.shown = moved(self.shown, sm);
                let _ = self.played.push(sm);
                self.phase = Phase::Playing {
                    next: next + 1,
                    timer: Timer::new(ctx.pace.cpu_step + ctx.pace.cpu_step / 2),
                };
            }
            None => self.commit(ctx, turn, "cpu"),
        }
    }
}

/// The roll a part is played with, as the decision log writes it: the dice, or `gift`.
struct RollText(Option<Roll>);

impl core::fmt::Display for RollText {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {
            Some(r) => r.fmt(f),
            None => f.write_str("gift"),
        }
    }
}

/// `army` after one (legal) sub-move, for showing a computer's turn step by step.
fn moved(army: Army, sm: SubMove) -> Army {
    let mut counts = army.counts();
    let mut off = army.off();
    let from = usize::from(sm.from);
    counts[from] = counts[from].saturating_sub(1);
    let to = usize::from(sm.to());
    if to < HOLES {
        counts[to] += 1;
    } else {
        off += 1;
    }
    Army::from_counts(&counts, off).unwrap_or(army)
}
