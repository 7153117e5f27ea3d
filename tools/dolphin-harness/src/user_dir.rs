//! The private user folder of each run under `target/dolphin-runs/`, and the frame dumps in it.

use crate::locate::target_dir;
use crate::Error;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

static RUN_SEQ: AtomicUsize = AtomicUsize::new(0);

/// `target/dolphin-runs/NAME-PID-N`, fresh; removes earlier folders of the same name whose
/// process is gone.
pub(crate) fn fresh_user_dir(name: &str) -> Result<PathBuf, Error> {
    let runs = target_dir().join("dolphin-runs");
    std::fs::create_dir_all(&runs)
        .map_err(|e| Error::Io(format!("create {}: {e}", runs.display())))?;
    if let Ok(entries) = std::fs::read_dir(&runs) {
        for entry in entries.flatten() {
            let file_name = entry.file_name().to_string_lossy().into_owned();
            let Some(rest) = file_name.strip_prefix(&format!("{name}-")) else {
                continue;
            };
            let pid = rest.split('-').next().and_then(|p| p.parse::<u32>().ok());
            if let Some(pid) = pid {
                if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
                    let _ = std::fs::remove_dir_all(entry.path());
                }
            }
        }
    }
    let seq = RUN_SEQ.fetch_add(1, Ordering::Relaxed);
    let dir = runs.join(format!("{name}-{}-{seq}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)
        .map_err(|e| Error::Io(format!("create {}: {e}", dir.display())))?;
    Ok(dir)
}

/// `framedump_N.png` files sorted by N.
pub(crate) fn frame_paths(dir: &Path) -> Vec<PathBuf> {
    let mut frames: Vec<(u64, PathBuf)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let n = name
                .strip_prefix("framedump_")?
                .strip_suffix(".png")?
                .parse()
                .ok()?;
            Some((n, e.path()))
        })
        .collect();
    frames.sort();
    frames.into_iter().map(|(_, p)| p).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_dumps_sort_by_number_not_by_name() {
        let dir = std::env::temp_dir().join(format!("harness-frames-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for n in [10, 2, 1] {
            std::fs::write(dir.join(format!("framedump_{n}.png")), b"").unwrap();
        }
        std::fs::write(dir.join("other.txt"), b"").unwrap();
        let names: Vec<String> = frame_paths(&dir)
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            names,
            ["framedump_1.png", "framedump_2.png", "framedump_10.png"]
        );
    }
}
