//! Host tests of the self-test's facts, verdicts, report text, parser and comparison.

use std::string::String as StdString;
use std::vec::Vec as StdVec;

use super::facts::{sd_pattern_crc, CPU_EXPECTED};
use super::report::TextBuf;
use super::*;

fn text(r: &Report) -> StdString {
    let mut buf = [0u8; 8192];
    let mut out = TextBuf::new(&mut buf);
    r.write_to(&mut out).expect("fits");
    StdString::from_utf8(out.bytes().to_vec()).expect("utf-8")
}

/// A plausible full run on Dolphin.
fn dolphin_run() -> Report {
    let crc = sd_pattern_crc();
    let measures = [
        Measure::Machine {
            machine: "dolphin",
            version: "0.1.0",
        },
        Measure::LoaderVi {
            vtr: 0x0F06,
            dcr: 0x0001,
            viclk: 0,
            tv_format: 0,
        },
        Measure::LoaderIpc {
            ppcctrl: 0,
            stale_replies: 0,
        },
        Measure::Ios {
            version: 58,
            revision: 0x1920,
        },
        Measure::Bluetooth(Some(BtVersion {
            hci_version: 2,
            hci_revision: 0,
            lmp_version: 2,
            manufacturer: 15,
            lmp_subversion: 0x0100,
        })),
        Measure::Remotes([
            RemoteFact {
                connected: true,
                extension: "none",
                battery: Some(100),
            },
            RemoteFact::default(),
            RemoteFact::default(),
            RemoteFact::default(),
        ]),
        Measure::Sd {
            kind: SdKind::Sdhc,
            written: SD_PATTERN_LEN as u32,
            wrote_crc: Some(crc),
            read_crc: Some(crc),
        },
        Measure::Cpu {
            iterations: CPU_LOOP_ITERATIONS,
            checksum: CPU_EXPECTED,
            micros: 12_000,
        },
        Measure::Gx {
            draw_done_us: 800,
            timed_out: false,
        },
        Measure::XfbPrime {
            sentinel: 0xDEAD_BEEF,
            read: 0xDEAD_BEEF,
        },
        Measure::XfbCopy {
            sentinel: 0xDEAD_BEEF,
            cached: 0xDEAD_BEEF,
            fresh: 0x2581_2577,
            expected: 0x2580_2578,
        },
        Measure::EfbPattern {
            drawn: true,
            read: efb::PEEKS.map(|p| p.2),
        },
        Measure::Audio {
            frames: 16_000,
            micros: 500_000,
        },
    ];
    assert_eq!(measures.len(), PROBES.len());
    let mut r = Report::new();
    for (p, m) in PROBES.iter().zip(&measures) {
        assert_eq!(facts_of(*p, m, &mut r), Verdict::Pass, "{p:?}");
    }
    r
}

fn efb_report(m: &Measure) -> (Verdict, Report) {
    let mut r = Report::new();
    let v = facts_of(Probe::EfbPattern, m, &mut r);
    (v, r)
}

#[test]
fn the_efb_pattern_passes_only_when_all_six_points_read_their_colour() {
    let exact = efb::PEEKS.map(|p| p.2);
    // Dolphin peeks an RGB8 EFB with alpha 0; the report keeps RGB only.
    let (v, r) = efb_report(&Measure::EfbPattern {
        drawn: true,
        read: exact,
    });
    assert_eq!(v, Verdict::Pass);
    assert_eq!(r.get("efb.drawn"), Some("1"));
    assert_eq!(r.get("efb.p0"), Some("0xc03010"));
    assert_eq!(r.get("efb.p3"), Some("0xf0d870"));
    assert_eq!(r.get("efb.p4"), Some("0x162634"));
    assert_eq!(r.get("efb.matched"), Some("6"));
    assert_eq!(r.get("efb.max_diff"), Some("0"));
    // One step off in a channel is within the tolerance.
    let mut near = exact;
    near[1] ^= 0x01_00_00;
    let (v, r) = efb_report(&Measure::EfbPattern {
        drawn: true,
        read: near,
    });
    assert_eq!((v, r.get("efb.max_diff")), (Verdict::Pass, Some("1")));
    // A quad never drawn: its point reads the background.
    let mut missing = exact;
    missing[2] = 0xFF16_2634;
    let (v, r) = efb_report(&Measure::EfbPattern {
        drawn: true,
        read: missing,
    });
    assert_eq!(v, Verdict::Fail);
    assert_eq!(r.get("efb.p2"), Some("0x162634"));
    assert_eq!(r.get("efb.matched"), Some("5"));
    assert_eq!(r.get("efb.max_diff"), Some("172"));
    // An EFB the peek cannot reach (Dolphin's EFB access off reads 0).
    let (v, r) = efb_report(&Measure::EfbPattern {
        drawn: true,
        read: [0; efb::POINTS],
    });
    assert_eq!((v, r.get("efb.matched")), (Verdict::Fail, Some("0")));
    // Right colours but the GP never said draw-done: not trusted.
    let (v, r) = efb_report(&Measure::EfbPattern {
        drawn: false,
        read: exact,
    });
    assert_eq!((v, r.get("efb.drawn")), (Verdict::Fail, Some("0")));
}

