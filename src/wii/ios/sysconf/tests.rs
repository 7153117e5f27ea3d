//! Host tests of the SYSCONF reader: the file this Dolphin writes (committed beside this file),
//! images built per the documented format, damaged images, and the ISFS read over a fake IOS.

use super::*;
use crate::gfx::Aspect;
use crate::wii::ios::isfs::fake::{client, serving_clock, FakeNand};
use core::cell::RefCell;
use proptest::prelude::*;
use std::string::ToString;
use std::vec::Vec;

/// Written by Dolphin 5.0-17995 on its first Wii boot (its defaults: 16:9, PGS 0, E60 1, English).
const DOLPHIN: &[u8; SIZE] = include_bytes!("dolphin-5.0-17995.SYSCONF");

/// A SYSCONF image of `items` (name, type code, data) laid out as Dolphin's `SysConf::Save`
/// documents it: header, offsets plus a past-the-end offset, items, zeros, `SCed` footer.
fn build(items: &[(&str, u8, Vec<u8>)]) -> Vec<u8> {
    let mut body = Vec::new();
    let mut offsets = Vec::new();
    let start = 6 + 2 * (items.len() + 1);
    for (name, code, data) in items {
        offsets.push((start + body.len()) as u16);
        body.push(code << 5 | (name.len() as u8 - 1));
        body.extend_from_slice(name.as_bytes());
        match code {
            1 => body.extend_from_slice(&(data.len() as u16 - 1).to_be_bytes()),
            2 => body.push(data.len() as u8 - 1),
            _ => {}
        }
        body.extend_from_slice(data);
    }
    offsets.push((start + body.len()) as u16);
    let mut image = Vec::from(*b"SCv0");
    image.extend_from_slice(&(items.len() as u16).to_be_bytes());
    for o in offsets {
        image.extend_from_slice(&o.to_be_bytes());
    }
    image.extend_from_slice(&body);
    image.resize(SIZE - 4, 0);
    image.extend_from_slice(b"SCed");
    image
}

/// The items of an image, in the builder's terms.
fn items_of(conf: &SysConf<'_>) -> Vec<(std::string::String, u8, Vec<u8>)> {
    conf.items()
        .map(|item| {
            let (code, data) = match item.value {
                Value::BigArray(d) => (1, d.to_vec()),
                Value::SmallArray(d) => (2, d.to_vec()),
                Value::Byte(b) => (3, std::vec![b]),
                Value::Short(v) => (4, v.to_be_bytes().to_vec()),
                Value::Long(v) => (5, v.to_be_bytes().to_vec()),
                Value::LongLong(v) => (6, v.to_be_bytes().to_vec()),
                Value::Bool(b) => (7, std::vec![u8::from(b)]),
            };
            (
                std::string::String::from_utf8_lossy(item.name).into_owned(),
                code,
                data,
            )
        })
        .collect()
}

fn ipl(items: &[(&str, u8)]) -> Vec<u8> {
    let v: Vec<(&str, u8, Vec<u8>)> = items.iter().map(|&(n, b)| (n, 3, std::vec![b])).collect();
    build(&v)
}

/// The image with the one-byte value of `name` replaced.
fn with_byte(image: &[u8], name: &str, value: u8) -> Vec<u8> {
    let conf = SysConf::parse(image).expect("valid");
    let items: Vec<_> = items_of(&conf)
        .into_iter()
        .map(|(n, c, d)| {
            if n == name {
                (n, c, std::vec![value])
            } else {
                (n, c, d)
            }
        })
        .collect();
    let refs: Vec<(&str, u8, Vec<u8>)> = items
        .iter()
        .map(|(n, c, d)| (n.as_str(), *c, d.clone()))
        .collect();
    build(&refs)
}

#[test]
fn dolphins_own_file_reads_as_16_9_interlaced_pal60_english() {
    let s = parse(DOLPHIN).expect("Dolphin's SYSCONF is valid");
    assert_eq!(s.aspect, Aspect::Wide);
    assert!(!s.progressive);
    assert!(s.pal60);
    assert_eq!(s.language, Language::English);
    assert!(s.defaulted.is_empty());
    assert_eq!(
        s.to_string(),
        "aspect=16:9 progressive=0 pal60=1 lang=en bar=above ir_sens=3 rumble=1"
    );
}

