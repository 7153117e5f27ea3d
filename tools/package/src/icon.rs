//! The 128x48 Homebrew Channel icon, drawn with the game's own draw list and soft renderer (so
//! it uses the same art and font as the game) and cropped from the 640x480 frame.

use senas_senet::gfx::{palette, AssetId, DrawList, Rect, Rgba, SoftRenderer};

pub const WIDTH: usize = 128;
pub const HEIGHT: usize = 48;

/// The icon's pixels, RGBA, row by row.
pub fn rgba() -> Vec<u8> {
    let mut list = DrawList::new(palette::WOOD_DARK);
    list.fill(Rect::new(2, 2, 124, 44), palette::FELT);
    list.sprite(AssetId::Die5, Rect::new(5, 6, 36, 36), Rgba::WHITE, false);
    list.sprite(
        AssetId::PieceLight,
        Rect::new(30, 22, 22, 22),
        Rgba::WHITE,
        false,
    );
    list.text(55, 3, "Senas", palette::GOLD, 1);
    list.text(55, 24, "& Senet", palette::TEXT, 1);
    let mut frame = vec![0u8; 640 * 480 * 4];
    SoftRenderer::new().render(&list, &mut frame);
    let mut out = Vec::with_capacity(WIDTH * HEIGHT * 4);
    for y in 0..HEIGHT {
        out.extend_from_slice(&frame[y * 640 * 4..(y * 640 + WIDTH) * 4]);
    }
    out
}

/// The icon as PNG bytes.
pub fn png() -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let mut enc = png::Encoder::new(&mut bytes, WIDTH as u32, HEIGHT as u32);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    let mut w = enc.write_header().map_err(|e| e.to_string())?;
    w.write_image_data(&rgba()).map_err(|e| e.to_string())?;
    w.finish().map_err(|e| e.to_string())?;
    Ok(bytes)
}