#[test]
fn cpu_loop_answer_is_pinned() {
    assert_eq!(cpu_work(CPU_LOOP_ITERATIONS), CPU_EXPECTED);
    assert_ne!(cpu_work(CPU_LOOP_ITERATIONS - 1), CPU_EXPECTED);
}

#[test]
fn report_has_header_then_facts_in_probe_order() {
    let t = text(&dolphin_run());
    let mut lines = t.lines();
    assert_eq!(lines.next(), Some("senas-selftest 2"));
    assert_eq!(lines.next(), Some("machine.kind=dolphin"));
    let keys: StdVec<&str> = t
        .lines()
        .skip(1)
        .map(|l| l.split('=').next().unwrap())
        .collect();
    let pos = |k: &str| keys.iter().position(|x| *x == k).expect(k);
    assert!(pos("vi.vtr") < pos("ipc.ppcctrl"));
    assert!(pos("ipc.ppcctrl") < pos("ios.version"));
    assert!(pos("bt.manufacturer") < pos("remote1.connected"));
    assert!(pos("sd.readback") < pos("cpu.checksum"));
    assert!(pos("gx.draw_done_us") < pos("audio.rate_hz"));
    assert!(t.contains("\nvi.active_lines=240\n"));
    assert!(t.contains("\nvi.vtr=0x0f06\n"));
    assert!(t.contains("\nbt.lmp_subversion=0x0100\n"));
    assert!(t.contains("\naudio.rate_hz=32000\n"));
    assert!(t.contains("\nremote2.connected=0\n"));
    assert!(!t.contains("remote2.extension"));
}

#[test]
fn verdicts_fail_on_wrong_answers() {
    let mut r = Report::new();
    let bad_cpu = Measure::Cpu {
        iterations: CPU_LOOP_ITERATIONS,
        checksum: CPU_EXPECTED ^ 1,
        micros: 1,
    };
    assert_eq!(facts_of(Probe::Cpu, &bad_cpu, &mut r), Verdict::Fail);
    assert_eq!(r.get("cpu.verdict"), Some("fail"));
    let flipped = Measure::Sd {
        kind: SdKind::Sdsc,
        written: 1024,
        wrote_crc: Some(sd_pattern_crc()),
        read_crc: Some(sd_pattern_crc() ^ 0x100),
    };
    assert_eq!(facts_of(Probe::Sd, &flipped, &mut r), Verdict::Fail);
    assert_eq!(r.get("sd.readback"), Some("differ"));
    let no_card = Measure::Sd {
        kind: SdKind::None,
        written: 0,
        wrote_crc: None,
        read_crc: None,
    };
    assert_eq!(facts_of(Probe::Sd, &no_card, &mut r), Verdict::Fail);
    let slow_audio = Measure::Audio {
        frames: 24_000,
        micros: 500_000,
    };
    assert_eq!(facts_of(Probe::Audio, &slow_audio, &mut r), Verdict::Fail);
    assert_eq!(r.get("audio.rate_hz"), Some("48000"));
    let odd_vi = Measure::LoaderVi {
        vtr: 100 << 4,
        dcr: 1,
        viclk: 0,
        tv_format: 0,
    };
    assert_eq!(facts_of(Probe::LoaderVi, &odd_vi, &mut r), Verdict::Fail);
    let silent_bt = Measure::Bluetooth(None);
    assert_eq!(
        facts_of(Probe::Bluetooth, &silent_bt, &mut r),
        Verdict::Fail
    );
    assert_eq!(r.get("bt.answered"), Some("0"));
    let wrong = Measure::Gx {
        draw_done_us: 1,
        timed_out: false,
    };
    assert_eq!(facts_of(Probe::Ios, &wrong, &mut r), Verdict::Fail);
    assert_eq!(r.get("ios.error"), Some("wrong_measure"));
    assert_eq!(
        facts_of(Probe::Ios, &Measure::Unavailable, &mut r),
        Verdict::Unavailable
    );
}

