//! Links the Wii builds of these test programs (`src/bin/*.rs`) with the game's `link.ld`
//! (same memory layout, same `_start`). Host builds link normally.
fn main() {
    // Read at run time: a build script binary may be reused from another checkout.
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let script = std::path::Path::new(&manifest).join("../../link.ld");
    println!("cargo:rerun-if-changed={}", script.display());
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("powerpc") {
        println!("cargo:rustc-link-arg-bins=-T{}", script.display());
    }
}
