//! Starting Dolphin 2503 inside the trixie chroot `make setup` builds (version.rs), with only
//! the folders it needs bind-mounted, and making sure no mount outlives the run.
//!
//! Each run gets its own **private mount namespace** (`unshare --mount --propagation
//! private`, util-linux; mount_namespaces(7)): a small `sh` script bind-mounts `/proc`, `/sys`,
//! `/dev` (with `/dev/pts` and `/dev/shm`), `/tmp` and the folders holding the run's user
//! folder and `.dol` at the same paths inside the chroot, then `exec`s `chroot ROOT stdbuf -oL
//! -eL dolphin-emu-nogui ...`. Every step `exec`s, so the process the harness started *is*
//! Dolphin (its pid, its sockets: gecko_ports.rs), and the mounts exist only in that
//! namespace: they are gone when Dolphin exits, however it ends (SIGTERM, SIGKILL from
//! `KillOnDrop` when a test panics, the test binary itself killed by Ctrl-C). Nothing is ever
//! mounted in the host's namespace, so a chroot can be deleted once no Dolphin runs in it.
//!
//! Belt and braces: before the first 2503 launch of a process, `clean_stale_mounts` unmounts
//! whatever *is* mounted under the chroot in the host's namespace (left by a hand-made run,
//! e.g. the brief's `mount --bind` + `chroot` recipe), deepest first, and says so in
//! `target/dolphin-runs/notes.log`.

use crate::notes::note;
use crate::Error;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// Host folders every run needs inside the chroot (besides the run's own folders).
pub const SYSTEM_MOUNTS: [&str; 4] = ["/proc", "/sys", "/dev", "/tmp"];

/// The script `sh -c` runs inside the new namespace: `$1` is the chroot, then the folders to
/// bind (each at its own path inside), `--`, then the command. `--make-rprivate` on `/` first,
/// in case `unshare` could not set the propagation itself.
const LAUNCH_SCRIPT: &str = r#"set -e
root=$1; shift
mount --make-rprivate /
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
  mkdir -p "$root$1"
  mount --rbind "$1" "$root$1"
  shift
done
shift
exec chroot "$root" "$@"
"#;

/// The folders to bind for a run: the system ones, then `needed` (the user folder's parent,
/// the .dol's folder) without any that lies inside another one already listed.
pub fn mount_list(needed: &[PathBuf]) -> Vec<PathBuf> {
    let mut list: Vec<PathBuf> = SYSTEM_MOUNTS.iter().map(PathBuf::from).collect();
    for n in needed {
        if !list.iter().any(|m| n.starts_with(m)) {
            list.retain(|m| !m.starts_with(n));
            list.push(n.clone());
        }
    }
    list
}

/// The command that runs `program args` (paths inside the chroot) in `root` with `mounts`.
pub fn command(root: &Path, mounts: &[PathBuf], program: &str, args: &[String]) -> Command {
    let mut c = Command::new("unshare");
    c.args(["--mount", "--propagation", "private", "--", "/bin/sh", "-c"])
        .arg(LAUNCH_SCRIPT)
        .arg("senas-dolphin2503")
        .arg(root);
    c.args(mounts).arg("--");
    c.args(["/usr/bin/stdbuf", "-oL", "-eL", program])
        .args(args);
    c
}

/// Checks the chroot is there and holds Dolphin; runs `clean_stale_mounts` once per process.
pub fn check(root: &Path, binary: &str) -> Result<(), Error> {
    let inside = root.join(binary.trim_start_matches('/'));
    if !inside.is_file() || !root.join("usr/bin/stdbuf").is_file() {
        return Err(Error::DolphinMissing(format!(
            "{} (the Dolphin 2503 chroot, SENAS_DOLPHIN=2503; `make setup` builds it)",
            inside.display()
        )));
    }
    static CLEANED: OnceLock<Result<(), String>> = OnceLock::new();
    CLEANED
        .get_or_init(|| clean_stale_mounts(root))
        .clone()
        .map_err(Error::Io)
}

