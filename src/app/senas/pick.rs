//! A person's senas part: pointing, D-pad focus, picking a piece up and putting it down
//! through the `TurnBuilder` (a refusal shows the engine's sentence), undo with B, confirm
//! with A, hints with 1, and the lit holes (targets of the picked piece, else the pieces that
//! can move). A hint names holes counted from the side's own start (as the board numbers them
//! during a person's part) and lights its sub-moves. A complete part goes through the tutor
//! (`ask.rs`). The turn flow around it lives in `flow.rs`.

use crate::games::senas::{Illegal, SubMove, Turn, HOLES};

use crate::ai::senas_game::Senas;
use crate::app::context::Ctx;
use crate::app::controls::Act;
use crate::app::events::Event;
use crate::app::input::Buttons;
use crate::app::notice::Tone;
use crate::app::reason::SentenceOr;
use crate::app::refusals::senas_sentence;
use crate::app::seats::Seats;

use super::flow::{Phase, SenasMatch, Spot};

impl SenasMatch {
    /// Recomputes the lit holes when the pick or the played sub-moves changed.
    pub(super) fn refresh_highlights(&mut self, ctx: &mut Ctx) {
        if !matches!(self.phase, Phase::Human) || self.builder.is_none() {
            self.hl_key = None;
            self.highlights = 0;
            return;
        }
        let key = (self.selected, self.played.len());
        if self.hl_key == Some(key) {
            return;
        }
        self.hl_key = Some(key);
        self.highlights = match self.selected {
            Some(h) => self.targets(ctx, h),
            None => {
                let side = self.pos.side_to_move();
                let mut mask = 0;
                for (p, &c) in self.shown.counts().iter().enumerate() {
                    if c > 0 && self.first_error(ctx, p as u8).is_none() {
                        mask |= 1 << side.hole(p);
                    }
                }
                mask
            }
        };
    }

    pub(super) fn human(&mut self, ctx: &mut Ctx, act: &Act) {
        if self.check_step(ctx) {
            return;
        }
        let chance = self.chance();
        if act.pressed(Buttons::ONE) && self.seats.ask_hint(ctx.ai, &self.pos, &chance) {
            self.hint_turn = None;
            self.message.set(ctx.t.hint_thinking);
            self.notice.clear_info();
        }
        if self.seats.hint_thinking() {
            // The hint search borrows the scratch; the builder re-uses it after each step.
            if let Some(t) = self.seats.hint_step(ctx.ai, Seats::<Senas>::allowance(ctx)) {
                self.show_hint(ctx, &t);
            }
        }
        let hovered = act.pointer.and_then(|p| self.spot_at(ctx, p.x, p.y));
        if let Some(s) = hovered {
            self.focus = s;
        }
        self.move_focus(act);
        if act.pressed(Buttons::B) {
            if self.selected.take().is_none() {
                if let Some(sm) = self.builder.as_mut().and_then(|b| b.undo()) {
                    self.played.pop();
                    self.shown = self.builder.as_ref().map_or(self.shown, |b| b.army());
                    let side = self.pos.side_to_move();
                    self.selected = Some(side.hole(usize::from(sm.from)) as u8);
                    let t = ctx.t;
                    self.say_t(ctx, Tone::Info, t.senas_undone, &[&sm.die]);
                }
            }
            return;
        }
        if !act.pressed(Buttons::A) {
            return;
        }
        if self.complete() {
            self.confirm_human(ctx);
            return;
        }
        let spot = hovered.unwrap_or(self.focus);
        self.pick(ctx, spot);
    }

    /// Shows the hint: lit on the board, and in words with holes counted from the side's
    /// own start ("hole 1" is where its pieces begin), as the board numbers them.
    fn show_hint(&mut self, ctx: &Ctx, turn: &Turn) {
        let t = ctx.t;
        self.message.set(t.hint_prefix);
        for (k, sm) in turn.sub_moves().enumerate() {
            if k == 6 {
                self.message.push_fmt(format_args!(" ..."));
                break;
            }
            let from = usize::from(sm.from) + 1;
            let to = usize::from(sm.to());
            if to < HOLES {
                self.message.push_fmt(format_args!(" {from}-{}", to + 1));
            } else {
                self.message.push_fmt(format_args!(" {from}-{}", t.off));
            }
        }
        if turn.played() == 0 {
            self.message.set(t.hint_none);
            self.hint_turn = None;
        } else {
            self.hint_turn = Some(*turn);
            self.hint_found(turn);
        }
    }

