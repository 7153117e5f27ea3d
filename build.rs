//! Build script: converts the art in `assets/` to GX texture data (see build/assets.rs).
#[path = "build/assets.rs"]
mod assets;

fn main() {
    let manifest = std::path::PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    assets::convert(&manifest, &out);
}
