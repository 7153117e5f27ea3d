//! What the platform tells the app once at start (`Config`: seed, picture shape, demo mode) and
//! what the app asks of the platform (`Request`: leave to the loader, power off; `PowerMode`:
//! what power off means on this console). Also the match set-up the main menu produces
//! (`Setup`: game, opponent, senet variant). Plain values.

use crate::ai::Level;
use crate::games::senet::Variant;
use crate::gfx::Aspect;

pub use super::choices::{Controller, GameKind, Opponent};
use super::save_folder::SaveFolder;

/// The seed of the `demo-hard` test build (Hard against Normal first): its match plays gift
/// parts and five-sub-move rolls within its first two dozen decisions (tests/app_demo.rs), so
/// the short e2e frame test covers them.
pub const DEMO_HARD_SEED: u64 = 20;

/// How the app starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Seeds every roll, throw and computer choice: same seed + same inputs = same match.
    pub seed: u64,
    /// 4:3 or 16:9 picture.
    pub aspect: Aspect,
    /// `Some(game)`: computer against computer, fast animations, straight into a match, rematch
    /// after each win (the Dolphin end-to-end test and attract mode).
    pub demo: Option<GameKind>,
    /// Side 0's level in the demo's first match (`Setup::demo_levels`; Normal unless a test
    /// build asks for Hard first, feature `demo-hard`).
    pub demo_level: Level,
    /// Where the platform saves (shown on the Statistics screen).
    pub save_folder: SaveFolder,
    /// How the console's settings switch it off (the HOME menu's "Switch off" says it).
    pub power_off: PowerMode,
}

/// How the console switches off when the game asks (`Request::PowerOff`), as its settings say
/// (the platform reads them: the System Menu's "Standby Connection", SYSCONF `IPL.IDL`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PowerMode {
    /// Off, red light.
    #[default]
    Standby,
    /// Standby Connection on: idle (WiiConnect24), the light stays on.
    Idle,
}

impl Config {
    pub const fn new(seed: u64) -> Self {
        Config {
            seed,
            aspect: Aspect::Standard,
            demo: None,
            demo_level: Level::Normal,
            save_folder: SaveFolder::DEFAULT,
            power_off: PowerMode::Standby,
        }
    }
}

/// What the app asks the platform to do after a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// Leave to the Homebrew Channel (the loader that started us).
    ExitToLoader,
    /// Switch the console off.
    PowerOff,
}

/// One match's set-up, chosen in the main menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub game: GameKind,
    pub opponent: Opponent,
    pub variant: Variant,
    /// Demo: both sides are the computer, animations fast; `opponent` is then
    /// `Computer(level)`, side 0's level (side 1 plays the level below, Easy below Hard).
    pub demo: bool,
}

impl Setup {
    /// The first demo match of `game`: Normal against Easy.
    pub fn demo(game: GameKind) -> Setup {
        Setup {
            game,
            opponent: Opponent::Computer(Level::Normal),
            variant: Variant::default(),
            demo: true,
        }
    }

    /// The demo's rematch: side 0's level moves on (Normal, Hard, Easy, ...) so a long demo
    /// plays every level on both sides (`make soak`). A senet demo also moves on to the next
    /// rule set (WiiBrew 2009, Kendall, Jequier, ...) at every Easy-Hard match, so each rule set
    /// plays all three pairings over nine matches and the third match is already Kendall's
    /// (`ai_same.rs` compares its decisions with the host's; the first two stay WiiBrew 2009).
    pub fn next_demo(self) -> Setup {
        let next = match self.demo_levels()[0] {
            // The demo never starts a Beginner (a test build could ask for one): on to Normal.
            Level::Beginner | Level::Easy => Level::Normal,
            Level::Normal => Level::Hard,
            Level::Hard => Level::Easy,
        };
        let variant = if next == Level::Easy && self.game == GameKind::Senet {
            Variant::ALL[(self.variant.index() + 1) % Variant::COUNT]
        } else {
            self.variant
        };
        Setup {
            opponent: Opponent::Computer(next),
            variant,
            ..self
        }
    }

    /// The demo's levels of side 0 and side 1.
    pub fn demo_levels(&self) -> [Level; 2] {
        let first = match self.opponent {
            Opponent::Computer(level) => level,
            _ => Level::Normal,
        };
        let second = match first {
            Level::Beginner | Level::Easy => Level::Hard,
            Level::Normal => Level::Easy,
            Level::Hard => Level::Normal,
        };
        [first, second]
    }

    /// Who controls side 0 (White / A, player 1) and side 1 (Black / B).
    pub fn controllers(&self) -> [Controller; 2] {
        if self.demo {
            return self.demo_levels().map(Controller::Computer);
        }
        match self.opponent {
            Opponent::SecondRemote => [Controller::Human(0), Controller::Human(1)],
            Opponent::SameRemote => [Controller::Human(0), Controller::Human(0)],
            Opponent::Computer(level) => [Controller::Human(0), Controller::Computer(level)],
        }
    }

    /// Remotes that must stay connected during the match (bit per player).
    pub fn needed_remotes(&self) -> u8 {
        super::seats::needed_remotes(self.controllers())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_starts_normal_against_easy_and_its_rematches_play_every_level_on_both_sides() {
        let mut setup = Setup::demo(GameKind::Senet);
        assert_eq!(
            setup.controllers(),
            [
                Controller::Computer(Level::Normal),
                Controller::Computer(Level::Easy)
            ]
        );
        let mut seen = [[false; 4]; 2];
        for _ in 0..3 {
            for (side, level) in setup.demo_levels().iter().enumerate() {
                seen[side][*level as usize] = true;
            }
            setup = setup.next_demo();
            assert!(setup.demo && setup.game == GameKind::Senet);
        }
        // Every level but the Beginner, which the demo never plays.
        assert_eq!(seen, [[false, true, true, true]; 2]);
        assert_eq!(setup.opponent, Setup::demo(GameKind::Senet).opponent);
    }

    #[test]
    fn a_senet_demo_moves_to_the_next_rule_set_at_each_easy_hard_match_and_senas_has_one() {
        let mut senet = Setup::demo(GameKind::Senet);
        let mut senas = Setup::demo(GameKind::Senas);
        let mut rules = std::vec::Vec::new();
        for _ in 0..9 {
            rules.push(senet.variant);
            assert_eq!(senas.variant, Variant::default());
            senet = senet.next_demo();
            senas = senas.next_demo();
        }
        use Variant::{Jequier as J, Kendall as K, Wiibrew2009 as W};
        assert_eq!(rules, [W, W, K, K, K, J, J, J, W]);
        assert_eq!(
            senet,
            Setup::demo(GameKind::Senet),
            "the whole cycle is nine matches"
        );
    }
}
