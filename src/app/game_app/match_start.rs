//! Starting and ending a match in `App`: the throw-off (logged with the set-up), the match
//! built straight into the scene with the set-up's seats and two computer seeds, its first
//! turn, and the finished match turned into the winner screen and counted. Out of line where a
//! scene of tens of kilobytes must not pass through temporaries.

use rand_core::RngCore;

use crate::emit;
use crate::games::{senas, senet};

use crate::app::config::{GameKind, Setup};
use crate::app::events;
use crate::app::log::LogSink;
use crate::app::match_scene::{Game, MatchScene};
use crate::app::review::walk::MatchReview;
use crate::app::review::Review;
use crate::app::scene::Scene;
use crate::app::senas::SenasMatch;
use crate::app::senet::SenetMatch;
use crate::app::throw_off::ThrowOff;
use crate::app::winner::Winner;

use super::App;

impl App<'_> {
    /// The finished match becomes the winner screen (any other scene stays), counts in the
    /// statistics and cues the win's sound (the win or the loss), now that the winner is
    /// shown. Out of line: the scenes are tens of kilobytes and `go` must not hold copies.
    #[inline(never)]
    pub(super) fn show_winner(&mut self) {
        if !matches!(self.scene, Scene::Match(_)) {
            return;
        }
        if let Scene::Match(m) = core::mem::replace(&mut self.scene, Scene::Diagnostics(0)) {
            self.progress.count_finished(&m.game, self.setup);
            if let Some(e) = m.game.win_event() {
                events::push(&mut self.events, e);
            }
            // The confetti differs from match to match, the same for the same inputs.
            let seed = self.frame() ^ m.game.turns().wrapping_mul(0x9e37_79b9);
            let ended_us = self.input.clock.map(|c| c.now_us());
            let review = m
                .review
                .and_then(|walk| Review::new(walk, m.game.turns(), ended_us));
            self.scene = Scene::Winner(Winner::new(m.game, m.clock, seed, review));
        }
    }

    /// The review of the match about to begin, when a person plays in it (not in demos):
    /// followed from the match log in the match's spare frame time (`app::review::live`),
    /// from its first turn (a continued match's restored log included), and finished over
    /// the winner screen's frames (`app::review`).
    fn review_of(&self, game: &Game) -> Option<MatchReview> {
        let people = game
            .controllers()
            .map(|c| matches!(c, crate::app::config::Controller::Human(_)));
        if self.setup.demo || !people.contains(&true) {
            return None;
        }
        Some(match game {
            Game::Senas(_) => MatchReview::senas(self.first, people),
            Game::Senet(m) => MatchReview::senet(m.position().variant(), self.first, people),
        })
    }

    #[inline(never)]
    pub(super) fn start_match(&mut self, setup: Setup, log: &mut dyn LogSink) {
        if !setup.demo && (setup.game, setup.opponent) != (self.setup.game, self.setup.opponent) {
            self.settings_changed = true;
        }
        self.setup = setup;
        self.record.clear();
        self.overlay = None;
        let step = if setup.demo { 2 } else { 45 };
        let off = ThrowOff::roll(setup.game, &mut self.rng, step);
        emit!(
            log,
            "event=start game={} opponent={} variant={} demo={} seed={}{}",
            setup.game.name(),
            if setup.demo {
                "demo"
            } else {
                setup.opponent.key()
            },
            setup.variant,
            u8::from(setup.demo),
            self.config.seed,
            DemoLevels(setup)
        );
        emit!(
            log,
            "event=throwoff game={} rounds={} first={}",
            setup.game.name(),
            off.total,
            off.first
        );
        self.scene = Scene::ThrowOff(off);
    }

    /// The throw-off is over: the match is built straight into the scene (no big temporary),
    /// then its first turn begins.
    #[inline(never)]
    pub(super) fn begin_play(&mut self, log: &mut dyn LogSink) {
        let first = match &self.scene {
            Scene::ThrowOff(t) => t.first,
            _ => 0,
        };
        self.first = first;
        let seeds = [self.rng.next_u64(), self.rng.next_u64()];
        let controllers = self.setup.controllers();
        self.scene = Scene::Match(MatchScene::new(match self.setup.game {
            GameKind::Senas => {
                let side = if first == 0 {
                    senas::Side::White
                } else {
                    senas::Side::Black
                };
                Game::Senas(SenasMatch::new(side, controllers, seeds))
            }
            GameKind::Senet => {
                let side = if first == 0 {
                    senet::Side::A
                } else {
                    senet::Side::B
                };
                Game::Senet(SenetMatch::new(
                    self.setup.variant,
                    side,
                    controllers,
                    seeds,
                ))
            }
        }));
        self.begin_match(log);
    }

    /// The match just built into the scene begins its first turn.
    pub(super) fn begin_match(&mut self, log: &mut dyn LogSink) {
        let review = match &self.scene {
            Scene::Match(m) => self.review_of(&m.game),
            _ => None,
        };
        if let Some(m) = self.scene.playing_mut() {
            m.review = review;
        }
        let (scene, mut ctx) = self.scene_and_ctx(log);
        if let Some(m) = scene.playing_mut() {
            match &mut m.game {
                Game::Senas(m) => m.begin(&mut ctx),
                Game::Senet(m) => m.begin(&mut ctx),
            }
        }
    }
}

/// ` levels=normal-easy` in a demo's start line (nothing otherwise).
struct DemoLevels(Setup);

impl core::fmt::Display for DemoLevels {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if !self.0.demo {
            return Ok(());
        }
        let [a, b] = self.0.demo_levels();
        write!(f, " levels={}-{}", level_key(a), level_key(b))
    }
}

fn level_key(level: crate::ai::Level) -> &'static str {
    match level {
        crate::ai::Level::Beginner => "beginner",
        crate::ai::Level::Easy => "easy",
        crate::ai::Level::Normal => "normal",
        crate::ai::Level::Hard => "hard",
    }
}
