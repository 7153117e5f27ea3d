//! Host tests of the self-test's SD probe over the fake IOS and SD slot: a FAT card takes the
//! pattern, gives it back and keeps no test file; no card is said as such; the CPU loop's
//! checksum is the pinned answer.

use super::*;
use crate::save::{test_card, SavePlace};
use crate::selftest::facts::{sd_pattern_crc, CPU_EXPECTED};
use crate::selftest::{facts_of, Probe, Report, Verdict};
use crate::wii::ios::sd::tests::Rig;

fn place() -> SavePlace {
    SavePlace::choose(Err(crate::save::ArgvError::NoArgv))
}

#[test]
fn a_fat_card_reads_the_pattern_back_and_keeps_no_test_file() {
    let (mut rig, buf) = Rig::new(0x1_0001);
    rig.sd.borrow_mut().image = test_card::image(true);
    let mut clock = rig.clock();
    let (mut saves, r) = Saves::open(&mut rig.ipc, &mut clock, buf, place());
    assert!(r.is_ok());
    let m = sd_probe(&mut saves, &mut rig.ipc, &mut clock);
    let Measure::Sd {
        written,
        wrote_crc,
        read_crc,
        ..
    } = m
    else {
        panic!("{m:?}")
    };
    assert_eq!(written, SD_PATTERN_LEN as u32);
    assert_eq!(wrote_crc, Some(sd_pattern_crc()));
    assert_eq!(read_crc, Some(sd_pattern_crc()));
    let mut r = Report::new();
    assert_eq!(facts_of(Probe::Sd, &m, &mut r), Verdict::Pass);
    let mut back = [0u8; 16];
    assert_eq!(
        saves.read_file(&mut rig.ipc, &mut clock, SD_TEST_FILE, &mut back),
        Ok(None),
        "the test file is removed"
    );
    // The report file is written beside the saves and reads back.
    saves
        .write_file(&mut rig.ipc, &mut clock, "SELFTEST.TXT", b"senas-selftest 1\n")
        .expect("written");
    let mut text = [0u8; 64];
    let n = saves
        .read_file(&mut rig.ipc, &mut clock, "SELFTEST.TXT", &mut text)
        .expect("reads")
        .expect("exists");
    assert_eq!(&text[..n], b"senas-selftest 1\n");
}

#[test]
fn a_card_without_fat_fails_the_write_and_no_card_is_none() {
    let (mut rig, buf) = Rig::new(0x1_0001);
    let mut clock = rig.clock();
    let (mut saves, _) = Saves::open(&mut rig.ipc, &mut clock, buf, place());
    let m = sd_probe(&mut saves, &mut rig.ipc, &mut clock);
    let mut r = Report::new();
    assert_eq!(facts_of(Probe::Sd, &m, &mut r), Verdict::Fail);
    assert_eq!(r.get("sd.readback"), Some("write_failed"));
}

#[test]
fn the_cpu_loop_gives_the_pinned_checksum() {
    let Measure::Cpu { checksum, .. } = cpu_loop(|| 0) else {
        panic!()
    };
    assert_eq!(checksum, CPU_EXPECTED);
}
