//! Square numbering and bitboards: bit `s` of a `u32` is square `s` (1..=30).
//!
//! Squares run 1..=30 along the boustrophedon path (1-10 left to right, 11-20 right to left,
//! 21-30 left to right), so numerically adjacent squares are adjacent on the path. Bit 0 and
//! bit 31 are never set in a board. [`OFF`] (31) names "borne off" in moves. Pure bit arithmetic.

/// The first square.
pub const FIRST: u8 = 1;
/// The last square.
pub const LAST: u8 = 30;
/// The pseudo-square a piece moves to when it is borne off.
pub const OFF: u8 = 31;
/// Every square of the board as a bitboard.
pub const ALL_SQUARES: u32 = ((1u32 << 31) - 1) & !1;

/// The bitboard with only `square` set.
#[inline]
pub const fn bit(square: u8) -> u32 {
    1u32 << square
}

/// Whether `square` is a board square (1..=30).
#[inline]
pub const fn on_board(square: u8) -> bool {
    square >= FIRST && square <= LAST
}

/// The squares of a bitboard, lowest first.
#[inline]
pub fn squares(mut board: u32) -> impl Iterator<Item = u8> {
    core::iter::from_fn(move || {
        if board == 0 {
            None
        } else {
            let s = board.trailing_zeros() as u8;
            board &= board - 1;
            Some(s)
        }
    })
}

/// The row (0, 1, 2, top to bottom) and column (0..=9, left to right) where a square is drawn.
pub const fn row_col(square: u8) -> (u8, u8) {
    let i = square - 1;
    let row = i / 10;
    let along = i % 10;
    let col = if row == 1 { 9 - along } else { along };
    (row, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_squares_is_one_to_thirty() {
        assert_eq!(ALL_SQUARES.count_ones(), 30);
        assert_eq!(ALL_SQUARES & (bit(0) | bit(31)), 0);
        assert!(squares(ALL_SQUARES).eq(1..=30));
    }

    #[test]
    fn path_is_boustrophedon_so_consecutive_squares_touch() {
        assert_eq!(row_col(1), (0, 0));
        assert_eq!(row_col(10), (0, 9));
        assert_eq!(row_col(11), (1, 9));
        assert_eq!(row_col(20), (1, 0));
        assert_eq!(row_col(21), (2, 0));
        assert_eq!(row_col(30), (2, 9));
        for s in 1..30u8 {
            let (r0, c0) = row_col(s);
            let (r1, c1) = row_col(s + 1);
            assert_eq!(
                r0.abs_diff(r1) + c0.abs_diff(c1),
                1,
                "squares {s} and {}",
                s + 1
            );
        }
    }
}
