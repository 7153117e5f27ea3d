//! The console self-test screen (hold 2 and - on the title or the diagnostics): runs the
//! probes of `selftest::PROBES` one per frame, showing which one runs, then the verdicts and
//! where the report went. It owns the run's progress and its report; it never measures or
//! writes anything itself: the console layer asks the platform for each probe's
//! [`Measure`] and for writing the report (`Console::frame`), and hands the answers back.

use crate::gfx::layout::Painter;
use crate::gfx::{palette, Aspect, DrawList, Rect};
use crate::save::Problem;
use crate::selftest::{facts_of, Measure, Probe, Report, Verdict, PROBES, REPORT_FILE};

use super::controls::Act;
use super::goto::Goto;
use super::input::{Buttons, Input};
use super::save_folder::SaveFolder;
use super::strings::{fill, Strings};
use super::text::Text;

/// Most characters of the report's path shown (the line then fits the 4:3 frame).
pub const PATH_SHOWN: usize = 36;

/// Frames 2 and - must be held together to start the self-test (not + and -: that is the
/// screenshot, `console::shot::COMBO`).
pub const SELFTEST_HOLD: u16 = 30;

/// Counts frames of 2 and - held together (the title and the diagnostics share the gesture);
/// true on the frame the hold is long enough.
pub fn hold_started(input: &Input, held: &mut u16) -> bool {
    if Act::anyone(input).held(Buttons::TWO.union(Buttons::MINUS)) {
        *held = held.saturating_add(1);
        if *held >= SELFTEST_HOLD {
            *held = 0;
            return true;
        }
    } else {
        *held = 0;
    }
    false
}

/// Where the report stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saving {
    /// Probes still running.
    Running,
    /// Every probe ran; the report waits for the platform to write it.
    Pending,
    Saved,
    NotSaved(Problem),
}

/// The self-test in progress or done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfTestScreen {
    /// Probes run so far (the next one is `PROBES[done]`).
    done: usize,
    /// An update ran (so its frame is drawn) since the last probe: a probe runs only once its
    /// progress line was shown, so a probe that blocks (the SD card) has its name on screen meanwhile.
    drawn: bool,
    verdicts: [Option<Verdict>; PROBES.len()],
    report: Report,
    saving: Saving,
}

impl Default for SelfTestScreen {
    fn default() -> Self {
        Self::new()
    }
}

impl SelfTestScreen {
    pub const fn new() -> Self {
        SelfTestScreen {
            done: 0,
            drawn: false,
            verdicts: [None; PROBES.len()],
            report: Report::new(),
            saving: Saving::Running,
        }
    }

    /// The probe to run now, if any (after its progress frame was drawn).
    pub fn wants(&self) -> Option<Probe> {
        if self.drawn {
            PROBES.get(self.done).copied()
        } else {
            None
        }
    }

    /// The platform measured `probe`: its facts go into the report. A measure for another
    /// probe than the one wanted is ignored.
    pub fn measured(&mut self, probe: Probe, m: &Measure) -> Option<Verdict> {
        if PROBES.get(self.done) != Some(&probe) {
            return None;
        }
        let v = facts_of(probe, m, &mut self.report);
        self.verdicts[self.done] = Some(v);
        self.done += 1;
        self.drawn = false;
        if self.done == PROBES.len() {
            self.saving = Saving::Pending;
        }
        Some(v)
    }

    /// The report, once every probe ran and until it was written.
    pub fn report_to_save(&self) -> Option<&Report> {
        (self.saving == Saving::Pending).then_some(&self.report)
    }

    pub fn report(&self) -> &Report {
        &self.report
    }

    /// The platform wrote the report (or could not).
    pub fn saved(&mut self, result: Result<(), Problem>) {
        if self.saving == Saving::Pending {
            self.saving = match result {
                Ok(()) => Saving::Saved,
                Err(p) => Saving::NotSaved(p),
            };
        }
    }

    pub fn saving(&self) -> Saving {
        self.saving
    }

