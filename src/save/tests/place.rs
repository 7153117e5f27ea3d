//! Host tests of the loader's argv block (`argv.rs`) and of the folder chosen from it
//! (`place.rs`): empty, truncated and unterminated strings, the 1024-byte limit, odd names
//! (spaces, unicode, very long), `usb:` paths; then the FAT walk to a renamed folder and the
//! copy of older saves from `apps/senas-senet/` (`folder.rs`, `adopt.rs`) on the in-memory
//! card.

use super::test_card::{image, MemCard};
use super::*;
use std::format;
use std::string::ToString;
use std::vec::Vec;

const LINE_AT: u32 = 0x8133_0000 - 1024;

fn header(length: u32) -> ArgvHeader {
    ArgvHeader {
        magic: ARGV_MAGIC,
        command_line: LINE_AT,
        length,
    }
}

fn place(line: &[u8]) -> SavePlace {
    SavePlace::choose(Ok(line))
}

#[test]
fn the_homebrew_channels_block_gives_its_string_and_anything_else_is_refused() {
    // hbc loader_reloc.c set_argv: magic, LD_ARGS_ADDR (0x81330000 - 1024), the length.
    assert_eq!(header(24).command_line(), Ok((LINE_AT, 24)));
    let none = ArgvHeader {
        magic: 0,
        ..header(24)
    };
    assert_eq!(none.command_line(), Err(ArgvError::NoArgv));
    let null = ArgvHeader {
        command_line: 0,
        ..header(24)
    };
    assert_eq!(null.command_line(), Err(ArgvError::NoCommandLine));
    assert_eq!(header(0).command_line(), Err(ArgvError::Empty));
    assert_eq!(header(1024).command_line(), Ok((LINE_AT, 1024)));
    assert_eq!(header(1025).command_line(), Err(ArgvError::TooLong(1025)));
    let high = ArgvHeader {
        command_line: 0x817F_FF00,
        ..header(0x200)
    };
    assert_eq!(
        high.command_line(),
        Err(ArgvError::OutsideMemory(0x817F_FF00))
    );
    let wraps = ArgvHeader {
        command_line: 0xFFFF_FF00,
        ..header(0x200)
    };
    assert_eq!(
        wraps.command_line(),
        Err(ArgvError::OutsideMemory(0xFFFF_FF00))
    );
    let mem2 = ArgvHeader {
        command_line: 0x9000_0000,
        ..header(16)
    };
    assert!(mem2.command_line().is_err());
}

#[test]
fn arguments_are_the_pieces_between_nuls_and_a_missing_last_nul_is_tolerated() {
    let line = b"sd:/apps/x/boot.dol\0--fast\0";
    let all: Vec<&[u8]> = args(line).collect();
    assert_eq!(all, [&b"sd:/apps/x/boot.dol"[..], &b"--fast"[..]]);
    assert_eq!(first_arg(line), Some((&b"sd:/apps/x/boot.dol"[..], true)));
    let bare = b"sd:/apps/x/boot.dol";
    assert_eq!(first_arg(bare), Some((&bare[..], false)));
    assert_eq!(args(b"").count(), 0);
    assert_eq!(first_arg(b""), None);
    assert_eq!(first_arg(b"\0"), None);
}

#[test]
fn launched_from_sd_the_place_is_beside_boot_dol() {
    let p = place(b"sd:/apps/SenasSenet/boot.dol\0");
    assert_eq!((p.folder(), p.why), ("apps/SenasSenet", Why::Beside));
    assert!(!p.is_default());
    let p = place(b"sd:/apps/senas-senet/boot.dol\0");
    assert!(p.is_default());
    assert_eq!(p.why, Why::Beside);
    // Upper-case device, doubled slashes, an elf, meta.xml arguments after the path.
    let p = place(b"SD:/apps//Senas Senet 2/boot.elf\0--arg\0");
    assert_eq!(p.folder(), "apps/Senas Senet 2");
    let p = place(b"sd:/games/board/senas/boot.dol\0");
    assert_eq!(p.folder(), "games/board/senas");
    assert_eq!(
        p.components().collect::<Vec<_>>(),
        ["games", "board", "senas"]
    );
}

#[test]
fn odd_names_spaces_and_unicode_are_kept_as_they_are() {
    let p = place("sd:/apps/Señas & Senet ☥/boot.dol\0".as_bytes());
    assert_eq!(p.folder(), "apps/Señas & Senet ☥");
    assert_eq!(p.why, Why::Beside);
    assert_eq!(short_name("Señas & Senet ☥").as_str(), "SEASSENE");
}

