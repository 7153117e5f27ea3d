//! The emulated SD card of a run (Dolphin `Source/Core/Core/Config/MainSettings.cpp` keys):
//! none (`[Core] WiiSDCard = False`), or folder sync inside the run's own user folder: files
//! planted in `USER/Load/WiiSDSync/` are packed into Dolphin's SD image at boot and the image is
//! unpacked back there when Dolphin stops in order (SIGTERM, as the harness stops it), so a
//! test reads the files the game wrote from `Run::sd_path`; or a raw card image planted as
//! Dolphin's SD image file (no sync), read back from [`image_path`] after the run; or folder
//! sync with writes refused (`[Core] WiiSDCardAllowWrites = False`: Dolphin answers a write
//! and drops it, `SDIOSlot0.cpp`); or a sparse SDHC-size image holding an empty FAT32 volume
//! (over 2 GiB, so Dolphin reports the card as SDHC and the game's block addressing runs).

use crate::config::Config;
use std::path::{Path, PathBuf};

/// The SD card a run has.
#[derive(Clone, Debug, Default)]
pub enum SdCard {
    /// Dolphin's default (a card image it creates in the user folder, no sync).
    #[default]
    Default,
    /// No card in the slot.
    None,
    /// Folder sync with these files planted first (paths relative to the card's root).
    Sync(Vec<(String, Vec<u8>)>),
    /// This raw image as the card (Dolphin opens an existing image file as it is), writes
    /// allowed, no folder sync.
    Image(Vec<u8>),
    /// Folder sync with these files planted, every write refused (dropped) by Dolphin.
    ReadOnly(Vec<(String, Vec<u8>)>),
    /// A sparse image file of this many bytes, an empty FAT32 volume on it (MBR, one 0x0C
    /// partition), writes allowed, no folder sync. Over 2 GiB it is an SDHC card.
    SparseFat32(u64),
}

/// The size of an SDHC test card: 4 GiB (Dolphin reports SDHC above 2 GiB, `SDIOSlot0.cpp`
/// `SDSC_MAX_SIZE`).
pub const SDHC_TEST_BYTES: u64 = 4 << 30;

/// Dolphin's SD image file of a run with `SdCard::Sync` or `SdCard::Image`.
pub fn image_path(user: &Path) -> PathBuf {
    user.join("Load").join("WiiSD.raw")
}

/// The synced folder of a run's user folder.
pub fn sync_dir(user: &Path) -> PathBuf {
    user.join("Load").join("WiiSDSync")
}

/// Sets the card's config keys and plants the files.
pub(crate) fn prepare(card: &SdCard, user: &Path, config: &mut Config) -> std::io::Result<()> {
    match card {
        SdCard::Default => {}
        SdCard::None => config.set("Dolphin.ini", "Core", "WiiSDCard", "False"),
        SdCard::Sync(files) | SdCard::ReadOnly(files) => {
            let dir = sync_dir(user);
            std::fs::create_dir_all(&dir)?;
            for (rel, bytes) in files {
                let path = dir.join(rel);
                if rel.ends_with('/') {
                    std::fs::create_dir_all(&path)?;
                    continue;
                }
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                std::fs::write(&path, bytes)?;
            }
            config.set("Dolphin.ini", "Core", "WiiSDCard", "True");
            config.set("Dolphin.ini", "Core", "WiiSDCardEnableFolderSync", "True");
            let writes = if matches!(card, SdCard::ReadOnly(_)) {
                "False"
            } else {
                "True"
            };
            config.set("Dolphin.ini", "Core", "WiiSDCardAllowWrites", writes);
            let image = image_path(user);
            config.set(
                "Dolphin.ini",
                "General",
                "WiiSDCardPath",
                &image.to_string_lossy(),
            );
            let mut sync = dir.to_string_lossy().into_owned();
            sync.push('/');
            config.set("Dolphin.ini", "General", "WiiSDCardSyncFolder", &sync);
        }
        SdCard::Image(_) | SdCard::SparseFat32(_) => {
            let image = image_path(user);
            if let Some(parent) = image.parent() {
                std::fs::create_dir_all(parent)?;
            }
            match card {
                SdCard::SparseFat32(size) => {
                    let f = std::fs::File::create(&image)?;
                    f.set_len(*size)?;
                    use std::os::unix::fs::FileExt;
                    for (lba, block) in fat32_front(*size) {
                        f.write_all_at(&block, lba * 512)?;
                    }
                }
                SdCard::Image(bytes) => std::fs::write(&image, bytes)?,
                _ => unreachable!("matched above"),
            }
            config.set("Dolphin.ini", "Core", "WiiSDCard", "True");
            config.set("Dolphin.ini", "Core", "WiiSDCardEnableFolderSync", "False");
            config.set("Dolphin.ini", "Core", "WiiSDCardAllowWrites", "True");
            config.set(
                "Dolphin.ini",
                "General",
                "WiiSDCardPath",
                &image.to_string_lossy(),
            );
        }
    }
    Ok(())
}

