//! A fake `/dev/sdio/slot0` for host tests, answering the fake IOS's requests the way Dolphin
//! `Source/Core/Core/IOS/SDIO/SDIOSlot0.cpp` does (status word, RCA, host registers, SELECT,
//! SET_BLOCKLEN, APP_CMD, multiple-block reads/writes over an in-memory card image, byte
//! addresses on SDSC and block addresses on SDHC). Records every request's bytes for the
//! tests. It is the IOS side only: the driver under test sees nothing but the IPC mailbox.

use crate::wii::ios::ipc::fake::Model;
use std::collections::HashMap;
use std::vec::Vec;

const BLOCK: usize = 512;

/// What the fake saw, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seen {
    Open(Vec<u8>),
    Close,
    /// Plain ioctl: number and input bytes.
    Ioctl(u32, Vec<u8>),
    /// Ioctlv SEND_CMD: the 36 request bytes and the data vector's length.
    Ioctlv(Vec<u8>, usize),
}

pub struct FakeSd {
    pub status: u32,
    pub rca: u16,
    /// Blocks written so far (unwritten blocks read as zero).
    pub image: HashMap<u64, [u8; BLOCK]>,
    pub seen: Vec<Seen>,
    /// Dolphin with `WiiSDCardAllowWrites = False`: writes succeed and change nothing.
    pub drop_writes: bool,
    /// Answer no request at all (a hung device).
    pub silent: bool,
    /// Fail this SD command with this IOS result.
    pub fail_cmd: Option<(u32, i32)>,
    /// Never answer this SD command (IOS hangs on it).
    pub hang_cmd: Option<u32>,
    /// Answer this many more opens of the slot with -6, as IOS does before its SD module has
    /// registered the device (a console whose IOS is still starting).
    pub unregistered_opens: u32,
    regs: HashMap<u32, u32>,
}

impl FakeSd {
    pub fn new(status: u32) -> Self {
        FakeSd {
            status,
            rca: 0x9f62,
            image: HashMap::new(),
            seen: Vec::new(),
            drop_writes: false,
            silent: false,
            fail_cmd: None,
            hang_cmd: None,
            unregistered_opens: 0,
            regs: HashMap::new(),
        }
    }
    pub fn sdhc(&self) -> bool {
        self.status & 0x10_0000 != 0
    }

    fn byte_offset(&self, arg: u32) -> u64 {
        if self.sdhc() {
            u64::from(arg) * BLOCK as u64
        } else {
            u64::from(arg)
        }
    }

    /// Reads `len` bytes of the image at byte `off` (block aligned in practice).
    pub fn read_image(&self, off: u64, len: usize) -> Vec<u8> {
        (0..len as u64)
            .map(|k| {
                let a = off + k;
                self.image
                    .get(&(a / BLOCK as u64))
                    .map_or(0, |b| b[(a % BLOCK as u64) as usize])
            })
            .collect()
    }

    /// Writes bytes into the image (test set-up).
    pub fn write_image(&mut self, off: u64, data: &[u8]) {
        for (k, &b) in data.iter().enumerate() {
            let a = off + k as u64;
            self.image.entry(a / BLOCK as u64).or_insert([0; BLOCK])[(a % BLOCK as u64) as usize] =
                b;
        }
    }

    /// Answers every request waiting in the fake IOS.
    pub fn service(&mut self, m: &mut Model) {
        if self.silent {
            return;
        }
        let pending: Vec<_> = m.inbox.clone();
        for r in pending {
            match r.cmd {
                1 => {
                    self.seen.push(Seen::Open(r.path.clone()));
                    let registered = self.unregistered_opens == 0;
                    self.unregistered_opens = self.unregistered_opens.saturating_sub(1);
                    let fd = if r.path == b"/dev/sdio/slot0" && registered {
                        5
                    } else {
                        -6
                    };
                    m.reply(r.phys, fd, &[]);
                }
                2 => {
                    self.seen.push(Seen::Close);
                    m.reply(r.phys, 0, &[]);
                }
                6 => {
                    let num = r.args[0];
                    self.seen.push(Seen::Ioctl(num, r.input.clone()));
                    let word = |i: usize| {
                        r.input
                            .get(4 * i..4 * i + 4)
                            .map_or(0, |b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
                    };
                    let (result, out): (i32, Vec<u8>) = match num {
                        0x04 => (0, (u32::from(self.rca) << 16).to_be_bytes().to_vec()),
                        0x0B => (0, self.status.to_be_bytes().to_vec()),
                        0x02 => (
                            0,
                            self.regs
                                .get(&word(0))
                                .copied()
                                .unwrap_or(0)
                                .to_be_bytes()
                                .to_vec(),
                        ),
                        0x01 => {
                            self.regs.insert(word(0), word(4));
                            (0, Vec::new())
                        }
                        0x06 => (0, Vec::new()),
                        0x07 => self.command(&r.input, None, m),
                        _ => (-4, Vec::new()),
                    };
                    let out_ptr = r.args[3];
                    m.reply(r.phys, result, &[(out_ptr, &out)]);
                }
                7 => {
                    let req = r.vecs.first().map(|v| v.1.clone()).unwrap_or_default();
                    let cmd = req
                        .get(..4)
                        .map_or(0, |b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]));
                    if self.hang_cmd == Some(cmd) {
                        continue;
                    }
                    let data = r.vecs.get(1).cloned();
                    let reply_ptr = r.vecs.get(2).map_or(0, |v| v.0);
                    self.seen.push(Seen::Ioctlv(
                        req.clone(),
                        data.as_ref().map_or(0, |d| d.1.len()),
                    ));
                    let (result, out) = self.command(&req, data, m);
                    m.reply(r.phys, result, &[(reply_ptr, &out)]);
                }
                _ => m.reply(r.phys, -4, &[]),
            }
        }
    }

    /// Executes one SD command; a read DMA-writes the data vector.
    fn command(
        &mut self,
        req: &[u8],
        data: Option<(u32, Vec<u8>)>,
        m: &mut Model,
    ) -> (i32, Vec<u8>) {
        let w = |i: usize| {
            req.get(4 * i..4 * i + 4)
                .map_or(0, |b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
        };
        let (cmd, arg, blocks, bsize) = (w(0), w(3), w(4), w(5));
        if let Some((c, code)) = self.fail_cmd {
            if c == cmd {
                return (code, std::vec![0; 16]);
            }
        }
        let mut resp = std::vec![0u8; 16];
        let r1 = match cmd {
            0x07 => {
                if arg >> 16 != 0 {
                    0x700
                } else {
                    0x900
                }
            }
            0x10 | 0x12 | 0x19 => 0x900,
            0x37 | 0x06 => 0x920,
            _ => 0,
        };
        resp[..4].copy_from_slice(&(r1 as u32).to_be_bytes());
        let size = (blocks * bsize) as usize;
        match cmd {
            0x12 => {
                let Some((ptr, _)) = data else {
                    return (-4, resp);
                };
                let bytes = self.read_image(self.byte_offset(arg), size);
                m.dma_write(ptr, &bytes);
            }
            0x19 => {
                let Some((_, bytes)) = data else {
                    return (-4, resp);
                };
                if !self.drop_writes {
                    let off = self.byte_offset(arg);
                    self.write_image(off, &bytes[..size.min(bytes.len())]);
                }
            }
            _ => {}
        }
        (0, resp)
    }
}