#[test]
fn the_cache_probe_judges_the_copy_not_the_cache() {
    let mut r = Report::new();
    let stale_cache = Measure::XfbCopy {
        sentinel: 1,
        cached: 1,
        fresh: 0x2580_2578,
        expected: 0x2580_2578,
    };
    assert_eq!(
        facts_of(Probe::XfbCopy, &stale_cache, &mut r),
        Verdict::Pass
    );
    assert_eq!(r.get("xfb.cache_kept_old"), Some("1"));
    let far = Measure::XfbCopy {
        sentinel: 1,
        cached: 0,
        fresh: 0x2580_2578 + 7,
        expected: 0x2580_2578,
    };
    assert_eq!(facts_of(Probe::XfbCopy, &far, &mut r), Verdict::Fail);
    assert_eq!(facts::xfb_diff(0x0102_0304, 0x0105_0301), 3);
    let lost = Measure::XfbPrime {
        sentinel: 5,
        read: 4,
    };
    assert_eq!(facts_of(Probe::XfbPrime, &lost, &mut r), Verdict::Fail);
}

#[test]
fn hbc_loader_states_pass() {
    let mut r = Report::new();
    let hbc = Measure::LoaderIpc {
        ppcctrl: 0x38,
        stale_replies: 1,
    };
    assert_eq!(facts_of(Probe::LoaderIpc, &hbc, &mut r), Verdict::Pass);
    assert_eq!(r.get("ipc.irq_enables"), Some("0x30"));
    let blank_480p = Measure::LoaderVi {
        vtr: 0x0006,
        dcr: 0x0004,
        viclk: 1,
        tv_format: 0,
    };
    assert_eq!(
        facts_of(Probe::LoaderVi, &blank_480p, &mut r),
        Verdict::Pass
    );
}

#[test]
fn report_round_trips_through_the_parser() {
    let t = text(&dolphin_run());
    let p = parse(&t).expect("parses");
    assert_eq!(p.get("ios.version"), Some("58"));
    assert_eq!(p.facts.len(), dolphin_run().facts().len());
    let mut n = 0;
    assert_eq!(compare(&p, &p, &mut |_| n += 1), 0);
    assert_eq!(n, 0);
}

#[test]
fn values_never_break_lines() {
    let mut r = Report::new();
    r.add("x", "y", "two\nlines");
    assert_eq!(r.get("x.y"), Some("two lines"));
}

#[test]
fn a_full_report_says_it_dropped_facts() {
    let mut r = Report::new();
    for _ in 0..report::MAX_FACTS + 3 {
        r.add("a", "b", 1);
    }
    assert!(text(&r).ends_with("report.dropped=3\n"));
}

#[test]
fn malformed_reports_are_errors_not_panics() {
    assert_eq!(parse(""), Err(ParseError::NoHeader));
    assert_eq!(parse("hello\n"), Err(ParseError::NoHeader));
    assert_eq!(parse("senas-selftest x\n"), Err(ParseError::NoHeader));
    assert_eq!(parse("senas-selftest 9\n"), Err(ParseError::Version(9)));
    assert_eq!(
        parse("senas-selftest 1\na=1\nnoequals\n"),
        Err(ParseError::NoEquals(3))
    );
    assert_eq!(parse("senas-selftest 1\n=1\n"), Err(ParseError::BadKey(2)));
    assert_eq!(
        parse("senas-selftest 1\nA B=1\n"),
        Err(ParseError::BadKey(2))
    );
    assert_eq!(
        parse("senas-selftest 1\na=1\na=2\n"),
        Err(ParseError::Duplicate(3))
    );
    let mut many = StdString::from("senas-selftest 1\n");
    for i in 0..parse::PARSE_MAX + 1 {
        many.push_str(&std::format!("k{i}=1\n"));
    }
    assert_eq!(parse(&many), Err(ParseError::TooMany(parse::PARSE_MAX + 2)));
    // Comments, blank lines and CRLF are fine; '=' inside a value stays in the value.
    let p = parse("senas-selftest 1\r\n# note\r\n\r\na=b=c\r\n").expect("parses");
    assert_eq!(p.get("a"), Some("b=c"));
    // Arbitrary bytes never panic.
    for s in [
        "senas-selftest 1\n\u{0}=\u{ffff}",
        "senas-selftest 1",
        "senas-selftest 1 \n",
    ] {
        let _ = parse(s);
    }
}