/// Unescapes a mount point of `/proc/self/mountinfo` (`\040` for a space, octal).
fn unescape(field: &str) -> String {
    let b = field.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\'
            && i + 3 < b.len()
            && b[i + 1..i + 4].iter().all(|c| (b'0'..=b'7').contains(c))
        {
            out.push((b[i + 1] - b'0') * 64 + (b[i + 2] - b'0') * 8 + (b[i + 3] - b'0'));
            i += 4;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The mount points at or under `root` in a `/proc/self/mountinfo` text (proc(5): the fifth
/// field), deepest first: the order to unmount them in.
pub fn mounts_under(mountinfo: &str, root: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = mountinfo
        .lines()
        .filter_map(|l| l.split(' ').nth(4))
        .map(|m| PathBuf::from(unescape(m)))
        .filter(|m| m.starts_with(root))
        .collect();
    found.sort_by_key(|m| std::cmp::Reverse(m.components().count()));
    found.dedup();
    found
}

/// Unmounts everything mounted under `root` in this namespace (lazily if busy); an error if
/// anything is still mounted afterwards.
pub fn clean_stale_mounts(root: &Path) -> Result<(), String> {
    let read = || std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    let stale = mounts_under(&read(), root);
    if stale.is_empty() {
        return Ok(());
    }
    note(
        "chroot",
        &format!(
            "{} stale mount(s) under {} (not the harness's: its mounts live in each run's own \
             namespace); unmounting them",
            stale.len(),
            root.display()
        ),
    );
    for m in &stale {
        let ok = Command::new("umount")
            .arg(m)
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            let _ = Command::new("umount").arg("-l").arg(m).status();
        }
    }
    let left = mounts_under(&read(), root);
    if left.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "could not unmount {} under the Dolphin 2503 chroot: {}",
            left.len(),
            left.iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOUNTINFO: &str = "\
22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw
25 22 0:5 / /dev rw,relatime shared:2 - devtmpfs devtmpfs rw
90 22 0:5 / /var/cache/senas-dolphin2503/dev rw,relatime shared:2 - devtmpfs devtmpfs rw
91 90 0:20 / /var/cache/senas-dolphin2503/dev/pts rw,relatime shared:3 - devpts devpts rw
92 22 254:0 /work/my\\040tree /var/cache/senas-dolphin2503/work/my\\040tree rw - ext4 /dev/vda rw
93 22 254:0 / /var/cache/senas-dolphin2503-other/x rw - ext4 /dev/vda rw
";

    #[test]
    fn stale_mounts_under_the_chroot_are_found_deepest_first() {
        let m = mounts_under(MOUNTINFO, Path::new("/var/cache/senas-dolphin2503"));
        assert_eq!(
            m,
            vec![
                PathBuf::from("/var/cache/senas-dolphin2503/dev/pts"),
                PathBuf::from("/var/cache/senas-dolphin2503/work/my tree"),
                PathBuf::from("/var/cache/senas-dolphin2503/dev"),
            ]
        );
        assert!(mounts_under(MOUNTINFO, Path::new("/nowhere")).is_empty());
        assert!(mounts_under("", Path::new("/")).is_empty());
    }

    #[test]
    fn a_run_binds_the_system_folders_and_each_needed_folder_once() {
        let l = mount_list(&[
            PathBuf::from("/work/t/target/dolphin-runs"),
            PathBuf::from("/work/t/target"),
            PathBuf::from("/tmp/x"),
            PathBuf::from("/work/t/target/senas"),
        ]);
        let want: Vec<PathBuf> = ["/proc", "/sys", "/dev", "/tmp", "/work/t/target"]
            .iter()
            .map(PathBuf::from)
            .collect();
        assert_eq!(l, want);
    }

    #[test]
    fn the_command_execs_into_the_chroot_with_the_mounts_before_the_program() {
        let c = command(
            Path::new("/r"),
            &[PathBuf::from("/proc"), PathBuf::from("/w")],
            "/usr/games/dolphin-emu-nogui",
            &["-u".to_string(), "/w/u".to_string()],
        );
        assert_eq!(c.get_program(), "unshare");
        let args: Vec<String> = c
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let at = args.iter().position(|a| a == "senas-dolphin2503").unwrap();
        assert_eq!(
            args[at + 1..],
            [
                "/r",
                "/proc",
                "/w",
                "--",
                "/usr/bin/stdbuf",
                "-oL",
                "-eL",
                "/usr/games/dolphin-emu-nogui",
                "-u",
                "/w/u"
            ]
        );
        assert!(args.contains(&"--mount".to_string()));
        assert!(LAUNCH_SCRIPT.contains("exec chroot"));
    }
}
