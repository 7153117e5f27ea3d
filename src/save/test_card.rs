//! Test-only: a FAT32 card image built in memory (MBR, one 0x0C partition, BPB, FSInfo, two
//! FATs, root directory), optionally holding `apps/senas-senet/` under its long name as the
//! Homebrew Channel's layout and Dolphin's folder sync leave it (an LFN entry before the 8.3
//! entry `SENAS-~1`), and a RAM `BlockDevice` over it that counts writes and can fail them.
//! Layout after Microsoft's FAT specification (fatgen103); no host tools needed.

use embedded_sdmmc::{Block, BlockCount, BlockDevice, BlockIdx};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;

pub const PART_START: u32 = 2048;
const PART_BLOCKS: u32 = 68_000;
const RESERVED: u32 = 32;
const FAT_BLOCKS: u32 = 532;
const DATA: u32 = PART_START + RESERVED + 2 * FAT_BLOCKS;

pub type Image = HashMap<u64, [u8; 512]>;

fn put(img: &mut Image, lba: u32, off: usize, bytes: &[u8]) {
    let b = img.entry(u64::from(lba)).or_insert([0; 512]);
    b[off..off + bytes.len()].copy_from_slice(bytes);
}

fn fat_entry(img: &mut Image, cluster: u32, value: u32) {
    for fat in 0..2 {
        let byte = cluster * 4;
        put(
            img,
            PART_START + RESERVED + fat * FAT_BLOCKS + byte / 512,
            (byte % 512) as usize,
            &value.to_le_bytes(),
        );
    }
}

fn dir_entry(name: &[u8; 11], attr: u8, cluster: u32) -> [u8; 32] {
    let mut e = [0u8; 32];
    e[..11].copy_from_slice(name);
    e[11] = attr;
    e[20..22].copy_from_slice(&((cluster >> 16) as u16).to_le_bytes());
    e[26..28].copy_from_slice(&(cluster as u16).to_le_bytes());
    e
}

fn lfn_checksum(short: &[u8; 11]) -> u8 {
    short.iter().fold(0u8, |s, &c| {
        ((s & 1) << 7).wrapping_add(s >> 1).wrapping_add(c)
    })
}

/// One LFN entry holding up to 13 characters (names of at most 13 characters only).
fn lfn_entry(long: &str, short: &[u8; 11]) -> [u8; 32] {
    let mut chars = [0xFFFFu16; 13];
    let units: std::vec::Vec<u16> = long.encode_utf16().collect();
    assert!(units.len() <= 13, "test names fit one LFN entry");
    chars[..units.len()].copy_from_slice(&units);
    if units.len() < 13 {
        chars[units.len()] = 0;
    }
    let mut e = [0u8; 32];
    e[0] = 0x41;
    e[11] = 0x0F;
    e[13] = lfn_checksum(short);
    let slots = (1..11)
        .step_by(2)
        .chain((14..26).step_by(2))
        .chain((28..32).step_by(2));
    for (c, at) in chars.iter().zip(slots) {
        e[at..at + 2].copy_from_slice(&c.to_le_bytes());
    }
    e
}

fn cluster_lba(c: u32) -> u32 {
    DATA + c - 2
}

