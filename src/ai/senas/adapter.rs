//! Senas as a [`RaceGame`]: the adapter over `games::senas` (the 56 distinct rolls with weights
//! out of 216, or the single deterministic gift part when a gift is pending; distinct final
//! positions as turns; tute re-rolls and gifts through `apply`), with the features of
//! `senas::features` and the evaluators a level may choose ([`SenasEval`]: linear weights or
//! the network). Reads only the public position; never changes rules. The level table is
//! `senas::levels`'s.

use heapless::Vec;

use crate::games::senas::{self, Position, Roll, Side, Turn, TurnGen, MAX_TURNS};

use crate::ai::search::eval::Weights;
use crate::ai::search::game::{FeatureVec, RaceGame};
use crate::ai::selfplay::Playable;

use super::memo::Memo;

pub use super::features::feature;

/// What comes before a choice in senas: one of the 56 distinct rolls, or the pending gift.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SenasChance {
    /// Index into [`ROLL_DICE`] (ascending dice, as `Roll::outcomes`).
    Roll(u8),
    /// The gift part (sub-moves the opponent could not use).
    Gift,
}

const fn roll_dice() -> [[u8; 3]; 56] {
    let mut out = [[0u8; 3]; 56];
    let mut i = 0;
    let mut a = 1;
    while a <= 6 {
        let mut b = a;
        while b <= 6 {
            let mut c = b;
            while c <= 6 {
                out[i] = [a, b, c];
                i += 1;
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

/// The 56 distinct rolls, ascending dice.
pub const ROLL_DICE: [[u8; 3]; 56] = roll_dice();

const fn roll_chances() -> [(SenasChance, u32); 56] {
    let mut out = [(SenasChance::Gift, 0u32); 56];
    let mut i = 0;
    while i < 56 {
        let [a, b, c] = ROLL_DICE[i];
        let w = if a == b && b == c {
            1
        } else if a == b || b == c {
            3
        } else {
            6
        };
        out[i] = (SenasChance::Roll(i as u8), w);
        i += 1;
    }
    out
}

static ROLLS: [(SenasChance, u32); 56] = roll_chances();
static GIFT: [(SenasChance, u32); 1] = [(SenasChance::Gift, 1)];

impl SenasChance {
    /// The chance for a roll of the engine.
    pub fn from_roll(roll: Roll) -> SenasChance {
        let d = roll.dice();
        let i = ROLL_DICE.iter().position(|r| *r == d).unwrap_or(0);
        SenasChance::Roll(i as u8)
    }

    /// The engine's roll, if this chance is a roll.
    pub fn roll(self) -> Option<Roll> {
        match self {
            SenasChance::Roll(i) => {
                let [a, b, c] = ROLL_DICE[usize::from(i) % 56];
                Roll::new(a, b, c)
            }
            SenasChance::Gift => None,
        }
    }
}

/// The senas game as the players see it.
pub struct Senas;

/// What a senas search values leaves with (chosen by the level table, `senas::levels`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
// The weights are inline on purpose: a search copies its evaluator once and reads the
// weights at every leaf; there is no heap to box them into.
#[allow(clippy::large_enum_variant)]
pub enum SenasEval {
    /// Weighted features ([`Weights::eval`]).
    Linear(Weights),
    /// The learned network (`senas::net`, through `senas::memo` in a search).
    Net,
}

impl From<Weights> for SenasEval {
    fn from(w: Weights) -> Self {
        SenasEval::Linear(w)
    }
}

/// The distinct turns of one part, as the engine sizes them.
pub type SenasTurns = Vec<Turn, MAX_TURNS>;

/// Working memory of senas turn generation: the engine's memo table and the turn list (large:
/// keep one, e.g. in a static, and lend it to every decision).
#[derive(Default)]
pub struct SenasScratch {
    /// The engine's generator state.
    pub gen: TurnGen,
    /// The last generated turns.
    pub turns: SenasTurns,
}

impl SenasScratch {
    /// Initialises a scratch in place (it is over a megabyte: never built on the stack and
    /// moved), e.g. in a zeroed static, and hands it out.
    pub fn init_in(slot: &mut core::mem::MaybeUninit<SenasScratch>) -> &mut SenasScratch {
        let p = slot.as_mut_ptr();
        // SAFETY: `p` points to memory `slot` owns, valid for writes and aligned for
        // `SenasScratch`; each field is written once through a raw pointer without making a
        // reference to the uninitialised whole, after which every field is initialised.
        unsafe {
            core::ptr::addr_of_mut!((*p).gen).write(TurnGen::new());
            core::ptr::addr_of_mut!((*p).turns).write(SenasTurns::new());
            &mut *p
        }
    }
}

impl RaceGame for Senas {
    type Pos = Position;
    type Chance = SenasChance;
    type Turn = Turn;
    type Side = Side;
    type Scratch = SenasScratch;
    type Eval = SenasEval;
    type Memo = Memo;

    fn chances(pos: &Position) -> &'static [(SenasChance, u32)] {
        if pos.needs_roll() || pos.winner().is_some() {
            &ROLLS
        } else {
            &GIFT
        }
    }

    fn turns<'s>(s: &'s mut SenasScratch, pos: &Position, chance: &SenasChance) -> &'s [Turn] {
        // The capacities are the engine's measured maxima; an overflow would only shorten the
        // list, which stays legal.
        let _ = match chance.roll() {
            Some(roll) if pos.needs_roll() => s.gen.legal_turns(pos, &roll, &mut s.turns),
            _ => s.gen.legal_gift_turns(pos, &mut s.turns),
        };
        &s.turns
    }

    const SLICED: bool = true;

    fn begin_turns(s: &mut SenasScratch, pos: &Position, chance: &SenasChance) {
        s.gen.begin_part(pos, chance.roll().as_ref(), &mut s.turns);
    }

    fn resume_turns(s: &mut SenasScratch, work: u32) -> Option<u32> {
        let states = work.saturating_mul(GEN_STATES_PER_WORK);
        // An overflow still leaves a legal list (the engine falls back to a greedy turn).
        let _ = s.gen.resume_part(&mut s.turns, states)?;
        Some(s.gen.spent().div_ceil(GEN_STATES_PER_WORK))
    }

    fn listed(s: &SenasScratch) -> &[Turn] {
        &s.turns
    }

    fn stamp(s: &SenasScratch) -> u32 {
        s.gen.stamp()
    }

    fn apply(pos: &Position, turn: &Turn) -> Position {
        senas::apply(pos, turn)
    }

    fn to_move(pos: &Position) -> Side {
        pos.side_to_move()
    }

    fn winner(pos: &Position) -> Option<Side> {
        pos.winner()
    }

    fn evaluate(eval: &SenasEval, pos: &Position, side: Side) -> i32 {
        match eval {
            SenasEval::Linear(w) => w.eval::<Senas>(pos, side),
            SenasEval::Net => super::net::value(pos, side),
        }
    }

    fn evaluate_memo(eval: &SenasEval, memo: &mut Memo, pos: &Position, side: Side) -> i32 {
        match eval {
            SenasEval::Linear(w) => w.eval::<Senas>(pos, side),
            SenasEval::Net => super::memo::value(memo, pos, side),
        }
    }

    fn features(pos: &Position, side: Side, out: &mut FeatureVec) -> usize {
        super::features::features(pos, side, out)
    }
}

/// Generated turn states one unit of search work buys while the root turns are listed: a
/// generated state costs a fraction of a learned evaluation on the Wii (Dolphin: frames that
/// only list turns stayed near 2 ms of the 8 ms budget at 1 state a unit; docs/ai.md, Frame
/// budget). Only how many frames a listing takes depends on it, never the list
/// (tests/senas_stepwise.rs).
pub const GEN_STATES_PER_WORK: u32 = 4;

impl Playable for Senas {
    const SIDES: [Side; 2] = [Side::White, Side::Black];
    fn start(_: (), first: Side) -> Position {
        Position::start(first)
    }
}
