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
        .write_file(
            &mut rig.ipc,
            &mut clock,
            "SELFTEST.TXT",
            b"senas-selftest 1\n",
        )
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

#[test]
fn the_cache_probe_reads_the_sentinel_then_what_the_copy_wrote() {
    use crate::wii::xfb::Xfb;
    let mut xfb: std::boxed::Box<Xfb> = std::boxed::Box::new(Xfb::zeroed());
    let m = xfb_prime(&mut xfb);
    assert_eq!(
        m,
        Measure::XfbPrime {
            sentinel: XFB_SENTINEL,
            read: XFB_SENTINEL
        }
    );
    let mut r = Report::new();
    assert_eq!(facts_of(Probe::XfbPrime, &m, &mut r), Verdict::Pass);
    // The "GPU" writes the background's word (on the host there is no cache to keep the old
    // line, so both reads see it, as in Dolphin without cache emulation).
    let bg = crate::wii::yuv::solid(22, 38, 52);
    *xfb.word_mut(XFB_PROBE_WORD).unwrap() = bg;
    let m = xfb_copy(&xfb, bg);
    assert_eq!(facts_of(Probe::XfbCopy, &m, &mut r), Verdict::Pass);
    assert_eq!(r.get("xfb.cache_kept_old"), Some("0"));
    assert_eq!(r.get("xfb.max_diff"), Some("0"));
    // A copy that never reached memory leaves the sentinel: a failure.
    *xfb.word_mut(XFB_PROBE_WORD).unwrap() = XFB_SENTINEL;
    let m = xfb_copy(&xfb, bg);
    assert_eq!(facts_of(Probe::XfbCopy, &m, &mut r), Verdict::Fail);
}

#[test]
fn the_efb_probe_cannot_run_without_an_efb() {
    // On the host no peek reaches an EFB: the probe says so rather than reading zeros.
    assert_eq!(efb_pattern(true), Measure::Unavailable);
}
