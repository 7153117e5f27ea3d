//! Who starts, by the rules' throw-off, shown round by round: in senas each side rolls one die
//! and the higher starts (ties roll again); in senet the sides throw the sticks in turn and the
//! first to throw a 1 starts. The rolls come from the match's seeded generator.

use heapless::Vec;
use rand_pcg::Pcg32;

use crate::games::{senas, senet};
use crate::gfx::layout::Painter;
use crate::gfx::{palette, Aspect, AssetId, DrawList, Rect, Rgba};

use super::anim::Timer;
use super::config::GameKind;
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
    pub fn roll(game: GameKind, rng: &mut Pcg32, step: u16) -> Self {
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

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect) {
        let vw = aspect.virtual_width();
        let mut p = Painter::new(list, aspect);
        p.fill(Rect::new(0, 0, vw, 480), palette::BACKGROUND);
        let title = match self.game {
            GameKind::Senas => "Who starts? Each rolls one die, the higher begins",
            GameKind::Senet => "Who starts? The first to throw a 1 begins",
        };
        p.text_centered(vw / 2, 30, title, palette::GOLD, 1);
        let faces = [
            AssetId::Die1,
            AssetId::Die2,
            AssetId::Die3,
            AssetId::Die4,
            AssetId::Die5,
            AssetId::Die6,
        ];
        for (k, &(a, b)) in self.rounds.iter().take(self.revealed).enumerate() {
            let y = 80 + k as i16 * 50;
            let line: Text<64> = match self.game {
                GameKind::Senas => {
                    let die = |v: u8| faces[usize::from(v.clamp(1, 6) - 1)];
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
                    let verdict = if a == b { "tie" } else { "" };
                    Text::from_fmt(format_args!("White {a} - {b} Black {verdict}"))
                }
                GameKind::Senet => {
                    let art = if a == 0 {
                        AssetId::Cone
                    } else {
                        AssetId::Spool
                    };
                    p.sprite(art, Rect::new(vw / 2 - 150, y, 36, 36), Rgba::WHITE, false);
                    let who = if a == 0 { "Cones" } else { "Spools" };
                    Text::from_fmt(format_args!("{who} throw {b}"))
                }
            };
            p.text_centered(vw / 2, y + 8, line.as_str(), palette::TEXT, 1);
        }
        if self.revealed >= self.rounds.len() {
            let who = match (self.game, self.first) {
                (GameKind::Senas, 0) => "White (player 1) starts",
                (GameKind::Senas, _) => "Black starts",
                (GameKind::Senet, 0) => "Cones (player 1) start",
                (GameKind::Senet, _) => "Spools start",
            };
            ui::notice(list, aspect, 390, who, palette::GOLD);
        }
    }
}
