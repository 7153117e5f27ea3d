//! The Wii side of the console self-test: each probe reads or does the hardware and returns
//! the raw values as a `selftest::Measure`; what they mean, the verdicts, the report and the
//! screen are platform-free (`crate::selftest`, `app::self_test`). Which reference each read
//! follows is said at each function. `wii_platform.rs` calls these from
//! `Platform::probe`.

use crate::save::crc32;
use crate::selftest::efb::{PEEKS, POINTS};
use crate::selftest::facts::{sd_pattern, SD_TEST_FILE};
use crate::selftest::{cpu_work, Measure, SdKind, CPU_LOOP_ITERATIONS, SD_PATTERN_LEN};
use crate::wii::audio::regs::AudioRegs;
use crate::wii::audio::Audio;
use crate::wii::cache;
use crate::wii::gx::efb;
use crate::wii::ios::ipc::{CacheOps, Ipc, IpcRegs};
use crate::wii::saves::Saves;
use crate::wii::xfb::{Xfb, WORDS_PER_LINE};

/// The IOS the loader left running: libogc `IOS_GetVersion` / `IOS_GetRevision` read the two
/// halves of the word at 0x80003140 (WiiBrew "Memory map": "IOS version"; Dolphin's boot
/// writes it too). On the host there is none.
pub fn ios_version() -> Measure {
    #[cfg(target_arch = "powerpc")]
    {
        // SAFETY: 0x80003140 is low MEM1, always mapped (BAT0) and readable; a volatile read
        // because the loader wrote it before we started.
        let word = unsafe { core::ptr::read_volatile(0x8000_3140 as *const u32) };
        Measure::Ios {
            version: (word >> 16) as u16,
            revision: word as u16,
        }
    }
    #[cfg(not(target_arch = "powerpc"))]
    Measure::Unavailable
}

/// The fixed CPU loop timed with `ticks` (the timebase, 60.75 MHz on the Wii:
/// `wii::clock`). The checksum's right answer is `selftest::facts::CPU_EXPECTED`.
pub fn cpu_loop(ticks: fn() -> u64) -> Measure {
    let t0 = ticks();
    let checksum = cpu_work(core::hint::black_box(CPU_LOOP_ITERATIONS));
    let t1 = ticks();
    Measure::Cpu {
        iterations: CPU_LOOP_ITERATIONS,
        checksum,
        micros: t1.saturating_sub(t0) * 4 / 243,
    }
}

/// The SD card's type (CSD-derived SDHC flag, `wii::sd::SdCard::sdhc`) and a write of the
/// known pattern to `SELFTEST.TMP` in the game folder, read back and removed.
pub fn sd_probe<R: IpcRegs, C: CacheOps>(
    saves: &mut Saves,
    ipc: &mut Ipc<R, C>,
    clock: &mut dyn FnMut() -> u32,
) -> Measure {
    let kind = match saves.sdhc() {
        None => SdKind::None,
        Some(false) => SdKind::Sdsc,
        Some(true) => SdKind::Sdhc,
    };
    if kind == SdKind::None {
        return Measure::Sd {
            kind,
            written: 0,
            wrote_crc: None,
            read_crc: None,
        };
    }
    let mut pattern = [0u8; SD_PATTERN_LEN];
    sd_pattern(&mut pattern);
    let wrote = saves
        .write_file(ipc, clock, SD_TEST_FILE, &pattern)
        .ok()
        .map(|()| crc32(&pattern));
    let mut back = [0u8; SD_PATTERN_LEN + 1];
    let read = match wrote {
        Some(_) => match saves.read_file(ipc, clock, SD_TEST_FILE, &mut back) {
            Ok(Some(n)) => Some(crc32(&back[..n])),
            Ok(None) | Err(_) => None,
        },
        None => None,
    };
    let _ = saves.delete_file(ipc, clock, SD_TEST_FILE);
    Measure::Sd {
        kind,
        written: if wrote.is_some() {
            SD_PATTERN_LEN as u32
        } else {
            0
        },
        wrote_crc: wrote,
        read_crc: read,
    }
}

