//! The package tool end to end: a zip with the three files the Homebrew Channel reads.

use std::io::Read;
use std::process::Command;

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("senas-package-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn the_zip_holds_boot_dol_meta_xml_and_a_128x48_icon_under_apps() {
    let dir = scratch("ok");
    let dol: Vec<u8> = (0..0x400u32).map(|i| (i * 7) as u8).collect();
    std::fs::write(dir.join("game.dol"), &dol).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_package"))
        .args(["--dol", dir.join("game.dol").to_str().unwrap()])
        .args([
            "--out",
            dir.join("pkg").to_str().unwrap(),
            "--date",
            "20261129",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let file = std::fs::File::open(dir.join("pkg/senas-senet.zip")).unwrap();
    let mut zip = zip::ZipArchive::new(file).unwrap();
    let mut read = |name: &str| {
        let mut v = Vec::new();
        zip.by_name(name).unwrap().read_to_end(&mut v).unwrap();
        v
    };
    assert_eq!(read("apps/senas-senet/boot.dol"), dol);

    let meta = String::from_utf8(read("apps/senas-senet/meta.xml")).unwrap();
    assert!(meta.contains(&format!("<version>{}</version>", senas_senet::wii::VERSION)));
    assert!(meta.contains("<release_date>202611290000</release_date>"));
    assert!(meta.contains("<name>Senas &amp; Senet</name>"));
    // No <no_ios_reload/> nor <ahb_access/>: in HBC 1.1.x both only grant AHB access
    // (fail0verflow/hbc channel/channelapp/source/xml.c sets ahb_access for either), and the
    // game touches no AHB-protected register (docs/hardware.md, finding 15).
    assert!(!meta.contains("no_ios_reload"));
    assert!(!meta.contains("ahb_access"));
    use senas_senet::app::strings::{EN, ES};
    for s in [EN.meta_short, ES.meta_short, EN.meta_long, ES.meta_long] {
        assert!(
            meta.contains(s),
            "the strings tables' description {s:?} is in meta.xml"
        );
    }
    assert!(
        meta.contains("dados"),
        "the long description has a Spanish part"
    );
    assert!(!meta.contains('@'), "every placeholder is filled");

    let icon = read("apps/senas-senet/icon.png");
    let decoder = png::Decoder::new(icon.as_slice());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (128, 48));
    // The icon is drawn, not blank: its border is the wood colour and its middle differs.
    let px = |x: usize, y: usize| &buf[(y * 128 + x) * 4..(y * 128 + x) * 4 + 3];
    assert_eq!(px(0, 0), px(127, 47));
    let distinct: std::collections::HashSet<&[u8]> = (0..48)
        .flat_map(|y| (0..128).map(move |x| (x, y)))
        .map(|(x, y)| px(x, y))
        .collect();
    assert!(distinct.len() > 20, "only {} colours", distinct.len());
}

#[test]
fn a_missing_dol_is_a_clear_error_not_a_panic() {
    let dir = scratch("missing");
    let out = Command::new(env!("CARGO_BIN_EXE_package"))
        .args(["--dol", dir.join("nope.dol").to_str().unwrap()])
        .args(["--out", dir.join("pkg").to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot read"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_malformed_date_is_refused() {
    let dir = scratch("date");
    std::fs::write(dir.join("game.dol"), vec![0u8; 0x100]).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_package"))
        .args(["--dol", dir.join("game.dol").to_str().unwrap()])
        .args([
            "--out",
            dir.join("pkg").to_str().unwrap(),
            "--date",
            "nov29",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("YYYYMMDD"));
}
