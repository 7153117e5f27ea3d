//! Cards formatted without a partition table ("superfloppy": the FAT boot sector at block 0),
//! as Dolphin's own SD image is (`Source/Core/Common/SDCardUtil.cpp` writes the FAT32 boot
//! sector first) and as some cards come. `embedded-sdmmc` reads volumes through an MBR only, so
//! [`Shifted`] shows such a card with a one-block MBR in front (partition 1, type 0x0C, from
//! block 1) and every real block one further on. A card with an MBR passes through unchanged.
//! Owns the detection and the block arithmetic; nothing else.

use embedded_sdmmc::{Block, BlockCount, BlockDevice, BlockIdx};

/// A block device seen through a virtual MBR when it has none.
pub struct Shifted<D: BlockDevice> {
    inner: D,
    /// `Some(blocks)`: a superfloppy of that many blocks.
    floppy: Option<u32>,
}

fn le16(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}
fn le32(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// Block 0 is a FAT boot sector rather than an MBR naming a FAT partition: returns the
/// volume's size in blocks.
pub fn superfloppy_blocks(block0: &[u8; 512]) -> Option<u32> {
    let fat_label = &block0[0x52..0x5A] == b"FAT32   " || &block0[0x36..0x3B] == b"FAT16";
    let jump = block0[0] == 0xEB || block0[0] == 0xE9;
    let mbr_fat = matches!(block0[0x1C2], 0x04 | 0x06 | 0x0B | 0x0C | 0x0E);
    if !(fat_label && jump && le16(block0, 0x0B) == 512 && !mbr_fat) {
        return None;
    }
    let small = u32::from(le16(block0, 0x13));
    Some(if small != 0 {
        small
    } else {
        le32(block0, 0x20)
    })
}

impl<D: BlockDevice> Shifted<D> {
    /// Looks at block 0 and decides.
    pub fn new(inner: D) -> Result<Self, D::Error> {
        let mut b = [Block::new()];
        inner.read(&mut b, BlockIdx(0))?;
        let floppy = superfloppy_blocks(&b[0].contents);
        Ok(Shifted { inner, floppy })
    }
    /// The card had no partition table.
    pub fn is_superfloppy(&self) -> bool {
        self.floppy.is_some()
    }
    pub fn into_inner(self) -> D {
        self.inner
    }

    fn mbr(blocks: u32) -> Block {
        let mut b = Block::new();
        b.contents[0x1BE + 4] = 0x0C;
        b.contents[0x1BE + 8..0x1BE + 12].copy_from_slice(&1u32.to_le_bytes());
        b.contents[0x1BE + 12..0x1BE + 16].copy_from_slice(&blocks.to_le_bytes());
        b.contents[510] = 0x55;
        b.contents[511] = 0xAA;
        b
    }
}

impl<D: BlockDevice> BlockDevice for Shifted<D> {
    type Error = D::Error;

    fn read(&self, blocks: &mut [Block], start: BlockIdx) -> Result<(), D::Error> {
        let Some(n) = self.floppy else {
            return self.inner.read(blocks, start);
        };
        if start.0 == 0 {
            let Some((first, rest)) = blocks.split_first_mut() else {
                return Ok(());
            };
            *first = Self::mbr(n);
            if rest.is_empty() {
                return Ok(());
            }
            return self.inner.read(rest, BlockIdx(0));
        }
        self.inner.read(blocks, BlockIdx(start.0 - 1))
    }

    fn write(&self, blocks: &[Block], start: BlockIdx) -> Result<(), D::Error> {
        if self.floppy.is_none() {
            return self.inner.write(blocks, start);
        }
        if start.0 == 0 {
            // The virtual MBR is not stored anywhere; the FAT layer never writes it.
            return match blocks.split_first() {
                Some((_, rest)) if !rest.is_empty() => self.inner.write(rest, BlockIdx(0)),
                _ => Ok(()),
            };
        }
        self.inner.write(blocks, BlockIdx(start.0 - 1))
    }

    fn num_blocks(&self) -> Result<BlockCount, D::Error> {
        let n = self.inner.num_blocks()?;
        Ok(if self.floppy.is_some() {
            BlockCount(n.0.saturating_add(1))
        } else {
            n
        })
    }
}
