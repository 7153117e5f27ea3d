//! The review's resumable worker (`ai::coach::review`): [`Analyst`] judges one turn at a time
//! (the best turn's chance over the throw's turns, the played turn's, then the luck over every
//! throw), a given number of work units per call, and adds it to the figures. Owns the order
//! of that work; must not know the app, the log or any game's internals.

use super::super::{chance_after, loss};
use super::{luck, Figures, Graph, Worst};
use crate::ai::player::Profile;
use crate::ai::search::game::RaceGame;
use crate::ai::selfplay::Playable;

/// The best turn's chance over the turns of one throw, found over as many calls as it takes.
struct Job<G: RaceGame> {
    chance: G::Chance,
    /// 0: not begun, 1: listing, 2: valuing.
    stage: u8,
    stamp: u32,
    next: usize,
    best: Option<(u16, G::Turn)>,
    played: Option<(u16, G::Turn)>,
}

impl<G: RaceGame> Clone for Job<G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: RaceGame> Copy for Job<G> {}

impl<G: Profile> Job<G> {
    fn new(chance: G::Chance) -> Self {
        Job {
            chance,
            stage: 0,
            stamp: 0,
            next: 0,
            best: None,
            played: None,
        }
    }

    /// Works while `work` lasts; `true` once every turn is valued.
    fn step(
        &mut self,
        scratch: &mut G::Scratch,
        pos: &G::Pos,
        work: &mut u64,
        is_played: &dyn Fn(&G::Pos, &G::Turn) -> bool,
    ) -> bool {
        if self.stage == 0 {
            G::begin_turns(scratch, pos, &self.chance);
            self.stamp = G::stamp(scratch);
            self.stage = 1;
        }
        if self.stage == 1 {
            let slice = (*work).min(u64::from(u32::MAX)) as u32;
            match G::resume_turns(scratch, slice) {
                None => {
                    *work = 0;
                    return false;
                }
                Some(used) => *work = work.saturating_sub(u64::from(used.max(1))),
            }
            self.stage = 2;
        }
        if G::stamp(scratch) != self.stamp {
            // The scratch served someone else meanwhile: list again.
            *self = Job::new(self.chance);
            return false;
        }
        let list = G::listed(scratch);
        while self.next < list.len() && *work > 0 {
            let t = list[self.next];
            let c = chance_after::<G>(pos, &G::apply(pos, &t));
            if self.best.is_none_or(|b| c > b.0) {
                self.best = Some((c, t));
            }
            if self.played.is_none() && is_played(pos, &t) {
                self.played = Some((c, t));
            }
            self.next += 1;
            *work -= 1;
        }
        self.next == list.len()
    }
}

/// What a call to [`Analyst::step`] left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// No turn given (waiting for [`Analyst::turn`]).
    Idle,
    /// The allowance ran out inside a turn.
    Working,
    /// The turn given is judged; the analyst's position is after it.
    Judged,
    /// The played turn is none of the legal turns (the caller's record is wrong).
    Illegal,
}

/// The turn being judged.
struct Current<G: RaceGame> {
    chance: G::Chance,
    person: bool,
    job: Job<G>,
    /// The played turn's job is done: its (best chance, played chance, best turn, played turn,
    /// turns listed); then the luck's throws, `next` of them valued and their weighted sum.
    judged: Option<Judged<G>>,
    luck_next: usize,
    luck_sum: u64,
}

/// A played turn judged: best chance, played chance, best turn, played turn, a choice (two
/// turns or more).
type Judged<G> = (u16, u16, <G as RaceGame>::Turn, <G as RaceGame>::Turn, bool);

impl<G: RaceGame> Clone for Current<G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: RaceGame> Copy for Current<G> {}

/// The review of one match, fed turn by turn.
pub struct Analyst<G: Profile + Playable> {
    pos: G::Pos,
    people: [bool; 2],
    turns: u32,
    sides: [Figures<G>; 2],
    graph: Graph,
    current: Option<Current<G>>,
    /// Work units spent so far.
    work: u64,
    /// The throws' luck is measured (the costly part in senas: every roll's best turn).
    luck: bool,
}

impl<G: Profile + Playable> Analyst<G> {
    /// A review of the match from `start`; `people[i]`: side `G::SIDES[i]` is a person (only
    /// people's turns are judged and their throws' luck measured).
    pub fn new(start: G::Pos, people: [bool; 2]) -> Self {
        Analyst {
            pos: start,
            people,
            turns: 0,
            sides: [Figures::new(); 2],
            graph: Graph::new(),
            current: None,
            work: 0,
            luck: true,
        }
    }

