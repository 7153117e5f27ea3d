//! The table file: a text header (format, rule set, pieces, index, quantisation, tolerance,
//! the command, the time it took, sizes and a checksum), a line `---`, then one little-endian
//! u16 per entry: round(win probability of the side to move x 65535).
//!
//! [`encode`] is a pure function of the table and the header's stated facts, so two builds
//! with the same stated command and time give the same bytes; [`decode`] reads a file back
//! (errors as messages, never panics). No I/O here.

use senas_senet::games::senet::Variant;

use crate::index::Layout;
use crate::solve::Table;

/// The first line of every table file.
pub const MAGIC: &str = "senet-endgame-table v1";

/// The largest quantised value (win probability 1).
pub const SCALE: f64 = 65535.0;

/// What the header says beyond the table itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Made {
    /// The command that built the file.
    pub command: String,
    /// Wall time of the build, in seconds (as stated).
    pub seconds: f64,
    /// Tolerance of the value iteration.
    pub tolerance: f64,
    /// Sweeps made.
    pub sweeps: usize,
    /// Positions solved.
    pub positions: usize,
}

/// A win probability as the file stores it.
pub fn quantise(v: f64) -> u16 {
    (v.clamp(0.0, 1.0) * SCALE).round() as u16
}

/// FNV-1a, 64 bits, over `bytes`.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The file's bytes.
pub fn encode(table: &Table, made: &Made) -> Vec<u8> {
    let mut data = Vec::with_capacity(2 * table.values.len());
    for &v in &table.values {
        data.extend_from_slice(&quantise(v).to_le_bytes());
    }
    let l = &table.layout;
    let header = format!(
        "{MAGIC}\n\
         rules: {}\n\
         pieces: at most {} a side on the board (the rest borne off)\n\
         index: layers (a,b) = (1,1),(1,2)..(N,N), a = pieces of the side to move, b = the \
         opponent's; {}colex rank of the mover's squares among the slots x C(free slots, b) + \
         colex rank of the opponent's among the slots the mover leaves free (src/ai/senet/endgame/index.rs)\n\
         value: u16 little-endian, round(win probability of the side to move x 65535)\n\
         solve: Gauss-Seidel value iteration per layer group, until the largest change of a \
         sweep < {:e}; {} sweeps; {} positions\n\
         command: {}\n\
         time: {:.1} s\n\
         entries: {}\n\
         bytes: {}\n\
         fnv1a64: {:016x}\n---\n",
        l.variant.name(),
        l.n,
        if super::index::rescue(l.variant).is_some() {
            "each layer twice (the piece on 15 not bound / bound), "
        } else {
            ""
        },
        made.tolerance,
        made.sweeps,
        made.positions,
        made.command,
        made.seconds,
        table.values.len(),
        data.len(),
        fnv1a(&data),
    );
    let mut out = header.into_bytes();
    out.extend_from_slice(&data);
    out
}

/// A table file's text header (a magic line, then `name: value` lines), split from its data by
/// [`open`]. The senet and the senas bear-off files share this layout.
pub struct Header<'a>(&'a str);

impl<'a> Header<'a> {
    /// The value of the line that starts with `name`, trimmed.
    pub fn field(&self, name: &str) -> Result<&'a str, String> {
        self.0
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .map(str::trim)
            .ok_or(format!("header has no {name:?} line"))
    }

    /// N of the `pieces: at most N ...` line.
    pub fn pieces(&self) -> Result<usize, String> {
        self.field("pieces: at most")?
            .split_whitespace()
            .next()
            .and_then(|w| w.parse().ok())
            .ok_or("bad pieces line".into())
    }
}

/// Splits a file into its header and its data: the header ends at `---`, opens with `magic`
/// (else "not {what}") and its `fnv1a64:` line is the data's checksum.
pub fn open<'a>(
    bytes: &'a [u8],
    magic: &str,
    what: &str,
) -> Result<(Header<'a>, &'a [u8]), String> {
    let sep = b"\n---\n";
    let at = bytes
        .windows(sep.len())
        .position(|w| w == sep)
        .ok_or("no header end (---)")?;
    let text = core::str::from_utf8(&bytes[..at]).map_err(|_| "header is not text")?;
    let data = &bytes[at + sep.len()..];
    if text.lines().next() != Some(magic) {
        return Err(format!("not {what} (first line is not {magic:?})"));
    }
    let header = Header(text);
    if format!("{:016x}", fnv1a(data)) != header.field("fnv1a64:")? {
        return Err("checksum does not match the data".into());
    }
    Ok((header, data))
}

/// Reads a file made by [`encode`] back into a table (values dequantised).
pub fn decode(bytes: &[u8]) -> Result<Table, String> {
    let (header, data) = open(bytes, MAGIC, "a table file")?;
    let rules = header.field("rules:")?;
    let variant = Variant::from_name(rules).ok_or(format!("unknown rules {rules:?}"))?;
    let n = header.pieces()?;
    if !(1..=usize::from(variant.rules().pieces)).contains(&n) {
        return Err(format!("pieces {n} out of range"));
    }
    let layout = Layout::new(variant, n);
    if data.len() != 2 * layout.len() {
        return Err(format!(
            "{} data bytes, the layout needs {}",
            data.len(),
            2 * layout.len()
        ));
    }
    let values = data
        .chunks_exact(2)
        .map(|c| f64::from(u16::from_le_bytes([c[0], c[1]])) / SCALE)
        .collect();
    Ok(Table { layout, values })
}