/// Audio DMA progress: the frames the ring's play position moved over `wait_us` of the
/// clock `micros`, refilling silence meanwhile (`Audio::next_frame` is the play position
/// plus the fixed lead; the DMA block counter it follows is libogc's
/// `AUDIO_GetDMABytesLeft`, 0xCC00503A).
pub fn audio_probe<R: AudioRegs>(
    audio: &mut Audio<R>,
    micros: fn() -> u64,
    wait_us: u64,
) -> Measure {
    audio.refill(|s| s.fill(0));
    let (f0, t0) = (audio.next_frame(), micros());
    let mut t = t0;
    while t.saturating_sub(t0) < wait_us {
        audio.refill(|s| s.fill(0));
        t = micros();
    }
    audio.refill(|s| s.fill(0));
    let (f1, t1) = (audio.next_frame(), micros());
    Measure::Audio {
        frames: f1.saturating_sub(f0),
        micros: t1.saturating_sub(t0),
    }
}

/// The word both halves of the cache probe look at: pixels 2 and 3 of line 2, the screen's
/// background on the self-test screen (`app::self_test`).
pub const XFB_PROBE_WORD: usize = 2 * WORDS_PER_LINE + 1;
/// What the first half writes there: no colour the GX copy produces (Y 0xDE is above the
/// studio range's 235).
pub const XFB_SENTINEL: u32 = 0xDEAD_BEEF;

/// Cache probe, first half, on the XFB the next frame's GX copy writes (`Screen::back`): the
/// sentinel is stored, flushed to memory (`dcbf`), and read again, so the line sits clean in
/// the data cache holding the sentinel when the GPU overwrites the memory behind it.
pub fn xfb_prime(back: &mut Xfb) -> Measure {
    let Some(w) = back.word_mut(XFB_PROBE_WORD) else {
        return Measure::Unavailable;
    };
    let p: *mut u32 = w;
    // SAFETY: `p` comes from a live `&mut u32` inside the XFB; volatile so the store is done
    // here and not merged with the read below.
    unsafe { core::ptr::write_volatile(p, XFB_SENTINEL) };
    cache::flush_range(p as usize, 4);
    // SAFETY: as above; this read loads the (now clean) line into the cache.
    let read = unsafe { core::ptr::read_volatile(p) };
    Measure::XfbPrime {
        sentinel: XFB_SENTINEL,
        read,
    }
}

/// Cache probe, second half, on the XFB the GX copy just wrote and the VI shows
/// (`Screen::front`): the word read with the primed line still cached, then after `dcbf`
/// (libogc `DCInvalidateRange` before reading what a device wrote). `expected` is the XFB
/// word of the background colour (`wii::yuv::solid`).
pub fn xfb_copy(front: &Xfb, expected: u32) -> Measure {
    let Some(w) = front.words().get(XFB_PROBE_WORD) else {
        return Measure::Unavailable;
    };
    let p: *const u32 = w;
    // SAFETY: `p` comes from a live `&u32` inside the XFB; volatile so the cached value is
    // really read before the flush.
    let cached = unsafe { core::ptr::read_volatile(p) };
    cache::flush_range(p as usize, 4);
    // SAFETY: as above, after the line was discarded: this reads memory.
    let fresh = unsafe { core::ptr::read_volatile(p) };
    Measure::XfbCopy {
        sentinel: XFB_SENTINEL,
        cached,
        fresh,
        expected,
    }
}

/// EFB probe, after the GP drew `selftest::efb`'s pattern into the EFB (no copy;
/// `GxRenderer::draw_into_efb`): the CPU peeks each of `PEEKS` (`wii::gx::efb`, libogc
/// `GX_PeekARGB`). `drawn` is whether draw-done came; no peek (the host) is unavailable.
pub fn efb_pattern(drawn: bool) -> Measure {
    let mut read = [0u32; POINTS];
    for (r, &(x, y, _)) in read.iter_mut().zip(PEEKS.iter()) {
        match efb::peek_argb(x, y) {
            Some(v) => *r = v,
            None => return Measure::Unavailable,
        }
    }
    Measure::EfbPattern { drawn, read }
}

#[cfg(test)]
mod tests;
