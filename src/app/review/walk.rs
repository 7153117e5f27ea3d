//! The match review read from the match log (issue 27 part 5): [`MatchReview`] walks the log's
//! `event=roll` / `event=turn` lines (the notation `senas/flow.rs` and `senet/flow.rs` write, and
//! a match record keeps: `save::record`) with the rules engines and feeds each turn to the
//! coach's [`Analyst`] (`ai::coach::review`), a few work units at a time. The app steps it over
//! frames; `arena analyze` runs the same code over a record at once, so both print the same
//! figures ([`MatchReview::report`]). Owns the reading of the log's notation for the review;
//! must not touch the screen, the match or the record's bytes. Bad lines end the walk
//! ([`Status::Failed`]), never a panic.

use core::fmt::Write;

use crate::ai::coach::review::{Analyst, Graph, Step};

use crate::ai::senas_game::{Senas, SenasChance, SenasScratch};
use crate::ai::senet_game::Senet;
use crate::games::{senas, senet};
use crate::save::RecordHeader;

/// Where the walk stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Working,
    Done,
    /// The log could not be followed from this turn on (counted from 1); the figures cover
    /// the turns before it.
    Failed(u32),
}

/// A turn in the log's notation.
pub type Notation = heapless::String<64>;

/// A senas part in the log's notation (`TurnMoves`), for the side to move in `pos`.
pub fn senas_text(pos: &senas::Position, t: &senas::Turn) -> Notation {
    let mut s = Notation::new();
    let side = pos.side_to_move();
    let _ = write!(s, "{}", senas::TurnMoves { side, turn: t });
    s
}

/// The value of `key=` in a log line.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.split(' ')
        .find_map(|w| w.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
}

/// `a` equals `b`'s display.
fn shows(a: &str, b: impl core::fmt::Display) -> bool {
    let mut s: heapless::String<96> = heapless::String::new();
    write!(s, "{b}").is_ok() && s.as_str() == a
}

/// The log's next line from `*at` (moved past it), if any.
fn next_line<'a>(log: &'a str, at: &mut usize) -> Option<&'a str> {
    let rest = log.get(*at..)?;
    if rest.is_empty() {
        return None;
    }
    let end = rest.find('\n').unwrap_or(rest.len());
    *at += (end + 1).min(rest.len());
    Some(&rest[..end])
}

/// A senas match's walk.
pub struct SenasWalk {
    pub(super) an: Analyst<Senas>,
    at: usize,
    roll: Option<senas::Roll>,
    /// The turn line being judged (its byte range in the log).
    line: Option<(usize, usize)>,
}

/// A senet match's walk.
pub struct SenetWalk {
    pub(super) an: Analyst<Senet>,
    at: usize,
    line: Option<(usize, usize)>,
    scratch: senet::MoveList,
}

/// One pass over the log: either game's walk.
// The senas walk holds its positions and turns inline: there is no heap to box it.
#[allow(clippy::large_enum_variant)]
pub enum Walk {
    Senas(SenasWalk),
    Senet(SenetWalk),
}

impl Walk {
    fn senas(first: u8, people: [bool; 2], luck: bool) -> Self {
        let side = [senas::Side::White, senas::Side::Black][usize::from(first.min(1))];
        let an = Analyst::new(senas::Position::start(side), people);
        Walk::Senas(SenasWalk {
            an: if luck { an } else { an.without_luck() },
            at: 0,
            roll: None,
            line: None,
        })
    }

    fn senet(variant: senet::Variant, first: u8, people: [bool; 2], luck: bool) -> Self {
        let side = [senet::Side::A, senet::Side::B][usize::from(first.min(1))];
        let an = Analyst::new(senet::Position::start(variant, side), people);
        Walk::Senet(SenetWalk {
            an: if luck { an } else { an.without_luck() },
            at: 0,
            line: None,
            scratch: senet::MoveList::new(),
        })
    }

    fn step(&mut self, ai: &mut SenasScratch, log: &str, units: u64) -> Status {
        match self {
            Walk::Senas(w) => w.step(ai, log, units),
            Walk::Senet(w) => w.step(log, units),
        }
    }

    fn people(&self) -> [bool; 2] {
        match self {
            Walk::Senas(w) => w.an.people(),
            Walk::Senet(w) => w.an.people(),
        }
    }

    fn turns(&self) -> u32 {
        match self {
            Walk::Senas(w) => w.an.turns(),
            Walk::Senet(w) => w.an.turns(),
        }
    }

    fn work(&self) -> u64 {
        match self {
            Walk::Senas(w) => w.an.work(),
            Walk::Senet(w) => w.an.work(),
        }
    }
}

/// A match's review in progress: two passes over the log, the first without the luck (every
/// figure but the luck, a small part of the work: shown as soon as it is done), the second
/// with it (in senas every roll's best turn is a turn generation: most of the work).
pub struct MatchReview {
    plain: Walk,
    lucky: Walk,
    done: [Status; 2],
}