#[test]
fn launched_from_usb_the_place_is_the_same_folder_name_under_the_sd_cards_apps() {
    let p = place(b"usb:/apps/SenasSenet/boot.dol\0");
    assert_eq!(p.folder(), "apps/SenasSenet");
    assert_eq!(p.why, Why::OtherDevice(Device::Usb));
    let p = place(b"usb:/games/x/Senas/boot.dol\0");
    assert_eq!(p.folder(), "apps/Senas");
    let p = place(b"carda:/apps/senas/boot.dol\0");
    assert_eq!(p.why, Why::OtherDevice(Device::Other));
}

#[test]
fn without_a_usable_path_the_place_is_the_default_folder_with_the_reason() {
    let cases: [(&[u8], Why); 8] = [
        (b"boot.dol\0", Why::BadPath(PathError::NoDevice)),
        (b"sd:/boot.dol\0", Why::BadPath(PathError::NoFolder)),
        (
            b"sd:/apps/../x/boot.dol\0",
            Why::BadPath(PathError::BadName),
        ),
        (b"sd:/apps/a?b/boot.dol\0", Why::BadPath(PathError::BadName)),
        (
            b"sd:/a/b/c/d/e/boot.dol\0",
            Why::BadPath(PathError::TooDeep),
        ),
        (
            b"sd:/apps/\xff\xfe/boot.dol\0",
            Why::BadPath(PathError::NotUtf8),
        ),
        (b":/apps/x/boot.dol\0", Why::BadPath(PathError::NoDevice)),
        (b"\0", Why::NoArgv(ArgvError::Empty)),
    ];
    for (line, why) in cases {
        let p = place(line);
        assert_eq!(
            p.why,
            why,
            "{:?}",
            std::string::String::from_utf8_lossy(line)
        );
        assert_eq!(p.folder(), DEFAULT_FOLDER);
    }
    let p = SavePlace::choose(Err(ArgvError::NoArgv));
    assert_eq!(
        (p.folder(), p.why),
        (DEFAULT_FOLDER, Why::NoArgv(ArgvError::NoArgv))
    );
}

#[test]
fn a_very_long_name_and_a_string_cut_at_the_1024_byte_limit_fall_back() {
    // A folder name of 250 bytes: a valid FAT long name, longer than the game keeps.
    let long = "n".repeat(250).to_string();
    let line = format!("sd:/apps/{long}/boot.dol\0");
    assert_eq!(place(line.as_bytes()).why, Why::BadPath(PathError::TooLong));
    // One that fits is kept whole.
    let fits = "m".repeat(200);
    let line = format!("sd:/apps/{fits}/boot.dol\0");
    assert_eq!(place(line.as_bytes()).folder(), format!("apps/{fits}"));
    // 1024 bytes with no NUL: the channel cut it; the path's end is unknown.
    let mut cut = b"sd:/apps/x/".to_vec();
    cut.resize(ARGS_MAX_LEN, b'y');
    assert_eq!(place(&cut).why, Why::BadPath(PathError::Truncated));
    // A shorter string without its NUL is whole (its length says where it ends).
    assert_eq!(place(b"sd:/apps/x/boot.dol").folder(), "apps/x");
    // 1024 bytes whose path is terminated early: the arguments were cut, not the path.
    let mut ok = b"sd:/apps/x/boot.dol\0".to_vec();
    ok.resize(ARGS_MAX_LEN, b'z');
    assert_eq!(place(&ok).folder(), "apps/x");
}

#[test]
fn the_short_name_of_the_default_folder_is_the_one_earlier_versions_made() {
    assert_eq!(short_name(LONG_NAME).as_str(), SHORT_NAME);
    assert_eq!(short_name("Senas Senet").as_str(), "SENASSEN");
    assert_eq!(short_name("ab").as_str(), "AB");
    assert_eq!(short_name("☥☥").as_str(), "SENASSEN");
}

