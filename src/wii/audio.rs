//! Audio output without DSP microcode: the DSP interface's audio DMA streams a looping ring
//! buffer of 32 kHz stereo 16-bit big-endian frames from MEM1 to the audio interface, and the
//! game refills the ring each frame ahead of the play position (`refill`). The sequence
//! follows devkitPro/libogc `libogc/audio.c` (`AUDIO_SetDSPSampleRate`, `AUDIO_InitDMA`,
//! `AUDIO_StartDMA`, `AUDIO_StopDMA`) and what Dolphin `Source/Core/Core/HW/DSP.cpp` does
//! with it; docs/hardware.md ("Audio") has the registers and why no DSP code is needed.
//! Owns the AI rate bit, the audio DMA registers and the ring; must not touch the DSP core
//! (DSPCR is never written) nor mix (it asks a closure for mono samples).

pub mod regs;
pub mod ring;

#[cfg(test)]
mod tests;

use crate::wii::ios::ipc::{CacheOps, WiiCache};
use regs::{AudioRegs, Mmio};
use ring::{RingPos, Span};

/// Ring length in 32-byte blocks: 1024 blocks = 8192 frames = 256 ms at 32 kHz (32 KiB).
pub const RING_BLOCKS: u16 = 1024;
/// Frames kept mixed ahead of the play position: 2.5 video frames (41.7 ms), so a frame that
/// runs long still finds sound queued.
pub const AHEAD_FRAMES: u32 = 1334;
/// Frames kept ahead while a save is spread over frames (`console::AudioLead::Saving`):
/// 200 ms, so one piece of SD work on a slow real card (an SD write can stay busy for a few
/// hundred ms) plays through between the top-ups around it; under the ring's 256 ms less a
/// block. Audit 2 N3.
pub const SAVING_AHEAD_FRAMES: u32 = 6400;
/// Stereo frames in the ring.
pub const RING_FRAMES: usize = RING_BLOCKS as usize * ring::FRAMES_PER_BLOCK as usize;
/// Mono samples asked of the mixer per call.
const MIX_CHUNK: usize = 256;

/// The ring: one `u32` per stereo frame, the first halfword (high half, big-endian) and the
/// second carrying the same mono sample. 32-byte aligned as the DMA requires.
#[repr(C, align(32))]
pub struct RingBuffer(pub [u32; RING_FRAMES]);

/// One frame's stereo word for a mono sample (both halves equal).
pub const fn frame_word(sample: i16) -> u32 {
    let s = sample as u16 as u32;
    (s << 16) | s
}

pub use crate::audio::Refill;

/// The running audio output. `C` writes the ring's cache lines back to memory before the DMA
/// reads them (the Broadway's data cache on the console; the host tests' non-coherent model,
/// `ipc::fake::FakeCache`, which shows what the DMA would read).
pub struct Audio<R: AudioRegs = Mmio, C: CacheOps = WiiCache> {
    regs: R,
    cache: C,
    ring: &'static mut RingBuffer,
    phys: u32,
    pos: RingPos,
    running: bool,
}

impl<R: AudioRegs> Audio<R> {
    /// [`Audio::start_with`] the Broadway's data cache.
    pub fn start(regs: R, ring: &'static mut RingBuffer, phys: u32) -> Audio<R> {
        Audio::start_with(regs, WiiCache, ring, phys)
    }
}

impl<R: AudioRegs, C: CacheOps> Audio<R, C> {
    /// Stops any DMA the loader left running, sets 32 kHz, clears the ring and starts the DMA
    /// looping over it (libogc `AUDIO_StopDMA`, `AUDIO_SetDSPSampleRate(AI_SAMPLERATE_32KHZ)`,
    /// `AUDIO_InitDMA`, `AUDIO_StartDMA`). `phys` is the ring's physical address. The cleared
    /// ring is flushed before the DMA starts, as libogc's callers `DCFlushRange` a buffer before
    /// `AUDIO_InitDMA`.
    pub fn start_with(
        mut regs: R,
        mut cache: C,
        ring: &'static mut RingBuffer,
        phys: u32,
    ) -> Audio<R, C> {
        stop_with(&mut regs);
        // After the Homebrew Channel (it runs libogc's AUDIO_Init) the AI is at 32 kHz already
        // and this write changes nothing; Dolphin's Wii default is 32 kHz as well. Going from
        // 48 kHz on hardware would want libogc's __AISRCINIT timing dance (not done here).
        let aicr = regs.read32(regs::AICR);
        regs.write32(regs::AICR, regs::aicr_32khz(aicr));
        ring.0.fill(0);
        flush_ring(
            &mut cache,
            ring,
            Span {
                start: 0,
                len: RING_FRAMES as u32,
            },
        );
        regs.write16(regs::DMA_START_HI, regs::start_hi(phys));
        regs.write16(regs::DMA_START_LO, regs::start_lo(phys));
        regs.write16(regs::DMA_CONTROL, regs::control(RING_BLOCKS, false));
        regs.write16(regs::DMA_CONTROL, regs::control(RING_BLOCKS, true));
        Audio {
            regs,
            cache,
            ring,
            phys,
            pos: RingPos::new(u32::from(RING_BLOCKS), AHEAD_FRAMES),
            running: true,
        }
    }

