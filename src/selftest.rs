//! The console self-test, platform-free: which probes run and in what order ([`Probe`]), what
//! each one measured as plain values ([`Measure`], filled in by the Wii side in
//! `wii/selftest.rs`), the known answers and verdicts ([`facts`]), the text report with its
//! versioned header ([`Report`], [`parse()`]) and the comparison of a console's report with
//! the Dolphin reference ([`compare()`], used by `tools/selftest-diff` and the e2e test).
//!
//! Owns values and text only: it never touches hardware, the screen or the SD card. The
//! format is described in docs/selftest.md.

pub mod compare;
pub mod efb;
pub mod facts;
pub mod parse;
pub mod probe;
pub mod report;

pub use compare::{compare, rule_for, Difference, Rule};
pub use facts::{cpu_work, facts_of, Verdict, CPU_LOOP_ITERATIONS, SD_PATTERN_LEN};
pub use parse::{parse, ParseError, Parsed};
pub use probe::{BtVersion, Measure, Probe, RemoteFact, SdKind, PROBES};
pub use report::{Report, FORMAT_VERSION, HEADER, REPORT_FILE};

#[cfg(test)]
mod tests;
