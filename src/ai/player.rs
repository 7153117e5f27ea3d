//! The one interface the game flow calls: a [`Player`] of some [`Kind`] answers "which turn?"
//! for the side to move, either at once ([`Player::choose`]) or spread over frames
//! ([`Player::think`] then [`Decision::step`] with a node allowance per frame). Also the hint
//! API ([`hint`]): what a given kind of player would do here. Deterministic for a seed.

use rand_pcg::Pcg32;

use super::beginner::{self, BEGINNER_SHARE, BEGINNER_WORST};
use super::random::random_turn;
use super::search::eval::Weights;
use super::search::game::RaceGame;
use super::search::{Budget, Search};

/// Difficulty of the searching player; each maps to a node budget and search shape per game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Easy's choice on `beginner::BEGINNER_SHARE` of 256 turns, the turn Normal's evaluator
    /// values least on `beginner::BEGINNER_WORST`, a random legal turn on the others (a child's opponent;
    /// never more nodes than Easy).
    Beginner,
    /// The smallest search.
    Easy,
    /// The default opponent (and the hint).
    Normal,
    /// The largest search the frame budget allows.
    Hard,
}

/// The kinds of computer player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Uniform over the distinct legal turns.
    Random,
    /// Best static value with the hand-set weights.
    Heuristic,
    /// Best static value with the self-play-tuned weights.
    Tuned,
    /// Expectiminimax with the budget of a level (the first levels, kept as the yardstick:
    /// `easy-v1`, `normal-v1`, `hard-v1`).
    Expectiminimax(Level),
    /// Best static value by the game's learned evaluator (0-ply).
    Net,
    /// A level of the game as it ships: evaluator and budget from [`Profile::level`].
    Level(Level),
    /// A person-like player who looks no further than the move ([`Profile::greedy`]; senet:
    /// bear off, else capture, else the longest step), for measuring game lengths.
    Greedy,
}

impl Kind {
    /// Parses a CLI name: `random`, `heuristic`, `tuned`, `expectiminimax` (the top level, hard)
    /// or `expectiminimax:easy|normal|hard`.
    pub fn parse(name: &str) -> Option<Kind> {
        Some(match name {
            "random" => Kind::Random,
            "heuristic" => Kind::Heuristic,
            "tuned" => Kind::Tuned,
            "expectiminimax" | "expectiminimax:hard" | "hard-v1" => {
                Kind::Expectiminimax(Level::Hard)
            }
            "expectiminimax:normal" | "normal-v1" => Kind::Expectiminimax(Level::Normal),
            "expectiminimax:easy" | "easy-v1" => Kind::Expectiminimax(Level::Easy),
            "net" => Kind::Net,
            "beginner" => Kind::Level(Level::Beginner),
            "easy" => Kind::Level(Level::Easy),
            "normal" => Kind::Level(Level::Normal),
            "hard" => Kind::Level(Level::Hard),
            "greedy" => Kind::Greedy,
            _ => return None,
        })
    }

    /// The CLI name (inverse of [`Kind::parse`]).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Random => "random",
            Kind::Heuristic => "heuristic",
            Kind::Tuned => "tuned",
            Kind::Expectiminimax(Level::Hard) => "expectiminimax",
            Kind::Expectiminimax(Level::Normal) => "expectiminimax:normal",
            // Not a first-version level (it plays as `expectiminimax:easy`, `Kind::row`).
            Kind::Expectiminimax(Level::Beginner | Level::Easy) => "expectiminimax:easy",
            Kind::Net => "net",
            Kind::Level(Level::Beginner) => "beginner",
            Kind::Level(Level::Easy) => "easy",
            Kind::Level(Level::Normal) => "normal",
            Kind::Level(Level::Hard) => "hard",
            Kind::Greedy => "greedy",
        }
    }
}

/// A row of a game's level table ([`Profile::level`]): a searching player by name. The first
/// levels stay rows of their own (`easy-v1`, `normal-v1`, `hard-v1`), so that they remain the
/// yardstick they were when later evaluators arrive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// The hand-set heuristic at 0-ply (`Kind::Heuristic`).
    Heuristic,
    /// The self-play-tuned weights at 0-ply (`Kind::Tuned`).
    Tuned,
    /// The game's learned evaluator at 0-ply (`Kind::Net`).
    Net,
    /// A first-version level (`Kind::Expectiminimax`: `easy-v1`, `normal-v1`, `hard-v1`).
    First(Level),
    /// A level as the game ships it (`Kind::Level`).
    Level(Level),
}

