//! The review screen's sentences (issue 27 part 5), English and Spanish, reached through
//! `Strings::review`. Owns only the words; the layout is `review.rs`'s.

/// Every sentence of the review screen.
pub struct ReviewText {
    pub heading: &'static str,
    /// "Reviewing the match... {} of {} turns"
    pub working: &'static str,
    /// "The review stopped at turn {}."
    pub failed: &'static str,
    pub you: &'static str,
    /// "Player {}"
    pub player: &'static str,
    /// "Accuracy {}%"
    pub accuracy: &'static str,
    /// "Mistakes {}  Blunders {}"
    pub mistakes: &'static str,
    /// "Dice luck {}%"
    pub luck: &'static str,
    /// "Dice luck: measuring... {}%" (the luck's pass, done so far)
    pub luck_working: &'static str,
    /// Over the graph.
    pub graph: &'static str,
    /// "{}: worst decisions" (a name first reads right for "You" and "Player 1" alike)
    pub worst: &'static str,
    /// "Turn {}: {}% of win chance lost"
    pub turn: &'static str,
    /// "Turn {}: -{}%" (a worst decision's cell)
    pub cell: &'static str,
    /// "Played {}"
    pub played: &'static str,
    /// "Better {}"
    pub better: &'static str,
    pub none: &'static str,
    pub footer: &'static str,
}

pub static EN: ReviewText = ReviewText {
    heading: "Match review",
    working: "Reviewing the match... {} of {} turns",
    failed: "The review stopped at turn {}.",
    you: "You",
    player: "Player {}",
    accuracy: "Accuracy {}%",
    mistakes: "Mistakes {}  Blunders {}",
    luck: "Dice luck {}%",
    luck_working: "Dice luck: measuring... {}%",
    graph: "Player 1's win chance, turn by turn",
    worst: "{}: worst decisions",
    turn: "Turn {}: {}% of win chance lost",
    cell: "Turn {}: -{}%",
    played: "Played {}",
    better: "Better {}",
    none: "No mistakes: every move was the best.",
    footer: "Left/Right: decision  Up/Down: player  A: board  B: back",
};

pub static ES: ReviewText = ReviewText {
    heading: "Análisis de la partida",
    working: "Analizando la partida... {} de {} turnos",
    failed: "El análisis se detuvo en el turno {}.",
    you: "Tú",
    player: "Jugador {}",
    accuracy: "Precisión {}%",
    mistakes: "Errores {}  Graves {}",
    luck: "Suerte {}%",
    luck_working: "Suerte: midiendo... {}%",
    graph: "Probabilidad de ganar del jugador 1",
    worst: "{}: peores decisiones",
    turn: "Turno {}: {}% de probabilidad perdida",
    cell: "Turno {}: -{}%",
    played: "Jugada {}",
    better: "Mejor {}",
    none: "Sin errores: cada jugada fue la mejor.",
    footer: "Izq/Der: decisión  Arr/Ab: jugador  A: tablero  B: volver",
};
