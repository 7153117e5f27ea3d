//! The computer thinking across frames: a [`Thinker`] wraps one `ai::Player` decision and gives
//! it an [`Allowance`] each frame: with the platform's clock (`Input::clock`), slices of work
//! until the frame's thinking budget has passed on it; without, a number of work units. A step
//! pauses inside turn generations and turn lists (`ai::search`), so a search never holds up a
//! frame for long, and the decision never depends on the allowance. Also used for hints (what
//! the Normal level would play). Knows no scene and draws nothing.

use crate::ai::{Decision, Kind, Level, Player, Profile};
use crate::app::input::Clock;

/// Nodes (positions produced) the senas computer may search per frame. A step stops after the
/// turn generation that reaches the allowance (the finest step `ai::Search` offers). Measured in
/// Dolphin, demo match Normal vs Easy with this allowance, 90 s: 1 node -> 11 turns, slowest
/// `App::update` 5.1 ms; 64 -> 20 turns, 7.9 ms; 160 -> 95 turns, 86 ms (late-game frames);
/// 500 -> 45 ms. 64 keeps every measured frame inside the 16.7 ms budget; the price is thinking
/// time: a Normal decision (~13 500 nodes) takes about 3.5 s on the Wii, a Hard one ~9 s.
pub const SENAS_NODES_PER_FRAME: u64 = 64;

/// Nodes the senet computer may search per frame: senet nodes are about ten times cheaper than
/// senas ones (no turn generation table), so a frame takes thousands.
pub const SENET_NODES_PER_FRAME: u64 = 3_000;

/// Work units (search nodes, or `ai::senas_game::GEN_STATES_PER_WORK` generated turn states)
/// the senas computer does per millisecond on the Wii, measured in Dolphin (~30 us a node with
/// the learned evaluator; docs/ai.md, Frame budget): sets the slice of clocked thinking, and
/// the allowance (`Input::budget_us` times this) where the platform has no clock.
pub const SENAS_WORK_PER_MS: u64 = 24;

/// The same for senet, whose Normal and Hard evaluate with a rule set's network: measured in
/// Dolphin (`ai_timing`, senet demo with Hard, every rule set, second senet levels): the
/// slowest window's update was 7.5 ms for an 840-node Hard decision (about 110 nodes a ms
/// with the frame's other work), so 100 keeps a slice (25 nodes) near a quarter millisecond.
pub const SENET_WORK_PER_MS: u64 = 100;

/// Work units one slice of clocked thinking does (a quarter of a millisecond at `per_ms`):
/// the clock is read after each slice, so a frame overshoots its budget by at most one slice.
pub fn slice(per_ms: u64) -> u64 {
    (per_ms / 4).max(1)
}

/// What the computer may do this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allowance {
    /// A fixed number of work units (no clock).
    Units(u64),
    /// Slices of `slice` units until `clock` reaches `until_us` (at least one slice).
    Until {
        clock: Clock,
        until_us: u64,
        slice: u64,
    },
}

/// This frame's allowance: with the platform's clock and budget, think until the budget has
/// passed; with a budget only, the budget converted at `per_ms`; with neither, the pace's
/// fixed count. At least one unit, so thinking always progresses.
pub fn allowance(
    budget_us: Option<u32>,
    clock: Option<Clock>,
    fixed: u64,
    per_ms: u64,
) -> Allowance {
    match (budget_us, clock) {
        (Some(us), Some(clock)) => Allowance::Until {
            clock,
            until_us: clock.now_us().saturating_add(u64::from(us)),
            slice: slice(per_ms),
        },
        (Some(us), None) => Allowance::Units((u64::from(us) * per_ms / 1000).max(1)),
        (None, _) => Allowance::Units(fixed.max(1)),
    }
}

/// Frames without progress after which a search is given up.
const STALL_FRAMES: u32 = 30;

/// Progress of a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thought<T> {
    /// Still searching (or idle).
    Thinking,
    /// The chosen turn.
    Done(T),
    /// The rules gave no turn at all (never for a correct engine); the caller passes.
    Nothing,
}

/// One computer player's decision in progress.
pub struct Thinker<G: Profile> {
    player: Player,
    decision: Option<Decision<G>>,
    frames: u32,
    /// Consecutive frames without a new node (a search with nothing to search).
    still: u32,
    last_nodes: u64,
}

