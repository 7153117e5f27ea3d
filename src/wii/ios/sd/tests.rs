//! Host tests of the SD driver against the fake IOS (`ipc::fake`) and the fake slot
//! (`sd::fake`): the exact request bytes of the start-up and of reads/writes for SDSC (byte
//! addresses, plain ioctls for commands without data) and SDHC (block addresses, ioctlv for
//! every command), chunking, cache maintenance of the DMA buffer, and the typed errors.

use super::fake::{FakeSd, Seen};
use super::*;
use crate::wii::ios::ipc::fake::{FakeCache, FakeRegs, Model};
use crate::wii::ios::ipc::{IosError, Ipc, IpcError, Slot};
use core::ptr::NonNull;
use std::boxed::Box;
use std::cell::RefCell;
use std::rc::Rc;
use std::vec::Vec;

pub(crate) struct Rig {
    pub ipc: Ipc<FakeRegs, FakeCache>,
    pub model: Rc<RefCell<Model>>,
    pub sd: Rc<RefCell<FakeSd>>,
    t: Rc<RefCell<u32>>,
}

impl Rig {
    pub fn new(status: u32) -> (Rig, &'static mut DmaBuf) {
        let model = Model::shared();
        let pool: &'static mut [Slot] = Box::leak(
            (0..4)
                .map(|_| Slot::new())
                .collect::<Vec<_>>()
                .into_boxed_slice(),
        );
        let buf: &'static mut DmaBuf = Box::leak(Box::new(DmaBuf::new()));
        model
            .borrow_mut()
            .map(pool.as_ptr() as usize, 4 * core::mem::size_of::<Slot>());
        model.borrow_mut().map(buf.0.as_ptr() as usize, buf.0.len());
        let p = NonNull::new(pool.as_mut_ptr()).expect("non-null");
        // SAFETY: the pool was leaked for this client alone.
        let ipc = unsafe { Ipc::new(FakeRegs(model.clone()), FakeCache(model.clone()), p, 4) };
        let rig = Rig {
            ipc,
            model,
            sd: Rc::new(RefCell::new(FakeSd::new(status))),
            t: Rc::new(RefCell::new(0)),
        };
        (rig, buf)
    }

    /// The millisecond clock the driver waits on; each reading lets the fake slot answer.
    pub fn clock(&self) -> impl FnMut() -> u32 {
        let (m, sd, t) = (self.model.clone(), self.sd.clone(), self.t.clone());
        move || {
            sd.borrow_mut().service(&mut m.borrow_mut());
            *t.borrow_mut() += 1;
            *t.borrow()
        }
    }

    pub fn seen(&self) -> Vec<Seen> {
        self.sd.borrow().seen.clone()
    }
}

/// Nine words, big-endian: the 36-byte SDIO command request as IOS reads it.
fn req(words: [u32; 9]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_be_bytes()).collect()
}

fn be(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_be_bytes()).collect()
}

const RCA: u32 = 0x9f62 << 16;

fn start_up_commands() -> [[u32; 9]; 5] {
    [
        [0x07, 3, 2, RCA, 0, 0, 0, 0, 0],
        [0x10, 3, 1, 512, 0, 0, 0, 0, 0],
        [0x37, 3, 1, RCA, 0, 0, 0, 0, 0],
        [0x06, 3, 1, 2, 0, 0, 0, 0, 0],
        [0x07, 3, 2, 0, 0, 0, 0, 0, 0],
    ]
}

fn start_up_ioctls() -> Vec<Seen> {
    std::vec![
        Seen::Open(b"/dev/sdio/slot0".to_vec()),
        Seen::Ioctl(0x04, Vec::new()),
        Seen::Ioctl(0x0B, Vec::new()),
        Seen::Ioctl(0x02, be(&[0x28, 0, 0, 1, 0, 0])),
        Seen::Ioctl(0x01, be(&[0x28, 0, 0, 1, 2, 0])),
        Seen::Ioctl(0x06, be(&[1])),
    ]
}

