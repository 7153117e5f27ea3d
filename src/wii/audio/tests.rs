//! Host tests of the audio driver against recorded fake registers: the start and stop
//! sequences write what libogc audio.c writes, the ring refill stays ahead of the play
//! position, wraps, and recovers from an underrun; through a write-back cache model the DMA
//! reads the cleared ring and every mixed frame (the flush before the DMA, issue 23 item 3).

use super::regs::{self, FakeRegs};
use super::ring::{RingPos, Span, RESTART_LEAD_FRAMES};
use super::*;
use crate::wii::ios::ipc::fake::{FakeCache, Model, NoCache};
use std::boxed::Box;
use std::cell::RefCell;
use std::rc::Rc;
use std::vec::Vec;

fn ring() -> &'static mut RingBuffer {
    Box::leak(Box::new(RingBuffer([0xDEAD_BEEF; RING_FRAMES])))
}

#[test]
fn register_values_follow_libogc_audio_c() {
    // AUDIO_InitDMA: _SHIFTR(addr,16,13) and addr & 0xffe0; length in 32-byte blocks.
    assert_eq!(regs::start_hi(0x0123_4560), 0x0123);
    assert_eq!(regs::start_lo(0x0123_4560), 0x4560);
    assert_eq!(regs::start_lo(0x0012_345F), 0x3440, "low 5 bits dropped");
    assert_eq!(
        regs::start_hi(0x1234_0000),
        0x1234,
        "MEM2 reachable (13 bits)"
    );
    assert_eq!(regs::control(1024, false), 0x0400);
    assert_eq!(regs::control(1024, true), 0x8400);
    assert_eq!(regs::control(0xFFFF, false), 0x7FFF);
    assert_eq!(regs::aicr_32khz(0x0000_0021), 0x0000_0061);
    assert_eq!(frame_word(-2), 0xFFFE_FFFE);
    assert_eq!(frame_word(0x1234), 0x1234_1234);
}

#[test]
fn start_stops_sets_32khz_then_latches_the_ring_and_enables() {
    let mut fake = FakeRegs::default();
    fake.values.insert(regs::AICR.addr(), 0x21);
    fake.values.insert(regs::DMA_CONTROL.addr(), 0x8010); // the loader's DMA still running
    let r = ring();
    let a = Audio::start(fake, r, 0x0050_0000);
    let mut a = a;
    let w = a.regs().writes.clone();
    assert_eq!(
        w,
        [
            (regs::DMA_CONTROL.addr(), 0x0010),
            (regs::AICR.addr(), 0x61),
            (regs::DMA_START_HI.addr(), 0x0050),
            (regs::DMA_START_LO.addr(), 0x0000),
            (regs::DMA_CONTROL.addr(), 0x0400),
            (regs::DMA_CONTROL.addr(), 0x8400),
        ]
    );
    assert!(
        !w.iter().any(|&(addr, _)| addr == regs::DSPCR.addr()),
        "DSPCR is never written"
    );
    a.stop();
    assert_eq!(
        a.regs().writes.last(),
        Some(&(regs::DMA_CONTROL.addr(), 0x0400))
    );
    assert_eq!(a.refill(|_| panic!("no mixing after stop")).frames, 0);
}

#[test]
fn the_ring_is_cleared_at_start_and_filled_ahead_with_mono_frames() {
    let mut fake = FakeRegs::default();
    fake.values
        .insert(regs::DMA_BLOCKS_LEFT.addr(), u32::from(RING_BLOCKS - 1)); // at block 0
    let mut a = Audio::start(fake, ring(), 0x0050_0000);
    let mut n = 0i16;
    let got = a.refill(|buf| {
        for s in buf {
            *s = n;
            n += 1;
        }
    });
    let lead = RESTART_LEAD_FRAMES as usize;
    assert_eq!(got.frames, AHEAD_FRAMES - RESTART_LEAD_FRAMES);
    assert_eq!(got.first, u64::from(RESTART_LEAD_FRAMES));
    assert!(
        a.ring.0[..lead].iter().all(|&w| w == 0),
        "the blocks the engine fetches first keep the cleared ring"
    );
    assert_eq!(a.ring.0[lead], frame_word(0));
    assert_eq!(a.ring.0[lead + 5], frame_word(5));
    assert_eq!(
        a.ring.0[AHEAD_FRAMES as usize - 1],
        frame_word((AHEAD_FRAMES as usize - lead) as i16 - 1)
    );
    assert_eq!(
        a.ring.0[AHEAD_FRAMES as usize], 0,
        "beyond the lead: the cleared ring"
    );
    assert_eq!(a.next_frame(), u64::from(AHEAD_FRAMES));
    // The engine reads 67 blocks (536 frames: one video frame): the next refill tops up by
    // exactly that much, starting where the last one stopped.
    a.regs().values.insert(
        regs::DMA_BLOCKS_LEFT.addr(),
        u32::from(RING_BLOCKS - 1 - 67),
    );
    let mut first = None;
    let got = a.refill(|buf| {
        first.get_or_insert(buf.len());
        buf.fill(7)
    });
    assert_eq!(got.frames, 536);
    assert_eq!(
        got.first,
        u64::from(AHEAD_FRAMES),
        "continues where the last refill ended"
    );
    assert_eq!(a.ring.0[AHEAD_FRAMES as usize], frame_word(7));
}

