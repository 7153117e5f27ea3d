//! The card as `embedded-sdmmc`'s `BlockDevice`: 512-byte blocks read and written through
//! [`SdCard`], every write read back and compared (a locked card, or Dolphin with SD writes
//! disabled, drops writes silently: that becomes [`SdError::WriteLost`] instead of a save that
//! seems to work). The trait takes `&self`, so the IPC client, the card and the clock sit in a
//! `RefCell` for the borrow's length. Owns no state of its own.

use core::cell::RefCell;

use embedded_sdmmc::{Block, BlockCount, BlockDevice, BlockIdx};

use super::card::{SdCard, SdError, DMA_BLOCKS};
use super::protocol::BLOCK;
use crate::wii::ios::ipc::{CacheOps, Ipc, IpcRegs};

struct Parts<'a, 'b, R: IpcRegs, C: CacheOps> {
    ipc: &'a mut Ipc<R, C>,
    card: &'a mut SdCard<'b>,
    clock: &'a mut dyn FnMut() -> u32,
}

/// A borrowed card as a block device.
pub struct SdBlocks<'a, 'b, R: IpcRegs, C: CacheOps> {
    parts: RefCell<Parts<'a, 'b, R, C>>,
}

impl<'a, 'b, R: IpcRegs, C: CacheOps> SdBlocks<'a, 'b, R, C> {
    pub fn new(
        ipc: &'a mut Ipc<R, C>,
        card: &'a mut SdCard<'b>,
        clock: &'a mut dyn FnMut() -> u32,
    ) -> Self {
        SdBlocks {
            parts: RefCell::new(Parts { ipc, card, clock }),
        }
    }
}

impl<R: IpcRegs, C: CacheOps> BlockDevice for SdBlocks<'_, '_, R, C> {
    type Error = SdError;

    fn read(&self, blocks: &mut [Block], start: BlockIdx) -> Result<(), SdError> {
        let mut p = self.parts.borrow_mut();
        let Parts { ipc, card, clock } = &mut *p;
        for (k, b) in blocks.iter_mut().enumerate() {
            card.read(ipc, *clock, start.0 + k as u32, &mut b.contents)?;
        }
        Ok(())
    }

    fn write(&self, blocks: &[Block], start: BlockIdx) -> Result<(), SdError> {
        let mut p = self.parts.borrow_mut();
        let Parts { ipc, card, clock } = &mut *p;
        let mut check = [0u8; DMA_BLOCKS * BLOCK];
        for (c, chunk) in blocks.chunks(DMA_BLOCKS).enumerate() {
            let lba = start.0 + (c * DMA_BLOCKS) as u32;
            let n = chunk.len() * BLOCK;
            for (k, b) in chunk.iter().enumerate() {
                check[k * BLOCK..(k + 1) * BLOCK].copy_from_slice(&b.contents);
            }
            card.write(ipc, *clock, lba, &check[..n])?;
            card.read(ipc, *clock, lba, &mut check[..n])?;
            let same = chunk
                .iter()
                .enumerate()
                .all(|(k, b)| check[k * BLOCK..(k + 1) * BLOCK] == b.contents);
            if !same {
                return Err(SdError::WriteLost);
            }
        }
        Ok(())
    }

    /// The driver does not read the CSD; this is the most its addressing reaches (SDSC byte
    /// addresses: 4 GiB; SDHC: 2^32 blocks). `embedded-sdmmc` takes sizes from the MBR.
    fn num_blocks(&self) -> Result<BlockCount, SdError> {
        let sdhc = self.parts.borrow().card.sdhc();
        Ok(BlockCount(if sdhc {
            u32::MAX
        } else {
            ((1u64 << 32) / BLOCK as u64) as u32
        }))
    }
}
