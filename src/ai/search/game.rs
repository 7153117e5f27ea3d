//! The one trait the players search over: a two-sided race game with chance, seen as positions,
//! chance outcomes with integer weights, and distinct turns. Adapters for senas and senet
//! implement it; the search, the heuristic and the players know nothing else about the rules.
//! Pure: no I/O, no heap, no floats.

/// Number of feature slots an evaluator may fill (unused slots stay zero).
pub const MAX_FEATURES: usize = 16;
/// Number of game phases the weights distinguish (unused phases are never selected).
pub const PHASES: usize = 4;

/// Feature values of one position seen from one side.
pub type FeatureVec = [i32; MAX_FEATURES];

/// A two-sided race game with chance, as the search sees it.
///
/// A *chance* is what is rolled or thrown before a side chooses its *turn*. After a turn is
/// applied, [`RaceGame::to_move`] says which side chooses next (senet's extra throws mean the same
/// side may move twice in a row) and [`RaceGame::chances`] lists what it may roll then.
pub trait RaceGame {
    /// A whole-game state, including the side to move and anything pending (senas gifts).
    type Pos: Copy;
    /// One outcome of the dice or sticks.
    type Chance: Copy + 'static;
    /// One distinct choice of a side after a chance (its final position differs from the others).
    type Turn: Copy;
    /// The two sides.
    type Side: Copy + Eq;
    /// Working memory of turn generation: the turn list (a `heapless::Vec` sized by the rules
    /// engine) and whatever the engine needs (senas: its memo table). Large for senas, so the
    /// caller owns one, e.g. in a static, and lends it to every decision; only one turn list is
    /// alive at a time during a search.
    type Scratch: Default;
    /// What the learned evaluator keeps of the last position it valued, to value the next one
    /// with less work ([`RaceGame::learned_memo`]; senas, senet: that position's first-layer
    /// sums); `()` for a game without a learned evaluator. A search owns one.
    type Memo: Default;

    /// The chance outcomes possible before the next choice in `pos`, each with an integer weight.
    /// Never empty for a position without a winner. A deterministic step (a senas gift part) is a
    /// single outcome.
    fn chances(pos: &Self::Pos) -> &'static [(Self::Chance, u32)];

    /// The distinct legal turns after `chance`, generated into `scratch`. Never empty for a
    /// position without a winner: when nothing can be moved, the single turn is the pass the
    /// rules prescribe.
    fn turns<'s>(
        scratch: &'s mut Self::Scratch,
        pos: &Self::Pos,
        chance: &Self::Chance,
    ) -> &'s [Self::Turn];

    /// Whether [`RaceGame::begin_turns`] really slices (then a search lists and ranks its root
    /// turns over several steps, so it must be lent the same scratch each step); otherwise the
    /// root is listed and ranked in one step.
    const SLICED: bool = false;

    /// Starts generating the turns after `chance` in slices, for a caller that must not hold
    /// up a video frame ([`RaceGame::resume_turns`] carries it out; the list is then
    /// [`RaceGame::listed`], the same as [`RaceGame::turns`]'). By default all at once.
    fn begin_turns(scratch: &mut Self::Scratch, pos: &Self::Pos, chance: &Self::Chance) {
        let _ = Self::turns(scratch, pos, chance);
    }

    /// Explores about `work` more units of the generation begun: `None` while paused (the
    /// whole `work` used), `Some(used)` once the list is complete, `used <= work` the units
    /// this last slice took.
    fn resume_turns(_scratch: &mut Self::Scratch, _work: u32) -> Option<u32> {
        Some(0)
    }

    /// The turns of the last complete generation in `scratch`.
    fn listed(scratch: &Self::Scratch) -> &[Self::Turn];

    /// Changes whenever a generation starts in `scratch`: a caller that paused (or kept a list)
    /// and finds another value knows the scratch was used for something else meanwhile.
    fn stamp(_scratch: &Self::Scratch) -> u32 {
        0
    }

    /// The position after `turn` (which came from [`RaceGame::turns`] for this position).
    fn apply(pos: &Self::Pos, turn: &Self::Turn) -> Self::Pos;

    /// The side that chooses the next turn.
    fn to_move(pos: &Self::Pos) -> Self::Side;

    /// The side that has won, if the game is over.
    fn winner(pos: &Self::Pos) -> Option<Self::Side>;

    /// Fills `out` with feature values of `pos` seen from `side` (positive is good for `side`)
    /// and returns the game phase index (< [`PHASES`]) whose weights apply.
    fn features(pos: &Self::Pos, side: Self::Side, out: &mut FeatureVec) -> usize;

    /// The game's learned evaluation of `pos` for `side`, bounded like [`crate::ai::eval`]'s
    /// (`WIN`/`-WIN` when over, strictly inside otherwise); `None` when the game has none.
    fn learned(_pos: &Self::Pos, _side: Self::Side) -> Option<i32> {
        None
    }

    /// Exactly [`RaceGame::learned`]`(pos, side)`, computed with the help of `memo` (whatever
    /// it holds: a default one, or one left by any earlier position) and left describing `pos`.
    /// Speed only: the search values the turns of one list one after the other, and sibling
    /// positions differ in a few holes.
    fn learned_memo(_memo: &mut Self::Memo, pos: &Self::Pos, side: Self::Side) -> Option<i32> {
        Self::learned(pos, side)
    }

    /// The learned evaluation the first levels searched with (`Evaluator::FirstLearned`): by
    /// default [`RaceGame::learned`]; a game whose networks came one rule set at a time answers
    /// `None` for the rule sets whose network came after those levels (senet: all but Kendall).
    fn first_learned(pos: &Self::Pos, side: Self::Side) -> Option<i32> {
        Self::learned(pos, side)
    }

    /// Exactly [`RaceGame::first_learned`], with the help of `memo` (as
    /// [`RaceGame::learned_memo`]).
    fn first_learned_memo(memo: &mut Self::Memo, pos: &Self::Pos, side: Self::Side) -> Option<i32> {
        Self::learned_memo(memo, pos, side)
    }

    /// The heuristic evaluation of the rule set of `pos` for `side`, when the game has rule sets
    /// with a heuristic of their own (`Evaluator::ByRules`), bounded like [`crate::ai::eval`]'s;
    /// `None` otherwise.
    fn rules_eval(_pos: &Self::Pos, _side: Self::Side) -> Option<i32> {
        None
    }

    /// Sum of the weights of [`RaceGame::chances`].
    fn chance_total(pos: &Self::Pos) -> u32 {
        Self::chances(pos).iter().map(|c| c.1).sum()
    }
}
