//! Where things are: the cargo target folder (run folders live under it), the Dolphin binary,
//! and the game's .dol files (from the environment or the Makefile's stable paths).

use crate::Error;
use std::path::{Path, PathBuf};

/// The workspace's `target/` folder: `$CARGO_TARGET_DIR`, else the `target` folder above the
/// running test executable, else the system temp folder.
pub fn target_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(dir);
    }
    if let Ok(exe) = std::env::current_exe() {
        if let Some(t) = exe
            .ancestors()
            .find(|p| p.file_name().is_some_and(|n| n == "target"))
        {
            return t.to_path_buf();
        }
    }
    std::env::temp_dir()
}

/// `dolphin-emu-nogui`: `$DOLPHIN_EMU_NOGUI`, else `/usr/games/dolphin-emu-nogui`, else PATH.
pub fn dolphin_binary() -> Result<PathBuf, Error> {
    if let Some(p) = std::env::var_os("DOLPHIN_EMU_NOGUI") {
        let p = PathBuf::from(p);
        return if p.is_file() {
            Ok(p)
        } else {
            Err(Error::DolphinMissing(p.display().to_string()))
        };
    }
    let default = Path::new("/usr/games/dolphin-emu-nogui");
    if default.is_file() {
        return Ok(default.to_path_buf());
    }
    let found = std::env::var_os("PATH").map(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join("dolphin-emu-nogui"))
            .find(|p| p.is_file())
    });
    found
        .flatten()
        .ok_or_else(|| Error::DolphinMissing(default.display().to_string()))
}

/// A game .dol: the path in `$var` if set, else `target/<file>` (the Makefile's output).
pub fn game_dol(var: &str, file: &str) -> Result<PathBuf, Error> {
    let path = match std::env::var_os(var) {
        Some(p) => PathBuf::from(p),
        None => target_dir().join(file),
    };
    if path.is_file() {
        Ok(path)
    } else {
        Err(Error::DolMissing(path))
    }
}
