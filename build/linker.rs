//! Passes `link.ld` to the linker for the Wii binary only (host builds and tests link normally).
//! Must not touch anything else: assets are another build module's job.

use std::env;
use std::path::PathBuf;

/// Tells cargo to link the Wii binary with `link.ld` when the target is PowerPC.
pub fn emit() {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let script = manifest_dir.join("link.ld");
    println!("cargo:rerun-if-changed={}", script.display());
    println!("cargo:rerun-if-changed=build/linker.rs");
    if env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("powerpc") {
        println!("cargo:rustc-link-arg-bins=-T{}", script.display());
    }
}
