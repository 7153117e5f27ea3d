//! Host tests of the FAT layer over an in-memory FAT32 card (`test_card`): the game folder is
//! found by its long name, files round-trip, rewrites truncate, records rotate, and a write cut
//! off mid-way leaves the other save slot readable.

use super::test_card::{cluster_block, image, MemCard, GAME_DIR_CLUSTER};
use super::*;
use std::vec::Vec;

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn the_game_folder_is_found_by_its_long_name_and_files_round_trip() {
    let card = MemCard::new(image(true));
    let data: Vec<u8> = (0..3000).map(|i| (i % 253) as u8).collect();
    {
        let f = GameFolder::open(&card).expect("opens");
        f.write("SET_A.BIN", &data).expect("written");
        f.close().expect("closed");
    }
    let dir = card.img.borrow()[&cluster_block(GAME_DIR_CLUSTER)];
    assert!(
        contains(&dir, b"SET_A   BIN"),
        "entry is in apps/senas-senet"
    );
    let f = GameFolder::open(&card).expect("opens again");
    let mut buf = [0u8; 4096];
    assert_eq!(f.read("SET_A.BIN", &mut buf).expect("read"), Some(3000));
    assert_eq!(&buf[..3000], &data[..]);
    assert_eq!(f.read("SET_B.BIN", &mut buf).expect("read"), None);
}

#[test]
fn an_empty_card_gets_apps_and_the_short_folder() {
    let card = MemCard::new(image(false));
    {
        let f = GameFolder::open(&card).expect("opens");
        f.write("STAT_A.BIN", b"hello").expect("written");
        f.close().expect("closed");
    }
    let f = GameFolder::open(&card).expect("opens again");
    let mut buf = [0u8; 16];
    assert_eq!(f.read("STAT_A.BIN", &mut buf).expect("read"), Some(5));
    let all: Vec<u8> = card.img.borrow().values().flatten().copied().collect();
    assert!(contains(&all, b"APPS       "));
    assert!(contains(&all, b"SENASSEN   "));
}

#[test]
fn a_rewrite_replaces_the_whole_file_and_delete_removes_it() {
    let card = MemCard::new(image(true));
    let f = GameFolder::open(&card).expect("opens");
    f.write("MATCH_A.BIN", &[7u8; 5000]).expect("long");
    f.write("MATCH_A.BIN", &[9u8; 100]).expect("short");
    let mut buf = [0u8; 6000];
    assert_eq!(f.read("MATCH_A.BIN", &mut buf).expect("read"), Some(100));
    assert!(buf[..100].iter().all(|&b| b == 9));
    f.delete("MATCH_A.BIN").expect("deleted");
    f.delete("MATCH_A.BIN").expect("missing is fine");
    assert_eq!(f.read("MATCH_A.BIN", &mut buf).expect("read"), None);
}

#[test]
fn a_file_longer_than_the_buffer_reads_as_too_long() {
    let card = MemCard::new(image(true));
    let f = GameFolder::open(&card).expect("opens");
    f.write("SET_A.BIN", &[1u8; 600]).expect("written");
    let mut buf = [0u8; 512];
    assert_eq!(f.read("SET_A.BIN", &mut buf).expect("read"), Some(512));
}

#[test]
fn match_records_keep_the_newest_twenty() {
    let card = MemCard::new(image(true));
    let f = GameFolder::open(&card).expect("opens");
    for k in 1..=23u32 {
        let name = f
            .add_record(std::format!("game=senas n={k}\n").as_bytes())
            .expect("record");
        assert_eq!(name.as_str(), std::format!("M{k:07}.TXT"));
    }
    let numbers = f.records().expect("listed");
    assert_eq!(
        numbers.as_slice(),
        (4..=23).collect::<Vec<u32>>().as_slice()
    );
    let mut buf = [0u8; 64];
    let n = f.read_record(23, &mut buf).expect("read").expect("exists");
    assert_eq!(&buf[..n], b"game=senas n=23\n");
    assert_eq!(f.read_record(3, &mut buf).expect("read"), None);
}

#[test]
fn a_card_pulled_mid_save_leaves_the_other_slot_readable() {
    let card = MemCard::new(image(true));
    let first = Settings {
        sfx_volume: 3,
        ..Settings::default()
    };
    let mut rec = [0u8; 64];
    {
        let f = GameFolder::open(&card).expect("opens");
        let n = encode_with(Kind::Settings, 1, &mut rec, |w| first.write(w)).expect("fits");
        f.write("SET_A.BIN", &rec[..n]).expect("written");
        f.close().expect("closed");
    }
    // The second save goes to slot B; the card goes away after one more block write.
    card.fail_after.set(Some(card.writes.get() + 1));
    {
        let f = GameFolder::open(&card).expect("opens");
        let second = Settings::default();
        let n = encode_with(Kind::Settings, 2, &mut rec, |w| second.write(w)).expect("fits");
        assert!(f.write("SET_B.BIN", &rec[..n]).is_err());
    }
    card.fail_after.set(None);
    let f = GameFolder::open(&card).expect("opens");
    let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
    let na = f.read("SET_A.BIN", &mut a).expect("read a");
    let nb = f.read("SET_B.BIN", &mut b).expect("read b");
    let p = pick(na.map(|n| &a[..n]), nb.map(|n| &b[..n]), Kind::Settings);
    let (slot, env) = p.newest.expect("slot A survives");
    assert_eq!(slot, SlotName::A);
    assert_eq!(payload(&env, Settings::read), Ok(first));
}

#[test]
fn a_card_without_a_partition_table_is_read_and_written_too() {
    use super::test_card::superfloppy;
    let card = MemCard::new(superfloppy(true));
    {
        let f = GameFolder::open(&card).expect("opens a superfloppy");
        f.write("SET_A.BIN", b"settings").expect("written");
        f.close().expect("closed");
    }
    // Nothing was written at block 0 but the boot sector, untouched.
    assert_eq!(&card.img.borrow()[&0][0x52..0x5A], b"FAT32   ");
    let f = GameFolder::open(&card).expect("opens again");
    let mut buf = [0u8; 16];
    assert_eq!(f.read("SET_A.BIN", &mut buf).expect("read"), Some(8));
    // The file sits in apps/senas-senet, at the same place in the volume as on the MBR card.
    let dir = card.img.borrow()
        [&(cluster_block(GAME_DIR_CLUSTER) - u64::from(super::test_card::PART_START))];
    assert!(contains(&dir, b"SET_A   BIN"));
}

#[test]
fn a_card_with_an_mbr_is_not_taken_for_a_superfloppy() {
    let img = image(false);
    assert_eq!(super::superfloppy_blocks(&img[&0]), None);
    assert!(super::superfloppy_blocks(&img[&u64::from(super::test_card::PART_START)]).is_some());
}