impl MatchReview {
    fn of(plain: Walk, lucky: Walk) -> Self {
        MatchReview {
            plain,
            lucky,
            done: [Status::Working; 2],
        }
    }

    /// A senas match where side `first` (0: White) threw first; `people[i]`: side i is a person.
    pub fn senas(first: u8, people: [bool; 2]) -> Self {
        Self::of(
            Walk::senas(first, people, false),
            Walk::senas(first, people, true),
        )
    }

    /// A senet match under `variant` where side `first` (0: A) threw first.
    pub fn senet(variant: senet::Variant, first: u8, people: [bool; 2]) -> Self {
        Self::of(
            Walk::senet(variant, first, people, false),
            Walk::senet(variant, first, people, true),
        )
    }

    /// The review of the match a record's header describes (people: `person`, `person2`).
    pub fn of_record(h: &RecordHeader) -> Result<Self, &'static str> {
        let people = h.players.map(|p| p.starts_with("person"));
        match h.game {
            "senas" => Ok(MatchReview::senas(h.first, people)),
            "senet" => senet::Variant::from_name(h.rules)
                .map(|v| MatchReview::senet(v, h.first, people))
                .ok_or("unknown senet rules"),
            _ => Err("unknown game"),
        }
    }

    /// Works about `units` work units over `log` (the match log's text, or a whole record):
    /// the first pass, then the second. `Done` once both are.
    pub fn step(&mut self, ai: &mut SenasScratch, log: &str, units: u64) -> Status {
        if self.done[0] == Status::Working {
            self.done[0] = self.plain.step(ai, log, units);
            return match self.done[0] {
                Status::Done => Status::Working,
                s => s,
            };
        }
        if let Status::Failed(t) = self.done[0] {
            return Status::Failed(t);
        }
        if self.done[1] == Status::Working {
            self.done[1] = self.lucky.step(ai, log, units);
        }
        self.done[1]
    }

    /// Works about `units` work units over the log of a match still being played: each pass
    /// reads to the log's end and waits there for more, the second measuring the next throw's
    /// luck ahead. `Done` when both have caught up (more may come), `Working` while work is
    /// left in the text so far. Once the match is over, [`MatchReview::step`] finishes the
    /// same walk (the figures do not depend on how the work was split).
    pub fn follow(&mut self, ai: &mut SenasScratch, log: &str, units: u64) -> Status {
        if let Status::Failed(t) = self.done[0] {
            return Status::Failed(t);
        }
        let before = self.work();
        let plain = self.plain.step(ai, log, units);
        if let Status::Failed(_) = plain {
            self.done[0] = plain;
        }
        let left = units.saturating_sub(self.work() - before);
        if plain != Status::Done || left == 0 {
            return match plain {
                Status::Done => Status::Working,
                s => s,
            };
        }
        let lucky = self.lucky.step(ai, log, left);
        if let Status::Failed(_) = lucky {
            self.done[1] = lucky;
        }
        lucky
    }

    /// The whole walk at once (tools and tests).
    pub fn run(&mut self, ai: &mut SenasScratch, log: &str) -> Status {
        loop {
            match self.step(ai, log, 1 << 20) {
                Status::Working => {}
                s => return s,
            }
        }
    }

    /// A senas match's review (its work units are senas ones).
    pub fn is_senas(&self) -> bool {
        matches!(self.plain, Walk::Senas(_))
    }

    /// Every figure but the luck is ready (the first pass is over).
    pub fn figures_ready(&self) -> bool {
        self.done[0] != Status::Working
    }
    /// The luck is ready too.
    pub fn luck_ready(&self) -> bool {
        self.done[1] == Status::Done
    }

    /// Which sides are people.
    pub fn people(&self) -> [bool; 2] {
        self.plain.people()
    }

    /// Turns judged so far by the first pass, and by the second.
    pub fn turns(&self) -> u32 {
        self.plain.turns()
    }
    pub fn luck_turns(&self) -> u32 {
        self.lucky.turns()
    }

    /// Work units spent so far (both passes).
    pub fn work(&self) -> u64 {
        self.plain.work() + self.lucky.work()
    }

    /// The first side's win chance per turn.
    pub fn graph(&self) -> &Graph {
        match &self.plain {
            Walk::Senas(w) => w.an.graph(),
            Walk::Senet(w) => w.an.graph(),
        }
    }

    /// Side `i`'s `k`-th worst decision, with its position and turns (the board view).
    pub fn decision(&self, i: usize, k: usize) -> Option<super::board::Decision<'_>> {
        use super::board::Decision;
        match &self.plain {
            Walk::Senas(w) => w.an.figures(i).worst.get(k)?.as_ref().map(Decision::Senas),
            Walk::Senet(w) => w.an.figures(i).worst.get(k)?.as_ref().map(Decision::Senet),
        }
    }

    /// The pass whose figures are shown: the second once done, else the first.
    pub(super) fn shown(&self) -> &Walk {
        if self.luck_ready() {
            &self.lucky
        } else {
            &self.plain
        }
    }
}

