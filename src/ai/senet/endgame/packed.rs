//! A packed endgame table as the program carries it (`assets/tables/*.pack`, written by
//! `tools/endgame pack`): a text header (what, how, the command, sizes, checksum), a line
//! `---`, then a binary body: the rule set, the pieces a side, the block size, the entries and
//! the blocks; one Huffman code length per symbol; each block's starting bit; the bits.
//! An entry is a u8, round(win probability of the side to move x 255); a block holds
//! [`BLOCK`] entries as differences from the entry before (the first from 0, modulo 256), each
//! difference a canonical Huffman code (one code for the whole table, most significant bit
//! first). One entry is read by decoding its block up to it: pure, no heap, no state kept
//! between reads. Owns the body's layout and its reading; must not know the rules or the
//! index (the caller brings the entry's number).

use crate::games::senet::Variant;

/// Entries per block.
pub const BLOCK: usize = 256;

/// The longest code (bits).
pub const MAX_CODE: usize = 32;

/// Symbols: every difference of two u8 values, modulo 256.
pub const SYMBOLS: usize = 256;

/// The line that ends the header.
pub const SEPARATOR: &[u8] = b"\n---\n";

/// The first line of every packed table.
pub const MAGIC: &str = "senet-endgame-packed v1";

/// Bytes of the body before the code lengths: rule set (u8), pieces (u8), block size
/// (u16 LE), entries (u32 LE), blocks (u32 LE).
pub const PREAMBLE: usize = 12;

/// The largest stored value (win probability 1).
pub const SCALE: u8 = 255;

/// A packed table read in place: its code and where its blocks are in the bytes it was parsed
/// from.
#[derive(Clone, Copy, Debug)]
pub struct Packed {
    /// The rule set the table is for.
    pub variant: Variant,
    /// At most this many pieces a side.
    pub pieces: usize,
    /// Entries in the table.
    pub entries: usize,
    blocks: usize,
    /// Codes of each length (index 1..=MAX_CODE).
    count: [u16; MAX_CODE + 1],
    /// The symbols in code order (by length, then value).
    symbols: [u8; SYMBOLS],
    /// `blocks + 1` starting bits (u32 LE), the last one the stream's end.
    offsets: &'static [u8],
    bits: &'static [u8],
}

const fn u32_at(b: &[u8], at: usize) -> usize {
    (b[at] as usize)
        | (b[at + 1] as usize) << 8
        | (b[at + 2] as usize) << 16
        | (b[at + 3] as usize) << 24
}

/// Where the body starts: just after the first separator.
const fn body_start(bytes: &[u8]) -> Option<usize> {
    let mut at = 0;
    while at + SEPARATOR.len() <= bytes.len() {
        let mut k = 0;
        while k < SEPARATOR.len() && bytes[at + k] == SEPARATOR[k] {
            k += 1;
        }
        if k == SEPARATOR.len() {
            return Some(at + SEPARATOR.len());
        }
        at += 1;
    }
    None
}

impl Packed {
    /// Reads the framing of `bytes` (header, preamble, code, offsets); `None` when they are
    /// not a packed table of this format (no separator, an unknown rule set, another block
    /// size, a code that is not a prefix code, offsets outside the stream). Const, so the
    /// program's tables are checked as it compiles.
    pub const fn parse(bytes: &'static [u8]) -> Option<Packed> {
        let Some(start) = body_start(bytes) else {
            return None;
        };
        let (_, body) = bytes.split_at(start);
        if body.len() < PREAMBLE + SYMBOLS {
            return None;
        }
        let Some(variant) = Variant::from_index(body[0] as usize) else {
            return None;
        };
        let pieces = body[1] as usize;
        let block = body[2] as usize | (body[3] as usize) << 8;
        let entries = u32_at(body, 4);
        let blocks = u32_at(body, 8);
        if block != BLOCK || blocks != entries.div_ceil(BLOCK) || pieces == 0 {
            return None;
        }
        // The code: counts per length, symbols in canonical order, Kraft's sum at most 1.
        let (_, rest) = body.split_at(PREAMBLE);
        let (lengths, rest) = rest.split_at(SYMBOLS);
        let mut count = [0u16; MAX_CODE + 1];
        let mut s = 0;
        while s < SYMBOLS {
            let l = lengths[s] as usize;
            if l > MAX_CODE {
                return None;
            }
            count[l] += 1;
            s += 1;
        }
        let mut kraft = 0u64;
        let mut l = 1;
        while l <= MAX_CODE {
            kraft += (count[l] as u64) << (MAX_CODE - l);
            l += 1;
        }
        if kraft == 0 || kraft > 1 << MAX_CODE {
            return None;
        }
        let mut symbols = [0u8; SYMBOLS];
        let mut n = 0;
        let mut l = 1;
        while l <= MAX_CODE {
            let mut s = 0;
            while s < SYMBOLS {
                if lengths[s] as usize == l {
                    symbols[n] = s as u8;
                    n += 1;
                }
                s += 1;
            }
            l += 1;
        }
        if rest.len() < 4 * (blocks + 1) {
            return None;
        }
        let (offsets, bits) = rest.split_at(4 * (blocks + 1));
        // Starting bits rise and the last is inside the stream.
        let mut i = 0;
        while i < blocks {
            if u32_at(offsets, 4 * i) > u32_at(offsets, 4 * (i + 1)) {
                return None;
            }
            i += 1;
        }
        if u32_at(offsets, 4 * blocks) > 8 * bits.len() {
            return None;
        }
        Some(Packed {
            variant,
            pieces,
            entries,
            blocks,
            count,
            symbols,
            offsets,
            bits,
        })
    }

    /// Entry `index` (0..=[`SCALE`]), or `None` past the end or when its block does not
    /// decode (a damaged table).
    pub fn get(&self, index: usize) -> Option<u8> {
        if index >= self.entries {
            return None;
        }
        let (b, k) = (index / BLOCK, index % BLOCK);
        if b >= self.blocks {
            return None;
        }
        let mut at = u32_at(self.offsets, 4 * b);
        let end = u32_at(self.offsets, 4 * (b + 1));
        let mut value = 0u8;
        for _ in 0..=k {
            value = value.wrapping_add(self.symbol(&mut at, end)?);
        }
        Some(value)
    }

    /// The symbol whose code starts at bit `at` (moved past it), reading no further than
    /// `end`. Canonical decoding: at each length, the codes of that length are the `count`
    /// values from `first` on.
    fn symbol(&self, at: &mut usize, end: usize) -> Option<u8> {
        let (mut code, mut first, mut index) = (0u64, 0u64, 0usize);
        for &count in &self.count[1..] {
            if *at >= end {
                return None;
            }
            let byte = *self.bits.get(*at / 8)?;
            code |= u64::from(byte >> (7 - *at % 8) & 1);
            *at += 1;
            let count = u64::from(count);
            if code < first + count {
                return self.symbols.get(index + (code - first) as usize).copied();
            }
            index += count as usize;
            first = (first + count) << 1;
            code <<= 1;
        }
        None
    }
}