    /// A pressed on `spot`: pick a piece up, put it down on a target, or explain why not.
    pub(super) fn pick(&mut self, ctx: &mut Ctx, spot: Spot) {
        let side = self.pos.side_to_move();
        let Some(b) = self.builder.as_ref() else {
            return;
        };
        let Some(from_hole) = self.selected else {
            match spot {
                Spot::Tray => {
                    let t = ctx.t;
                    self.say(ctx, Tone::Refusal, format_args!("{}", t.pick_first));
                }
                Spot::Hole(h) => {
                    let from = side.path(usize::from(h)) as u8;
                    match self.first_error(ctx, from) {
                        None => {
                            self.selected = Some(h);
                            ctx.cue(Event::PiecePicked(self.mover_by()));
                        }
                        Some(e) => self.say(
                            ctx,
                            Tone::Refusal,
                            format_args!("{}", senas_sentence(ctx.t.refusals, e)),
                        ),
                    }
                }
            }
            return;
        };
        let from = side.path(usize::from(from_hole)) as u8;
        let result = match spot {
            Spot::Hole(h) if h == from_hole => {
                self.selected = None;
                return;
            }
            Spot::Hole(h) => {
                let to = side.path(usize::from(h)) as u8;
                if to <= from {
                    // Another own piece that can move: pick it up instead.
                    if self.first_error(ctx, to).is_none() {
                        self.selected = Some(h);
                        return;
                    }
                    Err(SentenceOr::Backward)
                } else if to - from > 6 || b.remaining().count(to - from) == 0 {
                    Err(SentenceOr::Engine(Illegal::NoSuchDie))
                } else {
                    let sm = SubMove {
                        from,
                        die: to - from,
                    };
                    match b.check(&mut ctx.ai.gen, sm) {
                        Ok(_) => Ok(sm),
                        Err(e) => {
                            if self.first_error(ctx, to).is_none() {
                                self.selected = Some(h);
                                return;
                            }
                            Err(SentenceOr::Engine(e))
                        }
                    }
                }
            }
            Spot::Tray => {
                let mut first = None;
                let mut ok = None;
                for die in 1..=6u8 {
                    if b.remaining().count(die) == 0 || usize::from(from + die) < HOLES {
                        continue;
                    }
                    let sm = SubMove { from, die };
                    match b.check(&mut ctx.ai.gen, sm) {
                        Ok(_) => {
                            ok = Some(sm);
                            break;
                        }
                        Err(e) => {
                            first.get_or_insert(e);
                        }
                    }
                }
                match ok {
                    Some(sm) => Ok(sm),
                    None => Err(SentenceOr::Engine(first.unwrap_or(Illegal::NoSuchDie))),
                }
            }
        };
        match result {
            Ok(sm) => self.play_sub_move(ctx, sm),
            Err(e) => {
                let t = ctx.t;
                self.say(ctx, Tone::Refusal, format_args!("{}", e.sentence(t)));
            }
        }
    }

    fn play_sub_move(&mut self, ctx: &mut Ctx, sm: SubMove) {
        let Some(b) = self.builder.as_mut() else {
            return;
        };
        if let Err(e) = b.play(&mut ctx.ai.gen, sm) {
            self.say(
                ctx,
                Tone::Refusal,
                format_args!("{}", senas_sentence(ctx.t.refusals, e)),
            );
            return;
        }
        let army = b.army();
        let who = self.mover_by();
        self.hint_turn = None;
        self.fly(ctx, sm, ctx.pace.human_step, who);
        self.shown = army;
        let _ = self.played.push(sm);
        self.selected = None;
        self.notice.clear();
        if army.off() == 15 {
            self.finish_human(ctx);
        } else if self.complete() {
            let t = ctx.t;
            self.say(ctx, Tone::Info, format_args!("{}", t.senas_confirm));
        }
    }

    /// `None` if the piece on path `from` has a legal sub-move, else the reason it has none.
    pub(super) fn first_error(&self, ctx: &mut Ctx, from: u8) -> Option<Illegal> {
        let b = self.builder.as_ref()?;
        let mut err = None;
        for die in 1..=6u8 {
            if b.remaining().count(die) == 0 {
                continue;
            }
            match b.check(&mut ctx.ai.gen, SubMove { from, die }) {
                Ok(_) => return None,
                Err(e) => {
                    err.get_or_insert(e);
                }
            }
        }
        Some(err.unwrap_or(Illegal::NoSuchDie))
    }

    /// Legal targets of the piece on physical hole `hole`: bit per hole, bit 24 for the tray.
    pub(super) fn targets(&self, ctx: &mut Ctx, hole: u8) -> u32 {
        let Some(b) = self.builder.as_ref() else {
            return 0;
        };
        let side = self.pos.side_to_move();
        let from = side.path(usize::from(hole)) as u8;
        let mut mask = 0;
        for die in 1..=6u8 {
            if b.remaining().count(die) > 0
                && b.check(&mut ctx.ai.gen, SubMove { from, die }).is_ok()
            {
                let to = usize::from(SubMove { from, die }.to());
                mask |= if to < HOLES {
                    1 << side.hole(to)
                } else {
                    1 << 24
                };
            }
        }
        mask
    }

    pub(super) fn spot_at(&self, ctx: &Ctx, x: i16, y: i16) -> Option<Spot> {
        let layout = crate::gfx::SenasLayout::new(ctx.aspect);
        if layout.is_over_tray(self.pos.side_to_move().index(), x, y) {
            return Some(Spot::Tray);
        }
        layout.hole_at(x, y).map(Spot::Hole)
    }

    fn move_focus(&mut self, act: &Act) {
        let step = act.horizontal() as i32 + act.vertical() as i32;
        if step == 0 {
            return;
        }
        let side = self.pos.side_to_move();
        let path = match self.focus {
            Spot::Hole(h) => side.path(usize::from(h)) as i32,
            Spot::Tray => HOLES as i32,
        };
        let next = (path + step).rem_euclid(HOLES as i32 + 1) as usize;
        self.focus = if next == HOLES {
            Spot::Tray
        } else {
            Spot::Hole(side.hole(next) as u8)
        };
    }
}
