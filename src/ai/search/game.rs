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
    /// What a search values leaves with: an opaque value the game's level table chooses
    /// (`Profile::level`), e.g. linear weights or one of its networks. The search only hands
    /// it back to [`RaceGame::evaluate`]; it never looks inside.
    type Eval: Copy;
    /// What an evaluator keeps of the last position it valued, to value the next one with less
    /// work ([`RaceGame::evaluate_memo`]; senas, senet: a network's first-layer sums); `()`
    /// for a game without one. A search owns one.
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

    /// The bounded value of `pos` for `side` by `eval`: `WIN` / `-WIN` (`crate::ai::WIN`) when
    /// the game is over, strictly between them otherwise.
    fn evaluate(eval: &Self::Eval, pos: &Self::Pos, side: Self::Side) -> i32;

    /// Exactly [`RaceGame::evaluate`]`(eval, pos, side)`, computed with the help of `memo`
    /// (whatever it holds: a default one, or one left by any earlier position and evaluator)
    /// and left describing `pos`. Speed only: the search values the turns of one list one after
    /// the other, and sibling positions differ in a few holes.
    fn evaluate_memo(
        eval: &Self::Eval,
        _memo: &mut Self::Memo,
        pos: &Self::Pos,
        side: Self::Side,
    ) -> i32 {
        Self::evaluate(eval, pos, side)
    }

    /// Sum of the weights of [`RaceGame::chances`].
    fn chance_total(pos: &Self::Pos) -> u32 {
        Self::chances(pos).iter().map(|c| c.1).sum()
    }
}
