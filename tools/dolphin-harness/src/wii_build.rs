//! Builds a Wii test program into a `.dol` for an end-to-end test, the way the Makefile builds
//! the game: the game's Wii cargo flags plus the program's selection (`-p NAME`, `--bin NAME`,
//! `--features ...`), then `elf2dol`. One place for what three tests did by hand. Runs cargo and
//! elf2dol only; touches nothing but `target/`.

use crate::locate::target_dir;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The cargo flags of every Wii build (see the Makefile's `WII_FLAGS`).
const WII_FLAGS: [&str; 8] = [
    "build",
    "--release",
    "-q",
    "-Z",
    "json-target-spec",
    "-Z",
    "build-std=core,compiler_builtins",
    "-Z",
];

/// A Wii program to build: `select` are the cargo arguments that pick it (`["-p", "wii-probes", "--bin", "gx-scenes"]`,
/// `["--bin", "senas-senet", "--features", "demo-senas"]`), `elf` the file cargo writes under
/// `target/powerpc-unknown-eabi/release/`, `name` the stem of the `.dol` written to `target/`.
pub struct WiiProgram<'a> {
    pub select: &'a [&'a str],
    pub elf: &'a str,
    pub name: &'a str,
}

/// The `.dol` named by `$var` when set (the Makefile built it), else `program` built now.
/// Panics with cargo's failure: this is test set-up, and a build that fails is a failed test.
pub fn wii_dol(var: &str, program: &WiiProgram) -> PathBuf {
    if let Some(p) = std::env::var_os(var) {
        return PathBuf::from(p);
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("workspace root");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let run = |args: &[&str]| {
        let status = Command::new(&cargo)
            .args(args)
            .current_dir(&root)
            .status()
            .expect("run cargo");
        assert!(status.success(), "cargo {args:?} failed");
    };
    run(&["build", "--release", "-q", "-p", "elf2dol"]);
    let spec = root.join("powerpc-unknown-eabi.json");
    let mut args: Vec<&str> = WII_FLAGS.to_vec();
    args.extend([
        "build-std-features=compiler-builtins-mem",
        "--target",
        spec.to_str().expect("UTF-8 path"),
    ]);
    args.extend(program.select);
    run(&args);
    let target = target_dir();
    // Copied aside at once: another build of the same binary (other features) reuses the path.
    let elf = target.join(format!("{}.elf", program.name));
    std::fs::copy(
        target
            .join("powerpc-unknown-eabi/release")
            .join(program.elf),
        &elf,
    )
    .expect("copy the ELF aside");
    let dol = target.join(format!("{}.dol", program.name));
    // Its segment table is not wanted: it would land inside the test runner's result lines.
    let status = Command::new(target.join("release/elf2dol"))
        .arg(&elf)
        .arg(&dol)
        .stdout(std::process::Stdio::null())
        .status()
        .expect("run elf2dol");
    assert!(status.success(), "elf2dol failed");
    dol
}
