//! The review screen after a match with a person (issue 27 part 5), opened from the winner's
//! panel ("Review"): for each person, accuracy, mistakes, blunders and dice luck; the first
//! player's win chance over the whole match as a graph; the selected person's three worst
//! decisions (turn, the move played, the better move, the win chance lost), stepped through with
//! Left/Right (Up/Down: the other person); A shows the picked one on the board (`board.rs`: the
//! position before it, the move played in red, the better one in green) and A or B goes back
//! to the figures. B goes back to the winner's panel. The figures are
//! worked out during the match in the frames' spare time (`live.rs`), and what is left when it
//! ends over the winner screen's frames from its first on (`walk.rs`, with the per-frame
//! allowance the computer's thinking uses, `computer::allowance`), a progress line showing
//! until they are done. Owns the screen's state and picture, in frame pixels; must not touch the
//! match, the log or the save layer (the winner's screen lends the log each frame).

pub mod board;
pub mod live;
pub mod summary;
pub mod text;
pub mod walk;

use core::fmt::Write;

use crate::gfx::font::text_width;
use crate::gfx::{palette, Aspect, DrawList, Rect, Rgba};

use super::computer::{self, Allowance};
use super::context::Ctx;
use super::controls::Act;
use super::input::{Buttons, Input};
use super::strings::Strings;
use super::text::{fill, Text};
use super::ui;
use summary::Summary;
use walk::{MatchReview, Status};

/// Work units a frame without the platform's clock and budget (host tests): senas.
pub const SENAS_UNITS_PER_FRAME: u64 = 4_000;
/// The same for senet (its units are cheaper).
pub const SENET_UNITS_PER_FRAME: u64 = 20_000;

/// Where the board view's board goes, in frame pixels.
pub const BOARD: Rect = Rect::new(40, 136, 560, 200);
/// The move played and the better move, as the board marks them.
const PLAYED: Rgba = crate::app::help::canvas::REFUSED;
const BETTER: Rgba = crate::app::help::canvas::ALLOWED;

/// The graph's panel, in frame pixels.
pub const GRAPH: Rect = Rect::new(40, 232, 560, 88);

/// The review of one match and where its screen stands.
pub struct Review {
    walk: MatchReview,
    status: Status,
    /// Turns the match had (the progress line's total).
    total: u32,
    /// Frames spent working after the match (the report's figures).
    frames: u32,
    /// The clock (microseconds) when the match ended, and the work done during the match
    /// (`live.rs`): the `event=review` line's `ready_ms` and `match_work`.
    ended_us: Option<u64>,
    match_work: u64,
    /// The screen is showing (else the winner's panel).
    pub open: bool,
    /// The person whose worst decisions are listed, and the decision picked.
    person: usize,
    pick: usize,
    /// The picked decision is shown on the board.
    board: bool,
}

impl Review {
    /// The review of a match of `total` turns (`walk`: as far as it was followed during the
    /// match), which ended at `ended_us` on the platform's clock; `None` without a person.
    pub fn new(walk: MatchReview, total: u32, ended_us: Option<u64>) -> Option<Self> {
        let people = walk.people();
        let person = people.iter().position(|&p| p)?;
        Some(Review {
            match_work: walk.work(),
            walk,
            status: Status::Working,
            total,
            frames: 0,
            ended_us,
            open: false,
            person,
            pick: 0,
            board: false,
        })
    }

    /// The review so far.
    pub fn walk(&self) -> &MatchReview {
        &self.walk
    }
    pub fn status(&self) -> Status {
        self.status
    }
    /// Frames the work has taken so far after the match.
    pub fn frames(&self) -> u32 {
        self.frames
    }
    /// Work units spent during the match (in its spare frame time).
    pub fn match_work(&self) -> u64 {
        self.match_work
    }

