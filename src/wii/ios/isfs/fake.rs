//! Host-test double of the IOS file system: a [`FakeNand`] that answers the open, read and
//! close requests waiting in the fake IOS (`ipc::fake`) from in-memory files, and a clock that
//! lets it answer each time the blocking calls read the time. Test-only.

use crate::wii::ios::ipc::fake::{FakeCache, FakeRegs, Model};
use crate::wii::ios::ipc::{Ipc, Slot};
use core::ptr::NonNull;
use std::boxed::Box;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::vec::Vec;

/// An IPC client over a fresh fake IOS with two slots.
pub(crate) fn client() -> (Ipc<FakeRegs, FakeCache>, Shared) {
    let m = Model::shared();
    let v: Vec<Slot> = (0..2).map(|_| Slot::new()).collect();
    let p = Box::leak(v.into_boxed_slice());
    m.borrow_mut()
        .map(p.as_ptr() as usize, 2 * core::mem::size_of::<Slot>());
    let ptr = NonNull::new(p.as_mut_ptr()).expect("leaked box is non-null");
    // SAFETY: the pool was leaked for this client alone.
    (
        unsafe { Ipc::new(FakeRegs(m.clone()), FakeCache(m.clone()), ptr, 2) },
        m,
    )
}

pub(crate) type Shared = Rc<RefCell<Model>>;

/// A fake IOS file system: answers every pending open/read/close from `files`.
pub(crate) struct FakeNand {
    pub files: HashMap<Vec<u8>, Vec<u8>>,
    open: HashMap<i32, (Vec<u8>, usize)>,
    next_fd: i32,
    /// (path, result) of every open, and the length of every read asked.
    pub opens: Vec<(Vec<u8>, i32)>,
    pub reads: Vec<usize>,
    pub closes: usize,
    /// Stop answering (to test timeouts).
    pub silent: bool,
}

impl FakeNand {
    pub fn with(path: &str, data: &[u8]) -> FakeNand {
        FakeNand {
            files: HashMap::from([(path.as_bytes().to_vec(), data.to_vec())]),
            open: HashMap::new(),
            next_fd: 3,
            opens: Vec::new(),
            reads: Vec::new(),
            closes: 0,
            silent: false,
        }
    }

    pub fn serve(&mut self, m: &Shared) {
        if self.silent {
            return;
        }
        let pending: Vec<_> = m.borrow().inbox.clone();
        for r in pending {
            match r.cmd {
                1 => {
                    let result = if self.files.contains_key(&r.path) {
                        self.next_fd += 1;
                        self.open.insert(self.next_fd, (r.path.clone(), 0));
                        self.next_fd
                    } else {
                        -106
                    };
                    self.opens.push((r.path.clone(), result));
                    m.borrow_mut().reply(r.phys, result, &[]);
                }
                3 => {
                    let len = r.args[1] as usize;
                    self.reads.push(len);
                    let Some((path, pos)) = self.open.get_mut(&r.fd) else {
                        m.borrow_mut().reply(r.phys, -101, &[]);
                        continue;
                    };
                    let data = &self.files[path.as_slice()];
                    let end = (*pos + len).min(data.len());
                    let chunk = data[*pos..end].to_vec();
                    *pos = end;
                    m.borrow_mut()
                        .reply(r.phys, chunk.len() as i32, &[(r.args[0], &chunk)]);
                }
                2 => {
                    self.closes += 1;
                    let ok = self.open.remove(&r.fd).is_some();
                    m.borrow_mut().reply(r.phys, if ok { 0 } else { -101 }, &[]);
                }
                _ => m.borrow_mut().reply(r.phys, -4, &[]),
            }
        }
    }
}

/// A millisecond clock that lets the fake NAND answer each time it is read.
pub(crate) fn serving_clock<'a>(
    nand: &'a RefCell<FakeNand>,
    m: &'a Shared,
) -> impl FnMut() -> u32 + 'a {
    let mut t = 0u32;
    move || {
        nand.borrow_mut().serve(m);
        t += 1;
        t
    }
}