impl SenasWalk {
    fn step(&mut self, ai: &mut SenasScratch, log: &str, units: u64) -> Status {
        let mut left = units.max(1);
        loop {
            let Some((a, b)) = self.line else {
                let start = self.at;
                let Some(l) = next_line(log, &mut self.at) else {
                    return ahead(self.an.step(ai, left, &|_, _| false));
                };
                match field(l, "event") {
                    Some("roll") => {
                        let mut d = field(l, "dice")
                            .unwrap_or("")
                            .split(',')
                            .map(|v| v.parse::<u8>().ok());
                        let dice = (d.next(), d.next(), d.next(), d.next());
                        self.roll = match dice {
                            (Some(Some(x)), Some(Some(y)), Some(Some(z)), None) => {
                                senas::Roll::new(x, y, z)
                            }
                            _ => None,
                        };
                        if self.roll.is_none() {
                            return Status::Failed(self.an.turns() + 1);
                        }
                    }
                    Some("turn") => {
                        let chance = match (field(l, "part"), self.roll) {
                            (Some("gift"), _) => SenasChance::Gift,
                            (Some("roll"), Some(r)) => SenasChance::from_roll(r),
                            _ => return Status::Failed(self.an.turns() + 1),
                        };
                        let side = self.an.pos().side_to_move();
                        if !field(l, "side").is_some_and(|s| shows(s, side)) {
                            return Status::Failed(self.an.turns() + 1);
                        }
                        if field(l, "part") == Some("roll") {
                            self.roll = None;
                        }
                        self.an.turn(chance);
                        self.line = Some((start, start + l.len()));
                    }
                    _ => {}
                }
                continue;
            };
            if left == 0 {
                return Status::Working;
            }
            let l = log.get(a..b).unwrap_or("");
            let (moves, unused) = (
                field(l, "moves").unwrap_or(""),
                field(l, "unused").unwrap_or(""),
            );
            let is_played = |pos: &senas::Position, t: &senas::Turn| {
                shows(unused, t.unused()) && moves == senas_text(pos, t).as_str()
            };
            let before = self.an.work();
            let step = self.an.step(ai, left, &is_played);
            left = left.saturating_sub(self.an.work() - before);
            match step {
                Step::Working => return Status::Working,
                Step::Judged => self.line = None,
                Step::Idle | Step::Illegal => return Status::Failed(self.an.turns() + 1),
            }
        }
    }
}

impl SenetWalk {
    fn step(&mut self, log: &str, units: u64) -> Status {
        let mut left = units.max(1);
        loop {
            let Some((a, b)) = self.line else {
                let start = self.at;
                let Some(l) = next_line(log, &mut self.at) else {
                    return ahead(self.an.step(&mut self.scratch, left, &|_, _| false));
                };
                if field(l, "event") == Some("turn") {
                    let side = self.an.pos().side_to_move();
                    let throw = field(l, "throw")
                        .and_then(|t| t.parse().ok())
                        .and_then(senet::Throw::from_distance);
                    let (Some(throw), true) =
                        (throw, field(l, "side").is_some_and(|s| shows(s, side)))
                    else {
                        return Status::Failed(self.an.turns() + 1);
                    };
                    self.an.turn(throw);
                    self.line = Some((start, start + l.len()));
                }
                continue;
            };
            if left == 0 {
                return Status::Working;
            }
            let l = log.get(a..b).unwrap_or("");
            let mv = match (field(l, "move"), field(l, "throw")) {
                (Some(m), Some(t)) => parse_senet_move(m, t),
                _ => None,
            };
            let Some(mv) = mv else {
                return Status::Failed(self.an.turns() + 1);
            };
            let is_played = |_: &senet::Position, t: &senet::Move| *t == mv;
            let before = self.an.work();
            let step = self.an.step(&mut self.scratch, left, &is_played);
            left = left.saturating_sub(self.an.work() - before);
            match step {
                Step::Working => return Status::Working,
                Step::Judged => self.line = None,
                Step::Idle | Step::Illegal => return Status::Failed(self.an.turns() + 1),
            }
        }
    }
}

/// The log is read to its end: the next turn's luck is measured ahead (its line may come
/// later, during a match); `Done` once that is done too (or there is none to measure).
fn ahead(step: Step) -> Status {
    match step {
        Step::Working => Status::Working,
        _ => Status::Done,
    }
}

/// A senet move as the log writes it (`9-11`, `pass`) after the throw `throw` (its distance).
fn parse_senet_move(text: &str, throw: &str) -> Option<senet::Move> {
    let throw = senet::Throw::from_distance(throw.parse().ok()?)?;
    if text == "pass" {
        return Some(senet::Move::pass(throw));
    }
    let (a, b) = text.split_once('-')?;
    Some(senet::Move::step(throw, a.parse().ok()?, b.parse().ok()?))
}
