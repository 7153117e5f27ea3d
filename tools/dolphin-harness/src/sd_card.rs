//! The emulated SD card of a run (Dolphin `Source/Core/Core/Config/MainSettings.cpp` keys):
//! none (`[Core] WiiSDCard = False`), or folder sync inside the run's own user folder: files
//! planted in `USER/Load/WiiSDSync/` are packed into Dolphin's SD image at boot and the image is
//! unpacked back there when Dolphin stops in order (SIGTERM, as the harness stops it), so a
//! test reads the files the game wrote from `Run::sd_path`; or a raw card image planted as
//! Dolphin's SD image file (no sync), read back from [`image_path`] after the run.

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
}

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
        SdCard::Sync(files) => {
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
            config.set("Dolphin.ini", "Core", "WiiSDCardAllowWrites", "True");
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
        SdCard::Image(bytes) => {
            let image = image_path(user);
            if let Some(parent) = image.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(&image, bytes)?;
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
