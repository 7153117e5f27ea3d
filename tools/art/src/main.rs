//! `art`: draws the game's PNG art into `assets/` as clean vector-style images (flat fills,
//! anti-aliased edges). Run `cargo run -p art` after changing a drawing; the PNGs are committed
//! and converted to GX textures at build time by `build/assets.rs`. Writes only `assets/*.png`.
//!
//! Every image's width and height are multiples of 4 (the GX RGBA8 tile edge) and are drawn at
//! the size the game shows them, so nearest sampling is 1:1 on the TV.

mod canvas;
mod items;
mod light;
mod signs;

use std::path::{Path, PathBuf};

fn main() {
    let out: PathBuf = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets"));
    std::fs::create_dir_all(&out).expect("create the assets folder");
    let mut count = 0;
    for (name, canvas) in items::all() {
        assert!(
            canvas.w % 4 == 0 && canvas.h % 4 == 0,
            "{name}: sides must be multiples of 4"
        );
        let path = out.join(format!("{name}.png"));
        write_png(&path, canvas.w, canvas.h, &canvas.to_rgba8());
        count += 1;
    }
    println!("art: wrote {count} images to {}", out.display());
}

fn write_png(path: &Path, w: usize, h: usize, rgba: &[u8]) {
    let file = std::fs::File::create(path).expect("create PNG file");
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), w as u32, h as u32);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc.write_header().expect("PNG header");
    writer.write_image_data(rgba).expect("PNG data");
}