/// Audit 2 N1: the slot was opened once, so a console whose IOS had not registered it yet
/// played a whole session with "No SD card".
#[test]
fn a_slot_ios_has_not_registered_yet_is_opened_again_until_it_is() {
    let (mut rig, buf) = Rig::new(0x1_0001);
    rig.sd.borrow_mut().unregistered_opens = 2;
    let mut clock = rig.clock();
    SdCard::open(&mut rig.ipc, buf, &mut clock).expect("the third open finds the slot");
    let opens = rig
        .seen()
        .iter()
        .filter(|s| matches!(s, Seen::Open(_)))
        .count();
    assert_eq!(opens, 3);
}

#[test]
fn a_slot_that_never_registers_is_given_up_after_three_seconds() {
    let (mut rig, buf) = Rig::new(0x1_0001);
    rig.sd.borrow_mut().unregistered_opens = u32::MAX;
    let mut clock = rig.clock();
    let r = SdCard::open(&mut rig.ipc, buf, &mut clock);
    assert!(
        matches!(r, Err(SdError::Open(IpcError::Ios(IosError::NotFound)))),
        "{:?}",
        r.err()
    );
    let waited = clock();
    assert!((3000..4000).contains(&waited), "gave up after {waited} ms");
    let opens = rig
        .seen()
        .iter()
        .filter(|s| matches!(s, Seen::Open(_)))
        .count();
    assert!(
        (20..=22).contains(&opens),
        "{opens} opens, one every 150 ms"
    );
}

#[test]
fn sdsc_start_up_follows_wiisd_with_exact_request_bytes() {
    let (mut rig, buf) = Rig::new(0x1_0001);
    let mut clock = rig.clock();
    let card = SdCard::open(&mut rig.ipc, buf, &mut clock).expect("card starts");
    assert!(!card.sdhc());
    let mut want = start_up_ioctls();
    want.extend(start_up_commands().map(|c| Seen::Ioctl(0x07, req(c))));
    assert_eq!(rig.seen(), want);
    assert!(
        rig.model.borrow().violations.is_empty(),
        "{:?}",
        rig.model.borrow().violations
    );
}

#[test]
fn sdhc_start_up_sends_every_command_as_an_ioctlv() {
    let (mut rig, buf) = Rig::new(0x11_0001);
    let mut clock = rig.clock();
    let card = SdCard::open(&mut rig.ipc, buf, &mut clock).expect("card starts");
    assert!(card.sdhc());
    let mut want = start_up_ioctls();
    want.extend(start_up_commands().map(|c| Seen::Ioctlv(req(c), 0)));
    assert_eq!(rig.seen(), want);
}

fn data_commands(rig: &Rig) -> Vec<(Vec<u8>, usize)> {
    rig.seen()
        .into_iter()
        .filter_map(|s| match s {
            Seen::Ioctlv(r, n) if n > 0 => Some((r, n)),
            _ => None,
        })
        .collect()
}

fn read_write_at_block_3(status: u32, arg: u32) {
    let (mut rig, buf) = Rig::new(status);
    let mut clock = rig.clock();
    let buf_addr = buf.0.as_ptr() as usize as u32;
    let mut card = SdCard::open(&mut rig.ipc, buf, &mut clock).expect("card starts");
    let data: Vec<u8> = (0..1024).map(|i| (i * 7 % 251) as u8).collect();
    card.write(&mut rig.ipc, &mut clock, 3, &data)
        .expect("written");
    assert_eq!(
        rig.sd.borrow().read_image(1536, 1024),
        data,
        "landed at byte 1536"
    );
    rig.sd.borrow_mut().write_image(512 * 9, &[0xAB; 512]);
    let mut back = [0u8; 512];
    card.read(&mut rig.ipc, &mut clock, 9, &mut back)
        .expect("read");
    assert_eq!(back, [0xAB; 512]);
    let cmds = data_commands(&rig);
    assert_eq!(
        cmds,
        std::vec![
            (req([0x19, 3, 1, arg, 2, 512, buf_addr, 1, 0]), 1024),
            (req([0x12, 3, 1, arg * 3, 1, 512, buf_addr, 1, 0]), 512),
        ]
    );
    assert!(
        rig.model.borrow().violations.is_empty(),
        "{:?}",
        rig.model.borrow().violations
    );
}

