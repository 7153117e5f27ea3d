//! The review's resumable worker (`ai::coach::review`): [`Analyst`] judges one turn at a time
//! (the luck over every throw, which needs only the position and so is measured before the
//! turn is given; then the best turn's chance over the throw's turns and the played turn's), a
//! given number of work units per call, and adds it to the figures. Owns the order of that
//! work; must not know the app, the log or any game's internals.

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

/// The next turn: the luck of its throw first (it needs only the position, so it is measured
/// before the turn is given: during a match, while the person still thinks), then, once the
/// turn is given, the best turn's chance and the played turn's.
struct Current<G: RaceGame> {
    /// The throw decided on, once the turn is given.
    chance: Option<G::Chance>,
    person: bool,
    /// The luck is measured here: a person's throw among several outcomes, in a live position.
    luck_here: bool,
    /// The throw being valued (a luck throw's, then the turn's own).
    job: Option<Job<G>>,
    /// The luck's throws valued so far and their weighted sum.
    luck_next: usize,
    luck_sum: u64,
}

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
    current: Current<G>,
    /// Work units spent so far.
    work: u64,
    /// The throws' luck is measured (the costly part in senas: every roll's best turn).
    luck: bool,
}

impl<G: Profile + Playable> Analyst<G> {
    /// A review of the match from `start`; `people[i]`: side `G::SIDES[i]` is a person (only
    /// people's turns are judged and their throws' luck measured).
    pub fn new(start: G::Pos, people: [bool; 2]) -> Self {
        let mut a = Analyst {
            pos: start,
            people,
            turns: 0,
            sides: [Figures::new(); 2],
            graph: Graph::new(),
            current: Current {
                chance: None,
                person: false,
                luck_here: false,
                job: None,
                luck_next: 0,
                luck_sum: 0,
            },
            work: 0,
            luck: true,
        };
        a.current = a.next_current();
        a
    }

    /// The same review without the luck (throws not measured: `Figures::throws` stays 0);
    /// every other figure is the same, at a small part of the work.
    pub fn without_luck(mut self) -> Self {
        self.luck = false;
        self.current = self.next_current();
        self
    }

    /// The next turn's work from the position before it: the luck of its throw when that is
    /// measured (a person's, with more than one outcome, in a position without a winner).
    fn next_current(&self) -> Current<G> {
        let person = self.people[self.side_index()];
        Current {
            chance: None,
            person,
            luck_here: self.luck
                && person
                && G::winner(&self.pos).is_none()
                && G::chances(&self.pos).len() > 1,
            job: None,
            luck_next: 0,
            luck_sum: 0,
        }
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
    /// A turn is given and being judged.
    pub fn busy(&self) -> bool {
        self.current.chance.is_some()
    }

    fn side_index(&self) -> usize {
        usize::from(G::to_move(&self.pos) != G::SIDES[0])
    }

    /// The next turn was played after `chance` (its turn is recognised in `step`).
    pub fn turn(&mut self, chance: G::Chance) {
        self.current.chance = Some(chance);
    }

    /// Works up to about `units` work units on the next turn: its throw's luck (before the
    /// turn is given too: [`Step::Idle`] once that is done and the turn is still to come),
    /// then the turn given; `is_played` recognises the played turn among the legal ones.
    pub fn step(
        &mut self,
        scratch: &mut G::Scratch,
        units: u64,
        is_played: &dyn Fn(&G::Pos, &G::Turn) -> bool,
    ) -> Step {
        let mut cur = self.current;
        let mut work = units.max(1);
        let start = work;
        let step = self.work_on(&mut cur, scratch, &mut work, is_played);
        self.work += start - work;
        self.current = match step {
            Step::Judged => self.next_current(),
            _ => cur,
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
        let chances = G::chances(&pos);
        // Luck: every throw's best chance, weighted (the played turn is not needed).
        while cur.luck_here && cur.luck_next < chances.len() {
            if *work == 0 {
                return Step::Working;
            }
            let (c, weight) = chances[cur.luck_next];
            let job = cur.job.get_or_insert(Job::new(c));
            if !job.step(scratch, &pos, work, &|_, _| false) {
                return Step::Working;
            }
            let b = job.best.map_or(0, |b| b.0);
            cur.luck_sum += u64::from(b) * u64::from(weight);
            cur.luck_next += 1;
            cur.job = None;
        }
        let Some(chance) = cur.chance else {
            return Step::Idle;
        };
        if *work == 0 {
            return Step::Working;
        }
        let job = cur.job.get_or_insert(Job::new(chance));
        if !job.step(scratch, &pos, work, is_played) {
            return Step::Working;
        }
        let (Some((best, best_turn)), Some((played, played_turn))) = (job.best, job.played) else {
            return Step::Illegal;
        };
        let choice = G::listed(scratch).len() > 1;
        let side = self.side_index();
        self.turns += 1;
        if cur.person {
            let f = &mut self.sides[side];
            if cur.luck_here {
                f.throws += 1;
                f.luck += i32::from(luck(best, cur.luck_sum, u64::from(G::chance_total(&pos))));
            }
            if choice {
                f.decided(Worst {
                    turn: self.turns,
                    loss: loss(best, played),
                    pos,
                    chance,
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
