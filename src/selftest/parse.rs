//! Reading a self-test report back (the diff tool, the e2e test): the header and its version,
//! (any this reader knows, back to `OLDEST_READ_VERSION`), then `key=value` lines. Blank lines and `#` comments are skipped. Anything else is a
//! [`ParseError`] naming the line, never a panic: the text comes from outside the program.

use heapless::Vec;

use super::report::{FORMAT_VERSION, HEADER, MAX_FACTS, OLDEST_READ_VERSION};

/// Most facts a parsed report may hold (a console's report plus room for newer keys).
pub const PARSE_MAX: usize = MAX_FACTS * 2;

/// Why a report could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The text is empty or its first line is not `senas-selftest N`.
    NoHeader,
    /// A format version this reader does not know.
    Version(u32),
    /// A line (1-based) without `=`.
    NoEquals(usize),
    /// A line whose key is empty or holds characters other than a-z, 0-9, `.`, `_`.
    BadKey(usize),
    /// A line repeating an earlier key.
    Duplicate(usize),
    /// More facts than [`PARSE_MAX`] (at this line).
    TooMany(usize),
}

impl core::fmt::Display for ParseError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ParseError::NoHeader => write!(
                f,
                "not a self-test report: the first line must be '{HEADER} {FORMAT_VERSION}'"
            ),
            ParseError::Version(v) => write!(
                f,
                "report format {v} is not known (this tool reads {OLDEST_READ_VERSION} to {FORMAT_VERSION})"
            ),
            ParseError::NoEquals(l) => write!(f, "line {l}: no '=' (each line is key=value)"),
            ParseError::BadKey(l) => write!(
                f,
                "line {l}: the key is empty or has characters other than a-z 0-9 . _"
            ),
            ParseError::Duplicate(l) => write!(f, "line {l}: this key was already given"),
            ParseError::TooMany(l) => write!(f, "line {l}: more than {PARSE_MAX} facts"),
        }
    }
}

/// A report read back: its facts in file order, borrowing the text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parsed<'a> {
    /// The header's format version ([`OLDEST_READ_VERSION`]..=[`FORMAT_VERSION`]).
    pub version: u32,
    pub facts: Vec<(&'a str, &'a str), PARSE_MAX>,
}

impl<'a> Parsed<'a> {
    pub fn get(&self, key: &str) -> Option<&'a str> {
        self.facts.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }
}

fn good_key(k: &str) -> bool {
    !k.is_empty()
        && k.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'_')
}

/// Reads a report.
pub fn parse(text: &str) -> Result<Parsed<'_>, ParseError> {
    let mut lines = text.lines().map(|l| l.trim_end_matches('\r'));
    let header = lines.next().ok_or(ParseError::NoHeader)?;
    let version = header
        .strip_prefix(HEADER)
        .and_then(|r| r.strip_prefix(' '))
        .ok_or(ParseError::NoHeader)?;
    let version: u32 = version.trim().parse().map_err(|_| ParseError::NoHeader)?;
    if !(OLDEST_READ_VERSION..=FORMAT_VERSION).contains(&version) {
        return Err(ParseError::Version(version));
    }
    let mut out = Parsed {
        version,
        ..Parsed::default()
    };
    for (i, line) in lines.enumerate() {
        let n = i + 2;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once('=').ok_or(ParseError::NoEquals(n))?;
        if !good_key(key) {
            return Err(ParseError::BadKey(n));
        }
        if out.get(key).is_some() {
            return Err(ParseError::Duplicate(n));
        }
        out.facts
            .push((key, value))
            .map_err(|_| ParseError::TooMany(n))?;
    }
    Ok(out)
}
