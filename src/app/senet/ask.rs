//! The tutor in a senet match (issue 27 part 5): a person's legal move is judged when it is
//! picked (every move of the throw is one evaluation: no search, no frames), and when it loses
//! at least `coach::BLUNDER_PERMILLE` against the best move for the same throw the match waits
//! for "Take it back" (the piece is put back, the same throw, nothing logged) or "Play it
//! anyway" (exactly that move). Never asked: with the tutor off, in demos (`Ctx::tutor`), for
//! the computer, when one move (or none) is legal, for a winning move, for the best move. Also
//! the hint's win chance (the chance bar). Must not draw; the question itself is the app's
//! (`match_scene.rs`, `confirm.rs`).

use crate::ai::coach;
use crate::ai::senet_game::Senet;
use crate::games::senet::{apply, Move};

use crate::app::context::Ctx;
use crate::app::tutor::Tutor;

use super::flow::{Phase, SenetMatch};

impl SenetMatch {
    /// The mover's win chance after `mv` (per mille).
    fn chance_of(&self, mv: Move) -> u16 {
        coach::chance_after::<Senet>(&self.pos, &apply(&self.pos, mv))
    }

    /// The hint `mv` was found: its win chance is kept for the bar.
    pub(super) fn hint_found(&mut self, mv: Move) {
        let c = self.chance_of(mv);
        self.tutor.hint_found(mv, c);
    }

    /// The chance bar's figure: while the hint is shown to a person.
    pub fn hint_chance(&self) -> Option<u16> {
        if !matches!(self.phase, Phase::Human) {
            return None;
        }
        self.tutor.hint_chance(self.hint_move)
    }

    /// A person's legal move `mv`: played, or questioned first when it is a blunder.
    pub(super) fn play_human(&mut self, ctx: &mut Ctx, mv: Move) {
        match self.blunder(ctx, mv) {
            Some(loss) => {
                ctx.note(format_args!(
                    "event=tutor game=senet move={mv} loss={loss} ask=1"
                ));
                self.tutor.ask(mv, loss);
            }
            None => self.execute(ctx, mv, "human"),
        }
    }

    /// What `mv` loses against the best move of the throw, when the tutor questions it.
    fn blunder(&self, ctx: &Ctx, mv: Move) -> Option<u16> {
        let real = self.moves.iter().filter(|m| !m.is_pass()).count();
        if !ctx.tutor || real < 2 || mv.is_pass() {
            return None;
        }
        let side = self.pos.side_to_move();
        if apply(&self.pos, mv).winner() == Some(side) {
            return None;
        }
        let chosen = self.chance_of(mv);
        let best = self
            .moves
            .iter()
            .map(|&m| self.chance_of(m))
            .max()
            .unwrap_or(chosen);
        Tutor::<Move>::blunder(true, best, chosen)
    }

    /// The tutor's question waiting for its answer: the win chance lost (per mille).
    pub fn tutor_question(&self) -> Option<u16> {
        self.tutor.question()
    }

    /// The answer: `play` the questioned move, or take it back (the piece put down again, the
    /// same throw, nothing logged).
    pub fn tutor_answer(&mut self, ctx: &mut Ctx, play: bool) {
        let Some(mv) = self.tutor.answered() else {
            return;
        };
        self.selected = None;
        if play && matches!(self.phase, Phase::Human) {
            self.execute(ctx, mv, "human");
        }
    }
}