fn all_bytes(card: &MemCard) -> Vec<u8> {
    let img = card.img.borrow();
    let mut keys: Vec<_> = img.keys().copied().collect();
    keys.sort_unstable();
    keys.iter().flat_map(|k| img[k]).collect()
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn a_renamed_folder_found_by_its_long_name_holds_the_saves() {
    // The test card holds apps/senas-senet (SENAS-~1) and apps/senas-other (SENAS-~2).
    let card = MemCard::new(image(true));
    let other = place(b"sd:/apps/senas-other/boot.dol\0");
    {
        let f = GameFolder::open_at(&card, &other).expect("opens");
        assert_eq!(f.label(), "apps/senas-other");
        f.write("SET_A.BIN", b"renamed").expect("written");
        f.close().expect("closed");
    }
    let mut buf = [0u8; 16];
    let f = GameFolder::open_at(&card, &other).expect("opens again");
    assert_eq!(f.read("SET_A.BIN", &mut buf).expect("read"), Some(7));
    f.close().expect("closed");
    let f = GameFolder::open(&card).expect("the default folder");
    assert_eq!(f.read("SET_A.BIN", &mut buf).expect("read"), None);
}

#[test]
fn a_missing_folder_is_created_under_its_short_name_and_found_again() {
    let card = MemCard::new(image(false));
    let p = place(b"usb:/apps/Senas Board/boot.dol\0");
    {
        let f = GameFolder::open_at(&card, &p).expect("opens");
        assert_eq!(f.label(), "apps/SENASBOA");
        f.write("STAT_A.BIN", b"x").expect("written");
        f.close().expect("closed");
    }
    assert!(contains(&all_bytes(&card), b"SENASBOA   "));
    let f = GameFolder::open_at(&card, &p).expect("opens again");
    assert_eq!(f.label(), "apps/SENASBOA");
    let mut buf = [0u8; 4];
    assert_eq!(f.read("STAT_A.BIN", &mut buf).expect("read"), Some(1));
}

#[test]
fn older_saves_in_the_default_folder_are_copied_once_and_left_in_place() {
    let card = MemCard::new(image(true));
    {
        let f = GameFolder::open(&card).expect("default");
        f.write("SET_A.BIN", b"old settings").expect("w");
        f.write("MATCH_B.BIN", b"old match").expect("w");
        f.add_record(b"record one").expect("r");
        f.add_record(b"record two").expect("r");
        f.close().expect("closed");
    }
    let other = place(b"sd:/apps/senas-other/boot.dol\0");
    let mut buf = [0u8; 32];
    {
        let f = GameFolder::open_at(&card, &other).expect("opens");
        let a = f.adopt_default(&other).expect("adopted");
        assert_eq!(
            a,
            Adopted {
                files: 2,
                records: 2
            }
        );
        assert_eq!(f.read("SET_A.BIN", &mut buf).expect("r"), Some(12));
        assert_eq!(&buf[..12], b"old settings");
        assert_eq!(f.read("MATCH_B.BIN", &mut buf).expect("r"), Some(9));
        assert_eq!(f.records().expect("records").as_slice(), &[1, 2]);
        assert_eq!(f.read_record(2, &mut buf).expect("r"), Some(10));
        assert_eq!(&buf[..10], b"record two");
        // The game then saves in its own folder; a second boot copies nothing again.
        f.write("SET_A.BIN", b"new").expect("w");
        assert_eq!(f.adopt_default(&other).expect("again"), Adopted::default());
        assert_eq!(f.read("SET_A.BIN", &mut buf).expect("r"), Some(3));
        f.close().expect("closed");
    }
    let f = GameFolder::open(&card).expect("default again");
    assert_eq!(
        f.read("SET_A.BIN", &mut buf).expect("r"),
        Some(12),
        "left in place"
    );
    assert_eq!(f.records().expect("records").len(), 2);
}

#[test]
fn nothing_is_copied_into_the_default_folder_itself_or_from_an_empty_one() {
    let card = MemCard::new(image(true));
    let default = place(b"sd:/apps/senas-senet/boot.dol\0");
    let f = GameFolder::open_at(&card, &default).expect("opens");
    assert_eq!(f.adopt_default(&default).expect("a"), Adopted::default());
    f.close().expect("closed");
    let other = place(b"sd:/apps/senas-other/boot.dol\0");
    let f = GameFolder::open_at(&card, &other).expect("opens");
    assert_eq!(f.adopt_default(&other).expect("a"), Adopted::default());
    f.close().expect("closed");
    // A card without the default folder: nothing to copy, and it is not created.
    let empty = MemCard::new(image(false));
    let f = GameFolder::open_at(&empty, &other).expect("opens");
    assert_eq!(f.adopt_default(&other).expect("a"), Adopted::default());
    f.close().expect("closed");
    assert!(!contains(&all_bytes(&empty), b"SENASSEN   "));
}