/// The first partition's start (1 MiB, as SD card formatters align it).
const PART_START: u64 = 2048;
const RESERVED: u64 = 32;
/// Sectors per cluster: 32 KiB clusters (the SD Association's formatter uses 32 KiB for
/// 4-32 GiB cards).
const CLUSTER_SECTORS: u64 = 64;

/// The non-zero blocks of an empty FAT32 volume filling a card of `size` bytes: the MBR with
/// one FAT32 LBA partition, the boot sector, FSInfo, the first FAT entries of both FATs and
/// an empty root directory (zero, so not listed). Layout after Microsoft's FAT specification
/// (fatgen103); everything else of the card reads as zero.
pub fn fat32_front(size: u64) -> Vec<(u64, [u8; 512])> {
    let sectors = size / 512;
    let part = sectors - PART_START;
    // FAT size: enough 4-byte entries for every cluster of the data area (rounded up).
    let clusters = part / CLUSTER_SECTORS;
    let fat = (clusters + 2).div_ceil(128);
    let mut mbr = [0u8; 512];
    mbr[0x1BE + 4] = 0x0C;
    mbr[0x1BE + 8..0x1BE + 12].copy_from_slice(&(PART_START as u32).to_le_bytes());
    mbr[0x1BE + 12..0x1BE + 16].copy_from_slice(&(part as u32).to_le_bytes());
    mbr[510..].copy_from_slice(&[0x55, 0xAA]);
    let mut bpb = [0u8; 512];
    bpb[..3].copy_from_slice(&[0xEB, 0x58, 0x90]);
    bpb[3..11].copy_from_slice(b"MSWIN4.1");
    bpb[11..13].copy_from_slice(&512u16.to_le_bytes());
    bpb[13] = CLUSTER_SECTORS as u8;
    bpb[14..16].copy_from_slice(&(RESERVED as u16).to_le_bytes());
    bpb[16] = 2;
    bpb[21] = 0xF8;
    bpb[24..26].copy_from_slice(&63u16.to_le_bytes());
    bpb[26..28].copy_from_slice(&255u16.to_le_bytes());
    bpb[28..32].copy_from_slice(&(PART_START as u32).to_le_bytes());
    bpb[32..36].copy_from_slice(&(part as u32).to_le_bytes());
    bpb[36..40].copy_from_slice(&(fat as u32).to_le_bytes());
    bpb[44..48].copy_from_slice(&2u32.to_le_bytes());
    bpb[48..50].copy_from_slice(&1u16.to_le_bytes());
    bpb[50..52].copy_from_slice(&6u16.to_le_bytes());
    bpb[64..71].copy_from_slice(&[0x80, 0, 0x29, 1, 2, 3, 4]);
    bpb[71..90].copy_from_slice(b"NO NAME    FAT32   ");
    bpb[510..].copy_from_slice(&[0x55, 0xAA]);
    let mut info = [0u8; 512];
    info[..4].copy_from_slice(&0x4161_5252u32.to_le_bytes());
    info[484..488].copy_from_slice(&0x6141_7272u32.to_le_bytes());
    info[488..496].copy_from_slice(&[0xFF; 8]);
    info[508..].copy_from_slice(&0xAA55_0000u32.to_le_bytes());
    let mut fat0 = [0u8; 512];
    for (i, v) in [0x0FFF_FFF8u32, 0x0FFF_FFFF, 0x0FFF_FFFF]
        .iter()
        .enumerate()
    {
        fat0[i * 4..i * 4 + 4].copy_from_slice(&v.to_le_bytes());
    }
    let p = PART_START;
    vec![
        (0, mbr),
        (p, bpb),
        (p + 1, info),
        (p + 6, bpb),
        (p + 7, info),
        (p + RESERVED, fat0),
        (p + RESERVED + fat, fat0),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_4_gib_fat32_card_has_a_partition_a_boot_sector_and_fats_that_cover_every_cluster() {
        let front = fat32_front(SDHC_TEST_BYTES);
        let block = |lba: u64| front.iter().find(|b| b.0 == lba).map(|b| b.1).unwrap();
        let mbr = block(0);
        assert_eq!(mbr[0x1BE + 4], 0x0C);
        assert_eq!(&mbr[510..], &[0x55, 0xAA]);
        let bpb = block(PART_START);
        let u32_at =
            |b: &[u8; 512], at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap());
        let total = u64::from(u32_at(&bpb, 32));
        let fat = u64::from(u32_at(&bpb, 36));
        assert_eq!(total, SDHC_TEST_BYTES / 512 - PART_START);
        let data = total - RESERVED - 2 * fat;
        let clusters = data / CLUSTER_SECTORS;
        // FAT32 needs at least 65 525 clusters, and every one needs its FAT entry.
        assert!(clusters >= 65_525, "{clusters}");
        assert!(fat * 128 >= clusters + 2);
        assert_eq!(
            &block(PART_START + RESERVED)[..4],
            &0x0FFF_FFF8u32.to_le_bytes()
        );
        assert_eq!(
            block(PART_START + RESERVED + fat),
            block(PART_START + RESERVED)
        );
        const { assert!(SDHC_TEST_BYTES > 2 << 30, "Dolphin's SDHC threshold") };
    }
}
