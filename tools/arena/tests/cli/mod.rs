//! The arena command-line tests' one way to run the built `arena` binary: its exit code,
//! stdout and stderr. Owns nothing else; each test file says what it checks.

use std::process::Command;

/// Runs `arena ARGS` and returns (exit code, stdout, stderr).
pub fn arena(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(args)
        .output()
        .expect("arena runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