    /// Mixes (with `mix`, mono samples) from the last written frame up to `AHEAD_FRAMES` past
    /// the DMA's play position, stores the frames and flushes their cache lines.
    pub fn refill(&mut self, mut mix: impl FnMut(&mut [i16])) -> Refill {
        if !self.running {
            return Refill::default();
        }
        let left = self.regs.read16(regs::DMA_BLOCKS_LEFT);
        let mut frames = 0;
        let spans = self.pos.advance(left);
        let first = self.pos.written()
            - spans
                .iter()
                .flatten()
                .map(|s| u64::from(s.len))
                .sum::<u64>();
        for span in spans.into_iter().flatten() {
            let mut at = span.start as usize;
            let end = at + span.len as usize;
            while at < end {
                let n = (end - at).min(MIX_CHUNK);
                let mut mono = [0i16; MIX_CHUNK];
                mix(&mut mono[..n]);
                for (w, s) in self.ring.0[at..at + n].iter_mut().zip(&mono[..n]) {
                    *w = frame_word(*s);
                }
                // Each chunk reaches memory as soon as it is written: the engine may be only
                // `RESTART_LEAD_FRAMES` behind the first one (ring.rs).
                flush_ring(
                    &mut self.cache,
                    self.ring,
                    Span {
                        start: at as u32,
                        len: n as u32,
                    },
                );
                at += n;
            }
            frames += span.len;
        }
        Refill {
            frames,
            first,
            underruns: self.pos.underruns(),
        }
    }

    /// Sets the lead: [`AHEAD_FRAMES`] or, while saving, [`SAVING_AHEAD_FRAMES`].
    pub fn set_ahead(&mut self, frames: u32) {
        self.pos.set_ahead(frames);
    }

    /// The DMA frame index (frames since `start`) the next mixed frame will play at.
    pub fn next_frame(&self) -> u64 {
        self.pos.written()
    }

    /// Physical address of the ring (the log line; Dolphin's AI log names it too).
    pub fn phys_addr(&self) -> u32 {
        self.phys
    }

    /// Stops the DMA (before leaving the game); refills do nothing afterwards.
    pub fn stop(&mut self) {
        stop_with(&mut self.regs);
        self.running = false;
    }

    /// The registers (tests).
    #[cfg(test)]
    pub fn regs(&mut self) -> &mut R {
        &mut self.regs
    }
}

/// libogc `AUDIO_StopDMA`: clears the enable bit, keeps the length.
impl<R: AudioRegs, C: CacheOps> crate::audio::AudioOut for Audio<R, C> {
    fn refill(&mut self, mix: &mut dyn FnMut(&mut [i16])) -> Refill {
        Audio::refill(self, mix)
    }
    fn stop(&mut self) {
        Audio::stop(self)
    }
}

fn stop_with(regs: &mut impl AudioRegs) {
    let c = regs.read16(regs::DMA_CONTROL);
    regs.write16(regs::DMA_CONTROL, c & !regs::DMA_ENABLE);
}

/// Writes the span's lines back to memory so the DMA reads what the CPU stored (the ring is
/// never invalidated: only the CPU writes it).
fn flush_ring(cache: &mut impl CacheOps, ring: &RingBuffer, span: Span) {
    let base = ring.0.as_ptr() as usize;
    cache.flush(base + span.start as usize * 4, span.len as usize * 4);
}

/// Stops the audio DMA whoever owns it: the exit path calls this so the last ring does not
/// loop on in the loader, the reset or the standby.
pub fn stop_dma() {
    #[cfg(target_arch = "powerpc")]
    {
        // SAFETY: on the Wii; clearing the enable bit is what libogc AUDIO_StopDMA does and is
        // harmless whether or not a DMA runs.
        let mut regs = unsafe { Mmio::new() };
        stop_with(&mut regs);
    }
}

#[cfg(target_arch = "powerpc")]
mod wii {
    use super::{Audio, RingBuffer, RING_FRAMES};
    use core::ptr::addr_of_mut;

    static mut RING: RingBuffer = RingBuffer([0; RING_FRAMES]);

    impl Audio {
        /// The console's audio output, started (`Wii::take` hands it out).
        ///
        /// # Safety
        /// Once only (`Wii::take`'s guard): the only reference to the ring and the only owner
        /// of the audio registers.
        pub(crate) unsafe fn take_console() -> Audio {
            // SAFETY: the function's contract.
            let (regs, ring) = unsafe { (super::Mmio::new(), &mut *addr_of_mut!(RING)) };
            // MEM1 is mapped cached at 0x8000_0000: the physical address drops the top bits
            // (as `xfb::Xfb::phys_addr`).
            let phys = (ring.0.as_ptr() as usize & 0x3FFF_FFFF) as u32;
            Audio::start(regs, ring, phys)
        }
    }
}