    /// One frame's work over the match log (until done), with the computer's per-frame
    /// allowance: sliced until the frame's budget has passed on the clock, else a fixed count.
    pub fn work(&mut self, ctx: &mut Ctx) {
        if self.status != Status::Working {
            return;
        }
        self.frames += 1;
        let (fixed, per_ms) = if self.walk.is_senas() {
            (SENAS_UNITS_PER_FRAME, computer::SENAS_WORK_PER_MS)
        } else {
            (SENET_UNITS_PER_FRAME, computer::SENET_WORK_PER_MS)
        };
        let log = ctx.record.text();
        self.status = match computer::allowance(ctx.budget_us, ctx.clock, fixed, per_ms) {
            Allowance::Units(n) => self.walk.step(ctx.ai, log, n),
            Allowance::Until {
                clock,
                until_us,
                slice,
            } => loop {
                let s = self.walk.step(ctx.ai, log, slice);
                if s != Status::Working || clock.now_us() >= until_us {
                    break s;
                }
            },
        };
        if self.status != Status::Working {
            self.log_ready(ctx);
        }
    }

    /// The review is complete: `event=review` with the time from the match's end (`ready_ms`,
    /// on the platform's clock), the frames and work after it and the work during the match,
    /// then each line of the report (`event=review_line review side ...`, what `arena analyze`
    /// prints for the match's record).
    fn log_ready(&self, ctx: &mut Ctx) {
        let mut ready: Text<24> = Text::new();
        if let (Some(t0), Some(clock)) = (self.ended_us, ctx.clock) {
            let _ = write!(
                ready.0,
                " ready_ms={}",
                clock.now_us().saturating_sub(t0) / 1000
            );
        }
        let work = self.walk.work();
        ctx.note(format_args!(
            "event=review game={} frames={} work={} match_work={} end_work={} turns={}{}",
            if self.walk.is_senas() {
                "senas"
            } else {
                "senet"
            },
            self.frames,
            work,
            self.match_work,
            work.saturating_sub(self.match_work),
            self.walk.turns(),
            ready.as_str()
        ));
        let mut out = ReportLines {
            ctx,
            line: Text::new(),
        };
        let _ = self.walk.report(&mut out);
    }

    /// One frame of the open screen; `true` when it closes (B).
    pub fn update(&mut self, input: &Input) -> bool {
        let act = Act::anyone(input);
        if act.pressed(Buttons::B) && self.board {
            self.board = false;
            return false;
        }
        if act.pressed(Buttons::B) {
            self.open = false;
            return true;
        }
        if !self.walk.figures_ready() {
            return false;
        }
        let shown = self.walk.summary(self.person).worst.len();
        if act.pressed(Buttons::A) {
            self.board = !self.board && shown > 0;
        }
        let h = act.horizontal();
        if shown > 0 && h > 0 {
            self.pick = (self.pick + 1) % shown;
        } else if shown > 0 && h < 0 {
            self.pick = (self.pick + shown - 1) % shown;
        }
        if act.vertical() != 0 {
            let people = self.walk.people();
            if people[0] && people[1] {
                self.person = 1 - self.person;
                self.pick = 0;
            }
        }
        false
    }

    /// The decision picked: (person, index among the worst).
    pub fn picked(&self) -> (usize, usize) {
        (self.person, self.pick)
    }
    /// The picked decision is shown on the board.
    pub fn on_board(&self) -> bool {
        self.board
    }

    fn name(&self, side: usize, t: &Strings) -> Text<24> {
        let mut n = Text::new();
        let both = self.walk.people() == [true, true];
        if both {
            fill(&mut n, t.review.player, &[&(side + 1)]);
        } else {
            n.set(t.review.you);
        }
        n
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, t: &Strings) {
        let r = t.review;
        ui::backdrop(list, aspect, r.heading);
        if !self.walk.figures_ready() {
            let mut line: Text<64> = Text::new();
            fill(&mut line, r.working, &[&self.walk.turns(), &self.total]);
            ui::text_centered(list, 320, 200, line.as_str(), palette::TEXT, 1);
            let bar = Rect::new(120, 240, 400, 20);
            list.fill(bar, Rgba::BLACK.with_alpha(120));
            let done =
                (self.walk.turns().min(self.total) as i32 * 396 / self.total.max(1) as i32) as i16;
            list.fill(Rect::new(122, 242, done, 16), palette::GOLD);
            list.outline(bar, 2, palette::TEXT_DIM);
            ui::text_centered(list, 320, 448, r.footer, palette::TEXT_DIM, 1);
            return;
        }
        if let Some(d) = self
            .walk
            .decision(self.person, self.pick)
            .filter(|_| self.board)
        {
            self.board_view(list, aspect, d, t);
            return;
        }
        let people = self.walk.people();
        let columns: heapless::Vec<usize, 2> = (0..2).filter(|&i| people[i]).collect();
        for (k, &side) in columns.iter().enumerate() {
            let cx = if columns.len() == 1 {
                320
            } else {
                170 + 300 * k as i16
            };
            self.figures(list, cx, side, columns.len() > 1, t);
        }
        self.graph(list, t);
        self.worst(list, t);
        if let Status::Failed(turn) = self.status {
            let mut line: Text<64> = Text::new();
            fill(&mut line, r.failed, &[&turn]);
            ui::text_centered(list, 320, 428, line.as_str(), palette::TEXT_DIM, 1);
        }
        ui::text_centered(list, 320, 452, r.footer, palette::TEXT_DIM, 1);
    }