#[test]
fn compare_reports_each_kind_of_difference() {
    let reference = "senas-selftest 1\nios.version=58\nbt.manufacturer=15\ncpu.us=12000\nremote1.battery=100\nmachine.game_version=0.1.0\n";
    let console = "senas-selftest 1\nios.version=58\nbt.manufacturer=10\ncpu.us=99999999\nremote1.battery=40\nmachine.game_version=0.2.0\nnew.fact=1\n";
    let (r, c) = (parse(reference).unwrap(), parse(console).unwrap());
    let mut seen = StdVec::new();
    let n = compare(&c, &r, &mut |d| seen.push(std::format!("{d}")));
    assert_eq!(n, 3, "{seen:?}");
    assert_eq!(seen[0], "bt.manufacturer: 10 (reference 15)");
    assert_eq!(
        seen[1],
        "cpu.us: 99999999 (expected a number in 1..=10000000)"
    );
    assert_eq!(seen[2], "new.fact: 1 (not in the reference)");
    // A missing fact, and a ranged one that is not a number.
    let c2 = parse("senas-selftest 1\ncpu.us=fast\n").unwrap();
    let mut seen = StdVec::new();
    compare(&c2, &r, &mut |d| seen.push(d));
    assert!(seen.contains(&Difference::Missing {
        key: "ios.version",
        reference: "58"
    }));
    assert!(seen.contains(&Difference::OutOfRange {
        key: "cpu.us",
        console: "fast",
        lo: 1,
        hi: 10_000_000
    }));
}

#[test]
fn a_format_1_report_against_a_format_2_reference_names_the_changed_efb_facts() {
    // Format 1's efb probe read one cleared pixel; format 2 reads the drawn pattern.
    let old = "senas-selftest 1\ncpu.checksum=0xc24f6a9b\nefb.argb=0x00162634\nefb.verdict=pass\n";
    let new = "senas-selftest 2\ncpu.checksum=0xc24f6a9b\nefb.p0=0xc03010\nefb.verdict=pass\n";
    let (c, r) = (parse(old).expect("format 1 is read"), parse(new).unwrap());
    assert_eq!((c.version, r.version), (1, 2));
    let mut seen = StdVec::new();
    let n = compare(&c, &r, &mut |d| seen.push(std::format!("{d}")));
    assert_eq!(n, 3, "{seen:?}");
    assert!(
        seen[0].starts_with("report format 1 (reference 2)"),
        "{seen:?}"
    );
    assert_eq!(seen[1], "efb.p0: missing (reference 0xc03010)");
    assert_eq!(seen[2], "efb.argb: 0x00162634 (not in the reference)");
    // The same format: no format line.
    let mut seen = StdVec::new();
    assert_eq!(compare(&r, &r, &mut |d| seen.push(d)), 0);
    assert_eq!(
        parse("senas-selftest 3\n"),
        Err(ParseError::Version(3)),
        "newer than this reader"
    );
    assert_eq!(parse("senas-selftest 0\n"), Err(ParseError::Version(0)));
}

#[test]
fn ranged_keys_are_the_ones_that_vary() {
    assert_eq!(rule_for("cpu.us"), Rule::Range(1, 10_000_000));
    assert_eq!(rule_for("audio.rate_hz"), Rule::Range(31_000, 33_000));
    assert_eq!(rule_for("remote3.battery"), Rule::Any);
    assert_eq!(rule_for("cpu.checksum"), Rule::Exact);
    assert_eq!(rule_for("sd.readback"), Rule::Exact);
}