#[test]
fn refills_wrap_at_the_end_of_the_ring_in_two_spans() {
    let mut p = RingPos::new(1024, 1334);
    let mut total = u64::from(p.advance(1023)[0].map_or(0, |s| s.len)) + 64;
    let mut spans = Vec::new();
    // Walk the play position around the ring twice in steps of 67 blocks.
    let mut block = 0u32;
    for _ in 0..40 {
        block = (block + 67) % 1024;
        let left = (1024 - 1 - block) as u16;
        for s in p.advance(left).into_iter().flatten() {
            assert!(s.start + s.len <= 8192, "{s:?} stays inside the ring");
            total += u64::from(s.len);
            spans.push(s);
        }
        assert_eq!(p.written(), p.played() + 1334, "always 1334 frames ahead");
    }
    assert_eq!(total, p.written());
    assert!(spans.windows(2).any(|w| w[1]
        == Span {
            start: 0,
            len: w[1].len
        }
        && w[0].start + w[0].len == 8192));
    assert_eq!(p.underruns(), 0);
}

#[test]
fn a_late_refill_counts_an_underrun_and_writes_from_a_lead_past_the_play_position() {
    let mut p = RingPos::new(1024, 1334);
    let _ = p.advance(1023);
    // 300 blocks (2400 frames) pass: beyond the 1334 written.
    let spans = p.advance(1023 - 300);
    assert_eq!(p.underruns(), 1);
    assert_eq!(
        spans[0],
        Some(Span {
            start: 2400 + 64,
            len: 1334 - 64
        })
    );
    assert_eq!(p.written(), 2400 + 1334);
}

#[test]
fn a_first_refill_after_the_engine_moved_starts_a_lead_past_the_play_position_without_an_underrun()
{
    let mut p = RingPos::new(1024, 1334);
    let spans = p.advance(1023 - 10);
    assert_eq!(
        spans[0],
        Some(Span {
            start: 80 + 64,
            len: 1334 - 64
        })
    );
    assert_eq!(p.underruns(), 0);
}

#[test]
fn a_restarted_writer_never_writes_the_eight_blocks_the_engine_fetches_next() {
    // Dolphin 2503 with the write-back cache played the first block of the title music as
    // silence: the first refill wrote the block at the play position, which the engine
    // fetched before the refill's flush (ring.rs, RESTART_LEAD_FRAMES).
    assert_eq!(RESTART_LEAD_FRAMES, 64);
    for (play_block, ring_frames) in [(0u32, 8192u32), (1020, 8192)] {
        let mut p = RingPos::new(1024, 1334);
        let left = (1024 - 1 - play_block) as u16;
        let spans: Vec<Span> = p.advance(left).into_iter().flatten().collect();
        let play = play_block * 8;
        let written: Vec<u32> = spans
            .iter()
            .flat_map(|s| s.start..s.start + s.len)
            .collect();
        for f in 0..64 {
            assert!(
                !written.contains(&((play + f) % ring_frames)),
                "frame {f} past the play position {play} written"
            );
        }
        assert_eq!(written.first(), Some(&((play + 64) % ring_frames)));
        assert_eq!(p.written(), p.played() + 1334, "still 1334 frames ahead");
    }
}

#[test]
fn the_blocks_left_register_maps_to_the_next_block_read() {
    let p = RingPos::new(1024, 1334);
    // Dolphin: just enabled, remaining = 1024, the register reads 1023 -> block 0.
    assert_eq!(p.play_frame(1023), 0);
    assert_eq!(p.play_frame(0), 1023 * 8);
    assert_eq!(p.play_frame(u16::MAX), 0, "nonsense clamps into the ring");
}