impl<G: Profile> Thinker<G> {
    pub fn new(kind: Kind, seed: u64) -> Self {
        Thinker {
            player: Player::new(kind, seed),
            decision: None,
            frames: 0,
            still: 0,
            last_nodes: 0,
        }
    }
    /// The computer at `level` as the game ships it (`ai::Kind::Level`).
    pub fn level(level: Level, seed: u64) -> Self {
        Thinker::new(Kind::Level(level), seed)
    }
    /// The player's kind.
    pub fn kind(&self) -> Kind {
        self.player.kind()
    }
    /// Nodes the last finished decision searched.
    pub fn last_nodes(&self) -> u64 {
        self.last_nodes
    }
    /// Starts deciding for the side to move in `pos` after `chance` (ranks the root turns now).
    pub fn start(&mut self, scratch: &mut G::Scratch, pos: &G::Pos, chance: &G::Chance) {
        self.decision = Some(self.player.think::<G>(scratch, pos, chance));
        self.frames = 0;
        self.still = 0;
    }
    pub fn is_thinking(&self) -> bool {
        self.decision.is_some()
    }
    /// Drops a decision in progress.
    pub fn cancel(&mut self) {
        self.decision = None;
    }
    /// Frames spent on the current (or last) decision.
    pub fn frames(&self) -> u32 {
        self.frames
    }
    /// One frame's work, as much as `allow` lets.
    pub fn step(&mut self, scratch: &mut G::Scratch, allow: Allowance) -> Thought<G::Turn> {
        let Some(d) = self.decision.as_mut() else {
            return Thought::Thinking;
        };
        self.frames += 1;
        let before = d.progress();
        let answer = match allow {
            Allowance::Units(n) => d.step(scratch, n),
            Allowance::Until {
                clock,
                until_us,
                slice,
            } => loop {
                if let Some(t) = d.step(scratch, slice) {
                    break Some(t);
                }
                // A decision with nothing left to do would spin to the deadline for nothing.
                if clock.now_us() >= until_us || matches!(d, Decision::Ready(None)) {
                    break None;
                }
            },
        };
        match answer {
            Some(t) => {
                self.last_nodes = d.nodes();
                self.decision = None;
                Thought::Done(t)
            }
            None => {
                self.still = if d.progress() == before {
                    self.still + 1
                } else {
                    0
                };
                let stalled = matches!(d, Decision::Ready(None)) || self.still > STALL_FRAMES;
                if stalled {
                    self.decision = None;
                    Thought::Nothing
                } else {
                    Thought::Thinking
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::random::random_turn;
    use crate::ai::selfplay::{sample_chance, Playable};
    use crate::ai::senas_game::{Senas, SenasChance, SenasScratch};
    use crate::ai::RaceGame;
    use crate::games::senas::Roll;
    use core::sync::atomic::{AtomicU64, Ordering};
    use rand_pcg::Pcg32;
    use std::boxed::Box;

    /// A fake clock: every reading is 100 us after the one before.
    static NOW: AtomicU64 = AtomicU64::new(0);
    fn ticking() -> u64 {
        NOW.fetch_add(100, Ordering::Relaxed)
    }

    fn run(thinker: &mut Thinker<Senas>, scratch: &mut SenasScratch, clocked: bool) -> Turn3 {
        let mut frames = 0;
        loop {
            let allow = if clocked {
                allowance(Some(2_000), Some(Clock(ticking)), 1, SENAS_WORK_PER_MS)
            } else {
                allowance(Some(2_000), None, 1, SENAS_WORK_PER_MS)
            };
            frames += 1;
            match thinker.step(scratch, allow) {
                Thought::Thinking => assert!(frames < 100_000, "no answer"),
                Thought::Done(t) => return (Some(t), thinker.frames(), thinker.last_nodes()),
                Thought::Nothing => return (None, thinker.frames(), 0),
            }
        }
    }

    type Turn3 = (Option<crate::games::senas::Turn>, u32, u64);

    #[test]
    fn clocked_thinking_gives_the_same_turn_with_a_frame_of_slices() {
        let mut scratch = Box::<SenasScratch>::default();
        let mut rng = Pcg32::new(5, 5);
        let mut pos = Senas::start((), Senas::SIDES[0]);
        for _ in 0..14 {
            let c = sample_chance::<Senas>(&pos, &mut rng).expect("a chance");
            let t = random_turn::<Senas>(&mut scratch, &pos, &c, &mut rng).expect("a turn");
            pos = Senas::apply(&pos, &t);
        }
        let chance = SenasChance::from_roll(Roll::new(1, 4, 4).expect("a roll"));
        let mut a = Thinker::<Senas>::level(Level::Hard, 3);
        a.start(&mut scratch, &pos, &chance);
        let units = run(&mut a, &mut scratch, false);
        let mut b = Thinker::<Senas>::level(Level::Hard, 3);
        b.start(&mut scratch, &pos, &chance);
        let clocked = run(&mut b, &mut scratch, true);
        assert!(units.0.is_some());
        assert_eq!(units.0, clocked.0, "the turn");
        assert_eq!(units.2, clocked.2, "the nodes");
        // 2 000 us a frame at 100 us a clock reading: 20 slices of SENAS_WORK_PER_MS / 4 units
        // a frame, where the unclocked frame does 2 ms x SENAS_WORK_PER_MS units.
        assert!(units.1 > 5, "{} frames", units.1);
        assert!(
            clocked.1 * 2 <= units.1 + 2,
            "clocked {} frames, unclocked {}",
            clocked.1,
            units.1
        );
    }

    #[test]
    fn senet_hard_answers_within_three_frames_at_the_measured_work_rate() {
        // 8 ms a frame (the 11 ms thinking budget less the draw margin) at SENET_WORK_PER_MS:
        // the 50 ms target is three frames, whatever the rule set and position.
        use crate::ai::senet_game::Senet;
        use crate::games::senet::{MoveList, Position, Variant};
        let mut scratch = MoveList::new();
        let mut rng = Pcg32::new(9, 9);
        let mut worst = 0;
        for variant in Variant::ALL {
            for game in 0..6 {
                let first = Senet::SIDES[game % 2];
                let mut pos = Position::start(variant, first);
                while pos.winner().is_none() {
                    let c = sample_chance::<Senet>(&pos, &mut rng).expect("a throw");
                    let mut t = Thinker::<Senet>::level(Level::Hard, 1);
                    t.start(&mut scratch, &pos, &c);
                    let mut frames = 0u32;
                    let mv = loop {
                        frames += 1;
                        match t.step(
                            &mut scratch,
                            allowance(Some(8_000), None, 1, SENET_WORK_PER_MS),
                        ) {
                            Thought::Thinking => assert!(frames < 1_000, "no answer"),
                            Thought::Done(m) => break m,
                            Thought::Nothing => unreachable!("senet always has a move"),
                        }
                    };
                    worst = worst.max(frames);
                    pos = <Senet>::apply(&pos, &mv);
                }
            }
        }
        assert!(worst <= 3, "a Hard decision took {worst} frames");
        assert!(
            worst >= 2,
            "no decision needed a second frame: the test tests nothing"
        );
    }
}