#[test]
fn sdsc_addresses_blocks_in_bytes() {
    read_write_at_block_3(0x1_0001, 3 * 512);
}

#[test]
fn sdhc_addresses_blocks_by_number() {
    read_write_at_block_3(0x10_0001, 3);
}

#[test]
fn every_data_command_is_bracketed_by_select_and_deselect() {
    let (mut rig, buf) = Rig::new(0x1_0001);
    let mut clock = rig.clock();
    let mut card = SdCard::open(&mut rig.ipc, buf, &mut clock).expect("card starts");
    let before = rig.seen().len();
    let mut out = std::vec![0u8; 512];
    card.read(&mut rig.ipc, &mut clock, 0, &mut out)
        .expect("read");
    let seen = rig.seen();
    let cmd_of = |s: &Seen| match s {
        Seen::Ioctl(7, r) | Seen::Ioctlv(r, _) => Some((r[3], r[12..16].to_vec())),
        _ => None,
    };
    let got: Vec<_> = seen[before..].iter().filter_map(cmd_of).collect();
    assert_eq!(
        got,
        std::vec![
            (0x07, RCA.to_be_bytes().to_vec()),
            (0x12, 0u32.to_be_bytes().to_vec()),
            (0x07, 0u32.to_be_bytes().to_vec()),
        ]
    );
}

#[test]
fn long_transfers_are_split_into_dma_buffer_sized_commands() {
    let (mut rig, buf) = Rig::new(0x10_0001);
    let mut clock = rig.clock();
    let mut card = SdCard::open(&mut rig.ipc, buf, &mut clock).expect("card starts");
    let data: Vec<u8> = (0..20 * 512).map(|i| (i / 512) as u8).collect();
    card.write(&mut rig.ipc, &mut clock, 100, &data)
        .expect("written");
    let mut back = std::vec![0u8; 20 * 512];
    card.read(&mut rig.ipc, &mut clock, 100, &mut back)
        .expect("read");
    assert_eq!(back, data);
    let shape: Vec<(u8, u32, usize)> = data_commands(&rig)
        .into_iter()
        .map(|(r, n)| {
            (
                r[3],
                u32::from_be_bytes([r[12], r[13], r[14], r[15]]),
                n / 512,
            )
        })
        .collect();
    assert_eq!(
        shape,
        std::vec![
            (0x19, 100, 8),
            (0x19, 108, 8),
            (0x19, 116, 4),
            (0x12, 100, 8),
            (0x12, 108, 8),
            (0x12, 116, 4)
        ]
    );
}

#[test]
fn no_card_is_a_typed_error_and_the_slot_is_closed() {
    let (mut rig, buf) = Rig::new(0);
    let mut clock = rig.clock();
    let r = SdCard::open(&mut rig.ipc, buf, &mut clock);
    assert_eq!(r.err(), Some(SdError::NoCard));
    assert_eq!(rig.seen().last(), Some(&Seen::Close));
}

#[test]
fn a_card_ios_did_not_initialise_is_refused() {
    let (mut rig, buf) = Rig::new(0x1);
    let mut clock = rig.clock();
    let r = SdCard::open(&mut rig.ipc, buf, &mut clock);
    assert_eq!(r.err(), Some(SdError::NotInitialized(1)));
}

#[test]
fn ios_errors_and_dolphin_failures_come_back_typed() {
    let (mut rig, buf) = Rig::new(0x1_0001);
    let mut clock = rig.clock();
    let mut card = SdCard::open(&mut rig.ipc, buf, &mut clock).expect("card starts");
    rig.sd.borrow_mut().fail_cmd = Some((0x12, -4));
    let mut out = [0u8; 512];
    assert_eq!(
        card.read(&mut rig.ipc, &mut clock, 0, &mut out),
        Err(SdError::Command {
            cmd: 0x12,
            err: IpcError::Ios(IosError::Invalid)
        })
    );
    rig.sd.borrow_mut().fail_cmd = Some((0x19, 1));
    assert_eq!(
        card.write(&mut rig.ipc, &mut clock, 0, &out),
        Err(SdError::Command {
            cmd: 0x19,
            err: IpcError::Ios(IosError::Other(1))
        })
    );
    assert_eq!(
        card.read(&mut rig.ipc, &mut clock, 0, &mut out[..100]),
        Err(SdError::BadLength)
    );
}

