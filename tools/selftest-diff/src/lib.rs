//! Diffs a console's self-test report (SELFTEST.TXT) against the reference
//! (docs/selftest/dolphin-5.0.txt): reads both files, says which facts differ and how, by the
//! rules of `senas_senet::selftest::compare` (times and rates by range, the rest exactly).
//! A file that is not a report is a clear message naming the file and the line, never a
//! panic. The comparison itself lives in the game's platform-free `selftest` module, so the
//! e2e test and this tool judge alike.

use senas_senet::selftest::{compare, parse, Difference};

/// What a diff found.
#[derive(Debug, PartialEq, Eq)]
pub struct Outcome {
    /// One line per difference, in the reference's order then the console's extra facts.
    pub lines: Vec<String>,
}

impl Outcome {
    /// No fact differs.
    pub fn same(&self) -> bool {
        self.lines.is_empty()
    }
}

/// Compares two reports' texts; `Err` is the message to show (which file, which line, why).
pub fn diff(
    console: &str,
    console_name: &str,
    reference: &str,
    reference_name: &str,
) -> Result<Outcome, String> {
    let c = parse(console).map_err(|e| format!("{console_name}: {e}"))?;
    let r = parse(reference).map_err(|e| format!("{reference_name}: {e}"))?;
    let mut lines = Vec::new();
    compare(&c, &r, &mut |d: Difference| lines.push(d.to_string()));
    Ok(Outcome { lines })
}

/// Reads a file as text; bytes that are not UTF-8 are replaced (the parser then names the
/// line), a missing file is a message.
pub fn read_text(path: &str) -> Result<String, String> {
    std::fs::read(path)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .map_err(|e| format!("{path}: cannot read: {e}"))
}

/// The command line: `selftest-diff CONSOLE.TXT [REFERENCE.TXT]`. Returns the text to print
/// and the exit code (0 same, 1 differences, 2 usage or unreadable input).
pub fn run(args: &[String], default_reference: &str) -> (String, i32) {
    let (console, reference) = match args {
        [c] => (c.as_str(), default_reference),
        [c, r] => (c.as_str(), r.as_str()),
        _ => {
            return (
                "usage: selftest-diff CONSOLE_SELFTEST.TXT [REFERENCE.TXT]\n\
                 (the reference defaults to docs/selftest/dolphin-5.0.txt)\n"
                    .into(),
                2,
            )
        }
    };
    let texts = read_text(console).and_then(|c| read_text(reference).map(|r| (c, r)));
    let (c, r) = match texts {
        Ok(t) => t,
        Err(e) => return (format!("{e}\n"), 2),
    };
    match diff(&c, console, &r, reference) {
        Err(e) => (format!("{e}\n"), 2),
        Ok(o) if o.same() => (format!("{console}: every fact matches {reference}\n"), 0),
        Ok(o) => {
            let mut out = format!(
                "{console}: {} fact(s) differ from {reference}:\n",
                o.lines.len()
            );
            for l in &o.lines {
                out.push_str("  ");
                out.push_str(l);
                out.push('\n');
            }
            (out, 1)
        }
    }
}