    /// (passed, failed, could not run) so far.
    pub fn counts(&self) -> (usize, usize, usize) {
        let n = |v| self.verdicts.iter().filter(|x| **x == Some(v)).count();
        (n(Verdict::Pass), n(Verdict::Fail), n(Verdict::Unavailable))
    }

    /// One frame: B goes back to the diagnostics once the report is written (or failed).
    /// This frame is drawn before the console layer runs the next probe.
    pub fn update(&mut self, input: &Input) -> Option<Goto> {
        self.drawn = true;
        let finished = matches!(self.saving, Saving::Saved | Saving::NotSaved(_));
        (finished && Act::anyone(input).pressed(Buttons::B)).then_some(Goto::Diagnostics)
    }

    /// The line saying where the report went, or why it did not.
    pub fn saved_line(&self, folder: &SaveFolder, t: &Strings) -> Text<128> {
        let mut out = Text::new();
        match self.saving {
            Saving::Running => {}
            Saving::Pending => out.set(t.selftest_saving),
            Saving::Saved => {
                let mut path: Text<160> = Text::new();
                path.push_fmt(format_args!("{}{}", folder.path(), REPORT_FILE));
                // One line of the 10-pixel font: a long folder shows its end after "...".
                let n = path.as_str().chars().count();
                let shown = if n > PATH_SHOWN {
                    let skip = n - (PATH_SHOWN - 3);
                    let at = path.as_str().char_indices().nth(skip).map_or(0, |(i, _)| i);
                    let mut cut: Text<160> = Text::new();
                    cut.push_fmt(format_args!("...{}", &path.as_str()[at..]));
                    cut
                } else {
                    path
                };
                fill(&mut out, t.selftest_saved, &[&shown]);
            }
            Saving::NotSaved(p) => out.set(
                t.selftest_not_saved[match p {
                    Problem::NoCard => 0,
                    Problem::Locked => 1,
                    Problem::Full => 2,
                    Problem::Unformatted => 3,
                    Problem::Failed | Problem::Busy => 4,
                }],
            ),
        }
        out
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, t: &Strings, folder: &SaveFolder) {
        let vw = aspect.virtual_width();
        let mut p = Painter::new(list, aspect);
        p.fill(Rect::new(0, 0, vw, 480), palette::BACKGROUND);
        p.text_centered(vw / 2, 24, t.selftest_heading, palette::GOLD, 2);
        for (i, name) in t.selftest_probes.iter().enumerate() {
            let y = 70 + 22 * i as i16;
            let (word, color) = match self.verdicts[i] {
                Some(Verdict::Pass) => (t.selftest_verdicts[0], palette::TEXT),
                Some(Verdict::Fail) => (t.selftest_verdicts[1], palette::GOLD),
                Some(Verdict::Unavailable) => (t.selftest_verdicts[2], palette::TEXT_DIM),
                None => ("", palette::TEXT_DIM),
            };
            p.text(40, y, name, color, 1);
            // The same column in both shapes (text keeps its width when the layout is squeezed).
            p.text((i32::from(vw) * 440 / 640) as i16, y, word, color, 1);
        }
        let mut line: Text<96> = Text::new();
        if let Some(name) = t.selftest_probes.get(self.done) {
            fill(
                &mut line,
                t.selftest_running,
                &[name, &(self.done + 1), &PROBES.len()],
            );
        } else {
            let (pass, fail, na) = self.counts();
            fill(&mut line, t.selftest_summary, &[&pass, &fail, &na]);
        }
        p.text(40, 350, line.as_str(), palette::GOLD, 1);
        let saved = self.saved_line(folder, t);
        p.text(40, 378, saved.as_str(), palette::TEXT, 1);
        if matches!(self.saving, Saving::Saved | Saving::NotSaved(_)) {
            p.text(40, 404, t.selftest_send, palette::TEXT_DIM, 1);
            p.text_centered(vw / 2, 440, t.selftest_footer, palette::TEXT_DIM, 1);
        }
    }
}
