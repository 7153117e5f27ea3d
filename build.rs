//! Build script: one module per job, each in `build/`. Only the linker-script job is here now;
//! asset conversion is added as `build/assets.rs` with one more `mod` line and one call below.

#[path = "build/linker.rs"]
mod linker;

fn main() {
    linker::emit();
}
