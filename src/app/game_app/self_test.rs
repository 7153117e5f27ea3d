//! `App`'s side of the console self-test: the console layer asks which probe to run, hands
//! the measure back, takes the finished report to write and says how that went. Thin
//! delegations to the `SelfTestScreen` showing (`app/self_test.rs`); none of it measures.

use crate::emit;
use crate::save::Problem;
use crate::selftest::{Measure, Probe, Report};

use crate::app::log::LogSink;
use crate::app::scene::Scene;
use crate::app::self_test::SelfTestScreen;

use super::App;

impl App<'_> {
    fn self_test(&self) -> Option<&SelfTestScreen> {
        match &self.scene {
            Scene::SelfTest(s) => Some(s),
            _ => None,
        }
    }

    /// The self-test screen, if it shows (tests).
    pub fn self_test_screen(&self) -> Option<&SelfTestScreen> {
        self.self_test()
    }

    /// The probe the self-test wants run now (its progress frame was drawn), if any.
    pub fn self_test_wants(&self) -> Option<Probe> {
        self.self_test().and_then(SelfTestScreen::wants)
    }

    /// The platform's answer to [`App::self_test_wants`].
    pub fn self_test_measured(&mut self, probe: Probe, m: &Measure, log: &mut dyn LogSink) {
        if let Scene::SelfTest(s) = &mut self.scene {
            if let Some(v) = s.measured(probe, m) {
                emit!(
                    log,
                    "event=selftest probe={} verdict={}",
                    probe.key(),
                    v.key()
                );
            }
        }
    }

    /// The finished report, until [`App::self_test_saved`] says it was written.
    pub fn self_test_report(&self) -> Option<&Report> {
        self.self_test().and_then(SelfTestScreen::report_to_save)
    }

    /// How writing the report went.
    pub fn self_test_saved(&mut self, result: Result<(), Problem>, log: &mut dyn LogSink) {
        if let Scene::SelfTest(s) = &mut self.scene {
            let (pass, fail, na) = s.counts();
            emit!(
                log,
                "event=selftest_done pass={} fail={} unavailable={} saved={}",
                pass,
                fail,
                na,
                match result {
                    Ok(()) => "ok",
                    Err(p) => p.key(),
                }
            );
            s.saved(result);
        }
    }
}
