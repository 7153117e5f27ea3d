//! Who starts, by the rules' throw-off, shown round by round: in senas each side rolls one die
//! and the higher starts (ties roll again); in senet the sides throw the sticks in turn and the
//! first to throw a 1 starts. The rolls come from the match's seeded generator.

use super::game_rng::GameRng;
use heapless::Vec;

use crate::games::{senas, senet};
use crate::gfx::layout::Painter;
use crate::gfx::{palette, Aspect, DrawList, Rect, Rgba};

use super::anim::Timer;
use super::config::GameKind;
use super::names;
use super::strings::{fill, Strings};
use super::text::Text;
use super::ui;

/// Rounds shown at most (later rounds are still rolled, only the last ones are shown).
pub const SHOWN: usize = 6;

/// The throw-off of one match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThrowOff {
    pub game: GameKind,
    /// Senas: (White's die, Black's die) per round. Senet: (side index, throw) per throw.
    pub rounds: Vec<(u8, u8), SHOWN>,
    pub total: u32,
    /// The side that starts: 0 (White / A) or 1 (Black / B).
    pub first: u8,
    /// Rounds revealed so far.
    pub revealed: usize,
    pub timer: Timer,
    pub step: u16,
}

impl ThrowOff {
    pub fn roll(game: GameKind, rng: &mut GameRng, step: u16) -> Self {
        let mut rounds: Vec<(u8, u8), SHOWN> = Vec::new();
        let mut total = 0;
        let keep = |r: (u8, u8), rounds: &mut Vec<(u8, u8), SHOWN>| {
            if rounds.is_full() {
                rounds.remove(0);
            }
            let _ = rounds.push(r);
        };
        let first = match game {
            GameKind::Senas => loop {
                let (w, b) = (senas::die(rng), senas::die(rng));
                keep((w, b), &mut rounds);
                total += 1;
                if w != b {
                    break u8::from(b > w);
                }
            },
            GameKind::Senet => {
                let mut side = 0u8;
                loop {
                    let t = senet::Throw::sample(rng).distance();
                    keep((side, t), &mut rounds);
                    total += 1;
                    if t == 1 {
                        break side;
                    }
                    side ^= 1;
                }
            }
        };
        ThrowOff {
            game,
            rounds,
            total,
            first,
            revealed: 0,
            timer: Timer::new(step),
            step,
        }
    }

    /// One frame; true once every round is shown and the pause after it is over (or A/skip).
    pub fn update(&mut self, skip: bool) -> bool {
        if skip {
            self.revealed = self.rounds.len();
            return true;
        }
        if self.timer.tick() {
            if self.revealed > self.rounds.len() {
                return true;
            }
            self.revealed += 1;
            self.timer = Timer::new(self.step);
        }
        false
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, t: &Strings) {
        let vw = aspect.virtual_width();
        let mut p = Painter::new(list, aspect);
        p.fill(Rect::new(0, 0, vw, 480), palette::BACKGROUND);
        let title = match self.game {
            GameKind::Senas => t.throwoff_senas,
            GameKind::Senet => t.throwoff_senet,
        };
        p.text_centered(vw / 2, 30, title, palette::GOLD, 1);
        for (k, &(a, b)) in self.rounds.iter().take(self.revealed).enumerate() {
            let y = 80 + k as i16 * 50;
            let line: Text<64> = match self.game {
                GameKind::Senas => {
                    let die = names::die_face;
                    p.sprite(
                        die(a),
                        Rect::new(vw / 2 - 150, y, 36, 36),
                        Rgba::WHITE,
                        false,
                    );
                    p.sprite(
                        die(b),
                        Rect::new(vw / 2 + 114, y, 36, 36),
                        Rgba::WHITE,
                        false,
                    );
                    let verdict = if a == b { t.tie } else { "" };
                    let mut line = Text::new();
                    fill(
                        &mut line,
                        t.throwoff_senas_round,
                        &[&t.white, &a, &b, &t.black, &verdict],
                    );
                    line
                }
                GameKind::Senet => {
                    let side = if a == 0 {
                        senet::Side::A
                    } else {
                        senet::Side::B
                    };
                    let art = names::senet_art(side);
                    p.sprite(art, Rect::new(vw / 2 - 150, y, 36, 36), Rgba::WHITE, false);
                    let mut line = Text::new();
                    fill(
                        &mut line,
                        t.throwoff_senet_round,
                        &[&names::senet_side(t, side), &b],
                    );
                    line
                }
            };
            p.text_centered(vw / 2, y + 8, line.as_str(), palette::TEXT, 1);
        }
        if self.revealed >= self.rounds.len() {
            let who = match (self.game, self.first) {
                (GameKind::Senas, 0) => t.throwoff_white_starts,
                (GameKind::Senas, _) => t.throwoff_black_starts,
                (GameKind::Senet, 0) => t.throwoff_cones_start,
                (GameKind::Senet, _) => t.throwoff_spools_start,
            };
            ui::notice(list, aspect, 390, who, palette::GOLD);
        }
    }
}
