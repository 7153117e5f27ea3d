//! Senas, the medieval race game from Lorca: board, dice, turn generation, turn builder.