    /// The same review without the luck (throws not measured: `Figures::throws` stays 0);
    /// every other figure is the same, at a small part of the work.
    pub fn without_luck(mut self) -> Self {
        self.luck = false;
        self
    }

    /// The position before the next turn.
    pub fn pos(&self) -> &G::Pos {
        &self.pos
    }
    /// Turns judged so far.
    pub fn turns(&self) -> u32 {
        self.turns
    }
    /// Work units spent so far.
    pub fn work(&self) -> u64 {
        self.work
    }
    /// Side `i`'s figures.
    pub fn figures(&self, i: usize) -> &Figures<G> {
        &self.sides[i.min(1)]
    }
    /// Which sides are people.
    pub fn people(&self) -> [bool; 2] {
        self.people
    }
    /// The first side's win chance per turn.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }
    /// A turn is being judged.
    pub fn busy(&self) -> bool {
        self.current.is_some()
    }

    fn side_index(&self) -> usize {
        usize::from(G::to_move(&self.pos) != G::SIDES[0])
    }

    /// The next turn was played after `chance` (its turn is recognised in `step`).
    pub fn turn(&mut self, chance: G::Chance) {
        let person = self.people[self.side_index()];
        self.current = Some(Current {
            chance,
            person,
            job: Job::new(chance),
            judged: None,
            luck_next: 0,
            luck_sum: 0,
        });
    }

    /// Works up to about `units` work units on the turn given; `is_played` recognises the
    /// played turn among the legal ones of the position.
    pub fn step(
        &mut self,
        scratch: &mut G::Scratch,
        units: u64,
        is_played: &dyn Fn(&G::Pos, &G::Turn) -> bool,
    ) -> Step {
        let Some(mut cur) = self.current else {
            return Step::Idle;
        };
        let mut work = units.max(1);
        let start = work;
        let step = self.work_on(&mut cur, scratch, &mut work, is_played);
        self.work += start - work;
        self.current = match step {
            Step::Working => Some(cur),
            _ => None,
        };
        step
    }

    fn work_on(
        &mut self,
        cur: &mut Current<G>,
        scratch: &mut G::Scratch,
        work: &mut u64,
        is_played: &dyn Fn(&G::Pos, &G::Turn) -> bool,
    ) -> Step {
        let pos = self.pos;
        if cur.judged.is_none() {
            if !cur.job.step(scratch, &pos, work, is_played) {
                return Step::Working;
            }
            let (Some(best), Some(played)) = (cur.job.best, cur.job.played) else {
                return Step::Illegal;
            };
            let choice = G::listed(scratch).len() > 1;
            cur.judged = Some((best.0, played.0, best.1, played.1, choice));
            cur.job = match G::chances(&pos).first() {
                Some(c) => Job::new(c.0),
                None => Job::new(cur.chance),
            };
        }
        let Some((best, played, best_turn, played_turn, choice)) = cur.judged else {
            return Step::Working;
        };
        let chances = G::chances(&pos);
        // Luck: only a person's throws, only where more than one outcome was possible.
        let luck_here = self.luck && cur.person && chances.len() > 1;
        if luck_here {
            while cur.luck_next < chances.len() {
                if *work == 0 || !cur.job.step(scratch, &pos, work, &|_, _| false) {
                    return Step::Working;
                }
                let b = cur.job.best.map_or(0, |b| b.0);
                cur.luck_sum += u64::from(b) * u64::from(chances[cur.luck_next].1);
                cur.luck_next += 1;
                if let Some(c) = chances.get(cur.luck_next) {
                    cur.job = Job::new(c.0);
                }
            }
        }
        let side = self.side_index();
        self.turns += 1;
        if cur.person {
            let f = &mut self.sides[side];
            if luck_here {
                f.throws += 1;
                f.luck += i32::from(luck(best, cur.luck_sum, u64::from(G::chance_total(&pos))));
            }
            if choice {
                f.decided(Worst {
                    turn: self.turns,
                    loss: loss(best, played),
                    pos,
                    chance: cur.chance,
                    played: played_turn,
                    best: best_turn,
                });
            }
        }
        let after = G::apply(&pos, &played_turn);
        let mine = chance_after::<G>(&pos, &after);
        self.graph.push(if side == 0 { mine } else { 1000 - mine });
        self.pos = after;
        Step::Judged
    }
}
