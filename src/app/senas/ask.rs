//! The tutor in a senas match (issue 27 part 5): a person's part is judged as a whole at its
//! final confirm (A), against the best part for the same dice or gift. The best part comes from
//! the hint's sliced search (the Normal computer, `Seats::hint_step`; its part is the one of
//! best win chance, `ai::coach`), stepped over as many frames as it needs while the message
//! line says "The tutor checks the move..." and the person's input waits. A part that loses at
//! least `coach::BLUNDER_PERMILLE` is questioned: "Take it back" returns every sub-move of the
//! part to the person with the same dice (nothing logged), "Play it anyway" commits exactly
//! that part. Never asked: with the tutor off, in demos (`Ctx::tutor`), for the computer, for
//! an empty or winning part, for the best part. Also the hint's win chance (the chance bar).
//! Must not draw; the question itself is the app's (`match_scene.rs`, `confirm.rs`).

use crate::ai::coach;
use crate::ai::senas_game::Senas;
use crate::games::senas::{apply, Turn};

use crate::app::context::Ctx;
use crate::app::seats::Seats;
use crate::app::tutor::Tutor;

use super::flow::{Phase, SenasMatch};

impl SenasMatch {
    /// The mover's win chance after the part `turn` (per mille).
    fn chance_of(&self, turn: &Turn) -> u16 {
        coach::chance_after::<Senas>(&self.pos, &apply(&self.pos, turn))
    }

    /// The hint `turn` was found: its win chance is kept for the bar.
    pub(super) fn hint_found(&mut self, turn: &Turn) {
        let c = self.chance_of(turn);
        self.tutor.hint_found(*turn, c);
    }

    /// The chance bar's figure: while the hint is shown to a person.
    pub fn hint_chance(&self) -> Option<u16> {
        if !matches!(self.phase, Phase::Human) {
            return None;
        }
        self.tutor.hint_chance(self.hint_turn)
    }

    /// A on a complete part: committed, or checked first when the tutor is on.
    pub(super) fn confirm_human(&mut self, ctx: &mut Ctx) {
        let Some(Ok(turn)) = self.builder.as_ref().map(|b| b.finish()) else {
            // No part, or the engine's refusal, which `finish_human` shows.
            self.finish_human(ctx);
            return;
        };
        let side = self.pos.side_to_move();
        if !ctx.tutor || turn.played() == 0 || apply(&self.pos, &turn).winner() == Some(side) {
            self.commit(ctx, turn, "human");
            return;
        }
        // The best part: the hint's search, from its start (a hint being searched is dropped).
        self.seats.cancel_hint();
        self.hint_turn = None;
        let chance = self.chance();
        self.seats.ask_hint(ctx.ai, &self.pos, &chance);
        self.tutor.check(turn);
        self.message.set(ctx.t.tutor_checking);
        self.notice.clear_info();
        self.check_step(ctx);
    }

    /// One frame of the tutor's check, if one runs; `true` while the tutor holds the person's
    /// input (the check runs or the question waits).
    pub(super) fn check_step(&mut self, ctx: &mut Ctx) -> bool {
        let Some((turn, frames)) = self.tutor.checking_frame() else {
            return self.tutor.busy();
        };
        let best = match self.seats.hint_step(ctx.ai, Seats::<Senas>::allowance(ctx)) {
            Some(best) => self.chance_of(&best),
            // The search gave up: nothing to compare with, the part is played.
            None if !self.seats.hint_thinking() => 0,
            None => return true,
        };
        self.tutor.checked();
        self.message.clear();
        let chosen = self.chance_of(&turn);
        match Tutor::<Turn>::blunder(true, best.max(chosen), chosen) {
            Some(loss) => {
                ctx.note(format_args!(
                    "event=tutor game=senas frames={frames} loss={loss} ask=1"
                ));
                self.tutor.ask(turn, loss);
                true
            }
            None => {
                ctx.note(format_args!(
                    "event=tutor game=senas frames={frames} loss={} ask=0",
                    coach::loss(best, chosen)
                ));
                self.commit(ctx, turn, "human");
                false
            }
        }
    }

    /// The tutor's question waiting for its answer: the win chance lost (per mille).
    pub fn tutor_question(&self) -> Option<u16> {
        self.tutor.question()
    }

    /// The answer: `play` the questioned part, or take it back (every sub-move of the part
    /// returned, the same dice or gift, nothing logged).
    pub fn tutor_answer(&mut self, ctx: &mut Ctx, play: bool) {
        let Some(turn) = self.tutor.answered() else {
            return;
        };
        if !matches!(self.phase, Phase::Human) {
            return;
        }
        if play {
            self.commit(ctx, turn, "human");
            return;
        }
        if let Some(b) = self.builder.as_mut() {
            while b.undo().is_some() {}
            self.shown = b.army();
        }
        self.played.clear();
        self.selected = None;
        self.hl_key = None;
    }
}