/// A formatted empty card; with `game_dir`, `apps/senas-senet/` exists (long name).
pub fn image(game_dir: bool) -> Image {
    let mut img = Image::new();
    // MBR: partition 1, FAT32 LBA.
    let mut part = [0u8; 16];
    part[4] = 0x0C;
    part[8..12].copy_from_slice(&PART_START.to_le_bytes());
    part[12..16].copy_from_slice(&PART_BLOCKS.to_le_bytes());
    put(&mut img, 0, 0x1BE, &part);
    put(&mut img, 0, 510, &[0x55, 0xAA]);
    // BPB.
    let p = PART_START;
    put(&mut img, p, 0, &[0xEB, 0x58, 0x90]);
    put(&mut img, p, 3, b"MSWIN4.1");
    put(&mut img, p, 11, &512u16.to_le_bytes());
    put(&mut img, p, 13, &[1]);
    put(&mut img, p, 14, &(RESERVED as u16).to_le_bytes());
    put(&mut img, p, 16, &[2]);
    put(&mut img, p, 21, &[0xF8]);
    put(&mut img, p, 24, &63u16.to_le_bytes());
    put(&mut img, p, 26, &255u16.to_le_bytes());
    put(&mut img, p, 28, &PART_START.to_le_bytes());
    put(&mut img, p, 32, &PART_BLOCKS.to_le_bytes());
    put(&mut img, p, 36, &FAT_BLOCKS.to_le_bytes());
    put(&mut img, p, 44, &2u32.to_le_bytes());
    put(&mut img, p, 48, &1u16.to_le_bytes());
    put(&mut img, p, 50, &6u16.to_le_bytes());
    put(&mut img, p, 64, &[0x80, 0, 0x29, 1, 2, 3, 4]);
    put(&mut img, p, 71, b"NO NAME    FAT32   ");
    put(&mut img, p, 510, &[0x55, 0xAA]);
    // FSInfo.
    put(&mut img, p + 1, 0, &0x4161_5252u32.to_le_bytes());
    put(&mut img, p + 1, 484, &0x6141_7272u32.to_le_bytes());
    put(&mut img, p + 1, 488, &[0xFF; 8]);
    put(&mut img, p + 1, 508, &0xAA55_0000u32.to_le_bytes());
    fat_entry(&mut img, 0, 0x0FFF_FFF8);
    fat_entry(&mut img, 1, 0x0FFF_FFFF);
    fat_entry(&mut img, 2, 0x0FFF_FFFF);
    put(&mut img, cluster_lba(2), 0, &[0; 32]);
    if game_dir {
        let short = *b"SENAS-~1   ";
        put(
            &mut img,
            cluster_lba(2),
            0,
            &dir_entry(b"APPS       ", 0x10, 3),
        );
        fat_entry(&mut img, 3, 0x0FFF_FFFF);
        fat_entry(&mut img, 4, 0x0FFF_FFFF);
        let apps = cluster_lba(3);
        put(&mut img, apps, 0, &dir_entry(b".          ", 0x10, 3));
        put(&mut img, apps, 32, &dir_entry(b"..         ", 0x10, 0));
        // A neighbour whose long name differs, so the search must read the long names.
        put(
            &mut img,
            apps,
            64,
            &lfn_entry("senas-other", b"SENAS-~2   "),
        );
        put(&mut img, apps, 96, &dir_entry(b"SENAS-~2   ", 0x10, 5));
        put(&mut img, apps, 128, &lfn_entry("senas-senet", &short));
        put(&mut img, apps, 160, &dir_entry(&short, 0x10, 4));
        fat_entry(&mut img, 5, 0x0FFF_FFFF);
        for (c, parent) in [(4u32, 3u32), (5, 3)] {
            put(
                &mut img,
                cluster_lba(c),
                0,
                &dir_entry(b".          ", 0x10, c),
            );
            put(
                &mut img,
                cluster_lba(c),
                32,
                &dir_entry(b"..         ", 0x10, parent),
            );
        }
    }
    img
}

/// The same card formatted without a partition table: the FAT volume from block 0 (as
/// Dolphin's own SD image).
pub fn superfloppy(game_dir: bool) -> Image {
    image(game_dir)
        .into_iter()
        .filter(|(k, _)| *k >= u64::from(PART_START))
        .map(|(k, mut b)| {
            if k == u64::from(PART_START) {
                b[28..32].copy_from_slice(&0u32.to_le_bytes()); // no hidden sectors
            }
            (k - u64::from(PART_START), b)
        })
        .collect()
}

/// The cluster of `apps/senas-senet/` in [`image`]`(true)`.
pub const GAME_DIR_CLUSTER: u32 = 4;

/// The first block of cluster `c`.
pub fn cluster_block(c: u32) -> u64 {
    u64::from(cluster_lba(c))
}

/// A card in RAM.
pub struct MemCard {
    pub img: RefCell<Image>,
    pub writes: Cell<usize>,
    /// Refuse writes after this many (a card pulled out mid-save).
    pub fail_after: Cell<Option<usize>>,
}

impl MemCard {
    pub fn new(img: Image) -> MemCard {
        MemCard {
            img: RefCell::new(img),
            writes: Cell::new(0),
            fail_after: Cell::new(None),
        }
    }
}

impl BlockDevice for &MemCard {
    type Error = &'static str;
    fn read(&self, blocks: &mut [Block], start: BlockIdx) -> Result<(), Self::Error> {
        let img = self.img.borrow();
        for (k, b) in blocks.iter_mut().enumerate() {
            b.contents = img
                .get(&u64::from(start.0 + k as u32))
                .copied()
                .unwrap_or([0; 512]);
        }
        Ok(())
    }
    fn write(&self, blocks: &[Block], start: BlockIdx) -> Result<(), Self::Error> {
        for (k, b) in blocks.iter().enumerate() {
            if self
                .fail_after
                .get()
                .is_some_and(|n| self.writes.get() >= n)
            {
                return Err("card removed");
            }
            self.writes.set(self.writes.get() + 1);
            self.img
                .borrow_mut()
                .insert(u64::from(start.0 + k as u32), b.contents);
        }
        Ok(())
    }
    fn num_blocks(&self) -> Result<BlockCount, Self::Error> {
        Ok(BlockCount(PART_START + PART_BLOCKS))
    }
}