#[test]
fn sdsc_byte_addresses_past_4_gib_are_refused() {
    let (mut rig, buf) = Rig::new(0x1_0001);
    let mut clock = rig.clock();
    let mut card = SdCard::open(&mut rig.ipc, buf, &mut clock).expect("card starts");
    let mut out = [0u8; 512];
    assert_eq!(
        card.read(&mut rig.ipc, &mut clock, 1 << 23, &mut out),
        Err(SdError::OutOfRange)
    );
}

#[test]
fn a_hung_data_command_retires_the_card() {
    let (mut rig, buf) = Rig::new(0x1_0001);
    let mut clock = rig.clock();
    let mut card = SdCard::open(&mut rig.ipc, buf, &mut clock).expect("card starts");
    rig.sd.borrow_mut().hang_cmd = Some(0x12);
    let mut out = [0u8; 512];
    assert_eq!(
        card.read(&mut rig.ipc, &mut clock, 0, &mut out),
        Err(SdError::Broken)
    );
    let seen = rig.seen().len();
    assert_eq!(
        card.read(&mut rig.ipc, &mut clock, 0, &mut out),
        Err(SdError::Broken)
    );
    assert_eq!(rig.seen().len(), seen, "nothing more is sent to the card");
}

#[test]
fn dropped_writes_are_caught_by_the_read_back() {
    use embedded_sdmmc::{Block, BlockDevice, BlockIdx};
    let (mut rig, buf) = Rig::new(0x1_0001);
    let mut clock = rig.clock();
    let mut card = SdCard::open(&mut rig.ipc, buf, &mut clock).expect("card starts");
    let mut blk = Block::new();
    blk.contents.fill(0x5A);
    {
        let dev = SdBlocks::new(&mut rig.ipc, &mut card, &mut clock);
        dev.write(core::slice::from_ref(&blk), BlockIdx(4))
            .expect("kept");
    }
    rig.sd.borrow_mut().drop_writes = true;
    blk.contents.fill(0x11);
    let dev = SdBlocks::new(&mut rig.ipc, &mut card, &mut clock);
    assert_eq!(
        dev.write(core::slice::from_ref(&blk), BlockIdx(4)),
        Err(SdError::WriteLost)
    );
    let mut back = [Block::new()];
    dev.read(&mut back, BlockIdx(4)).expect("read");
    assert_eq!(back[0].contents, [0x5A; 512]);
}

#[test]
fn the_fat_layer_reads_and_writes_the_game_folder_through_the_sd_driver() {
    use crate::save::{test_card, GameFolder};
    for status in [0x1_0001, 0x10_0001] {
        let (mut rig, buf) = Rig::new(status);
        rig.sd.borrow_mut().image = test_card::image(true);
        let mut clock = rig.clock();
        let mut card = SdCard::open(&mut rig.ipc, buf, &mut clock).expect("card starts");
        {
            let dev = SdBlocks::new(&mut rig.ipc, &mut card, &mut clock);
            let f = GameFolder::open(dev).expect("folder");
            f.write("MATCH_A.BIN", &[0x42; 1500]).expect("written");
            f.close().expect("closed");
        }
        let dev = SdBlocks::new(&mut rig.ipc, &mut card, &mut clock);
        let f = GameFolder::open(dev).expect("folder again");
        let mut back = [0u8; 2048];
        assert_eq!(f.read("MATCH_A.BIN", &mut back).expect("read"), Some(1500));
        assert!(back[..1500].iter().all(|&b| b == 0x42));
        assert!(rig.model.borrow().violations.is_empty());
    }
}