impl Kind {
    /// The row of the level table a searching kind plays by; `None` for the kinds that do not
    /// search (random, greedy). The Beginner searches as Easy does when it does not pick at
    /// random (`beginner.rs`), so its row is Easy's and no level table has a Beginner row.
    pub fn row(self) -> Option<Row> {
        let easy = |level| match level {
            Level::Beginner => Level::Easy,
            other => other,
        };
        Some(match self {
            Kind::Random | Kind::Greedy => return None,
            Kind::Heuristic => Row::Heuristic,
            Kind::Tuned => Row::Tuned,
            Kind::Net => Row::Net,
            Kind::Expectiminimax(level) => Row::First(easy(level)),
            Kind::Level(level) => Row::Level(easy(level)),
        })
    }
}

/// What a game supplies to the players beyond its rules: its rule sets and its level table.
pub trait Profile: RaceGame {
    /// A rule set of the game, as a value (senas has one: `()`; senet: `senet::Variant`), so
    /// tools and tests pass the rule set they want instead of naming a type per rule set.
    /// `Default`: the game's default rule set.
    type Rules: Copy + Default + Send + Sync + core::fmt::Debug;
    /// The hand-set heuristic weights (the starting point of `tools/tune`).
    const HAND: Weights;
    /// The rule set `pos` is played under.
    fn rules(pos: &Self::Pos) -> Self::Rules;
    /// The level table: what a player of `row` evaluates with and how far it searches under
    /// `rules`. The only place a game says which of its evaluators a player uses.
    fn level(row: Row, rules: Self::Rules) -> (Self::Eval, Budget);
    /// A key of the decision in `pos` after `chance` (the same on every machine: built from
    /// the fields' values with `beginner::fold`, never from their bytes), for the Beginner's
    /// draw (`beginner.rs`).
    fn key(pos: &Self::Pos, chance: &Self::Chance) -> u64;
    /// The exact win chance (per mille) of the side to move in `pos` where the game knows it
    /// (senet: the endgame tables built into the program, `senet::endgame`), read by the coach
    /// before any evaluator; `None` by default.
    fn exact(_pos: &Self::Pos) -> Option<u16> {
        None
    }
    /// The best turn by the exact values when every legal turn after `chance` leads to a
    /// position with one and there is a choice (senet: `senet::endgame::best`); the Hard level
    /// plays it without searching. `None` by default.
    fn exact_turn(
        _scratch: &mut Self::Scratch,
        _pos: &Self::Pos,
        _chance: &Self::Chance,
    ) -> Option<Self::Turn> {
        None
    }
    /// The person-like player's turn (`Kind::Greedy`): by default the hand heuristic's 0-ply
    /// choice; senet: bear off, else capture, else the longest step (`senet::greedy`).
    fn greedy(
        scratch: &mut Self::Scratch,
        pos: &Self::Pos,
        chance: &Self::Chance,
    ) -> Option<Self::Turn>
    where
        Self: Sized,
    {
        Player::new(Kind::Heuristic, 0).choose::<Self>(scratch, pos, chance)
    }
}

/// A decision in progress.
// The search state is the big variant on purpose: there is no heap to box it into.
#[allow(clippy::large_enum_variant)]
pub enum Decision<G: RaceGame> {
    /// Already decided (random player, single turn).
    Ready(Option<G::Turn>),
    /// A search to be stepped.
    Searching(Search<G>),
}

impl<G: RaceGame> Decision<G> {
    /// Works for about `nodes` more nodes; returns the turn once decided.
    pub fn step(&mut self, scratch: &mut G::Scratch, nodes: u64) -> Option<G::Turn> {
        match self {
            Decision::Ready(t) => *t,
            Decision::Searching(s) => s.step(scratch, nodes),
        }
    }

    /// Work done so far (nodes plus root-listing steps): grows while the decision progresses.
    pub fn progress(&self) -> u64 {
        match self {
            Decision::Ready(_) => 0,
            Decision::Searching(s) => s.progress(),
        }
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        match self {
            Decision::Ready(_) => 0,
            Decision::Searching(s) => s.nodes(),
        }
    }
}

