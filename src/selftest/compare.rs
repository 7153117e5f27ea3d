//! A console's report against the reference: which facts differ. Most facts must be equal
//! byte for byte; facts that vary from run to run (times, the audio rate, battery levels,
//! the game's version) are compared by [`Rule`] instead: by range, or only for being there.
//! The table is [`rule_for`]; docs/selftest.md lists it for people.

use super::parse::Parsed;

/// How one fact is compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The same text.
    Exact,
    /// A whole number in `lo..=hi` (the reference's own value is not compared).
    Range(u64, u64),
    /// Only present in both.
    Any,
}

/// The rule of a key.
pub fn rule_for(key: &str) -> Rule {
    match key {
        // Microseconds of work that depends on the machine's speed and the moment.
        "cpu.us" => Rule::Range(1, 10_000_000),
        "gx.draw_done_us" => Rule::Range(0, 100_000),
        "audio.us" => Rule::Range(1, 10_000_000),
        "audio.frames" => Rule::Range(1, 320_000),
        // 32 kHz within the probe's own tolerance.
        "audio.rate_hz" => Rule::Range(31_000, 33_000),
        "machine.game_version" => Rule::Any,
        _ if key.starts_with("remote") && key.ends_with(".battery") => Rule::Any,
        _ => Rule::Exact,
    }
}

/// One way the console's report differs from the reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difference<'a> {
    /// The two reports are of different formats: the facts of probes that changed between
    /// them show as missing and extra below.
    Format { console: u32, reference: u32 },
    /// The reference has the fact, the console's report does not.
    Missing { key: &'a str, reference: &'a str },
    /// The console's report has a fact the reference does not.
    Extra { key: &'a str, console: &'a str },
    /// Both have it, with other values.
    Differs {
        key: &'a str,
        console: &'a str,
        reference: &'a str,
    },
    /// A ranged fact outside its range (or not a number).
    OutOfRange {
        key: &'a str,
        console: &'a str,
        lo: u64,
        hi: u64,
    },
}

impl core::fmt::Display for Difference<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Difference::Format { console, reference } => write!(
                f,
                "report format {console} (reference {reference}): facts the formats name \
                 differently differ below"
            ),
            Difference::Missing { key, reference } => {
                write!(f, "{key}: missing (reference {reference})")
            }
            Difference::Extra { key, console } => {
                write!(f, "{key}: {console} (not in the reference)")
            }
            Difference::Differs {
                key,
                console,
                reference,
            } => write!(f, "{key}: {console} (reference {reference})"),
            Difference::OutOfRange {
                key,
                console,
                lo,
                hi,
            } => {
                write!(f, "{key}: {console} (expected a number in {lo}..={hi})")
            }
        }
    }
}

/// Calls `each` for every difference: the formats' first if they differ, then the
/// reference's order, then the console's extra facts; returns how many there were.
pub fn compare<'a>(
    console: &Parsed<'a>,
    reference: &Parsed<'a>,
    each: &mut dyn FnMut(Difference<'a>),
) -> usize {
    let mut n = 0;
    if console.version != reference.version {
        n += 1;
        each(Difference::Format {
            console: console.version,
            reference: reference.version,
        });
    }
    for &(key, want) in &reference.facts {
        let d = match console.get(key) {
            None => Some(Difference::Missing {
                key,
                reference: want,
            }),
            Some(got) => match rule_for(key) {
                Rule::Exact if got != want => Some(Difference::Differs {
                    key,
                    console: got,
                    reference: want,
                }),
                Rule::Range(lo, hi) => match got.trim().parse::<u64>() {
                    Ok(v) if (lo..=hi).contains(&v) => None,
                    _ => Some(Difference::OutOfRange {
                        key,
                        console: got,
                        lo,
                        hi,
                    }),
                },
                Rule::Exact | Rule::Any => None,
            },
        };
        if let Some(d) = d {
            n += 1;
            each(d);
        }
    }
    for &(key, got) in &console.facts {
        if reference.get(key).is_none() {
            n += 1;
            each(Difference::Extra { key, console: got });
        }
    }
    n
}
