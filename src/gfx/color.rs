//! Colours: `Rgba` (straight alpha, 8 bits per channel) and the game's named palette.
//! Every colour the layouts use is named here once, so the look is changed in one place.

/// A colour with straight alpha; `a = 255` is opaque.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgba {
    pub r: u8,
    pub g: u8,
    pub b: u8,
    pub a: u8,
}

impl Rgba {
    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Rgba { r, g, b, a: 255 }
    }
    /// The same colour with alpha `a`.
    pub const fn with_alpha(self, a: u8) -> Self {
        Rgba { a, ..self }
    }
    /// `0xRRGGBBAA`, the GX vertex colour word (bytes R, G, B, A in memory order on the Wii).
    pub const fn to_u32(self) -> u32 {
        (self.r as u32) << 24 | (self.g as u32) << 16 | (self.b as u32) << 8 | self.a as u32
    }
    /// Opaque white: a sprite tint that leaves the art unchanged.
    pub const WHITE: Rgba = Rgba::rgb(255, 255, 255);
    pub const BLACK: Rgba = Rgba::rgb(0, 0, 0);
}

/// The palette of both boards and the menus.
pub mod palette {
    use super::Rgba;
    pub const BACKGROUND: Rgba = Rgba::rgb(22, 38, 52);
    pub const BACKGROUND_BAND: Rgba = Rgba::rgb(28, 48, 66);
    pub const TEXT: Rgba = Rgba::rgb(240, 232, 214);
    pub const TEXT_DIM: Rgba = Rgba::rgb(168, 176, 184);
    pub const TEXT_SHADOW: Rgba = Rgba::rgb(6, 10, 16);
    pub const GOLD: Rgba = Rgba::rgb(250, 200, 70);
    pub const WOOD: Rgba = Rgba::rgb(118, 72, 40);
    pub const WOOD_DARK: Rgba = Rgba::rgb(84, 50, 28);
    pub const FELT: Rgba = Rgba::rgb(38, 96, 70);
    pub const TRAY: Rgba = Rgba::rgb(30, 70, 52);
    /// Player 1 ("light", blancas) pieces' colour, as used for slabs and labels.
    pub const LIGHT_PIECE: Rgba = Rgba::rgb(238, 230, 212);
    /// Player 2 ("dark", negras) pieces' colour.
    pub const DARK_PIECE: Rgba = Rgba::rgb(58, 44, 48);
    /// Legal-target highlight (translucent; drawn over holes and squares).
    pub const HIGHLIGHT: Rgba = Rgba::rgb(255, 214, 64).with_alpha(110);
    pub const HIGHLIGHT_EDGE: Rgba = Rgba::rgb(255, 214, 64);
    /// Outline of the selected piece's hole or square.
    pub const SELECTED: Rgba = Rgba::rgb(90, 230, 240);
    /// Outline of a hint's squares and holes.
    pub const HINT: Rgba = Rgba::rgb(120, 240, 140);
    pub const PAPYRUS: Rgba = Rgba::rgb(228, 208, 162);
    pub const PAPYRUS_DARK: Rgba = Rgba::rgb(206, 180, 130);
    pub const SPECIAL: Rgba = Rgba::rgb(170, 198, 214);
    pub const GROUT: Rgba = Rgba::rgb(92, 66, 40);
    pub const DIM: Rgba = Rgba::rgb(0, 0, 0).with_alpha(140);
    /// Pointer colours per player: 1 blue, 2 orange (then green, pink for spectators).
    pub const POINTERS: [Rgba; 4] = [
        Rgba::rgb(70, 160, 255),
        Rgba::rgb(255, 140, 40),
        Rgba::rgb(90, 220, 110),
        Rgba::rgb(240, 100, 200),
    ];
}