/// A computer player of one kind with its own seeded generator.
pub struct Player {
    kind: Kind,
    rng: Pcg32,
    seed: u64,
    /// The Beginner's share of Easy's choices, of 256 (`BEGINNER_SHARE` unless a tool sets it).
    share: u32,
    /// The Beginner's share of worst turns, of 256 (`BEGINNER_WORST` unless a tool sets it).
    worst: u32,
}

impl Player {
    /// A player of `kind`; `seed` fixes every random choice it will make.
    pub fn new(kind: Kind, seed: u64) -> Self {
        Player {
            kind,
            rng: Pcg32::new(seed, 0x0a02_bdbf_7bb3_c0a7),
            seed,
            share: BEGINNER_SHARE,
            worst: BEGINNER_WORST,
        }
    }

    /// A Beginner that plays Easy's choice on `share` decisions of 256 instead of
    /// `BEGINNER_SHARE` (for tuning the share: `arena tournament --beginner-share N`). Other
    /// kinds ignore it.
    pub fn with_share(mut self, share: u32) -> Self {
        self.share = share.min(256);
        self
    }

    /// A Beginner that plays the turn Normal's evaluator values least on `worst` decisions of
    /// 256 instead of `BEGINNER_WORST` (for tools and tests). Other kinds ignore it.
    pub fn with_worst(mut self, worst: u32) -> Self {
        self.worst = worst.min(256);
        self
    }

    /// The player's kind.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Starts deciding the turn of the side to move in `pos` after `chance`.
    pub fn think<G: Profile>(
        &mut self,
        scratch: &mut G::Scratch,
        pos: &G::Pos,
        chance: &G::Chance,
    ) -> Decision<G> {
        // Hard plays the exact endgame where the game has one (senet's tables).
        if self.kind == Kind::Level(Level::Hard) {
            if let Some(t) = G::exact_turn(scratch, pos, chance) {
                return Decision::Ready(Some(t));
            }
        }
        match self.kind.row() {
            Some(row) => {
                let choice = (self.kind == Kind::Level(Level::Beginner)).then(|| {
                    let d = beginner::draw(self.seed, G::key(pos, chance));
                    (beginner::choice(d, self.share, self.worst), d)
                });
                // The Beginner's worst turn is the one Normal's evaluator (the hint's) values
                // least: Easy's own ranking is too poor a judge for its worst to be bad.
                let row = match choice {
                    Some((beginner::Choice::Worst, _)) => Row::Level(Level::Normal),
                    _ => row,
                };
                let (eval, budget) = G::level(row, G::rules(pos));
                let mut search = Search::new(scratch, pos, chance, eval, budget);
                match choice {
                    Some((beginner::Choice::Worst, _)) => search.pick_worst(),
                    Some((beginner::Choice::Random, d)) => search.pick_at_random(beginner::pick(d)),
                    _ => {}
                }
                Decision::Searching(search)
            }
            None if self.kind == Kind::Greedy => Decision::Ready(G::greedy(scratch, pos, chance)),
            None => Decision::Ready(random_turn::<G>(scratch, pos, chance, &mut self.rng)),
        }
    }

    /// Decides at once (the whole node budget in one go).
    pub fn choose<G: Profile>(
        &mut self,
        scratch: &mut G::Scratch,
        pos: &G::Pos,
        chance: &G::Chance,
    ) -> Option<G::Turn> {
        let mut d = self.think::<G>(scratch, pos, chance);
        let mut last = u64::MAX;
        loop {
            if let Some(t) = d.step(scratch, u64::MAX) {
                return Some(t);
            }
            // A search that made no progress has no turn to give (empty turn list).
            if d.progress() == last {
                return None;
            }
            last = d.progress();
        }
    }
}

/// The hint API: the turn a player of `kind` would choose here (seed 0 for the random kind).
pub fn hint<G: Profile>(
    scratch: &mut G::Scratch,
    kind: Kind,
    pos: &G::Pos,
    chance: &G::Chance,
) -> Option<G::Turn> {
    Player::new(kind, 0).choose::<G>(scratch, pos, chance)
}