#[test]
fn dolphins_file_holds_its_28_default_items_with_the_documented_types() {
    let conf = SysConf::parse(DOLPHIN).expect("valid");
    assert_eq!(conf.len(), 28);
    assert_eq!(conf.get("IPL.AR"), Some(Value::Byte(1)));
    assert_eq!(conf.get("IPL.CD"), Some(Value::Bool(false)));
    assert_eq!(conf.get("BT.SENS"), Some(Value::Long(3)));
    match conf.get("BT.DINF") {
        Some(Value::BigArray(d)) => assert_eq!(d.len(), 0x461),
        other => panic!("BT.DINF is {other:?}"),
    }
    match conf.get("IPL.NIK") {
        Some(Value::SmallArray(d)) => assert_eq!(&d[..4], &[0, b'd', 0, b'o']),
        other => panic!("IPL.NIK is {other:?}"),
    }
    assert_eq!(conf.get("IPL.NOPE"), None);
}

#[test]
fn the_documented_layout_rebuilds_dolphins_file_byte_for_byte() {
    let conf = SysConf::parse(DOLPHIN).expect("valid");
    let items = items_of(&conf);
    let refs: Vec<(&str, u8, Vec<u8>)> = items
        .iter()
        .map(|(n, c, d)| (n.as_str(), *c, d.clone()))
        .collect();
    assert!(build(&refs) == DOLPHIN.to_vec(), "rebuilt image differs");
}

#[test]
fn aspect_zero_is_4_3_and_language_four_is_spanish() {
    let image = with_byte(&with_byte(DOLPHIN, "IPL.AR", 0), "IPL.LNG", 4);
    let s = parse(&image).expect("valid");
    assert_eq!(s.aspect, Aspect::Standard);
    assert_eq!(s.language, Language::Spanish);
    assert_eq!(
        s.to_string(),
        "aspect=4:3 progressive=0 pal60=1 lang=es bar=above ir_sens=3 rumble=1"
    );
}

#[test]
fn progressive_and_pal60_follow_their_bytes() {
    let s = parse(&ipl(&[
        ("IPL.PGS", 1),
        ("IPL.E60", 0),
        ("IPL.AR", 0),
        ("IPL.LNG", 1),
    ]))
    .expect("valid");
    assert!(s.progressive);
    assert!(!s.pal60);
    for k in [Key::Aspect, Key::Progressive, Key::Pal60, Key::Language] {
        assert!(!s.defaulted.contains(k), "{k:?}");
    }
}

#[test]
fn missing_keys_take_the_defaults_and_are_named() {
    let s = parse(&ipl(&[("IPL.AR", 1)])).expect("valid");
    assert_eq!(s.aspect, Aspect::Wide);
    assert_eq!(
        (s.progressive, s.pal60, s.language),
        (false, false, Language::English)
    );
    assert!(!s.defaulted.contains(Key::Aspect));
    assert!(s.defaulted.contains(Key::Progressive));
    assert!(s.defaulted.contains(Key::Language));
    assert_eq!(
        s.to_string(),
        "aspect=16:9 progressive=0 pal60=0 lang=en bar=above ir_sens=3 rumble=1 defaults=IPL.PGS,IPL.E60,IPL.LNG,BT.BAR,BT.SENS,BT.MOT"
    );
    let empty = parse(&build(&[])).expect("an empty table is valid");
    assert_eq!(
        Settings {
            defaulted: Defaulted::default(),
            ..empty
        },
        Settings::DEFAULT
    );
}

#[test]
fn a_key_of_the_wrong_type_or_an_unknown_value_takes_the_default() {
    let image = build(&[
        ("IPL.AR", 5, std::vec![0, 0, 0, 1]),
        ("IPL.PGS", 3, std::vec![2]),
        ("IPL.E60", 7, std::vec![1]),
        ("IPL.LNG", 3, std::vec![42]),
    ]);
    let s = parse(&image).expect("valid file");
    assert_eq!(s.aspect, Aspect::Standard);
    assert!(s.defaulted.contains(Key::Aspect));
    assert!(s.defaulted.contains(Key::Progressive));
    assert!(s.pal60, "a bool item is accepted for a flag");
    assert!(!s.defaulted.contains(Key::Pal60));
    assert!(s.defaulted.contains(Key::Language));
}