    /// The picked decision on the board: its turn and loss above, the moves below.
    fn board_view(&self, list: &mut DrawList, aspect: Aspect, d: board::Decision, t: &Strings) {
        let r = t.review;
        let s = self.walk.summary(self.person);
        let Some(w) = s.worst.get(self.pick) else {
            return;
        };
        let mut line: Text<64> = Text::new();
        fill(&mut line, r.turn, &[&w.turn, &Tenths(i32::from(w.loss))]);
        ui::text_centered(list, 320, 108, line.as_str(), palette::GOLD, 1);
        board::draw(list, aspect, BOARD, d);
        fill(&mut line, r.played, &[&w.played.as_str()]);
        ui::text_centered(list, 320, 346, line.as_str(), PLAYED, 1);
        fill(&mut line, r.better, &[&w.best.as_str()]);
        ui::text_centered(list, 320, 370, line.as_str(), BETTER, 1);
        ui::text_centered(list, 320, 452, r.footer, palette::TEXT_DIM, 1);
    }

    /// A person's figures, centred on `cx`, from y 104; `narrow`: in one of two columns.
    fn figures(&self, list: &mut DrawList, cx: i16, side: usize, narrow: bool, t: &Strings) {
        let s = self.walk.summary(side);
        let r = t.review;
        let gold = if side == self.person {
            palette::GOLD
        } else {
            palette::TEXT
        };
        ui::text_centered(list, cx, 104, self.name(side, t).as_str(), gold, 1);
        let mut line: Text<64> = Text::new();
        fill(&mut line, r.accuracy, &[&Tenths(i32::from(s.accuracy))]);
        let big = !narrow || text_width(line.as_str(), 2) <= 280;
        let (y, scale) = if big { (126, 2) } else { (136, 1) };
        ui::text_centered(list, cx, y, line.as_str(), palette::TEXT, scale);
        fill(&mut line, r.mistakes, &[&s.mistakes, &s.blunders]);
        ui::text_centered(list, cx, 164, line.as_str(), palette::TEXT, 1);
        if s.luck_ready {
            let mut luck: Text<16> = Text::new();
            let _ = write!(luck.0, "{}", SignedTenths(s.luck));
            fill(&mut line, r.luck, &[&luck.as_str()]);
        } else {
            let done = self.walk.luck_turns().min(self.total) * 100 / self.total.max(1);
            fill(&mut line, r.luck_working, &[&done]);
        }
        ui::text_centered(list, cx, 186, line.as_str(), palette::TEXT, 1);
    }

