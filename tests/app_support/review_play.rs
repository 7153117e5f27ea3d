//! A senet match against the computer played by a scripted person to the winner's screen,
//! always the move of best or of worst win chance by the coach (`ai::coach`: the hint's move
//! is the best one), for the review's tests (`tests/app_review.rs`, and arena's
//! `tools/arena/tests/review_cli.rs`, which includes this harness).

use super::{senet_square, start_match, Harness};
use senas_senet::ai::coach;
use senas_senet::ai::senet_game::Senet;
use senas_senet::ai::RaceGame;
use senas_senet::app::senet::Phase;
use senas_senet::app::{Buttons, Controller, GameKind, Pointer, SceneKind};

/// Which move the person plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The move of best win chance (the hint's).
    Best,
    /// The move of worst win chance.
    Worst,
}

/// From the title: a senet match against the Easy computer, the person picking by `pick`,
/// to the first frame of the winner's screen.
pub fn play_senet_to_winner(h: &mut Harness, pick: Pick) {
    play_senet_against(h, pick, 5);
}

/// The same against the opponent `opponent_steps` presses of Right away on the menu's
/// opponent row (`start_match`; 3: two people passing the remote, both played by `pick`).
pub fn play_senet_against(h: &mut Harness, pick: Pick, opponent_steps: usize) {
    start_match(h, GameKind::Senet, opponent_steps);
    for _ in 0..200_000 {
        if h.app.scene() == SceneKind::Winner {
            return;
        }
        let Some(m) = h.app.senet() else { break };
        let person =
            m.winner().is_none() && m.phase() == Phase::Human && m.mover() == Controller::Human(0);
        let pos = *m.position();
        let moves: Vec<_> = m.legal().iter().copied().filter(|x| !x.is_pass()).collect();
        let key = |mv: &senas_senet::games::senet::Move| {
            coach::chance_after::<Senet>(&pos, &Senet::apply(&pos, mv))
        };
        let chosen = match pick {
            Pick::Best => moves.iter().max_by_key(|x| key(x)),
            Pick::Worst => moves.iter().min_by_key(|x| key(x)),
        };
        match chosen {
            Some(mv) if person => {
                for s in [mv.from(), mv.to()] {
                    let (x, y) = senet_square(h, s).center();
                    h.pointers[0] = Some(Pointer::new(x, y));
                    h.press(0, Buttons::A);
                }
            }
            _ => h.idle(1),
        }
    }
    panic!(
        "the match never reached the winner's screen: {:?}",
        h.app.scene()
    );
}
