//! A person's senet turn: pointing or the D-pad's focus (squares 1 to 30 and the exit), picking
//! a piece up and putting it down checked by `senet::check_move` (a refusal shows the engine's
//! sentence), B to put it back, the hint with 1 (what the Normal computer would play, lit and
//! in words), and the lit squares (the picked piece's target, else the pieces that can move).
//! A picked move goes through the tutor (`ask.rs`). The turn flow around it lives in
//! `flow.rs`; it must not draw.

use crate::ai::senet_game::Senet;
use crate::games::senet::{check_move, Move, Throw, LAST, OFF};

use crate::app::context::Ctx;
use crate::app::controls::Act;
use crate::app::events::Event;
use crate::app::input::Buttons;
use crate::app::notice::Tone;
use crate::app::refusals::senet_sentence;
use crate::app::seats::Seats;
use crate::app::strings::fill;
use crate::app::text::Text;

use super::flow::{Phase, SenetMatch};

impl SenetMatch {
    pub(super) fn human(&mut self, ctx: &mut Ctx, act: &Act) {
        let Some(throw) = self.throw else {
            return;
        };
        if self.tutor.busy() {
            return;
        }
        let t = ctx.t;
        if act.pressed(Buttons::ONE) && self.seats.ask_hint(&mut self.scratch, &self.pos, &throw) {
            self.hint_move = None;
            self.message.set(t.hint_thinking);
            self.notice.clear_info();
        }
        if self.seats.hint_thinking() {
            let work = Seats::<Senet>::allowance(ctx);
            if let Some(mv) = self.seats.hint_step(&mut self.scratch, work) {
                self.show_hint(ctx, mv);
            }
        }
        let layout = crate::gfx::SenetLayout::new(ctx.aspect);
        let hovered = act.pointer.and_then(|p| {
            if layout.is_over_exit(p.x, p.y) {
                Some(OFF)
            } else {
                layout.square_at(p.x, p.y).map(|i| i + 1)
            }
        });
        if let Some(s) = hovered {
            self.focus = s;
        }
        let step = act.horizontal() as i16 + act.vertical() as i16 * 10;
        if step != 0 {
            self.focus = (self.focus as i16 + step).clamp(1, OFF as i16) as u8;
        }
        if act.pressed(Buttons::B) {
            self.selected = None;
            return;
        }
        if act.pressed(Buttons::A) {
            let spot = hovered.unwrap_or(self.focus);
            self.pick(ctx, throw, spot);
        }
    }

    /// Shows the hint: its squares lit on the board, and in words ("square 9 to square 11").
    fn show_hint(&mut self, ctx: &Ctx, mv: Move) {
        let t = ctx.t;
        if mv.is_pass() {
            self.message.set(t.hint_none);
            return;
        }
        self.hint_move = Some(mv);
        self.hint_found(mv);
        let mut m: Text<96> = Text::new();
        if mv.bears_off() {
            fill(&mut m, t.senet_hint_off, &[&mv.from()]);
        } else {
            fill(&mut m, t.senet_hint, &[&mv.from(), &mv.to()]);
        }
        self.message = m;
    }

    fn movable(&self, square: u8) -> bool {
        self.moves
            .iter()
            .any(|m| !m.is_pass() && m.from() == square)
    }

    /// A pressed on square `spot` (1..=30, or `OFF` for the exit).
    pub(super) fn pick(&mut self, ctx: &mut Ctx, throw: Throw, spot: u8) {
        let d = throw.distance();
        let Some(from) = self.selected else {
            if spot == OFF {
                let t = ctx.t;
                self.say(ctx, Tone::Refusal, t.pick_first, &[]);
            } else if self.movable(spot) {
                self.selected = Some(spot);
                ctx.cue(Event::PiecePicked(self.mover_by()));
            } else {
                let to = if spot + d > LAST { OFF } else { spot + d };
                let back = spot.saturating_sub(d);
                let err = match check_move(&self.pos, throw, spot, to) {
                    Err(e) => Some(e),
                    Ok(_) => check_move(&self.pos, throw, spot, back).err(),
                };
                if let Some(e) = err {
                    let r = senet_sentence(ctx.t.refusals, e);
                    self.say(ctx, Tone::Refusal, "{}", &[&r.as_str()]);
                }
            }
            return;
        };
        if spot == from {
            self.selected = None;
            return;
        }
        match check_move(&self.pos, throw, from, spot) {
            Ok(mv) => self.play_human(ctx, mv),
            Err(_) if self.movable(spot) => self.selected = Some(spot),
            Err(e) => {
                let r = senet_sentence(ctx.t.refusals, e);
                self.say(ctx, Tone::Refusal, "{}", &[&r.as_str()]);
            }
        }
    }

    /// Lit squares (bit s - 1 for square s, bit 30 for the exit): the target of the picked
    /// piece, else every piece that can move.
    pub(super) fn highlights(&self) -> u32 {
        if !matches!(self.phase, Phase::Human) {
            return 0;
        }
        let bit = |s: u8| if s == OFF { 1 << 30 } else { 1u32 << (s - 1) };
        self.moves
            .iter()
            .filter(|m| !m.is_pass())
            .fold(0, |mask, m| match self.selected {
                Some(f) if m.from() == f => mask | bit(m.to()),
                Some(_) => mask,
                None => mask | bit(m.from()),
            })
    }
}
