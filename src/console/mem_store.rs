//! An in-memory card for the console layer's host tests: the two slots of each record kind,
//! the match write spread over pieces, the finished-match records, the screenshots, and faults
//! a card has (no card, a locked card, a power cut after a given number of written bytes). It
//! frames and picks with the real format (`save::encode_with`, `save::pick`), so what it holds is what a card would.

use std::string::String;
use std::vec::Vec;

use crate::save::{
    encode_with, next_free, pick, Found, Kind, Problem, SaveStore, SlotName, Writer, Written,
    MATCH_BYTES, MAX_SHOTS,
};

fn index(kind: Kind) -> usize {
    match kind {
        Kind::Settings => 0,
        Kind::Stats => 1,
        Kind::Match => 2,
    }
}

fn slot(s: SlotName) -> usize {
    match s {
        SlotName::A => 0,
        SlotName::B => 1,
    }
}

#[derive(Clone, Debug)]
enum Pending {
    Match {
        slot: SlotName,
        seq: u32,
        len: usize,
        done: usize,
    },
    Record {
        len: usize,
        done: usize,
    },
}

/// The card's files and faults.
#[derive(Clone, Debug)]
pub struct MemStore {
    /// Slot files per kind (settings, statistics, match).
    pub slots: [[Option<Vec<u8>>; 2]; 3],
    /// Finished-match records, oldest first.
    pub records: Vec<String>,
    /// Screenshots by number, as far as they were written.
    pub shots: Vec<(u16, Vec<u8>)>,
    /// No card: every call fails with `NoCard`.
    pub no_card: bool,
    /// The card's lock switch: every write fails with `Locked`.
    pub locked: bool,
    /// A power cut after this many more bytes reach the card (the write in progress is left
    /// as far as it got, and nothing more is written).
    pub cut_after: Option<usize>,
    /// Bytes written so far (all files).
    pub written: usize,
    next: [(SlotName, u32); 3],
    pending: Option<Pending>,
    record_text: Vec<u8>,
}

impl Default for MemStore {
    fn default() -> Self {
        MemStore::new()
    }
}

impl MemStore {
    /// An empty card.
    pub fn new() -> MemStore {
        MemStore {
            slots: Default::default(),
            records: Vec::new(),
            shots: Vec::new(),
            no_card: false,
            locked: false,
            cut_after: None,
            written: 0,
            next: [(SlotName::A, 1); 3],
            pending: None,
            record_text: Vec::new(),
        }
    }

    /// The same files, as a console switched on again finds them (nothing pending).
    pub fn after_power_cycle(&self) -> MemStore {
        MemStore {
            slots: self.slots.clone(),
            records: self.records.clone(),
            shots: self.shots.clone(),
            ..MemStore::new()
        }
    }

    /// How many of `n` bytes the card still takes before the cut.
    fn take(&mut self, n: usize) -> usize {
        let n = match self.cut_after.as_mut() {
            Some(left) => {
                let k = n.min(*left);
                *left -= k;
                k
            }
            None => n,
        };
        self.written += n;
        n
    }

    fn check(&self) -> Result<(), Problem> {
        if self.no_card {
            Err(Problem::NoCard)
        } else if self.locked {
            Err(Problem::Locked)
        } else if self.cut_after == Some(0) {
            Err(Problem::Failed)
        } else {
            Ok(())
        }
    }
}

impl SaveStore for MemStore {
    fn problem(&self) -> Option<Problem> {
        self.check().err()
    }

