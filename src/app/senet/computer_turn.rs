//! The computer's senet turn: its search stepped across frames by the side's seat, the
//! decision logged with the question it was asked (position and throw), then the move carried
//! out as a person's is (`execute` in `flow.rs`). Where the rules left the search nothing, the
//! only move is played.

use crate::ai::senet_game::Senet;

use crate::app::computer::Thought;
use crate::app::context::{Ctx, DecisionLog};
use crate::app::seats::Seats;

use super::flow::SenetMatch;

impl SenetMatch {
    /// One frame of the computer's search for the side to move.
    pub(super) fn think(&mut self, ctx: &mut Ctx) {
        let side = self.pos.side_to_move();
        let work = Seats::<Senet>::allowance(ctx);
        match self.seats.think(side.index(), &mut self.scratch, work) {
            Thought::Thinking => {}
            Thought::Done(mv) => {
                let thinker = self.seats.thinker(side.index());
                ctx.log_decision(&DecisionLog {
                    game: "senet",
                    kind: thinker.kind(),
                    frames: thinker.frames(),
                    nodes: thinker.last_nodes(),
                    id: self.turns + 1,
                    position: &self.pos.code(),
                    roll: &self.throw.unwrap_or(mv.throw()),
                    turn: &format_args!("move={mv}"),
                });
                self.execute(ctx, mv, "cpu")
            }
            Thought::Nothing => {
                if let Some(&mv) = self.moves.first() {
                    self.execute(ctx, mv, "cpu");
                }
            }
        }
    }
}
