//! One of the review's worst decisions shown on a small board (the how-to-play diagrams'
//! boards, `help/mini_senas.rs` and `help/senet_figs.rs`, drawn with the game's art): the
//! position before the decision, the squares or holes of the move played framed in red and
//! those of the better move lit (senas) or framed in green (senet). Draws only; must not touch
//! the review's figures or the match.

use crate::ai::coach::review::Worst;
use crate::ai::senas_game::Senas;
use crate::ai::senet_game::Senet;
use crate::games::{senas, senet};
use crate::gfx::{Aspect, DrawList, Rect};

use super::super::help::canvas::{Canvas, ALLOWED, REFUSED, W};
use super::super::help::mini_senas::{Marks, MiniSenas, WIDTH};
use super::super::help::senet_figs;

/// A worst decision of either game.
#[derive(Clone, Copy)]
pub enum Decision<'a> {
    Senas(&'a Worst<Senas>),
    Senet(&'a Worst<Senet>),
}

/// The physical holes a senas part touches (each sub-move's from and to), as a mask.
fn holes(side: senas::Side, turn: &senas::Turn) -> u32 {
    let mut m = 0u32;
    for sm in turn.sub_moves() {
        m |= 1 << side.hole(usize::from(sm.from));
        let to = usize::from(sm.to());
        if to < senas::HOLES {
            m |= 1 << side.hole(to);
        }
    }
    m
}

/// Draws `d` in `area` (frame pixels; the board is centred in it, its top at the area's top).
pub fn draw(list: &mut DrawList, aspect: Aspect, area: Rect, d: Decision) {
    let mut c = Canvas::new(list, aspect, area);
    match d {
        Decision::Senas(w) => {
            let pos = &w.pos;
            let side = pos.side_to_move();
            let marks = Marks {
                lit: holes(side, &w.best),
                refused: holes(side, &w.played),
                selected: None,
            };
            let off = [pos.off(senas::Side::White), pos.off(senas::Side::Black)];
            MiniSenas {
                x: (W - WIDTH) / 2,
                y: 0,
            }
            .draw(&mut c, &pos.board(), off, marks);
        }
        Decision::Senet(w) => {
            let (bx, by) = senet_figs::board_at(&mut c, &w.pos);
            for (mv, colour, inset) in [(w.played, REFUSED, 0), (w.best, ALLOWED, 5)] {
                if mv.is_pass() {
                    continue;
                }
                for s in [mv.from(), mv.to()] {
                    if (1..=senet::LAST).contains(&s) {
                        let (x, y) = senet_figs::cell(bx, by, s);
                        let size = senet_figs::SQ - 2 * inset;
                        c.outline(x + inset, y + inset, size, size, 3, colour);
                    }
                }
            }
        }
    }
}