/// Audit 2 N3: with the play lead (1334 frames, 41.7 ms) a 60 ms stall between two refills
/// (a piece of SD work on a slow card) underruns; with the saving lead it does not, and the
/// play lead comes back without a gap or an underrun.
#[test]
fn the_saving_lead_rides_out_a_sixty_ms_stall_that_the_play_lead_does_not() {
    // 60 ms at 32 kHz = 1920 frames = 240 blocks.
    let stall = |ahead: u32| {
        let mut p = RingPos::new(1024, AHEAD_FRAMES);
        // The blocks-left register counts down and wraps at the ring's end.
        let mut left = 1023u16;
        let pass = |p: &mut RingPos, left: &mut u16, blocks: u16| {
            *left = (*left + 1024 - blocks) % 1024;
            let _ = p.advance(*left);
        };
        let _ = p.advance(left);
        p.set_ahead(ahead);
        for _ in 0..10 {
            pass(&mut p, &mut left, 67); // a 16.7 ms frame
        }
        pass(&mut p, &mut left, 240);
        p.set_ahead(AHEAD_FRAMES);
        let before = p.written();
        for _ in 0..4 {
            pass(&mut p, &mut left, 67);
        }
        assert!(p.written() >= before, "never rewinds");
        p.underruns()
    };
    assert_eq!(stall(AHEAD_FRAMES), 1, "the play lead underruns");
    assert_eq!(stall(SAVING_AHEAD_FRAMES), 0, "the saving lead does not");
    const { assert!(SAVING_AHEAD_FRAMES < RING_FRAMES as u32 - ring::FRAMES_PER_BLOCK) };
}

/// The ring as the audio DMA reads it, through the non-coherent cache model of the IPC tests
/// (`ipc::fake::FakeCache`: a write-back cache that never evicts on its own, so memory holds
/// only what was flushed; unwritten memory reads as `None`).
fn dma_view(model: &Model, ring: &RingBuffer, frame: usize) -> Option<u32> {
    let at = ring.0.as_ptr() as usize + frame * 4;
    let b: Option<Vec<u8>> = (0..4).map(|i| model.ram.get(&(at + i)).copied()).collect();
    // The ring holds native-endian words (big-endian on the console, as the DMA wants).
    b.map(|b| u32::from_ne_bytes([b[0], b[1], b[2], b[3]]))
}

#[test]
fn the_dma_reads_the_cleared_ring_and_every_mixed_frame_through_a_write_back_cache() {
    let model = Rc::new(RefCell::new(Model::default()));
    let mut fake = FakeRegs::default();
    fake.values
        .insert(regs::DMA_BLOCKS_LEFT.addr(), u32::from(RING_BLOCKS - 1)); // at block 0
    let mut a = Audio::start_with(fake, FakeCache(model.clone()), ring(), 0x0050_0000);
    {
        let m = model.borrow();
        // The CPU cleared a ring of 0xDEADBEEF: the DMA must see zeros everywhere at once.
        for f in (0..RING_FRAMES).step_by(97).chain([RING_FRAMES - 1]) {
            assert_eq!(dma_view(&m, a.ring, f), Some(0), "frame {f} after start");
        }
    }
    let mut n = 0i16;
    let got = a.refill(|buf| {
        for s in buf {
            *s = n.wrapping_mul(37);
            n = n.wrapping_add(1);
        }
    });
    let first = got.first as usize;
    // The engine moves on one video frame; the top-up wraps nothing but is its own span.
    a.regs().values.insert(
        regs::DMA_BLOCKS_LEFT.addr(),
        u32::from(RING_BLOCKS - 1 - 67),
    );
    let more = a.refill(|buf| {
        for s in buf {
            *s = n.wrapping_mul(37);
            n = n.wrapping_add(1);
        }
    });
    let end = first + (got.frames + more.frames) as usize;
    let m = model.borrow();
    for f in first..end {
        let sample = ((f - first) as i16).wrapping_mul(37);
        assert_eq!(
            dma_view(&m, a.ring, f),
            Some(frame_word(sample)),
            "frame {f}: the DMA reads what was mixed"
        );
    }
    assert!(end - first > 1000, "{} frames checked", end - first);
}

#[test]
fn without_the_flush_the_model_shows_the_dma_reading_stale_memory() {
    // The same refill through a cache that does nothing: the check above would fail, so it
    // can catch a missing `flush_ring`.
    let model = Rc::new(RefCell::new(Model::default()));
    let mut fake = FakeRegs::default();
    fake.values
        .insert(regs::DMA_BLOCKS_LEFT.addr(), u32::from(RING_BLOCKS - 1));
    let mut a = Audio::start_with(fake, NoCache, ring(), 0x0050_0000);
    let got = a.refill(|buf| buf.fill(5));
    assert!(got.frames > 0);
    assert_eq!(
        a.ring.0[got.first as usize],
        frame_word(5),
        "the CPU's view"
    );
    assert_eq!(
        dma_view(&model.borrow(), a.ring, got.first as usize),
        None,
        "memory never received the frame"
    );
}
