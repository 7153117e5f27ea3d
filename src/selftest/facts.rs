//! What each probe's measure means: the facts it adds to the report (keys in a fixed order)
//! and its verdict against the known answer. The known answers come from the sources named
//! at each probe (libogc, Dolphin, WiiBrew, HBC) and from values pinned by host tests (the CPU
//! loop's checksum, the SD pattern's CRC).

use core::fmt;

use super::efb;
use super::probe::{Measure, Probe, SdKind};
use super::report::Report;
use crate::save::crc32;

/// The verdict of one probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The measure matches the known answer.
    Pass,
    /// It does not: the report says how.
    Fail,
    /// The probe could not run on this machine.
    Unavailable,
}

impl Verdict {
    pub const fn key(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Fail => "fail",
            Verdict::Unavailable => "unavailable",
        }
    }
}

/// Iterations of the CPU probe's loop.
pub const CPU_LOOP_ITERATIONS: u32 = 1_000_000;
/// [`cpu_work`]`(CPU_LOOP_ITERATIONS)`, pinned on the host (`selftest::tests`).
pub const CPU_EXPECTED: u32 = 0xc24f_6a9b;
/// Bytes of the SD card's write / read-back pattern (two sectors, so a write crosses one).
pub const SD_PATTERN_LEN: usize = 1024;
/// The test file written and read back in the game folder (removed afterwards).
pub const SD_TEST_FILE: &str = "SELFTEST.TMP";

/// The CPU probe's work: integer multiply, shift, xor and add in a dependent chain (no memory
/// traffic), so its time is the core's and its result has one right answer.
pub fn cpu_work(iterations: u32) -> u32 {
    let mut x: u32 = 0x1234_5678;
    let mut acc: u32 = 0;
    for i in 0..iterations {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        acc = acc.wrapping_mul(31).wrapping_add(x ^ i);
    }
    acc
}

/// The SD probe's pattern: byte `i` is `(i * 7 + i / 256) & 0xFF`, so every sector differs.
pub fn sd_pattern(buf: &mut [u8; SD_PATTERN_LEN]) {
    for (i, b) in buf.iter_mut().enumerate() {
        *b = ((i * 7 + i / 256) & 0xFF) as u8;
    }
}

/// CRC-32 of [`sd_pattern`].
pub fn sd_pattern_crc() -> u32 {
    let mut buf = [0; SD_PATTERN_LEN];
    sd_pattern(&mut buf);
    crc32(&buf)
}

struct Hex<T>(T, usize);
impl<T: fmt::LowerHex> fmt::Display for Hex<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x{:0w$x}", self.0, w = self.1)
    }
}

fn flag(b: bool) -> u8 {
    u8::from(b)
}

/// VI active lines per field a loader leaves with a known mode: 0 (blanked, as the Homebrew
/// Channel leaves a 480p console), 240 (NTSC / PAL60 / MPAL interlaced, libogc
/// `TVNtsc480IntDf`), 287 (PAL 50, libogc `TVPal528IntDf`'s 574 lines), 480 (progressive).
pub const KNOWN_ACTIVE_LINES: [u16; 4] = [0, 240, 287, 480];

/// Adds the probe's facts to `r`, then its verdict as `<probe>.verdict`; returns the verdict.
pub fn facts_of(probe: Probe, m: &Measure, r: &mut Report) -> Verdict {
    let p = probe.key();
    let v = verdict_and_facts(probe, m, r);
    r.add(p, "verdict", v.key());
    v
}

