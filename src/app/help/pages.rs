//! The how-to-play pages of each game in each language: a title, a short paragraph (what a new
//! player needs at the board; every rule is in docs/rules.md) and the diagram that shows it,
//! plus one page per senet rule set saying how it differs, and the words the diagrams write
//! (`Words`). Text only; the diagrams are drawn by `senas_figs` and `senet_figs`.

use crate::games::senet::Variant;

use super::super::refusals::{self, Refusals};
use super::super::settings::Language;

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
    /// The special squares of one senet rule set.
    SenetRules(Variant),
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
         confirm with A. Button 1: hint. Classic Controller: as the GameCube pad, L or R for \
         the hint. Nunchuk: stick to move, Z is A, C is B. - and + together: \
         screenshot.",
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
         off past 30. First to bear off all five wins. - and + together save a screenshot on \
         the SD card.",
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

pub const SENAS_ES: [Page; 5] = [
    page(
        "Senas (Lorca, siglo XIII): el tablero",
        "Cada bando sale con 15 piezas en una casa. Las blancas (claras) siguen las flechas por \
         cuatro senas de seis casas y salen arriba a la derecha; las negras (oscuras) van en \
         sentido contrario. Gana quien saque antes sus 15 piezas.",
        Figure::SenasBoard,
    ),
    page(
        "Senas: los dados",
        "Se tiran tres dados. Tres números distintos dan tres jugadas; una pareja vale cuatro \
         veces más el dado suelto; un trío da seis jugadas. Tres seises son tute: se juegan y \
         se vuelve a tirar.",
        Figure::SenasDice,
    ),
    page(
        "Senas: mover",
        "Apunta a una pieza y pulsa A, luego A en una casa iluminada (o usa la cruceta). Una \
         casa del rival está cerrada, pero se puede saltar. B deshace una jugada \
         hasta que confirmas con A. Botón 1: pista. Mando Clásico: como el de GameCube, L o R \
         para la pista. Nunchuk: palanca para moverse, Z es A, C es B. - y + a la vez: \
         captura.",
        Figure::SenasMoving,
    ),
    page(
        "Senas: la salida",
        "La primera pieza (la corredora) va sola hasta llegar a la cuarta sena; después pueden \
         salir las demás. Al acabar el turno tus piezas pueden ocupar como mucho dos casas de \
         tu primera sena.",
        Figure::SenasStart,
    ),
    page(
        "Senas: regalos y sacar piezas",
        "Juega tantos dados como puedas; los números que no puedas usar pasan al rival como \
         regalo, que los juega antes de tirar. Se sacan piezas cuando todas están en la \
         cuarta sena.",
        Figure::SenasBearOff,
    ),
];

pub const SENET_ES: [Page; 5] = [
    page(
        "Senet (antiguo Egipto): el camino",
        "Cinco conos contra cinco carretes. Cada pieza recorre el camino en S de la casilla 1 \
         a la 30 y sale pasada la 30. Gana quien saque antes sus cinco piezas. - y + a la vez \
         guardan una captura de pantalla en la tarjeta SD.",
        Figure::SenetPath,
    ),
    page(
        "Senet: las tablillas",
        "Se lanzan cuatro tablillas: las caras blancas hacia arriba dan la jugada, de 1 a 4; \
         ninguna blanca da 6. Tras un 1, un 3 o un 6 se vuelve a tirar.",
        Figure::SenetSticks,
    ),
    page(
        "Senet: capturar",
        "Mueve una pieza hacia delante lo que marque la tirada. Caer sobre una pieza rival \
         sola cambia las dos de sitio. Una pieza con otra de su color al lado está protegida.",
        Figure::SenetCapture,
    ),
    page(
        "Senet: barreras y retroceder",
        "Tres piezas de un bando seguidas forman una barrera que el rival no puede saltar. Sin \
         jugada hacia delante hay que retroceder; sin ninguna jugada se pierde la tirada.",
        Figure::SenetBarrier,
    ),
    page(
        "Senet: la casa del agua y las casillas seguras",
        "Una pieza que cae en la 27, la casa del agua, vuelve a empezar en la 15, la casa del \
         renacimiento (o en la casilla libre más baja si la 15 está ocupada). En la 26, 28, 29 \
         y 30 las piezas están a salvo.",
        Figure::SenetWater,
    ),
];

/// One page per senet rule set, in `Variant::ALL` order: how it differs from the others.
pub const SENET_RULES: [Page; Variant::COUNT] = [
    page(
        "Senet rules: WiiBrew 2009",
        "The rules of the pages before (the 2009 WiiBrew homebrew, after Spanish Wikipedia): \
         no white face is 6; 1, 3 and 6 throw again; a capture swaps the pieces; the water \
         sends a piece to 15.",
        Figure::SenetRules(Variant::Wiibrew2009),
    ),
    page(
        "Senet rules: Kendall (1978)",
        "No white face is 5; 1, 4 and 5 throw again. No barriers, no safe squares. Stop on 26 \
         first; from 28 and 29 only an exact throw bears off. A piece in the water (27) leaves \
         with a 4, else back to 15, and nothing else moves.",
        Figure::SenetRules(Variant::Kendall),
    ),
    page(
        "Senet rules: Jequier (1930)",
        "1, 4 and 6 throw again. First-row pieces wait for the square in front. A captured \
         piece swaps with its captor; one in the water goes to the lowest free square. Bear \
         off from anywhere; moving back needs a free square.",
        Figure::SenetRules(Variant::Jequier),
    ),
];

