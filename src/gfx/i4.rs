//! The GX I4 texture layout (4-bit intensity, the type's atlases): where texel (x, y) lives and
//! how 8-bit coverage becomes 4 bits and back. Shared verbatim by the build-time rasteriser
//! (`build/font.rs` includes this file) and the soft backend's sampler, so both read one layout.
//! Pure arithmetic: no I/O, no allocation.
//!
//! Layout (Dolphin VideoCommon/TextureDecoder_Generic.cpp, `DecodeBytes_I4_Generic`, and libogc
//! gx.h `GX_TF_I4`): 8x8 tiles stored row-major, 32 bytes each; inside a tile 8 rows of 4 bytes,
//! each byte two texels, the left one in the high nibble. The GPU expands a nibble v to the
//! 8-bit value v * 17 (`Convert4To8`) in all four channels, alpha included.

/// Texel edge length of one I4 tile.
pub const TILE: usize = 8;
/// Bytes of one I4 tile (64 texels x 4 bits).
pub const TILE_BYTES: usize = 32;

/// Byte offset of texel (x, y) in an I4 texture `width` texels wide (a multiple of [`TILE`]),
/// and whether the texel is the byte's high nibble.
pub const fn offset(width: usize, x: usize, y: usize) -> (usize, bool) {
    let tile = (y / TILE) * (width / TILE) + x / TILE;
    let byte = tile * TILE_BYTES + (y % TILE) * (TILE / 2) + (x % TILE) / 2;
    (byte, x.is_multiple_of(2))
}

/// The 4-bit value of texel (x, y); 0 out of range.
pub fn get(data: &[u8], width: usize, x: usize, y: usize) -> u8 {
    if x >= width {
        return 0;
    }
    let (i, high) = offset(width, x, y);
    match data.get(i) {
        Some(b) if high => b >> 4,
        Some(b) => b & 0xF,
        None => 0,
    }
}

/// Writes the 4-bit value `v` (0..=15) of texel (x, y).
pub fn put(data: &mut [u8], width: usize, x: usize, y: usize, v: u8) {
    let (i, high) = offset(width, x, y);
    if high {
        data[i] = (data[i] & 0x0F) | (v & 0xF) << 4;
    } else {
        data[i] = (data[i] & 0xF0) | (v & 0xF);
    }
}

/// Bytes of an I4 texture (both sides multiples of [`TILE`]).
pub const fn size(width: usize, height: usize) -> usize {
    width * height / 2
}

/// 8-bit coverage to the nearest 4-bit value.
pub const fn quantise(coverage: u8) -> u8 {
    ((coverage as u32 * 15 + 127) / 255) as u8
}

/// The 8-bit value the GPU reads for the 4-bit `v` (`Convert4To8`: v << 4 | v).
pub const fn expand(v: u8) -> u8 {
    (v & 0xF) << 4 | (v & 0xF)
}
