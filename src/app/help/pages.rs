//! The how-to-play pages of each game: a title, a short paragraph (what a new player needs at
//! the board; every rule is in docs/rules.md) and the diagram that shows it. Text only; the
//! diagrams are drawn by `senas_figs` and `senet_figs`.

/// The diagram of a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    SenasBoard,
    SenasDice,
    SenasMoving,
    SenasStart,
    SenasBearOff,
    SenetPath,
    SenetSticks,
    SenetCapture,
    SenetBarrier,
    SenetWater,
}

/// One page: a title, a paragraph and its diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    pub title: &'static str,
    pub body: &'static str,
    pub figure: Figure,
}

const fn page(title: &'static str, body: &'static str, figure: Figure) -> Page {
    Page {
        title,
        body,
        figure,
    }
}

pub const SENAS: [Page; 5] = [
    page(
        "Senas (Lorca, 13th century): the board",
        "Each side starts with 15 pieces on one hole. White (light) runs along the arrows \
         through four senas of six holes and bears off at the top right; Black (dark) runs \
         the mirror way. First to bear off all 15 wins.",
        Figure::SenasBoard,
    ),
    page(
        "Senas: the dice",
        "Roll three dice. Three different numbers give three moves; a pair counts four times \
         plus the odd die; a triple gives six moves. Three sixes are a tute: play them, then \
         roll again.",
        Figure::SenasDice,
    ),
    page(
        "Senas: moving",
        "Point at a piece and press A, then A on a lit hole (or use the D-pad). A hole held \
         by the opponent is closed; passing over it is fine. B takes a move back until you \
         confirm with A. Button 1: hint.",
        Figure::SenasMoving,
    ),
    page(
        "Senas: the start",
        "The first piece (the runner) goes alone until it reaches the fourth sena; then others \
         may leave the start. At the end of a turn your pieces may hold at most two holes of \
         your first sena.",
        Figure::SenasStart,
    ),
    page(
        "Senas: gifts and bearing off",
        "Play as many dice as you can; numbers you cannot use go to the opponent as a gift, \
         played before their roll. Bear off once all your pieces are in the fourth sena.",
        Figure::SenasBearOff,
    ),
];

pub const SENET: [Page; 5] = [
    page(
        "Senet (ancient Egypt): the path",
        "Five cones against five spools. Every piece runs the S path from square 1 to 30 and \
         off past 30. First to bear off all five wins.",
        Figure::SenetPath,
    ),
    page(
        "Senet: the sticks",
        "Throw four sticks: the white faces up give the move, 1 to 4; no white face gives 6. \
         After a 1, a 3 or a 6 you throw again.",
        Figure::SenetSticks,
    ),
    page(
        "Senet: capturing",
        "Move one piece forward by the throw. Landing on a lone opponent swaps the two. A \
         piece with one of its colour beside it is protected.",
        Figure::SenetCapture,
    ),
    page(
        "Senet: barriers and moving back",
        "Three pieces of one side in a row are a barrier the opponent cannot pass. With no \
         forward move you must move back; with no move at all the throw is lost.",
        Figure::SenetBarrier,
    ),
    page(
        "Senet: the water and safe squares",
        "A piece landing on 27 falls in the water and starts again from 15 (or the lowest \
         free square if 15 is taken). Pieces on 26, 28, 29 and 30 are safe.",
        Figure::SenetWater,
    ),
];
