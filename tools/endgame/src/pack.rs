//! The packed tables the game carries (`assets/tables/*.pack`, read by the library's
//! `ai::senet::endgame::packed`): a solved table quantised to u8 (round(p x 255)), in blocks
//! of `packed::BLOCK` entries, each entry's difference from the one before written with one
//! canonical Huffman code per table. [`encode`] is a pure function of the table and the
//! solve's stated facts (no time, no machine), so a fresh build gives the committed bytes
//! (`tests/pack.rs`). No I/O here; the format's reading is the library's.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use senas_senet::ai::senet::endgame::packed::{BLOCK, MAGIC, MAX_CODE, PREAMBLE, SCALE, SYMBOLS};
use senas_senet::games::senet::Variant;

use crate::file::fnv1a;
use crate::solve::Table;

/// What the header states about the solve.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    /// The command that wrote the file.
    pub command: String,
    /// Tolerance of the value iteration.
    pub tolerance: f64,
    /// Sweeps made.
    pub sweeps: usize,
    /// Positions solved.
    pub positions: usize,
}

/// The command a packed table's header states (`make tables-dol` runs it for every rule set).
pub fn command(v: Variant, pieces: usize, tolerance: f64) -> String {
    format!(
        "cargo run --release -p endgame -- pack --variant {v} --pieces {pieces} --tolerance {tolerance:e}"
    )
}

/// A win probability as the game stores it.
pub fn quantise(v: f64) -> u8 {
    (v.clamp(0.0, 1.0) * f64::from(SCALE)).round() as u8
}

/// Every entry of `table` quantised.
pub fn quantised(table: &Table) -> Vec<u8> {
    table.values.iter().map(|&v| quantise(v)).collect()
}

/// Each entry's difference from the one before in its block (the first from 0), modulo 256.
fn differences(values: &[u8]) -> Vec<u8> {
    values
        .chunks(BLOCK)
        .flat_map(|c| {
            let mut prev = 0u8;
            c.iter().map(move |&v| {
                let d = v.wrapping_sub(prev);
                prev = v;
                d
            })
        })
        .collect()
}

/// Huffman code lengths of the symbols' counts (0: the symbol never occurs; a lone symbol
/// gets 1 bit). Ties are broken by the order nodes were made, so the lengths depend only on
/// the counts.
pub fn code_lengths(counts: &[u64; SYMBOLS]) -> [u8; SYMBOLS] {
    // Nodes: leaves 0..SYMBOLS, then the merged ones; parent of each.
    let mut parent: Vec<usize> = vec![usize::MAX; SYMBOLS];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = counts
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(s, &c)| Reverse((c, s)))
        .collect();
    let mut lengths = [0u8; SYMBOLS];
    if heap.len() == 1 {
        if let Some(Reverse((_, s))) = heap.pop() {
            lengths[s] = 1;
        }
        return lengths;
    }
    while heap.len() > 1 {
        let (Some(Reverse((ca, a))), Some(Reverse((cb, b)))) = (heap.pop(), heap.pop()) else {
            break;
        };
        let node = parent.len();
        parent.push(usize::MAX);
        parent[a] = node;
        parent[b] = node;
        heap.push(Reverse((ca + cb, node)));
    }
    for (s, len) in lengths.iter_mut().enumerate() {
        if counts[s] == 0 {
            continue;
        }
        let (mut n, mut depth) = (s, 0u8);
        while parent[n] != usize::MAX {
            n = parent[n];
            depth += 1;
        }
        *len = depth;
    }
    lengths
}

/// The canonical codes of `lengths` (by length, then symbol), as (code, length).
fn canonical(lengths: &[u8; SYMBOLS]) -> [(u64, u8); SYMBOLS] {
    let mut codes = [(0u64, 0u8); SYMBOLS];
    let mut code = 0u64;
    for len in 1..=MAX_CODE as u8 {
        for s in 0..SYMBOLS {
            if lengths[s] == len {
                codes[s] = (code, len);
                code += 1;
            }
        }
        code <<= 1;
    }
    codes
}

