//! The diff tool on files: the same report, a console that differs (its lines), a ranged
//! fact out of range, an older format's report against the reference, and malformed input (not a report, a bad line, binary bytes, a missing
//! file) giving a message and exit code 2, never a panic.

use selftest_diff::{diff, run};
use std::path::PathBuf;

const REFERENCE: &str = "senas-selftest 1\nmachine.kind=dolphin\nios.version=58\nbt.manufacturer=15\ncpu.us=20000\nsd.readback=match\n";

fn temp(name: &str, body: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("selftest-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p: PathBuf = dir.join(name);
    std::fs::write(&p, body).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn the_same_report_matches() {
    let r = temp("ref.txt", REFERENCE.as_bytes());
    let (out, code) = run(&[r.clone(), r.clone()], "unused");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("every fact matches"));
}

#[test]
fn a_console_that_differs_is_told_fact_by_fact() {
    let console = "senas-selftest 1\nmachine.kind=wii\nios.version=58\nbt.manufacturer=15\ncpu.us=31000\nsd.readback=differ\nbt.answered=1\n";
    let (c, r) = (
        temp("console.txt", console.as_bytes()),
        temp("ref2.txt", REFERENCE.as_bytes()),
    );
    let (out, code) = run(&[c, r], "unused");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("3 fact(s) differ"), "{out}");
    assert!(
        out.contains("  machine.kind: wii (reference dolphin)\n"),
        "{out}"
    );
    assert!(
        out.contains("  sd.readback: differ (reference match)\n"),
        "{out}"
    );
    assert!(
        out.contains("  bt.answered: 1 (not in the reference)\n"),
        "{out}"
    );
    assert!(
        !out.contains("cpu.us"),
        "a time within its range is not a difference: {out}"
    );
}

#[test]
fn a_time_out_of_its_range_and_a_missing_fact_are_differences() {
    let console =
        "senas-selftest 1\nmachine.kind=dolphin\nbt.manufacturer=15\ncpu.us=0\nsd.readback=match\n";
    let o = diff(console, "c", REFERENCE, "r").unwrap();
    assert_eq!(
        o.lines,
        vec![
            "ios.version: missing (reference 58)".to_string(),
            "cpu.us: 0 (expected a number in 1..=10000000)".to_string(),
        ]
    );
}

#[test]
fn malformed_input_is_a_clear_message_not_a_panic() {
    let r = temp("ref3.txt", REFERENCE.as_bytes());
    for (name, body, says) in [
        ("empty.txt", &b""[..], "not a self-test report"),
        ("other.txt", b"hello world\n", "not a self-test report"),
        (
            "newer.txt",
            b"senas-selftest 7\na=1\n",
            "report format 7 is not known",
        ),
        (
            "noeq.txt",
            b"senas-selftest 1\na=1\nbroken line\n",
            "line 3: no '='",
        ),
        (
            "dup.txt",
            b"senas-selftest 1\na=1\na=1\n",
            "line 3: this key was already given",
        ),
        (
            "bin.txt",
            b"\xff\xfe\x00\x01senas",
            "not a self-test report",
        ),
    ] {
        let c = temp(name, body);
        let (out, code) = run(&[c.clone(), r.clone()], "unused");
        assert_eq!(code, 2, "{name}: {out}");
        assert!(out.contains(says), "{name}: {out}");
        assert!(out.contains(&c), "{name} names the file: {out}");
    }
    let (out, code) = run(&["/nonexistent/SELFTEST.TXT".into()], &r);
    assert_eq!(code, 2);
    assert!(out.contains("cannot read"), "{out}");
    let (out, code) = run(&[], &r);
    assert_eq!(code, 2);
    assert!(out.starts_with("usage:"));
}

#[test]
fn the_committed_reference_parses() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/selftest/dolphin-5.0.txt"
    );
    let text = std::fs::read_to_string(path).expect("the reference is committed");
    let p = senas_senet::selftest::parse(&text).expect("the reference is a report");
    assert_eq!(p.get("machine.kind"), Some("dolphin"));
    assert_eq!(
        p.version,
        senas_senet::selftest::FORMAT_VERSION,
        "the reference is of the format the game writes (make selftest-reference)"
    );
    let (out, code) = run(&[path.into(), path.into()], "unused");
    assert_eq!(code, 0, "{out}");
}

#[test]
fn an_older_format_report_is_diffed_with_its_format_said_first() {
    // A console running a game that wrote format 1 (one cleared EFB pixel) against the
    // current reference (the drawn pattern).
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/selftest/dolphin-5.0.txt"
    );
    let text = std::fs::read_to_string(path).expect("the reference is committed");
    let old: String = text
        .lines()
        .map(|l| match l {
            l if l.starts_with("senas-selftest ") => "senas-selftest 1".to_string(),
            l if l.starts_with("efb.") && !l.starts_with("efb.verdict") => String::new(),
            l => l.to_string(),
        })
        .chain(["efb.argb=0x00162634".to_string()])
        .collect::<Vec<_>>()
        .join("\n");
    let c = temp("old-format.txt", old.as_bytes());
    let (out, code) = run(&[c, path.into()], "unused");
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().skip(1).collect();
    assert!(
        lines[0].starts_with("  report format 1 (reference 2)"),
        "{out}"
    );
    assert!(
        out.contains("  efb.p0: missing (reference 0xc03010)\n"),
        "{out}"
    );
    assert!(
        out.contains("  efb.argb: 0x00162634 (not in the reference)\n"),
        "{out}"
    );
    assert!(
        !out.contains("cpu.checksum"),
        "unchanged facts still match: {out}"
    );
}
