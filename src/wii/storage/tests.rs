//! Host tests of the save glue over the fake IOS and the fake SD slot (`sd::fake`): a card
//! whose image holds no FAT volume (blank, garbage, a partition of another file system) turns
//! saving off as `Problem::Unformatted`, and no write command ever reaches it; a FAT card takes
//! the same calls and is written.

use super::*;
use crate::save::{test_card, Kind, MATCH_BYTES};
use crate::wii::ios::sd::fake::Seen;
use crate::wii::ios::sd::tests::Rig;
use std::boxed::Box;
use std::collections::HashMap;
use std::vec;
use std::vec::Vec;

fn default_place() -> SavePlace {
    SavePlace::choose(Err(crate::save::ArgvError::NoArgv))
}

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
    let (mut saves, r) = Saves::open(&mut rig.ipc, &mut clock, buf, default_place());
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

fn load_match(saves: &mut Saves, rig: &mut Rig) -> (Option<Vec<u8>>, [bool; 2]) {
    let mut clock = rig.clock();
    let mut bufs = Box::new([[0u8; MATCH_BYTES]; 2]);
    let f = saves
        .load(&mut rig.ipc, &mut clock, Kind::Match, &mut bufs)
        .expect("loads");
    (
        f.record.map(|e| e.payload.to_vec()),
        [f.refused[0].is_some(), f.refused[1].is_some()],
    )
}

/// Steps the write in progress until it ends; returns the steps taken and the result.
fn finish(saves: &mut Saves, rig: &mut Rig, buf: &[u8]) -> (usize, Result<Written, Problem>) {
    let mut clock = rig.clock();
    for n in 1..100 {
        if let Some(r) = saves.step(&mut rig.ipc, &mut clock, buf, 2048) {
            return (n, r);
        }
    }
    panic!("the write never ended");
}

#[test]
fn a_match_save_is_written_a_piece_per_step_and_a_cut_one_leaves_the_previous_save() {
    let (mut rig, dma) = Rig::new(0x1_0001);
    rig.sd.borrow_mut().image = test_card::image(true);
    let (mut saves, _) = {
        let mut clock = rig.clock();
        Saves::open(&mut rig.ipc, &mut clock, dma, default_place())
    };
    assert_eq!(load_match(&mut saves, &mut rig).0, None);
    let mut buf = vec![0u8; MATCH_BYTES + 512];
    let len = saves
        .begin_match(&mut buf, |w| w.bytes(&[1; 5000]))
        .expect("framed");
    assert!(saves.busy());
    let (steps, r) = finish(&mut saves, &mut rig, &buf);
    assert_eq!(r, Ok(Written::Match(len)));
    assert_eq!(steps, len.div_ceil(2048), "one 2 KiB piece per step");
    assert!(!saves.busy());
    assert_eq!(load_match(&mut saves, &mut rig).0, Some(vec![1; 5000]));

    // The next save is cut after its first piece (the console switched off): the file holds
    // a prefix, refused, and the previous save is still the one read.
    saves
        .begin_match(&mut buf, |w| w.bytes(&[2; 5000]))
        .expect("framed");
    {
        let mut clock = rig.clock();
        assert_eq!(saves.step(&mut rig.ipc, &mut clock, &buf, 2048), None);
    }
    let (payload, refused) = load_match(&mut saves, &mut rig);
    assert_eq!(payload, Some(vec![1; 5000]), "the previous save survives");
    assert_eq!(refused, [false, true], "the cut slot B is refused");
    // Framing again replaces the write in progress (same slot), which then completes.
    let len = saves
        .begin_match(&mut buf, |w| w.bytes(&[3; 4000]))
        .expect("framed");
    assert_eq!(
        finish(&mut saves, &mut rig, &buf).1,
        Ok(Written::Match(len))
    );
    assert_eq!(load_match(&mut saves, &mut rig).0, Some(vec![3; 4000]));
}