    /// The first side's win chance per turn: a bar per point from the middle line, side 0's
    /// colour above it, side 1's below.
    fn graph(&self, list: &mut DrawList, t: &Strings) {
        ui::text_centered(
            list,
            320,
            GRAPH.y - 18,
            t.review.graph,
            palette::TEXT_DIM,
            1,
        );
        list.fill(GRAPH, Rgba::BLACK.with_alpha(110));
        let inner = GRAPH.inflate(-2);
        let mid = inner.y + inner.h / 2;
        let points = self.walk.graph().points();
        let n = points.len().max(1) as i32;
        for (i, &p) in points.iter().enumerate() {
            let x0 = inner.x + (i as i32 * i32::from(inner.w) / n) as i16;
            let x1 = inner.x + ((i as i32 + 1) * i32::from(inner.w) / n) as i16;
            let y = inner.y + ((1000 - i32::from(p.min(1000))) * i32::from(inner.h) / 1000) as i16;
            let (top, h, c) = if y < mid {
                (y, mid - y, palette::GOLD)
            } else {
                (mid, y - mid, Rgba::rgb(80, 170, 255))
            };
            list.fill(Rect::new(x0, top, (x1 - x0).max(1), h.max(1)), c);
        }
        list.fill(Rect::new(inner.x, mid, inner.w, 1), palette::TEXT_DIM);
        list.outline(GRAPH, 2, palette::TEXT_DIM);
    }

    /// The picked person's worst decisions, the picked one framed.
    fn worst(&self, list: &mut DrawList, t: &Strings) {
        let r = t.review;
        let s: Summary = self.walk.summary(self.person);
        let mut line: Text<64> = Text::new();
        fill(&mut line, r.worst, &[&self.name(self.person, t).as_str()]);
        ui::text_centered(list, 320, 326, line.as_str(), palette::GOLD, 1);
        if s.worst.is_empty() {
            ui::text_centered(list, 320, 360, r.none, palette::TEXT, 1);
            return;
        }
        for (k, w) in s.worst.iter().enumerate() {
            let x = 30 + 196 * k as i16;
            let cell = Rect::new(x, 350, 188, 72);
            let on = k == self.pick;
            list.fill(cell, Rgba::BLACK.with_alpha(90));
            list.outline(
                cell,
                if on { 3 } else { 1 },
                if on { palette::GOLD } else { palette::TEXT_DIM },
            );
            let mut a: Text<64> = Text::new();
            fill(&mut a, r.cell, &[&w.turn, &Tenths(i32::from(w.loss))]);
            let cx = cell.center().0;
            fit_line(list, cx, cell.y + 6, a.as_str(), cell.w - 8, palette::TEXT);
            fill(&mut a, r.played, &[&w.played.as_str()]);
            fit_line(list, cx, cell.y + 28, a.as_str(), cell.w - 8, palette::TEXT);
            fill(&mut a, r.better, &[&w.best.as_str()]);
            fit_line(list, cx, cell.y + 48, a.as_str(), cell.w - 8, palette::GOLD);
        }
    }
}

/// `s` centred on `cx`, shortened with "..." to `w` pixels.
fn fit_line(list: &mut DrawList, cx: i16, y: i16, s: &str, w: i16, c: Rgba) {
    if text_width(s, 1) <= w {
        ui::text_centered(list, cx, y, s, c, 1);
        return;
    }
    let mut cut: Text<64> = Text::new();
    for ch in s.chars() {
        let mut next = cut.0.clone();
        let _ = next.push(ch);
        let _ = next.push_str("...");
        if text_width(next.as_str(), 1) > w {
            break;
        }
        let _ = cut.0.push(ch);
    }
    let _ = cut.0.push_str("...");
    ui::text_centered(list, cx, y, cut.as_str(), c, 1);
}

/// Hands each line of the report written into it to the log, as `event=review_line ...`.
struct ReportLines<'c, 'a> {
    ctx: &'c mut Ctx<'a>,
    line: Text<200>,
}

impl Write for ReportLines<'_, '_> {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        for (i, part) in s.split('\n').enumerate() {
            if i > 0 {
                self.ctx
                    .note(format_args!("event=review_line {}", self.line.as_str()));
                self.line = Text::new();
            }
            let _ = self.line.0.push_str(part);
        }
        Ok(())
    }
}

/// Per mille as a percent with one decimal (`93.4`).
struct Tenths(i32);

impl core::fmt::Display for Tenths {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0.abs() % 10)
    }
}

/// Per mille as a signed percent with one decimal (`+2.5`, `-0.3`).
struct SignedTenths(i32);

impl core::fmt::Display for SignedTenths {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let sign = match self.0 {
            v if v > 0 => "+",
            v if v < 0 => "-",
            _ => "",
        };
        write!(f, "{sign}{}.{}", self.0.abs() / 10, self.0.abs() % 10)
    }
}
