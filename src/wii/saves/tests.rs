//! Host tests of the save glue over the fake IOS and the fake SD slot (`sd::fake`): a card
//! whose image holds no FAT volume (blank, garbage, a partition of another file system) turns
//! saving off as `Problem::Unformatted`, and no write command ever reaches it; a FAT card takes
//! the same calls and is written.

use super::*;
use crate::save::{test_card, Kind, MATCH_BYTES};
use crate::wii::sd::fake::Seen;
use crate::wii::sd::tests::Rig;
use std::boxed::Box;
use std::collections::HashMap;
use std::vec;
use std::vec::Vec;

/// SD command WRITE_MULTIPLE_BLOCK (the only write Dolphin implements).
const WRITE_MULTIPLE_BLOCK: u32 = 0x19;

fn writes(seen: &[Seen]) -> usize {
    seen.iter()
        .filter(|s| match s {
            Seen::Ioctlv(req, _) | Seen::Ioctl(_, req) => {
                req.len() >= 4
                    && u32::from_be_bytes([req[0], req[1], req[2], req[3]]) == WRITE_MULTIPLE_BLOCK
            }
            _ => false,
        })
        .count()
}

fn garbage() -> HashMap<u64, [u8; 512]> {
    let mut img = HashMap::new();
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for lba in 0..64u64 {
        let mut b = [0u8; 512];
        for v in b.iter_mut() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            *v = x as u8;
        }
        img.insert(lba, b);
    }
    img
}

/// An MBR (signature 0x55AA) whose only partition is Linux (type 0x83).
fn other_file_system() -> HashMap<u64, [u8; 512]> {
    let mut b = [0u8; 512];
    b[0x1BE + 4] = 0x83;
    b[0x1BE + 8..0x1BE + 12].copy_from_slice(&2048u32.to_le_bytes());
    b[0x1BE + 12..0x1BE + 16].copy_from_slice(&65536u32.to_le_bytes());
    b[510] = 0x55;
    b[511] = 0xAA;
    HashMap::from([(0u64, b)])
}

/// Opens the saves over `image`, loads every record and tries every kind of write.
fn exercise(image: HashMap<u64, [u8; 512]>) -> (Vec<Result<(), Problem>>, Rig, usize) {
    let (mut rig, buf) = Rig::new(0x1_0001);
    rig.sd.borrow_mut().image = image;
    let mut clock = rig.clock();
    let (mut saves, r) = Saves::open(&mut rig.ipc, &mut clock, buf);
    assert!(r.is_ok(), "the card itself starts: {r:?}");
    let mut bufs = Box::new([[0u8; MATCH_BYTES]; 2]);
    let mut out = vec![0u8; MATCH_BYTES + 512];
    let mut results = Vec::new();
    let mut first_reads = None;
    for kind in [Kind::Settings, Kind::Stats, Kind::Match] {
        results.push(
            saves
                .load(&mut rig.ipc, &mut clock, kind, &mut bufs)
                .map(|_| ()),
        );
        first_reads.get_or_insert(reads(&rig.seen()));
    }
    for kind in [Kind::Settings, Kind::Stats, Kind::Match] {
        let r = saves.save(&mut rig.ipc, &mut clock, kind, &mut out, |w| {
            w.bytes(&[7; 40])
        });
        results.push(r.map(|_| ()));
    }
    results.push(saves.delete_match(&mut rig.ipc, &mut clock));
    results.push(
        saves
            .add_record(&mut rig.ipc, &mut clock, b"game=senet\n")
            .map(|_| ()),
    );
    assert_eq!(saves.problem(), results.iter().rev().find_map(|r| r.err()));
    drop(clock);
    (results, rig, first_reads.unwrap_or(0))
}

fn reads(seen: &[Seen]) -> usize {
    seen.iter()
        .filter(|s| matches!(s, Seen::Ioctlv(req, _) if req[..4] == 0x12u32.to_be_bytes()))
        .count()
}

#[test]
fn a_card_without_a_fat_volume_turns_saving_off_and_is_never_written() {
    for (what, image) in [
        ("blank", HashMap::new()),
        ("garbage", garbage()),
        ("another file system", other_file_system()),
    ] {
        let before = image.clone();
        let (results, rig, first_reads) = exercise(image);
        assert!(
            results.iter().all(|r| *r == Err(Problem::Unformatted)),
            "{what}: {results:?}"
        );
        let seen = rig.seen();
        assert_eq!(writes(&seen), 0, "{what}: a write reached the card");
        assert!(rig.sd.borrow().image == before, "{what}: the image changed");
        // Only the first attempt reads the card (block 0); after it the card is put aside.
        assert!(first_reads > 0, "{what}: the card was looked at");
        assert_eq!(
            reads(&seen),
            first_reads,
            "{what}: after the first attempt the card is left alone"
        );
    }
}

#[test]
fn a_fat_card_takes_the_same_calls_and_is_written() {
    let (results, rig, _) = exercise(test_card::image(true));
    assert!(results.iter().all(|r| r.is_ok()), "{results:?}");
    assert!(writes(&rig.seen()) > 0);
}