#[test]
fn a_sensor_bar_below_the_tv_and_the_ir_sensitivity_come_from_bt_bar_and_bt_sens() {
    // libogc conf.c: BT.BAR is one byte (0 below, 1 above), BT.SENS four bytes (level).
    let below = build(&[
        ("BT.BAR", 3, std::vec![0]),
        ("BT.SENS", 5, std::vec![0, 0, 0, 5]),
    ]);
    let s = parse(&below).expect("valid");
    assert_eq!(s.sensor_bar, SensorBar::Below);
    assert_eq!(s.ir_sensitivity, 5);
    assert!(!s.defaulted.contains(Key::SensorBar) && !s.defaulted.contains(Key::IrSensitivity));
    let dolphin = parse(DOLPHIN).expect("valid");
    assert_eq!(
        (dolphin.sensor_bar, dolphin.ir_sensitivity),
        (SensorBar::Above, 3)
    );
    let image = with_byte(DOLPHIN, "BT.BAR", 0);
    assert_eq!(parse(&image).expect("valid").sensor_bar, SensorBar::Below);
}

#[test]
fn an_ir_sensitivity_outside_1_to_5_or_of_the_wrong_size_takes_the_default() {
    for bad in [
        build(&[("BT.SENS", 5, std::vec![0, 0, 0, 9])]),
        build(&[("BT.SENS", 5, std::vec![0, 0, 0, 0])]),
        build(&[("BT.SENS", 3, std::vec![4])]),
        build(&[("BT.BAR", 3, std::vec![2])]),
    ] {
        let s = parse(&bad).expect("valid file");
        assert_eq!((s.sensor_bar, s.ir_sensitivity), (SensorBar::Above, 3));
    }
}

#[test]
fn the_first_of_two_items_with_one_name_wins() {
    let s = parse(&ipl(&[("IPL.AR", 0), ("IPL.AR", 1)])).expect("valid");
    assert_eq!(s.aspect, Aspect::Standard);
}

#[test]
fn a_truncated_or_padded_file_is_a_size_error() {
    assert_eq!(
        parse(&DOLPHIN[..100]),
        Err(Error::Format(FormatError::BadSize(100)))
    );
    assert_eq!(
        parse(&DOLPHIN[..SIZE - 1]),
        Err(Error::Format(FormatError::BadSize(SIZE - 1)))
    );
    assert_eq!(parse(&[]), Err(Error::Format(FormatError::BadSize(0))));
    let mut long = DOLPHIN.to_vec();
    long.push(0);
    assert_eq!(
        parse(&long),
        Err(Error::Format(FormatError::BadSize(SIZE + 1)))
    );
}

#[test]
fn a_wrong_magic_is_rejected() {
    let mut image = DOLPHIN.to_vec();
    image[3] = b'1';
    assert_eq!(
        parse(&image),
        Err(Error::Format(FormatError::BadMagic(*b"SCv1")))
    );
}

#[test]
fn an_item_count_whose_table_overruns_is_rejected() {
    let mut image = DOLPHIN.to_vec();
    image[4..6].copy_from_slice(&0x3000u16.to_be_bytes());
    assert_eq!(
        parse(&image),
        Err(Error::Format(FormatError::BadCount(0x3000)))
    );
}

#[test]
fn offsets_into_the_header_or_past_the_end_are_rejected() {
    let mut image = DOLPHIN.to_vec();
    image[8..10].copy_from_slice(&0x4000u16.to_be_bytes());
    assert_eq!(
        parse(&image),
        Err(Error::Format(FormatError::BadOffset {
            index: 1,
            offset: 0x4000
        }))
    );
    image[8..10].copy_from_slice(&4u16.to_be_bytes());
    assert_eq!(
        parse(&image),
        Err(Error::Format(FormatError::BadOffset {
            index: 1,
            offset: 4
        }))
    );
}

#[test]
fn an_unknown_item_type_is_rejected() {
    let mut image = ipl(&[("IPL.AR", 1)]);
    let at = usize::from(u16::from_be_bytes([image[6], image[7]]));
    image[at] &= 0x1F; // type 0
    assert_eq!(
        parse(&image),
        Err(Error::Format(FormatError::BadType { index: 0, code: 0 }))
    );
}

#[test]
fn an_array_running_past_the_end_is_rejected() {
    let mut image = build(&[("BT.DINF", 1, std::vec![0; 16])]);
    let at = usize::from(u16::from_be_bytes([image[6], image[7]]));
    image[at + 8..at + 10].copy_from_slice(&0x7000u16.to_be_bytes());
    assert_eq!(
        parse(&image),
        Err(Error::Format(FormatError::Overrun {
            index: 0,
            offset: at as u16
        }))
    );
}