/// The senet rule pages in Spanish.
pub const SENET_RULES_ES: [Page; Variant::COUNT] = [
    page(
        "Reglas del senet: WiiBrew 2009",
        "Las de las páginas anteriores (el homebrew de WiiBrew de 2009, según la Wikipedia en \
         español): ninguna blanca vale 6; el 1, el 3 y el 6 repiten; capturar cambia las \
         piezas; la casa del agua devuelve la pieza a la 15.",
        Figure::SenetRules(Variant::Wiibrew2009),
    ),
    page(
        "Reglas del senet: Kendall (1978)",
        "Ninguna blanca vale 5; el 1, el 4 y el 5 repiten. No hay barreras ni casillas seguras. \
         Hay que pararse en la 26; desde la 28 y la 29 solo se sale con la tirada exacta. Una \
         pieza en el agua (27) sale con un 4 o vuelve a la 15, y no se mueve ninguna otra.",
        Figure::SenetRules(Variant::Kendall),
    ),
    page(
        "Reglas del senet: Jéquier (1930)",
        "El 1, el 4 y el 6 repiten. En la primera fila una pieza espera a que quede libre la \
         casilla de delante. Capturar cambia las piezas; la que cae al agua va a la casilla \
         libre más baja. Se sacan piezas desde cualquier fila; retroceder exige casilla \
         libre.",
        Figure::SenetRules(Variant::Jequier),
    ),
];

/// The words the diagrams and the pager write, in one language.
pub struct Words {
    /// "Page {} of {}   Left/Right: turn   B: close"
    pub footer: &'static str,
    pub off: &'static str,
    pub senet_start: &'static str,
    pub again: &'static str,
    pub sticks_caption: &'static str,
    /// "throw {}"
    pub throw_n: &'static str,
    pub after: &'static str,
    pub barrier: &'static str,
    /// "With a {} no piece can move forward: the cone must go back to {}."
    pub back_move: &'static str,
    /// "{} -> 27 (water) -> {}"
    pub water_path: &'static str,
    pub safe_caption: &'static str,
    /// "sena {}"
    pub sena_n: &'static str,
    pub dice: &'static str,
    pub roll_distinct: &'static str,
    pub roll_pair: &'static str,
    pub roll_triple: &'static str,
    pub roll_tute: &'static str,
    pub first_sena: &'static str,
    pub runner: &'static str,
    /// The legend of the rule-set diagram: safe squares, water, gate, exact squares, home row.
    pub rules_legend: [&'static str; 5],
    pub refusals: &'static Refusals,
}

/// English.
pub static WORDS_EN: Words = Words {
    footer: "Page {} of {}   Left/Right: turn   B: close",
    off: "off",
    senet_start: "Start: cones on 1, 3, 5, 7, 9; spools on 2, 4, 6, 8, 10.",
    again: "again",
    sticks_caption: "White faces up = the move; none = 6.",
    throw_n: "throw {}",
    after: "after",
    barrier: "barrier",
    back_move: "With a {} no piece can move forward: the cone must go back to {}.",
    water_path: "{} -> 27 (water) -> {}",
    safe_caption: "Green frames: safe squares, no capture.",
    sena_n: "sena {}",
    dice: "dice",
    roll_distinct: "3 moves",
    roll_pair: "pair: 4 + 1",
    roll_triple: "triple: 6",
    roll_tute: "tute: roll again",
    first_sena: "first sena",
    runner: "runner",
    rules_legend: [
        "green: safe",
        "gold: water",
        "blue: stop here first",
        "red: exact throw only",
        "white: home row",
    ],
    refusals: &refusals::EN,
};

/// Spanish.
pub static WORDS_ES: Words = Words {
    footer: "Página {} de {}   Izq./Der.: pasar   B: cerrar",
    off: "fuera",
    senet_start: "Salida: conos en 1, 3, 5, 7, 9; carretes en 2, 4, 6, 8, 10.",
    again: "repite",
    sticks_caption: "Caras blancas arriba = la jugada; ninguna = 6.",
    throw_n: "tirada {}",
    after: "después",
    barrier: "barrera",
    back_move: "Con un {} ninguna pieza puede avanzar: el cono debe retroceder a la {}.",
    water_path: "{} -> 27 (agua) -> {}",
    safe_caption: "Marco verde: casillas seguras, sin captura.",
    sena_n: "sena {}",
    dice: "dados",
    roll_distinct: "3 jugadas",
    roll_pair: "pareja: 4 + 1",
    roll_triple: "trío: 6",
    roll_tute: "tute: repite",
    first_sena: "primera sena",
    runner: "corredora",
    rules_legend: [
        "verde: segura",
        "oro: agua",
        "azul: parada obligada",
        "rojo: solo tirada exacta",
        "blanco: última fila",
    ],
    refusals: &refusals::ES,
};

/// The senas pages, senet pages, senet rule pages and diagram words of `lang`.
pub fn of(
    lang: Language,
) -> (
    &'static [Page],
    &'static [Page],
    &'static [Page],
    &'static Words,
) {
    match lang {
        Language::English => (&SENAS, &SENET, &SENET_RULES, &WORDS_EN),
        Language::Spanish => (&SENAS_ES, &SENET_ES, &SENET_RULES_ES, &WORDS_ES),
    }
}