/// Bits written most significant first.
#[derive(Default)]
struct Bits {
    bytes: Vec<u8>,
    len: usize,
}

impl Bits {
    fn push(&mut self, code: u64, len: u8) {
        for i in (0..len).rev() {
            if self.len.is_multiple_of(8) {
                self.bytes.push(0);
            }
            if code >> i & 1 == 1 {
                let last = self.bytes.len() - 1;
                self.bytes[last] |= 0x80 >> (self.len % 8);
            }
            self.len += 1;
        }
    }
}

/// The body: preamble, code lengths, block offsets (bits), the bit stream.
fn body(table: &Table) -> Result<Vec<u8>, String> {
    let values = quantised(table);
    let diffs = differences(&values);
    let mut counts = [0u64; SYMBOLS];
    for &d in &diffs {
        counts[usize::from(d)] += 1;
    }
    let lengths = code_lengths(&counts);
    if let Some(&long) = lengths.iter().find(|&&l| usize::from(l) > MAX_CODE) {
        return Err(format!("a code of {long} bits (at most {MAX_CODE})"));
    }
    let codes = canonical(&lengths);
    let mut bits = Bits::default();
    let mut offsets = Vec::new();
    for (i, &d) in diffs.iter().enumerate() {
        if i % BLOCK == 0 {
            offsets.push(bits.len as u32);
        }
        let (code, len) = codes[usize::from(d)];
        bits.push(code, len);
    }
    offsets.push(bits.len as u32);
    let l = &table.layout;
    let mut out = Vec::new();
    out.push(l.variant.index() as u8);
    out.push(l.n as u8);
    out.extend_from_slice(&(BLOCK as u16).to_le_bytes());
    out.extend_from_slice(&(values.len() as u32).to_le_bytes());
    out.extend_from_slice(&((offsets.len() - 1) as u32).to_le_bytes());
    debug_assert_eq!(out.len(), PREAMBLE);
    out.extend_from_slice(&lengths);
    for o in &offsets {
        out.extend_from_slice(&o.to_le_bytes());
    }
    out.extend_from_slice(&bits.bytes);
    Ok(out)
}

/// The packed file's bytes (an error only if the code would need more than `MAX_CODE` bits).
pub fn encode(table: &Table, solved: &Solved) -> Result<Vec<u8>, String> {
    let data = body(table)?;
    let l = &table.layout;
    let blocks = l.len().div_ceil(BLOCK);
    let header = format!(
        "{MAGIC}\n\
         rules: {}\n\
         pieces: at most {} a side on the board (the rest borne off)\n\
         index: as the table files of tools/endgame (src/ai/senet/endgame/index.rs){}\n\
         value: u8, round(win probability of the side to move x 255) of the solved value\n\
         blocks: {BLOCK} entries each, {blocks} blocks; a block is its values as differences \
         from the value before (the first from 0, modulo 256), each a canonical Huffman code \
         (one code for the table, most significant bit first)\n\
         body: rule set index (u8), pieces (u8), block size (u16 LE), entries (u32 LE), \
         blocks (u32 LE), {SYMBOLS} code lengths (u8, by difference), blocks + 1 starting \
         bits (u32 LE), the bits\n\
         solve: Gauss-Seidel value iteration per layer group, until the largest change of a \
         sweep < {:e}; {} sweeps; {} positions\n\
         command: {}\n\
         entries: {}\n\
         bytes: {}\n\
         fnv1a64: {:016x}\n---\n",
        l.variant.name(),
        l.n,
        if crate::index::rescue(l.variant).is_some() {
            "; each layer twice (the piece on 15 not bound / bound)"
        } else {
            ""
        },
        solved.tolerance,
        solved.sweeps,
        solved.positions,
        solved.command,
        l.len(),
        data.len(),
        fnv1a(&data),
    );
    let mut out = header.into_bytes();
    out.extend_from_slice(&data);
    Ok(out)
}
