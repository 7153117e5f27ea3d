//! The match scene: the match of either game (`Game`), driven by the input of the side to
//! move's controller, and its end: once someone has won, the last move stays on the board
//! (`Pace::end` frames) before the winner screen; its play time runs until the win
//! (`MatchClock`). Also what a winner screen says about a finished match ("You win!", "The
//! computer wins", "Player 2 wins") and the win's game event (its sound plays there). The
//! tutor's question waiting in the match is asked from here (a `Danger::Tutor` question over
//! the scene; asked again should another overlay have replaced it). The match's review is
//! carried here and followed after each frame's play (`review::live`).

use crate::gfx::{Aspect, DrawList, SenasLayout, SenetLayout};

use super::config::{Controller, GameKind};
use super::confirm::{Confirm, Danger, From};
use super::context::Ctx;
use super::controls::Act;
use super::events::Event;
use super::goto::Goto;
use super::input::Input;
use super::match_time::MatchClock;
use super::names;
use super::overlay::Overlay;
use super::review::live;
use super::review::walk::MatchReview;
use super::senas::SenasMatch;
use super::senet::SenetMatch;
use super::strings::{fill, Strings};
use super::text::Text;

/// The match being played.
// Both variants are a few kilobytes; there is no heap to box them into.
#[allow(clippy::large_enum_variant)]
pub enum Game {
    Senas(SenasMatch),
    Senet(SenetMatch),
}

impl Game {
    pub fn kind(&self) -> GameKind {
        match self {
            Game::Senas(_) => GameKind::Senas,
            Game::Senet(_) => GameKind::Senet,
        }
    }
    /// The controller of the side to move.
    pub fn mover(&self) -> Controller {
        match self {
            Game::Senas(m) => m.mover(),
            Game::Senet(m) => m.mover(),
        }
    }
    /// Who controls side 0 and side 1.
    pub fn controllers(&self) -> [Controller; 2] {
        match self {
            Game::Senas(m) => m.seats().controllers(),
            Game::Senet(m) => m.seats().controllers(),
        }
    }
    /// Someone has borne off every piece.
    pub fn is_over(&self) -> bool {
        match self {
            Game::Senas(m) => m.winner().is_some(),
            Game::Senet(m) => m.winner().is_some(),
        }
    }
    /// The winning side's index (0 White / Cones, 1 Black / Spools).
    pub fn winner_index(&self) -> Option<usize> {
        match self {
            Game::Senas(m) => m.winner().map(|s| s.index()),
            Game::Senet(m) => m.winner().map(|s| s.index()),
        }
    }
    /// Turns played: senas parts, senet moves.
    pub fn turns(&self) -> u32 {
        match self {
            Game::Senas(m) => m.parts(),
            Game::Senet(m) => m.turns(),
        }
    }
    /// The win's game event (a person's win, or the loss when the computer beat a person),
    /// once someone has won.
    pub fn win_event(&self) -> Option<Event> {
        let w = self.winner_index()?;
        Some(match self {
            Game::Senas(m) => m.seats().win_event(w),
            Game::Senet(m) => m.seats().win_event(w),
        })
    }
    /// Player `by` takes over every side player `lost` controlled.
    pub fn hand_over(&mut self, lost: u8, by: u8) {
        match self {
            Game::Senas(m) => m.seats_mut().hand_over(lost, by),
            Game::Senet(m) => m.seats_mut().hand_over(lost, by),
        }
    }

    /// The tutor's question waiting for its answer: the win chance lost (per mille).
    pub fn tutor_question(&self) -> Option<u16> {
        match self {
            Game::Senas(m) => m.tutor_question(),
            Game::Senet(m) => m.tutor_question(),
        }
    }
    /// The tutor's question answered: `play` the move anyway, or take it back.
    pub fn tutor_answer(&mut self, ctx: &mut Ctx, play: bool) {
        match self {
            Game::Senas(m) => m.tutor_answer(ctx, play),
            Game::Senet(m) => m.tutor_answer(ctx, play),
        }
    }
    /// The win chance (per mille) the chance bar shows beside the hint, while it is shown.
    pub fn hint_chance(&self) -> Option<u16> {
        match self {
            Game::Senas(m) => m.hint_chance(),
            Game::Senet(m) => m.hint_chance(),
        }
    }

