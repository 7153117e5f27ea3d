//! What the motion tests read of a frame's draw list: the pieces drawn (untinted), their
//! shadows (dark translucent silhouettes), and each game's piece art.

use senas_senet::games::senas::Side as SenasSide;
use senas_senet::games::senet::Side as SenetSide;
use senas_senet::gfx::{AssetId, Item, Rect, Rgba};

use super::Harness;

/// The pieces the frame draws untinted (not shadows): art and rect, in draw order.
pub fn pieces(h: &Harness) -> Vec<(AssetId, Rect)> {
    h.list
        .items()
        .filter_map(|i| match i {
            Item::Sprite {
                asset:
                    a @ (AssetId::Cone | AssetId::Spool | AssetId::PieceLight | AssetId::PieceDark),
                rect,
                tint: Rgba::WHITE,
                ..
            } => Some((a, rect)),
            _ => None,
        })
        .collect()
}

/// The shadows the frame draws (dark translucent silhouettes of a piece's art).
pub fn shadows(h: &Harness) -> Vec<(AssetId, Rect)> {
    h.list
        .items()
        .filter_map(|i| match i {
            Item::Sprite {
                asset, rect, tint, ..
            } if (tint.r, tint.g, tint.b) == (0, 0, 0) && tint.a < 255 => Some((asset, rect)),
            _ => None,
        })
        .collect()
}

/// Whether `shadows` hold one of `art` that falls below and to the right of `piece`, as from
/// high in the air (at least `drop` pixels below it).
pub fn shadowed(shadows: &[(AssetId, Rect)], art: AssetId, piece: Rect, drop: i16) -> bool {
    shadows
        .iter()
        .any(|&(a, r)| a == art && r.x >= piece.x && r.y >= piece.y + drop)
}

pub fn up(r: Rect, d: i16) -> Rect {
    Rect::new(r.x, r.y - d, r.w, r.h)
}

/// The art of a senet side's pieces.
pub fn senet_art(s: SenetSide) -> AssetId {
    match s {
        SenetSide::A => AssetId::Cone,
        SenetSide::B => AssetId::Spool,
    }
}

/// The art of a senas side's pieces.
pub fn senas_art(s: SenasSide) -> AssetId {
    match s {
        SenasSide::White => AssetId::PieceLight,
        SenasSide::Black => AssetId::PieceDark,
    }
}
