//! The computer thinking across frames: a [`Thinker`] wraps one `ai::Player` decision and feeds
//! it a node allowance each frame, so a search never holds up a frame for long (a step stops
//! after at most one turn generation past its allowance, see `ai::search`). Also used for hints
//! (what the Normal level would play). Knows no scene and draws nothing.

use crate::ai::{Decision, Kind, Level, Player, Profile};

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

/// Work units (search nodes, or generated turn states / static evaluations while the root turns
/// are listed) the senas computer does per millisecond of frame budget on the Wii, measured in
/// Dolphin (docs/ai.md, Speed): a frame's allowance is `Input::budget_us` times this.
pub const SENAS_WORK_PER_MS: u64 = 24;

/// The same for senet (a senet node costs about a tenth of a senas one).
pub const SENET_WORK_PER_MS: u64 = 300;

/// The same for a senet rule set whose levels search with a learned network (Kendall): a
/// network node costs about four linear ones (host, `arena bench ai`: Hard 5.5 M nodes/s under
/// `--game senet-kendall` against 21 M under `--game senet`), so the rate is scaled down by
/// that ratio. Derived from the host ratio, not measured in Dolphin yet.
pub const SENET_NET_WORK_PER_MS: u64 = SENET_WORK_PER_MS / 4;

const _: () = assert!(SENET_NET_WORK_PER_MS < SENET_WORK_PER_MS);

/// The senet work rate for the rule set being played.
pub fn senet_work_per_ms(variant: crate::games::senet::Variant) -> u64 {
    if crate::ai::senet_net::for_variant(variant).is_some() {
        SENET_NET_WORK_PER_MS
    } else {
        SENET_WORK_PER_MS
    }
}

/// This frame's allowance: the platform's thinking budget converted at `per_ms`, or the pace's
/// fixed count when the platform gives none. At least one unit, so thinking always progresses.
pub fn allowance(budget_us: Option<u32>, fixed: u64, per_ms: u64) -> u64 {
    match budget_us {
        Some(us) => (u64::from(us) * per_ms / 1000).max(1),
        None => fixed,
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
    /// One frame's work: about `nodes` search nodes (at least one root candidate).
    pub fn step(&mut self, scratch: &mut G::Scratch, nodes: u64) -> Thought<G::Turn> {
        let Some(d) = self.decision.as_mut() else {
            return Thought::Thinking;
        };
        self.frames += 1;
        let before = d.progress();
        match d.step(scratch, nodes) {
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
    use crate::games::senet::Variant;

    #[test]
    fn a_rule_set_searched_with_a_network_gets_the_slower_work_rate() {
        assert_eq!(senet_work_per_ms(Variant::Kendall), SENET_NET_WORK_PER_MS);
        assert_eq!(senet_work_per_ms(Variant::Wiibrew2009), SENET_WORK_PER_MS);
        assert_eq!(senet_work_per_ms(Variant::Jequier), SENET_WORK_PER_MS);
    }
}
