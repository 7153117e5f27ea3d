//! The front SD card slot through IOS `/dev/sdio/slot0`: the card's command sequence (libogc
//! `libogc/wiisd.c`, as emulated by Dolphin `Source/Core/Core/IOS/SDIO/SDIOSlot0.cpp`), block
//! reads and writes with multiple-block commands only (Dolphin implements no single-block
//! ones), SDSC byte addressing and SDHC block addressing, a 32-byte-aligned DMA buffer with
//! cache maintenance through the IPC client, and every IOS failure as a typed [`SdError`].
//! [`SdBlocks`] lends the card to the FAT layer (`embedded-sdmmc`'s `BlockDevice`).
//!
//! Owns the slot's fd and the card's addressing; knows nothing about files or saves.

mod blocks;
mod card;
mod protocol;

#[cfg(test)]
pub(crate) mod fake;

pub use blocks::SdBlocks;
pub use card::{DmaBuf, SdCard, SdError, DMA_BLOCKS};
pub use protocol::{Command, Status, BLOCK};

#[cfg(test)]
pub(crate) mod tests;
