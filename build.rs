//! Build script: one module per job, each in `build/`: the linker script for the Wii build
//! (`build/linker.rs`) and the art in `assets/` converted to GX texture data and RGBA for the
//! soft backend (`build/assets.rs`), the type rasterised into GX I4 atlases with its metrics
//! and kerning (`build/font.rs`), and the sound effects and note table synthesised by our
//! own code (`build/sfx.rs`).

#[path = "build/assets.rs"]
mod assets;
#[path = "build/font.rs"]
mod font;
#[path = "build/linker.rs"]
mod linker;
#[path = "build/sfx.rs"]
mod sfx;

fn main() {
    linker::emit();
    let manifest = std::path::PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    assets::convert(&manifest, &out);
    font::generate(&manifest, &out);
    sfx::generate(&out);
}