#[test]
fn a_match_record_is_written_in_pieces_and_deleting_the_match_drops_its_write() {
    let (mut rig, dma) = Rig::new(0x10_0001);
    rig.sd.borrow_mut().image = test_card::image(true);
    let (mut saves, _) = {
        let mut clock = rig.clock();
        Saves::open(&mut rig.ipc, &mut clock, dma, default_place())
    };
    let mut buf = vec![0u8; MATCH_BYTES + 512];
    saves
        .begin_match(&mut buf, |w| w.bytes(&[5; 3000]))
        .expect("framed");
    {
        let mut clock = rig.clock();
        assert_eq!(saves.step(&mut rig.ipc, &mut clock, &buf, 2048), None);
        saves
            .delete_match(&mut rig.ipc, &mut clock)
            .expect("deleted");
    }
    assert!(!saves.busy(), "the match's write ended with the match");
    assert_eq!(load_match(&mut saves, &mut rig), (None, [false, false]));
    // A record of 7000 bytes: four pieces, read back whole.
    let text: Vec<u8> = (0..7000u32).map(|i| b'a' + (i % 26) as u8).collect();
    buf[..text.len()].copy_from_slice(&text);
    saves.begin_record(text.len()).expect("begun");
    assert_eq!(
        saves.begin_match(&mut buf[8000..], |w| w.bytes(&[1; 10])),
        Err(Problem::Busy),
        "a match save waits for the record"
    );
    let (steps, r) = finish(&mut saves, &mut rig, &buf);
    // The name, four pieces, the clean-up.
    assert_eq!((steps, r), (6, Ok(Written::Record(7000))));
    let mut clock = rig.clock();
    let dev = SdBlocks::new(&mut rig.ipc, saves.card.as_mut().expect("card"), &mut clock);
    let f = GameFolder::open(dev).expect("folder");
    assert_eq!(f.records().expect("records").as_slice(), &[1]);
    let mut back = vec![0u8; 8000];
    assert_eq!(f.read_record(1, &mut back).expect("read"), Some(7000));
    assert_eq!(&back[..7000], &text[..]);
}

#[test]
fn the_slot_file_names_are_the_ones_the_copy_of_older_saves_knows() {
    let flat: Vec<&str> = NAMES.iter().flatten().copied().collect();
    assert_eq!(flat, crate::save::SLOT_FILES);
}

#[test]
fn saves_go_to_the_folder_of_the_argv_and_older_saves_are_copied_there_first() {
    let (mut rig, dma) = Rig::new(0x1_0001);
    let mut img = test_card::image(true);
    {
        // Earlier versions' settings in apps/senas-senet.
        let card = test_card::MemCard::new(img);
        let f = GameFolder::open(&card).expect("default");
        f.write("SET_B.BIN", b"older").expect("w");
        f.close().expect("closed");
        img = card.img.into_inner();
    }
    rig.sd.borrow_mut().image = img;
    let place = SavePlace::choose(Ok(b"sd:/apps/senas-other/boot.dol\0"));
    let (mut saves, _) = {
        let mut clock = rig.clock();
        Saves::open(&mut rig.ipc, &mut clock, dma, place)
    };
    let (label, adopted) = {
        let mut clock = rig.clock();
        saves.prepare(&mut rig.ipc, &mut clock).expect("prepared")
    };
    assert_eq!(label.as_str(), "apps/senas-other");
    assert_eq!(adopted.files, 1);
    let mut out = vec![0u8; 4096];
    {
        let mut clock = rig.clock();
        saves
            .save(&mut rig.ipc, &mut clock, Kind::Stats, &mut out, |w| {
                w.bytes(&[9; 10])
            })
            .expect("saved");
    }
    let img = rig.sd.borrow().image.clone();
    let card = test_card::MemCard::new(img);
    let other = SavePlace::choose(Ok(b"sd:/apps/senas-other/boot.dol\0"));
    let f = GameFolder::open_at(&card, &other).expect("renamed");
    let mut buf = [0u8; 64];
    assert!(
        f.read("STAT_A.BIN", &mut buf).expect("r").is_some(),
        "written beside boot.dol"
    );
    assert_eq!(f.read("SET_B.BIN", &mut buf).expect("r"), Some(5), "copied");
    f.close().expect("closed");
    let f = GameFolder::open(&card).expect("default");
    assert_eq!(
        f.read("STAT_A.BIN", &mut buf).expect("r"),
        None,
        "not in the old folder"
    );
}