    fn load<'a>(
        &mut self,
        kind: Kind,
        bufs: &'a mut [[u8; MATCH_BYTES]; 2],
    ) -> Result<Found<'a>, Problem> {
        self.check()?;
        let files = &self.slots[index(kind)];
        let [a, b] = bufs;
        let mut len = [None, None];
        for (i, (f, buf)) in files.iter().zip([&mut *a, &mut *b]).enumerate() {
            if let Some(f) = f {
                let n = f.len().min(MATCH_BYTES);
                buf[..n].copy_from_slice(&f[..n]);
                len[i] = Some(n);
            }
        }
        let p = pick(len[0].map(|n| &a[..n]), len[1].map(|n| &b[..n]), kind);
        self.next[index(kind)] = p.next_write();
        Ok(Found {
            record: p.newest.map(|(_, e)| e),
            refused: p.refused,
        })
    }

    fn save(
        &mut self,
        kind: Kind,
        out: &mut [u8],
        fill: &mut dyn FnMut(&mut Writer),
    ) -> Result<usize, Problem> {
        self.check()?;
        let (s, seq) = self.next[index(kind)];
        let n = encode_with(kind, seq, out, |w| fill(w)).ok_or(Problem::Failed)?;
        let k = self.take(n);
        self.slots[index(kind)][slot(s)] = Some(out[..k].to_vec());
        if k < n {
            return Err(Problem::Failed);
        }
        self.next[index(kind)] = (s.other(), seq.wrapping_add(1));
        Ok(n)
    }

    fn begin_match(
        &mut self,
        out: &mut [u8],
        fill: &mut dyn FnMut(&mut Writer),
    ) -> Result<usize, Problem> {
        self.check()?;
        if matches!(self.pending, Some(Pending::Record { .. })) {
            return Err(Problem::Busy);
        }
        let (s, seq) = self.next[index(Kind::Match)];
        let len = encode_with(Kind::Match, seq, out, |w| fill(w)).ok_or(Problem::Failed)?;
        self.pending = Some(Pending::Match {
            slot: s,
            seq,
            len,
            done: 0,
        });
        Ok(len)
    }

    fn begin_record(&mut self, len: usize) -> Result<(), Problem> {
        self.check()?;
        self.pending = Some(Pending::Record { len, done: 0 });
        self.record_text.clear();
        Ok(())
    }

    fn busy(&self) -> bool {
        self.pending.is_some()
    }

    fn step(&mut self, buf: &[u8], piece: usize) -> Option<Result<Written, Problem>> {
        let p = self.pending.take()?;
        if let Err(e) = self.check() {
            return Some(Err(e));
        }
        match p {
            Pending::Match {
                slot: s,
                seq,
                len,
                done,
            } => {
                let end = len.min(done + piece.max(1));
                let k = self.take(end - done);
                let file = self.slots[index(Kind::Match)][slot(s)].get_or_insert_with(Vec::new);
                if done == 0 {
                    file.clear();
                }
                file.extend_from_slice(&buf[done..done + k]);
                if k < end - done {
                    return Some(Err(Problem::Failed));
                }
                if end < len {
                    self.pending = Some(Pending::Match {
                        slot: s,
                        seq,
                        len,
                        done: end,
                    });
                    return None;
                }
                self.next[index(Kind::Match)] = (s.other(), seq.wrapping_add(1));
                Some(Ok(Written::Match(len)))
            }
            Pending::Record { len, done } => {
                let end = len.min(done + piece.max(1));
                let k = self.take(end - done);
                self.record_text.extend_from_slice(&buf[done..done + k]);
                if k < end - done {
                    return Some(Err(Problem::Failed));
                }
                if end < len {
                    self.pending = Some(Pending::Record { len, done: end });
                    return None;
                }
                let text = String::from_utf8_lossy(&self.record_text).into_owned();
                self.records.push(text);
                Some(Ok(Written::Record(len)))
            }
        }
    }

    fn delete_match(&mut self) -> Result<(), Problem> {
        self.check()?;
        if matches!(self.pending, Some(Pending::Match { .. })) {
            self.pending = None;
        }
        self.slots[index(Kind::Match)] = [None, None];
        Ok(())
    }

    fn next_shot(&mut self) -> Result<u16, Problem> {
        self.check()?;
        let mut taken = [false; MAX_SHOTS as usize + 1];
        for (n, _) in &self.shots {
            taken[usize::from(*n)] = true;
        }
        next_free(&taken).ok_or(Problem::Full)
    }

    fn write_shot(&mut self, n: u16, data: &[u8], first: bool) -> Result<(), Problem> {
        self.check()?;
        let k = self.take(data.len());
        let at = match self.shots.iter().position(|(m, _)| *m == n) {
            Some(i) => i,
            None => {
                self.shots.push((n, Vec::new()));
                self.shots.len() - 1
            }
        };
        let file = &mut self.shots[at].1;
        if first {
            file.clear();
        }
        file.extend_from_slice(&data[..k]);
        if k < data.len() {
            return Err(Problem::Failed);
        }
        Ok(())
    }
}
