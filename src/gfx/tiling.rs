//! The GX RGBA8 tiled texture layout: where texel (x, y) lives in the texture bytes.
//! Shared verbatim by the build-time converter (`build/assets.rs` includes this file) and the
//! soft backend's sampler, so both agree on one layout. Pure arithmetic: no I/O, no allocation.
//!
//! Layout (verified texel by texel in Dolphin; libogc gx.c texture formats): 4x4 tiles stored
//! row-major, 64 bytes each; per tile 16 (A, R) byte pairs row-major, then 16 (G, B) pairs.

/// Texel edge length of one RGBA8 tile.
pub const TILE: usize = 4;
/// Bytes of one RGBA8 tile (16 texels x 4 bytes).
pub const TILE_BYTES: usize = 64;

/// Byte offsets of the (A, R) pair and the (G, B) pair of texel (x, y) in an RGBA8 texture
/// `width` texels wide. `width` must be a multiple of [`TILE`].
pub const fn rgba8_offsets(width: usize, x: usize, y: usize) -> (usize, usize) {
    let tile = (y / TILE) * (width / TILE) + x / TILE;
    let i = (y % TILE) * TILE + x % TILE;
    let ar = tile * TILE_BYTES + 2 * i;
    (ar, ar + TILE_BYTES / 2)
}

/// Reads texel (x, y) of a tiled RGBA8 texture as `[r, g, b, a]`.
pub fn rgba8_texel(data: &[u8], width: usize, x: usize, y: usize) -> [u8; 4] {
    let (ar, gb) = rgba8_offsets(width, x, y);
    [data[ar + 1], data[gb], data[gb + 1], data[ar]]
}

/// Writes texel (x, y) of a tiled RGBA8 texture from `[r, g, b, a]`.
pub fn put_rgba8_texel(data: &mut [u8], width: usize, x: usize, y: usize, px: [u8; 4]) {
    let (ar, gb) = rgba8_offsets(width, x, y);
    data[ar] = px[3];
    data[ar + 1] = px[0];
    data[gb] = px[1];
    data[gb + 1] = px[2];
}

/// Size in bytes of a tiled RGBA8 texture (both sides multiples of [`TILE`]).
pub const fn rgba8_size(width: usize, height: usize) -> usize {
    width * height * 4
}