fn verdict_and_facts(probe: Probe, m: &Measure, r: &mut Report) -> Verdict {
    let p = probe.key();
    match (probe, m) {
        (Probe::Machine, Measure::Machine { machine, version }) => {
            r.add(p, "kind", machine);
            r.add(p, "game_version", version);
            pass_if(matches!(*machine, "wii" | "vwii" | "dolphin"))
        }
        // VTR, DCR and VICLK as WiiBrew "Hardware/Video Interface" lays them out.
        (
            Probe::LoaderVi,
            &Measure::LoaderVi {
                vtr,
                dcr,
                viclk,
                tv_format,
            },
        ) => {
            let lines = (vtr >> 4) & 0x3FF;
            let fmt = (dcr >> 8) & 3;
            r.add(p, "vtr", Hex(vtr, 4));
            r.add(p, "dcr", Hex(dcr, 4));
            r.add(p, "viclk", Hex(viclk, 4));
            r.add(p, "tv_format", tv_format);
            r.add(p, "active_lines", lines);
            r.add(
                p,
                "format",
                ["ntsc", "pal", "mpal", "debug"][usize::from(fmt)],
            );
            r.add(p, "enabled", flag(dcr & 1 != 0));
            r.add(p, "clock_54mhz", flag(viclk & 1 != 0));
            pass_if(fmt != 3 && KNOWN_ACTIVE_LINES.contains(&lines))
        }
        // libogc ipc.c `__IPC_ClntInit` leaves IY1|IY2 (0x30) enabled: the Homebrew Channel's
        // hand-over; Dolphin's direct boot leaves 0 (src/wii/ios.rs).
        (
            Probe::LoaderIpc,
            &Measure::LoaderIpc {
                ppcctrl,
                stale_replies,
            },
        ) => {
            let irq = ppcctrl & 0x30;
            r.add(p, "ppcctrl", Hex(ppcctrl, 2));
            r.add(p, "irq_enables", Hex(irq, 2));
            r.add(p, "stale_replies", stale_replies);
            pass_if(irq == 0 || irq == 0x30)
        }
        // libogc `IOS_GetVersion` / `IOS_GetRevision` read the halves of 0x80003140; Dolphin's
        // boot writes the same word. A loader always leaves some IOS 3..=255 running.
        (Probe::Ios, &Measure::Ios { version, revision }) => {
            r.add(p, "version", version);
            r.add(p, "revision", revision);
            pass_if((3..=255).contains(&version))
        }
        (Probe::Bluetooth, Measure::Bluetooth(v)) => match v {
            Some(v) => {
                r.add(p, "answered", 1);
                r.add(p, "hci_version", v.hci_version);
                r.add(p, "hci_revision", Hex(v.hci_revision, 4));
                r.add(p, "lmp_version", v.lmp_version);
                r.add(p, "manufacturer", v.manufacturer);
                r.add(p, "lmp_subversion", Hex(v.lmp_subversion, 4));
                Verdict::Pass
            }
            None => {
                r.add(p, "answered", 0);
                Verdict::Fail
            }
        },
        (Probe::Remotes, Measure::Remotes(all)) => {
            let mut n = 0;
            for (i, rem) in all.iter().enumerate() {
                let k = ["remote1", "remote2", "remote3", "remote4"][i];
                r.add(k, "connected", flag(rem.connected));
                if rem.connected {
                    n += 1;
                    r.add(k, "extension", rem.extension);
                    match rem.battery {
                        Some(b) => r.add(k, "battery", b),
                        None => r.add(k, "battery", "unknown"),
                    }
                }
            }
            r.add(p, "connected", n);
            // The self-test is started with a remote, so at least one answers.
            pass_if(n > 0)
        }
        (
            Probe::Sd,
            &Measure::Sd {
                kind,
                written,
                wrote_crc,
                read_crc,
            },
        ) => {
            let expected = sd_pattern_crc();
            r.add(
                p,
                "kind",
                match kind {
                    SdKind::None => "none",
                    SdKind::Sdsc => "sdsc",
                    SdKind::Sdhc => "sdhc",
                },
            );
            r.add(p, "written", written);
            let readback = match (wrote_crc, read_crc) {
                (Some(w), Some(rd)) if w == expected && rd == expected => "match",
                (Some(_), Some(_)) => "differ",
                (None, _) => "write_failed",
                (Some(_), None) => "read_failed",
            };
            r.add(p, "readback", readback);
            pass_if(kind != SdKind::None && readback == "match")
        }
        (
            Probe::Cpu,
            &Measure::Cpu {
                iterations,
                checksum,
                micros,
            },
        ) => {
            r.add(p, "iterations", iterations);
            r.add(p, "checksum", Hex(checksum, 8));
            r.add(p, "us", micros);
            pass_if(iterations == CPU_LOOP_ITERATIONS && checksum == CPU_EXPECTED)
        }
        (
            Probe::Gx,
            &Measure::Gx {
                draw_done_us,
                timed_out,
            },
        ) => {
            r.add(p, "draw_done_us", draw_done_us);
            r.add(p, "timed_out", flag(timed_out));
            pass_if(!timed_out)
        }
        (Probe::XfbPrime, &Measure::XfbPrime { sentinel, read }) => {
            r.add(p, "sentinel", Hex(sentinel, 8));
            r.add(p, "read", Hex(read, 8));
            pass_if(read == sentinel)
        }
        // The GX copy writes memory behind the CPU's cache: libogc (and this game) invalidate
        // before the CPU reads what a device wrote (`DCInvalidateRange`; `wii::cache`).
        // `cache_kept_old` is what the cache did without that: 1 on a console with its data
        // cache, 0 where the cache is not emulated (Dolphin's default).
        (
            Probe::XfbCopy,
            &Measure::XfbCopy {
                sentinel,
                cached,
                fresh,
                expected,
            },
        ) => {
            let diff = xfb_diff(fresh, expected);
            r.add(p, "cached", Hex(cached, 8));
            r.add(p, "fresh", Hex(fresh, 8));
            r.add(p, "expected", Hex(expected, 8));
            r.add(p, "max_diff", diff);
            r.add(p, "cache_kept_old", flag(cached == sentinel));
            pass_if(fresh != sentinel && diff <= XFB_TOLERANCE)
        }
        // The pattern, its points and the tolerance are `selftest::efb` (why +-1 is there).
        (Probe::EfbPattern, &Measure::EfbPattern { drawn, read }) => {
            let (matched, max_diff) = efb::judge(&read);
            r.add(p, "drawn", flag(drawn));
            for (k, v) in efb::KEYS.iter().zip(read) {
                r.add(p, k, Hex(v & 0x00FF_FFFF, 6));
            }
            r.add(p, "matched", matched);
            r.add(p, "max_diff", max_diff);
            pass_if(drawn && matched == efb::POINTS)
        }
        // The AI runs the DMA at 32 kHz (src/wii/audio.rs, libogc `AUDIO_SetDSPSampleRate`).
        (Probe::Audio, &Measure::Audio { frames, micros }) => {
            let rate = frames.saturating_mul(1_000_000) / micros.max(1);
            r.add(p, "frames", frames);
            r.add(p, "us", micros);
            r.add(p, "rate_hz", rate);
            pass_if(micros > 0 && (31_000..=33_000).contains(&rate))
        }
        (_, Measure::Unavailable) => Verdict::Unavailable,
        // A measure of another probe: the platform answered the wrong question.
        _ => {
            r.add(p, "error", "wrong_measure");
            Verdict::Fail
        }
    }
}

/// Most difference per Y, Cb or Cr byte between the GX copy's conversion and ours
/// (`wii::yuv`, integer BT.601): rounding only.
pub const XFB_TOLERANCE: u32 = 6;

/// The largest byte difference between two XFB words (Y0 Cb Y1 Cr).
pub fn xfb_diff(a: u32, b: u32) -> u32 {
    (0..4)
        .map(|i| ((a >> (8 * i)) & 0xFF).abs_diff((b >> (8 * i)) & 0xFF))
        .max()
        .unwrap_or(0)
}

fn pass_if(ok: bool) -> Verdict {
    if ok {
        Verdict::Pass
    } else {
        Verdict::Fail
    }
}
