//! The game's pictures, converted at build time (build/assets.rs) from `assets/*.png` into GX
//! RGBA8 tiled texture data: `AssetId` names them, `Texture` holds the bytes (32-byte aligned,
//! as GX texture DMA needs). The soft backend samples the same tiled bytes, so host tests check
//! the very data the GPU reads. Read-only data; no conversion at run time.

/// Wrapper that aligns its contents to 32 bytes (GX texture and DMA alignment).
#[repr(C, align(32))]
pub struct Align32<T: ?Sized>(pub T);

/// One converted picture.
#[derive(Debug)]
pub struct Texture {
    /// File stem in `assets/`.
    pub name: &'static str,
    pub width: u16,
    pub height: u16,
    /// GX RGBA8 tiles (see gfx/tiling.rs), 32-byte aligned, `width * height * 4` bytes.
    pub gx_rgba8: &'static [u8],
    /// The PNG's linear RGBA rows, kept for tests that check the conversion.
    #[cfg(test)]
    pub rgba: &'static [u8],
}

impl Texture {
    /// Texel (x, y) as `[r, g, b, a]`, read from the GX tiles.
    pub fn texel(&self, x: usize, y: usize) -> [u8; 4] {
        super::tiling::rgba8_texel(self.gx_rgba8, self.width as usize, x, y)
    }
}

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

impl AssetId {
    /// The converted texture of this asset.
    pub fn texture(self) -> &'static Texture {
        &TEXTURES[self as usize]
    }

    /// The die face art for a value 1..=6 (the game's one die-face table); `None` for any
    /// other value.
    pub fn die_face(v: u8) -> Option<AssetId> {
        const FACES: [AssetId; 6] = [
            AssetId::Die1,
            AssetId::Die2,
            AssetId::Die3,
            AssetId::Die4,
            AssetId::Die5,
            AssetId::Die6,
        ];
        FACES.get(usize::from(v.checked_sub(1)?)).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_texture_is_aligned_and_sized_for_gx() {
        for id in AssetId::ALL {
            let t = id.texture();
            assert_eq!(t.gx_rgba8.as_ptr() as usize % 32, 0, "{}", t.name);
            assert_eq!(
                t.gx_rgba8.len(),
                t.width as usize * t.height as usize * 4,
                "{}",
                t.name
            );
            assert!(t.width % 4 == 0 && t.height % 4 == 0, "{}", t.name);
        }
    }

    #[test]
    fn tiled_texels_match_the_png_pixels_everywhere() {
        for id in AssetId::ALL {
            let t = id.texture();
            for y in 0..t.height as usize {
                for x in 0..t.width as usize {
                    let i = (y * t.width as usize + x) * 4;
                    assert_eq!(t.texel(x, y), t.rgba[i..i + 4], "{} at ({x},{y})", t.name);
                }
            }
        }
    }

    #[test]
    fn die_faces_are_the_die_pictures_of_their_value_and_nothing_else() {
        for v in 1..=6u8 {
            let face = AssetId::die_face(v).map(|id| id.texture().name);
            assert_eq!(face, Some(std::format!("die_{v}").as_str()), "value {v}");
        }
        for v in [0, 7, 255] {
            assert_eq!(AssetId::die_face(v), None, "value {v}");
        }
    }

    #[test]
    fn first_tile_stores_alpha_red_pairs_then_green_blue_pairs() {
        let t = AssetId::Die1.texture();
        // Texel (1, 0) is the second pair of each half of tile 0.
        let px = &t.rgba[4..8];
        assert_eq!([t.gx_rgba8[2], t.gx_rgba8[3]], [px[3], px[0]]);
        assert_eq!([t.gx_rgba8[34], t.gx_rgba8[35]], [px[1], px[2]]);
    }
}