    fn update(&mut self, ctx: &mut Ctx, act: &Act) {
        match self {
            Game::Senas(m) => m.update(ctx, act),
            Game::Senet(m) => m.update(ctx, act),
        }
    }

    /// Draws the board scene (no pointers).
    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, frame: u32, t: &Strings) {
        match self {
            Game::Senas(m) => m.draw(list, &SenasLayout::new(aspect), frame, t),
            Game::Senet(m) => m.draw(list, &SenetLayout::new(aspect), frame, t),
        }
    }

    /// The winner as the players know them: "You win!", "The computer wins", "Player 2
    /// wins", or the side's name when one remote plays both sides (or the computer both).
    pub fn winner_line(&self, t: &Strings) -> Text<64> {
        let mut out = Text::new();
        let Some(w) = self.winner_index() else {
            return out;
        };
        let c = self.controllers();
        let side_name = match self {
            Game::Senas(m) => m.winner().map_or("", |s| names::senas_side(t, s)),
            Game::Senet(m) => m.winner().map_or("", |s| names::senet_side(t, s)),
        };
        match (c[w], c[1 - w]) {
            (Controller::Human(_), Controller::Computer(_)) => out.set(t.you_win),
            (Controller::Computer(_), Controller::Human(_)) => out.set(t.computer_wins),
            (Controller::Human(a), Controller::Human(b)) if a != b => {
                fill(&mut out, t.player_wins, &[&(a + 1)])
            }
            _ if self.kind() == GameKind::Senet => fill(&mut out, t.sides_win, &[&side_name]),
            _ => fill(&mut out, t.side_wins, &[&side_name]),
        }
        out
    }

    /// "15 - 9 pieces borne off" for the winner screen.
    pub fn score_line(&self, t: &Strings) -> Text<64> {
        let mut out = Text::new();
        let (a, b) = match self {
            Game::Senas(m) => {
                let p = m.position();
                let w = m.winner().unwrap_or(crate::games::senas::Side::White);
                (p.off(w), p.off(w.other()))
            }
            Game::Senet(m) => {
                let p = m.position();
                let w = m.winner().unwrap_or(crate::games::senet::Side::A);
                (p.borne_off(w), p.borne_off(w.other()))
            }
        };
        fill(&mut out, t.score, &[&a, &b]);
        out
    }
}

/// A match on screen.
pub struct MatchScene {
    pub game: Game,
    /// Frames since the match was won (the last move stays in view).
    over_for: u16,
    /// The match's play time, up to the win.
    pub clock: MatchClock,
    /// The match's review, followed in the frames' spare time (a match with a person, not a
    /// demo: `review::live`); the winner's screen finishes it.
    pub review: Option<MatchReview>,
}

impl MatchScene {
    pub fn new(game: Game) -> Self {
        MatchScene {
            game,
            over_for: 0,
            clock: MatchClock::new(),
            review: None,
        }
    }
    /// A match continued from a save (its time before the save is not known).
    pub fn resumed(game: Game) -> Self {
        MatchScene {
            game,
            over_for: 0,
            clock: MatchClock::resumed(),
            review: None,
        }
    }

    /// One frame: the side to move's controller plays; after the win, the last move is seen
    /// for `ctx.pace.end` frames, then the winner screen.
    pub fn update(&mut self, ctx: &mut Ctx, input: &Input) -> Option<Goto> {
        let act = match self.game.mover() {
            Controller::Human(n) => Act::player(input, n),
            Controller::Computer(_) => Act::default(),
        };
        if !self.game.is_over() {
            self.clock.tick(ctx.clock.map(|c| c.now_us()));
        }
        self.game.update(ctx, &act);
        if let Some(r) = self.review.as_mut() {
            live::follow(r, ctx);
        }
        if let Some(loss) = self.game.tutor_question() {
            let ask = Confirm::new(Danger::Tutor(loss), From::Scene);
            return Some(Goto::Overlay(Overlay::Confirm(ask)));
        }
        if self.game.is_over() {
            self.over_for = self.over_for.saturating_add(1);
            if self.over_for >= ctx.pace.end {
                return Some(Goto::Winner);
            }
        }
        None
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, frame: u32, t: &Strings) {
        self.game.draw(list, aspect, frame, t);
    }
}
