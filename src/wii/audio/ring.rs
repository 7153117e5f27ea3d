//! The ring buffer's arithmetic: where the DMA is reading, how far ahead of it the game has
//! written, and which frames to mix next. Pure (no memory, no registers), so the host tests it.
//! Follows how the engine walks the buffer (Dolphin `Source/Core/Core/HW/DSP.cpp`
//! `UpdateAudioDMA`: one 32-byte block of 8 frames per step, back to the start after the last;
//! the blocks-left register reads the remaining count minus one; libogc `libogc/audio.c`
//! `AUDIO_GetDMABytesLeft`).

/// Stereo frames per 32-byte DMA block.
pub const FRAMES_PER_BLOCK: u32 = 8;

/// Frames a restarted writer (the first refill, or the one after an underrun) leaves between
/// the play position and its first frame: 8 blocks, 2 ms at 32 kHz. The engine fetches the
/// block at the play position at once and the next one every 250 us, and what the CPU stores
/// reaches memory only when its cache lines are flushed (`Audio::refill` flushes each chunk as
/// it is written). Written at the play position itself, the first block was fetched before its
/// flush and played as silence: found on Dolphin 2503 with the write-back cache
/// (docs/testing.md, "Two Dolphins"), never on 5.0, which has no data cache.
pub const RESTART_LEAD_FRAMES: u32 = 8 * FRAMES_PER_BLOCK;

/// A stretch of ring frames to fill: `start` (frame index in the ring) and `len`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub start: u32,
    pub len: u32,
}

/// The refill position of a looping ring of `blocks` blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RingPos {
    blocks: u32,
    /// Frames mixed ahead of the play position after each refill.
    ahead: u32,
    /// Frames the engine has read since the start (absolute).
    played: u64,
    /// Frames written since the start (absolute).
    written: u64,
    /// Ring frame of the play position at the last refill.
    last_play: u32,
    /// Refills that found the engine past the written frames.
    underruns: u32,
}

impl RingPos {
    /// A fresh ring (all silence, DMA just enabled at its first block).
    pub const fn new(blocks: u32, ahead: u32) -> RingPos {
        RingPos {
            blocks,
            ahead,
            played: 0,
            written: 0,
            last_play: 0,
            underruns: 0,
        }
    }

    /// Changes how far ahead refills mix (from the next refill on). A shorter lead mixes
    /// nothing until the play position has caught up with what is already written.
    pub fn set_ahead(&mut self, ahead: u32) {
        self.ahead = ahead;
    }

    pub const fn frames(&self) -> u32 {
        self.blocks * FRAMES_PER_BLOCK
    }

    /// Ring frame the engine reads next, from the blocks-left register.
    pub const fn play_frame(&self, blocks_left: u16) -> u32 {
        let left = blocks_left as u32;
        let left = if left >= self.blocks {
            self.blocks - 1
        } else {
            left
        };
        (self.blocks - 1 - left) * FRAMES_PER_BLOCK
    }

    /// Moves the play position to what `blocks_left` says (the engine is assumed to advance
    /// less than one ring between refills) and returns the spans to mix now, in order: from the
    /// last written frame up to `ahead` frames past the play position, split at the wrap.
    /// An underrun (the engine passed the written frames) restarts writing
    /// `RESTART_LEAD_FRAMES` past the play position; so does the first refill.
    pub fn advance(&mut self, blocks_left: u16) -> [Option<Span>; 2] {
        let ring = self.frames();
        let play = self.play_frame(blocks_left);
        let moved = (play + ring - self.last_play) % ring;
        self.last_play = play;
        self.played += u64::from(moved);
        if self.written < self.played || self.written == 0 {
            // Before the first write the engine plays the cleared ring: not an underrun.
            if self.written > 0 {
                self.underruns += 1;
            }
            self.written = self.played + u64::from(RESTART_LEAD_FRAMES);
        }
        let target = self.played + u64::from(self.ahead.min(ring - FRAMES_PER_BLOCK));
        let count = target.saturating_sub(self.written) as u32;
        let start = (self.written % u64::from(ring)) as u32;
        self.written += u64::from(count);
        let first = count.min(ring - start);
        let span = |start, len| (len > 0).then_some(Span { start, len });
        [span(start, first), span(0, count - first)]
    }

    /// Frames written since the start: the index the next mixed frame will have.
    pub const fn written(&self) -> u64 {
        self.written
    }

    pub const fn played(&self) -> u64 {
        self.played
    }

    pub const fn underruns(&self) -> u32 {
        self.underruns
    }
}
