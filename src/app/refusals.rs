//! The rules engines' refusals (`games::senet::Illegal`, `games::senas::Illegal`) as the
//! sentence a player reads, in each language: one template per reason, its `{}` slots filled
//! with the reason's numbers in the order the template's comment gives. The engines' own
//! `Display` stays their English for logs and tools; the app shows these.

use crate::games::{senas, senet};

use super::text::{fill, Text};

/// The refusal sentences of one language.
pub struct Refusals {
    pub game_over: &'static str,
    /// Square.
    pub no_such_square: &'static str,
    /// Square.
    pub no_own_piece: &'static str,
    /// Throw, throw.
    pub wrong_distance: &'static str,
    /// Square.
    pub own_piece: &'static str,
    /// Square.
    pub safe_square: &'static str,
    /// Square.
    pub guarded: &'static str,
    /// Square.
    pub barrier: &'static str,
    pub must_move_forward: &'static str,
    pub must_move: &'static str,
    /// Water square.
    pub in_water: &'static str,
    /// Throw that bears off, rescue square.
    pub water_exit: &'static str,
    /// Rescue square.
    pub rescue_taken: &'static str,
    /// Rescue square.
    pub must_move_rescued: &'static str,
    /// Gate square.
    pub gate: &'static str,
    /// Square, throw needed.
    pub exact_off: &'static str,
    /// Square.
    pub no_backward: &'static str,
    /// First square of the home row.
    pub not_home: &'static str,
    /// Square.
    pub queued: &'static str,
    /// Square.
    pub backward_onto_piece: &'static str,
    /// Square.
    pub water_taken: &'static str,
    /// Senas, in `senas::Illegal` order: no piece, no such die, held by the opponent, runner
    /// alone, not all in the fourth sena, not the rearmost, first sena full, must use more,
    /// game over.
    pub senas: [&'static str; 9],
}

/// English.
pub static EN: Refusals = Refusals {
    game_over: "The game is over.",
    no_such_square: "There is no square {}.",
    no_own_piece: "You have no piece on square {}.",
    wrong_distance:
        "A throw of {} moves a piece exactly {} squares, forward or, when forced, backward.",
    own_piece: "Square {} already holds one of your pieces.",
    safe_square: "The piece on square {} is on a safe square and cannot be captured.",
    guarded: "The piece on square {} is protected by a piece of its colour beside it.",
    barrier: "The opposing barrier at square {} (three or more pieces in a row) cannot be passed.",
    must_move_forward: "You must move forward while any forward move is possible.",
    must_move: "You have a legal move, so you cannot pass.",
    in_water: "Your piece in the water (square {}) must move before any other.",
    water_exit: "A piece in the water leaves only with a {} (borne off) or back to square {}.",
    rescue_taken: "Square {} is taken: the piece must stay in the water.",
    must_move_rescued: "The piece sent back to square {} must move before any other.",
    gate: "A piece must stop on square {} before going beyond it.",
    exact_off: "A piece on square {} leaves only by bearing off with exactly {}.",
    no_backward: "A piece on square {} never moves backward.",
    not_home: "You can bear off only when all your pieces stand on squares {} to 30.",
    queued: "The piece on square {} waits until the square in front of it is empty.",
    backward_onto_piece: "A backward move needs an empty square; square {} is taken.",
    water_taken: "The piece on square {} is safe while the water is occupied.",
    senas: [
        "You have no piece on that hole.",
        "No unused die shows that number.",
        "That hole is held by the opponent.",
        "The first piece must reach the fourth sena alone before another piece may enter.",
        "You may bear off only when all your pieces are in the fourth sena.",
        "A number larger than needed bears off only your rearmost piece.",
        "The first sena may hold only two of your holes at the end of the turn.",
        "You must play as many of the dice as can be played.",
        "The game is already won.",
    ],
};

/// Spanish.
pub static ES: Refusals = Refusals {
    game_over: "La partida ha terminado.",
    no_such_square: "No existe la casilla {}.",
    no_own_piece: "No tienes ninguna pieza en la casilla {}.",
    wrong_distance: "Una tirada de {} mueve una pieza exactamente {} casillas, hacia delante o, si no hay otra, hacia atrás.",
    own_piece: "En la casilla {} ya hay una pieza tuya.",
    safe_square: "La pieza de la casilla {} está en una casilla segura y no se puede capturar.",
    guarded: "La pieza de la casilla {} está protegida por otra de su color a su lado.",
    barrier: "La barrera rival de la casilla {} (tres piezas o más seguidas) no se puede saltar.",
    must_move_forward: "Debes avanzar mientras haya alguna jugada hacia delante.",
    must_move: "Tienes una jugada legal: no puedes pasar.",
    in_water: "Tu pieza de la casa del agua (casilla {}) debe moverse antes que ninguna otra.",
    water_exit: "Una pieza del agua solo sale con un {} (fuera del tablero) o volviendo a la casilla {}.",
    rescue_taken: "La casilla {} está ocupada: la pieza se queda en el agua.",
    must_move_rescued: "La pieza devuelta a la casilla {} debe moverse antes que ninguna otra.",
    gate: "Una pieza debe pararse en la casilla {} antes de pasar de ella.",
    exact_off: "Una pieza de la casilla {} solo sale del tablero con un {} exacto.",
    no_backward: "Una pieza de la casilla {} nunca retrocede.",
    not_home: "Solo puedes sacar piezas cuando todas están entre las casillas {} y 30.",
    queued: "La pieza de la casilla {} espera a que quede libre la casilla de delante.",
    backward_onto_piece: "Para retroceder hace falta una casilla libre; la {} está ocupada.",
    water_taken: "La pieza de la casilla {} está a salvo mientras haya una pieza en el agua.",
    senas: [
        "No tienes ninguna pieza en esa casa.",
        "Ningún dado sin usar muestra ese número.",
        "Esa casa la ocupa el rival.",
        "La primera pieza debe llegar sola a la cuarta sena antes de que entre otra.",
        "Solo puedes sacar piezas cuando todas están en la cuarta sena.",
        "Un número mayor del necesario solo saca tu pieza más retrasada.",
        "Al acabar el turno, la primera sena solo puede tener dos casas tuyas.",
        "Debes jugar tantos dados como se puedan jugar.",
        "La partida ya está ganada.",
    ],
};

/// The senet engine's refusal `e` as a sentence of `r`.
pub fn senet_sentence(r: &Refusals, e: senet::Illegal) -> Text<160> {
    use senet::Illegal as I;
    let mut out = Text::new();
    let (tpl, a, b): (&str, u8, u8) = match e {
        I::GameOver => (r.game_over, 0, 0),
        I::NoSuchSquare { square } => (r.no_such_square, square, 0),
        I::NoOwnPiece { square } => (r.no_own_piece, square, 0),
        I::WrongDistance { throw } => (r.wrong_distance, throw.distance(), throw.distance()),
        I::OwnPiece { square } => (r.own_piece, square, 0),
        I::SafeSquare { square } => (r.safe_square, square, 0),
        I::Guarded { square } => (r.guarded, square, 0),
        I::Barrier { square } => (r.barrier, square, 0),
        I::MustMoveForward => (r.must_move_forward, 0, 0),
        I::MustMove => (r.must_move, 0, 0),
        I::InWater { square } => (r.in_water, square, 0),
        I::WaterExit { off, rescue } => (r.water_exit, off, rescue),
        I::RescueTaken { square } => (r.rescue_taken, square, 0),
        I::MustMoveRescued { square } => (r.must_move_rescued, square, 0),
        I::Gate { square } => (r.gate, square, 0),
        I::ExactOff { square, needs } => (r.exact_off, square, needs),
        I::NoBackward { square } => (r.no_backward, square, 0),
        I::NotHome { from } => (r.not_home, from, 0),
        I::Queued { square } => (r.queued, square, 0),
        I::BackwardOntoPiece { square } => (r.backward_onto_piece, square, 0),
        I::WaterTaken { square } => (r.water_taken, square, 0),
    };
    fill(&mut out, tpl, &[&a, &b]);
    out
}

/// The senas engine's refusal `e` as a sentence of `r`.
pub fn senas_sentence(r: &Refusals, e: senas::Illegal) -> &'static str {
    use senas::Illegal as I;
    let i = match e {
        I::NoPiece => 0,
        I::NoSuchDie => 1,
        I::HeldByOpponent => 2,
        I::RunnerAlone => 3,
        I::NotAllInFourthSena => 4,
        I::NotRearmost => 5,
        I::FirstSenaFull => 6,
        I::MustUseMore => 7,
        I::GameOver => 8,
    };
    r.senas[i]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_senet_sentences_are_the_engines_own() {
        use senet::{Illegal as I, Throw};
        for e in [
            I::GameOver,
            I::NoSuchSquare { square: 33 },
            I::WrongDistance { throw: Throw::FOUR },
            I::Barrier { square: 12 },
            I::WaterExit { off: 4, rescue: 15 },
            I::ExactOff {
                square: 28,
                needs: 3,
            },
            I::NotHome { from: 21 },
        ] {
            let mut own: Text<200> = Text::new();
            own.set_fmt(format_args!("{e}"));
            assert_eq!(senet_sentence(&EN, e).as_str(), own.as_str());
        }
    }

    #[test]
    fn english_senas_sentences_are_the_engines_own_capitalised() {
        use senas::Illegal as I;
        for e in [I::NoPiece, I::FirstSenaFull, I::GameOver] {
            let mut own: Text<200> = Text::new();
            own.set_fmt(format_args!("{e}"));
            let s = senas_sentence(&EN, e);
            assert_eq!(&s[1..s.len() - 1], &own.as_str()[1..]);
        }
    }
}
