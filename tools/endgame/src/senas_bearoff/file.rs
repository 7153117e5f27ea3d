//! The senas bear-off table file: a text header (format, rules, what is stored, the policy, the
//! command, the time it took, sizes and a checksum), a line `---`, then per rank of
//! [`super::index`] (ascending): one byte `first` (the fewest turns with probability > 0), one
//! byte `len`, and `len` little-endian u16: round(P(exactly first + i turns) x 65535).
//!
//! [`encode`] is a pure function of the table and the header's stated facts, so two builds
//! with the same stated command and time give the same bytes; [`decode`] reads a file back
//! (errors as messages, never panics). No I/O here.

use super::index::{self, MAX};
use super::table::{Table, TURNS};
use crate::file::{fnv1a, open, quantise, SCALE};

/// The first line of the file.
pub const MAGIC: &str = "senas-bearoff-table v1";

/// What the header says beyond the table itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Made {
    /// The command that built the file.
    pub command: String,
    /// Wall time of the build, in seconds (as stated).
    pub seconds: f64,
    /// Generator calls made.
    pub generations: usize,
}

/// The file's bytes.
pub fn encode(table: &Table, made: &Made) -> Vec<u8> {
    let mut data = Vec::new();
    for d in &table.dist {
        let q: Vec<u16> = d.iter().map(|&p| quantise(p)).collect();
        let first = q.iter().position(|&x| x > 0).unwrap_or(0);
        let last = q.iter().rposition(|&x| x > 0).map_or(first, |l| l + 1);
        data.push(first as u8);
        data.push((last - first) as u8);
        for x in &q[first..last] {
            data.extend_from_slice(&x.to_le_bytes());
        }
    }
    let header = format!(
        "{MAGIC}\n\
         rules: senas (docs/rules.md, Senas: S1-S7, D1-D10)\n\
         pieces: at most {} on the 6 holes of sena 4 (paths 18..23), the rest borne off\n\
         index: by pieces on the board, then stars-and-bars rank of the counts on paths 18..23 \
         (tools/endgame/src/senas_bearoff/index.rs)\n\
         value: per entry u8 first, u8 len, len x u16 little-endian round(P(exactly first+i \
         turns to bear all off) x 65535); a turn is one roll of three dice, a tute (6-6-6) \
         continues it\n\
         policy: each roll's final (the game's TurnGen::legal_turns, maximum use) minimises the \
         expected number of turns (the one-sided bear-off database of GNU Backgammon)\n\
         generations: {}\n\
         command: {}\n\
         time: {:.1} s\n\
         entries: {}\n\
         bytes: {}\n\
         fnv1a64: {:016x}\n---\n",
        table.n,
        made.generations,
        made.command,
        made.seconds,
        table.dist.len(),
        data.len(),
        fnv1a(&data),
    );
    let mut out = header.into_bytes();
    out.extend_from_slice(&data);
    out
}

/// Reads a file made by [`encode`] back into a table (probabilities dequantised).
pub fn decode(bytes: &[u8]) -> Result<Table, String> {
    let (header, data) = open(bytes, MAGIC, "a bear-off table")?;
    let n = header.pieces()?;
    if !(1..=MAX).contains(&n) {
        return Err(format!("pieces {n} out of range"));
    }
    let mut dist = Vec::with_capacity(index::count(n));
    let mut at = 0;
    while at < data.len() {
        let (first, len) = match data.get(at..at + 2) {
            Some(&[f, l]) => (usize::from(f), usize::from(l)),
            _ => return Err(format!("entry {} cut short", dist.len())),
        };
        if first + len > TURNS {
            return Err(format!("entry {} runs past {TURNS} turns", dist.len()));
        }
        let body = data
            .get(at + 2..at + 2 + 2 * len)
            .ok_or(format!("entry {} cut short", dist.len()))?;
        let mut d = [0.0; TURNS];
        for (i, c) in body.chunks_exact(2).enumerate() {
            d[first + i] = f64::from(u16::from_le_bytes([c[0], c[1]])) / SCALE;
        }
        dist.push(d);
        at += 2 + 2 * len;
    }
    if dist.len() != index::count(n) {
        return Err(format!(
            "{} entries, {n} pieces need {}",
            dist.len(),
            index::count(n)
        ));
    }
    Ok(Table { n, dist })
}