proptest! {
    #[test]
    fn damaged_images_give_settings_or_an_error_never_a_panic(
        flips in proptest::collection::vec((0usize..0x1830, any::<u8>()), 1..24),
    ) {
        let mut image = DOLPHIN.to_vec();
        for (at, b) in flips {
            image[at] = b;
        }
        let _ = parse(&image);
    }

    #[test]
    fn random_item_tables_give_settings_or_an_error_never_a_panic(
        count in 0u16..40,
        offsets in proptest::collection::vec(0u16..0x4010, 40),
        fill in any::<u8>(),
    ) {
        let mut image = std::vec![fill; SIZE];
        image[..4].copy_from_slice(b"SCv0");
        image[4..6].copy_from_slice(&count.to_be_bytes());
        for (k, o) in offsets.iter().enumerate() {
            image[6 + 2 * k..8 + 2 * k].copy_from_slice(&o.to_be_bytes());
        }
        let _ = parse(&image);
    }
}

#[test]
fn settings_are_read_from_the_nand_through_isfs() {
    let (mut ipc, m) = client();
    let nand = RefCell::new(FakeNand::with(PATH, DOLPHIN));
    let s = read_settings(&mut ipc, &mut serving_clock(&nand, &m)).expect("read");
    assert_eq!(s.aspect, Aspect::Wide);
    assert_eq!(nand.borrow().closes, 1);
    assert!(
        m.borrow().violations.is_empty(),
        "{:?}",
        m.borrow().violations
    );
}

#[test]
fn a_console_without_the_file_reports_not_found() {
    let (mut ipc, m) = client();
    let nand = RefCell::new(FakeNand::with("/other", DOLPHIN));
    let e = read_settings(&mut ipc, &mut serving_clock(&nand, &m));
    assert_eq!(e, Err(Error::Read(IsfsError::NotFound)));
}

#[test]
fn a_short_file_on_the_nand_is_a_size_error() {
    let (mut ipc, m) = client();
    let nand = RefCell::new(FakeNand::with(PATH, &DOLPHIN[..5000]));
    let e = read_settings(&mut ipc, &mut serving_clock(&nand, &m));
    assert_eq!(e, Err(Error::Format(FormatError::BadSize(5000))));
}

#[test]
fn the_rumble_setting_comes_from_bt_mot_and_a_bad_value_keeps_it_on() {
    // libogc conf.c `CONF_GetPadMotorMode`: BT.MOT is one byte, 0 off, 1 on.
    let dolphin = parse(DOLPHIN).expect("valid");
    assert!(dolphin.rumble && !dolphin.defaulted.contains(Key::Motor));
    let off = parse(&with_byte(DOLPHIN, "BT.MOT", 0)).expect("valid");
    assert!(!off.rumble && !off.defaulted.contains(Key::Motor));
    assert!(off.to_string().contains(" rumble=0"), "{off}");
    for bad in [
        build(&[("BT.MOT", 3, std::vec![2])]),
        build(&[("BT.MOT", 5, std::vec![0, 0, 0, 0])]),
        build(&[]),
    ] {
        let s = parse(&bad).expect("valid file");
        assert!(s.rumble && s.defaulted.contains(Key::Motor));
    }
}

#[test]
fn ipl_idl_says_idle_or_standby_as_libogc_reads_it() {
    // IPL.IDL: a small array of two bytes (libogc conf.c CONF_GetShutdownMode / IdleLedMode).
    let idle = parse(&build(&[("IPL.IDL", 2, std::vec![1, 2])])).expect("valid");
    assert_eq!(idle.power, PowerOff::Idle { led: Some(2) });
    let standby = parse(&build(&[("IPL.IDL", 2, std::vec![0, 1])])).expect("valid");
    assert_eq!(standby.power, PowerOff::Standby);
    let short = parse(&build(&[("IPL.IDL", 2, std::vec![1])])).expect("valid");
    assert_eq!(short.power, PowerOff::Standby, "not two bytes: standby");
    let wrong_type = parse(&build(&[("IPL.IDL", 3, std::vec![1])])).expect("valid");
    assert_eq!(wrong_type.power, PowerOff::Standby);
    // Dolphin's own file says which; the log line is the same as before either way.
    let dolphin = parse(DOLPHIN).expect("Dolphin's file");
    assert!(!dolphin.to_string().contains("IDL"));
    std::println!("Dolphin 5.0-17995 IPL.IDL: {:?}", dolphin.power);
}
